"""Burraco card faces and packed multisets of them.

A **face** is an int 0..52: ``suit * 13 + (rank - 2)`` for the ranks 2..A of the suits S H D C,
and 52 (`JOKER_FACE`) for the joker. Face order is the canonical card order of
`parlour.base.sort_cards` (suits S H D C, ranks 2..A, jokers last), so sorting faces sorts cards.

The 108-card deck holds two copies of each of the 52 faces and four jokers, so the engine works
on **multisets** of faces. A **packed hand** is an int with a 3-bit count per face: the count of
face ``f`` is ``hand >> (3 * f) & 7``. Packed hands are hashable, compare by value, and the
helpers below work on them with a few big-int operations (no per-face loop where a mask will do):
`contains` checks inclusion of every field at once with guard bits, `size`, `value` and
`wild_count` count bits under precomputed masks.

Counts stay below 8 only while no count exceeds the deck's copies (`COPIES`: 2 of each suited
face, 4 jokers); the packing helpers do not check that, so every entry that packs cards from
outside (a move, a position, a log) first bounds them with `excess_face`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour.base import (
    JOKER,
    Card,
    Rank,
    Suit,
)

__all__ = [
    "CARD_VALUE",
    "COPIES",
    "DECK",
    "FACE_BY_CODE",
    "FACE_CARDS",
    "FACE_COUNT",
    "FACE_OF",
    "JOKER_FACE",
    "WILD_FACES",
    "add",
    "cards_of",
    "contains",
    "count",
    "counts",
    "difference",
    "distinct_faces",
    "excess_face",
    "face_rank",
    "face_suit",
    "faces_of",
    "is_wild_face",
    "nth_distinct_face",
    "pack",
    "pack_cards",
    "remove",
    "shares_a_face",
    "size",
    "value",
    "wild_count",
]

FACE_COUNT = 53
"""The number of faces: 52 suited faces and the joker."""

JOKER_FACE = 52
"""The joker's face."""

FACE_CARDS: tuple[Card, ...] = (
    *(Card.of(Rank(rank), suit) for suit in Suit for rank in range(2, 15)),
    JOKER,
)
"""The card of each face (index: face)."""

FACE_OF: dict[Card, int] = {card: face for face, card in enumerate(FACE_CARDS)}
"""The face of each card."""

_FACE_BY_CODE = [-1] * (JOKER.code + 1)
for _face, _card in enumerate(FACE_CARDS):
    _FACE_BY_CODE[_card.code] = _face
FACE_BY_CODE: tuple[int, ...] = tuple(_FACE_BY_CODE)
"""The face of each `Card.code` (-1 for codes no card has): a tuple lookup for hot paths."""

face_suit: tuple[int, ...] = (*(face // 13 for face in range(52)), -1)
"""The suit number of each face (0..3 for S H D C; -1 for the joker)."""

face_rank: tuple[int, ...] = (*(face % 13 + 2 for face in range(52)), int(Rank.JOKER))
"""The rank number of each face (2..14; 15 for the joker)."""

DECK: tuple[Card, ...] = FACE_CARDS[:52] * 2 + (JOKER,) * 4
"""The 108 cards in canonical order: the first pack (suits S H D C, ranks 2 3 … K A in each),
then the second pack in the same order, then the four jokers."""

COPIES: tuple[int, ...] = tuple(DECK.count(card) for card in FACE_CARDS)
"""How many copies of each face the deck holds (index: face): 2 of each suited face, 4 jokers
(rules §4.1)."""

_RANK_VALUE: dict[int, int] = {
    2: 20, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, 10: 10, 11: 10, 12: 10, 13: 10, 14: 15,
    15: 30,
}  # fmt: skip
"""Card values by rank (rules §4.1): joker 30, 2 20, A 15, K Q J 10 9 8 10, 7..3 5."""

CARD_VALUE: tuple[int, ...] = tuple(_RANK_VALUE[face_rank[face]] for face in range(FACE_COUNT))
"""The value of each face when it is scored (in a meld, or against a hand)."""

WILD_FACES: tuple[int, ...] = (0, 13, 26, 39, JOKER_FACE)
"""The faces that may act as a wild card, ascending: 2S 2H 2D 2C JK."""

_IS_WILD: tuple[bool, ...] = tuple(face in WILD_FACES for face in range(FACE_COUNT))

_UNIT: tuple[int, ...] = tuple(1 << (3 * face) for face in range(FACE_COUNT))
_SHIFTS: tuple[int, ...] = tuple(3 * face for face in range(FACE_COUNT))


def _field_mask(faces: Iterable[int], bits: int) -> int:
    mask = 0
    for face in faces:
        mask |= bits << (3 * face)
    return mask


_ALL_FACES = range(FACE_COUNT)
_EVEN_FIELDS = _field_mask(range(0, FACE_COUNT, 2), 7)
_EVEN_GUARDS = _field_mask(range(0, FACE_COUNT, 2), 8)
_BIT0 = _field_mask(_ALL_FACES, 1)
_BIT1 = _field_mask(_ALL_FACES, 2)
_BIT2 = _field_mask(_ALL_FACES, 4)
_VALUE_CLASSES: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        points,
        _field_mask((f for f in _ALL_FACES if CARD_VALUE[f] == points), 1),
        _field_mask((f for f in _ALL_FACES if CARD_VALUE[f] == points), 2),
        _field_mask((f for f in _ALL_FACES if CARD_VALUE[f] == points), 4),
    )
    for points in sorted(set(CARD_VALUE))
)
_WILD_BITS = (
    _field_mask(WILD_FACES, 1),
    _field_mask(WILD_FACES, 2),
    _field_mask(WILD_FACES, 4),
)


def shares_a_face(hand: int, other: int) -> bool:
    """Whether the two packed hands hold at least one face in common."""
    present = (hand | hand >> 1 | hand >> 2) & (other | other >> 1 | other >> 2) & _BIT0
    return present != 0


def is_wild_face(face: int) -> bool:
    """Whether the face may act as a wild card: the joker or any 2."""
    return _IS_WILD[face]


def excess_face(faces: Sequence[int]) -> int:
    """The first of ``faces`` that they name more often than the deck holds it (`COPIES`), or -1
    if none: the bound every count must meet before it is packed (a packed count past 7 would
    carry into the next face)."""
    if len(set(faces)) == len(faces):
        return -1
    copies = COPIES
    for face in faces:
        if faces.count(face) > copies[face]:
            return face
    return -1


def count(hand: int, face: int) -> int:
    """How many copies of ``face`` the packed hand holds."""
    return hand >> (3 * face) & 7


def add(hand: int, face: int, n: int = 1) -> int:
    """The packed hand with ``n`` more copies of ``face``."""
    return hand + (n << (3 * face))


def remove(hand: int, face: int, n: int = 1) -> int:
    """The packed hand with ``n`` copies of ``face`` fewer; the caller guarantees it holds them."""
    return hand - (n << (3 * face))


def pack(faces: Iterable[int]) -> int:
    """The packed hand holding each of ``faces`` (repeated faces count several times)."""
    unit = _UNIT
    hand = 0
    for face in faces:
        hand += unit[face]
    return hand


def pack_cards(cards: Iterable[Card]) -> int:
    """The packed hand holding ``cards``."""
    unit = _UNIT
    by_code = FACE_BY_CODE
    hand = 0
    for card in cards:
        hand += unit[by_code[card.code]]
    return hand


def faces_of(hand: int) -> tuple[int, ...]:
    """The faces of the packed hand, each repeated by its count, in ascending face order."""
    out: list[int] = []
    while hand:
        face = ((hand & -hand).bit_length() - 1) // 3
        copies = hand >> (3 * face) & 7
        out.extend((face,) * copies)
        hand -= copies << (3 * face)
    return tuple(out)


def distinct_faces(hand: int) -> list[int]:
    """The faces the packed hand holds at least once, in ascending face order."""
    out: list[int] = []
    while hand:
        face = ((hand & -hand).bit_length() - 1) // 3
        out.append(face)
        hand &= ~(7 << (3 * face))
    return out


def nth_distinct_face(hand: int, index: int) -> int:
    """``distinct_faces(hand)[index]`` for ``index >= 0``, without listing the others;
    `IndexError` past the end."""
    while hand:
        face = ((hand & -hand).bit_length() - 1) // 3
        if not index:
            return face
        index -= 1
        hand &= ~(7 << (3 * face))
    raise IndexError("the hand holds fewer distinct faces")


def cards_of(hand: int) -> tuple[Card, ...]:
    """The cards of the packed hand, in the order of `faces_of` (canonical card order)."""
    cards = FACE_CARDS
    return tuple(cards[face] for face in faces_of(hand))


def size(hand: int) -> int:
    """The number of cards in the packed hand."""
    return (
        (hand & _BIT0).bit_count() + 2 * (hand & _BIT1).bit_count() + 4 * (hand & _BIT2).bit_count()
    )


def counts(hand: int) -> list[int]:
    """The count of every face: a list of 53 ints indexed by face."""
    return [hand >> shift & 7 for shift in _SHIFTS]


def contains(hand: int, other: int) -> bool:
    """Whether ``other`` is a sub-multiset of ``hand`` (every face count at most ``hand``'s).

    Every field is compared at once: each even field gets a guard bit just above it (the free
    low bit of the odd field next to it, masked out), and a subtraction keeps the guard exactly
    where the field of ``hand`` is at least that of ``other``; then the same for the odd fields.
    """
    guards = _EVEN_GUARDS
    fields = _EVEN_FIELDS
    if (((hand & fields) | guards) - (other & fields)) & guards != guards:
        return False
    return (((hand >> 3 & fields) | guards) - (other >> 3 & fields)) & guards == guards


def difference(hand: int, other: int) -> int:
    """The multiset ``hand`` minus ``other``; ``other`` must be contained in ``hand``.

    With every field of ``other`` at most that of ``hand`` no field borrows, so this is a plain
    subtraction.
    """
    return hand - other


def value(hand: int) -> int:
    """The total card value (rules §4.1) of the packed hand."""
    total = 0
    for points, bit0, bit1, bit2 in _VALUE_CLASSES:
        copies = (hand & bit0).bit_count()
        copies += 2 * (hand & bit1).bit_count() + 4 * (hand & bit2).bit_count()
        total += points * copies
    return total


def wild_count(hand: int) -> int:
    """The number of cards in the packed hand that can act as a wild (jokers and 2s)."""
    bit0, bit1, bit2 = _WILD_BITS
    return (hand & bit0).bit_count() + 2 * (hand & bit1).bit_count() + 4 * (hand & bit2).bit_count()
