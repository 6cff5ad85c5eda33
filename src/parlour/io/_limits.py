"""The bounds a log must keep to be read and validated: one record, `Limits`, with defaults.

Every reader and validator of logs (`read_log`, `validate`, `read_logs`, `validate_files`,
``parlour validate``) takes ``limits=``; a log beyond one of them is refused with a `LogError`
that names the limit (a move text beyond ``max_move_chars`` is a `NotationError` naming it, as
the move parser's own bound is). The defaults are generous for real logs and keep the work and
memory spent on one hostile log small.
"""

from __future__ import annotations

from typing import Any

import attrs

from parlour.base import (
    ParlourError,
    describe,
)
from parlour.engine import MAX_MOVE_CHARS

__all__ = ["DEFAULT_LIMITS", "LIMIT_CEILINGS", "Limits", "LimitsError"]


class LimitsError(ParlourError, ValueError):
    """A `Limits` field that is not a positive integer within its ceiling."""


LIMIT_CEILINGS: dict[str, int] = {
    "max_log_bytes": 1 << 40,
    "max_moves": 1 << 40,
    "max_depth": 500,
    "max_int_digits": 4300,
    "max_move_chars": MAX_MOVE_CHARS,
}
"""The highest value each limit may be given: nesting deeper than 500 would reach Python's
recursion limit while decoding, integers of more than 4,300 digits are beyond Python's int/str
conversion limit, and the move parser reads no text longer than `MAX_MOVE_CHARS`."""


def _within_ceiling(instance: Limits, attribute: attrs.Attribute[int], value: Any) -> None:
    ceiling = LIMIT_CEILINGS[attribute.name]
    if type(value) is not int or not 1 <= value <= ceiling:
        raise LimitsError(
            f"the limit {attribute.name} must be an integer from 1 to {ceiling}, "
            f"not {describe(value)}"
        )


@attrs.frozen(slots=True, kw_only=True)
class Limits:
    """The bounds on one log; a log beyond any of them is refused with an error naming it.

    ``max_log_bytes``: the longest JSON text of one log (one ``.jsonl`` line, one ``.json``
    file after decompression; characters for a ``str``). ``max_moves``: the most moves in one
    log. ``max_depth``: the deepest nesting of lists and objects (the log object is depth 1).
    ``max_int_digits``: the most decimal digits of any integer. ``max_move_chars``: the longest
    move text (at most the parser's own bound, `MAX_MOVE_CHARS`).
    """

    max_log_bytes: int = attrs.field(default=16 * 1024 * 1024, validator=_within_ceiling)
    max_moves: int = attrs.field(default=100_000, validator=_within_ceiling)
    max_depth: int = attrs.field(default=64, validator=_within_ceiling)
    max_int_digits: int = attrs.field(default=1000, validator=_within_ceiling)
    max_move_chars: int = attrs.field(default=MAX_MOVE_CHARS, validator=_within_ceiling)

    @property
    def max_int_bits(self) -> int:
        """The most bits every integer of ``max_int_digits`` decimal digits fits in: an integer
        with no more bits is within the limit; one with more must be compared to the bound."""
        return int(self.max_int_digits * 3.3219280948873626)

    def int_too_long(self, value: int) -> bool:
        """Whether ``value`` has more than ``max_int_digits`` decimal digits (no conversion)."""
        if value.bit_length() <= self.max_int_bits:
            return False
        bound: int = 10**self.max_int_digits
        return abs(value) >= bound


DEFAULT_LIMITS = Limits()
"""The limits used when none are given."""


for _public in (LimitsError,):
    _public.__module__ = "parlour"  # as users import it
