"""`ISMCTSAgent`'s rewards, final policies, root statistics, evaluator hook (PUCT), budgets and
root-parallel search."""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.agents import AgentSpecError, ISMCTSAgent, make_agent
from parlour.agents._ismcts import _worker_search
from parlour.agents._rewards import reward_function
from parlour.engine import Move, SupportsDealScale, View, get_game
from tests.agents.helpers import SINGLE_DEAL, positions

TWO_TEAMS_OF_TWO = (0, 1, 0, 1)
TWO_SEATS = (0, 1)


def _decision(game: str, seed: int, skip: int = 0) -> tuple[Any, Any, Sequence[Move]]:
    """A position of a random single-deal playout with more than one legal move: the state,
    the view of its seat to act and the legal moves (the decision numbered ``skip``, counted
    round again from the first when the deal has fewer)."""
    decisions = [
        (state, moves)
        for state in positions(game, seed, 1)
        if len(moves := parlour.legal_moves(state)) > 1
    ]
    assert decisions, f"no decision in {game} seed {seed}"
    state, moves = decisions[skip % len(decisions)]
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    return state, parlour.agent_view(state, seat, random.Random(seed)), moves


# --- rewards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options", "scale"),
    [
        ("belote", {}, 252 + 20),  # a capot and the belote (rules §3.7)
        ("belote", {"capot_points": 250}, 250 + 20),
        ("ecarte", {}, 2 + 1),  # a vole (or a penalty) and the king (rules §2.5-2.6)
        ("bezique", {}, 160 + 10 + 500),  # the brisques, the last trick, a double bezique
        ("burraco", {}, 100 + 100 + 2 * 200),  # closing, no pozzetto, two clean burracos
    ],
)
def test_each_game_gives_its_deal_scale(game: str, options: dict[str, Any], scale: int) -> None:
    state = parlour.new_game(game, options={**SINGLE_DEAL, **options})
    found = get_game(game)
    assert isinstance(found, SupportsDealScale)
    assert found.deal_scale(parlour.options(state)) == scale
    assert not isinstance(get_game("coinche"), SupportsDealScale)


def test_a_belote_capot_is_worth_more_than_162_to_0() -> None:
    """Rules: a capot scores 252 card points, and the belote 20 more: 272 is the whole reward;
    162-0 (every card point, no capot) is 162 / 272 of the margin."""
    state = parlour.new_game("belote", options=SINGLE_DEAL, seed=1)
    rewards = reward_function("deal", state, TWO_TEAMS_OF_TWO)
    nil = (0, 0, 0, 0)
    assert rewards(nil, (272, 0, 272, 0)) == (1.0, 0.0, 1.0, 0.0)
    plain = rewards(nil, (162, 0, 162, 0))
    assert plain[0] == pytest.approx(0.5 + 0.5 * 162 / 272)
    assert plain[1] == pytest.approx(0.5 - 0.5 * 162 / 272)
    assert rewards(nil, (252, 0, 252, 0))[0] > plain[0]
    assert rewards(nil, (81, 81, 81, 81)) == (0.5, 0.5, 0.5, 0.5)
    capot_250 = parlour.new_game("belote", options={**SINGLE_DEAL, "capot_points": 250}, seed=1)
    assert reward_function("deal", capot_250, TWO_TEAMS_OF_TWO)(nil, (270, 0, 270, 0))[0] == 1.0


def test_an_ecarte_vole_is_worth_twice_the_point() -> None:
    """Rules: the point scores 1, the vole 2; with the king, 3 at most."""
    state = parlour.new_game("ecarte", options=SINGLE_DEAL, seed=1)
    rewards = reward_function("deal", state, TWO_SEATS)
    point, vole = rewards((0, 0), (1, 0)), rewards((0, 0), (2, 0))
    assert point == pytest.approx((0.5 + 0.5 / 3, 0.5 - 0.5 / 3))
    assert vole == pytest.approx((0.5 + 1 / 3, 0.5 - 1 / 3))
    assert rewards((0, 0), (3, 0)) == (1.0, 0.0)
    assert rewards((4, 2), (5, 3)) == (0.5, 0.5)  # one point each


def test_the_share_reward_counts_the_points_both_moved() -> None:
    state = parlour.new_game("ecarte", options=SINGLE_DEAL, seed=1)
    share = reward_function("share", state, TWO_SEATS)
    assert share((0, 0), (1, 0)) == (1.0, 0.0)  # 1-0 is all the points moved
    assert share((0, 0), (3, 1)) == (0.75, 0.25)
    assert share((2, 2), (2, 2)) == (0.5, 0.5)


def test_the_match_reward_is_the_share_of_the_distance_to_the_target() -> None:
    """Target 5: a point from 4 reaches it (all its distance), a point from 0 covers 1/5."""
    state = parlour.new_game("ecarte", options={"target": 5}, seed=1)
    match = reward_function("match", state, TWO_SEATS)
    assert match((4, 0), (5, 0)) == (1.0, 0.0)
    assert match((0, 0), (1, 0)) == pytest.approx((0.5 + 0.5 / 5, 0.5 - 0.5 / 5))
    assert match((0, 3), (1, 3)) == pytest.approx((0.6, 0.4))
    assert match((0, 3), (0, 4)) == pytest.approx((0.25, 0.75))  # 1 of the 2 it lacked
    single = parlour.new_game("ecarte", options=SINGLE_DEAL, seed=1)
    assert reward_function("match", single, TWO_SEATS)((0, 0), (1, 0)) == pytest.approx(
        (0.5 + 0.5 / 3, 0.5 - 0.5 / 3)
    )  # no target: the deal's reward


def test_a_game_without_a_scale_gets_the_share_reward() -> None:
    state = parlour.new_game("coinche", options=SINGLE_DEAL, seed=1)
    deal = reward_function("deal", state, TWO_TEAMS_OF_TWO)
    assert deal((0, 0, 0, 0), (90, 10, 90, 10)) == pytest.approx((0.9, 0.1, 0.9, 0.1))


# --- policies and root statistics ------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(
    game=st.sampled_from(["belote", "ecarte", "bezique", "coinche"]),
    seed=st.integers(0, 2**16),
    skip=st.integers(0, 6),
)
def test_the_visits_policy_is_a_distribution_over_legal_moves(
    game: str, seed: int, skip: int
) -> None:
    _, seen, moves = _decision(game, seed, skip)
    agent = ISMCTSAgent(iterations=24, final="visits")
    stats = agent.search(seen, moves, random.Random(seed))
    assert stats.iterations == 24
    assert sum(move.visits for move in stats.moves) == 24  # one root visit per iteration
    assert all(0 <= move.mean <= 1 for move in stats.moves)
    policy = agent.policy(seen, moves, random.Random(seed))
    assert set(policy) <= set(moves)
    assert sum(policy.values()) == pytest.approx(1.0)
    assert policy == {move.move: move.visits / 24 for move in stats.moves}
    assert agent.choose(seen, moves, random.Random(seed)) in policy


def test_the_most_visited_policy_is_the_move_chosen() -> None:
    _, seen, moves = _decision("belote", 5, 3)
    agent = ISMCTSAgent(iterations=30)
    stats = agent.search(seen, moves, random.Random(2))
    top = max(move.visits for move in stats.moves)
    first_top = next(move.move for move in stats.moves if move.visits == top)
    assert agent.policy(seen, moves, random.Random(2)) == {first_top: 1.0}
    assert agent.choose(seen, moves, random.Random(2)) == first_top
    order = [list(moves).index(move.move) for move in stats.moves]
    assert order == sorted(order)  # in legal-move order


def test_a_lone_legal_move_has_the_whole_policy() -> None:
    _, seen, moves = _decision("ecarte", 2)
    only = moves[:1]
    for final in ("most_visited", "visits"):
        rng = random.Random(3)
        assert ISMCTSAgent(final=final).policy(seen, only, rng) == {only[0]: 1.0}
        assert rng.random() == random.Random(3).random()  # no search, no draw


@pytest.mark.parametrize("game", ["ecarte", "belote", "bezique", "burraco"])
def test_the_search_is_deterministic_given_its_rng(game: str) -> None:
    _, seen, moves = _decision(game, 11, 2)
    agent = ISMCTSAgent(iterations=12, final="visits", rollouts=2)
    first = agent.search(seen, moves, random.Random(8))
    assert agent.search(seen, moves, random.Random(8)) == first
    assert agent.choose(seen, moves, random.Random(8)) == agent.choose(
        seen, moves, random.Random(8)
    )


# --- the evaluator hook ----------------------------------------------------------------------


class PreferringEvaluator:
    """Priors all on ``favourite`` at the root (uniform elsewhere); records every call."""

    def __init__(self, favourite: Move | None) -> None:
        self.favourite = favourite
        self.calls: list[tuple[View, Sequence[Move]]] = []

    def __call__(
        self, view: View, legal_moves: Sequence[Move]
    ) -> tuple[dict[Move, float] | None, float | None]:
        self.calls.append((view, legal_moves))
        if self.favourite in legal_moves:
            return {move: float(move == self.favourite) for move in legal_moves}, None
        return None, None


def test_the_priors_steer_the_search() -> None:
    """With a large exploration constant, PUCT follows the priors: each legal move in turn,
    given the whole prior, gets every root visit."""
    _, seen, moves = _decision("belote", 4, 2)
    assert len(moves) >= 2
    for favourite in moves:
        evaluator = PreferringEvaluator(favourite)
        agent = ISMCTSAgent(iterations=20, evaluator=evaluator, exploration=5.0)
        stats = agent.search(seen, moves, random.Random(1))
        assert [(move.move, move.visits) for move in stats.moves] == [(favourite, 20)]
        assert evaluator.calls[0] == (seen, moves)  # the root: the real view and moves
        for view, legal in evaluator.calls[1:]:  # new nodes: the view of the seat to act
            assert view.to_act == view.seat
            assert tuple(legal) == tuple(parlour.legal_moves(view.sampled))


def test_an_evaluator_value_replaces_the_rollouts() -> None:
    """An evaluator that values every new node as won for the searching seat (1 when it is to
    act there, 0 when an opponent is, nothing in between when a partner is): every root move's
    mean is then exactly 1, which no playout of a Belote deal gives, and it is called once at
    the root and once per iteration (each expands one node, the deal being far from over)."""
    _, seen, moves = _decision("belote", 7)
    searcher = seen.seat
    calls = []

    def won_for_the_searcher(view: View, legal_moves: Sequence[Move]) -> tuple[None, float]:
        calls.append(view.seat)
        return None, 1.0 if (view.seat - searcher) % 2 == 0 else 0.0

    agent = ISMCTSAgent(iterations=20, evaluator=won_for_the_searcher)
    stats = agent.search(seen, moves, random.Random(2))
    assert [move.mean for move in stats.moves] == [1.0] * len(stats.moves)
    assert len(calls) == 1 + 20


def test_bad_evaluator_answers_are_refused() -> None:
    _, seen, moves = _decision("ecarte", 3)

    def too_high(view: View, legal_moves: Sequence[Move]) -> tuple[None, float]:
        return None, 1.5

    with pytest.raises(ValueError, match=r"value must be from 0 to 1, not 1\.5"):
        ISMCTSAgent(iterations=5, evaluator=too_high).search(seen, moves, random.Random(1))

    def negative(view: View, legal_moves: Sequence[Move]) -> tuple[dict[Move, float], None]:
        return {moves[0]: -1.0}, None

    with pytest.raises(ValueError, match="prior must be a number >= 0"):
        ISMCTSAgent(iterations=5, evaluator=negative).search(seen, moves, random.Random(1))


# --- budgets ---------------------------------------------------------------------------------


def test_the_cpu_budget_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A CPU clock that advances 0.01 s at each reading: a 0.1 s budget is read once at the
    start and once after each iteration, so it stops after 10 iterations."""
    clock = iter(range(10_000))
    monkeypatch.setattr(time, "thread_time", lambda: next(clock) / 100)
    _, seen, moves = _decision("ecarte", 2)
    stats = ISMCTSAgent(cpu_seconds=0.1).search(seen, moves, random.Random(1))
    assert stats.iterations == 10
    both = ISMCTSAgent(iterations=4, cpu_seconds=0.1).search(seen, moves, random.Random(1))
    assert both.iterations == 4  # whichever comes first


def test_a_real_cpu_budget_runs_at_least_one_iteration() -> None:
    _, seen, moves = _decision("bezique", 2)
    stats = ISMCTSAgent(cpu_seconds=0.001).search(seen, moves, random.Random(1))
    assert stats.iterations >= 1
    assert sum(move.visits for move in stats.moves) == stats.iterations


# --- root-parallel search --------------------------------------------------------------------


def test_two_workers_give_the_summed_visits_of_their_seeds() -> None:
    """Two spawned workers: the same statistics for the same seed, equal to the sums of the two
    searches run here with the seeds the agent draws from its ``rng``."""
    _, seen, moves = _decision("belote", 6)
    seeds = random.Random(9)
    first, second = seeds.getrandbits(64), seeds.getrandbits(64)
    expected: dict[Any, list[float]] = {}
    for seed, share in ((first, 8), (second, 7)):
        counts, done = _worker_search(ISMCTSAgent(iterations=15), seen, moves, seed, share)
        assert done == share
        for key, (visits, reward) in counts:
            expected.setdefault(key, [0, 0.0])
            expected[key][0] += visits
            expected[key][1] += reward
    with ISMCTSAgent(iterations=15, workers=2) as agent:
        stats = agent.search(seen, moves, random.Random(9))
        assert agent.search(seen, moves, random.Random(9)) == stats
    assert stats.iterations == 15
    assert {move.move: move.visits for move in stats.moves} == {
        key: visits for key, (visits, _) in expected.items() if visits
    }
    for move in stats.moves:
        summed_visits, summed_reward = expected[move.move]
        assert move.mean == pytest.approx(summed_reward / summed_visits)


def test_an_agent_pickles_without_its_workers() -> None:
    agent = ISMCTSAgent(iterations=7, reward="match", final="visits", workers=2)
    copy = pickle.loads(pickle.dumps(agent))
    assert repr(copy) == repr(agent)
    assert copy._pool is None


# --- settings and specs ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        ({"cpu_seconds": 0}, "cpu_seconds must be a positive number"),
        ({"rollouts": 0}, "rollouts must be a positive int"),
        ({"reward": "points"}, "reward must be one of deal, match, share"),
        ({"final": "best"}, "final must be one of most_visited, visits"),
        ({"workers": 0}, "workers must be an int from 1 to 64"),
        ({"evaluator": 3}, "evaluator must be callable, not int"),
    ],
)
def test_bad_settings_are_refused(settings_: dict[str, object], message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        ISMCTSAgent(**settings_)  # type: ignore[arg-type]


def test_specs_name_every_setting() -> None:
    agent = make_agent("ismcts:0.1cpu+heuristic+match+visits+workers=2+rollouts=3", "belote")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.cpu_seconds, agent.iterations, agent.seconds) == (0.1, None, None)
    assert (agent.rollout, agent.reward, agent.final) == ("heuristic", "match", "visits")
    assert (agent.workers, agent.rollouts) == (2, 3)
    tuned = make_agent("ismcts:50+share+random+exploration=1.5", "ecarte")
    assert isinstance(tuned, ISMCTSAgent)
    assert (tuned.iterations, tuned.reward, tuned.rollout, tuned.exploration) == (
        50, "share", "random", 1.5,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:0cpu", "CPU seconds per move must be above 0"),
        ("ismcts:xcpu", "'x' is not a number of seconds"),
        ("ismcts:10+workers=0", "workers must be from 1 to 64, not 0"),
        ("ismcts:10+rollouts=x", "'rollouts=x' is not an ismcts setting"),
        ("ismcts:10+fast", "'fast' is not an ismcts setting"),
        ("ismcts:10+exploration=-1", "exploration must be from 0 to 100"),
    ],
)
def test_bad_ismcts_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, "belote")
