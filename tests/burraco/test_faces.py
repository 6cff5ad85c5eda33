"""Faces, the 108-card deck, card values (rules §4.1) and packed multisets, checked against
plain `collections.Counter` arithmetic."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from parlour.base import (
    JOKER,
    Card,
    Rank,
    Suit,
    parse_card,
    sort_cards,
)
from parlour.burraco import _faces as faces

RANK_VALUES = {
    "JK": 30, "2": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5, "3": 5,
}  # fmt: skip
"""Card values as rules §4.1 lists them."""

deck_hands = st.lists(st.integers(0, 107), unique=True, max_size=40).map(
    lambda indexes: [faces.DECK[i] for i in indexes]
)


def naive_pack(cards: list[Card]) -> Counter[Card]:
    return Counter(cards)


def test_face_numbering() -> None:
    assert faces.FACE_COUNT == 53 and faces.JOKER_FACE == 52
    assert faces.FACE_CARDS[0] == parse_card("2S")
    assert faces.FACE_CARDS[12] == parse_card("AS")
    assert faces.FACE_CARDS[13] == parse_card("2H")
    assert faces.FACE_CARDS[13 * 3 + 8] == parse_card("10C")
    assert faces.FACE_CARDS[52] is JOKER
    for face, card in enumerate(faces.FACE_CARDS):
        assert faces.FACE_OF[card] == face
        assert faces.FACE_BY_CODE[card.code] == face
        if card is JOKER:
            assert (faces.face_suit[face], faces.face_rank[face]) == (-1, 15)
        else:
            assert card.suit is not None
            assert (faces.face_suit[face], faces.face_rank[face]) == (card.suit, card.rank)
    # face order is the canonical card order
    assert list(faces.FACE_CARDS) == list(sort_cards(faces.FACE_CARDS))


def test_deck_order_and_size() -> None:
    deck = faces.DECK
    assert len(deck) == 108
    first_pack = [Card.of(rank, suit) for suit in Suit for rank in Rank if rank != Rank.JOKER]
    assert list(deck[:52]) == first_pack
    assert list(deck[52:104]) == first_pack
    assert list(deck[104:]) == [JOKER] * 4
    assert deck[0].text == "2S" and deck[12].text == "AS" and deck[13].text == "2H"


def test_card_values_follow_the_rules() -> None:
    for card in faces.FACE_CARDS:
        rank_text = "JK" if card is JOKER else card.rank.text
        assert faces.CARD_VALUE[faces.FACE_OF[card]] == RANK_VALUES[rank_text], card
    assert sum(faces.CARD_VALUE[faces.FACE_OF[card]] for card in faces.DECK) == 1080


def test_wild_faces_are_the_joker_and_the_twos() -> None:
    wild = [card.text for card in faces.FACE_CARDS if faces.is_wild_face(faces.FACE_OF[card])]
    assert wild == ["2S", "2H", "2D", "2C", "JK"]
    assert [faces.FACE_CARDS[face].text for face in faces.WILD_FACES] == wild


def test_small_helpers() -> None:
    hand = faces.pack([52, 52, 3, 13])
    assert faces.count(hand, 52) == 2 and faces.count(hand, 3) == 1 and faces.count(hand, 4) == 0
    assert faces.faces_of(hand) == (3, 13, 52, 52)
    assert [card.text for card in faces.cards_of(hand)] == ["5S", "2H", "JK", "JK"]
    assert faces.size(hand) == 4
    assert faces.add(hand, 4, 2) == faces.pack([52, 52, 3, 13, 4, 4])
    assert faces.remove(hand, 52) == faces.pack([52, 3, 13])
    assert faces.value(hand) == 30 + 30 + 5 + 20
    assert faces.wild_count(hand) == 3
    assert faces.size(0) == 0 and faces.faces_of(0) == () and faces.value(0) == 0
    assert faces.pack_cards(parse_card(text) for text in ("JK", "5S", "2H", "JK")) == hand
    four_jokers = faces.pack([52] * 4)
    assert faces.contains(four_jokers, faces.pack([52] * 3))
    assert not faces.contains(faces.pack([52] * 3), four_jokers)


@given(deck_hands, deck_hands)
def test_packed_multisets_match_counters(first: list[Card], second: list[Card]) -> None:
    hand = faces.pack_cards(first)
    other = faces.pack_cards(second)
    counter, other_counter = naive_pack(first), naive_pack(second)
    assert faces.size(hand) == len(first)
    assert faces.counts(hand) == [counter[card] for card in faces.FACE_CARDS]
    assert list(faces.cards_of(hand)) == list(sort_cards(first))
    assert faces.pack(faces.faces_of(hand)) == hand
    assert faces.value(hand) == sum(RANK_VALUES[card.rank.text] for card in first)
    assert faces.wild_count(hand) == sum(1 for card in first if card.rank in (Rank.TWO, Rank.JOKER))
    included = all(counter[card] >= copies for card, copies in other_counter.items())
    assert faces.contains(hand, other) == included
    assert faces.contains(hand + other, other) and faces.contains(hand + other, hand)
    assert faces.difference(hand + other, other) == hand
    common = counter & other_counter
    common_hand = faces.pack_cards(common.elements())
    assert faces.contains(hand, common_hand) and faces.contains(other, common_hand)
    assert faces.difference(hand, common_hand) == faces.pack_cards((counter - common).elements())
