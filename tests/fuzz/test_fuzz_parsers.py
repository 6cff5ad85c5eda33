"""Fuzzing the card, move and deal parsers and `apply`/`check` with text moves, for every game.

Each call must return or raise a `ParlourError` with a message, within the bound of
`tests.fuzz.guard` (`outcome`); what it returns must make sense (a parsed card or move formats
to a text that parses back to it, `check` and `apply` agree, a refused move changes nothing).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import Card, IllegalMoveError, NotationError, ParlourError
from parlour.base import (
    parse_card,
    parse_suit,
)
from parlour.engine import (
    Move,
    Violation,
    get_game,
    parse_deal,
)
from tests.fuzz.guard import examples, outcome
from tests.fuzz.samples import GAMES, card_tokens, sample_states
from tests.fuzz.strategies import move_texts, odd_texts

TEXTS = odd_texts()


@settings(max_examples=examples(4))
@given(text=TEXTS)
def test_the_card_parser_gives_a_card_or_a_notation_error(text: str) -> None:
    card = outcome(lambda: parse_card(text), f"parse_card({text[:40]!r})")
    if isinstance(card, ParlourError):
        assert isinstance(card, NotationError)
        return
    assert isinstance(card, Card)
    assert parse_card(str(card)) is card


@settings(max_examples=examples(2))
@given(text=TEXTS)
def test_the_suit_parser_gives_a_suit_or_a_notation_error(text: str) -> None:
    suit = outcome(lambda: parse_suit(text), f"parse_suit({text[:40]!r})")
    if isinstance(suit, ParlourError):
        assert isinstance(suit, NotationError)
    else:
        assert parse_suit(str(suit)) is suit


def _state(game: str, index: int) -> Any:
    states = sample_states(game)
    return states[index % len(states)]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(4))
@given(text=TEXTS, index=st.integers(0, 40))
def test_parse_move_gives_a_move_or_a_notation_error(game: str, text: str, index: int) -> None:
    state = _state(game, index)
    move = outcome(lambda: parlour.parse_move(state, text), f"{game} parse_move({text[:40]!r})")
    if isinstance(move, ParlourError):
        assert isinstance(move, NotationError)
        return
    assert isinstance(move, Move)
    canonical = str(move)
    assert parlour.parse_move(state, canonical) == move, canonical
    assert str(parlour.parse_move(state, canonical)) == canonical


@st.composite
def _deal_texts(draw: st.DrawFn, game: str) -> str:
    """A real deal of ``game`` with a few characters dropped, repeated or changed, or fields
    reordered or replaced by random ones."""
    state = sample_states(game)[0]
    text = str(parlour.random_deal(state, draw(st.randoms())))
    words = text.split(" ")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(("drop", "double", "change", "swap", "replace")))
        at = draw(st.integers(0, len(text) - 1))
        if kind == "drop":
            text = text[:at] + text[at + 1 :]
        elif kind == "double":
            text = text[: at + 1] + text[at:]
        elif kind == "change":
            text = text[:at] + draw(st.sampled_from(",/: X7♠")) + text[at + 1 :]
        elif kind == "swap" and len(words) > 2:
            first, second = (
                draw(st.integers(1, len(words) - 1)),
                draw(st.integers(1, len(words) - 1)),
            )
            words[first], words[second] = words[second], words[first]
            text = " ".join(words)
        else:
            text = "deal " + draw(move_texts())
    return text


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(2))
@given(data=st.data())
def test_the_deal_parser_gives_a_deal_or_a_notation_error(game: str, data: st.DataObject) -> None:
    text = data.draw(_deal_texts(game), label="text")
    state = sample_states(game)[0]
    fields = get_game(game).deal_fields(parlour.options(state))
    arguments = text.split()[1:]
    deal = outcome(lambda: parse_deal(arguments, fields), f"{game} parse_deal({text[:40]!r})")
    if isinstance(deal, ParlourError):
        assert isinstance(deal, NotationError)
        return
    assert parlour.parse_move(state, str(deal)) == deal
    verdict = outcome(lambda: parlour.check(state, deal), f"{game} check(deal)")
    assert verdict is None or isinstance(verdict, Violation)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(4))
@given(text=st.one_of(TEXTS, move_texts()), index=st.integers(0, 40))
def test_check_and_apply_of_text_agree_and_change_nothing(game: str, text: str, index: int) -> None:
    state = _state(game, index)
    before = pickle.dumps(state)
    verdict = outcome(lambda: parlour.check(state, text), f"{game} check({text[:40]!r})")
    after = outcome(lambda: parlour.apply(state, text), f"{game} apply({text[:40]!r})")
    assert pickle.dumps(state) == before, "a call changed its input state"
    if isinstance(verdict, ParlourError):
        assert isinstance(verdict, NotationError)
        assert isinstance(after, NotationError)
    elif verdict is None:
        assert not isinstance(after, ParlourError), after
    else:
        assert isinstance(verdict, Violation) and verdict.rule and verdict.message
        assert isinstance(after, IllegalMoveError) and after.rule == verdict.rule


@st.composite
def _near_legal_texts(draw: st.DrawFn, game: str, state: Any) -> str:
    """A legal move's text with a few token edits: a token dropped, doubled, swapped, or a card
    replaced by another of the deck, or ``=`` and cards appended."""
    legal = parlour.legal_moves(state)
    if not legal:
        return draw(move_texts())
    words = str(legal[draw(st.integers(0, len(legal) - 1))]).split()
    deck = card_tokens(game)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(words) - 1))
        edit = draw(st.sampled_from(("drop", "double", "swap", "card", "equals")))
        if edit == "drop" and len(words) > 1:
            del words[at]
        elif edit == "double":
            words.insert(at, words[at])
        elif edit == "swap":
            other = draw(st.integers(0, len(words) - 1))
            words[at], words[other] = words[other], words[at]
        elif edit == "card":
            words[at] = draw(st.sampled_from(deck))
        else:
            words += ["=", *draw(st.lists(st.sampled_from(deck), max_size=6))]
    return " ".join(words)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(3))
@given(data=st.data(), index=st.integers(0, 40))
def test_near_legal_texts_parse_check_and_apply_consistently(
    game: str, data: st.DataObject, index: int
) -> None:
    state = _state(game, index)
    text = data.draw(_near_legal_texts(game, state), label="text")
    before = pickle.dumps(state)
    move = outcome(lambda: parlour.parse_move(state, text), f"{game} parse_move({text!r})")
    verdict = outcome(lambda: parlour.check(state, text), f"{game} check({text!r})")
    after = outcome(lambda: parlour.apply(state, text), f"{game} apply({text!r})")
    assert pickle.dumps(state) == before, "a call changed its input state"
    if isinstance(move, ParlourError):
        assert isinstance(verdict, NotationError) and isinstance(after, NotationError)
        return
    assert parlour.parse_move(state, str(move)) == move
    if verdict is None:
        assert not isinstance(after, ParlourError), after
        assert move in parlour.legal_moves(state), f"check accepts {text!r}, not a legal move"
    else:
        assert isinstance(verdict, Violation)
        assert isinstance(after, IllegalMoveError) and after.rule == verdict.rule
        assert move not in parlour.legal_moves(state), f"{text!r} is legal but check says {verdict}"
