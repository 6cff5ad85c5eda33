"""Bezique's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed for a whole deal (options, dealer, trump, the
stock's order, the finished deals) lives in a `Table` shared by every state of that deal; what
changes with each move lives in `BeziqueState` itself.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import attrs

from parlour.base import (
    Card,
    JsonRecord,
    Suit,
    TupleRecord,
    record_builder,
    record_replacer,
)
from parlour.bezique._options import Options
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    CARD_TABLES,
    PLAYERS,
    STAGE_TWO_RULES,
    MeldKind,
    fixed_melds,
)
from parlour.engine import ScoreEvent, StateJson
from parlour.tricks import CardTable, TrickEvaluator

__all__ = [
    "BeziqueState",
    "DealResult",
    "Declaration",
    "Phase",
    "Table",
    "build_state",
    "card_led",
    "cards_drawn",
    "deal_tricks",
    "replace_state",
    "trick_taken",
]


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


@attrs.frozen(slots=True, kw_only=True)
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


@attrs.frozen(slots=True, kw_only=True)
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


@functools.cache
def _fixed_melds(trump: int, bezique_cards: str) -> tuple[tuple[MeldKind, tuple[int, ...]], ...]:
    if trump < 0:
        return ()
    return fixed_melds(trump, BEZIQUE_PAIRS[bezique_cards][trump])


@functools.cache
def _evaluator(rank_order: str) -> TrickEvaluator:
    return TrickEvaluator(CARD_TABLES[rank_order], STAGE_TWO_RULES)


def _card_table(table: Table) -> CardTable:
    return CARD_TABLES[table.options.rank_order]


def _last_stage_evaluator(table: Table) -> TrickEvaluator:
    return _evaluator(table.options.rank_order)


def _melds_of(table: Table) -> tuple[tuple[MeldKind, tuple[int, ...]], ...]:
    return _fixed_melds(table.trump, table.options.bezique_cards)


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class Table:
    """What stays fixed during one deal: options, dealer, trump, the stock, the finished deals.

    ``stock`` lists the 47 face-down cards top first (empty before the first deal);
    ``first_turnup`` is the card turned up at the deal; ``trump`` is -1 before the first deal.
    The finished deals are compared but left out of the hash, which is computed once per table:
    hashing costs the same on the first deal and the last.

    Derived when the table is built (no part of equality, hashing or pickling): ``card_table``
    (suits and rank powers under the ``rank_order`` option), ``last_stage_evaluator`` (the last
    stage's duties over it) and ``melds`` (the melds of fixed cards under this deal's trump;
    quartets are found separately; empty before the first deal).
    """

    options: Options
    dealer: int
    deal_number: int = 0
    deals: tuple[DealResult, ...] = attrs.field(default=(), hash=False)
    trump: int = -1
    first_turnup: int = -1
    stock: tuple[int, ...] = ()
    card_table: CardTable = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(_card_table, takes_self=True),
    )  # fmt: skip
    last_stage_evaluator: TrickEvaluator = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(_last_stage_evaluator, takes_self=True),
    )  # fmt: skip
    melds: tuple[tuple[MeldKind, tuple[int, ...]], ...] = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(_melds_of, takes_self=True),
    )  # fmt: skip

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore_table, (_persistent_fields(self),)

    def __copy__(self) -> Table:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self


_TABLE_FIELDS = tuple(field.name for field in attrs.fields(Table) if field.init)


def _persistent_fields(table: Table) -> dict[str, Any]:
    """The fields a table is built from (its derived tables left out)."""
    return {name: getattr(table, name) for name in _TABLE_FIELDS}


def _restore_table(fields: dict[str, Any]) -> Table:
    """The table of `_persistent_fields` (unpickling)."""
    return Table(**fields)


NO_USES = (0,) * 9


class _BeziqueStateFields(NamedTuple):
    table: Table
    phase: Phase
    to_act: int
    hands: tuple[int, int]
    tables: tuple[int, int]
    known: tuple[int, int]
    drawn: int
    turnup: int
    trick: tuple[int, ...]
    leader: int
    tricks: int
    won: tuple[int, int]
    played: tuple[int, ...]
    uses: tuple[int, ...]
    sevens_scored: int
    declared: bool
    exchanged: int
    scores: tuple[int, int]
    awards: tuple[ScoreEvent, ...]
    declarations: tuple[Declaration, ...]


class BeziqueState(TupleRecord, _BeziqueStateFields, StateJson):
    """A Bezique match at one moment. Compare, hash and pickle freely; never mutated (`copy.copy`
    and `copy.deepcopy` return the state itself); ``to_dict()`` and ``BeziqueState.from_dict``
    write and read it as a position (`parlour.state_to_dict`).

    Cards are indexes into `rules.DECK` (64 cards: two copies of each face) and holdings are
    64-bit masks, by seat:

    * ``hands``: cards in the hand; ``tables``: melded cards lying face up (first stage; still
      the owner's to play); ``known``: cards in the hand the opponent knows of (a turn-up taken
      by exchange, a shown seven, the last stage's picked-up melds, …).
    * ``drawn``: stock cards taken so far; ``turnup``: the face-up trump card (-1 once taken).
    * ``trick``: cards played to the current trick, led by ``leader``; ``tricks``: tricks
      completed; ``won``: cards taken in tricks; ``played``: the cards of this deal's completed
      tricks in playing order, two per trick, leader first. Who led each trick is not kept: it
      follows from the first leader (the non-dealer) and each trick's winner (`deal_tricks`;
      the property ``last_trick`` gives the last one).
    * ``uses``: for each `rules.Use` flag, the mask of cards that have scored in that class;
      ``sevens_scored``: sevens of trumps that have scored.
    * ``declared``: the trick winner has made this window's declaration; ``exchanged``: the
      card an exchange brought into the hand in this window (the old turn-up), -1 if none.
    * ``scores``: match totals so far (this deal's awards included); ``awards`` and
      ``declarations``: this deal's score events and declarations (compared, but left out of
      the hash, which so costs the same on every state: they follow from the rest).

    A tuple-backed record (`parlour.base.TupleRecord`): equal only to a `BeziqueState`;
    ``_replace(**changes)`` gives the state with some fields changed.
    """

    __slots__ = ()
    _hash_length = 18  # the fields before ``awards`` and ``declarations``

    def __new__(
        cls,
        *,
        table: Table,
        phase: Phase,
        to_act: int = -1,
        hands: tuple[int, int] = (0, 0),
        tables: tuple[int, int] = (0, 0),
        known: tuple[int, int] = (0, 0),
        drawn: int = 0,
        turnup: int = -1,
        trick: tuple[int, ...] = (),
        leader: int = -1,
        tricks: int = 0,
        won: tuple[int, int] = (0, 0),
        played: tuple[int, ...] = (),
        uses: tuple[int, ...] = NO_USES,
        sevens_scored: int = 0,
        declared: bool = False,
        exchanged: int = -1,
        scores: tuple[int, int] = (0, 0),
        awards: tuple[ScoreEvent, ...] = (),
        declarations: tuple[Declaration, ...] = (),
    ) -> BeziqueState:
        return _build_by_position(
            table, phase, to_act, hands, tables, known, drawn, turnup, trick, leader, tricks,
            won, played, uses, sevens_scored, declared, exchanged, scores, awards, declarations,
        )  # fmt: skip

    @property
    def last_trick(self) -> tuple[int, tuple[int, ...]] | None:
        """(leader, cards) of the deal's last completed trick; ``None`` before the first."""
        tricks = deal_tricks(self)
        return tricks[-1] if tricks else None



def deal_tricks(state: BeziqueState) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The deal's completed tricks in order, each as (leader, (card led, card followed)): the
    non-dealer leads the first, and each trick's winner (by the deal's trick-winning rule,
    `CardTable.winning_index`, the same in both stages) leads the next."""
    table = state.table
    winning_index = table.card_table.winning_index
    trump = table.trump
    played = state.played
    leader = (table.dealer + 1) % PLAYERS
    tricks = []
    for position in range(0, len(played) - 1, 2):
        cards = played[position : position + 2]
        tricks.append((leader, cards))
        leader = (leader + winning_index(trump, cards)) % PLAYERS
    return tuple(tricks)


build_state = BeziqueState
"""The same state as `BeziqueState` of these fields (every one by keyword; those left out take
their defaults): the transitions' constructor."""
_build_by_position: Callable[..., BeziqueState] = record_builder(BeziqueState, positional=True)
"""`build_state` taking every field by position, in the class's order (the three transitions
below, one of which builds the state of nearly every move)."""
replace_state: Callable[..., BeziqueState] = record_replacer(BeziqueState)
"""``state`` with the named fields changed, like ``state._replace`` (an unknown name is a
`TypeError`; see `parlour.base`)."""


# The three transitions of nearly every move, each naming only what it changes; the rest of the
# state is carried over, and the trick winner's window is closed (nothing declared, nothing
# exchanged).


def card_led(
    state: BeziqueState,
    *,
    to_act: int,
    hands: tuple[int, int],
    tables: tuple[int, int],
    known: tuple[int, int],
    trick: tuple[int, ...],
) -> BeziqueState:
    """``state`` once a card is led to a trick: the holdings and the trick change, the follower
    is to act."""
    return _build_by_position(
        state.table, state.phase, to_act, hands, tables, known, state.drawn, state.turnup,
        trick, state.leader, state.tricks, state.won, state.played, state.uses,
        state.sevens_scored, False, -1, state.scores, state.awards, state.declarations,
    )  # fmt: skip


def trick_taken(
    state: BeziqueState,
    *,
    phase: Phase,
    winner: int,
    hands: tuple[int, int],
    tables: tuple[int, int],
    known: tuple[int, int],
    won: tuple[int, int],
    played: tuple[int, ...],
) -> BeziqueState:
    """``state`` once the second card of a trick is played: ``winner`` takes it (into
    ``won``), leads next and acts first in ``phase``; ``played`` is the deal's cards played
    with this trick's."""
    return _build_by_position(
        state.table, phase, winner, hands, tables, known, state.drawn, state.turnup, (),
        winner, state.tricks + 1, won, played, state.uses, state.sevens_scored, False, -1,
        state.scores, state.awards, state.declarations,
    )  # fmt: skip


def cards_drawn(
    state: BeziqueState,
    *,
    phase: Phase,
    hands: tuple[int, int],
    tables: tuple[int, int],
    known: tuple[int, int],
    drawn: int,
    turnup: int,
) -> BeziqueState:
    """``state`` once both players have drawn: the trick winner leads in ``phase``."""
    return _build_by_position(
        state.table, phase, state.to_act, hands, tables, known, drawn, turnup, (),
        state.to_act, state.tricks, state.won, state.played, state.uses, state.sevens_scored,
        False, -1, state.scores, state.awards, state.declarations,
    )  # fmt: skip
