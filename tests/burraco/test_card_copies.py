"""No card counts past the deck's copies (rules §4.1: two packs and four jokers, so two copies of
each suited card and four jokers), at every entry: a move (text or hand-built object), a
position, a log.

Hands are packed 3 bits per face, so a count of 8 would carry into the next face: eight 7♥
would read as one 8♥. These tests name a card 3..20 times (5..20 for the joker) and expect
every entry to refuse it, saying how often the card was named and how often the deck has it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import GameLog, IllegalMoveError, NotationError, PositionError
from parlour.base import (
    JOKER,
    Card,
    parse_card,
)
from parlour.burraco import Add, BurracoState, Meld
from tests.burraco.helpers import stacked_deal, start, state_of
from tests.helpers import unchanged

SEAT_0 = "3S 4D 5C 6S 7D 9S 10D JS QH QC AC"
RUNNER = "3H 4H 5H 6H JK 8H 9H KS KH KD KC"
"""Seat 1 (to play first with two players) holds ♥3..♥6, the joker, ♥8 ♥9 and four kings."""

DECK_COPIES = {"suited": 2, "joker": 4}
"""Rules §4.1: the deck is two 52-card packs and four jokers."""


def copies_in_deck(card: Card) -> int:
    return DECK_COPIES["joker"] if card == JOKER else DECK_COPIES["suited"]


def drawn_state() -> BurracoState:
    """Seat 1 has drawn ♥10 and laid down the kings ``KS KH KD`` (its team's meld 1)."""
    state = start([SEAT_0, RUNNER], discard="8S", stock_top="10H", options={})
    state = state_of(parlour.apply(state, "draw"))
    return state_of(parlour.apply(state, "meld KS KH KD"))


STATE = drawn_state()

ALL_CARDS = [parse_card(text) for text in ("7H", "8H", "5H", "KC", "2S", "AC", "JK", "3H")] + [
    parse_card(f"{rank}{suit}") for suit in "SHDC" for rank in ("2", "9", "10", "Q", "A")
]


@st.composite
def over_named(draw: st.DrawFn) -> tuple[Card, ...]:
    """Cards naming one card more often than the deck holds it (3..20 times, jokers 5..20),
    with up to 4 other cards, shuffled."""
    card = draw(st.sampled_from(ALL_CARDS))
    times = draw(st.integers(copies_in_deck(card) + 1, 20))
    others = draw(st.lists(st.sampled_from([c for c in ALL_CARDS if c != card]), max_size=4))
    return tuple(draw(st.permutations([card] * times + others)))


def assert_refused_not_held(state: BurracoState, move: Any) -> None:
    """``check`` and ``apply`` refuse ``move`` with ``card.not_held``; the state is unchanged."""
    with unchanged(state):
        violation = parlour.check(state, move)
        assert violation is not None, f"{move!r} was accepted"
        assert violation.rule == "card.not_held", violation
        with pytest.raises(IllegalMoveError) as raised:
            parlour.apply(state, move)
        assert raised.value.rule == "card.not_held"
        assert move not in parlour.legal_moves(state)


def test_eight_copies_of_a_card_are_not_one_of_the_next() -> None:
    """The reported hole: ``meld 7H×8`` overflowed into ♥8 (held), and was accepted."""
    violation = parlour.check(STATE, "meld " + " ".join(["7H"] * 8))
    assert violation is not None and violation.rule == "card.not_held"
    assert violation.message == "you do not hold 8 × 7♥ (the deck has 2)"


@settings(max_examples=60, deadline=None)
@given(over_named())
def test_a_meld_naming_a_card_too_often_is_refused(cards: tuple[Card, ...]) -> None:
    if len(cards) <= 32:
        assert_refused_not_held(STATE, "meld " + " ".join(card.text for card in cards))
    assert_refused_not_held(STATE, Meld(cards))


@settings(max_examples=60, deadline=None)
@given(over_named(), st.booleans())
def test_an_add_naming_a_card_too_often_is_refused(
    cards: tuple[Card, ...], with_arrangement: bool
) -> None:
    text = "add 1 " + " ".join(card.text for card in cards)
    arrangement = (*cards, parse_card("KS"), parse_card("KH"), parse_card("KD"))
    if with_arrangement:
        text += " = " + " ".join(card.text for card in arrangement)
    if len(cards) <= 32:
        try:
            move = parlour.parse_move(STATE, text)
        except NotationError:
            pass  # the text needs no more than it says to be refused
        else:
            assert move.cards == cards  # type: ignore[attr-defined]
            assert_refused_not_held(STATE, move)
    assert_refused_not_held(STATE, Add(1, cards, arrangement if with_arrangement else None))


@settings(max_examples=40, deadline=None)
@given(over_named())
def test_an_arrangement_naming_a_card_too_often_is_refused(cards: tuple[Card, ...]) -> None:
    """The cards added are held (the 10♥ just drawn); only the meld as shown names too much."""
    violation = parlour.check(STATE, Add(1, (parse_card("KC"),), cards))
    assert violation is not None and violation.rule == "burraco.too_many_copies"
    with unchanged(STATE), pytest.raises(IllegalMoveError):
        parlour.apply(STATE, Add(1, (parse_card("KC"),), cards))


def test_more_cards_than_a_meld_holds_are_refused() -> None:
    """More tokens than any meld holds is notation that cannot be meant; as an object, a
    ``card.not_held`` (the hand holds 11 cards)."""
    many = [card.text for card in ALL_CARDS] * 2
    with pytest.raises(NotationError):
        parlour.parse_move(STATE, "meld " + " ".join(many))
    assert_refused_not_held(STATE, Meld(tuple(parse_card(text) for text in many)))


def log_of(*moves: str) -> GameLog:
    deal = stacked_deal([SEAT_0, RUNNER], discard="8S", stock_top="10H")
    return GameLog(
        game="burraco", options={"players": 2, "target": None}, moves=(deal, "draw", *moves)
    )


@settings(max_examples=40, deadline=None)
@given(over_named())
def test_a_log_naming_a_card_too_often_never_passes(cards: tuple[Card, ...]) -> None:
    texts = " ".join(card.text for card in cards)
    for move in (f"meld {texts}", f"add 1 {texts}"):
        report = parlour.validate(log_of("meld KS KH KD", move))
        assert not report.ok
        assert report.moves_applied == 3
        assert report.error is not None and report.error.kind in {"illegal", "notation"}


def position_with(**hand_keys: Any) -> dict[str, Any]:
    data = parlour.state_to_dict(STATE)
    data["hand"].update(hand_keys)
    return data


def test_the_position_of_the_state_reads_back() -> None:
    """The positions below differ from this one only in the key they change."""
    assert parlour.state_from_dict(position_with()) == STATE


@settings(max_examples=40, deadline=None)
@given(over_named())
def test_a_position_naming_a_card_too_often_is_refused(cards: tuple[Card, ...]) -> None:
    written = [card.text for card in cards]
    hands = parlour.state_to_dict(STATE)["hand"]["hands"]
    with pytest.raises(PositionError):
        parlour.state_from_dict(position_with(hands=[hands[0], written]))
    melds = parlour.state_to_dict(STATE)["hand"]["melds"]
    with pytest.raises(PositionError):
        parlour.state_from_dict(position_with(melds=[[*melds[0], written], melds[1]]))
    with pytest.raises(PositionError):
        parlour.state_from_dict(position_with(known_cards=[[], written]))


def test_a_position_with_more_cards_than_the_deck_is_refused() -> None:
    hands = parlour.state_to_dict(STATE)["hand"]["hands"]
    with pytest.raises(PositionError):
        parlour.state_from_dict(position_with(hands=[hands[0], ["7H"] * 200]))
