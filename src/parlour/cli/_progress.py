"""One-line progress displays, on a terminal only: `ProgressDisplay` for long validation runs,
`ProgressBar` for a known number of steps (the arena's matches).

The line shows the logs done, the invalid ones so far, the rate, and, when the size of the input
is known (files, not standard input), the share read and the time left. It is redrawn in place
at most every ``interval`` seconds, so drawing costs nothing measurable; on a stream that is not
a terminal (a pipe, a file) nothing is ever written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["ProgressBar", "ProgressDisplay", "bar_text", "is_terminal", "progress_text"]

_CLEAR_LINE = "\r\x1b[K"


def progress_text(
    logs: int, invalid: int, seconds: float, done_bytes: int, total_bytes: int | None
) -> str:
    """``12,000 logs, 3 invalid, 2,950 logs/s, 40%, about 0:00:07 left`` (the share and the time
    left only when ``total_bytes`` is known and some of it has been read)."""
    rate = logs / seconds if seconds > 0 else 0.0
    parts = [f"{logs:,} logs", f"{invalid:,} invalid", f"{rate:,.0f} logs/s"]
    if total_bytes and done_bytes > 0:
        share = min(done_bytes / total_bytes, 1.0)
        parts.append(f"{share:.0%}")
        left = seconds * (1 - share) / share
        parts.append(f"about {_clock(left)} left")
    return ", ".join(parts)


def _clock(seconds: float) -> str:
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class _RedrawnLine:
    """A line on ``stream`` redrawn in place at most every ``interval`` seconds, only when
    ``wanted`` and the stream is a terminal."""

    def __init__(
        self, stream: TextIO, *, wanted: bool, interval: float, clock: Callable[[], float]
    ) -> None:
        self.enabled = wanted and is_terminal(stream)
        self._stream = stream
        self._interval = interval
        self._clock = clock
        self._start = clock()
        self._next_draw = self._start  # the first update draws at once
        self._drawn = False

    def _due(self) -> float | None:
        """The seconds since the start if a redraw is due now (the next is then scheduled)."""
        if not self.enabled:
            return None
        now = self._clock()
        if now < self._next_draw:
            return None
        self._next_draw = now + self._interval
        return now - self._start

    def _draw(self, text: str) -> None:
        self._stream.write(f"{_CLEAR_LINE}{text}")
        self._stream.flush()
        self._drawn = True

    def clear(self) -> None:
        """Erase the line (before other output goes to the same terminal); it is drawn again
        at the next update due."""
        if self._drawn:
            self._stream.write(_CLEAR_LINE)
            self._stream.flush()
            self._drawn = False


class ProgressDisplay(_RedrawnLine):
    """Draws `progress_text` on ``stream`` (standard error) when it is a terminal.

    ``done_bytes`` tells how much of the input has been read; ``total_bytes`` is its size, or
    ``None`` when unknown. Nothing is drawn unless ``wanted`` and the stream is a terminal.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        total_bytes: int | None,
        done_bytes: Callable[[], int],
        wanted: bool = True,
        interval: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(stream, wanted=wanted, interval=interval, clock=clock)
        self._total = total_bytes
        self._done_bytes = done_bytes

    def update(self, logs: int, invalid: int) -> None:
        """Redraw the line if ``interval`` has passed since the last time."""
        seconds = self._due()
        if seconds is not None:
            text = progress_text(logs, invalid, seconds, self._done_bytes(), self._total)
            self._draw(f"parlour validate: {text}")


def bar_text(done: int, total: int, seconds: float, unit: str, width: int = 24) -> str:
    """``[#########...............] 40/100 matches, about 0:00:12 left`` (the time left once
    something is done).

    >>> from parlour.cli import bar_text
    >>> bar_text(25, 100, 5.0, "matches", width=8)
    '[##......] 25/100 matches, about 0:00:15 left'
    """
    share = min(done / total, 1.0) if total > 0 else 1.0
    filled = int(share * width)
    text = f"[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} {unit}"
    if 0 < done < total:
        text += f", about {_clock(seconds * (total - done) / done)} left"
    return text


class ProgressBar(_RedrawnLine):
    """Draws ``label: `` and `bar_text` on ``stream`` (standard error) when it is a terminal
    and ``wanted``; `update` with the count done so far out of ``total``."""

    def __init__(
        self,
        stream: TextIO,
        *,
        label: str,
        total: int,
        unit: str,
        wanted: bool = True,
        interval: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(stream, wanted=wanted, interval=interval, clock=clock)
        self._label = label
        self._total = total
        self._unit = unit

    def update(self, done: int) -> None:
        """Redraw the bar if ``interval`` has passed since the last time."""
        seconds = self._due()
        if seconds is not None:
            self._draw(f"{self._label}: {bar_text(done, self._total, seconds, self._unit)}")


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a closed or unusual stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
