"""The toy game's events (the shared records of `parlour.engine`, and one of its own) and its
narration, told from them by one table of sentence templates."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from parlour.engine import (
    CardPlayed,
    Deal,
    DealStarted,
    Event,
    HandShown,
    MatchWon,
    Move,
    Play,
    Scored,
    ScoreEvent,
    Template,
    TrickWon,
    new_score_events,
    render,
)
from tests.toy.state import Phase, ToyState

__all__ = ["SENTENCES", "DealEnded", "events", "narrate"]


@attrs.frozen(slots=True, kw_only=True)
class DealEnded(Event):
    """Deal ``deal`` is over: the tricks each seat took."""

    kind: ClassVar[str] = "toy_deal_end"
    deal: int
    tricks: tuple[int, int]


def _awards(state: ToyState) -> tuple[ScoreEvent, ...]:
    return (*(award for deal in state.deals for award in deal.awards), *state.awards)


def events(before: ToyState, move: Move, after: ToyState) -> tuple[Event, ...]:
    """What ``move`` did to ``before`` (``after`` is the state it gave), in order."""
    found: list[Event] = []
    if isinstance(move, Deal):
        assert after.turnup is not None
        found.append(
            DealStarted(
                deal=after.deal_number, dealer=after.dealer, turnup=after.turnup, trump=after.trump
            )
        )
        for seat in (1 - after.dealer, after.dealer):
            hand = after.hands[seat]
            found.append(HandShown(seat=seat, reason="deal", size=len(hand), cards=hand))
        return tuple(found)
    assert isinstance(move, Play)
    found.append(CardPlayed(seat=before.to_act, card=move.card))
    finished = after.tricks if after.phase is Phase.PLAY else ()
    if before.trick:
        trick = finished[-1] if finished else None
        number = len(before.tricks) + 1
        if trick is None:  # the deal's last trick: read it from the deal's result
            leader = before.leader
            cards = (before.trick[0], move.card)
            winner = after.deals[-1].awards[-1].seats[0]
        else:
            leader, cards, winner = trick.leader, trick.cards, trick.winner
        found.append(
            TrickWon(number=number, seat=winner, cards=((leader, cards[0]), (1 - leader, cards[1])))
        )
    found.extend(new_score_events(_awards(before), _awards(after)))
    if len(after.deals) > len(before.deals):
        result = after.deals[-1]
        found.append(DealEnded(deal=result.number, tricks=result.tricks))
    if after.phase is Phase.OVER:
        score = after.match_score
        best = max(score)
        found.append(MatchWon(winners=tuple(s for s in (0, 1) if score[s] == best), score=score))
    return tuple(found)


def _tricks(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def _deal_started(event: Any) -> list[str]:
    return [
        f"Deal {event.deal}: seat {event.dealer} deals; the turn-up is {event.turnup.symbol}, "
        f"trumps are {event.trump.symbol}."
    ]


def _hand(event: Any) -> list[str]:
    if event.cards is None:
        return []
    return [f"    seat {event.seat}: {' '.join(card.symbol for card in event.cards)}"]


SENTENCES: dict[str, Template] = {
    DealStarted.kind: _deal_started,
    HandShown.kind: _hand,
    CardPlayed.kind: lambda e: [f"  Seat {e.seat} plays {e.card.symbol}."],
    TrickWon.kind: lambda e: [f"  Seat {e.seat} wins trick {e.number}."],
    Scored.kind: lambda e: [],
    DealEnded.kind: lambda e: [
        f"Deal {e.deal} ends: seat 0 took {_tricks(e.tricks[0])}, seat 1 {_tricks(e.tricks[1])}."
    ],
    MatchWon.kind: lambda e: [
        f"The match is over, {e.score[0]} to {e.score[1]}: seat "
        + " and ".join(str(seat) for seat in e.winners)
        + " wins."
    ],
}
"""Event kind → the lines that tell it."""


def narrate(before: ToyState, move: Move, after: ToyState) -> list[str]:
    """``move`` in plain English, from its events."""
    return render(events(before, move, after), SENTENCES)
