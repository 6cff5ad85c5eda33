"""The PIMC agent: its specs, its answers (legal, a function of the view and its ``rng``), and
the solver's card late in a deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents import (
    AgentSpecError,
    HeuristicAgent,
    ISMCTSAgent,
    PIMCAgent,
    RandomAgent,
    make_agent,
)
from parlour.agents import _pimc as pimc
from parlour.tricks import solve
from tests.strategies import iter_playout


def test_pimc_specs() -> None:
    agent = make_agent("pimc", "belote")
    assert isinstance(agent, PIMCAgent) and agent.worlds == 20
    assert isinstance(agent.fallback, HeuristicAgent)
    agent = make_agent("pimc:7+ismcts:30", "ecarte")
    assert isinstance(agent, PIMCAgent) and agent.worlds == 7
    assert isinstance(agent.fallback, ISMCTSAgent) and agent.fallback.iterations == 30
    assert isinstance(make_agent("pimc:3+random", "coinche").fallback, RandomAgent)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec", ["pimc:0", "pimc:x", "pimc:", "pimc:5+pimc:3", "pimc:5+", "pimc:100001", "pimc:5+nope"]
)
def test_bad_pimc_specs_are_refused(spec: str) -> None:
    with pytest.raises(AgentSpecError):
        make_agent(spec, "belote")


@pytest.mark.parametrize("worlds", [0, -1, True, 2.0])
def test_bad_world_counts_are_refused(worlds: Any) -> None:
    with pytest.raises(ValueError, match="worlds"):
        PIMCAgent(worlds=worlds, fallback=RandomAgent())


def _late_states(game: str, seed: int, cards: int) -> list[Any]:
    """The states of a random single deal where a seat is to play a card with at most
    ``cards`` cards in the hands."""
    states = []
    for step in iter_playout(game, seed, {"target": None}, dealer=seed % 2):
        seen = parlour.view(step.before, None)
        moves = parlour.legal_moves(step.before)
        if seen.phase == "play" and sum(seen.hand_sizes) <= cards and len(moves) > 1 and all(
            str(move).startswith("play ") for move in moves
        ):
            states.append(step.before)
    return states


@pytest.mark.parametrize("game", ["belote", "coinche", "ecarte"])
def test_the_answer_depends_on_the_view_and_the_rng_only(game: str) -> None:
    """Views of one seat drawn with different determinizations give the same PIMC move for
    the same ``rng``: the worlds are dealt from what the seat sees."""
    agent = PIMCAgent(worlds=4, fallback=HeuristicAgent())
    compared = 0
    for seed in range(3):
        for state in _late_states(game, seed, 12)[:3]:
            seat = parlour.current_player(state)
            assert isinstance(seat, int)
            legal = parlour.legal_moves(state)
            answers = {
                str(agent.choose(parlour.agent_view(state, seat, random.Random(draw)), legal,
                                 random.Random(5)))
                for draw in range(3)
            }  # fmt: skip
            assert len(answers) == 1, answers
            compared += 1
    assert compared >= 3


@pytest.mark.parametrize("game", ["belote", "coinche", "ecarte"])
def test_in_a_known_world_pimc_plays_the_solvers_best_card(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the worlds dealt as the real deal (the sampler replaced by the real state), PIMC
    plays the solver's best card for its own side: the lowest of `Solution.best` (seats of
    either team, so the points are read from the right side)."""
    module = getattr(parlour, game)
    agent = PIMCAgent(worlds=2, fallback=HeuristicAgent())
    checked = {0: 0, 1: 0}
    for seed in range(6):
        for state in _late_states(game, seed, 12):
            monkeypatch.setattr(pimc, "sample_state", lambda sampled, seat, rng, real=state: real)
            seat = parlour.current_player(state)
            assert isinstance(seat, int)
            move = agent.choose(parlour.agent_view(state, seat, random.Random(1)),
                                parlour.legal_moves(state), random.Random(2))  # fmt: skip
            solution = solve(module.trick_ending(state))
            cards = module.trick_ending(state).evaluator.table.cards
            assert move.card == cards[min(solution.best)], (move, solution)  # type: ignore[attr-defined]
            checked[seat % 2] += 1
    assert min(checked.values()) >= 2, checked
