"""The exception hierarchy: every error parlour raises on bad input is a `ParlourError`.

`NotationError`, `IllegalMoveError`, `OptionsError`, `LogError`, `PositionError` and
`SeatError` also subclass `ValueError`, so code that catches `ValueError` keeps working;
`SeedError` (a seed that is not an int) also subclasses `TypeError`. `shown` and `describe`
format hostile input for messages: long texts are cut and integers too long to print are
described by their size. When an error arises while replaying a log, ``move_index`` says which
move (0-based) was at fault.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "IllegalMoveError",
    "LogError",
    "NotationError",
    "OptionsError",
    "ParlourError",
    "PositionError",
    "SeatError",
    "SeedError",
    "describe",
    "shown",
]

SHOWN_CHARS = 80
"""The most characters of an input text that an error message quotes; longer texts are cut."""


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


class PositionError(ParlourError, ValueError):
    """A state's JSON form (a position) that cannot be read or describes no reachable-looking
    state: a missing or unknown key, a value of the wrong type or out of range, a card twice or
    missing, zones whose sizes do not fit the phase. ``path`` says where (``deal.hands[2]``)."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message if path is None else f"{path}: {message}")
        self.path = path


class SeatError(ParlourError, ValueError):
    """A seat that is not a seat of the match: out of range, a bool, a float, not an int."""


class SeedError(ParlourError, TypeError):
    """A random seed that is not an int (a bool, a str, a float…)."""


def shown(text: str) -> str:
    """``repr(text)``, cut to its first `SHOWN_CHARS` characters (and its length) when longer."""
    if len(text) <= SHOWN_CHARS:
        return repr(text)
    return f"{text[:SHOWN_CHARS]!r}… ({len(text)} characters)"


def describe(value: Any) -> str:
    """``repr(value)`` for a message, safe and bounded for any value: the one describer every
    caller value quoted in a message goes through.

    A long text is cut (`shown`); an int too long to print (beyond Python's int/str conversion
    limit) is described by its size; lists, tuples, dicts, sets and frozensets are written
    element by element only up to `SHOWN_CHARS` characters (so a huge or deeply nested one costs
    no more than a short one, and never reaches the recursion limit); any other value is its
    ``repr``, cut, or its type's name when its ``repr`` fails.
    """
    if isinstance(value, str):
        return shown(value)
    pieces: list[str] = []
    complete = _described_into(value, pieces, SHOWN_CHARS + 1)
    text = "".join(pieces)
    if complete and len(text) <= SHOWN_CHARS:
        return text
    size = _size_note(value)
    return text[:SHOWN_CHARS] + ("…" if size is None else f"… ({size})")


_CONTAINERS = (list, tuple, dict, set, frozenset)


def _size_note(value: Any) -> str | None:
    """How big a value too long to quote is: ``a list of 3 items``, ``5000 characters``…"""
    kind = type(value)
    if kind in _CONTAINERS:
        count = len(value)
        return f"a {kind.__name__} of {count} item{'' if count == 1 else 's'}"
    return None


def _described_into(value: Any, pieces: list[str], budget: int) -> bool:
    """Append ``repr(value)``'s text to ``pieces`` while their total stays within ``budget``
    characters; whether all of it fit. Only builtin containers are walked (by exact type), so
    the depth of the walk is bounded by ``budget``."""
    used = sum(map(len, pieces))
    kind = type(value)
    if kind in _CONTAINERS and used + 2 > budget:
        return False
    if kind is list or kind is tuple:
        opening, closing = ("[", "]") if kind is list else ("(", ")")
        pieces.append(opening)
        for index, item in enumerate(value):
            if index:
                pieces.append(", ")
            if not _described_into(item, pieces, budget):
                return False
        if kind is tuple and len(value) == 1:
            pieces.append(",")
        pieces.append(closing)
        return sum(map(len, pieces)) <= budget
    if kind is dict:
        pieces.append("{")
        for index, (key, item) in enumerate(value.items()):
            if index:
                pieces.append(", ")
            if not _described_into(key, pieces, budget):
                return False
            pieces.append(": ")
            if not _described_into(item, pieces, budget):
                return False
        pieces.append("}")
        return sum(map(len, pieces)) <= budget
    if kind is set or kind is frozenset:
        if not value:
            pieces.append(f"{kind.__name__}()")
            return sum(map(len, pieces)) <= budget
        pieces.append("{" if kind is set else "frozenset({")
        for index, item in enumerate(value):
            if index:
                pieces.append(", ")
            if not _described_into(item, pieces, budget):
                return False
        pieces.append("}" if kind is set else "})")
        return sum(map(len, pieces)) <= budget
    pieces.append(_scalar_text(value))
    return sum(map(len, pieces)) <= budget


def _scalar_text(value: Any) -> str:
    """The text of one value that is not a builtin container: a str cut (`shown`), an int too
    long to print by its size, anything else by its ``repr`` (its type's name if that fails)."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, int) and value.bit_length() > 256:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (an int beyond the conversion limit inside a record)
        return f"a {type(value).__name__}"
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + f"… ({len(text)} characters)"


for _public in (
    ParlourError, NotationError, IllegalMoveError, OptionsError, LogError, PositionError,
    SeatError, SeedError,
):  # fmt: skip
    _public.__module__ = "parlour"  # as users import it
