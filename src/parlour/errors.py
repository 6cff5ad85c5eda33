"""The exception hierarchy: every error parlour raises on bad input is a `ParlourError`.

`NotationError`, `IllegalMoveError`, `OptionsError` and `LogError` also subclass `ValueError`,
so code that catches `ValueError` keeps working. When an error arises while replaying a log,
``move_index`` says which move (0-based) was at fault.
"""

from __future__ import annotations

from typing import Any

__all__ = ["IllegalMoveError", "LogError", "NotationError", "OptionsError", "ParlourError"]


class ParlourError(Exception):
    """Base class of every error raised by parlour for bad input."""

    move_index: int | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotationError(ParlourError, ValueError):
    """Text that does not fit the game's move grammar (or the card notation)."""


class IllegalMoveError(ParlourError, ValueError):
    """A well-formed move that the rules forbid in this state.

    ``rule`` is the stable dotted id of the violated rule (e.g. ``belote.must_follow``),
    ``message`` a sentence for a player, ``move`` the move that was refused.
    """

    def __init__(self, rule: str, message: str, move: Any = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.move = move

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


class OptionsError(ParlourError, ValueError):
    """An unknown option name or a value the option does not accept."""


class LogError(ParlourError, ValueError):
    """A game log that cannot be read: bad JSON, a missing or malformed field, an unknown game."""
