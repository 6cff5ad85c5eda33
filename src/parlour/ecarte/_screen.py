"""Écarté's screen for a seat (`parlour.engine.SupportsScreen`, read by ``parlour play``): the
turn-up and trumps, the king of trumps, the proposals and their answers, the cards each player
has discarded (the seat's own by name, the other's by count) and the talon, the trick and the
last trick, and the tricks won; all from the seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.ecarte._view import EcarteView
from parlour.engine import CardStyle, Event, Zone, seat_name
from parlour.tricks import last_trick_text, trick_zones

__all__ = ["last_play", "screen"]

_ANSWERED = {"propose": "proposed", "accept": "accepted", "refuse": "refused"}


def screen(view: EcarteView, events: Sequence[Event], style: CardStyle) -> tuple[Zone, ...]:
    """The zones of ``view`` in Écarté's words (``events``: unused, the view says it all)."""
    seat, teams = view.seat, view.teams
    zones = [Zone(label="Deal", text=f"{view.deal_number}, dealt by "
                                     f"{seat_name(view.dealer, seat, teams)}")]  # fmt: skip
    if view.turnup is not None and view.trump is not None:
        king = " (a king: the dealer scores 1)" if view.turnup_king else ""
        shown = f"{style.card(view.turnup)}, {style.suit(view.trump)} trumps{king}"
        zones.append(Zone(label="Turn-up", text=shown))
    if view.king is not None:
        zones.append(Zone(label="King of trumps",
                          text=f"marked by {seat_name(view.king, seat, teams)}"))  # fmt: skip
    if view.proposals:
        said = ", ".join(f"{seat_name(who, seat, teams)} {_ANSWERED[word]}"
                         for who, word in view.proposals)  # fmt: skip
        zones.append(Zone(label="Proposals", text=said))
    elif view.played_without_proposing:
        zones.append(Zone(label="Proposals", text="none: the non-dealer played at once"))
    counts = ", ".join(f"{seat_name(who, seat, teams)} {count}"
                       for who, count in enumerate(view.discard_sizes))  # fmt: skip
    own = f" (yours: {style.cards(view.discards)})" if view.discards else ""
    zones.append(Zone(label="Discarded", text=f"{counts}{own}"))
    zones.append(Zone(label="Talon", text=f"{view.talon_size} cards"))
    if view.phase == "play":
        zones.extend(trick_zones(view.trick, view.last_trick, view.to_act, seat, teams, style))
        won = ", ".join(f"{seat_name(who, seat, teams)} {count}"
                        for who, count in enumerate(view.tricks_won))  # fmt: skip
        zones.append(Zone(label="Tricks won", text=won))
    return tuple(zones)


def last_play(view: EcarteView, style: CardStyle) -> tuple[str, ...]:
    """The last trick of the deal, as the view shows it."""
    if not view.last_trick:
        return ()
    text = last_trick_text(view.trick, view.last_trick, view.to_act, view.seat, view.teams,
                           style)  # fmt: skip
    return (f"Last trick: {text}",)
