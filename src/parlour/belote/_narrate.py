"""Plain-English narration of Belote moves, for `parlour demo belote` and front-end logs: the
move's events (`parlour.belote._events`) told by one table of sentence templates."""

from __future__ import annotations

from parlour.base import Card
from parlour.belote._events import (
    DealScored,
    TrumpTaken,
    events,
)
from parlour.belote._scoring import team_seats
from parlour.belote._state import BeloteState
from parlour.engine import (
    DealStarted,
    HandShown,
    Move,
    Template,
    TrickWon,
    render,
)

__all__ = ["SENTENCES", "narrate"]

_VERDICTS = {
    "made": "the contract is made",
    "failed": "the contract fails (dedans)",
    "litige": "an exact tie (litige): the takers' points are held over",
}


def _team(team: int) -> str:
    first, second = team_seats(team)
    return f"team {team} (seats {first} & {second})"


def _symbols(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)


def _deal_started(event: DealStarted) -> list[str]:
    assert event.turnup is not None
    return [f"Deal {event.deal}: seat {event.dealer} deals; the turn-up is {event.turnup.symbol}."]


def _stock_dealt_hand(event: HandShown) -> list[str]:
    if event.reason != "stock_dealt" or event.cards is None:
        return []
    return [f"    seat {event.seat}: {_symbols(event.cards)}"]


def _take(event: TrumpTaken) -> list[str]:
    return [
        f"  Seat {event.seat} takes {event.suit.symbol} in round {event.round} "
        f"and picks up the turn-up {event.turnup.symbol}."
    ]


def _trick(event: TrickWon) -> list[str]:
    played = ", ".join(f"{seat}:{card.symbol}" for seat, card in event.cards)
    return [f"  Trick {event.number}: {played} -> seat {event.seat} wins ({event.points} points)."]


def _deal_scored(event: DealScored) -> list[str]:
    result = event.result
    if result.outcome == "thrown_in":
        lines = ["  Everyone passed twice: the deal is thrown in."]
    else:
        assert result.taker is not None
        lines = [
            f"  Card points (with the last trick): team 0 {result.card_points[0]}, "
            f"team 1 {result.card_points[1]}; tricks {result.tricks[0]}-{result.tricks[1]}."
        ]
        if result.capot_team is not None:
            lines.append(f"  Capot: {_team(result.capot_team)} took every trick.")
        if result.belote_team is not None:
            lines.append(f"  Belote-rebelote: 20 for {_team(result.belote_team)}.")
        lines.append(f"  {_team(result.taker % 2)} took; {_VERDICTS[result.outcome]}.")
        lines.append(f"  Deal score: team 0 {result.points[0]}, team 1 {result.points[1]}.")
    first, second = event.match_score
    lines.append(f"  Match score: team 0 {first}, team 1 {second}.")
    if event.held:
        lines.append(f"  Held over (litige): {event.held}.")
    return lines


SENTENCES: dict[str, Template] = {
    "deal_started": _deal_started,
    "hand": _stock_dealt_hand,
    "pass": lambda event: [f"  Seat {event.seat} passes (round {event.round})."],
    "take": _take,
    "belote": lambda event: [f"  Seat {event.seat} plays {event.card.symbol}: {event.word}!"],
    "trick_won": _trick,
    "deal_scored": _deal_scored,
    "match_won": lambda event: [f"Match over: {_team(event.winners[0] % 2)} wins."],
}
"""Event kind → its sentences (kinds absent here, such as ``card_played``, are silent)."""


def narrate(before: BeloteState, move: Move, after: BeloteState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    return render(events(before, move, after), SENTENCES)
