"""The block counts of `parlour.burraco._counts` against the meld engine's own lists: for each
hand, every count equals the length of the list the engine builds for that block, and ``most``
the most cards one of its moves lays (hands drawn at random from the 108-card deck, all sizes;
the sequence count also for every suit and both sequence lengths)."""

from __future__ import annotations

import random

import pytest

from parlour.burraco import _counts as counts
from parlour.burraco._faces import DECK, FACE_OF, WILD_FACES, faces_of, nth_distinct_face, pack
from parlour.burraco._meld_adding import additions
from parlour.burraco._meld_listing import new_melds, new_sequences_of_suit, new_sets_of_rank
from parlour.burraco._meld_shapes import rank_key, set_rank_mask
from parlour.burraco._meld_tables import SUIT_MASKS, WILD_FIELDS, Addition, Meld, MeldRules

RULES = [
    MeldRules(),
    MeldRules(ace_to_ace_run=True),
    MeldRules(wild_rearrangement="free"),
    MeldRules(ace_to_ace_run=True, wild_rearrangement="free"),
]


def _hands(seed: str, number: int) -> list[int]:
    """``number`` packed hands of 1 to 30 cards dealt from a shuffled deck."""
    rng = random.Random(seed)
    hands = []
    for _ in range(number):
        deck = list(DECK)
        rng.shuffle(deck)
        hands.append(pack(FACE_OF[card] for card in deck[: rng.randint(1, 30)]))
    return hands


def _long_runs() -> list[int]:
    """Hands holding a whole suit or most of it (the long and ace-to-ace sequences), with one
    or two aces and 2s of the suit and none, one or two other wilds."""
    hands = []
    for suit in range(4):
        whole = pack(range(13 * suit, 13 * suit + 13))
        for extra in ([], [13 * suit], [13 * suit + 12], [13 * suit, 13 * suit + 12]):
            for wilds in ([], [52], [52, (13 * suit + 13) % 52], [52, 52]):
                for missing in (-1, 13 * suit + 5, 13 * suit + 12, 13 * suit):
                    faces = [*extra, *wilds]
                    hand = whole + pack(faces)
                    hands.append(hand - (1 << 3 * missing) if missing >= 0 else hand)
    return hands


def _meld_block(melds: tuple[Meld, ...]) -> tuple[int, int]:
    return len(melds), max((len(meld.cards) for meld in melds), default=0)


def _addition_block(found: tuple[Addition, ...]) -> tuple[int, int]:
    return len(found), max((len(addition.added) for addition in found), default=0)


@pytest.mark.parametrize("max_length", [13, 14])
def test_new_sequence_counts_equal_the_engine_lists(max_length: int) -> None:
    for hand in _hands(f"sequences {max_length}", 1500) + _long_runs():
        wild_part = hand & WILD_FIELDS
        found = counts.new_sequence_blocks(hand, counts.distinct_wilds(wild_part), max_length)
        for suit in range(4):
            listed = new_sequences_of_suit(hand & SUIT_MASKS[suit] | wild_part, suit, max_length)
            assert found[suit] == _meld_block(listed), (hand, suit)


def test_new_set_counts_equal_the_engine_lists() -> None:
    for hand in _hands("sets", 1500):
        wild_part = hand & WILD_FIELDS
        wilds = counts.distinct_wilds(wild_part)
        ranks = set_rank_mask(hand)
        for rank in range(3, 15):
            key = rank_key(hand, rank)
            listed = new_sets_of_rank(rank, key, wild_part) if ranks >> (rank - 2) & 1 else ()
            expected = _meld_block(listed)
            if ranks >> (rank - 2) & 1:
                assert counts.new_set_block(key, wilds) == expected, (hand, rank)
            else:  # no set of a rank held fewer than twice
                assert expected == (0, 0)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_addition_counts_equal_the_engine_lists(rules: MeldRules) -> None:
    hands = _hands(f"additions {rules}", 500) + _long_runs()[1::4]
    table: list[Meld] = []
    for hand in hands[:200] + _long_runs()[::8]:  # sets and sequences of every kind
        table.extend(new_melds(hand, rules)[::7])
    rng = random.Random(str(rules))
    for hand in hands[200:]:
        melds = rng.sample(table, 6)
        wild_part = hand & WILD_FIELDS
        found = counts.addition_blocks(
            melds, hand, wild_part, counts.distinct_wilds(wild_part), rules
        )
        for meld, block in zip(melds, found, strict=True):
            assert block == _addition_block(additions(meld, hand, rules)), (meld, hand)


def test_distinct_face_counts_and_picks() -> None:
    for hand in _hands("faces", 500):
        distinct = sorted(set(faces_of(hand)))
        assert counts.distinct_faces_count(hand) == len(distinct)
        assert [nth_distinct_face(hand, index) for index in range(len(distinct))] == distinct
        held_wilds = [face for face in WILD_FACES if face in distinct]
        assert counts.distinct_wilds(hand & WILD_FIELDS) == len(held_wilds)
        with pytest.raises(IndexError):
            nth_distinct_face(hand, len(distinct))
