"""What the atheris harnesses share: the rule every call obeys, and seeded states to parse at.

A fuzzed call must return, or raise a `ParlourError` with a message, within `CPU_SECONDS` of
processor time; anything else raises `HarnessError` (or lets the unexpected exception through),
which atheris reports as a crash with the input that caused it. Nothing here needs atheris.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

import parlour
from parlour import ParlourError

__all__ = ["CPU_SECONDS", "HarnessError", "checked", "split_input", "states"]

CPU_SECONDS = 2.0
"""The processor time one fuzzed call may use."""

T = TypeVar("T")


class HarnessError(AssertionError):
    """A fuzzed call broke the contract (an empty error message, too slow, a raising validate)."""


def checked(call: Callable[[], T], what: str) -> T | ParlourError:
    """``call()``'s value or its `ParlourError`; `HarnessError` if the error has no message
    or the call used more than `CPU_SECONDS`; any other exception propagates."""
    started = time.process_time()
    try:
        result: T | ParlourError = call()
    except ParlourError as error:
        if not error.message.strip():
            raise HarnessError(f"{what}: {type(error).__name__} without a message") from error
        result = error
    spent = time.process_time() - started
    if spent > CPU_SECONDS:
        raise HarnessError(f"{what} took {spent:.2f} s of processor time")
    return result


def split_input(data: bytes, header: int) -> tuple[bytes, str]:
    """The first ``header`` bytes of ``data`` (zero-padded) and the rest as text (invalid UTF-8
    replaced, lone surrogates kept)."""
    head = data[:header].ljust(header, b"\0")
    return head, data[header:].decode("utf-8", "surrogateescape")


@functools.cache
def states(game: str) -> tuple[Any, ...]:
    """States of one seeded random match of ``game`` (single deal): the chance node before the
    deal, then every fifth state, then the last."""
    rng = random.Random(20261201)
    state = parlour.new_game(game, options={"target": None})
    found = [state]
    for count in range(1, 400):
        if parlour.is_over(state):
            break
        if parlour.is_chance(state):
            move: Any = parlour.random_deal(state, rng)
        else:
            moves = parlour.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = parlour.apply(state, move)
        if count % 5 == 0:
            found.append(state)
    found.append(state)
    return tuple(found)
