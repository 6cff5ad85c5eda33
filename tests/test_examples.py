"""The example programs run, exit as documented, and print what they should.

Most assertions here are **regression goldens**: the exact lines, scores and counts an example
prints for its fixed seed or input pin what the current engine and bots do with that seed (and
how the seed's random numbers are consumed); they are not derived from the rules, and a change
of rules, bots or dealing legitimately changes them. The checks that are not goldens are the
exit codes and the Bezique score sheet adding up to its totals. To regenerate after a deliberate
change, run each example from the repository root as its test does::

    python examples/random_match.py
    python examples/simple_bot.py 5
    python examples/validate_logs.py tests/golden
    python examples/validate_logs.py tests/golden/single_deal.json
    python examples/bezique_score_sheet.py
    python examples/ecarte_referee.py

check by hand that the new output is right, copy the printed lines into the assertions, and
commit that on its own, saying why the output changed. ``validate_logs.py``'s counts also move
when the golden logs of ``tests/golden/`` are regenerated (``python tests/golden/make_golden.py``).
"""

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
    """Regression golden: the final score and winners of ``random_match.py``'s seed-2024 match
    (regenerate: ``python examples/random_match.py``, copy its last two lines)."""
    finished = run_example("random_match.py")
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[0] == "Belote, four random players, seed 2024"
    assert lines[-2] == "final score: team 0 (seats 0 & 2) 1046, team 1 (seats 1 & 3) 816"
    assert lines[-1] == "winners: seats 0 and 2"


def test_simple_bot_beats_random_players() -> None:
    """Regression golden: the bot's tally over ``simple_bot.py``'s five seeded matches
    (regenerate: ``python examples/simple_bot.py 5``, copy its last line)."""
    finished = run_example("simple_bot.py", "5")
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.splitlines()[-1] == "the bot won 5 of 5 matches"


def test_validate_logs_reports_the_golden_logs() -> None:
    """Regression golden: the verdict counts over the golden logs of ``tests/golden/`` (which
    ``python tests/golden/make_golden.py`` writes, the files at the top of the folder; the
    violation corpus under ``tests/golden/violations/`` has its own test); regenerate with
    ``python examples/validate_logs.py tests/golden/*.json tests/golden/*.jsonl`` and copy its
    last line."""
    top_level = sorted(path.name for path in (ROOT / "tests" / "golden").glob("*.json*"))
    finished = run_example("validate_logs.py", *(f"tests/golden/{name}" for name in top_level))
    assert finished.returncode == 1
    assert finished.stdout.splitlines()[-1] == (
        "14 logs, 7 valid, 7 invalid (format: 1, illegal: 3, notation: 1, result: 2)"
    )


def test_validate_logs_exits_0_on_valid_logs() -> None:
    """A valid log gives exit status 0 and a one-log summary."""
    finished = run_example("validate_logs.py", "tests/golden/single_deal.json")
    assert finished.returncode == 0
    assert finished.stdout.splitlines()[-1] == "1 log, 1 valid, 0 invalid"


def test_bezique_score_sheet_lists_every_declaration_and_adds_up() -> None:
    """The printed rows add up to each seat's deal points (a rule); the rows and totals
    themselves are a regression golden of the seed-7 deal (regenerate:
    ``python examples/bezique_score_sheet.py``, copy the lines asserted)."""
    finished = run_example("bezique_score_sheet.py")
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[0] == "Bezique, seed 7: ♥ trumps, turn-up 10♥"
    assert lines[1] == "  seat 1  trick 2      common marriage            Q♦ K♦             20"
    assert lines[8] == "  seat 1  trick 20     four aces                  A♠ A♠ A♥ A♦      100"
    assert lines[-4] == "  seat 0  trick 32     last trick                                   10"
    assert lines[-1] == "deal points: seat 0 190, seat 1 220"
    for seat, total in ((0, 190), (1, 220)):
        rows = [line for line in lines[1:-1] if line.startswith(f"  seat {seat} ")]
        assert sum(int(line.split()[-1]) for line in rows) == total


def test_ecarte_referee_refuses_each_wrong_request_with_its_rule() -> None:
    """Regression golden: the referee's answer to each scripted request, one refusal message and
    the final tricks and score of its seeded deal (regenerate:
    ``python examples/ecarte_referee.py``, copy the lines asserted)."""
    finished = run_example("ecarte_referee.py")
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    answers = [line.split(" -> ", 1)[1].split(":", 1)[0] for line in lines[:15]]
    assert answers == [
        "refused [turn.not_your_turn]",
        "ok",
        "refused [turn.not_your_turn]",
        "ok",
        "not understood",
        "refused [phase.wrong_move]",
        "refused [card.not_held]",
        "ok",
        "ok",
        "ok",
        "refused [turn.not_your_turn]",
        "ok",
        "refused [ecarte.king_not_held]",
        "refused [ecarte.must_follow]",
        "ok",
    ]
    assert lines[13] == (
        "seat 0: 'play 8S' -> refused [ecarte.must_follow]: you must follow suit: ♥ was led and "
        "you hold 9♥"
    )
    assert lines[-2:] == ["tricks: seat 0 1, seat 1 4 (point)", "score: seat 0 0, seat 1 2"]


def test_every_example_is_run_by_a_test() -> None:
    """Each file in examples/ is named by a test that runs it (here, or beside the feature it
    shows: tests/agents, tests/events, tests/integrations)."""
    test_texts = "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "tests").rglob("test_*.py")
    )
    examples = sorted(path.name for path in (ROOT / "examples").glob("*.py"))
    assert len(examples) >= 9
    assert [name for name in examples if name not in test_texts] == []
