"""The ``parlour validate`` command: its arguments, its output and its exit status.

One line per log (text, or with ``--json`` the report's JSON), then the summary: the invalid
logs by kind and by rule id and the total line in text, or with ``--json`` one last line
``{"summary": {...}}`` (see `Summary.to_dict`); ``--no-summary`` leaves it out (in text, all
but the total line). ``--jobs N`` validates
in N worker processes, the output in input order. ``--max-…`` options set the `Limits`. On a
terminal, standard error shows a progress line. Exit status: 0 when every log is valid, 1 when
any is invalid, 2 when a path cannot be read, the arguments are wrong or standard output
cannot be written (closed, a full disk) (2 wins over 1), 130 when Ctrl-C stopped it. Report
text that the output's encoding cannot carry is written escaped, never crashing the command,
and so is every character that could drive a terminal (`printable`): a file name or a move
holding a newline or an ESC sequence cannot forge a report line. JSON output is exact JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, TextIO

import attrs

from parlour.base import ParlourError
from parlour.cli._progress import (
    ProgressDisplay,
    is_terminal,
)
from parlour.engine import Report
from parlour.io import (
    LIMIT_CEILINGS,
    Limits,
    ReadPosition,
    Summary,
    checked_jobs,
    raw_logs_of_paths,
    total_bytes,
    validate_raw_logs,
)

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_USAGE",
    "add_validate_parser",
    "printable",
    "run_validate",
]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""The status of a run stopped by Ctrl-C (128 + SIGINT), as shells report it."""

LIMIT_HELP: dict[str, str] = {
    "max_log_bytes": "the longest log in bytes (a .jsonl line, a .json file)",
    "max_moves": "the most moves in one log",
    "max_depth": "the deepest nesting of lists and objects in a log",
    "max_int_digits": "the most digits of an integer in a log",
    "max_move_chars": "the longest move text in characters",
}
"""The help text of each ``--max-…`` option, by `Limits` field."""


def add_validate_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``validate`` subcommand to ``commands`` (an argparse subparsers object)."""
    check: argparse.ArgumentParser = commands.add_parser(
        "validate", help="validate game logs (.json, .jsonl, .gz, folders, - for stdin)"
    )
    check.add_argument(
        "paths", nargs="+", metavar="PATH", help="a log file, a folder of logs, or - (stdin)"
    )
    check.add_argument("--json", action="store_true", help="print one JSON report per line")
    check.add_argument(
        "--summary",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="end with the counts of invalid logs by kind and by rule id (with --json: one "
        "last line {\"summary\": ...}); on by default",
    )
    check.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="validate in N processes (default 1)"
    )
    check.add_argument(
        "--no-progress", action="store_true", help="no progress line, even on a terminal"
    )
    defaults = Limits()
    for field in attrs.fields(Limits):
        check.add_argument(
            "--" + field.name.replace("_", "-"),
            type=int,
            dest=field.name,
            metavar="N",
            help=f"{LIMIT_HELP[field.name]} (default {getattr(defaults, field.name)}, "
            f"at most {LIMIT_CEILINGS[field.name]})",
        )
    check.set_defaults(run=run_validate)
    return check


class _OutputError(Exception):
    """Standard output cannot take the reports (closed, a full disk, an I/O error)."""


def run_validate(arguments: argparse.Namespace) -> int:
    """Validate the paths of ``arguments`` and print the reports; the exit status.

    When standard output is closed or cannot be written (a full disk), the reports written so
    far stay as they are, the reason goes to standard error and the status is 2; Ctrl-C stops
    the run (worker processes included) with status 130 after the reports written so far.
    """
    try:
        limits = _limits_of(arguments)
        jobs = checked_jobs(arguments.jobs, "--jobs")
    except ParlourError as error:
        print(f"parlour validate: {error}", file=sys.stderr)
        return EXIT_USAGE
    out = sys.stdout
    if out is None:  # the command was started with its standard output closed
        print("parlour validate: cannot write the reports: standard output is closed",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    summary = Summary()
    position = ReadPosition()
    paths: list[str] = list(arguments.paths)
    wanted = not arguments.no_progress and is_terminal(sys.stderr)
    progress = ProgressDisplay(
        sys.stderr,
        total_bytes=total_bytes(paths) if wanted else None,
        done_bytes=position.bytes_read,
        wanted=wanted,
    )
    try:
        _validate_and_print(arguments, paths, limits, jobs, summary, position, progress, out)
    except _OutputError as error:
        progress.clear()
        _silence(out)
        print(f"parlour validate: cannot write the reports: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        progress.clear()
        _flush_quietly(out)
        print("parlour validate: interrupted; the reports above are complete, the rest is "
              "not validated", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    if summary.unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if summary.invalid else EXIT_OK


def _validate_and_print(
    arguments: argparse.Namespace,
    paths: list[str],
    limits: Limits,
    jobs: int,
    summary: Summary,
    position: ReadPosition,
    progress: ProgressDisplay,
    out: TextIO,
) -> None:
    shared_terminal = progress.enabled and is_terminal(out)

    def report_unreadable(path: str, error: OSError) -> None:
        summary.add_unreadable(path)
        progress.clear()
        reason = error.strerror or error
        message = printable(f"parlour validate: cannot read {path}: {reason}")
        print(_encodable(message, sys.stderr), file=sys.stderr)

    raws = raw_logs_of_paths(paths, limits, report_unreadable, position)
    reports = validate_raw_logs(raws, limits=limits, jobs=jobs)
    try:
        for report in reports:
            summary.add(report)
            if shared_terminal:
                progress.clear()
            if arguments.json:
                _write(out, _json_line(report.to_dict(), out))
            else:
                _write(out, _encodable(printable(_report_line(report)), out))
            progress.update(summary.logs, summary.invalid)
    finally:  # stops the worker processes at once on Ctrl-C or an output error
        reports.close()  # type: ignore[attr-defined]
    progress.clear()
    _print_summary(summary, out, json_lines=arguments.json, detailed=arguments.summary)
    try:
        out.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:
        raise _OutputError(_reason(error)) from None


def _write(out: TextIO, line: str) -> None:
    """Write one line; a broken pipe propagates (the command's caller ends quietly), any other
    failure to write is an `_OutputError`."""
    try:
        out.write(line + "\n")
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:  # ValueError: the stream was closed
        raise _OutputError(_reason(error)) from None


def _reason(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return "standard output is closed" if isinstance(error, ValueError) else str(error)


def _silence(out: TextIO) -> None:
    """Drop what ``out`` still buffers (it cannot be written) so that the interpreter's exit
    does not try again and print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _flush_quietly(out: TextIO) -> None:
    try:
        out.flush()
    except (OSError, ValueError):
        _silence(out)


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """``text`` safe to show on a terminal: every character that is not printable (control
    characters such as a newline, a carriage return or ESC, which could forge a line or move
    the cursor; C1 controls; line and paragraph separators; bidirectional and other format
    characters) is written as its backslash escape (``\\n``, ``\\x1b``, ``\\u202e``)."""
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() else _ESCAPES.get(char) or _escape(char) for char in text
    )


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _limits_of(arguments: argparse.Namespace) -> Limits:
    given = {
        field.name: getattr(arguments, field.name)
        for field in attrs.fields(Limits)
        if getattr(arguments, field.name) is not None
    }
    return Limits(**given)


def _print_summary(summary: Summary, out: TextIO, *, json_lines: bool, detailed: bool) -> None:
    if json_lines:
        if detailed:
            _write(out, json.dumps({"summary": summary.to_dict()}, ensure_ascii=True))
        return
    lines = summary.text_lines()
    for line in lines if detailed else lines[-1:]:
        _write(out, _encodable(line, out))


def _encoding_of(stream: TextIO) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def _encodable(text: str, stream: TextIO) -> str:
    """``text`` as ``stream`` can write it: what its encoding cannot carry (a lone surrogate, a
    file name's undecodable bytes) is backslash-escaped."""
    encoding = _encoding_of(stream)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    return text


def _json_line(data: dict[str, Any], stream: TextIO) -> str:
    """``data`` as one JSON line, ``\\u``-escaped where ``stream`` could not carry the text."""
    line = json.dumps(data, ensure_ascii=False)
    try:
        line.encode(_encoding_of(stream))
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True)
    return line


def _report_line(report: Report) -> str:
    """``source: OK (n moves, score …)`` or ``source: INVALID <kind> at move i (…): message``."""
    if report.ok or report.error is None:
        moves = _plural(report.moves_applied, "move")
        return f"{report.source}: OK ({moves}, score {_score(report)})"
    problem = report.error
    where = ""
    if problem.move_index is not None:
        where = f" at move {problem.move_index} ({problem.move!r})"
    rule = f" [{problem.rule}]" if problem.rule is not None else ""
    return f"{report.source}: INVALID {problem.kind}{where}{rule}: {problem.message}"


def _score(report: Report) -> str:
    return "-" if report.score is None else " ".join(str(points) for points in report.score)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
