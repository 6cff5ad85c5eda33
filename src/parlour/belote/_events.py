"""Belote's events: the deal, the bids, the cards played and tricks won, belote-rebelote, the
contract's outcome, the deal's score and the match's end (see `parlour.engine`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.base import (
    Card,
    Suit,
)
from parlour.belote._history import belote_announced
from parlour.belote._moves import (
    Pass,
    Play,
    Take,
)
from parlour.belote._state import (
    BeloteState,
    DealResult,
    Phase,
    takes_lead,
)
from parlour.belote.rules import (
    ANNOUNCEMENT_WORDS,
    DECK,
    KING_QUEEN_OF,
    PLAYERS,
    card_index,
    cards_in,
    mask_points,
)
from parlour.engine import (
    CardPlayed,
    Deal,
    DealStarted,
    Event,
    HandShown,
    MatchWon,
    Move,
    TrickWon,
    new_score_events,
    score_events,
    winners,
)

__all__ = [
    "BeloteDeclared",
    "BidPassed",
    "ContractSettled",
    "DealScored",
    "TrumpTaken",
    "events",
]

_FIRST_ROUND_PHASES = (Phase.BID_ROUND_1,)
"""The phase of the first round of bidding (any other bidding phase is the second)."""


@attrs.frozen(slots=True, kw_only=True)
class BidPassed(Event):
    """``seat`` passed in bidding round ``round`` (1 or 2)."""

    kind: ClassVar[str] = "pass"
    seat: int
    round: int


@attrs.frozen(slots=True, kw_only=True)
class TrumpTaken(Event):
    """``seat`` took ``suit`` as trumps in round ``round`` and picked up the turn-up."""

    kind: ClassVar[str] = "take"
    seat: int
    suit: Suit
    round: int
    turnup: Card


@attrs.frozen(slots=True, kw_only=True)
class BeloteDeclared(Event):
    """``seat`` played ``card``, the king or queen of trumps, saying ``word`` (``belote`` for
    the first of the pair, ``rebelote`` for the second)."""

    kind: ClassVar[str] = "belote"
    seat: int
    card: Card
    word: str


@attrs.frozen(slots=True, kw_only=True)
class ContractSettled(Event):
    """The takers' contract: ``outcome`` is ``made``, ``failed`` or ``litige``."""

    kind: ClassVar[str] = "contract"
    taker: int
    team: int
    outcome: str


@attrs.frozen(slots=True, kw_only=True)
class DealScored(Event):
    """A deal ended: its breakdown, the match score after it, the points held over."""

    kind: ClassVar[str] = "deal_scored"
    result: DealResult
    match_score: tuple[int, int]
    held: int


def events(before: BeloteState, move: Move, after: BeloteState) -> tuple[Event, ...]:
    """The events of ``move``, applied to ``before`` to give ``after``."""
    found: list[Event] = []
    if isinstance(move, Deal):
        table = after.table
        found.append(
            DealStarted(deal=table.deal_number, dealer=table.dealer, turnup=DECK[table.turnup])
        )
        found.extend(_hands(after, "deal"))
    elif isinstance(move, Pass):
        number = 1 if before.phase in _FIRST_ROUND_PHASES else 2
        found.append(BidPassed(seat=before.to_act, round=number))
    elif isinstance(move, Take):
        found.append(
            TrumpTaken(
                seat=before.to_act,
                suit=Suit(after.table.trump),
                round=after.table.take_round,
                turnup=DECK[before.table.turnup],
            )
        )
        found.extend(_hands(after, "stock_dealt"))
    elif isinstance(move, Play):
        found.extend(_play_events(before, move))
    found.extend(new_score_events(score_events(before), score_events(after)))
    if after.phase in (Phase.DEAL_DUE, Phase.OVER) and before.phase != Phase.DEAL_DUE:
        found.extend(_deal_end_events(after))
    if after.phase == Phase.OVER:
        found.append(MatchWon(winners=winners(after), score=after.table.match_score))
    return tuple(found)


def _hands(state: BeloteState, reason: str) -> list[Event]:
    return [
        HandShown(
            seat=seat,
            reason=reason,
            size=len(cards_in(state.hands[seat])),
            cards=cards_in(state.hands[seat]),
        )
        for seat in range(PLAYERS)
    ]


def _play_events(before: BeloteState, move: Play) -> list[Event]:
    table = before.table
    seat = before.to_act
    card = card_index(move.card)
    found: list[Event] = [CardPlayed(seat=seat, card=move.card)]
    if seat == table.belote_holder and (1 << card) & KING_QUEEN_OF[table.trump]:
        # The holder plays one of the pair: the first is the belote, the second the rebelote.
        word = ANNOUNCEMENT_WORDS[0 if belote_announced(before) is None else 1]
        found.append(BeloteDeclared(seat=seat, card=move.card, word=word))
    trick = (*before.trick, card)
    if len(trick) == PLAYERS:
        # The seat the state records as winning the trick, unless the last card takes it by the
        # transition's own rule (`takes_lead`): the state after the deal's last trick is between
        # deals and keeps none of the trick.
        taken = takes_lead(table.trump, before.winning_card, card)
        found.append(
            TrickWon(
                number=before.tricks_played + 1,
                seat=seat if taken else before.trick_winner,
                cards=tuple(((before.leader + i) % PLAYERS, DECK[c]) for i, c in enumerate(trick)),
                points=mask_points(sum(1 << c for c in trick), table.trump),
            )
        )
    return found


def _deal_end_events(after: BeloteState) -> list[Event]:
    result = after.table.deals[-1]
    found: list[Event] = []
    if result.taker is not None and result.outcome != "thrown_in":
        found.append(
            ContractSettled(taker=result.taker, team=result.taker % 2, outcome=result.outcome)
        )
    found.append(
        DealScored(result=result, match_score=after.table.match_score, held=after.table.held)
    )
    return found
