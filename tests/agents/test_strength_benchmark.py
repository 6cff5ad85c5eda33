"""``benchmarks/strength.py``: a short run through the arena."""

from __future__ import annotations

import importlib
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strength.py"


def _ecarte_run(pairs: str, deals: int, seed: int) -> list[str]:
    """The lines ``strength.py`` prints for ``pairs`` in Écarté (it must exit 0)."""
    finished = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "ecarte", "--pairs", pairs,
         "--deals", str(deals), "--seed", str(seed)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    return finished.stdout.splitlines()


def test_a_short_run_reports_each_pair() -> None:
    lines = _ecarte_run("heuristic/random", deals=2, seed=3)
    assert lines[0].startswith("2 pairs of seat-swapped matches per pair, seed 3")
    assert re.match(r"ecarte +heuristic vs random +scores +\d+\.\d% \[", lines[1])
    tally = re.search(r"(\d+)-(\d+)-(\d+) of 4", lines[1])
    assert tally is not None and sum(int(number) for number in tally.groups()) == 4


def test_an_agent_of_another_tree_follows_the_match_move_by_move() -> None:
    """``heuristic@.`` is this tree's heuristic run in a child process that replays each match
    on its own engine. Écarté's heuristic has no random part, so if the child follows the game
    exactly it plays as the heuristic in the parent would: each pair's two seatings are then the
    same match mirrored, half the points each way and a margin of exactly 0."""
    report = _ecarte_run("heuristic@./heuristic", deals=3, seed=5)[1]
    assert re.match(r"ecarte +heuristic@\. vs heuristic +scores +50\.0% \[", report)
    assert "3-3-0 of 6" in report and "margin +0.0 [+0.0, +0.0]" in report


def test_a_child_out_of_step_stops_the_run_with_its_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    strength = importlib.import_module("strength")
    agent = strength.RevisionAgent(SCRIPT.parents[1], "ecarte", "random", {"target": None}, "x")
    try:
        state = parlour.new_game("ecarte", options={"target": None})
        deal = parlour.random_deal(state, random.Random(1))
        dealt = parlour.apply(state, deal)
        agent.watch(state, deal, dealt)
        seat = parlour.current_player(dealt)
        assert isinstance(seat, int)
        reason = f"x: RuntimeError: seat {seat} is to act here, not {1 - seat}"
        with pytest.raises(RuntimeError, match=reason):
            agent.choose(parlour.view(dealt, 1 - seat), (), random.Random(3))
    finally:
        agent.close()
