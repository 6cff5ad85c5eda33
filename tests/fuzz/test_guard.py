"""The fuzz guard itself: it passes a result or a `ParlourError` with a message through, and
fails anything else, a blank message, a call over its processor-time bound, and a hang."""

from __future__ import annotations

import time

import pytest

from parlour import LogError, NotationError
from tests.fuzz import guard
from tests.fuzz.guard import HangError, outcome


def _raise(error: Exception) -> None:
    raise error


def test_a_result_or_a_parlour_error_passes_through() -> None:
    assert outcome(lambda: 41 + 1, "a sum") == 42
    error = LogError("not valid JSON")
    assert outcome(lambda: _raise(error), "a bad log") is error


def test_anything_else_fails() -> None:
    with pytest.raises(KeyError):
        outcome(lambda: _raise(KeyError("x")), "a lookup")
    with pytest.raises(AssertionError, match="without a message"):
        outcome(lambda: _raise(NotationError("  ")), "a blank error")


def test_a_call_over_its_processor_time_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "CPU_SECONDS", 0.01)

    def busy() -> None:
        started = time.process_time()
        while time.process_time() - started < 0.05:
            pass

    with pytest.raises(AssertionError, match="processor time"):
        outcome(busy, "a busy loop")


def test_a_hang_fails_instead_of_stalling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "WALL_SECONDS", 0.2)
    started = time.monotonic()
    with pytest.raises(HangError):
        outcome(lambda: time.sleep(30), "a sleep")
    assert time.monotonic() - started < 10
