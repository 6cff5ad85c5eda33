"""How many moves each block of a Burraco legal set holds, without building them.

A play-phase legal set (`parlour.burraco._legal_set.LegalMoves`) is a row of blocks: the new sets of
each rank, the new sequences of each suit, the adds onto each of the team's melds, the discards.
Each function here gives a block's ``(count, most)``: how many moves the meld engine lists for
it (`parlour.burraco._meld_listing.new_melds`, `parlour.burraco._meld_adding.additions`) and
the most cards any one of them lays (0 when there is none), so that the legal set knows its
length at once and builds only the block that is read.

The counts are cached by the part of the hand that decides them: a rank's four counts and the
number of distinct wild faces held for sets; a suit's 13 counts and the number of distinct wild
faces other than the suit's own 2 for sequences (the other wild faces play alike, and every
suit shares one table). The adds onto a sequence are cached for each meld by the hand's cards
of its suit and the other wild faces it holds, and, through the cards within its reach
(`parlour.burraco._meld_adding.within_reach`), by the meld's shape whatever its suit: they are
counted on the spade sequence of that shape (the other wild faces play alike, each only ever
acting as a wild). Each cache is emptied when it reaches its size limit.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from parlour.burraco._faces import FACE_OF, JOKER_FACE
from parlour.burraco._meld_adding import sequence_addition_shapes, within_reach
from parlour.burraco._meld_shapes import (
    presence,
    rank_key,
    sequence_meld,
    sequence_reach,
    sub_suits,
)
from parlour.burraco._meld_tables import (
    ACE_HIGH,
    ACE_LOW,
    MAX_SET_LENGTH,
    MAX_WILDS,
    MIN_MELD_LENGTH,
    SUIT_FIELDS,
    SUIT_MASKS,
    TWO_POSITION,
    Meld,
    MeldKind,
    MeldRules,
)

__all__ = [
    "CACHE_LIMIT",
    "MELD_LIMIT",
    "POOL_LIMIT",
    "Block",
    "addition_blocks",
    "distinct_faces_count",
    "distinct_wilds",
    "new_sequence_blocks",
    "new_set_block",
    "rules_code",
]

Block = tuple[int, int]
"""A block's ``(count, most)``: its number of moves and the most cards one of them lays."""
EMPTY_BLOCK: Block = (0, 0)

CACHE_LIMIT = 1 << 15
"""The most entries a count cache holds before it is emptied."""
MELD_LIMIT = 1 << 13
"""The most melds whose adds are cached before that cache is emptied."""
POOL_LIMIT = 1 << 8
"""The most pools cached for one meld before its cache is emptied."""

_SET = MeldKind.SET
_WILD_LOW_BITS = sum(1 << (3 * face) for face in (0, 13, 26, 39, JOKER_FACE))
_FACE_LOW_BITS = sum(1 << (3 * face) for face in range(JOKER_FACE + 1))
_OWN_TWO: tuple[int, ...] = tuple(7 << (39 * suit) for suit in range(4))
"""The field of each suit's own 2."""
_NOT_OWN_TWO: tuple[int, ...] = tuple(~field for field in _OWN_TWO)
"""Every field but that of each suit's own 2."""


def distinct_wilds(wild_part: int) -> int:
    """The number of distinct wild faces (2S 2H 2D 2C JK) in ``wild_part``, a packed hand's
    wild cards."""
    return ((wild_part | wild_part >> 1 | wild_part >> 2) & _WILD_LOW_BITS).bit_count()


def distinct_faces_count(hand: int) -> int:
    """The number of distinct faces in the packed ``hand``."""
    return ((hand | hand >> 1 | hand >> 2) & _FACE_LOW_BITS).bit_count()


_NEW_SETS: dict[int, Block] = {}


def new_set_block(key: int, wilds: int) -> Block:
    """The new sets of one rank (`parlour.burraco._meld_listing.new_sets_of_rank`): ``key``
    holds the counts of its four faces (3 bits a suit), ``wilds`` the number of distinct wild
    faces held."""
    cache_key = key << 3 | wilds
    found = _NEW_SETS.get(cache_key)
    if found is None:
        count = most = 0
        for suits in sub_suits(key):
            held = len(suits)
            if held < MIN_MELD_LENGTH - MAX_WILDS:
                continue
            if held >= MIN_MELD_LENGTH:
                count += 1
                most = max(most, held)
            if held < MAX_SET_LENGTH and wilds:
                count += wilds
                most = max(most, held + 1)
        found = _NEW_SETS[cache_key] = (count, most)
    return found


_NEW_SEQUENCES: dict[int, Block] = {}


def new_sequence_blocks(hand: int, wilds: int, max_length: int) -> list[Block]:
    """The new sequences of each suit S H D C from the packed ``hand`` holding ``wilds``
    distinct wild faces (`parlour.burraco._meld_listing.new_sequences_of_suit`), for sequences of at
    most ``max_length`` cards."""
    cache = _NEW_SEQUENCES
    blocks = []
    for shift in (0, 39, 78, 117):
        suit_part = hand >> shift & SUIT_FIELDS
        other = wilds - 1 if suit_part & 7 else wilds  # the suit's own 2 is its first field
        cache_key = (suit_part << 3 | other) << 4 | max_length
        found = cache.get(cache_key)
        if found is None:
            found = _new_sequence_block(suit_part, other, max_length)
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            cache[cache_key] = found
        blocks.append(found)
    return blocks


def _new_sequence_block(suit_part: int, other: int, max_length: int) -> Block:
    """The new sequences of a suit whose 13 counts are ``suit_part`` (spades' fields), with
    ``other`` distinct wild faces besides the suit's own 2.

    The windows low..high are those `parlour.burraco._meld_shapes.sequence_shapes` visits; each
    is counted without listing its shapes: a window with a hole takes each usable wild there; a
    full one is clean (unless it needs a single ace at both ends) and takes each usable wild at each
    place. The suit's own 2 is not usable at its own place, nor anywhere once the window holds
    its only copy as the natural 2.
    """
    own_two = suit_part & 7
    wilds = other + (1 if own_two else 0)
    present = presence(suit_part, 0, MIN_MELD_LENGTH - (1 if wilds else 0))
    if not present:
        return EMPTY_BLOCK
    two_is_single = own_two < 2
    ace_is_single = suit_part >> (3 * 12) & 7 < 2
    lows = present | present >> 1 if wilds else present
    lows &= (2 << (ACE_HIGH + 1 - MIN_MELD_LENGTH)) - 2
    count = most = 0
    while lows:
        lowest = lows & -lows
        lows ^= lowest
        low = lowest.bit_length() - 1
        hole, top = sequence_reach(present, low, bool(wilds), max_length)
        for high in range(low + MIN_MELD_LENGTH - 1, top + 1):
            both_aces = ace_is_single and low == ACE_LOW and high == ACE_HIGH
            two_taken = two_is_single and low <= TWO_POSITION <= high
            if high >= hole:
                found = 0 if both_aces else wilds - (1 if own_two and two_taken else 0)
            else:
                places = 2 if both_aces else high - low + 1
                if not own_two:
                    lost = 0
                elif two_taken:
                    lost = places
                else:  # the 2 is not usable at its own place
                    lost = 1 if low <= TWO_POSITION <= high and not both_aces else 0
                found = (0 if both_aces else 1) + places * wilds - lost
            if found:
                count += found
                most = max(most, high - low + 1)
    return count, most


_SET_ADDITIONS: dict[int, Block] = {}

SequenceShape = tuple[int, int, int, int, int]
"""A sequence on the table whatever its suit: ``(low, high, wild_position, wild_class,
wild_face)``, the wild position 0 when clean; the class 0 clean, 1 the suit's own 2 acting as
the wild, 2 another wild (a joker or a 2 of another suit), ``wild_face`` its face (-1 clean)."""

_SEQUENCE_ADDITIONS: dict[Meld, tuple[SequenceShape, dict[int, Block]]] = {}
"""For each sequence on the table, its shape and its blocks by pool (the hand's cards of its
suit and a bit for each other wild face held, shifted up 3 bits for the rules' `rules_code`)."""


def rules_code(rules: MeldRules) -> int:
    """The meld rules as two bits: ``ace_to_ace_run``, and ``wild_rearrangement`` free."""
    return (2 if rules.ace_to_ace_run else 0) | (0 if rules.keeps_places else 4)


def addition_blocks(
    melds: Sequence[Meld], hand: int, wild_part: int, wilds: int, rules: MeldRules
) -> list[Block]:
    """The adds onto each of ``melds`` from the packed ``hand``
    (`parlour.burraco._meld_adding.additions`); ``wild_part`` is the hand's wild cards and ``wilds``
    their number of distinct faces."""
    code = rules_code(rules)
    wild_seen = (wild_part | wild_part >> 1 | wild_part >> 2) & _WILD_LOW_BITS
    blocks = []
    for meld in melds:
        if meld.kind is _SET:
            assert meld.rank is not None
            blocks.append(
                _set_addition_block(
                    rank_key(hand, meld.rank), len(meld.cards),
                    0 if meld.wild_position is not None else wilds,
                )
            )  # fmt: skip
            continue
        assert meld.suit is not None
        suit = int(meld.suit)
        suit_part = hand & SUIT_MASKS[suit]
        if not suit_part and not wild_part:
            blocks.append(EMPTY_BLOCK)
            continue
        entry = _SEQUENCE_ADDITIONS.get(meld)
        if entry is None:
            if len(_SEQUENCE_ADDITIONS) >= MELD_LIMIT:
                _SEQUENCE_ADDITIONS.clear()
            entry = _SEQUENCE_ADDITIONS[meld] = (_sequence_shape(meld, suit), {})
        shape, by_pool = entry
        # of the wild faces other than the suit's own 2 only which are held matters
        others_seen = wild_seen & _NOT_OWN_TWO[suit]
        pool_key = (suit_part | others_seen) << 3 | code
        found = by_pool.get(pool_key)
        if found is None:
            if len(by_pool) >= POOL_LIMIT:
                by_pool.clear()
            within = within_reach(meld, suit, suit_part | wild_part)
            found = by_pool[pool_key] = _sequence_addition_block(
                shape, (within | suit_part & _OWN_TWO[suit]) >> (39 * suit),
                others_seen.bit_count(), rules,
            )  # fmt: skip
        blocks.append(found)
    return blocks


def _sequence_shape(meld: Meld, suit: int) -> SequenceShape:
    """The shape of the sequence ``meld`` of ``suit``."""
    wild = meld.wild_card
    if wild is None or meld.wild_position is None:
        return meld.low, meld.high, 0, 0, -1
    face = FACE_OF[wild]
    wild_class = 1 if face == 13 * suit else 2
    return meld.low, meld.high, meld.wild_position, wild_class, face


_CANONICAL_ADDITIONS: dict[tuple[int, int, int, int, int, int, int], Block] = {}
"""The adds onto a sequence by its shape less its wild face, the hand's 13 counts of the suit,
the number of distinct other wild faces held that count, and the rules' code."""

_SPADE_WILDS = (-1, 0, JOKER_FACE)
"""The wild face standing for each class of wild in a spade sequence: none, the 2S, the joker."""
_SPADE_OTHER_WILDS: tuple[int, ...] = tuple(
    sum(1 << (3 * face) for face in (JOKER_FACE, 13, 26, 39)[:others]) for others in range(5)
)
"""Packed stand-ins for 0..4 distinct wild faces other than the 2S, held for a spade sequence."""


@functools.lru_cache(maxsize=1024)
def _spade_sequence(low: int, high: int, wild_position: int, wild_face: int) -> Meld:
    """The spade sequence low..high with ``wild_face`` at ``wild_position`` (0: clean)."""
    return sequence_meld(0, low, high, wild_position, wild_face)


def _sequence_addition_block(
    shape: SequenceShape, suit_part: int, others: int, rules: MeldRules
) -> Block:
    """The adds onto a sequence of ``shape`` from a hand whose counts of the suit are
    ``suit_part`` (its cards within reach, shifted to the spades' fields) holding ``others``
    distinct wild faces other than the suit's own 2: counted on the spade sequence of that
    shape, with the joker as its wild of class 2 and stand-ins for the hand's other wilds.

    Those wild faces play alike in a sequence (each only acts as a wild), so the count is the
    same for every suit and every choice of them; a meld whose wild is one of them keeps it as
    its one wild, so that the hand's others then count for nothing.
    """
    low, high, wild_position, wild_class, _wild_face = shape
    if wild_class == 2:
        others = 0  # the meld's own wild stays its one wild: no other wild can be added
    cache_key = (low, high, wild_position, wild_class, suit_part, others, rules_code(rules))
    found = _CANONICAL_ADDITIONS.get(cache_key)
    if found is None:
        if len(_CANONICAL_ADDITIONS) >= CACHE_LIMIT:
            _CANONICAL_ADDITIONS.clear()
        meld = _spade_sequence(low, high, wild_position, _SPADE_WILDS[wild_class])
        shapes = sequence_addition_shapes(meld, suit_part | _SPADE_OTHER_WILDS[others], rules)
        length = high - low + 1
        most = max((top - bottom + 1 - length for bottom, top, *_rest in shapes), default=0)
        found = _CANONICAL_ADDITIONS[cache_key] = (len(shapes), most)
    return found


def _set_addition_block(key: int, length: int, wilds: int) -> Block:
    """The adds onto a set of ``length`` cards from a hand whose cards of the set's rank are
    counted by ``key``, holding ``wilds`` distinct wild faces the set may take (0 if it has
    one) (`parlour.burraco._meld_adding.additions`)."""
    cache_key = (key << 4 | length) << 3 | wilds
    found = _SET_ADDITIONS.get(cache_key)
    if found is None:
        count = most = 0
        if key or wilds:
            for suits in sub_suits(key):
                added = len(suits)
                total = length + added
                if total > MAX_SET_LENGTH:
                    break
                if suits:
                    count += 1
                    most = max(most, added)
                if total < MAX_SET_LENGTH and wilds:
                    count += wilds
                    most = max(most, added + 1)
        found = _SET_ADDITIONS[cache_key] = (count, most)
    return found
