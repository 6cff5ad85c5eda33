"""Rare endings, driven toward and checked (issue: the conformance suite sees what it misses).

Uniform-random playouts almost never close a Burraco hand, rarely make a clean burraco, a
Belote capot or an Écarté vole. Here the built-in heuristic bots play every seat (a biased move
chooser that plays to win, with a share of uniform moves where the bots never go), single deals
of each game are played until every ending named in `ENDINGS` has been reached, each first
playout that reaches an ending goes through every check of the conformance suite
(`check_everything`), and the test fails if an ending was never reached in the budget: a fault
that only shows in those endings cannot hide behind random play's thin coverage.

The endings are read from the finished deals' breakdowns (what the deal result says happened);
whether the points, recipients and card flows of those deals are right is what the suite's
checks then decide from the moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import parlour
from parlour.agents import HeuristicAgent
from parlour.engine import Move
from tests.conformance.test_conformance import check_everything
from tests.profiles import thorough
from tests.strategies import PlayoutSpec, random_playout

Ending = Callable[[Any], bool]
"""Whether a finished deal's breakdown shows the ending."""


def _burraco_team_made(field: str) -> Ending:
    return lambda result: any(getattr(team, field) > 0 for team in result.teams)


ENDINGS: dict[str, dict[str, Ending]] = {
    "belote": {
        "a capot": lambda result: result.capot_team is not None,
        "a failed contract": lambda result: result.outcome == "failed",
        "belote-rebelote": lambda result: result.belote_team is not None,
    },
    "coinche": {
        "a made contract": lambda result: result.outcome == "made",
        "a failed contract": lambda result: result.outcome == "failed",
        "a coinched contract": lambda result: result.level >= 1,
        "a capot": lambda result: result.capot_team is not None,
    },
    "ecarte": {
        "a vole": lambda result: result.outcome == "vole",
        "a marked king": lambda result: result.king is not None,
        "a refused proposal": lambda result: result.refused is not None,
    },
    "bezique": {
        "a deal played to its end": lambda result: result.outcome == "played",
        "a royal marriage": lambda result: any(
            award.reason == "bezique.royal_marriage" for award in result.awards
        ),
        "four of a kind": lambda result: any(
            award.reason.startswith("bezique.four_") for award in result.awards
        ),
    },
    "burraco": {
        "a hand closed": lambda result: result.ended_by == "closing",
        "a clean burraco": _burraco_team_made("clean_burracos"),
        "a dirty burraco": _burraco_team_made("burraco_bonus"),
    },
}
BUDGET = {"belote": 400, "coinche": 200, "ecarte": 300, "bezique": 40, "burraco": 12}
"""The most single deals (hands) played per game and options before giving up on an ending."""
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "burraco": [{"target": None}, {"target": None, "players": 2}],
}
"""The options played (single deals); a game not listed plays its defaults."""


EXPLORE = {"coinche": 0.15}
"""Per game, the share of moves chosen uniformly at random instead of by the bot: the bots play
to win (closings, capots, voles), the random moves reach what they never choose (Coinche's bots
never coinche); elsewhere the bots alone (random moves keep a Burraco hand from closing)."""


def _bot_chooser(explore: float) -> Callable[[Any, Sequence[Move], random.Random], Move]:
    agent = HeuristicAgent()

    def choose(state: Any, moves: Sequence[Move], rng: random.Random) -> Move:
        if explore and rng.random() < explore:
            return moves[rng.randrange(len(moves))]
        seat = parlour.current_player(state)
        assert isinstance(seat, int)
        return agent.choose(parlour.agent_view(state, seat, rng), moves, rng)

    return choose


def _results(state: Any) -> tuple[Any, ...]:
    return tuple(parlour.deal_results(state))


def _cases() -> list[Any]:
    return [
        pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
        for name in ENDINGS
        if name in parlour.game_names()
        for options in OPTIONS.get(name, [{"target": None}])
    ]


@pytest.mark.parametrize(("name", "options"), _cases())
def test_bots_reach_every_rare_ending_and_it_conforms(name: str, options: dict[str, Any]) -> None:
    wanted = dict(ENDINGS[name])
    choose = _bot_chooser(EXPLORE.get(name, 0.0))
    budget = thorough(BUDGET[name], 2 * BUDGET[name])
    checked = 0
    for seed in range(budget):
        if not wanted:
            break
        spec = PlayoutSpec(name, seed, options, dealer=seed % 2)
        steps = random_playout(name, seed, options, dealer=seed % 2, choose=choose)
        reached = [
            ending
            for ending, shows in wanted.items()
            if any(shows(result) for result in _results(steps[-1].after))
        ]
        if reached:
            check_everything(spec, steps)
            checked += 1
        for ending in reached:
            del wanted[ending]
    assert not wanted, f"{name} {options}: never reached {sorted(wanted)} in {budget} deals"
    assert checked >= 1
