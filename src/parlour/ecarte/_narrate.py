"""Plain-English narration of Écarté moves, for `parlour demo ecarte` and front-end logs: the
move's events (`parlour.ecarte._events`) told by one table of sentence templates."""

from __future__ import annotations

from parlour.ecarte._events import (
    DealScored,
    Discarded,
    KingMarked,
    PlayBegins,
    events,
)
from parlour.ecarte._state import EcarteState
from parlour.ecarte.rules import ScoreReasons
from parlour.engine import (
    DealStarted,
    HandShown,
    MatchWon,
    Move,
    Template,
    TrickWon,
    render,
)

__all__ = ["SENTENCES", "narrate"]

_REASONS = {
    ScoreReasons.TURNUP_KING.id: "the turn-up king",
    ScoreReasons.KING.id: "the king of trumps",
    ScoreReasons.POINT.id: "the point",
    ScoreReasons.VOLE.id: "the vole",
    ScoreReasons.PENALTY.id: "the point, doubled",
}
"""Reason id → how the narration names the award."""
_KING_SENTENCES = {
    "turnup": "  The turn-up is the king: seat {seat} scores 1.",
    "marked": "  Seat {seat} marks the king of trumps {card}: 1 point.",
    "led": "  Seat {seat} leads the king of trumps {card}: 1 point.",
}
_ANSWERS = {True: "  Seat {seat} accepts.", False: "  Seat {seat} refuses: play begins."}


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _deal_started(event: DealStarted) -> list[str]:
    assert event.turnup is not None and event.trump is not None
    return [
        f"Deal {event.deal}: seat {event.dealer} deals; the turn-up is "
        f"{event.turnup.symbol}, trumps are {event.trump.symbol}."
    ]


def _hand(event: HandShown) -> list[str]:
    if event.cards is None:
        return []
    return [f"    seat {event.seat}: {' '.join(card.symbol for card in event.cards)}"]


def _discard(event: Discarded) -> list[str]:
    if event.size == 0:
        return [f"  Seat {event.seat} keeps his hand."]
    return [
        f"  Seat {event.seat} discards {_cards(event.size)} and draws {event.size} "
        f"({event.talon_left} left in the talon)."
    ]


def _play_begins(event: PlayBegins) -> list[str]:
    if event.proposals:
        return [f"  Seat {event.seat} is content: play begins."]
    return [f"  Seat {event.seat} plays without proposing."]


def _king(event: KingMarked) -> list[str]:
    return [_KING_SENTENCES[event.how].format(seat=event.seat, card=event.card.symbol)]


def _trick(event: TrickWon) -> list[str]:
    (leader, led), (follower, card) = event.cards
    return [
        f"  Trick {event.number}: {leader}:{led.symbol}, {follower}:{card.symbol} "
        f"-> seat {event.seat} wins."
    ]


def _deal_scored(event: DealScored) -> list[str]:
    result = event.result
    if result.outcome == "stopped":
        lines = ["  The target is reached: the rest of the deal is not played."]
    else:
        lines = [f"  Tricks: seat 0 {result.tricks[0]}, seat 1 {result.tricks[1]}."]
        award = result.awards[-1]
        why = _REASONS[award.reason]
        if award.reason == ScoreReasons.PENALTY.id:
            if result.played_without_proposing:
                why += " (the non-dealer played without proposing)"
            else:
                why += f" (the dealer refused proposal {result.refused})"
        lines.append(f"  Seat {award.seats[0]} scores {award.points} for {why}.")
    first, second = event.match_score
    lines.append(f"  Match score: seat 0 {first}, seat 1 {second}.")
    return lines


def _match_won(event: MatchWon) -> list[str]:
    if len(event.winners) == 1:
        return [f"Match over: seat {event.winners[0]} wins."]
    return ["Match over: a tie between seats 0 and 1."]


SENTENCES: dict[str, Template] = {
    "deal_started": _deal_started,
    "hand": _hand,
    "propose": lambda event: [f"  Seat {event.seat} proposes an exchange."],
    "answer": lambda event: [_ANSWERS[event.accepted].format(seat=event.seat)],
    "discard": _discard,
    "talon_empty": lambda event: ["  The talon is empty: play begins."],
    "play_begins": _play_begins,
    "king_marked": _king,
    "trick_won": _trick,
    "deal_scored": _deal_scored,
    "match_won": _match_won,
}
"""Event kind → its sentences (kinds absent here, such as ``card_played``, are silent)."""


def narrate(before: EcarteState, move: Move, after: EcarteState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    return render(events(before, move, after), SENTENCES)
