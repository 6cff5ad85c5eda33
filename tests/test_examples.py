"""The example programs run, exit as documented, and print what they should."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_example(name: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )


def test_random_match_prints_the_final_score_and_winners() -> None:
    finished = run_example("random_match.py")
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[0] == "Belote, four random players, seed 2024"
    assert lines[-2] == "final score: team 0 (seats 0 & 2) 1046, team 1 (seats 1 & 3) 816"
    assert lines[-1] == "winners: seats 0 and 2"


def test_simple_bot_beats_random_players() -> None:
    finished = run_example("simple_bot.py", "5")
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.splitlines()[-1] == "the bot won 5 of 5 matches"


def test_validate_logs_reports_the_golden_logs() -> None:
    finished = run_example("validate_logs.py", "tests/golden")
    assert finished.returncode == 1
    assert finished.stdout.splitlines()[-1] == (
        "14 logs, 7 valid, 7 invalid (format: 1, illegal: 3, notation: 1, result: 2)"
    )


def test_validate_logs_exits_0_on_valid_logs() -> None:
    finished = run_example("validate_logs.py", "tests/golden/single_deal.json")
    assert finished.returncode == 0
    assert finished.stdout.splitlines()[-1] == "1 log, 1 valid, 0 invalid"
