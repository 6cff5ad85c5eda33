"""The meld engine against the rules (burraco.md §4.1, §4.4, §4.5, Settled point 5).

Expected values are written out from the rules. The key checks are the brute-force oracles:
every ordering of every sub-multiset of a small hand is read with `read_meld`, and the melds
found must be exactly `new_melds`; every ordering of a meld's cards plus every sub-multiset of a
small hand is read likewise, filtered by the tournament rule written out below position by
position, and the results must be exactly `additions`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import (
    JOKER,
    Card,
    NotationError,
    Rank,
    Suit,
    parse_card,
    sort_cards,
)
from parlour.burraco import MeldKind
from parlour.burraco._faces import DECK, pack_cards
from parlour.burraco._meld_adding import additions
from parlour.burraco._meld_listing import new_melds
from parlour.burraco._meld_reading import addition_text, read_addition, read_meld
from parlour.burraco._meld_tables import (
    Addition,
    Meld,
    MeldProblem,
    MeldRules,
)
from parlour.burraco._moves import Meld as MeldMove

TOURNAMENT = MeldRules()
FREE = MeldRules(wild_rearrangement="free")
ACE_TO_ACE = MeldRules(ace_to_ace_run=True)
ACE_TO_ACE_FREE = MeldRules(ace_to_ace_run=True, wild_rearrangement="free")
ALL_RULES = [TOURNAMENT, FREE, ACE_TO_ACE, ACE_TO_ACE_FREE]


def words(text: str) -> list[str]:
    return text.split()


def cards(text: str) -> list[Card]:
    return [parse_card(token) for token in text.split()]


def meld(text: str, rules: MeldRules = TOURNAMENT) -> Meld:
    found = read_meld(cards(text), rules)
    assert isinstance(found, Meld), (text, found)
    return found


def hand(text: str) -> int:
    return pack_cards(cards(text))


def problem(text: str, rules: MeldRules = TOURNAMENT) -> str:
    found = read_meld(cards(text), rules)
    assert isinstance(found, MeldProblem), (text, found)
    assert found.message
    return found.rule


def results(meld_text: str, hand_text: str, rules: MeldRules = TOURNAMENT) -> list[str]:
    """The canonical texts of every add of the hand's cards onto the meld (as meld 1)."""
    return [addition_text(1, found) for found in additions(meld(meld_text), hand(hand_text), rules)]


def resulting_melds(meld_text: str, hand_text: str, rules: MeldRules = TOURNAMENT) -> list[str]:
    return [found.result.text for found in additions(meld(meld_text), hand(hand_text), rules)]


def is_wild_rank(card: Card) -> bool:
    return card.rank in (Rank.TWO, Rank.JOKER)


# --- reading new melds ------------------------------------------------------------------------

# (text, suit, low, wild position, clean): every one written as Settled point 5 asks
VALID_SEQUENCES = [
    ("3H 4H 5H", "H", 3, None),
    ("3H JK 5H", "H", 3, 4),  # the joker as 4H
    ("JK 3H 4H", "H", 2, 2),  # the joker as 2H
    ("3H 4H JK", "H", 3, 5),  # the joker as 5H
    ("2H 3H 4H", "H", 2, None),  # the 2 of the suit at 2 is natural
    ("2S 3H 4H", "H", 2, 2),  # a 2 of another suit at 2 is a wild
    ("AH 2H 3H", "H", 1, None),  # ace low
    ("QH KH AH", "H", 12, None),  # ace high
    ("QH KH JK", "H", 12, 14),  # the joker as the high ace
    ("JK 2H 3H", "H", 1, 1),  # the joker as the low ace
    ("AH 2H 3H 2S 5H", "H", 1, 4),  # §4.5.2: two 2s, one natural, one wild
    ("3H 4H 5H 2S 7H", "H", 3, 6),  # 2S as 6H
    ("2H 3H 2H", "H", 2, 4),  # both copies of 2H: natural at 2, wild as 4H
    ("2H 2H 3H", "H", 1, 1),  # the first 2H stands for the ace
    ("AH 2H 2S", "H", 1, 3),  # the natural 2H and 2S as 3H
    ("5C 6C 7C 8C 9C 10C JC", "C", 5, None),
    ("9D 10D JD QD KD 2C", "D", 9, 14),  # 2C as the high ace
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "S", 1, None),  # 13: A..K
    ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "S", 2, None),  # 13: 2..A
    ("AS 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS", "S", 1, 7),
]


@pytest.mark.parametrize(("text", "suit", "low", "wild"), VALID_SEQUENCES)
def test_valid_sequences(text: str, suit: str, low: int, wild: int | None) -> None:
    for rules in ALL_RULES:
        found = meld(text, rules)
        assert found.kind is MeldKind.SEQUENCE
        assert found.suit is not None and found.suit.letter == suit
        assert found.rank is None
        assert (found.low, found.wild_position) == (low, wild)
        assert found.high == low + len(text.split()) - 1
        assert found.text == text and str(found) == text
        assert found.is_clean == (wild is None)
        assert found.wild_count == (0 if wild is None else 1)


# (text, rank, has a wild); the cards of a set come back in canonical order
VALID_SETS = [
    ("8C 8H 8S", "8", False),
    ("KS KD KD JK", "K", True),
    ("2C 3S 3H", "3", True),  # a 2 in a set is always wild
    ("AS AS AH AH AD AD AC AC", "A", False),  # all eight aces
    ("QS QS QH QH QD QD QC QC JK", "Q", True),  # nine cards
    ("7D 2D 7D", "7", True),
    ("3H 3H 2H", "3", True),  # a 2 of the set's "suit" is still wild
]


@pytest.mark.parametrize(("text", "rank", "dirty"), VALID_SETS)
def test_valid_sets(text: str, rank: str, dirty: bool) -> None:
    for rules in ALL_RULES:
        found = meld(text, rules)
        assert found.kind is MeldKind.SET
        assert found.rank is not None and found.rank.text == rank
        assert found.suit is None and found.low == 0
        assert found.wild_position == (-1 if dirty else None)
        assert found.is_clean == (not dirty)
        assert list(found.cards) == list(sort_cards(cards(text)))
        assert found.high == 0


def test_a_set_reads_in_any_order() -> None:
    texts = {" ".join(order) for order in itertools.permutations(words("KD JK KS KD"))}
    assert {meld(text).text for text in texts} == {"KS KD KD JK"}


def test_a_meld_move_keeps_a_set_in_canonical_order_and_a_sequence_as_written() -> None:
    # rules: a set's order means nothing (its move holds it in canonical order S H D C, jokers
    # last); a sequence's order says where each card stands (kept as written)
    for order in itertools.permutations(words("KD JK KS KD")):
        assert list(MeldMove(tuple(cards(" ".join(order)))).cards) == cards("KS KD KD JK")
    for text in ("3H 4H 5H", "3H JK 5H", "AH 2H 3H", "QS KS AS", "2C 3S 3H", "3S 3H 2C"):
        written = tuple(cards(text))
        is_set = meld(text).kind is MeldKind.SET
        expected = list(sort_cards(written)) if is_set else list(written)
        assert list(MeldMove(written).cards) == expected, text


def test_every_new_meld_move_holds_its_cards_as_the_rules_order_them() -> None:
    # over the new melds of random hands: a set's move in canonical order, any other as written
    rng = random.Random("meld move order")
    for _ in range(60):
        deck = list(DECK)
        rng.shuffle(deck)
        for found in new_melds(pack_cards(deck[:14]), MeldRules()):
            written = found.cards
            read = read_meld(written, MeldRules())
            is_set = isinstance(read, Meld) and read.kind is MeldKind.SET
            expected = sort_cards(written) if is_set else written
            assert MeldMove(written).cards == expected, written
            assert MeldMove(written[::-1]).cards == (expected if is_set else written[::-1])


INVALID = [
    ("3H", "meld_too_short"),
    ("3H 4H", "meld_too_short"),
    ("JK 2S", "meld_too_short"),
    ("5H 4H 3H", "out_of_order"),  # a sequence is written ascending
    ("3H 2H JK", "out_of_order"),  # it is JK 2H 3H or 2H 3H JK
    ("QH KH AH JK", "out_of_order"),  # JK QH KH AH: the joker cannot stand above the ace
    ("2S 3H 4H 5H 7H", "out_of_order"),  # 2S is not the 6H where it is written
    ("JK 3H 2S", "two_wilds"),
    ("2S 3H JK 5H", "two_wilds"),
    ("3H JK 5H JK", "two_wilds"),
    ("8S 8H JK 2C", "two_wilds"),
    ("2H 2S 2D", "set_of_twos"),  # no set of 2s
    ("JK JK JK", "set_of_twos"),  # no set of jokers
    ("2H 2S JK", "set_of_twos"),
    ("8S 8S 8H 8H 8D 8D 8C 8C JK 2S", "set_too_long"),
    ("3H 4S 5H", "mixed_suits"),
    ("8H 8S 9H", "not_a_meld"),
    ("3H 5H 7H", "not_consecutive"),
    ("3H 4H 6H 8H JK", "not_consecutive"),  # one wild fills one gap only
    ("3H 3H 4H", "not_consecutive"),
    ("KH AH 2H 3H", "ace_both_ends"),  # no wrap K A 2
    ("QH KH AH 2H 3H", "ace_both_ends"),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "sequence_too_long"),  # 14 only by option
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S", "sequence_too_long"),
]


@pytest.mark.parametrize(("text", "rule"), INVALID)
def test_invalid_melds(text: str, rule: str) -> None:
    assert problem(text) == f"burraco.{rule}"


def test_the_ace_to_ace_run_needs_its_option() -> None:
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    assert problem(run) == "burraco.sequence_too_long"
    assert problem(run, FREE) == "burraco.sequence_too_long"
    for rules in (ACE_TO_ACE, ACE_TO_ACE_FREE):
        found = meld(run, rules)
        assert (found.low, found.high, found.is_clean) == (1, 14, True)
        dirty = meld("AH 2H 3H 4H 5H 6H 7H 8H JK 10H JH QH KH AH", rules)
        assert (dirty.low, dirty.wild_position) == (1, 9)
        assert problem(run + " 2S", rules) == "burraco.sequence_too_long"
    # with the option, still no wrap
    assert problem("KH AH 2H 3H", ACE_TO_ACE) == "burraco.ace_both_ends"


def test_two_wilds_message_names_them() -> None:
    found = read_meld(cards("2S 3H JK 5H"), TOURNAMENT)
    assert isinstance(found, MeldProblem)
    assert found.message == "a meld may hold only one wild card: 2S and JK both act as wilds"


def test_clean_and_dirty_rules_4_5_3() -> None:
    for text in ("AH 2H 3H", "2H 3H 4H"):
        assert meld(text).is_clean
    for text in ("JK 3H 4H", "2S 3H 4H", "AH 2H 3H 2S 5H"):
        assert not meld(text).is_clean


def test_burraco_from_seven_cards() -> None:
    assert not meld("3H 4H 5H 6H 7H 8H").is_burraco
    assert meld("3H 4H 5H 6H 7H 8H 9H").is_burraco
    assert meld("8S 8H 8D 8C 8S 8H JK").is_burraco
    assert not meld("8S 8H 8D 8C 8S JK").is_burraco


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3H 4H 5H 6H 7H 8H 9H", 45),  # §4.9 worked example
        ("KS KD KD JK", 60),
        ("AC 2C 3C", 40),
        ("8C 8H 8S", 30),
        ("6D 7D 8D 9D 10D JD JK", 80),
        ("QH KH AH", 35),
        ("AH 2H 3H 2S 5H", 65),
    ],
)
def test_meld_values(text: str, value: int) -> None:
    assert meld(text).value == value


def test_the_wild_card_of_a_meld() -> None:
    assert meld("3H JK 5H").wild_card is JOKER
    assert meld("2H 3H 2H").wild_card == parse_card("2H")
    assert meld("KS KD KD JK").wild_card is JOKER
    assert meld("2H 3H 4H").wild_card is None


# --- new melds --------------------------------------------------------------------------------


def test_new_melds_of_a_small_hand_in_order() -> None:
    texts = [found.text for found in new_melds(hand("5H 6H 7H JK"), TOURNAMENT)]
    assert texts == [
        "JK 5H 6H",  # low 4: JK as 4H
        "JK 5H 6H 7H",
        "5H 6H 7H",  # low 5, clean first, then the joker at 5, 6, 7
        "JK 6H 7H",
        "5H JK 7H",
        "5H 6H JK",
        "5H 6H 7H JK",
        "6H 7H JK",
    ]


def test_new_melds_sets_then_sequences() -> None:
    texts = [found.text for found in new_melds(hand("8S 8H 8D 2C 9H 10H"), TOURNAMENT)]
    assert texts == [
        "8S 8H 2C",  # the 8s: two naturals (S H, S D, H D) with the wild, then three
        "8S 8D 2C",
        "8H 8D 2C",
        "8S 8H 8D",
        "8S 8H 8D 2C",
        "2C 8H 9H",  # hearts from low 7: 2C as 7H
        "2C 8H 9H 10H",
        "8H 9H 10H",  # low 8: clean, then 2C as 8H, 9H, 10H (standing for held cards too)
        "2C 9H 10H",
        "8H 2C 10H",
        "8H 9H 2C",
        "8H 9H 10H 2C",  # 2C as JH
        "9H 10H 2C",  # low 9
    ]


def test_new_melds_two_copies_of_the_suit_two() -> None:
    texts = [found.text for found in new_melds(hand("2H 2H 3H"), TOURNAMENT)]
    assert texts == ["2H 2H 3H", "2H 3H 2H"]
    assert [found.text for found in new_melds(hand("2H 3H"), TOURNAMENT)] == []
    assert [found.text for found in new_melds(hand("AH 2H 2S"), TOURNAMENT)] == ["AH 2H 2S"]


def test_new_melds_with_the_ace_to_ace_option() -> None:
    run = "AH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH" not in {
        found.text for found in new_melds(hand(run), TOURNAMENT)
    }
    assert "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH" in {
        found.text for found in new_melds(hand(run), ACE_TO_ACE)
    }
    # one ace cannot be at both ends
    single = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert max(len(found.cards) for found in new_melds(hand(single), ACE_TO_ACE)) == 13
    with_joker = {found.text for found in new_melds(hand(single + " JK"), ACE_TO_ACE)}
    assert "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK" in with_joker
    assert "JK 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH" in with_joker
    assert "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH" not in with_joker


# --- additions --------------------------------------------------------------------------------


def test_the_joker_moves_when_its_natural_card_is_added() -> None:
    for rules in (TOURNAMENT, FREE):
        assert results("5H JK 7H", "6H", rules) == [
            "add 1 6H = JK 5H 6H 7H",
            "add 1 6H = 5H 6H 7H JK",
        ]


def test_pagat_example_the_natural_two_becomes_the_wild() -> None:
    for rules in (TOURNAMENT, FREE):
        found = additions(meld("2H 3H 4H 5H 6H 7H"), hand("9H"), rules)
        assert [addition_text(3, one) for one in found] == ["add 3 9H"]
        (only,) = found
        assert only.result.text == "3H 4H 5H 6H 7H 2H 9H"
        assert only.result.wild_position == 8
        assert only.result.is_burraco and not only.result.is_clean


def test_the_natural_two_may_move_to_the_high_end() -> None:
    assert results("2H 3H 4H", "5H") == [
        "add 1 5H = 2H 3H 4H 5H",
        "add 1 5H = 3H 4H 5H 2H",
    ]


def test_the_natural_two_stays_when_the_meld_has_a_wild_or_an_ace_below_it() -> None:
    for rules in (TOURNAMENT, FREE):
        assert results("2H 3H JK 5H", "7H", rules) == []
        assert results("AH 2H 3H 4H", "6H", rules) == []
        # extending is fine
        assert results("AH 2H 3H 4H", "5H", rules) == ["add 1 5H"]


def test_a_two_of_the_suit_landing_at_two_turns_natural() -> None:
    assert resulting_melds("3H 2H 5H", "4H") == ["2H 3H 4H 5H", "3H 4H 5H 2H"]
    clean = additions(meld("3H 2H 5H"), hand("4H"), TOURNAMENT)[0].result
    assert clean.is_clean
    # then the meld may take another wild at the same time
    assert results("3H 2H 5H", "4H JK") == [
        "add 1 JK 4H = JK 2H 3H 4H 5H",
        "add 1 4H = 2H 3H 4H 5H",
        "add 1 4H JK = 2H 3H 4H 5H JK",
        "add 1 4H = 3H 4H 5H 2H",
    ]


def test_tournament_refuses_a_wild_move_that_free_allows() -> None:
    assert results("JK 5H 6H", "8H", TOURNAMENT) == []
    assert results("JK 5H 6H", "8H", FREE) == ["add 1 8H"]
    assert resulting_melds("JK 5H 6H", "8H", FREE) == ["5H 6H JK 8H"]
    refused = read_addition(meld("JK 5H 6H"), ["8H"], TOURNAMENT)
    assert isinstance(refused, MeldProblem) and refused.rule == "burraco.wild_cannot_move"
    assert (
        read_addition(meld("JK 5H 6H"), ["8H"], FREE)
        == additions(meld("JK 5H 6H"), hand("8H"), FREE)[0]
    )
    # the wild keeps its place in tournament: extending is one move, free gives two
    assert results("JK 5H 6H", "7H", TOURNAMENT) == ["add 1 7H"]
    assert results("JK 5H 6H", "7H", FREE) == [
        "add 1 7H = JK 5H 6H 7H",
        "add 1 7H = 5H 6H 7H JK",
    ]


def test_aces_keep_their_place_in_tournament() -> None:
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert [found.result.text for found in additions(meld(run), hand("JK"), ACE_TO_ACE)] == [
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"
    ]
    assert [found.result.text for found in additions(meld(run), hand("JK"), ACE_TO_ACE_FREE)] == [
        "JK 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
    ]
    assert additions(meld(run), hand("JK AH"), TOURNAMENT) == ()


def test_a_dirty_meld_takes_no_second_wild() -> None:
    assert results("5H JK 7H", "2C 2S JK") == []
    refused = read_addition(meld("5H JK 7H"), ["2C"], TOURNAMENT)
    assert isinstance(refused, MeldProblem) and refused.rule == "burraco.two_wilds"
    refused = read_addition(meld("KS KD KD JK"), ["2C"], TOURNAMENT)
    assert isinstance(refused, MeldProblem) and refused.rule == "burraco.two_wilds"


def test_a_clean_sequence_takes_a_wild_at_either_end_or_in_a_gap() -> None:
    assert results("5H 6H 7H", "JK 9H") == [
        "add 1 JK = JK 5H 6H 7H",
        "add 1 JK = 5H 6H 7H JK",
        "add 1 JK 9H",
    ]
    assert resulting_melds("5H 6H 7H", "JK 9H") == [
        "JK 5H 6H 7H",
        "5H 6H 7H JK",
        "5H 6H 7H JK 9H",
    ]


def test_set_additions_in_order() -> None:
    assert results("8C 8H 8S", "8D 8D JK 2S 9S") == [
        "add 1 2S",
        "add 1 JK",
        "add 1 8D",
        "add 1 2S 8D",
        "add 1 8D JK",
        "add 1 8D 8D",
        "add 1 2S 8D 8D",
        "add 1 8D 8D JK",
    ]
    assert resulting_melds("8C 8H 8S", "2S 8D") == ["2S 8S 8H 8C", "8S 8H 8D 8C", "2S 8S 8H 8D 8C"]


def test_a_set_stops_at_nine_cards() -> None:
    eight = "QS QS QH QH QD QD QC QC"
    assert results(eight, "JK 2S") == ["add 1 2S", "add 1 JK"]
    assert results("QS QS QH QH QD QD QC JK", "QC 2S") == ["add 1 QC"]
    refused = read_addition(meld("QS QS QH QH QD QD QC JK"), ["QC", "QC"], TOURNAMENT)
    assert isinstance(refused, MeldProblem) and refused.rule == "burraco.set_too_long"


def test_a_sequence_stops_at_thirteen_cards() -> None:
    twelve = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert results(twelve, "AH") == [
        "add 1 AH = AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "add 1 AH = 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ]
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert results(full, "AH JK") == []
    refused = read_addition(meld(full), ["AH"], TOURNAMENT)
    assert isinstance(refused, MeldProblem) and refused.rule == "burraco.sequence_too_long"
    assert [addition_text(1, found) for found in additions(meld(full), hand("AH"), ACE_TO_ACE)] == [
        "add 1 AH"
    ]


# --- the add notation -------------------------------------------------------------------------


def test_an_ambiguous_add_needs_the_arrangement() -> None:
    with pytest.raises(NotationError) as error:
        read_addition(meld("5H JK 7H"), ["6H"], TOURNAMENT, number=2)
    assert error.value.message == (
        "add 2 6H can leave the meld as JK 5H 6H 7H or as 5H 6H 7H JK: "
        "write which, e.g. 'add 2 6H = 5H 6H 7H JK'"
    )
    first = read_addition(meld("5H JK 7H"), words("6H = JK 5H 6H 7H"), TOURNAMENT)
    second = read_addition(meld("5H JK 7H"), words("6h = 5h 6h 7h jk"), TOURNAMENT)
    assert isinstance(first, Addition) and isinstance(second, Addition)
    assert first.result.text == "JK 5H 6H 7H" and second.result.text == "5H 6H 7H JK"
    assert first.ambiguous and second.ambiguous
    assert addition_text(2, first) == "add 2 6H = JK 5H 6H 7H"


def test_the_added_cards_may_be_written_in_any_order() -> None:
    pagat = meld("2H 3H 4H 5H 6H 7H")
    assert read_addition(meld("5H 6H 7H"), ["9H", "8H", "4H"], TOURNAMENT) == read_addition(
        meld("5H 6H 7H"), ["4H", "8H", "9H"], TOURNAMENT
    )
    found = read_addition(pagat, ["9H"], TOURNAMENT)
    assert isinstance(found, Addition) and addition_text(1, found) == "add 1 9H"
    found = read_addition(meld("5H 6H 7H"), ["9H", "4H"], TOURNAMENT)
    assert isinstance(found, MeldProblem) and found.rule == "burraco.does_not_fit"
    found = read_addition(meld("5H 6H 7H"), ["8H", "4H"], TOURNAMENT)
    assert isinstance(found, Addition) and addition_text(1, found) == "add 1 4H 8H"


def test_an_unneeded_as_is_accepted_if_it_matches() -> None:
    found = read_addition(meld("5H 6H 7H"), words("8H = 5H 6H 7H 8H"), TOURNAMENT)
    assert isinstance(found, Addition) and not found.ambiguous
    assert addition_text(1, found) == "add 1 8H"
    found = read_addition(meld("8C 8H 8S"), words("8D = 8D 8C 8S 8H"), TOURNAMENT)
    assert isinstance(found, Addition) and found.result.text == "8S 8H 8D 8C"


def test_as_that_does_not_match() -> None:
    found = read_addition(meld("5H JK 7H"), words("6H = 5H 6H 7H 8H"), TOURNAMENT)
    assert isinstance(found, MeldProblem) and found.rule == "burraco.bad_arrangement"
    found = read_addition(meld("5H JK 7H"), words("6H = 7H 6H 5H JK"), TOURNAMENT)
    assert isinstance(found, MeldProblem) and found.rule == "burraco.out_of_order"
    found = read_addition(meld("JK 5H 6H"), words("7H = 5H 6H 7H JK"), TOURNAMENT)
    assert isinstance(found, MeldProblem) and found.rule == "burraco.wild_cannot_move"
    found = read_addition(meld("JK 5H 6H"), words("7H = 5H 6H 7H JK"), FREE)
    assert isinstance(found, Addition) and found.result.text == "5H 6H 7H JK"


def test_the_ace_of_spades_is_a_card_to_add() -> None:
    """``=`` (not a word that could be a card) introduces the arrangement, so ``AS`` is always
    the ace of spades."""
    low = meld("2S 3S 4S")
    found = read_addition(low, ["AS"], TOURNAMENT)
    assert isinstance(found, Addition) and found.result.text == "AS 2S 3S 4S"
    assert read_addition(low, ["as"], TOURNAMENT) == found
    assert read_addition(low, words("AS = AS 2S 3S 4S"), TOURNAMENT) == found
    longer = read_addition(low, words("AS 5S 6S 7S"), TOURNAMENT)
    assert isinstance(longer, Addition) and longer.result.text == "AS 2S 3S 4S 5S 6S 7S"
    assert addition_text(1, longer) == "add 1 AS 5S 6S 7S"


@pytest.mark.parametrize(
    "tokens", [[], ["XX"], ["6H", "="], ["=", "5H"], ["6H", "=", "5H", "=", "6H"], ["6H", "Q"]]
)
def test_add_notation_errors(tokens: list[str]) -> None:
    with pytest.raises(NotationError):
        read_addition(meld("5H JK 7H"), tokens, TOURNAMENT)


@pytest.mark.parametrize(
    ("meld_text", "added", "rule"),
    [
        ("5H 6H 7H", "9S", "does_not_fit"),
        ("5H 6H 7H", "5H", "does_not_fit"),
        ("5H 6H 7H", "10H", "does_not_fit"),
        ("8C 8H 8S", "9C", "does_not_fit"),
        ("5H 6H 7H", "JK 2S", "two_wilds"),
        ("8C 8H 8S", "JK 2S", "two_wilds"),
        ("5H JK 7H", "JK", "two_wilds"),
        ("JK 5H 6H", "8H", "wild_cannot_move"),
    ],
)
def test_add_problems(meld_text: str, added: str, rule: str) -> None:
    found = read_addition(meld(meld_text), added.split(), TOURNAMENT)
    assert isinstance(found, MeldProblem), found
    assert found.rule == f"burraco.{rule}" and found.message


# --- properties -------------------------------------------------------------------------------

deck_hands = st.lists(st.integers(0, 107), unique=True, min_size=3, max_size=16).map(
    lambda indexes: [DECK[i] for i in indexes]
)
rules_strategy = st.sampled_from(ALL_RULES)
disjoint_hands = st.lists(st.integers(0, 107), unique=True, min_size=6, max_size=32).flatmap(
    lambda indexes: st.integers(3, len(indexes) - 3).map(
        lambda cut: ([DECK[i] for i in indexes[:cut]], [DECK[i] for i in indexes[cut:]])
    )
)
"""Two hands of one deck (no card in both more often than the deck holds it)."""

DENSE = cards("AH 2H 3H 4H 5H 6H QH KH 3S 4S 2S 2C 3C JK")
DENSE_POOL = DENSE * 2
"""A small part of the deck, two copies of each, where random hands form many melds: aces low
and high, natural and wild 2s, two suits of low cards, a joker."""


def dense_hands(min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(
        st.integers(0, len(DENSE_POOL) - 1), unique=True, min_size=min_size, max_size=max_size
    ).map(lambda indexes: [DENSE_POOL[i] for i in indexes])


def sub_multisets(cards_held: list[Card]) -> Iterable[tuple[Card, ...]]:
    """Every distinct sub-multiset, each as a sorted tuple."""
    seen = set()
    for size in range(len(cards_held) + 1):
        for chosen in itertools.combinations(sort_cards(cards_held), size):
            if chosen not in seen:
                seen.add(chosen)
                yield chosen


def every_meld_by_brute_force(cards_held: list[Card], rules: MeldRules) -> list[Meld]:
    """Every meld `read_meld` accepts from some ordering of some sub-multiset."""
    found: list[Meld] = []
    for chosen in sub_multisets(cards_held):
        if len(chosen) < 3:
            continue
        kinds = set()
        for order in set(itertools.permutations(chosen)):
            read = read_meld(order, rules)
            if isinstance(read, Meld):
                kinds.add(read.kind)
                if read not in found:
                    found.append(read)
        # the same cards are never both a set and a sequence
        assert len(kinds) <= 1, (chosen, kinds)
    return found


@given(dense_hands(0, 6), rules_strategy)
def test_new_melds_equal_the_brute_force_oracle(cards_held: list[Card], rules: MeldRules) -> None:
    listed = new_melds(pack_cards(cards_held), rules)
    assert len(set(listed)) == len(listed)
    assert set(listed) == set(every_meld_by_brute_force(cards_held, rules))


@given(deck_hands, rules_strategy)
def test_every_new_meld_reads_back(cards_held: list[Card], rules: MeldRules) -> None:
    listed = new_melds(pack_cards(cards_held), rules)
    assert len(set(listed)) == len(listed)
    assert listed == new_melds(pack_cards(cards_held), rules)
    held = Counter(cards_held)
    for found in listed:
        assert read_meld(found.cards, rules) == found
        assert read_meld(cards(found.text), rules) == found
        assert not Counter(found.cards) - held
        wilds = [card for card in found.cards if is_wild_rank(card)]
        if found.kind is MeldKind.SET:
            assert found.wild_count == len(wilds) <= 1
        else:
            assert found.wild_count <= 1
            assert found.wild_count <= len(wilds)


def natural_at(suit: Suit, position: int) -> Card:
    return Card.of(Rank.ACE if position in (1, 14) else Rank(position), suit)


def tournament_allows(old: Meld, new: Meld) -> bool:
    """The tournament rule, position by position: every old card keeps its position, except
    (a) the old wild, when an added natural card takes its place, or (b) the natural 2 of a
    meld with no wild whose low end is the 2, which leaves to act as the wild."""
    assert old.suit is not None
    old_at = dict(enumerate(old.cards, start=old.low))
    new_at = dict(enumerate(new.cards, start=new.low))
    moved = [position for position, card in old_at.items() if new_at.get(position) != card]
    if not moved:
        return True
    if len(moved) > 1:
        return False
    (position,) = moved
    if position == old.wild_position:
        return new_at.get(position) == natural_at(old.suit, position)
    two = Card.of(Rank.TWO, old.suit)
    if old.wild_position is None and position == 2 and old.low == 2 and old_at[2] == two:
        return new.wild_position is not None and new_at[new.wild_position] == two
    return False


def additions_by_brute_force(
    old: Meld, cards_held: list[Card], rules: MeldRules
) -> dict[tuple[Card, ...], list[Meld]]:
    """Every legal result by added multiset: each ordering of the old and added cards read by
    `read_meld`, of the old meld's kind (and suit or rank), filtered by the tournament rule."""
    found: dict[tuple[Card, ...], list[Meld]] = {}
    for chosen in sub_multisets(cards_held):
        if not chosen:
            continue
        for order in set(itertools.permutations((*old.cards, *chosen))):
            read = read_meld(order, rules)
            if not isinstance(read, Meld) or read.kind is not old.kind:
                continue
            if (read.suit, read.rank) != (old.suit, old.rank):
                continue
            if (
                old.kind is MeldKind.SEQUENCE
                and rules.wild_rearrangement == "tournament"
                and not tournament_allows(old, read)
            ):
                continue
            results_of = found.setdefault(chosen, [])
            if read not in results_of:
                results_of.append(read)
    return found


@given(st.data(), dense_hands(5, 8), rules_strategy)
def test_additions_equal_the_brute_force_oracle(
    data: st.DataObject, cards_drawn: list[Card], rules: MeldRules
) -> None:
    candidates = [found for found in new_melds(pack_cards(cards_drawn[:5]), rules)]
    if not candidates:
        return
    old = data.draw(st.sampled_from(candidates))
    if len(old.cards) > 4:
        return
    cards_held = cards_drawn[5:]
    listed = additions(old, pack_cards(cards_held), rules)
    expected = additions_by_brute_force(old, cards_held, rules)
    got: dict[tuple[Card, ...], list[Meld]] = {}
    for found in listed:
        got.setdefault(sort_cards(found.added), []).append(found.result)
        assert found.ambiguous == (len(expected.get(sort_cards(found.added), [])) > 1)
    assert {added: set(melds) for added, melds in got.items()} == {
        added: set(melds) for added, melds in expected.items()
    }
    assert sum(len(melds) for melds in got.values()) == len(listed)


@given(st.data(), disjoint_hands, rules_strategy)
def test_every_addition_reads_back(
    data: st.DataObject, hands: tuple[list[Card], list[Card]], rules: MeldRules
) -> None:
    first, second = hands
    candidates = new_melds(pack_cards(first), rules)
    if not candidates:
        return
    old = data.draw(st.sampled_from(candidates))
    listed = additions(old, pack_cards(second), rules)
    assert len(set(listed)) == len(listed)
    assert len({found.result for found in listed}) == len(listed)
    held = Counter(second)
    for found in listed:
        assert found.added and not Counter(found.added) - held
        assert Counter(found.result.cards) == Counter(old.cards) + Counter(found.added)
        assert found.result.wild_count <= 1
        assert read_meld(found.result.cards, rules) == found.result
        text = addition_text(4, found)
        assert text.startswith("add 4 ")
        words = text.split()[2:]
        assert read_addition(old, words, rules) == found
        if old.kind is MeldKind.SET:
            assert list(found.added) == list(sort_cards(found.added))
        # the added cards written in any order give the same add
        cut = words.index("=") if "=" in words else len(words)
        shuffled = [*reversed(words[:cut]), *words[cut:]]
        assert read_addition(old, shuffled, rules) == found


def test_free_rearrangement_lets_a_wild_two_go_home_for_another_wild() -> None:
    assert results("3H 2H 5H", "JK", TOURNAMENT) == []
    assert resulting_melds("3H 2H 5H", "JK", FREE) == ["2H 3H JK 5H"]


@pytest.mark.parametrize(
    "options",
    [{}, {"wild_rearrangement": "free"}, {"ace_to_ace_run": True, "wild_rearrangement": "free"}],
    ids=["tournament", "free", "free-ace-to-ace"],
)
def test_additions_see_the_whole_suit_as_the_unreduced_search_does(options: dict[str, Any]) -> None:
    """`additions` looks only at the cards of the suit within reach of the meld (a speed-up):
    over the states of random play it gives exactly what the search over every card of the
    suit gives."""
    from parlour.burraco import (
        BurracoState,
        Options,
        Phase,
    )
    from parlour.burraco._legal import TEAM_OF, meld_rules
    from parlour.burraco._meld_adding import sequence_additions
    from parlour.burraco._meld_tables import SUIT_MASKS, WILD_FIELDS

    rules = meld_rules(Options(**options))
    rng = random.Random(11)
    checked = 0
    for _ in range(6):
        state = parlour.new_game("burraco", options={"target": None, **options})
        state = parlour.apply(state, parlour.random_deal(state, rng))
        while not parlour.is_over(state):
            assert isinstance(state, BurracoState)
            if state.phase is Phase.PLAY:
                hand = state.hands[state.to_act]
                team = TEAM_OF[4][state.to_act]
                for old in state.melds[team]:
                    if old.kind is MeldKind.SEQUENCE and old.suit is not None:
                        every = hand & SUIT_MASKS[int(old.suit)] | hand & WILD_FIELDS
                        assert additions(old, hand, rules) == sequence_additions(
                            old, every, rules
                        ), old
                        checked += 1
            state = parlour.apply(state, rng.choice(parlour.legal_moves(state)))
    assert checked > 100
