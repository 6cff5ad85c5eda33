"""Move texts parsed once (`TrickGame.parse_move` remembers the canonical texts of the keywords
whose parser reads the words alone): the same move as a fresh parse, never for a keyword whose
reading depends on the state, and a table that stays bounded whatever texts are given."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import NotationError
from parlour.belote import Phase
from parlour.engine import get_game

BUILT_IN_TRICK_GAMES = ("belote", "bezique", "ecarte")


@pytest.mark.parametrize("name", BUILT_IN_TRICK_GAMES)
def test_a_remembered_text_gives_the_move_a_fresh_parse_gives(name: str) -> None:
    state = parlour.new_game(name, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if parlour.is_over(state) or parlour.is_chance(state):
            break
        for move in parlour.legal_moves(state):
            text = str(move)
            first = parlour.parse_move(state, text)
            again = parlour.parse_move(state, text)
            assert first == move and again == move
        state = parlour.apply(state, rng.choice(parlour.legal_moves(state)))


def test_a_take_naming_a_suit_is_read_against_the_state_every_time() -> None:
    """``take H`` is ``take`` in the first round when hearts are turned up, and a take in hearts
    in the second round (rules §3.3): its reading depends on the state, so it is not
    remembered."""
    first_round = parlour.new_game("belote", seed=7)
    assert first_round.phase == Phase.BID_ROUND_1
    turned_up = parlour.view(first_round, None).turnup
    assert turned_up is not None and turned_up.suit is not None
    text = f"take {turned_up.suit.letter}"
    second_round = first_round
    while second_round.phase == Phase.BID_ROUND_1:
        second_round = parlour.apply(second_round, "pass")
    assert second_round.phase == Phase.BID_ROUND_2
    # the second round's reading first: it is the canonical text of its move
    assert str(parlour.parse_move(second_round, text)) == text
    assert str(parlour.parse_move(first_round, text)) == "take"
    assert str(parlour.parse_move(second_round, text)) == text


@given(st.lists(st.text(alphabet="0123456789AJKQTSHDCshdcjkqt ♠♥♦♣", max_size=6), max_size=60))
def test_any_texts_leave_the_table_bounded_and_errors_specific(texts: list[str]) -> None:
    state = parlour.new_game("belote", seed=3)
    for text in texts:
        for candidate in (text, f"play {text}", f"PLAY {text}"):
            with contextlib.suppress(NotationError):
                parlour.parse_move(state, candidate)
    remembered = get_game("belote")._parsed_texts  # type: ignore[attr-defined]
    # at most the canonical text of each play of a card face (54 faces) and of ``pass``
    assert len(remembered) <= 54 + 1
    assert all(str(move) == text for text, move in remembered.items())


def test_a_value_that_is_not_text_is_still_a_notation_error() -> None:
    state = parlour.new_game("belote", seed=3)
    with pytest.raises(NotationError, match="must be text"):
        parlour.parse_move(state, ["play", "JH"])  # type: ignore[arg-type]
