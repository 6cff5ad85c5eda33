"""Plain-English narration of Coinche moves, for `parlour demo coinche` and front-end logs: the
move's events (`parlour.coinche._events`) told by one table of sentence templates."""

from __future__ import annotations

from parlour.coinche._events import ContractSet, DealScored, events
from parlour.coinche._scoring import team_seats
from parlour.coinche._state import CoincheState
from parlour.coinche.rules import LEVEL_WORDS
from parlour.engine import (
    DealStarted,
    Move,
    Template,
    TrickWon,
    render,
)

__all__ = ["SENTENCES", "narrate"]

_VERDICTS = {"made": "the contract is made", "failed": "the contract fails (dedans)"}
_VALUE_WORDS = {250: "capot", 500: "générale"}
_MELD_WORDS = {"tierce": "tierce", "cinquante": "cinquante", "cent": "cent", "carre": "carré"}


def _team(team: int) -> str:
    first, second = team_seats(team)
    return f"team {team} (seats {first} & {second})"


def _deal_started(event: DealStarted) -> list[str]:
    return [f"Deal {event.deal}: seat {event.dealer} deals."]


def _contract(event: ContractSet) -> list[str]:
    value = _VALUE_WORDS.get(event.value, str(event.value))
    level = f", {LEVEL_WORDS[event.level]}" if event.level else ""
    return [f"  Contract: {value} {event.denomination} by seat {event.bidder}{level}."]


def _trick(event: TrickWon) -> list[str]:
    played = ", ".join(f"{seat}:{card.symbol}" for seat, card in event.cards)
    return [f"  Trick {event.number}: {played} -> seat {event.seat} wins ({event.points} points)."]


def _deal_scored(event: DealScored) -> list[str]:
    result = event.result
    if result.outcome == "thrown_in":
        lines = ["  Everyone passed: the deal is thrown in."]
    else:
        assert result.taker is not None
        lines = [
            f"  Card points (with the last trick): team 0 {result.card_points[0]}, "
            f"team 1 {result.card_points[1]}; tricks {result.tricks[0]}-{result.tricks[1]}."
        ]
        if result.capot_team is not None:
            lines.append(f"  Capot: {_team(result.capot_team)} took every trick.")
        for team in (0, 1):
            if result.belote[team]:
                lines.append(f"  Belote-rebelote: {result.belote[team]} for {_team(team)}.")
        for team in (0, 1):
            if result.announcements[team]:
                lines.append(f"  Announcements: {result.announcements[team]} for {_team(team)}.")
        lines.append(f"  {_team(result.taker % 2)} bid; {_VERDICTS[result.outcome]}.")
        lines.append(f"  Deal score: team 0 {result.points[0]}, team 1 {result.points[1]}.")
    first, second = event.match_score
    lines.append(f"  Match score: team 0 {first}, team 1 {second}.")
    return lines


SENTENCES: dict[str, Template] = {
    "deal_started": _deal_started,
    "call": lambda event: [f"  Seat {event.seat}: {event.call}."],
    "contract_set": _contract,
    "belote": lambda event: [f"  Seat {event.seat} plays {event.card.symbol}: {event.word}!"],
    "trick_won": _trick,
    "meld": lambda event: [
        f"  Seat {event.seat} shows a {_MELD_WORDS[event.meld]} ({event.points}): "
        + " ".join(card.symbol for card in event.cards) + "."
    ],
    "deal_scored": _deal_scored,
    "match_won": lambda event: [f"Match over: {_team(event.winners[0] % 2)} wins."],
}
"""Event kind → its sentences (kinds absent here, such as ``card_played``, are silent)."""


def narrate(before: CoincheState, move: Move, after: CoincheState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    return render(events(before, move, after), SENTENCES)
