"""Plain-English narration of Burraco moves, for `parlour demo burraco` and front-end logs:
draws and pickups, melds and adds (with the meld as it now stands), pozzetti, discards,
closings, and each hand's score sheet; the move's events (`parlour.burraco._events`) told by one
table of sentence templates."""

from __future__ import annotations

from parlour.base import Card
from parlour.burraco._events import (
    CardsAdded,
    HandScored,
    HandStarted,
    MeldLaid,
    MeldShape,
    PileTaken,
    PozzettoTaken,
    events,
)
from parlour.burraco._legal import TEAMS
from parlour.burraco._state import BurracoState, HandResult, TeamScore
from parlour.engine import (
    Move,
    Template,
    render,
)

__all__ = ["SENTENCES", "narrate", "score_sheet"]

_ENDINGS = {
    "closing": "closes",
    "stock": "the stock is down to two cards",
    "stalemate": "no one makes progress (stalemate)",
}
_POZZETTO_NAMES = {1: "top", 2: "second"}


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)


def _team_name(players: int, team: int) -> str:
    seats = TEAMS[players][team]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"team {team} (seats {' & '.join(str(seat) for seat in seats)})"


def _describe(meld: MeldShape) -> str:
    quality = "clean" if meld.clean else "dirty"
    burraco = f", a {quality} burraco" if meld.burraco else ""
    return f"{_cards(meld.cards)} ({meld.kind}{burraco})"


def score_sheet(result: HandResult, players: int) -> list[str]:
    """The lines of one hand's score sheet: how it ended, then each team's items and total."""
    ending = _ENDINGS[result.ended_by]
    if result.closed_by is not None:
        ending = f"{_team_name(players, result.closed_by)} closes"
    lines = [f"  Hand {result.number} ends: {ending}."]
    lines.extend(_team_line(players, score) for score in result.teams)
    return lines


def _team_line(players: int, score: TeamScore) -> str:
    parts = [f"melds {score.melded}"]
    if score.clean_burracos:
        parts.append(f"{score.clean_burracos} clean burraco(s) +{200 * score.clean_burracos}")
    if score.dirty_burracos:
        parts.append(f"{score.dirty_burracos} dirty burraco(s) +{100 * score.dirty_burracos}")
    if score.closing:
        parts.append(f"closing +{score.closing}")
    if score.in_hand:
        parts.append(f"cards in hand -{score.in_hand}")
    if score.pozzetto_penalty:
        parts.append(f"no pozzetto -{score.pozzetto_penalty}")
    return f"    {_team_name(players, score.team)}: {', '.join(parts)} = {score.total}."


def _hand_started(event: HandStarted) -> list[str]:
    return [
        f"Hand {event.deal}: seat {event.dealer} deals; the discard pile starts with "
        f"{event.discard.symbol}; seat {event.first} plays first."
    ]


def _pickup(event: PileTaken) -> list[str]:
    return [f"  Seat {event.seat} takes the discard pile: {_cards(event.cards)}."]


def _meld(event: MeldLaid) -> list[str]:
    return [f"  Seat {event.seat} melds {_describe(event.meld)}."]


def _add(event: CardsAdded) -> list[str]:
    return [
        f"  Seat {event.seat} adds {_cards(event.added)} to meld {event.number}: "
        f"{_describe(event.meld)}."
    ]


def _pozzetto(event: PozzettoTaken) -> list[str]:
    which = _POZZETTO_NAMES[event.which]
    if event.on_discard:
        return [
            f"  Seat {event.seat} takes the {which} pozzetto on the discard "
            "(unseen until its turn)."
        ]
    return [f"  Seat {event.seat} takes the {which} pozzetto directly and plays on."]


def _hand_scored(event: HandScored) -> list[str]:
    lines = score_sheet(event.result, event.players)
    totals = ", ".join(
        f"{_team_name(event.players, team)} {total}" for team, total in enumerate(event.match_score)
    )
    lines.append(f"  Match score: {totals}.")
    return lines


SENTENCES: dict[str, Template] = {
    "deal_started": _hand_started,
    "draw": lambda event: [f"  Seat {event.seat} draws from the stock ({event.stock_left} left)."],
    "pickup": _pickup,
    "meld": _meld,
    "add": _add,
    "discard": lambda event: [f"  Seat {event.seat} discards {event.card.symbol}."],
    "pozzetto": _pozzetto,
    "deal_scored": _hand_scored,
}
"""Event kind → its sentences (kinds absent here, such as ``burraco`` or ``match_won``, are
silent: the meld's description and the score sheet already tell them)."""


def narrate(before: BurracoState, move: Move, after: BurracoState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    return render(events(before, move, after), SENTENCES)
