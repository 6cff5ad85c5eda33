"""The checked and the unchecked path of each trick game agree.

`TrickGame.apply` is the one checked path (`check`, then `apply_unchecked`), whatever shortcut
it takes to the move type's check and transition. For every state of random playouts of each
trick game: a legal move (the one played and a few others) gives the same state both ways, and
the same as an equal copy of the move and as the move named with the seat to act; a move that
`check` refuses (moves seen anywhere in the playout, tried in every state) is refused by
`apply` with the same rule, and the state is left as it was.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings

import parlour
from parlour.engine import (
    PIQUET_PLAYS,
    Move,
    game_of,
)
from parlour.tricks import TrickGame
from tests.strategies import iter_playout, seeds

GAMES = ("belote", "bezique", "ecarte")
ALTERNATIVES = 3
"""How many other legal moves of a state are also applied both ways (besides the one played)."""
TRIED = 12
"""How many moves of the pool are tried in each state."""


def _single_deal(game: str) -> dict[str, Any]:
    return {} if game == "ecarte" else {"target": None}


def _copy(value: Any) -> Any:
    """An equal value that is not the same object (`copy.copy` returns a move or state itself)."""
    return pickle.loads(pickle.dumps(value))


def _facts(state: Any) -> tuple[Any, ...]:
    """What a user reads of a state: the state itself, whose turn, the legal moves, the score."""
    return (
        state,
        parlour.current_player(state),
        [str(move) for move in parlour.legal_moves(state)],
        parlour.score(state),
    )


def _trick_game(state: Any) -> TrickGame:
    game = game_of(state)
    assert isinstance(game, TrickGame)
    return game


def test_a_copy_is_equal_and_not_the_same_object() -> None:
    state = parlour.new_game("belote", seed=1)
    move = parlour.legal_moves(state)[0]
    assert _copy(move) == move and _copy(move) is not move


def _agrees(state: Any, move: Move) -> bool:
    """Check that ``apply`` does what `check` then `apply_unchecked` do with ``move`` in
    ``state``; whether the move was legal."""
    game = _trick_game(state)
    kept = _copy(state)
    violation = game.check(state, move, None)
    if violation is None:
        unchecked = _facts(game.apply_unchecked(state, move))
        assert _facts(game.apply(state, move, None)) == unchecked, str(move)
        assert _facts(parlour.apply(state, move)) == unchecked, str(move)
        assert _facts(parlour.apply(state, _copy(move))) == unchecked, str(move)
        seat = parlour.current_player(state)
        if isinstance(seat, int):
            assert _facts(parlour.apply(state, move, seat=seat)) == unchecked, str(move)
    else:
        for given in (move, _copy(move)):
            with pytest.raises(parlour.IllegalMoveError) as raised:
                parlour.apply(state, given)
            assert raised.value.rule == violation.rule, str(move)
    assert _facts(state) == _facts(kept), f"{move} changed the state"
    return violation is None


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=2, deadline=None)
@given(seed=seeds())
def test_the_checked_and_the_unchecked_path_agree(game: str, seed: int) -> None:
    rng = random.Random(seed)
    pool: dict[str, Move] = {str(move): move for move in PIQUET_PLAYS}
    refused = legal = 0
    for step in iter_playout(game, seed, _single_deal(game), max_moves=400):
        before = step.before
        moves = list(parlour.legal_moves(before))
        pool.update((str(move), move) for move in moves)
        pool[str(step.move)] = step.move
        others = rng.sample(moves, min(ALTERNATIVES, len(moves)))
        tried = rng.sample(sorted(pool.values(), key=str), min(TRIED, len(pool)))
        for move in [step.move, *others, *tried]:
            if _agrees(before, move):
                legal += 1
            else:
                refused += 1
        assert _facts(step.after) == _facts(parlour.apply(before, step.move))
    assert legal and refused


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
