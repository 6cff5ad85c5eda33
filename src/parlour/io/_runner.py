"""Validating a stream of raw logs, in this process or in worker processes, in input order.

With ``jobs=1`` each log is validated as it is read. With ``jobs=N > 1`` the logs are cut into
batches (at most ``batch_logs`` logs and about ``batch_bytes`` bytes of JSON each), sent to N
worker processes started with the ``spawn`` method (safe wherever Python runs, whatever threads
the caller has), and the reports come back in input order; at most ``2 * N`` batches are in
flight, so memory stays bounded however long the stream is. The workers ignore Ctrl-C: when
the main process is interrupted (or the reports stop being read), closing the stream of
reports cancels the batches not started and waits for the workers to end, so none is left.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from parlour.base import (
    LogError,
    ParlourError,
    describe,
)
from parlour.engine import (
    Problem,
    Report,
)
from parlour.io._limits import Limits
from parlour.io._log import limits_or_default, path_name, validation_report
from parlour.io._sources import RawLog, UnreadableHandler, raw_logs_of_paths

__all__ = [
    "DEFAULT_BATCH_BYTES",
    "DEFAULT_BATCH_LOGS",
    "MAX_JOBS",
    "JobsError",
    "batches",
    "checked_jobs",
    "validate_batch",
    "validate_files",
    "validate_raw",
    "validate_raw_logs",
]

DEFAULT_BATCH_LOGS = 500
"""The most logs sent to a worker process at once."""

DEFAULT_BATCH_BYTES = 1 << 20
"""About the most bytes of JSON sent to a worker process at once (a batch holds at least one
log, however long)."""

BATCHES_IN_FLIGHT_PER_JOB = 2
"""How many batches per worker are sent ahead of the one whose reports are awaited."""

MAX_JOBS = 256
"""The most worker processes a run may ask for."""


class JobsError(ParlourError, ValueError):
    """A number of jobs that is not an integer from 1 to `MAX_JOBS`, or a batch size that is
    not a positive integer."""


def checked_jobs(jobs: object, name: str = "jobs", ceiling: int | None = MAX_JOBS) -> int:
    """``jobs`` if it is an int (not a bool) from 1 to ``ceiling``; else `JobsError`."""
    if type(jobs) is not int or jobs < 1:
        raise JobsError(f"{name} must be a positive integer, not {describe(jobs)}")
    if ceiling is not None and jobs > ceiling:
        raise JobsError(f"{name} may be at most {ceiling}, not {describe(jobs)}")
    return jobs


def validate_raw(raw: RawLog, limits: Limits) -> Report:
    """The report on one raw log, with its ``source`` set; a log that could not be read is a
    ``format`` problem."""
    source, text = raw
    if isinstance(text, LogError):
        problem = Problem(kind="format", message=text.message)
        return Report(ok=False, moves_applied=0, error=problem, score=None, source=source)
    return validation_report(text, limits, source)


def validate_batch(batch: list[RawLog], limits: Limits) -> list[Report]:
    """The reports on a batch of raw logs, in order."""
    return [validate_raw(raw, limits) for raw in batch]


_PackedReport = tuple[Any, ...]
"""A `Report` as a tuple of its fields, its ``error`` (when there is one) as a tuple of the
`Problem`'s fields: what a worker process sends back. Tuples of plain values are pickled at C
speed; a frozen attrs record is pickled through Python-level state methods, which cost a
worker about as much as reading its log."""


def _packed(report: Report) -> _PackedReport:
    """``report`` as a `_PackedReport`."""
    problem = report.error
    error = None
    if problem is not None:
        error = (problem.kind, problem.message, problem.move_index, problem.move, problem.rule)
    return (report.ok, report.moves_applied, error, report.score, report.source)


def _unpacked(row: _PackedReport) -> Report:
    """The `Report` that `_packed` gave ``row`` for, built anew by keyword."""
    ok, moves_applied, error, score, source = row
    problem = None
    if error is not None:
        kind, message, move_index, move, rule = error
        problem = Problem(kind=kind, message=message, move_index=move_index, move=move, rule=rule)
    return Report(ok=ok, moves_applied=moves_applied, error=problem, score=score, source=source)


def _validate_packed_batch(batch: list[RawLog], limits: Limits) -> list[_PackedReport]:
    """The reports on a batch of raw logs, in order, packed (what a worker process runs)."""
    return [_packed(validate_raw(raw, limits)) for raw in batch]


def batches(raws: Iterable[RawLog], batch_logs: int, batch_bytes: int) -> Iterator[list[RawLog]]:
    """``raws`` cut into lists of at most ``batch_logs`` logs, each ended once it holds
    ``batch_bytes`` bytes of JSON or more. If reading ``raws`` fails, the logs read before are
    yielded as a last batch before the error propagates."""
    batch: list[RawLog] = []
    size = 0
    try:
        for raw in raws:
            batch.append(raw)
            text = raw[1]
            size += len(text) if isinstance(text, bytes) else 0
            if len(batch) >= batch_logs or size >= batch_bytes:
                yield batch
                batch, size = [], 0
    except Exception:
        if batch:  # what was read before the failure is still validated
            yield batch
        raise
    if batch:
        yield batch


def _ignore_interrupts() -> None:
    """In a worker process: ignore Ctrl-C (SIGINT reaches the whole process group); the main
    process stops the workers itself, once, when it is interrupted."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _submitted(
    pool: ProcessPoolExecutor, batch: list[RawLog], limits: Limits, spawns: bool
) -> Future[list[_PackedReport]]:
    """``batch`` sent to ``pool``. When the submission ``spawns`` a worker (the pool starts one
    per submission until it has them all), Ctrl-C is ignored in this process while it is
    started, so that the worker is born ignoring it: a worker still importing parlour when
    Ctrl-C reaches the process group would otherwise print a KeyboardInterrupt traceback
    before its initializer runs. Only the main thread can change signal handlers; elsewhere
    the worker relies on its initializer alone."""
    handler = signal.getsignal(signal.SIGINT)
    if not spawns or handler is None or threading.current_thread() is not threading.main_thread():
        return pool.submit(_validate_packed_batch, batch, limits)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return pool.submit(_validate_packed_batch, batch, limits)
    finally:
        signal.signal(signal.SIGINT, handler)


def validate_raw_logs(
    raws: Iterable[RawLog],
    *,
    limits: Limits,
    jobs: int = 1,
    batch_logs: int = DEFAULT_BATCH_LOGS,
    batch_bytes: int = DEFAULT_BATCH_BYTES,
) -> Iterator[Report]:
    """One report per raw log, in input order, validated here (``jobs=1``) or by ``jobs``
    worker processes. ``raws`` is consumed as the reports are, never far ahead of them; an error
    from reading ``raws`` propagates once the reports on every log read before it are yielded."""
    checked_jobs(jobs)
    checked_jobs(batch_logs, "batch_logs", ceiling=None)
    checked_jobs(batch_bytes, "batch_bytes", ceiling=None)
    if jobs == 1:
        for raw in raws:
            yield validate_raw(raw, limits)
        return
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_ignore_interrupts,
    )
    pending: deque[Future[list[_PackedReport]]] = deque()
    submitted = 0
    try:
        try:
            for batch in batches(raws, batch_logs, batch_bytes):
                pending.append(_submitted(pool, batch, limits, spawns=submitted < jobs))
                submitted += 1
                if len(pending) > BATCHES_IN_FLIGHT_PER_JOB * jobs:
                    yield from map(_unpacked, pending.popleft().result())
        except Exception:  # reading failed: report what was read before it, then fail
            while pending:
                yield from map(_unpacked, pending.popleft().result())
            raise
        while pending:
            yield from map(_unpacked, pending.popleft().result())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def validate_files(
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    on_unreadable: UnreadableHandler | None = None,
    limits: Limits | None = None,
    jobs: int = 1,
) -> Iterator[Report]:
    """Stream one `Report` (with ``source`` set) per log in the files and directories given.

    Logs are found as `read_logs` finds them; a log that cannot be read (bad JSON, a broken
    ``.jsonl`` line, a log beyond ``limits``) is reported as a ``format`` problem and validation
    goes on. With ``jobs=N > 1``, N worker processes validate batches of logs; the reports come
    in the same order, and are the same, as with one. A file or directory that cannot be read
    raises its `OSError` once the reports before it are yielded, unless ``on_unreadable`` is
    given (it is called with the path and the error instead, possibly before the reports on
    the logs read just before it have come back from the workers). One path given as a ``str``
    or path-like (not in a list) is taken as that one path.

    Raises: `OSError` for a file or directory that cannot be read (without ``on_unreadable``);
    `LimitsError` for ``limits`` that are not a `Limits`; `TypeError` for ``paths`` that are
    neither a path nor an iterable of paths; `JobsError` for a bad ``jobs``. A bad log is
    reported, never raised.

    >>> import os, parlour, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "logs.jsonl"), "w") as file:
    ...     _ = file.write('{"format": "parlour-log/1", "game": "ecarte", "moves": []}\\n[1]\\n')
    >>> for report in parlour.validate_files(folder):
    ...     print(os.path.basename(report.source), report.ok, report.error and report.error.kind)
    logs.jsonl:1 True None
    logs.jsonl:2 False format
    >>> import shutil; shutil.rmtree(folder)
    """
    limits = limits_or_default(limits)
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if not isinstance(paths, Iterable):
        raise TypeError(f"paths must be a path or an iterable of paths, not {type(paths).__name__}")
    names = (path_name(path) for path in paths)
    raws = raw_logs_of_paths(names, limits, on_unreadable)
    yield from validate_raw_logs(raws, limits=limits, jobs=jobs)
