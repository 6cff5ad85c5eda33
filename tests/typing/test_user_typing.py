"""mypy --strict on a user's program (tests/typing/cases/user_program.py): the public functions
are typed precisely enough to refuse each line marked ``# expect: <code>`` with that error
code, and to accept every other line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

CASE = Path(__file__).parent / "cases" / "user_program.py"
ROOT = Path(__file__).parents[2]
EXPECT = re.compile(r"#\s*expect:\s*([a-z-]+)\s*$")
ERROR = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): error: .*\[(?P<code>[a-z-]+)\]$")


def expected_errors() -> set[tuple[int, str]]:
    """The (line, error code) pairs the case file marks as refused."""
    found = set()
    for number, line in enumerate(CASE.read_text(encoding="utf-8").splitlines(), start=1):
        match = EXPECT.search(line)
        if match:
            found.add((number, match.group(1)))
    return found


def test_mypy_refuses_exactly_the_marked_lines() -> None:
    stdout, stderr, _status = mypy_api.run(
        [
            "--strict",
            "--python-version",
            "3.10",
            "--no-error-summary",
            "--show-error-codes",
            "--no-pretty",
            "--config-file",
            "",
            str(CASE),
        ]
    )
    assert stderr == ""
    reported = set()
    for line in stdout.splitlines():
        match = ERROR.match(line)
        if match and Path(match.group("file")).name == CASE.name:
            reported.add((int(match.group("line")), match.group("code")))
        else:
            assert match is None or Path(match.group("file")).name == CASE.name, line
    assert reported == expected_errors(), stdout


def test_the_case_file_marks_some_lines() -> None:
    assert len(expected_errors()) == 8
