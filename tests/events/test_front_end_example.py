"""``examples/front_end_loop.py`` runs, explains its player's illegal request, and shows seat 0
no other seat's cards."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_front_end_loop_explains_a_refusal_and_hides_the_other_hands() -> None:
    finished = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "front_end_loop.py")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    refusals = [index for index, line in enumerate(lines) if line.startswith("refused:")]
    assert len(refusals) == 1
    # The request refused breaks a duty of the rules (a rule id), then the player is asked again
    # and its next request is one of the moves it was offered.
    assert re.search(r"\(rule belote\.[a-z_]+\); try again$", lines[refusals[0]])
    offered = lines[refusals[0] + 2].removeprefix("seat 0 may play: ").split(", ")
    assert lines[refusals[0] + 3].removeprefix("seat 0 asks: ") in offered
    hands = [line for line in lines if line.startswith("  [hand]")]
    assert len(hands) == 4  # the hands after the stock is dealt
    for line in hands:
        seat = int(line.split("seat=")[1].split(",")[0])
        assert line.endswith("cards=None") == (seat != 0), line
    # Regression golden (the seed's play, not the rules): regenerate by running the example.
    assert lines[-1] == "final score: (62, 100, 62, 100)"
