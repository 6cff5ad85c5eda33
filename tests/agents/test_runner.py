"""`play_match` and `agent_move`: agents get views, never states; every answer is checked; a
match is the same for the same seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.agents import (
    AgentError,
    AgentSpecError,
    HeuristicAgent,
    ISMCTSAgent,
    MatchRandomness,
    RandomAgent,
    agent_move,
    play_match,
)
from parlour.engine import (
    Move,
    get_game,
)
from tests.agents.helpers import GAMES, SINGLE_DEAL, RecordingAgent


@pytest.mark.parametrize("game", GAMES)
def test_agents_receive_the_seats_view_and_its_legal_moves_never_the_state(game: str) -> None:
    seats = parlour.players(parlour.new_game(game))
    recorders = [RecordingAgent(HeuristicAgent()) for _ in range(seats)]
    played: list[tuple[Any, Move]] = []
    final = play_match(
        game,
        recorders,
        options=SINGLE_DEAL,
        seed=4,
        on_move=lambda before, move, after: played.append((before, move)),
    )
    assert parlour.is_over(final)
    state_type = get_game(game).state_type
    decisions = [(state, move) for state, move in played if not parlour.is_chance(state)]
    given = [entry for recorder in recorders for entry in recorder.seen]
    assert len(given) == len(decisions) > 0
    for seat, recorder in enumerate(recorders):
        for seen, _ in recorder.seen:
            assert isinstance(seen, parlour.View)
            assert not isinstance(seen, state_type)
            assert seen.seat == seat
    for state, _ in decisions:  # each view equals the seat's view of the real state
        to_act = parlour.current_player(state)
        assert isinstance(to_act, int)
        matching = [
            seen for seen, _ in recorders[to_act].seen if seen == parlour.view(state, to_act)
        ]
        assert matching
        legal_given = [legal for seen, legal in recorders[to_act].seen if seen == matching[0]]
        assert list(legal_given[0]) == list(parlour.legal_moves(state))


@pytest.mark.parametrize("game", GAMES)
def test_a_match_is_the_same_for_the_same_seed(game: str) -> None:
    seats = parlour.players(parlour.new_game(game))

    def moves_of(seed: int) -> list[str]:
        moves: list[str] = []
        agents = [RandomAgent() if seat % 2 else HeuristicAgent() for seat in range(seats)]
        play_match(
            game, agents, options=SINGLE_DEAL, seed=seed,
            on_move=lambda before, move, after: moves.append(str(move)),
        )  # fmt: skip
        return moves

    assert moves_of(11) == moves_of(11)
    assert moves_of(11) != moves_of(12)


class _Cheater:
    """Answers a fixed move, legal or not."""

    def __init__(self, move: Any) -> None:
        self.move = move

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        answer: Move = self.move
        return answer


def test_an_illegal_answer_is_refused_with_its_rule_and_the_state_is_kept() -> None:
    state = parlour.new_game("belote", seed=1)
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    illegal = parlour.parse_move(state, "play 7S")  # bidding: no card may be played yet
    with pytest.raises(AgentError, match=f"seat {seat}'s agent .* chose play 7S") as caught:
        agent_move(_Cheater(illegal), state, MatchRandomness(1, 4))
    assert caught.value.rule == "phase.wrong_move"
    assert parlour.current_player(state) == seat


def test_an_answer_that_is_not_a_move_is_refused() -> None:
    state = parlour.new_game("ecarte", seed=1)
    with pytest.raises(AgentError, match="answered str, not a parlour Move") as caught:
        agent_move(_Cheater("propose"), state, MatchRandomness(1, 2))
    assert caught.value.rule is None


def test_agent_move_needs_a_seat_to_act() -> None:
    with pytest.raises(AgentError, match="no seat is to act"):
        agent_move(RandomAgent(), parlour.new_game("ecarte"), MatchRandomness(1, 2))


def test_one_agent_per_seat() -> None:
    with pytest.raises(AgentSpecError, match="has 4 seats, but 2 agents were given"):
        play_match("belote", [RandomAgent(), RandomAgent()], seed=1)
    two_players = play_match(
        "burraco", [RandomAgent(), HeuristicAgent()], options={"players": 2, "target": None}, seed=2
    )
    assert parlour.is_over(two_players)


def test_the_random_streams_of_a_match_are_independent_and_seeded() -> None:
    first, again, other = MatchRandomness(5, 4), MatchRandomness(5, 4), MatchRandomness(6, 4)
    draws = [stream.random() for stream in (first.deals, first.views, *first.seats)]
    assert draws == [stream.random() for stream in (again.deals, again.views, *again.seats)]
    assert len(set(draws)) == len(draws)
    assert other.deals.random() != MatchRandomness(5, 4).deals.random()


def test_search_agents_need_the_agent_view() -> None:
    state = parlour.new_game("ecarte", seed=1)
    plain_view = parlour.view(state, 1)
    legal = parlour.legal_moves(state)
    for agent in (HeuristicAgent(), ISMCTSAgent(iterations=5)):
        with pytest.raises(AgentError, match="a plain view, with no sampled state: this agent"):
            agent.choose(plain_view, legal, random.Random(1))
