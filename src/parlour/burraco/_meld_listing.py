"""Every new Burraco meld a packed hand can lay down (`new_melds`), by rank for sets and by suit
for sequences (`new_sets_of_rank`, `new_sequences_of_suit`; `new_sequence_at` builds one alone).

Every set and every sequence, with every distinct wild face held at every place it could stand.
Order (deterministic, no set iteration):

* `new_melds`: every set first, by rank (3 … K, A), then by the natural cards (fewer first, then
  the canonical order of their suits), the clean set before the dirty ones by wild face (2S 2H
  2D 2C JK); then every sequence by suit (S H D C), low position, length, the clean one first,
  then by wild position and wild face.
"""

from __future__ import annotations

import functools
import itertools

from parlour.base import Card
from parlour.burraco._faces import FACE_CARDS
from parlour.burraco._meld_shapes import (
    held_wilds,
    rank_key,
    sequence_meld,
    sequence_shapes,
    set_rank_mask,
    sub_suits,
)
from parlour.burraco._meld_tables import (
    ACE_HIGH,
    ALL_POSITIONS,
    CACHE_SIZE,
    MAX_SET_LENGTH,
    MAX_WILDS,
    MIN_MELD_LENGTH,
    RANK_OF,
    SUIT_MASKS,
    WILD_FIELDS,
    Meld,
    MeldKind,
    MeldRules,
)

__all__ = [
    "new_melds",
    "new_sequence_at",
    "new_sequences_of_suit",
    "new_sets_of_rank",
]

# --- new melds --------------------------------------------------------------------------------


def new_melds(hand: int, rules: MeldRules) -> tuple[Meld, ...]:
    """Every distinct legal new meld that the packed ``hand`` can lay down, each once.

    Every set and every sequence, with every distinct wild face held at every place it could
    stand (also for a natural card the hand holds), in the order of the module docstring.
    """
    melds: list[Meld] = []
    wild_part = hand & WILD_FIELDS
    ranks = set_rank_mask(hand)
    while ranks:
        lowest = ranks & -ranks
        ranks ^= lowest
        rank = lowest.bit_length() + 1
        melds.extend(new_sets_of_rank(rank, rank_key(hand, rank), wild_part))
    max_length = rules.max_sequence_length
    for suit in range(4):
        melds.extend(new_sequences_of_suit(hand & SUIT_MASKS[suit] | wild_part, suit, max_length))
    return tuple(melds)




@functools.lru_cache(maxsize=CACHE_SIZE)
def new_sets_of_rank(rank: int, key: int, wild_part: int) -> tuple[Meld, ...]:
    """Every new set of ``rank``: ``key`` holds the counts of its four faces (3 bits each, see
    `rank_key`) and ``wild_part`` the wild cards of the hand."""
    melds: list[Meld] = []
    append = melds.append
    wilds = held_wilds(wild_part)
    set_kind = MeldKind.SET
    rank_member = RANK_OF[rank]
    for naturals, slots in _set_naturals(rank, key):
        held = len(naturals)
        if held < MIN_MELD_LENGTH - MAX_WILDS:
            continue
        if held >= MIN_MELD_LENGTH:
            append(
                Meld(
                    kind=set_kind, cards=naturals, suit=None, rank=rank_member, low=0,
                    wild_position=None,
                )
            )  # fmt: skip
        if held < MAX_SET_LENGTH:
            for _face, card, slot in wilds:
                at = slots[slot]
                append(
                    Meld(
                        kind=set_kind, cards=(*naturals[:at], card, *naturals[at:]), suit=None,
                        rank=rank_member, low=0, wild_position=-1,
                    )
                )  # fmt: skip
    return tuple(melds)


@functools.lru_cache(maxsize=CACHE_SIZE)
def new_sequences_of_suit(pool: int, suit: int, max_length: int) -> tuple[Meld, ...]:
    """Every new sequence of ``suit`` from ``pool``, a packed hand reduced to that suit's cards
    and the wild cards (all a sequence of the suit can use), so that hands which differ only
    in other suits share one result."""
    return tuple(
        sequence_meld(suit, low, high, wild_position, wild_face)
        for low, high, wild_position, wild_face in sequence_shapes(
            pool, suit, max_length, MIN_MELD_LENGTH, ACE_HIGH, 0, ALL_POSITIONS
        )
    )



_SET_NATURALS: dict[int, tuple[tuple[tuple[Card, ...], tuple[int, ...]], ...]] = {}


def _set_naturals(rank: int, key: int) -> tuple[tuple[tuple[Card, ...], tuple[int, ...]], ...]:
    """The natural cards of each sub-multiset of `sub_suits`, for one rank, with the index at
    which each wild face (2S 2H 2D 2C JK) is inserted to keep canonical card order."""
    cache_key = key * 16 + rank
    found = _SET_NATURALS.get(cache_key)
    if found is None:
        offset = rank - 2
        found = _SET_NATURALS[cache_key] = tuple(
            (
                tuple(FACE_CARDS[suit * 13 + offset] for suit in suits),
                (*(sum(1 for s in suits if s < wild) for wild in range(4)), len(suits)),
            )
            for suits in sub_suits(key)
        )
    return found



def new_sequence_at(pool: int, suit: int, max_length: int, index: int) -> Meld:
    """``new_sequences_of_suit(pool, suit, max_length)[index]``, building only that meld;
    `IndexError` past the end."""
    shapes = sequence_shapes(pool, suit, max_length, MIN_MELD_LENGTH, ACE_HIGH, 0, ALL_POSITIONS)
    for shape in itertools.islice(shapes, index, None):
        return sequence_meld(suit, *shape)
    raise IndexError(f"no new sequence number {index}")
