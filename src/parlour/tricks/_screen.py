"""The zones of a trick game's screen that Belote, Bezique and Écarté write alike: the trick on
the table and the last trick, each card with the seat that played it, from the seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import Card
from parlour.engine import CardStyle, Zone, seat_name

__all__ = ["last_trick_text", "played_text", "trick_zones"]


def played_text(
    cards: Sequence[tuple[int, Card]],
    viewer: int | None,
    teams: Sequence[Sequence[int]],
    style: CardStyle,
) -> str:
    """Cards played to a trick, in playing order: ``seat 1 7♥, you 9♠``; ``-`` for none."""
    return ", ".join(
        f"{seat_name(seat, viewer, teams)} {style.card(card)}" for seat, card in cards
    ) or "-"


def trick_zones(
    trick: Sequence[tuple[int, Card]],
    last_trick: Sequence[tuple[int, Card]],
    to_act: int | None,
    viewer: int | None,
    teams: Sequence[Sequence[int]],
    style: CardStyle,
) -> tuple[Zone, ...]:
    """``Trick`` (the cards played to the trick under way, or who is to lead it) and ``Last
    trick`` with who won it (the seat that leads the next one: the current trick's leader, or
    ``to_act`` before the lead), when there was one."""
    if trick:
        zones = [Zone(label="Trick", text=played_text(trick, viewer, teams, style))]
    else:
        leader = "" if to_act is None else f": {seat_name(to_act, viewer, teams)} to lead"
        zones = [Zone(label="Trick", text=f"no card led yet{leader}")]
    if last_trick:
        text = last_trick_text(trick, last_trick, to_act, viewer, teams, style)
        zones.append(Zone(label="Last trick", text=text))
    return tuple(zones)


def last_trick_text(
    trick: Sequence[tuple[int, Card]],
    last_trick: Sequence[tuple[int, Card]],
    to_act: int | None,
    viewer: int | None,
    teams: Sequence[Sequence[int]],
    style: CardStyle,
) -> str:
    """The last trick's cards, and who won it: the current trick's leader, else ``to_act``
    (who leads next), when known."""
    text = played_text(last_trick, viewer, teams, style)
    winner = trick[0][0] if trick else to_act
    if winner is not None:
        text += f" (won by {seat_name(winner, viewer, teams)})"
    return text
