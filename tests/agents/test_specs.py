"""`make_agent`: the spec grammar, and a clear `AgentSpecError` (an `OptionsError`) otherwise."""

from __future__ import annotations

import pytest

from parlour import OptionsError
from parlour.agents import (
    AgentSpecError,
    HeuristicAgent,
    ISMCTSAgent,
    RandomAgent,
    make_agent,
    make_agents,
)


def test_random_and_heuristic_specs() -> None:
    assert isinstance(make_agent("random", "belote"), RandomAgent)
    assert isinstance(make_agent("heuristic", "burraco"), HeuristicAgent)
    assert isinstance(make_agent(" Heuristic ", "ecarte"), HeuristicAgent)  # case, spaces


def test_ismcts_budgets() -> None:
    by_iterations = make_agent("ismcts:200", "belote")
    assert isinstance(by_iterations, ISMCTSAgent)
    assert (by_iterations.iterations, by_iterations.seconds) == (200, None)
    assert by_iterations.rollout == "random"
    by_time = make_agent("ismcts:0.5s", "bezique")
    assert isinstance(by_time, ISMCTSAgent)
    assert (by_time.iterations, by_time.seconds) == (None, 0.5)
    default = make_agent("ismcts", "ecarte")
    assert isinstance(default, ISMCTSAgent)
    assert (default.iterations, default.seconds) == (200, None)
    heuristic_rollouts = make_agent("ismcts:50+heuristic", "ecarte")
    assert isinstance(heuristic_rollouts, ISMCTSAgent)
    assert (heuristic_rollouts.iterations, heuristic_rollouts.rollout) == (50, "heuristic")


def test_one_agent_per_spec_in_seat_order() -> None:
    agents = make_agents("heuristic,random,ismcts:20,heuristic", "belote")
    assert [type(agent).__name__ for agent in agents] == [
        "HeuristicAgent", "RandomAgent", "ISMCTSAgent", "HeuristicAgent",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "unknown agent spec 'minimax'"),
        ("ismcts:", "unknown agent spec 'ismcts:'"),
        ("ismcts:abc", "'abc' is not a number of iterations"),
        ("ismcts:-5", "'-5' is not a number of iterations"),
        ("ismcts:0", "iterations per move must be from 1"),
        ("ismcts:1.5", "'1.5' is not a number of iterations"),
        ("ismcts:0s", "seconds per move must be above 0"),
        ("ismcts:nans", "'nan' is not a number of seconds"),
        ("ismcts:xs", "'x' is not a number of seconds"),
        ("ismcts:99999999999999999999999", "is not a number of iterations"),
        ("", "unknown agent spec ''"),
    ],
)
def test_bad_specs_are_refused_with_a_clear_message(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message) as caught:
        make_agent(spec, "belote")
    assert isinstance(caught.value, OptionsError)
    assert "random, heuristic, ismcts" in str(caught.value) or "must be" in str(caught.value)


def test_an_unknown_game_is_an_options_error() -> None:
    with pytest.raises(OptionsError, match="unknown game 'chess'"):
        make_agent("random", "chess")


def test_a_spec_that_is_not_text_is_refused() -> None:
    with pytest.raises(AgentSpecError, match="must be a str, not int"):
        make_agent(200, "belote")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"iterations": 0}, "iterations must be a positive int"),
        ({"iterations": True}, "iterations must be a positive int"),
        ({"seconds": -1.0}, "seconds must be a positive number"),
        ({"seconds": float("inf")}, "seconds must be a positive number"),
        ({"exploration": -0.1}, "exploration must be a number >= 0"),
        ({"rollout": "greedy"}, "rollout must be one of random, heuristic"),
        ({"max_branching": 0}, "max_branching must be a positive int"),
    ],
)
def test_bad_ismcts_settings_are_refused(settings: dict[str, object], message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        ISMCTSAgent(**settings)  # type: ignore[arg-type]
