"""The shapes a packed hand's cards can take in a Burraco meld, for the meld engine's listing,
reading and counting: the positions of a suit's naturals held (`presence`, `sequence_reach`),
every valid sequence window (`sequence_shapes`), a sequence record from its shape
(`sequence_meld`), the sub-multisets of a rank's suits (`sub_suits`), the ranks a set can be
made of (`set_rank_mask`, `rank_key`) and the wild faces held (`held_wilds`).

Performance: hands are packed multisets (`parlour.burraco._faces`); sequences are found by
scanning each suit's 14 positions once per low end with at most one hole for a wild, so the work
follows what the hand holds, not every window.
"""

from __future__ import annotations

from collections.abc import Iterator

from parlour.base import Card
from parlour.burraco._faces import FACE_CARDS, WILD_FACES
from parlour.burraco._meld_tables import (
    ACE_HIGH,
    ACE_LOW,
    NATURAL_CARDS,
    NATURAL_FACE,
    POSITION_BITS,
    SUIT_FIELDS,
    SUIT_LOW_BITS,
    SUITS,
    TWO_POSITION,
    Meld,
    MeldKind,
)

__all__ = [
    "held_wilds",
    "presence",
    "rank_key",
    "sequence_meld",
    "sequence_reach",
    "sequence_shapes",
    "set_rank_mask",
    "sub_suits",
]

# --- sequence shapes --------------------------------------------------------------------------


def presence(pool: int, suit: int, fewest: int) -> int:
    """The positions (bits 1..14) of a sequence of ``suit`` whose natural card ``pool`` holds,
    or 0 when it holds fewer than ``fewest`` distinct natural faces of the suit."""
    held = pool >> (39 * suit) & SUIT_FIELDS
    held = (held | held >> 1 | held >> 2) & SUIT_LOW_BITS
    if held.bit_count() < fewest:
        return 0
    present = 0
    while held:
        lowest = held & -held
        present |= POSITION_BITS[lowest.bit_length()]
        held ^= lowest
    return present


def sequence_reach(present: int, low: int, wild_held: bool, max_length: int) -> tuple[int, int]:
    """From a sequence's low end ``low`` over the mask ``present`` of the natural ranks held:
    the first hole above the run of held naturals (``ACE_HIGH + 1`` when no wild is held to fill
    it, or the run reaches past the ace) and the highest rank a sequence from ``low`` can reach
    (through that one hole with a wild, at most ``max_length`` cards, never past the ace)."""
    ahead = present >> low
    run = (ahead ^ (ahead + 1)).bit_length() - 1
    hole = low + run
    if wild_held and hole <= ACE_HIGH:
        ahead >>= run + 1
        top = hole + (ahead ^ (ahead + 1)).bit_length() - 1
    else:
        hole = ACE_HIGH + 1
        top = low + run - 1
    return hole, min(top, ACE_HIGH, low + max_length - 1)


def sequence_shapes(
    pool: int,
    suit: int,
    max_length: int,
    min_length: int,
    low_max: int,
    high_min: int,
    wild_places: int,
) -> Iterator[tuple[int, int, int, int]]:
    """Every valid sequence of ``suit`` whose cards the packed ``pool`` holds.

    Yields ``(low, high, wild_position, wild_face)`` (0 and -1 when clean), in the order low,
    high, clean first, wild position, wild face, for lengths ``min_length..max_length`` with
    ``low <= low_max`` and ``high >= high_min``, the wild only at a position of the mask
    ``wild_places``. Only low ends that the pool's natural cards allow are visited; from each,
    the run of held naturals and, with a wild held, the one hole after it bound the windows.
    """
    if min_length > max_length:  # more cards than any sequence holds (a long add)
        return
    wilds = [face for face in WILD_FACES if pool >> (3 * face) & 7]
    # a sequence of n cards holds n - 1 distinct natural faces with a wild, n without one
    # (less one for the run from ace to ace, whose ace is one face in two places)
    present = presence(pool, suit, min(min_length, 13) - (1 if wilds else 0))
    if not present:
        return
    naturals = NATURAL_FACE[suit]
    two = naturals[TWO_POSITION]
    two_is_single = pool >> (3 * two) & 7 < 2
    ace_is_single = pool >> (3 * naturals[ACE_LOW]) & 7 < 2
    lows = present | present >> 1 if wilds else present
    lows &= (2 << min(low_max, ACE_HIGH + 1 - min_length)) - 2
    while lows:
        lowest = lows & -lows
        lows ^= lowest
        low = lowest.bit_length() - 1
        hole, top = sequence_reach(present, low, bool(wilds), max_length)
        for high in range(max(low + min_length - 1, high_min), top + 1):
            both_aces = ace_is_single and low == ACE_LOW and high == ACE_HIGH
            two_taken = two_is_single and low <= TWO_POSITION <= high
            if high >= hole:
                if not wild_places >> hole & 1 or both_aces:
                    continue
                for face in wilds:
                    if not (two_taken and face == two):
                        yield low, high, hole, face
                continue
            if not both_aces:
                yield low, high, 0, -1
            for position in range(low, high + 1):
                if not wild_places >> position & 1:
                    continue
                if both_aces and position != ACE_LOW and position != ACE_HIGH:
                    continue
                natural = naturals[position]
                for face in wilds:
                    if face != natural and not (two_taken and face == two):
                        yield low, high, position, face


def sequence_meld(suit: int, low: int, high: int, wild_position: int, wild_face: int) -> Meld:
    naturals = NATURAL_CARDS[suit]
    if wild_position:
        cards = (
            *naturals[low:wild_position],
            FACE_CARDS[wild_face],
            *naturals[wild_position + 1 : high + 1],
        )
        return Meld(
            kind=MeldKind.SEQUENCE,
            cards=cards,
            suit=SUITS[suit],
            rank=None,
            low=low,
            wild_position=wild_position,
        )
    return Meld(
        kind=MeldKind.SEQUENCE,
        cards=naturals[low : high + 1],
        suit=SUITS[suit],
        rank=None,
        low=low,
        wild_position=None,
    )



# --- sets -------------------------------------------------------------------------------------

_SUB_SUITS: dict[int, tuple[tuple[int, ...], ...]] = {}


def sub_suits(key: int) -> tuple[tuple[int, ...], ...]:
    """Every sub-multiset of the suits counted by ``key`` (3 bits per suit S H D C), each as a
    sorted tuple of suit numbers, ordered by size and then lexicographically."""
    found = _SUB_SUITS.get(key)
    if found is None:
        limits = [key >> (3 * suit) & 7 for suit in range(4)]
        subsets = [
            (0,) * spades + (1,) * hearts + (2,) * diamonds + (3,) * clubs
            for spades in range(limits[0] + 1)
            for hearts in range(limits[1] + 1)
            for diamonds in range(limits[2] + 1)
            for clubs in range(limits[3] + 1)
        ]
        subsets.sort(key=lambda suits: (len(suits), suits))
        found = _SUB_SUITS[key] = tuple(subsets)
    return found



def set_rank_mask(hand: int) -> int:
    """The ranks 3..A of which ``hand`` holds at least 2 natural cards, as a mask with bit
    ``rank - 2``.

    The counts of spades and hearts, and of diamonds and clubs, are added field by field (each
    sum is at most 4, so no field overflows); a rank has two naturals when either sum is 2 or
    more, or both are at least 1.
    """
    fields = SUIT_FIELDS
    upper = (hand >> 39 & fields) + (hand & fields)
    lower = (hand >> 117 & fields) + (hand >> 78 & fields)
    low_bits = SUIT_LOW_BITS
    some_upper = (upper | upper >> 1 | upper >> 2) & low_bits
    some_lower = (lower | lower >> 1 | lower >> 2) & low_bits
    many = (upper >> 1 | upper >> 2 | lower >> 1 | lower >> 2) & low_bits
    return _compress_ranks((many | (some_upper & some_lower)) & ~1)


def _compress_ranks(spread: int) -> int:
    """A mask with a bit every 3 (one per rank offset) packed into consecutive bits."""
    packed = 0
    while spread:
        lowest = spread & -spread
        spread ^= lowest
        packed |= 1 << ((lowest.bit_length() - 1) // 3)
    return packed


def rank_key(hand: int, rank: int) -> int:
    offset = 3 * (rank - 2)
    return (
        (hand >> offset & 7)
        | (hand >> (offset + 39) & 7) << 3
        | (hand >> (offset + 78) & 7) << 6
        | (hand >> (offset + 117) & 7) << 9
    )


def held_wilds(hand: int) -> list[tuple[int, Card, int]]:
    """The distinct wild faces held, in face order, each with its card and its insertion slot
    (its suit, 4 for the joker)."""
    return [
        (face, FACE_CARDS[face], slot)
        for slot, face in enumerate(WILD_FACES)
        if hand >> (3 * face) & 7
    ]
