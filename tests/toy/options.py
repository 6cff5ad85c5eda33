"""The toy game's one option, ``target``, built with the `parlour.base` option helpers."""

from __future__ import annotations

import attrs

from parlour.base import (
    option,
    positive_int_or_none,
)

__all__ = ["DESCRIPTIONS", "Options"]

_TARGET = attrs.evolve(positive_int_or_none(), examples=(None, 7))
"""A positive int or ``None``; the tests exercise a single deal and a match to 7."""

DESCRIPTIONS: dict[str, str] = {
    "target": "The match points (one per trick) a player needs to win the match, checked when "
    "a deal ends; null plays a single deal.",
}
"""One sentence per option, for settings screens (`parlour.option_specs`)."""


@attrs.frozen(slots=True, kw_only=True)
class Options:
    """Every toy option: ``target``, the points to win (``None``, the default: one deal)."""

    target: int | None = option(_TARGET, None)
