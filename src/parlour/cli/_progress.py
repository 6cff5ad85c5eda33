"""A one-line progress display for long validation runs, on a terminal only.

The line shows the logs done, the invalid ones so far, the rate, and, when the size of the input
is known (files, not standard input), the share read and the time left. It is redrawn in place
at most every ``interval`` seconds, so drawing costs nothing measurable; on a stream that is not
a terminal (a pipe, a file) nothing is ever written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["ProgressDisplay", "is_terminal", "progress_text"]

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


class ProgressDisplay:
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
        self.enabled = wanted and is_terminal(stream)
        self._stream = stream
        self._total = total_bytes
        self._done_bytes = done_bytes
        self._interval = interval
        self._clock = clock
        self._start = clock()
        self._next_draw = self._start  # the first update draws at once
        self._drawn = False

    def update(self, logs: int, invalid: int) -> None:
        """Redraw the line if ``interval`` has passed since the last time."""
        if not self.enabled:
            return
        now = self._clock()
        if now < self._next_draw:
            return
        self._next_draw = now + self._interval
        text = progress_text(logs, invalid, now - self._start, self._done_bytes(), self._total)
        self._stream.write(f"{_CLEAR_LINE}parlour validate: {text}")
        self._stream.flush()
        self._drawn = True

    def clear(self) -> None:
        """Erase the line (before other output goes to the same terminal); it is drawn again
        at the next `update` due."""
        if self._drawn:
            self._stream.write(_CLEAR_LINE)
            self._stream.flush()
            self._drawn = False


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a closed or unusual stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
