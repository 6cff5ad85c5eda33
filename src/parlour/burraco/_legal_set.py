"""The legal moves of a play phase as a lazy sequence (`LegalMoves`): a row of blocks, each
counted when the set is made and built only when one of its moves is read.

A block is ``(number, kind, a, b, c, d)``: new melds when ``number`` is 0, the adds onto the
team's meld ``number`` when it is positive, discards when it is -1; its ``kind`` says how it is
built (`BUILD`) and how its ``i``-th record is built alone (`PICK`), from the meld engine's
listings (`parlour.burraco._meld_listing`, `parlour.burraco._meld_adding`). What goes in the
blocks and in which order is `parlour.burraco._legal`'s.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from parlour.burraco._faces import FACE_CARDS, distinct_faces, nth_distinct_face
from parlour.burraco._meld_adding import (
    additions,
    sequence_addition_at,
    sequence_addition_shapes,
    set_addition_at,
)
from parlour.burraco._meld_listing import new_sequence_at, new_sequences_of_suit, new_sets_of_rank
from parlour.burraco._meld_tables import SUIT_MASKS, WILD_FIELDS, Addition, MeldRules
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import Add, Discard, Meld
from parlour.engine import Move

__all__ = [
    "BUILD",
    "DISCARDS",
    "DISCARDS_BLOCK",
    "DISCARDS_HELD",
    "GIVEN",
    "NEW_MELDS",
    "SEQUENCES",
    "SEQUENCE_ADDITIONS",
    "SETS",
    "SET_ADDITIONS",
    "Block",
    "LegalMoves",
]

DISCARDS = tuple(Discard(card) for card in FACE_CARDS)
"""The discard move of each face (shared values)."""


@functools.lru_cache(maxsize=8192)
def _meld_move(meld: TableMeld) -> Meld:
    """The `Meld` move that lays down ``meld`` (one shared value per meld)."""
    return Meld(meld.cards)


@functools.lru_cache(maxsize=8192)
def _add_move(number: int, addition: Addition) -> Add:
    """The canonical `Add` move of ``addition`` onto the team's meld ``number``."""
    arrangement = addition.result.cards if addition.ambiguous else None
    return Add(number, addition.added, arrangement)



Block = tuple[int, int, Any, Any, Any, Any]
"""One block of a `LegalMoves`: ``(number, kind, a, b, c, d)``. Its records are new melds when
``number`` is 0, the additions onto the team's meld ``number`` when it is positive, `Discard`
moves when it is -1; ``BUILD[kind](a, b, c, d)`` builds them all and ``PICK[kind](a, b, c, d,
i)`` only the ``i``-th."""

NEW_MELDS = 0
DISCARDS_BLOCK = -1

GIVEN, SETS, SEQUENCES, SET_ADDITIONS, SEQUENCE_ADDITIONS, DISCARDS_HELD = range(6)
"""The kinds of block: records already built (``a``, a block that had to be filtered); the new
sets of a rank (rank, key, wild cards); the new sequences of a suit (pool, suit, longest
sequence); the adds onto a set, onto a sequence (meld, hand, rules);
the discards of a hand's faces (hand)."""


def _given(records: Sequence[Any], _b: object, _c: object, _d: object) -> Sequence[Any]:
    return records


def _sets(rank: int, key: int, wild_part: int, _d: object) -> Sequence[TableMeld]:
    return new_sets_of_rank(rank, key, wild_part)


def _sequences(pool: int, suit: int, max_length: int, _d: object) -> Sequence[TableMeld]:
    return new_sequences_of_suit(pool, suit, max_length)


def _additions(meld: TableMeld, hand: int, rules: MeldRules, _d: object) -> Sequence[Addition]:
    return additions(meld, hand, rules)


def _discards(hand: int, _b: object, _c: object, _d: object) -> list[Discard]:
    """The discard of each distinct face of the packed ``hand``, by face."""
    discards = DISCARDS
    return [discards[face] for face in distinct_faces(hand)]


def _pick_built(
    build: Callable[[Any, Any, Any, Any], Sequence[Any]],
) -> Callable[[Any, Any, Any, Any, int], Any]:
    """A picker that builds the whole block and reads one record."""

    def pick(a: Any, b: Any, c: Any, d: Any, index: int) -> Any:
        return build(a, b, c, d)[index]

    return pick


def _pick_discard(hand: int, _b: object, _c: object, _d: object, index: int) -> Discard:
    return DISCARDS[nth_distinct_face(hand, index)]


def _pick_set_addition(
    meld: TableMeld, hand: int, _rules: MeldRules, _d: object, index: int
) -> Addition:
    return set_addition_at(meld, hand, index)


def _pick_sequence(pool: int, suit: int, max_length: int, _d: object, index: int) -> TableMeld:
    return new_sequence_at(pool, suit, max_length, index)


def _pick_sequence_addition(
    meld: TableMeld, hand: int, rules: MeldRules, _d: object, index: int
) -> Addition:
    assert meld.suit is not None
    pool = hand & (SUIT_MASKS[meld.suit] | WILD_FIELDS)
    return sequence_addition_at(meld, sequence_addition_shapes(meld, pool, rules), index)


BUILD: tuple[Callable[[Any, Any, Any, Any], Sequence[Any]], ...] = (
    _given, _sets, _sequences, _additions, _additions, _discards,
)  # fmt: skip
"""How each kind of block builds its records."""
PICK: tuple[Callable[[Any, Any, Any, Any, int], Any], ...] = (
    _pick_built(_given), _pick_built(_sets), _pick_sequence, _pick_set_addition,
    _pick_sequence_addition, _pick_discard,
)  # fmt: skip
"""How each kind of block builds its ``i``-th record alone (or reads it from all of them)."""


class LegalMoves(Sequence[Move]):
    """The legal moves of a state in the play phase, as an immutable lazy sequence: the melds,
    then the adds meld by meld, then the discards. Its length is known at once from each block's
    count (`parlour.burraco._counts`); a block is built only when one of its moves is read, and a
    move object only when it is read (the meld engine's results are shared, cached records).

    It compares equal to any sequence of the same moves in the same order, and answers ``in``
    and `made_by` building only the blocks that could hold the move.
    """

    __slots__ = ("_blocks", "_ends", "_lays_cards", "_length")

    def __init__(
        self, blocks: tuple[Block, ...], ends: tuple[int, ...], lays_cards: bool
    ) -> None:
        """``blocks`` in order, ``ends[i]`` the index just after block ``i``'s last move (no
        block is empty); ``lays_cards`` whether any block is of melds or adds. Nothing is
        written after this: the object is immutable, and safe to share between threads."""
        self._blocks = blocks
        self._ends = ends
        self._length = ends[-1] if ends else 0
        self._lays_cards = lays_cards

    def __len__(self) -> int:
        return self._length

    @property
    def lays_cards(self) -> bool:
        """Whether any of these moves is a meld or an add."""
        return self._lays_cards

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...
    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("legal move index out of range")
        ends = self._ends
        at = bisect.bisect_right(ends, index)
        number, kind, a, b, c, d = self._blocks[at]
        record = PICK[kind](a, b, c, d, index - ends[at - 1] if at else index)
        move: Move
        if number < 0:
            move, made = record, None
        elif number == 0:
            move, made = _meld_move(record), record
        else:
            move, made = _add_move(number, record), record
        key = (id(self), id(move))
        if key not in _MADE_BY_PICKED:
            if len(_MADE_BY_PICKED) >= _PICKED_LIMIT:
                _MADE_BY_PICKED.clear()
            _MADE_BY_PICKED[key] = (self, move, made)
        return move

    def __iter__(self) -> Iterator[Move]:
        for number, kind, a, b, c, d in self._blocks:
            records = BUILD[kind](a, b, c, d)
            if number < 0:
                yield from records
            elif number == 0:
                for meld in records:
                    yield _meld_move(meld)
            else:
                for addition in records:
                    yield _add_move(number, addition)

    def __contains__(self, move: object) -> bool:
        try:
            self.made_by(move)
        except KeyError:
            return False
        return True

    def picked(self, move: object) -> Picked | None:
        """``(self, move, made)`` if ``move`` is the very move object just read from this set by
        index, ``made`` what it makes (the new meld, the addition, None for a discard); else
        None. A look-up that builds nothing, for `apply` to take a move known legal."""
        picked = _MADE_BY_PICKED.get((id(self), id(move)))
        if picked is not None and picked[0] is self and picked[1] is move:
            return picked
        return None

    def made_by(self, move: object) -> TableMeld | Addition | None:
        """The new meld or the addition that the legal ``move`` makes (None for a discard);
        `KeyError` if ``move`` is not one of these moves."""
        picked = self.picked(move)
        if picked is not None:
            return picked[2]
        if isinstance(move, Discard):
            for number, kind, a, b, c, d in self._blocks:
                if number < 0 and move in BUILD[kind](a, b, c, d):
                    return None
        elif isinstance(move, Meld):
            for number, kind, a, b, c, d in self._blocks:
                if number == 0:
                    for meld in BUILD[kind](a, b, c, d):
                        if meld.cards == move.cards:
                            return meld  # type: ignore[no-any-return]
        elif isinstance(move, Add) and type(move.number) is int and move.number > 0:
            for number, kind, a, b, c, d in self._blocks:
                if number == move.number:
                    for addition in BUILD[kind](a, b, c, d):
                        if _add_move(number, addition) == move:
                            return addition  # type: ignore[no-any-return]
        raise KeyError(move)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, list, LegalMoves)):
            return len(other) == self._length and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalMoves({list(self)!r})"


Picked = tuple["LegalMoves", Move, TableMeld | Addition | None]
"""A legal set, a move read from it by index, and what that move makes."""

_MADE_BY_PICKED: dict[tuple[int, int], Picked] = {}
"""What each move read by index from a `LegalMoves` makes (the new meld, the addition, or None
for a discard), keyed by the identities of the legal set and the move object and holding both
(so neither identity is reused while its entry lives). An entry is written once, from the
block that built the move, and is the same whoever writes it; `LegalMoves.made_by` reads it so
that applying a move just read costs no search."""
_PICKED_LIMIT = 64
"""Small on purpose: an entry serves the `apply` that follows a read, and every entry keeps a
legal set (and what its blocks hold) alive, which a larger cache makes the collector walk."""

