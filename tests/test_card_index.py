"""The piquet card indexes shared by Belote, Bezique and Écarté (`parlour.base`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.base import (
    JOKER,
    PIQUET_DECK,
    PIQUET_INDEX_BY_CODE,
    PIQUET_INDEX_OF,
    parse_card,
    piquet_cards,
    piquet_index,
    piquet_mask,
)

# Suits S H D C, each 7 8 9 10 J Q K A: the index is 8 * suit + (rank position from the 7).
_INDEXES = [("7S", 0), ("AS", 7), ("7H", 8), ("10D", 19), ("JC", 28), ("AC", 31)]


@pytest.mark.parametrize(("text", "index"), _INDEXES)
def test_a_card_has_its_place_in_the_pack(text: str, index: int) -> None:
    card = parse_card(text)
    assert piquet_index(card) == index
    assert PIQUET_INDEX_BY_CODE[card.code] == index
    assert PIQUET_INDEX_OF[card] == index
    assert PIQUET_DECK[index] == card


@pytest.mark.parametrize("text", ["2S", "6H", "5D", "JK"])
def test_a_card_outside_the_pack_has_no_index(text: str) -> None:
    card = JOKER if text == "JK" else parse_card(text)
    assert PIQUET_INDEX_BY_CODE[card.code] == -1
    assert card not in PIQUET_INDEX_OF


def test_the_cards_of_a_mask_come_in_the_packs_order() -> None:
    mask = (1 << 31) | (1 << 8) | (1 << 7) | 1
    assert piquet_cards(mask) == tuple(parse_card(text) for text in ("7S", "AS", "7H", "AC"))
    assert piquet_cards(0) == ()


@given(st.integers(min_value=0, max_value=(1 << 32) - 1))
def test_cards_and_mask_are_inverse(mask: int) -> None:
    expected = tuple(card for index, card in enumerate(PIQUET_DECK) if mask >> index & 1)
    assert piquet_cards(mask) == expected
    assert piquet_mask(expected) == mask


def test_a_card_given_twice_sets_its_bit_once() -> None:
    queen = parse_card("QH")
    assert piquet_mask([queen, queen]) == 1 << 13
