"""The toy game through both adapters, unchanged: OpenSpiel's ``random_sim_test`` and
PettingZoo's ``api_test`` and ``seed_test`` (each skipped when its extra is missing)."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

import parlour
from tests.helpers import tolerating_the_pettingzoo_probe
from tests.toy.rules import DECK

ROOT = Path(__file__).resolve().parents[2]
CASES: tuple[dict[str, Any], ...] = ({}, {"target": 7})


@pytest.mark.parametrize("options", CASES, ids=repr)
def test_openspiel_random_sim_test(options: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from parlour.integrations.openspiel import load_game

    game = load_game("toy", options)
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 12  # one id per card
    assert game.max_chance_outcomes() == len(DECK)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_openspiel_chance_nodes_deal_the_toy_deck() -> None:
    pytest.importorskip("pyspiel")
    from parlour.integrations.openspiel import load_game

    state = load_game("toy").new_initial_state()
    for face in range(len(DECK)):  # draw the deck in canonical order
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == len(DECK) - face
        state.apply_action(face)
    # the non-dealer (seat 1) got the first 3 and the 7th and 8th cards: 9S 10S JS 9H 10H
    view = parlour.view(state.parlour_state, 1)
    assert [card.text for card in view.hand] == ["9S", "10S", "JS", "9H", "10H"]
    assert state.current_player() == 1


def test_openspiel_loads_a_game_registered_after_it_was_imported() -> None:
    """In a fresh interpreter: the adapter is imported first, the toy game registered after."""
    pytest.importorskip("pyspiel")
    code = (
        "import pyspiel, parlour.integrations.openspiel as adapter\n"
        "assert 'toy' not in adapter.GAME_NAMES\n"
        "import tests.toy\n"
        "game = adapter.load_game('toy', {'target': None})\n"
        "pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)\n"
        "print(game.num_distinct_actions())\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "12"


@pytest.mark.parametrize("options", CASES, ids=repr)
def test_pettingzoo_api_test(options: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    from parlour.integrations.pettingzoo import env

    environment = env("toy", options)
    assert environment.possible_agents == ["player_0", "player_1"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice about dict observations
        api_test(tolerating_the_pettingzoo_probe(environment), num_cycles=200,
                 verbose_progress=False)  # fmt: skip


@pytest.mark.parametrize("options", CASES, ids=repr)
def test_pettingzoo_seed_test(options: dict[str, Any]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    from parlour.integrations.pettingzoo import env

    seed_test(lambda: env("toy", options), num_cycles=200)
