"""The progress line: its text, and that it is drawn at most once per interval, on a terminal
only."""

from __future__ import annotations

import io

from parlour.cli import (
    ProgressDisplay,
    progress_text,
)


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_text_gives_the_rate_the_share_and_the_time_left() -> None:
    # 2 s for the first quarter of the bytes: 6 s for the other three quarters.
    assert progress_text(1000, 3, 2.0, 250, 1000) == (
        "1,000 logs, 3 invalid, 500 logs/s, 25%, about 0:00:06 left"
    )
    assert progress_text(7200, 0, 3600.0, 1, 3) == (
        "7,200 logs, 0 invalid, 2 logs/s, 33%, about 2:00:00 left"
    )


def test_without_a_known_size_there_is_no_share_or_time_left() -> None:
    assert progress_text(10, 1, 5.0, 400, None) == "10 logs, 1 invalid, 2 logs/s"
    assert progress_text(0, 0, 0.0, 0, 1000) == "0 logs, 0 invalid, 0 logs/s"


def test_the_line_is_redrawn_at_most_once_per_interval() -> None:
    stream, clock = FakeTerminal(), FakeClock()
    display = ProgressDisplay(
        stream, total_bytes=None, done_bytes=lambda: 0, interval=1.0, clock=clock
    )
    clock.now = 102.0
    display.update(10, 0)
    clock.now = 102.5
    display.update(20, 1)  # within the interval: not drawn
    clock.now = 103.0
    display.update(30, 1)
    assert stream.getvalue() == (
        "\r\x1b[Kparlour validate: 10 logs, 0 invalid, 5 logs/s"
        "\r\x1b[Kparlour validate: 30 logs, 1 invalid, 10 logs/s"
    )
    display.clear()
    display.clear()  # nothing drawn since: nothing to erase
    assert stream.getvalue().endswith("10 logs/s\r\x1b[K")


def test_nothing_is_drawn_off_a_terminal_or_when_not_wanted() -> None:
    for stream, wanted in ((io.StringIO(), True), (FakeTerminal(), False)):
        display = ProgressDisplay(stream, total_bytes=10, done_bytes=lambda: 5, wanted=wanted)
        display.update(1, 0)
        display.clear()
        assert stream.getvalue() == ""
        assert not display.enabled
