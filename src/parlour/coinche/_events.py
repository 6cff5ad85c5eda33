"""Coinche's events: the deal, each call of the auction, the contract, the cards played and
tricks won, belote-rebelote, the announcements shown, the contract's outcome, the deal's score
and the match's end (see `parlour.engine`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.base import Card
from parlour.coinche._announcements import scoring_melds
from parlour.coinche._cardplay import trick_winner
from parlour.coinche._moves import Play
from parlour.coinche._state import CoincheState, DealResult, Phase
from parlour.coinche._view import announced_belotes
from parlour.coinche.rules import (
    ANNOUNCEMENT_WORDS,
    DECK,
    DENOMINATIONS,
    KING_QUEEN_OF,
    PLAYERS,
    belote_suits,
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
    "Called",
    "ContractSet",
    "ContractSettled",
    "DealScored",
    "MeldShown",
    "events",
]


@attrs.frozen(slots=True, kw_only=True)
class Called(Event):
    """``seat`` spoke in the auction: ``call`` is the move's text (``pass``, ``bid 90 H``,
    ``coinche``, ``surcoinche``)."""

    kind: ClassVar[str] = "call"
    seat: int
    call: str


@attrs.frozen(slots=True, kw_only=True)
class ContractSet(Event):
    """The auction ended: ``bidder``'s ``value`` in ``denomination`` at coinche ``level``."""

    kind: ClassVar[str] = "contract_set"
    bidder: int
    value: int
    denomination: str
    level: int


@attrs.frozen(slots=True, kw_only=True)
class BeloteDeclared(Event):
    """``seat`` played ``card``, the king or queen of a belote suit, saying ``word``."""

    kind: ClassVar[str] = "belote"
    seat: int
    card: Card
    word: str


@attrs.frozen(slots=True, kw_only=True)
class MeldShown(Event):
    """Trick 1 is complete and ``seat``'s announcement is shown (option ``announcements``, the
    scoring side's only): ``meld`` is ``tierce``, ``cinquante``, ``cent`` or ``carre``, worth
    ``points``, made of ``cards``."""

    kind: ClassVar[str] = "meld"
    seat: int
    meld: str
    points: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True, kw_only=True)
class ContractSettled(Event):
    """The takers' contract: ``outcome`` is ``made`` or ``failed``."""

    kind: ClassVar[str] = "contract"
    taker: int
    team: int
    outcome: str


@attrs.frozen(slots=True, kw_only=True)
class DealScored(Event):
    """A deal ended (played or thrown in): its breakdown and the match score after it."""

    kind: ClassVar[str] = "deal_scored"
    result: DealResult
    match_score: tuple[int, int]


def events(before: CoincheState, move: Move, after: CoincheState) -> tuple[Event, ...]:
    """The events of ``move``, applied to ``before`` to give ``after``."""
    found: list[Event] = []
    if isinstance(move, Deal):
        found.append(DealStarted(deal=after.table.deal_number, dealer=after.table.dealer))
        found.extend(
            HandShown(seat=seat, reason="deal", size=8, cards=cards_in(after.hands[seat]))
            for seat in range(PLAYERS)
        )
    elif isinstance(move, Play):
        found.extend(_play_events(before, move))
    else:
        found.append(Called(seat=before.to_act, call=str(move)))
        if after.phase == Phase.PLAY:
            found.append(
                ContractSet(
                    bidder=after.bid_seat,
                    value=after.bid_value,
                    denomination=DENOMINATIONS[after.bid_denomination],
                    level=after.level,
                )
            )
    found.extend(new_score_events(score_events(before), score_events(after)))
    if after.phase in (Phase.DEAL_DUE, Phase.OVER) and before.phase != Phase.DEAL_DUE:
        result = after.table.deals[-1]
        if result.taker is not None:
            found.append(
                ContractSettled(taker=result.taker, team=result.taker % 2, outcome=result.outcome)
            )
        found.append(DealScored(result=result, match_score=after.table.match_score))
    if after.phase == Phase.OVER:
        found.append(MatchWon(winners=winners(after), score=after.table.match_score))
    return tuple(found)


def _play_events(before: CoincheState, move: Play) -> list[Event]:
    seat = before.to_act
    card = card_index(move.card)
    found: list[Event] = [CardPlayed(seat=seat, card=move.card)]
    announced = set(announced_belotes(before))
    for suit in belote_suits(before.bid_denomination):
        pair = KING_QUEEN_OF[suit]
        if (1 << card) & pair and before.dealt[seat] & pair == pair:
            word = ANNOUNCEMENT_WORDS[1 if (seat, suit) in announced else 0]
            found.append(BeloteDeclared(seat=seat, card=move.card, word=word))
    trick = (*before.trick, card)
    if len(trick) == PLAYERS:
        found.append(
            TrickWon(
                number=before.tricks_played + 1,
                seat=trick_winner(before.bid_denomination, before.leader, trick),
                cards=tuple(((before.leader + i) % PLAYERS, DECK[c]) for i, c in enumerate(trick)),
                points=mask_points(sum(1 << c for c in trick), before.bid_denomination),
            )
        )
        if not before.played:
            found.extend(
                MeldShown(seat=holder, meld=meld.kind, points=meld.points,
                          cards=cards_in(meld.cards))
                for holder, meld in scoring_melds(before)
            )  # fmt: skip
    return found
