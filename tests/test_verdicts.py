"""`parlour validate --json` gives the report of LOG_FORMAT.md for one log of every kind.

tests/verdicts/every_kind.jsonl holds a valid finished match, a valid truncated one, and one log
per problem: a wrong format string, a broken JSON line, an unknown game, a bad option, bad move
text, a card played during the bidding, a deal when none is due, a deal with the wrong zone
sizes, a deal that is not the deck, a wrong claimed score, wrong claimed winners, and a resigned
match (valid). The expected lines were written once by make_every_kind.py and checked by hand.

Both files are **regression goldens**: ``every_kind.jsonl`` is built from a seeded random match
of the current engine, and ``every_kind.expected.jsonl`` is what the current engine's
``parlour validate --json`` says about it, so the exact move counts, scores and messages pin
today's behaviour rather than being derived from the rules. The kinds and rule ids the first
test asserts on top of the file comparison are the hand-checked part and must stay true after
any regeneration. After a deliberate change of verdicts or messages, regenerate both files from
the repository root with::

    python tests/verdicts/make_every_kind.py

review the diff line by line, and commit the regenerated files on their own, saying why they
changed. The single-deal line of the second test is a golden of ``tests/golden/single_deal.json``
(see ``tests/golden/make_golden.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.cli import main

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "tests" / "verdicts"


def test_validate_json_gives_the_expected_report_for_every_kind_of_log(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression golden: the CLI's report on every line of ``every_kind.jsonl`` is exactly
    ``every_kind.expected.jsonl`` (regenerate: ``python tests/verdicts/make_every_kind.py``);
    the kinds and rule ids asserted after it are checked by hand."""
    log_file = os.path.join("tests", "verdicts", "every_kind.jsonl")
    # In a process of its own: the command knows the built-in games (the test session has also
    # registered the test-only toy game, which an unknown game's message would list).
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "validate", "--json", "--no-summary", log_file],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    status = done.returncode
    printed = done.stdout.splitlines()
    expected = (VERDICTS / "every_kind.expected.jsonl").read_text(encoding="utf-8").splitlines()
    assert status == 1
    assert printed == expected
    kinds = [
        None if report["error"] is None else report["error"]["kind"]
        for report in map(json.loads, printed)
    ]
    assert kinds == [
        None, None, "format", "format", "format", "options", "notation",
        "illegal", "illegal", "illegal", "illegal", "result", "result", None,
    ]  # fmt: skip
    rules = [json.loads(line)["error"].get("rule") for line in printed[7:11]]
    assert rules == ["phase.wrong_move", "turn.no_deal_due", "deal.bad_layout", "deal.not_the_deck"]


def test_validate_exits_0_when_every_log_is_valid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit status 0 on a valid log; the printed move count and score are a regression golden of
    ``tests/golden/single_deal.json`` (regenerate: ``python tests/golden/make_golden.py``)."""
    monkeypatch.chdir(ROOT)
    status = main(["validate", os.path.join("tests", "golden", "single_deal.json")])
    assert status == 0
    assert capsys.readouterr().out.splitlines() == [
        "tests/golden/single_deal.json: OK (55 moves, score 144 18 144 18)",
        "1 log: 1 valid, 0 invalid",
    ]


def test_validate_exits_2_on_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["validate", "--json", "no/such/file.json"])
    assert status == 2
    assert "no/such/file.json" in capsys.readouterr().err
