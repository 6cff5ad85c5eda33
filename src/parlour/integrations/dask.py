"""Validating a sharded log corpus on a Dask cluster (the ``parlour[dask]`` extra).

Validation is a pure function of one log, so a corpus spread over many ``.jsonl`` /
``.jsonl.gz`` files is validated as a `dask.bag` whose partitions are pieces of files: a plain
``.jsonl`` file is cut at byte offsets into pieces of about ``partition_bytes`` (every line goes
to the piece where it starts), a gzip file is one piece, and single ``.json`` logs are grouped
so that a partition holds about ``partition_bytes`` of them. Each partition gives one `Summary`
(never one task per log); the summaries are merged in partition order, so the result is the
same `Summary` that validating the same paths locally gives.

To use a real cluster, connect a client to its scheduler and pass it::

    from distributed import Client
    from parlour.integrations.dask import validate_corpus

    client = Client("tcp://scheduler.example:8786")
    summary = validate_corpus(["/shared/logs/"], client=client)

The paths are listed where this function runs and opened by the workers, so they must name
the same files on every worker (a shared or network file system). Dask is imported only here.
"""

from __future__ import annotations

import importlib
import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from parlour.io import (
    DEFAULT_LIMITS,
    STDIN,
    Limits,
    LimitsError,
    RawLog,
    Summary,
    UnreadableHandler,
    log_files,
    raw_logs,
    raw_logs_between,
    validate_raw,
)

__all__ = [
    "DEFAULT_PARTITION_BYTES",
    "FilePiece",
    "corpus_partitions",
    "summarize_partition",
    "validate_corpus",
]

DEFAULT_PARTITION_BYTES = 64 * 1024 * 1024
"""About how many bytes of logs one partition (one task) validates."""


@attrs.frozen(slots=True, kw_only=True)
class FilePiece:
    """Part of one log file: the lines of a plain ``.jsonl`` file that start from byte ``start``
    to before ``stop``, or (``stop`` is ``None``) the whole file, compressed or not."""

    path: str
    start: int = 0
    stop: int | None = None


def corpus_partitions(
    paths: Iterable[str | os.PathLike[str]], partition_bytes: int = DEFAULT_PARTITION_BYTES
) -> list[list[FilePiece]]:
    """The partitions of the corpus under ``paths``, in the order of `log_files`: a plain
    ``.jsonl`` file larger than ``partition_bytes`` is cut into pieces of that size, smaller
    files are grouped up to that size. A path that cannot be read is a piece of its own (its
    worker reports it unreadable)."""
    if type(partition_bytes) is not int or partition_bytes < 1:
        raise LimitsError(f"partition_bytes must be a positive integer, not {partition_bytes!r}")
    names = [os.fspath(path) for path in paths]
    if STDIN in names:
        raise LimitsError("a Dask corpus is made of files: standard input cannot be shared")
    partitions: list[list[FilePiece]] = []
    group: list[FilePiece] = []
    group_bytes = 0
    for path, size, splittable in _sized_files(names):
        if splittable and size > partition_bytes:
            partitions.extend(
                [FilePiece(path=path, start=start, stop=min(start + partition_bytes, size))]
                for start in range(0, size, partition_bytes)
            )
            continue
        if group and group_bytes + size > partition_bytes:
            partitions.append(group)
            group, group_bytes = [], 0
        group.append(FilePiece(path=path))
        group_bytes += size
    if group:
        partitions.append(group)
    return partitions


def _sized_files(names: Sequence[str]) -> Iterator[tuple[str, int, bool]]:
    """Each log file with its size and whether it is a plain ``.jsonl`` file (cut-able)."""
    for path in log_files(names, on_unreadable=lambda path, error: None):
        try:
            status = os.stat(path)
        except OSError:
            yield path, 0, False
            continue
        plain_lines = path.lower().endswith(".jsonl") and stat.S_ISREG(status.st_mode)
        yield path, status.st_size, plain_lines


def summarize_partition(pieces: list[FilePiece], limits: Limits) -> Summary:
    """The summary of one partition (what a Dask task runs)."""
    summary = Summary()

    def note_unreadable(path: str, error: OSError) -> None:
        summary.add_unreadable(path)

    for piece in pieces:
        for raw in _raw_logs_of_piece(piece, limits, note_unreadable):
            summary.add(validate_raw(raw, limits))
    return summary


def _raw_logs_of_piece(
    piece: FilePiece, limits: Limits, on_unreadable: UnreadableHandler
) -> Iterator[RawLog]:
    if piece.stop is None:
        return raw_logs(piece.path, limits, on_unreadable)
    return raw_logs_between(piece.path, piece.start, piece.stop, limits, on_unreadable)


def validate_corpus(
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    client: Any = None,
    limits: Limits | None = None,
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
) -> Summary:
    """The `Summary` of every log under ``paths`` (files and folders), validated as a
    `dask.bag` of file pieces on ``client`` (a `distributed.Client`), or on Dask's default
    scheduler when ``client`` is ``None``."""
    dask_bag: Any = importlib.import_module("dask.bag")  # the extra, imported only when used
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    limits = DEFAULT_LIMITS if limits is None else limits
    if not isinstance(limits, Limits):
        raise LimitsError(f"limits must be a parlour.Limits, not {type(limits).__name__}")
    partitions = corpus_partitions(paths, partition_bytes)
    if not partitions:
        return Summary()
    bag = dask_bag.from_sequence(partitions, npartitions=len(partitions))
    summaries = bag.map(summarize_partition, limits)
    computed: list[Summary] = (
        summaries.compute() if client is None else summaries.compute(scheduler=client)
    )
    total = Summary()
    for summary in computed:
        total = total.merged(summary)
    return total
