"""Bezique's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed for a whole deal (options, dealer, trump, the
stock's order, the finished deals) lives in a `Table` shared by every state of that deal; what
changes with each move lives in `BeziqueState` itself.
"""

from __future__ import annotations

import enum
import functools
from typing import Any

import attrs

from parlour.bezique.options import Options
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    CARD_TABLES,
    PLAYERS,
    STAGE_TWO_RULES,
    MeldKind,
    fixed_melds,
)
from parlour.cards import Card, Suit
from parlour.core import ScoreEvent
from parlour.filling import filling_class
from parlour.positions import StateJson
from parlour.records import JsonRecord
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
    card_table: CardTable = attrs.field(init=False, eq=False, repr=False)
    last_stage_evaluator: TrickEvaluator = attrs.field(init=False, eq=False, repr=False)
    melds: tuple[tuple[MeldKind, tuple[int, ...]], ...] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        rank_order = self.options.rank_order
        object.__setattr__(self, "card_table", CARD_TABLES[rank_order])
        object.__setattr__(self, "last_stage_evaluator", _evaluator(rank_order))
        object.__setattr__(self, "melds", _fixed_melds(self.trump, self.options.bezique_cards))

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


@functools.cache
def _fixed_melds(trump: int, bezique_cards: str) -> tuple[tuple[MeldKind, tuple[int, ...]], ...]:
    if trump < 0:
        return ()
    return fixed_melds(trump, BEZIQUE_PAIRS[bezique_cards][trump])


@functools.cache
def _evaluator(rank_order: str) -> TrickEvaluator:
    return TrickEvaluator(CARD_TABLES[rank_order], STAGE_TWO_RULES)


NO_USES = (0,) * 9


@attrs.frozen(slots=True, kw_only=True, weakref_slot=False)
class BeziqueState(StateJson):
    """A Bezique match at one moment. Compare, hash and pickle freely; never mutated (`copy.copy`
    and `copy.deepcopy` return the state itself); ``to_dict()`` and ``BeziqueState.from_dict``
    write and read it as a position (`bezique.position`).

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
    played: tuple[int, ...] = ()
    uses: tuple[int, ...] = NO_USES
    sevens_scored: int = 0
    declared: bool = False
    exchanged: int = -1
    scores: tuple[int, int] = (0, 0)
    awards: tuple[ScoreEvent, ...] = attrs.field(default=(), hash=False)
    declarations: tuple[Declaration, ...] = attrs.field(default=(), hash=False)

    @property
    def last_trick(self) -> tuple[int, tuple[int, ...]] | None:
        """(leader, cards) of the deal's last completed trick; ``None`` before the first."""
        tricks = deal_tricks(self)
        return tricks[-1] if tricks else None

    def __copy__(self) -> BeziqueState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> BeziqueState:
        return self


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


_FIELDS = tuple(field.name for field in attrs.fields(BeziqueState))
_new_state = object.__new__
FillingState = filling_class(BeziqueState)
"""`BeziqueState`'s twin to fill field by field, every field, before turning it into a
`BeziqueState` (``__class__`` assignment; see `parlour.filling`)."""


def _slot_setter(name: str) -> Any:
    """The function writing slot ``name`` of a state (its member descriptor's ``__set__``)."""
    return getattr(BeziqueState, name).__set__


def build_state(
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
    """The same state as `BeziqueState` of these fields: the transitions' constructor, filled
    field by field (see `parlour.filling`), several times faster than attrs' frozen
    ``__init__``, which sets each field through ``object.__setattr__``."""
    state: Any = _new_state(FillingState)
    state.table = table
    state.phase = phase
    state.to_act = to_act
    state.hands = hands
    state.tables = tables
    state.known = known
    state.drawn = drawn
    state.turnup = turnup
    state.trick = trick
    state.leader = leader
    state.tricks = tricks
    state.won = won
    state.played = played
    state.uses = uses
    state.sevens_scored = sevens_scored
    state.declared = declared
    state.exchanged = exchanged
    state.scores = scores
    state.awards = awards
    state.declarations = declarations
    state.__class__ = BeziqueState
    built: BeziqueState = state
    return built


# The three transitions of nearly every move, each naming only what it changes; the rest of the
# state is carried over slot by slot, and the trick winner's window is closed (nothing declared,
# nothing exchanged).


def _carry_deal(new: Any, old: BeziqueState) -> None:
    """Copy into ``new`` what a card or a draw leaves as it is: the table, the meld history,
    the sevens scored, the scores and this deal's awards and declarations; close the window."""
    new.table = old.table
    new.uses = old.uses
    new.sevens_scored = old.sevens_scored
    new.declared = False
    new.exchanged = -1
    new.scores = old.scores
    new.awards = old.awards
    new.declarations = old.declarations


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
    new: Any = _new_state(FillingState)
    _carry_deal(new, state)
    new.phase = state.phase
    new.to_act = to_act
    new.hands = hands
    new.tables = tables
    new.known = known
    new.drawn = state.drawn
    new.turnup = state.turnup
    new.trick = trick
    new.leader = state.leader
    new.tricks = state.tricks
    new.won = state.won
    new.played = state.played
    new.__class__ = BeziqueState
    built: BeziqueState = new
    return built


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
    new: Any = _new_state(FillingState)
    _carry_deal(new, state)
    new.phase = phase
    new.to_act = winner
    new.hands = hands
    new.tables = tables
    new.known = known
    new.drawn = state.drawn
    new.turnup = state.turnup
    new.trick = ()
    new.leader = winner
    new.tricks = state.tricks + 1
    new.won = won
    new.played = played
    new.__class__ = BeziqueState
    built: BeziqueState = new
    return built


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
    new: Any = _new_state(FillingState)
    _carry_deal(new, state)
    new.phase = phase
    new.to_act = state.to_act
    new.hands = hands
    new.tables = tables
    new.known = known
    new.drawn = drawn
    new.turnup = turnup
    new.trick = ()
    new.leader = state.to_act
    new.tricks = state.tricks
    new.won = state.won
    new.played = state.played
    new.__class__ = BeziqueState
    built: BeziqueState = new
    return built


_SETTER_BY_NAME: dict[str, Any] = {name: _slot_setter(name) for name in _FIELDS}
_SLOT_COPIES = tuple(
    (getattr(BeziqueState, name).__get__, _SETTER_BY_NAME[name]) for name in _FIELDS
)


def replace_state(state: BeziqueState, **changes: Any) -> BeziqueState:
    """``state`` with the named fields changed, like `attrs.evolve`; an unknown name is a
    `TypeError`."""
    new = _new_state(BeziqueState)
    for read, write in _SLOT_COPIES:
        write(new, read(state))
    for name, value in changes.items():
        write = _SETTER_BY_NAME.get(name)
        if write is None:
            raise TypeError(f"BeziqueState has no field {name!r}")
        write(new, value)
    return new
