"""``parlour validate`` at scale: the summary in text and JSON, ``--jobs``, and the progress
line on a terminal only."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import pytest

from parlour.cli import main

from .corpus import mixed_lines


def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(mixed_lines()) + "\n", encoding="utf-8")
    return path


class Done(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def run_validate(capsys: pytest.CaptureFixture[str], *arguments: str) -> Done:
    """``parlour validate`` run in this process (standard error is not a terminal here)."""
    status = main(["validate", *arguments])
    out, err = capsys.readouterr()
    return Done(status, out, err)


def test_the_text_summary_counts_by_kind_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done = run_validate(capsys, "--summary", str(corpus(tmp_path)))
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == len(mixed_lines()) + 3
    assert lines[-3:] == [
        "invalid by kind: format 2, illegal 2, result 1",
        "invalid by rule: belote.must_follow 1, ecarte.must_follow 1",
        "9 logs: 4 valid, 5 invalid",
    ]


def test_with_no_summary_the_output_ends_with_the_total_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done = run_validate(capsys, "--no-summary", str(corpus(tmp_path)))
    assert done.stdout.splitlines()[-1] == "9 logs: 4 valid, 5 invalid"
    assert len(done.stdout.splitlines()) == len(mixed_lines()) + 1


def test_the_json_summary_is_one_last_object_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = corpus(tmp_path)
    missing = tmp_path / "missing.jsonl"
    done = run_validate(capsys, "--json", "--summary", str(path), str(missing))
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert all("source" in line for line in lines[:-1])
    assert lines[-1] == {
        "summary": {
            "logs": 9,
            "valid": 4,
            "invalid": 5,
            "by_kind": {"format": 2, "illegal": 2, "result": 1},
            "by_rule": {"belote.must_follow": 1, "ecarte.must_follow": 1},
            "unreadable": [str(missing)],
        }
    }


def test_two_jobs_print_exactly_what_one_job_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = corpus(tmp_path)
    other = tmp_path / "other.jsonl"
    other.write_text("\n".join(reversed(mixed_lines())) + "\n", encoding="utf-8")
    one = run_validate(capsys, "--json", "--summary", str(path), str(other))
    two = run_validate(capsys, "--json", "--summary", "--jobs", "2", str(path), str(other))
    assert two.returncode == one.returncode == 1
    assert two.stdout == one.stdout
    assert len(two.stdout.splitlines()) == 2 * len(mixed_lines()) + 1


@pytest.mark.parametrize("jobs", ["0", "-1"])
def test_a_bad_job_count_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    done = run_validate(capsys, "--jobs", jobs, str(corpus(tmp_path)))
    assert done.returncode == 2
    assert "--jobs must be a positive integer" in done.stderr
    assert done.stdout == ""


def read_until_exit(process: subprocess.Popen[bytes], master: int, seconds: float) -> bytes:
    """Everything written to the terminal ``master`` until ``process`` exits (or the time is
    up, which fails the test)."""
    deadline = time.monotonic() + seconds
    seen = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed: the process has exited
                chunk = b""
            seen += chunk
            if chunk:
                continue
        if process.poll() is not None:
            return seen
    process.kill()
    raise AssertionError(f"parlour validate did not finish in {seconds} s")


def test_progress_is_drawn_on_a_terminal_and_cleared(tmp_path: Path) -> None:
    path = corpus(tmp_path)
    master, slave = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "parlour", "validate", "--json", "--no-summary", str(path)],
            stdout=subprocess.PIPE,
            stderr=slave,
        )
        os.close(slave)
        assert process.stdout is not None
        terminal = read_until_exit(process, master, 60)
        reports = process.stdout.read().decode("utf-8").splitlines()
        process.stdout.close()
    finally:
        os.close(master)
    assert process.wait(timeout=10) == 1
    assert len(reports) == len(mixed_lines())
    assert b"parlour validate: " in terminal
    assert b" logs, " in terminal and b" invalid, " in terminal and b" logs/s" in terminal
    assert re.search(rb"\d+%, about \d+:\d\d:\d\d left", terminal)  # the file's size is known
    assert terminal.endswith(b"\r\x1b[K")


def test_no_progress_on_a_pipe_or_when_asked(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "validate", "--json", str(corpus(tmp_path))],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == b""
    master, slave = pty.openpty()
    try:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "parlour",
                "validate",
                "--no-progress",
                str(corpus(tmp_path)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=slave,
        )
        os.close(slave)
        terminal = read_until_exit(process, master, 60)
    finally:
        os.close(master)
    assert process.wait(timeout=10) == 1
    assert terminal == b""
