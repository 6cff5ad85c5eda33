"""The ``parlour validate`` command: its arguments, its output and its exit status.

One line per log (text, or with ``--json`` the report's JSON), then the summary: the invalid
logs by kind and by rule id and the total line in text, or with ``--json`` one last line
``{"summary": {...}}`` (see `Summary.to_dict`); ``--no-summary`` leaves it out (in text, all
but the total line). ``--jobs N`` validates
in N worker processes, the output in input order. ``--max-…`` options set the `Limits`. On a
terminal, standard error shows a progress line. Exit status: 0 when every log is valid, 1 when
any is invalid, 2 when a path cannot be read or the arguments are wrong (2 wins over 1). Report
text that the output's encoding cannot carry is written escaped, never crashing the command.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

import attrs

from parlour.core import Report
from parlour.errors import ParlourError
from parlour.limits import LIMIT_CEILINGS, Limits
from parlour.validation.progress import ProgressDisplay, is_terminal
from parlour.validation.runner import checked_jobs, validate_raw_logs
from parlour.validation.sources import ReadPosition, raw_logs_of_paths, total_bytes
from parlour.validation.summary import Summary

__all__ = ["EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "add_validate_parser", "run_validate"]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

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


def run_validate(arguments: argparse.Namespace) -> int:
    """Validate the paths of ``arguments`` and print the reports; the exit status."""
    try:
        limits = _limits_of(arguments)
        jobs = checked_jobs(arguments.jobs, "--jobs")
    except ParlourError as error:
        print(f"parlour validate: {error}", file=sys.stderr)
        return EXIT_USAGE
    paths: list[str] = list(arguments.paths)
    summary = Summary()
    position = ReadPosition()
    wanted = not arguments.no_progress and is_terminal(sys.stderr)
    progress = ProgressDisplay(
        sys.stderr,
        total_bytes=total_bytes(paths) if wanted else None,
        done_bytes=position.bytes_read,
        wanted=wanted,
    )
    shared_terminal = progress.enabled and is_terminal(sys.stdout)

    def report_unreadable(path: str, error: OSError) -> None:
        summary.add_unreadable(path)
        progress.clear()
        message = f"parlour validate: cannot read {path}: {error.strerror or error}"
        print(_encodable(message, sys.stderr), file=sys.stderr)

    raws = raw_logs_of_paths(paths, limits, report_unreadable, position)
    for report in validate_raw_logs(raws, limits=limits, jobs=jobs):
        summary.add(report)
        if shared_terminal:
            progress.clear()
        if arguments.json:
            print(_json_line(report.to_dict(), sys.stdout))
        else:
            print(_encodable(_report_line(report), sys.stdout))
        progress.update(summary.logs, summary.invalid)
    progress.clear()
    _print_summary(summary, json_lines=arguments.json, detailed=arguments.summary)
    if summary.unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if summary.invalid else EXIT_OK


def _limits_of(arguments: argparse.Namespace) -> Limits:
    given = {
        field.name: getattr(arguments, field.name)
        for field in attrs.fields(Limits)
        if getattr(arguments, field.name) is not None
    }
    return Limits(**given)


def _print_summary(summary: Summary, *, json_lines: bool, detailed: bool) -> None:
    if json_lines:
        if detailed:
            print(json.dumps({"summary": summary.to_dict()}, ensure_ascii=True))
        return
    lines = summary.text_lines()
    for line in lines if detailed else lines[-1:]:
        print(_encodable(line, sys.stdout))


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
