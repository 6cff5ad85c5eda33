"""Bezique's screen for a seat (`parlour.engine.SupportsScreen`, read by ``parlour play``): trumps,
the turn-up and the stock, the stage of the deal, the trick and the last trick, the cards each
player has declared and left face up on the table (with the melds they scored in), the cards
of a hand the other player knows of, which card each player drew since the seat's last turn
(its own by name, the other's only where everyone saw it), and the tricks won; all from the
seat's view and the events told to that seat."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bezique._events import Drew, LastCardsDrawn
from parlour.bezique._view import BeziqueView, TableCard
from parlour.bezique.rules import MELD_BY_NAME
from parlour.engine import CardStyle, Event, Zone, seat_name
from parlour.tricks import last_trick_text, trick_zones

__all__ = ["last_play", "screen"]

_TRICK_PHASES = ("play", "declare", "last_stage")


def _table_text(cards: Sequence[TableCard], style: CardStyle) -> str:
    """Declared cards grouped by the melds they scored in: ``J♠ J♠ J♥ J♦ (four jacks)``."""
    groups: list[tuple[tuple[str, ...], list[TableCard]]] = []
    for card in cards:
        if groups and groups[-1][0] == card.melds:
            groups[-1][1].append(card)
        else:
            groups.append((card.melds, [card]))
    parts = []
    for melds, group in groups:
        names = ", ".join(MELD_BY_NAME[name].declared_as for name in melds)
        parts.append(f"{style.cards(card.card for card in group)} ({names})")
    return "; ".join(parts) or "-"


def _draws(events: Sequence[Event], viewer: int | None, style: CardStyle) -> str:
    """Who drew what in ``events``: a card by name where the viewer may see it."""
    said: list[str] = []
    for event in events:
        if isinstance(event, Drew):
            card = "a card" if event.card is None else style.card(event.card)
            said.append(f"{seat_name(event.seat, viewer)} drew {card}")
        elif isinstance(event, LastCardsDrawn):
            card = "the last stock card" if event.card is None else style.card(event.card)
            said.append(f"{seat_name(event.seat, viewer)} drew {card}, "
                        f"{seat_name(event.other, viewer)} the turn-up "
                        f"{style.card(event.turnup)}")  # fmt: skip
    return "; ".join(said)


def screen(view: BeziqueView, events: Sequence[Event], style: CardStyle) -> tuple[Zone, ...]:
    """The zones of ``view`` in Bezique's words, with the draws among ``events``."""
    seat, teams = view.seat, view.teams
    zones = [Zone(label="Deal", text=f"{view.deal_number}, dealt by "
                                     f"{seat_name(view.dealer, seat, teams)}")]  # fmt: skip
    if view.trump is not None:
        zones.append(Zone(label="Trumps", text=style.suit(view.trump)))
    if view.turnup is not None:
        zones.append(Zone(label="Turn-up", text=f"{style.card(view.turnup)} (under the stock)"))
    if view.phase == "last_stage":
        zones.append(Zone(label="Stage", text="the last eight tricks: follow suit, beat the "
                                              "card led if you can, trump if void"))  # fmt: skip
    else:
        zones.append(Zone(label="Stock", text=f"{view.stock_size} cards"))
    drawn = _draws(events, seat, style)
    if drawn:
        zones.append(Zone(label="Drawn", text=drawn))
    if view.phase in _TRICK_PHASES:
        zones.extend(trick_zones(view.trick, view.last_trick, view.to_act, seat, teams, style))
    for owner, cards in enumerate(view.tables):
        if cards:
            label = f"Declared by {seat_name(owner, seat, teams)}"
            zones.append(Zone(label=label, text=_table_text(cards, style)))
    for owner, held in enumerate(view.known):
        if held and owner != seat:
            zones.append(Zone(label=f"Known in the hand of {seat_name(owner, seat, teams)}",
                              text=style.cards(held)))  # fmt: skip
    if view.phase == "declare" and view.to_act is not None:
        done = " (declared)" if view.declared else ""
        zones.append(Zone(label="Declaring", text=f"{seat_name(view.to_act, seat, teams)} won "
                                                  f"the trick and may declare{done}"))  # fmt: skip
    won = ", ".join(f"{seat_name(who, seat, teams)} {count}"
                    for who, count in enumerate(view.tricks_won))  # fmt: skip
    zones.append(Zone(label="Tricks won", text=won))
    return tuple(zones)


def last_play(view: BeziqueView, style: CardStyle) -> tuple[str, ...]:
    """The last trick, as the view shows it."""
    if not view.last_trick:
        return ()
    text = last_trick_text(view.trick, view.last_trick, view.to_act, view.seat, view.teams,
                           style)  # fmt: skip
    return (f"Last trick: {text}",)
