"""Coinche's screen for a seat (`parlour.engine.SupportsScreen`, read by ``parlour play``): the
auction so far and the standing bid with its coinche level, then the contract, the trick and the
last trick, the belotes announced and the tricks each side has won; all from the seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.coinche._scoring import multiplier
from parlour.coinche._view import CoincheView
from parlour.coinche.rules import LEVEL_WORDS
from parlour.engine import CardStyle, Event, Zone, seat_name
from parlour.tricks import last_trick_text, trick_zones

__all__ = ["last_play", "screen"]



def _level(view: CoincheView) -> str:
    """The standing bid's coinche level and its multiplier: ", surcoinched (x3)"."""
    if not view.level:
        return ""
    return f", {LEVEL_WORDS[view.level]} (x{multiplier(view.options, view.level)})"


def _side(team: Sequence[int], viewer: int | None) -> str:
    if viewer in team:
        return "your side"
    return "seats " + " and ".join(str(seat) for seat in team)


def screen(view: CoincheView, events: Sequence[Event], style: CardStyle) -> tuple[Zone, ...]:
    """The zones of ``view`` in Coinche's words (``events``: unused, the view says it all)."""
    seat, teams = view.seat, view.teams
    zones = [Zone(label="Deal", text=f"{view.deal_number}, dealt by "
                                     f"{seat_name(view.dealer, seat, teams)}")]  # fmt: skip
    if view.phase == "auction":
        said = ", ".join(
            f"{seat_name(caller, seat, teams)} {call}" for caller, call in view.auction
        )
        zones.append(Zone(label="Auction", text=said or "no call yet"))
    if view.contract is not None and view.bidder is not None:
        team = next(team for team in teams if view.bidder in team)
        label = "Standing bid" if view.phase == "auction" else "Contract"
        zones.append(Zone(
            label=label,
            text=f"{seat_name(view.bidder, seat, teams)}: {view.contract}{_level(view)} "
                 f"({_side(team, seat)})",
        ))  # fmt: skip
    if view.phase == "play":
        zones.extend(trick_zones(view.trick, view.last_trick, view.to_act, seat, teams, style))
        for announcer, suit in view.belotes:
            announced = f"{seat_name(announcer, seat, teams)} announced belote-rebelote in {suit}"
            zones.append(Zone(label="Belote", text=announced))
        for holder, kind, points, cards in view.announcements:
            shown = " ".join(style.card(card) for card in cards)
            zones.append(Zone(label="Announcement", text=f"{seat_name(holder, seat, teams)} "
                                                         f"{kind} {points}: {shown}"))  # fmt: skip
        zones.append(Zone(label="Tricks won", text="; ".join(
            f"{_side(team, seat)} {tricks}"
            for team, tricks in zip(teams, view.tricks_won, strict=True)
        )))  # fmt: skip
    return tuple(zones)


def last_play(view: CoincheView, style: CardStyle) -> tuple[str, ...]:
    """The last trick of the deal, as the view shows it."""
    if not view.last_trick:
        return ()
    text = last_trick_text(
        view.trick, view.last_trick, view.to_act, view.seat, view.teams, style
    )
    return (f"Last trick: {text}",)
