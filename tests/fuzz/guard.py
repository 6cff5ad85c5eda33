"""The one rule every fuzzed call obeys: it returns, or raises a `ParlourError` with a message,
within a time bound.

`outcome` runs a call under a ``SIGALRM`` guard (wall-clock, so that a hang fails instead of
stalling the suite) and measures its processor time; anything but a return or a `ParlourError`
with a non-empty message fails the test that called it.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

from hypothesis import settings

from parlour import ParlourError

__all__ = ["CPU_SECONDS", "WALL_SECONDS", "examples", "outcome"]

CPU_SECONDS = 2.0
"""The processor time one fuzzed call may use."""

WALL_SECONDS = 20.0
"""The wall-clock time after which a call counts as hung (generous: the machine is shared)."""

T = TypeVar("T")


class HangError(AssertionError):
    """A fuzzed call still running after `WALL_SECONDS`."""


def examples(factor: int) -> int:
    """``factor`` times the active hypothesis profile's ``max_examples``: the quick default stays
    quick and the ``ci`` profile runs proportionally more."""
    return int(settings().max_examples * factor)


def _can_alarm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def outcome(call: Callable[[], T], what: str) -> T | ParlourError:
    """The value ``call()`` returns, or the `ParlourError` it raises.

    Fails (`AssertionError`) if it raises anything else, raises a `ParlourError` with an empty
    message, uses more than `CPU_SECONDS` of processor time, or runs past `WALL_SECONDS`.
    ``what`` names the call in failure messages.
    """

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise HangError(f"{what} still running after {WALL_SECONDS} s")

    guarded = _can_alarm()
    previous: Any = None
    if guarded:
        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, WALL_SECONDS)
    started = time.process_time()
    try:
        result: T | ParlourError = call()
    except ParlourError as error:
        assert isinstance(error.message, str) and error.message.strip(), (
            f"{what} raised {type(error).__name__} without a message"
        )
        assert str(error).strip(), f"{what} raised {type(error).__name__} with an empty str()"
        result = error
    finally:
        if guarded:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    spent = time.process_time() - started
    assert spent < CPU_SECONDS, f"{what} took {spent:.2f} s of processor time"
    return result
