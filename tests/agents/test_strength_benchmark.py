"""``benchmarks/strength.py``: its Wilson intervals and a short run."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strength.py"


def _strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [(8, 10, 0.4902, 0.9433), (0, 10, 0.0, 0.2775), (50, 100, 0.4038, 0.5962)],
)
def test_wilson_intervals_match_the_published_values(
    wins: int, trials: int, low: float, high: float
) -> None:
    """95 % Wilson score intervals worked out by hand from the formula (z = 1.96)."""
    interval = _strength().wilson_interval(wins, trials)
    assert interval == pytest.approx((low, high), abs=1e-4)


def test_a_short_run_reports_each_pair() -> None:
    finished = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "ecarte", "--pairs", "heuristic/random",
         "--matches", "4", "--seed", "3"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[0].startswith("4 matches per pair, seats swapped every other match, seed 3")
    assert re.match(r"ecarte +heuristic vs random +wins +\d+\.\d% \[", lines[1])
    tally = re.search(r"(\d+)-(\d+)-(\d+) of 4", lines[1])
    assert tally is not None and sum(int(number) for number in tally.groups()) == 4
