"""Every way a packed hand can add to a Burraco meld on the table (`additions`; one alone:
`set_addition_at`, `sequence_addition_at`), and the adds of exactly given cards (`results_for`).

**Adding to a sequence** (option ``wild_rearrangement``). The result is a valid sequence of the
same suit holding the old cards and the added ones.

* ``"tournament"`` (default): every old card keeps its position, except that (a) when an added
  natural card takes the place of the old wild, the wild moves to any other position of the
  result (a 2 of the suit landing at 2 becomes natural, and the meld may then take another
  wild), and (b) when the meld has no wild and starts with the natural 2 of its suit, that 2
  may leave position 2 to act as the wild higher up (rules §4.5.4). Aces keep their place.
* ``"free"``: any valid arrangement of all the old and added cards.

Two adds are the same move exactly when they leave the same arrangement (identical copies are
interchangeable). When ``R`` holds two copies of an added face, the added copy is taken to be
the one that is not an old card staying in its place, and otherwise the lower one.

Order (deterministic, no set iteration):

* `additions` to a set: by the natural cards added (fewer first, then their suits' canonical
  order), adding no wild before adding each wild face in order; to a sequence: by the result's
  low position, length, clean before dirty, wild position and wild face.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from parlour.base import Card
from parlour.burraco._faces import FACE_BY_CODE, FACE_CARDS, contains, pack, size
from parlour.burraco._meld_shapes import (
    held_wilds,
    rank_key,
    sequence_meld,
    sequence_shapes,
    sub_suits,
)
from parlour.burraco._meld_tables import (
    ACE_HIGH,
    ACE_LOW,
    ALL_POSITIONS,
    CACHE_SIZE,
    MAX_SET_LENGTH,
    NATURAL_FACE,
    OUTSIDE,
    RANK_MASKS,
    RUN_PACKED,
    SUIT_FIELDS,
    SUIT_MASKS,
    TWO_POSITION,
    UNIT,
    WILD_FIELDS,
    Addition,
    Meld,
    MeldKind,
    MeldRules,
    rank_of,
    suit_of,
)

__all__ = [
    "additions",
    "results_for",
    "sequence_addition_at",
    "sequence_addition_shapes",
    "sequence_additions",
    "set_addition_at",
    "within_reach",
]

# --- additions --------------------------------------------------------------------------------


def _places_kept(
    low: int,
    high: int,
    wild_position: int,
    wild_face: int,
    old_low: int,
    old_high: int,
    old_wild: int,
    old_wild_face: int,
    two_face: int,
) -> bool:
    """Whether the result low..high (wild at ``wild_position``) of a sequence follows the
    tournament rule from the old sequence old_low..old_high (wild at ``old_wild``, 0 if none),
    given that it holds every old card.

    Either every old card stays (the old wild included), or only the old wild moves because a
    natural takes its place (the result then has no wild inside the old span), or the meld has no
    wild and starts with its natural 2, which leaves for a wild place above the old high end.
    """
    if low <= old_low and high >= old_high:
        if old_wild and wild_position == old_wild:
            return wild_face == old_wild_face
        return not old_low <= wild_position <= old_high
    return (
        not old_wild
        and old_low == TWO_POSITION
        and low == TWO_POSITION + 1
        and wild_position > old_high
        and wild_face == two_face
    )


@functools.lru_cache(maxsize=CACHE_SIZE)
def _sequence_frame(
    meld: Meld, keeps_places: bool
) -> tuple[int, int, int, int, int, int, int, int, int]:
    """What `_sequence_results` needs of the sequence ``meld`` whatever the hand: its suit, low
    and high positions, wild position (0 if clean), packed cards, wild face (-1 if clean), and
    the bounds of a result (the highest low end, the lowest high end, the wild's possible
    places as a mask), with the old cards keeping their places when ``keeps_places``."""
    suit = suit_of(meld)
    old_low = meld.low
    old_high = old_low + len(meld.cards) - 1
    old_wild = meld.wild_position or 0
    by_code = FACE_BY_CODE
    old_faces = [by_code[card.code] for card in meld.cards]
    old = pack(old_faces)
    old_wild_face = old_faces[old_wild - old_low] if old_wild else -1
    if keeps_places:
        low_max = TWO_POSITION + 1 if not old_wild and old_low == TWO_POSITION else old_low
        high_min = old_high
        wild_places = OUTSIDE[old_low][old_high] | (1 << old_wild if old_wild else 0)
    else:
        fixed = [
            position
            for position in range(max(old_low, 3), min(old_high, 13) + 1)
            if position != old_wild
        ]
        low_max = fixed[0] if fixed else ACE_HIGH
        high_min = fixed[-1] if fixed else 0
        wild_places = ALL_POSITIONS & ~sum(1 << position for position in fixed)
    return (
        suit, old_low, old_high, old_wild, old, old_wild_face, low_max, high_min, wild_places
    )  # fmt: skip


def _sequence_results(
    meld: Meld, pool: int, rules: MeldRules, min_length: int, keeps_places: bool
) -> list[tuple[int, int, int, int, int]]:
    """The legal results of adding cards of ``pool`` (which holds the meld's own cards too) to
    the sequence ``meld``: ``(low, high, wild_position, wild_face, packed result)`` for every
    valid sequence of at least ``min_length`` cards holding every old card and, when
    ``keeps_places``, following the tournament rule."""
    suit, old_low, old_high, old_wild, old, old_wild_face, low_max, high_min, wild_places = (
        _sequence_frame(meld, keeps_places)
    )
    naturals = NATURAL_FACE[suit]
    run = RUN_PACKED[suit]
    unit = UNIT
    results = []
    for low, high, wild_position, wild_face in sequence_shapes(
        pool, suit, rules.max_sequence_length, min_length, low_max, high_min, wild_places
    ):
        result = run[low][high]
        if wild_position:
            result += unit[wild_face] - unit[naturals[wild_position]]
        if not contains(result, old):
            continue
        if keeps_places and not _places_kept(
            low,
            high,
            wild_position,
            wild_face,
            old_low,
            old_high,
            old_wild,
            old_wild_face,
            naturals[TWO_POSITION],
        ):
            continue
        results.append((low, high, wild_position, wild_face, result))
    return results


def _sequence_addition(
    meld: Meld, shape: tuple[int, int, int, int, int], added: int, ambiguous: bool
) -> Addition:
    """The `Addition` of one result shape: the added cards in ascending order of the positions
    they take, an old card being taken to stay wherever the result holds its face there."""
    low, high, wild_position, wild_face, _packed = shape
    suit = suit_of(meld)
    naturals = NATURAL_FACE[suit]
    old_low = meld.low
    old_cards = meld.cards
    old_high = old_low + len(old_cards) - 1
    by_code = FACE_BY_CODE
    remaining = added
    added_cards: list[Card] = []
    for position in range(low, high + 1):
        face = wild_face if position == wild_position else naturals[position]
        if old_low <= position <= old_high and by_code[old_cards[position - old_low].code] == face:
            continue
        if remaining >> (3 * face) & 7:
            remaining -= UNIT[face]
            added_cards.append(FACE_CARDS[face])
    return Addition(
        added=tuple(added_cards),
        result=sequence_meld(suit, low, high, wild_position, wild_face),
        ambiguous=ambiguous,
    )


def _sequence_addition_shapes(
    meld: Meld, hand: int, rules: MeldRules
) -> list[tuple[int, int, int, int, int]]:
    """The result shapes (see `_sequence_results`) of every add onto the sequence ``meld`` from
    the packed ``hand``, in the order of `additions`: one shape per distinct add."""
    # with no card of the suit only a wild can go on, and under the tournament rule only onto a
    # clean meld (freely, a 2 of the suit acting as the wild may go home to 2 to make room)
    if not hand >> (39 * suit_of(meld)) & SUIT_FIELDS and (
        not hand & WILD_FIELDS or (meld.wild_position is not None and rules.keeps_places)
    ):
        return []
    return _sequence_results(
        meld, meld.packed + hand, rules, len(meld.cards) + 1, rules.keeps_places
    )


def sequence_additions(meld: Meld, hand: int, rules: MeldRules) -> tuple[Addition, ...]:
    shapes = _sequence_addition_shapes(meld, hand, rules)
    if not shapes:
        return ()
    old = meld.packed
    arrangements: dict[int, int] = {}
    for shape in shapes:
        added = shape[4] - old
        arrangements[added] = arrangements.get(added, 0) + 1
    return tuple(
        _sequence_addition(meld, shape, shape[4] - old, arrangements[shape[4] - old] > 1)
        for shape in shapes
    )


def _set_result(meld: Meld, added_faces: Sequence[int], wild: bool) -> Addition:
    by_code = FACE_BY_CODE
    faces = sorted([*(by_code[card.code] for card in meld.cards), *added_faces])
    return Addition(
        added=tuple(FACE_CARDS[face] for face in sorted(added_faces)),
        result=Meld(
            kind=MeldKind.SET,
            cards=tuple(FACE_CARDS[face] for face in faces),
            suit=None,
            rank=meld.rank,
            low=0,
            wild_position=-1 if wild else None,
        ),
        ambiguous=False,
    )


def _set_addition_shapes(meld: Meld, hand: int) -> Iterator[tuple[list[int], bool]]:
    """The adds onto the set ``meld`` from ``hand`` in order (see `_set_additions`), each as
    the faces added and whether the result holds a wild."""
    rank = rank_of(meld)
    length = len(meld.cards)
    has_wild = meld.wild_position is not None
    wilds = [] if has_wild else held_wilds(hand)
    key = rank_key(hand, rank)
    if not key and not wilds:
        return
    offset = rank - 2
    for suits in sub_suits(key):
        total = length + len(suits)
        if total > MAX_SET_LENGTH:
            break
        naturals = [suit * 13 + offset for suit in suits]
        if suits:
            yield naturals, has_wild
        if total < MAX_SET_LENGTH:
            for face, _card, _slot in wilds:
                yield [*naturals, face], True


def _set_additions(meld: Meld, hand: int) -> tuple[Addition, ...]:
    return tuple(_set_result(meld, faces, wild) for faces, wild in _set_addition_shapes(meld, hand))


def additions(meld: Meld, hand: int, rules: MeldRules) -> tuple[Addition, ...]:
    """Every distinct legal add onto ``meld`` from the packed ``hand``, each once.

    Two adds are distinct when they leave different arrangements; the order is that of the
    module docstring.
    """
    wild_part = hand & WILD_FIELDS
    if meld.kind is MeldKind.SET:
        rank_part = hand & RANK_MASKS[rank_of(meld)]
        if not rank_part and (not wild_part or meld.wild_position is not None):
            return ()  # no card of the rank, and no wild it may take
        return _cached_set_additions(meld, rank_part | wild_part)
    suit = suit_of(meld)
    suit_part = hand & SUIT_MASKS[suit]
    if not suit_part and not wild_part:
        return ()  # no card of the suit and no wild
    return _sequence_additions_from(meld, suit_part | wild_part, rules)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _sequence_additions_from(meld: Meld, pool: int, rules: MeldRules) -> tuple[Addition, ...]:
    """The additions onto the sequence ``meld`` from ``pool`` (the hand's cards of its suit and
    its wilds), found through the cards within reach (`within_reach`), which more hands share."""
    suit = suit_of(meld)
    wild_part = pool & WILD_FIELDS
    return _cached_sequence_additions(meld, within_reach(meld, suit, pool) | wild_part, rules)


def within_reach(meld: Meld, suit: int, hand: int) -> int:
    """The cards of ``suit`` in ``hand`` that some add onto the sequence ``meld`` could use:
    those at the places from its ends outwards while the hand holds them (one missing place
    may be bridged when a wild is held, or the meld has one or a natural 2; the meld's own 2 of
    the suit may stand at 2), and the natural card of its wild's place. No valid result can
    reach a card beyond: a sequence has no gap and one wild."""
    naturals = NATURAL_FACE[suit]
    two_held = meld.packed >> (3 * naturals[TWO_POSITION]) & 7
    home = TWO_POSITION if two_held else -1  # the meld's own 2 may stand at 2
    can_bridge = (
        hand & WILD_FIELDS or meld.wild_position is not None or meld.low == TWO_POSITION
    )  # a wild held, the meld's own wild, or its natural 2, which may become the wild
    bridges = 1 if can_bridge else 0
    reach = 0
    for start, step in ((meld.low - 1, -1), (meld.high + 1, 1)):
        position, gaps = start, bridges
        while ACE_LOW <= position <= ACE_HIGH:
            field = 7 << (3 * naturals[position])
            if hand & field:
                reach |= field
            elif position == home:
                pass
            elif gaps:
                gaps -= 1
            else:
                break
            position += step
    if meld.wild_position:
        reach |= 7 << (3 * naturals[meld.wild_position])
    if meld.low == TWO_POSITION + 1 or meld.low == TWO_POSITION:
        reach |= 7 << (3 * naturals[TWO_POSITION])  # the 2 may go home, or join as natural
    return hand & reach


@functools.lru_cache(maxsize=CACHE_SIZE)
def _cached_set_additions(meld: Meld, pool: int) -> tuple[Addition, ...]:
    """`_set_additions` from ``pool``, a hand reduced to the set's rank and the wild cards."""
    return _set_additions(meld, pool)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _cached_sequence_additions(meld: Meld, pool: int, rules: MeldRules) -> tuple[Addition, ...]:
    """`sequence_additions` from ``pool``, a hand reduced to the meld's suit and the wild
    cards."""
    return sequence_additions(meld, pool, rules)


def results_for(meld: Meld, added: int, rules: MeldRules, keeps_places: bool) -> list[Addition]:
    """The legal adds of exactly the packed cards ``added`` onto ``meld``."""
    if meld.kind is MeldKind.SET:
        found = [
            addition
            for addition in _set_additions(meld, added)
            if addition.result.packed == meld.packed + added
        ]
        return found[:1]
    old = meld.packed
    pool = old + added
    shapes = _sequence_results(meld, pool, rules, size(pool), keeps_places)
    return [_sequence_addition(meld, shape, added, len(shapes) > 1) for shape in shapes]


def set_addition_at(meld: Meld, hand: int, index: int) -> Addition:
    """``additions(meld, hand, rules)[index]`` for a set ``meld``, building only that
    addition; `IndexError` past the end."""
    for faces, wild in itertools.islice(_set_addition_shapes(meld, hand), index, None):
        return _set_result(meld, faces, wild)
    raise IndexError(f"no addition number {index}")


def sequence_addition_shapes(
    meld: Meld, pool: int, rules: MeldRules
) -> tuple[tuple[int, int, int, int, int], ...]:
    """The shapes ``(low, high, wild_position, wild_face, packed result)`` of the adds onto
    the sequence ``meld`` from ``pool``, the hand's cards of its suit and its wild cards, one
    per add in the order of `additions`."""
    suit = suit_of(meld)
    return tuple(
        _sequence_addition_shapes(meld, within_reach(meld, suit, pool) | pool & WILD_FIELDS,
                                  rules)
    )  # fmt: skip


def sequence_addition_at(
    meld: Meld, shapes: Sequence[tuple[int, int, int, int, int]], index: int
) -> Addition:
    """``additions(meld, hand, rules)[index]`` for a sequence ``meld``, from the ``shapes`` of
    `sequence_addition_shapes` for that hand, building only that addition."""
    shape = shapes[index]
    result = shape[4]
    ambiguous = sum(1 for other in shapes if other[4] == result) > 1
    return _sequence_addition(meld, shape, result - meld.packed, ambiguous)
