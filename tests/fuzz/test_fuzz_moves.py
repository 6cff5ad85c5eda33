"""Fuzzing `check` and `apply` with move objects built by hand, of every game's move classes,
holding odd contents (``None``, text, numbers, cards of another deck, nested tuples).

Building the move may fail (a converter refuses it: a programming error, outside the
contract); once built, `check` gives ``None`` or a `Violation`, `apply` agrees (a state, or an
`IllegalMoveError` with the same rule), neither changes its input, and ``str(move)`` works.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import IllegalMoveError, ParlourError, Suit
from parlour.base import (
    JOKER,
    parse_card,
)
from parlour.belote import Take
from parlour.bezique import Meld as BeziqueMeld
from parlour.burraco import Add
from parlour.burraco import Discard as BurracoDiscard
from parlour.burraco import Meld as BurracoMeld
from parlour.ecarte import Discard as EcarteDiscard
from parlour.engine import (
    Move,
    Play,
    Violation,
)
from tests.fuzz.guard import examples, outcome
from tests.fuzz.samples import GAMES, sample_states

MOVE_CLASSES: tuple[type[Move], ...] = (
    Play, Take, BeziqueMeld, EcarteDiscard, BurracoMeld, BurracoDiscard, Add,
)  # fmt: skip
"""Every move class with fields (the keyword moves hold nothing to get wrong)."""

_ODD = st.one_of(
    st.sampled_from((None, True, 0, -1, 7, 2**70, 1.5, "7S", "", Suit.HEARTS, JOKER)),
    st.sampled_from(("7S", "JH", "2C", "AD")).map(parse_card),
)
_VALUES = st.one_of(_ODD, st.lists(_ODD, max_size=6).map(tuple), st.lists(_ODD, max_size=3))


@st.composite
def _odd_moves(draw: st.DrawFn) -> Move | None:
    """A move of any game's class with drawn contents, or ``None`` if the class refuses them."""
    kind: Any = draw(st.sampled_from(MOVE_CLASSES))
    values: dict[str, Any] = {field.name: draw(_VALUES) for field in attrs.fields(kind)}
    try:
        move: Move = kind(**values)
    except (TypeError, ValueError, AttributeError):
        return None
    return move


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(3))
@given(move=_odd_moves(), index=st.integers(0, 40))
def test_hand_built_moves_are_judged_not_crashed_on(
    game: str, move: Move | None, index: int
) -> None:
    if move is None:
        return
    states = sample_states(game)
    state = states[index % len(states)]
    before = pickle.dumps(state)
    text = outcome(lambda: str(move), "str(move)")
    assert isinstance(text, str)
    verdict = outcome(lambda: parlour.check(state, move), f"{game} check({text!r})")
    after = outcome(lambda: parlour.apply(state, move), f"{game} apply({text!r})")
    assert pickle.dumps(state) == before, "a call changed its input state"
    assert not isinstance(verdict, ParlourError), verdict
    if verdict is None:
        assert not isinstance(after, ParlourError), after
    else:
        assert isinstance(verdict, Violation)
        assert isinstance(after, IllegalMoveError) and after.rule == verdict.rule
