"""The card notation and the move notation shared by every game (DESIGN.md §3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import JOKER, PIQUET_DECK, Card, NotationError, Rank, Suit, parse_card
from parlour.base import (
    format_cards,
    parse_cards,
    parse_suit,
    sort_cards,
)


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("7S", Rank.SEVEN, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("tH", Rank.TEN, Suit.HEARTS),
        ("jd", Rank.JACK, Suit.DIAMONDS),
        ("Qc", Rank.QUEEN, Suit.CLUBS),
        ("KS", Rank.KING, Suit.SPADES),
        ("aC", Rank.ACE, Suit.CLUBS),
        ("2H", Rank.TWO, Suit.HEARTS),
        ("9♠", Rank.NINE, Suit.SPADES),
        ("J♥", Rank.JACK, Suit.HEARTS),
        ("t♦", Rank.TEN, Suit.DIAMONDS),
        ("10♣", Rank.TEN, Suit.CLUBS),
        ("a♣", Rank.ACE, Suit.CLUBS),
        (" 8D ", Rank.EIGHT, Suit.DIAMONDS),
    ],
)
def test_parse_card(token: str, rank: Rank, suit: Suit) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)


@pytest.mark.parametrize("token", ["JK", "jk", "Jk"])
def test_parse_joker(token: str) -> None:
    assert parse_card(token) is JOKER
    assert JOKER.suit is None
    assert JOKER.text == "JK"


@pytest.mark.parametrize(
    ("token", "text"),
    [("th", "10H"), ("10h", "10H"), ("T♠", "10S"), ("q♦", "QD"), ("a♣", "AC"), ("jk", "JK")],
)
def test_canonical_format(token: str, text: str) -> None:
    card = parse_card(token)
    assert card.text == text
    assert str(card) == text
    assert repr(card) == f"Card({text})"


def test_card_symbol() -> None:
    assert parse_card("10H").symbol == "10♥"
    assert parse_card("QS").symbol == "Q♠"


@pytest.mark.parametrize(
    "token",
    ["", " ", "H", "10", "1H", "11H", "0H", "ZZ", "JX", "10X", "KHH", "XH", "J", "JKK", "♥"],
)
def test_bad_card_tokens(token: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_card(token)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("token", "suit"),
    [("s", Suit.SPADES), ("H", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("c", Suit.CLUBS)],
)
def test_parse_suit(token: str, suit: Suit) -> None:
    assert parse_suit(token) is suit


@pytest.mark.parametrize("token", ["X", "", "HH", "10"])
def test_bad_suit_tokens(token: str) -> None:
    with pytest.raises(NotationError):
        parse_suit(token)


def test_piquet_deck_canonical_order() -> None:
    assert len(PIQUET_DECK) == 32
    assert len(set(PIQUET_DECK)) == 32
    assert format_cards(PIQUET_DECK[:8]) == "7S,8S,9S,10S,JS,QS,KS,AS"
    assert [card.suit for card in PIQUET_DECK[::8]] == [
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.CLUBS,
    ]
    shuffled = list(PIQUET_DECK)
    random.Random(1).shuffle(shuffled)
    assert sort_cards(shuffled) == PIQUET_DECK
    assert sort_cards([JOKER, parse_card("AS"), parse_card("7C")]) == (
        parse_card("AS"),
        parse_card("7C"),
        JOKER,
    )


# --- move notation -----------------------------------------------------------------------------

DEAL = (
    "deal hands:7S,8S,9S,10S,JS/QS,KS,AS,7H,8H/9H,10H,JH,AH,7D/8D,9D,10D,JD,QD"
    " turnup:KH stock:KD,AD,7C,8C,9C,10C,JC,QC,KC,AC,QH"
)


def bidding() -> object:
    return parlour.apply(parlour.new_game("belote", dealer=0), DEAL)


def playing() -> object:
    return parlour.apply(bidding(), "take")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  PLAY   th ", "play 10H"),
        ("Play 10h", "play 10H"),
        ("play\t10♥", "play 10H"),
        ("pLaY T♥", "play 10H"),
        ("play   qs", "play QS"),
    ],
)
def test_play_keywords_and_spaces(text: str, canonical: str) -> None:
    state = playing()
    move = parlour.parse_move(state, text)
    assert move == parlour.parse_move(state, canonical)
    assert str(move) == canonical
    assert parlour.format_move(move) == canonical


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("PASS", "pass"), ("  pass  ", "pass"), ("Take", "take"), ("TAKE   h", "take")],
)
def test_bidding_keywords_and_spaces(text: str, canonical: str) -> None:
    state = bidding()
    move = parlour.parse_move(state, text)
    assert str(move) == canonical
    assert move == parlour.parse_move(state, canonical)


@pytest.mark.parametrize(("text", "canonical"), [("take s", "take S"), ("TAKE ♣", "take C")])
def test_named_take_canonical(text: str, canonical: str) -> None:
    state = parlour.apply(parlour.apply(parlour.apply(parlour.apply(bidding(), "pass"), "pass"),
                                        "pass"), "pass")  # fmt: skip
    move = parlour.parse_move(state, text)
    assert str(move) == canonical


def test_deal_text_round_trip_and_canonical_hands() -> None:
    state = parlour.new_game("belote", dealer=0)
    shuffled = (
        "DEAL  hands:JS,10S,9s,8S,7S/8H,7H,AS,KS,QS/7D,AH,JH,TH,9H/QD,JD,10D,9D,8D"
        "   turnup:kh stock:KD,AD,7C,8C,9C,10C,JC,QC,KC,AC,Q♥"
    )
    deal = parlour.parse_move(state, shuffled)
    assert isinstance(deal, parlour.Deal)
    assert str(deal) == DEAL
    assert deal == parlour.parse_move(state, DEAL)
    assert parlour.parse_move(state, str(deal)) == deal
    assert deal["turnup"] == ((parse_card("KH"),),)
    assert format_cards(deal["stock"][0]) == "KD,AD,7C,8C,9C,10C,JC,QC,KC,AC,QH"
    assert parlour.apply(state, shuffled) == parlour.apply(state, DEAL)


def test_stock_order_matters() -> None:
    state = parlour.new_game("belote", dealer=0)
    reordered = DEAL.replace("stock:KD,AD", "stock:AD,KD")
    assert parlour.parse_move(state, reordered) != parlour.parse_move(state, DEAL)


def test_random_deal_text_round_trip() -> None:
    state = parlour.new_game("belote", dealer=1)
    deal = parlour.random_deal(state, random.Random(3))
    text = str(deal)
    assert text.startswith("deal hands:")
    assert parlour.parse_move(state, text) == deal
    for hand in deal["hands"]:
        assert tuple(hand) == sort_cards(hand)


CARD_TOKENS = st.sampled_from(
    ["7S", "10h", "T♥", " jd", "JK", "jk", "AC ", "qc", "1H", "", "10", "HH", "ZZ", "♣", "2X"]
)


@given(tokens=st.lists(st.one_of(CARD_TOKENS, st.text(max_size=4)), max_size=12))
def test_parse_cards_is_parse_card_of_each_token(tokens: list[str]) -> None:
    """Tokens met before or not, valid or not: each card, or the first bad token's error (the
    cards are parsed by `parse_cards` first, before `parse_card` has met the new tokens, then
    again once it has)."""
    found: list[list[Card] | str] = []
    for _ in range(2):
        try:
            found.append(parse_cards(tokens))
        except NotationError as error:
            found.append(error.message)
    try:
        expected: list[Card] | str = [parse_card(token) for token in tokens]
    except NotationError as error:
        expected = error.message
    assert found == [expected, expected]


def test_sort_cards_is_the_order_of_sort_key() -> None:
    """The canonical order by suit (S H D C, the joker last) then rank, as `Card.sort_key`
    states it, over cards of every rank and suit."""
    cards = [*(Card.of(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER)]
    cards.append(JOKER)
    random.Random(3).shuffle(cards)
    order: dict[Suit | None, int] = {suit: number for number, suit in enumerate(Suit)}
    by_hand = sorted(cards, key=lambda card: (order.get(card.suit, 4), int(card.rank)))
    assert list(sort_cards(cards)) == by_hand
    assert [card.sort_key for card in by_hand] == sorted(card.sort_key for card in cards)
