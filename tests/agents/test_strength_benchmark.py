"""``benchmarks/strength.py``: a short run through the arena."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strength.py"


def test_a_short_run_reports_each_pair() -> None:
    finished = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "ecarte", "--pairs", "heuristic/random",
         "--deals", "2", "--seed", "3"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[0].startswith("2 pairs of seat-swapped matches per pair, seed 3")
    assert re.match(r"ecarte +heuristic vs random +scores +\d+\.\d% \[", lines[1])
    tally = re.search(r"(\d+)-(\d+)-(\d+) of 4", lines[1])
    assert tally is not None and sum(int(number) for number in tally.groups()) == 4
