"""Finding logs and reading their raw JSON text, one log at a time, with bounded memory.

A path is a log file, a folder (walked recursively in sorted order, regular files only), or
``-`` for standard input. ``.jsonl`` files (and standard input) hold one log per line and are
read line by line, never whole; any other file is one log. A ``.gz`` name (``.json.gz``,
``.jsonl.gz``; on standard input, gzip's magic bytes) is decompressed on the fly. No log longer
than ``Limits.max_log_bytes`` is ever held in memory: a longer line or file is skipped and
reported as a `LogError` naming the limit.
"""

from __future__ import annotations

import errno
import gzip
import os
import stat
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

import attrs

from parlour.base import LogError
from parlour.io._limits import Limits

__all__ = [
    "LOG_SUFFIXES",
    "STDIN",
    "STDIN_SOURCE",
    "RawLog",
    "ReadPosition",
    "SourceTooLongError",
    "UnreadableHandler",
    "log_files",
    "raw_logs",
    "raw_logs_between",
    "raw_logs_of_paths",
    "total_bytes",
]

STDIN = "-"
"""The path that names standard input (read as JSON Lines, gzip-compressed or not)."""

STDIN_SOURCE = "<stdin>"
"""How logs read from standard input are named: ``<stdin>:17`` for its line 17."""

LOG_SUFFIXES = (".json", ".jsonl", ".json.gz", ".jsonl.gz")
"""The file names (case-insensitive endings) taken from a folder."""

_LINES_SUFFIXES = (".jsonl", ".jsonl.gz")
_GZIP_MAGIC = b"\x1f\x8b"
_SKIP_CHUNK = 1 << 16

RawLog = tuple[str, bytes | LogError]
"""One log as read: its source name and its JSON text, or the `LogError` that stopped the
reading of that one log (a line beyond the size limit, for instance)."""

UnreadableHandler = Callable[[str, OSError], None]
"""Called with a path and its `OSError` when a file or directory cannot be read."""


@attrs.define(slots=True)
class ReadPosition:
    """How many bytes of the files named so far have been read (compressed bytes for gzip),
    for a progress display; standard input counts as nothing."""

    finished: int = 0
    current: BinaryIO | None = None

    def bytes_read(self) -> int:
        """The bytes of finished files plus the position in the file being read."""
        if self.current is None or self.current.closed:
            return self.finished
        try:
            return self.finished + self.current.tell()
        except (OSError, ValueError):
            return self.finished


def log_files(
    paths: Iterable[str], on_unreadable: UnreadableHandler | None = None
) -> Iterator[str]:
    """Each path in turn, a folder replaced by the regular log files under it (`LOG_SUFFIXES`,
    sorted walk). A FIFO, socket or device inside a folder is skipped (opening a FIFO would wait
    for a writer for ever); a path named on its own is taken as it is. A folder named in
    ``paths`` that holds no log file at all is unreadable (an `OSError` saying so, given to
    ``on_unreadable``): a mistyped folder must not pass as a corpus with nothing wrong in it."""
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            found = False
            for file in _log_files_under(path, on_unreadable):
                found = True
                yield file
            if not found:
                suffixes = ", ".join(LOG_SUFFIXES)
                reason = f"no log files ({suffixes}) in this folder or under it"
                _unreadable(path, OSError(errno.ENOENT, reason), on_unreadable)
        else:
            yield path


def _log_files_under(directory: str, on_unreadable: UnreadableHandler | None) -> Iterator[str]:
    """The regular log files under ``directory``, in sorted order (a folder's files, then its
    subfolders, each in turn), walked with an explicit stack: no depth of folders reaches the
    recursion limit. Symbolic links to folders are not followed (as `os.walk` does not)."""
    stack = [directory]
    while stack:
        parent = stack.pop()
        try:
            with os.scandir(parent) as entries:
                listed = sorted((entry.name, entry) for entry in entries)
        except OSError as error:
            _unreadable(parent, error, on_unreadable)
            continue
        subdirectories: list[str] = []
        for name, entry in listed:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_folder = False
            if is_folder:
                subdirectories.append(entry.path)
                continue
            if not name.lower().endswith(LOG_SUFFIXES):
                continue
            try:
                mode = os.stat(entry.path).st_mode
            except OSError as error:
                _unreadable(entry.path, error, on_unreadable)
                continue
            if stat.S_ISREG(mode):
                yield entry.path
        stack.extend(reversed(subdirectories))


def total_bytes(paths: Iterable[str]) -> int | None:
    """The size of every file the paths name (compressed size for gzip), or ``None`` when one
    is standard input or not a regular file (its size is unknown)."""
    total = 0
    for path in log_files(paths, on_unreadable=lambda path, error: None):
        try:
            status = os.stat(path) if path != STDIN else None
        except (OSError, ValueError):  # ValueError: a NUL byte in the path
            continue
        if status is None or not stat.S_ISREG(status.st_mode):
            return None
        total += status.st_size
    return total


def raw_logs(
    path: str,
    limits: Limits,
    on_unreadable: UnreadableHandler | None = None,
    position: ReadPosition | None = None,
) -> Iterator[RawLog]:
    """The raw logs of one file (or of standard input for ``-``), in order.

    A file that cannot be opened or read (or whose gzip data is corrupt) raises its `OSError`
    after the logs before the fault, unless ``on_unreadable`` is given: it is then called with
    the path and the error. ``position`` is kept up to date for a progress display.
    """
    try:
        if path == STDIN:
            yield from _json_lines(STDIN_SOURCE, _stdin_stream(), limits, sized=False)
            return
        with open(path, "rb") as raw:
            if position is None:
                yield from _raw_logs_of_file(path, raw, limits)
                return
            position.current = raw
            try:
                yield from _raw_logs_of_file(path, raw, limits)
            finally:
                position.finished += _size_of(raw)
                position.current = None
    except OSError as error:
        _unreadable(path, error, on_unreadable)
    except ValueError as error:  # a path with a NUL byte cannot name a file
        _unreadable(path, OSError(errno.EINVAL, f"not a file name ({error})"), on_unreadable)
    except (EOFError, zlib.error) as error:
        _unreadable(path, OSError(f"corrupt gzip data ({error})"), on_unreadable)


def raw_logs_of_paths(
    paths: Iterable[str],
    limits: Limits,
    on_unreadable: UnreadableHandler | None = None,
    position: ReadPosition | None = None,
) -> Iterator[RawLog]:
    """The raw logs of every file the paths name (`log_files`), in order (see `raw_logs`)."""
    for path in log_files(paths, on_unreadable):
        yield from raw_logs(path, limits, on_unreadable, position)


def _raw_logs_of_file(path: str, raw: BinaryIO, limits: Limits) -> Iterator[RawLog]:
    lowered = path.lower()
    stream: BinaryIO = raw
    sized = _is_regular(raw)
    if lowered.endswith(".gz"):
        stream = gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[assignment]
        sized = False  # the decompressed size is not known: it may be a gzip bomb
    if lowered.endswith(_LINES_SUFFIXES):
        yield from _json_lines(path, stream, limits, sized=sized)
    else:
        yield path, _whole_log(stream, limits)


def _stdin_stream() -> BinaryIO:
    stdin = sys.stdin.buffer
    peek = getattr(stdin, "peek", None)
    if peek is not None and peek(2)[:2] == _GZIP_MAGIC:
        return gzip.GzipFile(fileobj=stdin, mode="rb")  # type: ignore[return-value]
    return stdin


def _is_regular(file: BinaryIO) -> bool:
    try:
        return stat.S_ISREG(os.fstat(file.fileno()).st_mode)
    except (OSError, ValueError):
        return False


def _size_of(file: BinaryIO) -> int:
    try:
        return os.fstat(file.fileno()).st_size
    except (OSError, ValueError):
        return 0


def _whole_log(stream: BinaryIO, limits: Limits) -> bytes | LogError:
    """The whole stream as one log's text, unless it is longer than the limit."""
    data = stream.read(limits.max_log_bytes + 1)
    if len(data) > limits.max_log_bytes:
        return _too_long(limits, "this file is longer")
    return data


def _json_lines(
    name: str,
    stream: BinaryIO,
    limits: Limits,
    *,
    at: int | None = None,
    stop: int | None = None,
    sized: bool = True,
) -> Iterator[RawLog]:
    """One raw log per non-blank line, named ``name:line`` (or, when ``at`` gives the stream's
    byte offset in its file, ``name@offset`` of the line's start); reading stops at the end or
    at the first line starting ``stop`` bytes or more into the stream. A line beyond the limit
    is skipped in chunks (never held whole) and given as its `LogError`.

    A regular file (``sized``) is bounded by its size. Any other stream (standard input, a FIFO,
    a device such as ``/dev/zero``, the decompressed text of a gzip file, which may be a bomb) is
    read through a bound however endless it is: no more than ``2 * max_log_bytes`` bytes are
    read without a log (or a too-long line's error) to show for them, so an over-long line is
    skipped only up to that many bytes, and so are runs of blank lines; past that bound the rest
    of the source is unreadable (`SourceTooLongError`, an `OSError`)."""
    limit = limits.max_log_bytes
    bound = 2 * limit if not sized else None
    line_number = 0
    offset = 0
    blank = 0  # bytes of blank lines read since the last log
    while stop is None or offset < stop:
        line = stream.readline(limit + 2)  # room for the line's own "\r\n"
        if not line:
            return
        line_number += 1
        source = f"{name}:{line_number}" if at is None else f"{name}@{at + offset}"
        offset += len(line)
        text = line.rstrip(b"\r\n")
        if len(text) > limit:
            yield source, _too_long(limits, "this line is longer")
            if not line.endswith(b"\n"):
                most = None if bound is None else bound - len(line)
                offset += _skip_rest_of_line(stream, most, limits)
            blank = 0
        elif text and not text.isspace():
            yield source, text
            blank = 0
        else:
            blank += len(line)
            if bound is not None and blank > bound:
                raise SourceTooLongError(
                    f"more than {bound} bytes of blank lines in a row (twice the limit "
                    "max_log_bytes); the rest is not read"
                )


class SourceTooLongError(OSError):
    """A source that goes on past the reading bounds without a log: an endless line or endless
    blank lines (an endless stream, a gzip bomb). Reported as the source being unreadable."""


def _skip_rest_of_line(
    stream: BinaryIO, most: int | None = None, limits: Limits | None = None
) -> int:
    """Read up to the end of the current line, in chunks; the bytes read. With ``most``, a line
    that goes on for more than ``most`` further bytes is a `SourceTooLongError`."""
    skipped = 0
    while True:
        chunk = stream.readline(_SKIP_CHUNK)
        skipped += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return skipped
        if most is not None and skipped > most:
            bound = "" if limits is None else f" {2 * limits.max_log_bytes} bytes"
            raise SourceTooLongError(
                f"a line goes on past{bound} (twice the limit max_log_bytes) without its end; "
                "the rest is not read"
            )


def raw_logs_between(
    path: str,
    start: int,
    stop: int,
    limits: Limits,
    on_unreadable: UnreadableHandler | None = None,
) -> Iterator[RawLog]:
    """The raw logs of the lines of a plain (not compressed) JSON Lines file that start at a
    byte offset from ``start`` to before ``stop``, each named ``path@offset``: cutting a file at
    any offsets gives every line to exactly one piece."""
    try:
        with open(path, "rb") as stream:
            begin = 0
            if start > 0:
                stream.seek(start - 1)
                begin = start - 1 + _skip_rest_of_line(stream)
            yield from _json_lines(path, stream, limits, at=begin, stop=stop - begin)
    except OSError as error:
        _unreadable(path, error, on_unreadable)


def _too_long(limits: Limits, what: str) -> LogError:
    return LogError(
        f"a log may not be longer than {limits.max_log_bytes} bytes (limit max_log_bytes); {what}"
    )


def _unreadable(name: str, error: OSError, on_unreadable: UnreadableHandler | None) -> None:
    if on_unreadable is None:
        raise error
    on_unreadable(os.fspath(name), error)
