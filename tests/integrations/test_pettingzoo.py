"""The PettingZoo adapter: PettingZoo's own ``api_test`` and ``seed_test`` for every game,
masks, rewards at the end of each deal, move texts in the infos, and chance drawn from the
environment's seeded generator."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

import parlour
from tests.helpers import BUILT_IN, PETTINGZOO_PROBE, tolerating_the_pettingzoo_probe
from tests.profiles import thorough

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from parlour.encoding import encoding_for  # noqa: E402
from parlour.integrations.pettingzoo import ENVIRONMENTS, env  # noqa: E402

CYCLES = thorough(200, 1000)
CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("belote", {"target": None}),
    ("bezique", {"target": None}),
    ("ecarte", {}),
    ("burraco", {"target": None}),
    ("burraco", {"target": None, "players": 2}),
    ("coinche", {"target": None}),
)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice about dict observations, as for its own
        api_test(tolerating_the_pettingzoo_probe(env(name, options)), num_cycles=CYCLES,
                 verbose_progress=False)  # fmt: skip


def test_reset_refuses_what_is_not_parlour_options() -> None:
    environment = env("belote", {"target": None})
    with pytest.raises(parlour.OptionsError):
        environment.reset(seed=0, options=PETTINGZOO_PROBE)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(name, options), num_cycles=CYCLES)


def _play_out(environment: Any, rng: random.Random) -> dict[str, float]:
    """Play random legal actions to the end; the rewards each agent collected."""
    collected = {agent: 0.0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        collected[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(list(legal))))
    return collected


@pytest.mark.parametrize("name", ("belote", "ecarte", "burraco", "coinche"))
def test_rewards_add_up_to_the_deals_points(name: str) -> None:
    """Over a whole single-deal match, each agent's rewards add up to its side's points minus
    the other side's (Écarté: a whole match to 5)."""
    options = {} if name == "ecarte" else {"target": None}
    environment = env(name, options)
    environment.reset(seed=3)
    collected = _play_out(environment, random.Random(3))
    final = parlour.score(environment.parlour_state)
    teams = parlour.teams(environment.parlour_state)
    assert len(teams) == 2
    for seat, agent in enumerate(environment.possible_agents):
        other_team = next(team for team in teams if seat not in team)
        assert collected[agent] == final[seat] - final[other_team[0]], agent


def test_rewards_come_only_at_the_end_of_a_deal() -> None:
    environment = env("belote", {"target": None})
    environment.reset(seed=5)
    rng = random.Random(5)
    for _ in environment.agent_iter():
        observation, reward, terminated, _, _ = environment.last()
        state = environment.parlour_state
        if not terminated:
            assert reward == 0.0
            assert not parlour.is_over(state)
            environment.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
        else:
            assert parlour.is_over(state)
            environment.step(None)


def test_mask_and_infos_name_the_legal_moves() -> None:
    environment = env("burraco", {"target": None, "players": 2})
    environment.reset(seed=8)
    rng = random.Random(8)
    encoding = encoding_for("burraco")
    for _ in range(60):
        agent = environment.agent_selection
        observation, _, terminated, _, info = environment.last()
        if terminated:
            break
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        texts = info["action_texts"]
        assert sorted(texts) == list(np.flatnonzero(mask))
        state = environment.parlour_state
        legal_texts = {str(move) for move in parlour.legal_moves(state)}
        for text in texts.values():
            assert text in legal_texts or text.endswith(" …")
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        environment.step(int(rng.choice(sorted(texts))))
    assert encoding.num_actions == len(mask)


def test_the_same_seed_deals_the_same_cards() -> None:
    first, second, third = (env("belote", {"target": None}) for _ in range(3))
    first.reset(seed=11)
    second.reset(seed=11)
    third.reset(seed=12)
    assert first.parlour_state == second.parlour_state
    assert first.parlour_state == parlour.new_game("belote", options={"target": None}, seed=11)
    assert third.parlour_state != first.parlour_state


def test_an_illegal_action_is_refused() -> None:
    environment = env("ecarte")
    environment.reset(seed=1)
    observation = environment.observe(environment.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        environment.step(illegal)


def test_one_environment_class_per_game() -> None:
    assert set(BUILT_IN) <= set(ENVIRONMENTS)
    assert ENVIRONMENTS["bezique"]().possible_agents == ["player_0", "player_1"]
    assert len(ENVIRONMENTS["burraco"]().possible_agents) == 4
    assert env("ecarte", render_mode="ansi").metadata["name"] == "parlour_ecarte_v0"


def test_the_example_evaluates_an_agent() -> None:
    """``examples/pettingzoo_random_agent.py`` runs and reports its matches; the simple agent's
    wins are counted among the matches asked for."""
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, str(root / "examples" / "pettingzoo_random_agent.py"), "4"],
        capture_output=True, text=True, timeout=120, cwd=root, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    first, second = result.stdout.splitlines()
    found = re.fullmatch(r"simple agent won (\d) of 4 matches against a random agent", first)
    assert found is not None and 0 <= int(found.group(1)) <= 4
    assert re.fullmatch(r"mean reward per match: [+-]\d+\.\d\d points", second)
