"""Classes 5, 7, 8 and 9 of the issue: unbounded reading, output channels, untrusted text on a
terminal, numbers at prompts. The command runs in subprocesses with timeouts."""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import subprocess
import sys
import time
from argparse import Namespace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import parlour
from parlour import Limits, Match, write_log
from parlour.cli import (
    MAX_LINE_CHARS,
    printable,
    run_play,
)
from parlour.io import (
    read_logs,
    validate_files,
)
from tests.helpers import BUILT_IN
from tests.hostile.strategies import digit_like_texts, terminal_hostile_texts

GAMES = parlour.game_names()
SRC = str(Path(__file__).resolve().parents[2] / "src")
ENV = {**os.environ, "PYTHONPATH": SRC, "NO_COLOR": "1"}
TIMEOUT = 60
FEW = settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))


def parlour_command(*arguments: str, **options: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "parlour", *arguments],
        env=ENV, capture_output=True, timeout=TIMEOUT, **options,
    )  # fmt: skip


def log_file(tmp_path: Path, game: str, name: str = "logs.jsonl", count: int = 3) -> Path:
    path = tmp_path / name
    lines = [write_log(Match(game, seed=seed)) for seed in range(count)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --- 5. unbounded reading -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_an_endless_stream_on_stdin_or_a_fifo_is_read_through_a_bound(
    game: str, tmp_path: Path
) -> None:
    with open("/dev/zero", "rb") as zeros:
        done = parlour_command("validate", "--max-log-bytes", "4096", "-", stdin=zeros)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"cannot read -" in done.stderr
    fifo = tmp_path / "endless.jsonl"
    os.mkfifo(fifo)
    command = f"cat /dev/zero > '{fifo}'"
    writer = subprocess.Popen(["sh", "-c", command], stderr=subprocess.DEVNULL)
    try:
        done = parlour_command("validate", "--max-log-bytes", "4096", str(fifo))
    finally:
        writer.kill()
        writer.wait(TIMEOUT)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    named = parlour_command("validate", "--max-log-bytes", "4096", "/dev/zero")
    assert named.returncode == 1 and b"limit max_log_bytes" in named.stdout


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("payload", [b"\0", b"\n", b" \n", b"x"])
def test_a_gzip_bomb_is_unreadable_past_the_bound(
    game: str, payload: bytes, tmp_path: Path
) -> None:
    good = write_log(Match(game, seed=1)).encode()
    bomb = tmp_path / "bomb.jsonl.gz"
    with gzip.open(bomb, "wb") as file:
        file.write(good + b"\n")
        chunk = payload * (1 << 20)
        for _ in range(64):  # 64 MiB decompressed from a few hundred KiB
            file.write(chunk)
    unreadable: list[str] = []
    started = time.perf_counter()
    limits = Limits(max_log_bytes=1 << 16)
    note = lambda path, error: unreadable.append(path)  # noqa: E731
    reports = list(validate_files(bomb, limits=limits, on_unreadable=note))
    assert time.perf_counter() - started < 20
    assert reports[0].ok  # the log before the bomb is kept
    assert unreadable == [str(bomb)]
    whole = tmp_path / "bomb.json.gz"
    whole.write_bytes(gzip.compress(b"\0" * (8 << 20)))
    (report,) = validate_files(whole, limits=Limits(max_log_bytes=1 << 16))
    assert report.error is not None and "max_log_bytes" in report.error.message


def test_a_huge_line_at_the_prompt_is_refused_and_an_endless_one_ends_the_input() -> None:
    arguments = Namespace(game="ecarte", option=[], seat=0, agents=None, log=None, seed=1)
    out = io.StringIO()
    given_input = io.StringIO("x" * (MAX_LINE_CHARS * 3) + "\n")
    assert run_play(arguments, lambda texts: {}, given_input, out) == 0
    assert f"at most {MAX_LINE_CHARS} characters" in out.getvalue()
    with open("/dev/zero", "rb") as zeros:
        done = parlour_command("play", "ecarte", stdin=zeros)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"End of input" in done.stdout


# --- 7. output channels ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_closed_stdout_and_a_full_disk_are_exit_2_without_a_traceback(
    game: str, tmp_path: Path
) -> None:
    path = log_file(tmp_path, game)
    closed = subprocess.run(
        [sys.executable, "-c", "import os, runpy, sys; os.close(1); sys.argv = ['parlour', "
         f"'validate', {str(path)!r}]; runpy.run_module('parlour', run_name='__main__')"],
        env=ENV, capture_output=False, stderr=subprocess.PIPE, timeout=TIMEOUT,
    )  # fmt: skip
    assert closed.returncode == 2 and b"Traceback" not in closed.stderr
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "parlour", "validate", str(path)], env=ENV,
                              stdout=full, stderr=subprocess.PIPE, timeout=TIMEOUT)  # fmt: skip
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"No space left" in done.stderr


def _group_alive(group: int) -> bool:
    listed = subprocess.run(["ps", "-o", "stat=", "-g", str(group)], capture_output=True,
                            text=True, timeout=TIMEOUT).stdout.split()  # fmt: skip
    return any(not state.startswith("Z") for state in listed)


def test_ctrl_c_with_two_jobs_keeps_the_reports_and_leaves_no_worker(tmp_path: Path) -> None:
    line = write_log(Match("ecarte", options={"target": None}, seed=1))
    path = tmp_path / "many.jsonl"
    path.write_text((line + "\n") * 200_000, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "validate", "--jobs", "2", str(path)], env=ENV,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline()  # the workers are under way (however loaded the machine)
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the whole group
    rest, err = process.communicate(timeout=TIMEOUT)
    out = first + rest
    assert process.returncode == 130, err
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    lines = out.decode().splitlines()
    assert first and out.endswith(b"\n") and all(text.endswith(")") for text in lines)
    assert len(lines) < 200_000  # interrupted before the end
    deadline = time.monotonic() + 10
    while _group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _group_alive(process.pid)


# --- 8. untrusted text on a terminal --------------------------------------------------------------


@FEW
@given(text=terminal_hostile_texts())
def test_printable_escapes_every_control_character(text: str) -> None:
    shown = printable(text)
    assert shown.isprintable()
    assert "\n" not in shown and "\r" not in shown and "\x1b" not in shown


@pytest.mark.parametrize("game", BUILT_IN)  # run by the command, which knows the built-in games
def test_file_names_and_moves_cannot_forge_report_lines(game: str, tmp_path: Path) -> None:
    hostile = "x\nforged.jsonl:1: OK (9 moves, score 0 0)\r\x1b[2K\x9b1A.jsonl"
    path = log_file(tmp_path, game, name=hostile, count=1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"format": "parlour-log/1", "game": game,
                               "moves": ["play \x1b[2J\nforged\r"]}) + "\n")  # fmt: skip
    done = parlour_command("validate", "--no-summary", str(path), str(bad))
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 3, lines  # two reports and the total, nothing forged
    assert not any(char in done.stdout for char in (b"\r", b"\x1b", b"\xc2\x9b"))
    as_json = parlour_command("validate", "--json", "--no-summary", str(path), str(bad))
    reports = [json.loads(text) for text in as_json.stdout.decode().splitlines()]
    assert reports[0]["source"] == f"{path}:1"
    assert reports[1]["error"]["move"] == "play \x1b[2J\nforged\r"


def test_play_escapes_the_echoed_input_and_messages() -> None:
    arguments = Namespace(game="ecarte", option=[], seat=0, agents=None, log=None, seed=1)
    out = io.StringIO()
    run_play(arguments, lambda texts: {}, io.StringIO("play \x1b[2J\r1\n"), out)
    assert "\x1b" not in out.getvalue() and "\r" not in out.getvalue()


# --- 9. numbers at prompts ------------------------------------------------------------------------


@FEW
@given(text=digit_like_texts())
def test_digit_like_text_at_the_prompt_is_refused_with_a_message(text: str) -> None:
    arguments = Namespace(game="ecarte", option=[], seat=0, agents=None, log=None, seed=1)
    out = io.StringIO()
    assert run_play(arguments, lambda texts: {}, io.StringIO(text + "\n"), out) == 0
    said = out.getvalue()
    assert any(word in said for word in ("Not a move", "There is no move", "at most"))
    assert "End of input" in said  # the text was refused; nothing was played for it


def test_plain_digits_in_range_and_spaces_around_them_choose_the_move() -> None:
    arguments = Namespace(game="ecarte", option=[], seat=0, agents=None, log=None, seed=1)
    out = io.StringIO()
    run_play(arguments, lambda texts: {}, io.StringIO(" 1 \n"), out)
    assert "Not a move" not in out.getvalue() and "There is no move" not in out.getvalue()


def test_read_logs_of_an_endless_device_stays_bounded() -> None:
    started = time.perf_counter()
    ((_, log),) = read_logs("/dev/zero", limits=Limits(max_log_bytes=1 << 16))
    assert isinstance(log, parlour.LogError) and time.perf_counter() - started < 10
