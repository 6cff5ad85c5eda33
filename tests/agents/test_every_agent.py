"""Every built-in agent answers a legal move in every game, from positions of seeded random
playouts; its answer depends only on the view, the legal moves and its ``rng``."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.agents import HeuristicAgent, ISMCTSAgent, MatchRandomness, agent_move
from tests.agents.helpers import GAMES, agents_under_test, positions

EVERY = {"belote": 5, "bezique": 17, "ecarte": 2, "burraco": 40, "coinche": 5}
"""Test one position in so many of each game's playout (Bezique and Burraco deals are long)."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_agent_answers_a_legal_move(game: str, seed: int) -> None:
    tested = 0
    for state in positions(game, seed, EVERY[game]):
        seat = parlour.current_player(state)
        assert isinstance(seat, int)
        for number, agent in enumerate(agents_under_test()):
            randomness = MatchRandomness(seed * 100 + number, parlour.players(state))
            move = agent_move(agent, state, randomness)  # raises AgentError if illegal
            assert parlour.check(state, move, seat=seat) is None
            tested += 1
    assert tested >= 8


@pytest.mark.parametrize("game", GAMES)
def test_the_heuristic_move_does_not_depend_on_the_hidden_cards(game: str) -> None:
    """Views of the same seat drawn with different determinizations (``sampled``) give the
    same heuristic move: the rules of thumb read only what the seat may see."""
    agent = HeuristicAgent()
    compared = 0
    for state in positions(game, 3, EVERY[game]):
        seat = parlour.current_player(state)
        assert isinstance(seat, int)
        legal = parlour.legal_moves(state)
        answers = {
            str(agent.choose(parlour.agent_view(state, seat, random.Random(draw)), legal,
                             random.Random(0)))
            for draw in range(4)
        }  # fmt: skip
        assert len(answers) == 1, answers
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_is_deterministic_given_its_rng(game: str) -> None:
    agent = ISMCTSAgent(iterations=10)
    for state in list(positions(game, 5, EVERY[game]))[1:3]:
        seat = parlour.current_player(state)
        assert isinstance(seat, int)
        seen = parlour.agent_view(state, seat, random.Random(1))
        legal = parlour.legal_moves(state)
        first = agent.choose(seen, legal, random.Random(42))
        assert agent.choose(seen, legal, random.Random(42)) == first
        assert first in legal


def test_ismcts_plays_a_lone_legal_move_without_searching() -> None:
    state = parlour.new_game("belote", seed=1)
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    seen = parlour.agent_view(state, seat, random.Random(1))
    only = parlour.legal_moves(state)[:1]
    rng = random.Random(3)
    assert ISMCTSAgent(iterations=1000).choose(seen, only, rng) == only[0]
    assert rng.random() == random.Random(3).random()  # no draw was made


def test_a_time_budget_stops_the_search() -> None:
    import time

    state = parlour.new_game("bezique", seed=2)
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    seen = parlour.agent_view(state, seat, random.Random(1))
    start = time.perf_counter()
    move = ISMCTSAgent(seconds=0.05).choose(seen, parlour.legal_moves(state), random.Random(1))
    assert time.perf_counter() - start < 5  # generous: one iteration may overrun the budget
    assert move in parlour.legal_moves(state)
