"""Each game's `apply` takes the common moves (an interned play, a deal, a move that is the very
object `legal_moves` gave) straight to their transition, and every other move through `check`
first. Both ways must give the same state: here each move of random playouts is applied as
given, as an equal copy (a new object: the checked path), and with the seat to act named."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings

import parlour
from parlour.core import Move
from tests.strategies import iter_playout, seeds

GAMES = ("belote", "bezique", "ecarte", "burraco")
ALTERNATIVES = 3
"""How many other legal moves of a state are also applied both ways (besides the one played)."""


def _single_deal(game: str) -> dict[str, Any]:
    return {} if game == "ecarte" else {"target": None}


def _copy(move: Move) -> Move:
    """An equal move that is not the same object (`copy.copy` returns the move itself)."""
    fresh: Move = pickle.loads(pickle.dumps(move))
    return fresh


def _facts(state: Any) -> tuple[Any, ...]:
    """What a user reads of a state: the state itself, whose turn, the legal moves, the score."""
    return (
        state,
        parlour.current_player(state),
        [str(move) for move in parlour.legal_moves(state)],
        parlour.score(state),
    )


def test_a_copy_is_equal_and_not_the_same_object() -> None:
    state = parlour.new_game("belote", seed=1)
    move = parlour.legal_moves(state)[0]
    assert _copy(move) == move and _copy(move) is not move


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=2)
@given(seed=seeds())
def test_the_direct_and_the_checked_path_give_the_same_state(game: str, seed: int) -> None:
    rng = random.Random(seed)
    for step in iter_playout(game, seed, _single_deal(game), max_moves=400):
        before = step.before
        seat = parlour.current_player(before)
        legal = list(parlour.legal_moves(before))
        others = rng.sample(legal, min(ALTERNATIVES, len(legal)))
        for move in [step.move, *others]:
            after = _facts(parlour.apply(before, move))
            assert _facts(parlour.apply(before, _copy(move))) == after, str(move)
            if isinstance(seat, int):
                assert _facts(parlour.apply(before, move, seat=seat)) == after, str(move)
        assert _facts(step.after) == _facts(parlour.apply(before, step.move))


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_move_of_another_seat_is_refused_both_ways(game: str) -> None:
    for step in iter_playout(game, 5, _single_deal(game), max_moves=60):
        seat = parlour.current_player(step.before)
        if not isinstance(seat, int):
            continue
        other = (seat + 1) % parlour.players(step.before)
        for move in (step.move, _copy(step.move)):
            with pytest.raises(parlour.IllegalMoveError) as raised:
                parlour.apply(step.before, move, seat=other)
            assert raised.value.rule == "turn.not_your_turn"
