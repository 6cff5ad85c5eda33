"""The agent examples run to the end and report their result (``tests/test_examples.py``
covers the older examples)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_example(name: str, *arguments: str) -> list[str]:
    finished = subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *arguments],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    return finished.stdout.splitlines()


def test_my_first_bot_reports_its_tally() -> None:
    last = run_example("my_first_bot.py", "4")[-1]
    found = re.fullmatch(r"the bot won (\d) of 4 matches against a random player", last)
    assert found is not None, last


def test_ismcts_match_names_the_winner_after_the_match_reaches_its_target() -> None:
    lines = run_example("ismcts_match.py", "2")
    assert lines[-1] in ("winner: ISMCTS", "winner: heuristic")
    final = re.fullmatch(r"after '.*': ISMCTS (\d+), heuristic (\d+)", lines[-2])
    assert final is not None, lines[-2]
    assert max(int(final.group(1)), int(final.group(2))) >= 5  # Écarté's default target
