"""Bezique's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed for a whole deal (options, dealer, trump, the
stock's order, the finished deals) lives in a `Table` shared by every state of that deal; what
changes with each move lives in `BeziqueState` itself.
"""

from __future__ import annotations

import enum
import functools

import attrs

from parlour.bezique.options import Options
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    CARD_TABLES,
    STAGE_TWO_RULES,
    MeldKind,
    fixed_melds,
)
from parlour.cards import Card, Suit
from parlour.core import ScoreEvent
from parlour.records import JsonRecord
from parlour.tricks import CardTable, TrickEvaluator

__all__ = ["BeziqueState", "DealResult", "Declaration", "Phase", "Table"]


class Phase(enum.IntEnum):
    """Where a match stands."""

    DEAL_DUE = 0
    PLAY = 1
    """the first stage: a card is to be led or followed, freely"""
    DECLARE = 2
    """the first stage: the winner of the trick just played may declare, then draws"""
    LAST_STAGE = 3
    """the last eight tricks: follow, beat and trump duties"""
    OVER = 4


@attrs.frozen(slots=True)
class Declaration(JsonRecord):
    """One scoring declaration of a deal, for the breakdown front-ends show.

    ``name`` is a meld's name (``royal_marriage``, ``four_jacks``, …) or, for a seven of trumps,
    ``seven_turnup``, ``seven_exchange``, ``seven_show`` or ``seven_play``; ``trick`` is the
    trick just won (or being played, for a played seven), ``None`` for the turn-up seven.
    """

    seat: int
    name: str
    cards: tuple[Card, ...]
    points: int
    trick: int | None


@attrs.frozen(slots=True)
class DealResult(JsonRecord):
    """The breakdown of one finished deal (or of a deal cut short when a player reached the
    target under ``match_end="first_to_reach"``: ``outcome`` is then ``"stopped"``).

    ``points`` are what each seat scored in the deal: ``declarations`` (melds and sevens),
    ``brisques``, and 10 for the last trick to ``last_trick_seat``; ``awards`` are the same
    points as score events, in the order they were scored.
    """

    number: int
    dealer: int
    outcome: str
    trump: Suit
    turnup: Card
    tricks: tuple[int, int]
    brisques: tuple[int, int]
    last_trick_seat: int | None
    declarations: tuple[Declaration, ...]
    points: tuple[int, int]
    awards: tuple[ScoreEvent, ...]


@attrs.frozen(slots=True)
class Table:
    """What stays fixed during one deal: options, dealer, trump, the stock, the finished deals.

    ``stock`` lists the 47 face-down cards top first (empty before the first deal);
    ``first_turnup`` is the card turned up at the deal; ``trump`` is -1 before the first deal.
    """

    options: Options
    dealer: int
    deal_number: int = 0
    deals: tuple[DealResult, ...] = ()
    trump: int = -1
    first_turnup: int = -1
    stock: tuple[int, ...] = ()

    @functools.cached_property
    def card_table(self) -> CardTable:
        """Suits and rank powers under the ``rank_order`` option."""
        return CARD_TABLES[self.options.rank_order]

    @functools.cached_property
    def last_stage_evaluator(self) -> TrickEvaluator:
        """The last stage's duties over this deal's card table."""
        return _evaluator(self.options.rank_order)

    @functools.cached_property
    def melds(self) -> tuple[tuple[MeldKind, tuple[int, ...]], ...]:
        """The melds of fixed cards under this deal's trump (quartets are found separately)."""
        return fixed_melds(self.trump, BEZIQUE_PAIRS[self.options.bezique_cards][self.trump])


@functools.cache
def _evaluator(rank_order: str) -> TrickEvaluator:
    return TrickEvaluator(CARD_TABLES[rank_order], STAGE_TWO_RULES)


NO_USES = (0,) * 9


@attrs.frozen(slots=True)
class BeziqueState:
    """A Bezique match at one moment. Compare, hash and pickle freely; never mutated.

    Cards are indexes into `rules.DECK` (64 cards: two copies of each face) and holdings are
    64-bit masks, by seat:

    * ``hands``: cards in the hand; ``tables``: melded cards lying face up (first stage; still
      the owner's to play); ``known``: cards in the hand the opponent knows of (a turn-up taken
      by exchange, a shown seven, the last stage's picked-up melds, …).
    * ``drawn``: stock cards taken so far; ``turnup``: the face-up trump card (-1 once taken).
    * ``trick``: cards played to the current trick, led by ``leader``; ``tricks``: tricks
      completed; ``won``: cards taken in tricks; ``last_trick``: (leader, cards) of the last one.
    * ``uses``: for each `rules.Use` flag, the mask of cards that have scored in that class;
      ``sevens_scored``: sevens of trumps that have scored.
    * ``declared``: the trick winner has made this window's declaration; ``exchanged``: the
      card an exchange brought into the hand in this window (the old turn-up), -1 if none.
    * ``scores``: match totals so far (this deal's awards included); ``awards`` and
      ``declarations``: this deal's score events and declarations.
    """

    table: Table
    phase: Phase
    to_act: int = -1
    hands: tuple[int, int] = (0, 0)
    tables: tuple[int, int] = (0, 0)
    known: tuple[int, int] = (0, 0)
    drawn: int = 0
    turnup: int = -1
    trick: tuple[int, ...] = ()
    leader: int = -1
    tricks: int = 0
    won: tuple[int, int] = (0, 0)
    last_trick: tuple[int, tuple[int, ...]] | None = None
    uses: tuple[int, ...] = NO_USES
    sevens_scored: int = 0
    declared: bool = False
    exchanged: int = -1
    scores: tuple[int, int] = (0, 0)
    awards: tuple[ScoreEvent, ...] = ()
    declarations: tuple[Declaration, ...] = ()
