"""JSON for the records front-ends read (views, deal breakdowns, score events): one converter
instead of a hand-written ``to_dict`` per record.

`to_json` turns a value into JSON-ready data: a card becomes its notation (``10H``), a suit its
letter, a tuple a list, and an attrs record a dict of its fields in declaration order.
"""

from __future__ import annotations

from typing import Any

import attrs

from parlour.cards import Card, Suit

__all__ = ["JsonRecord", "to_json"]


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring); `TypeError` for anything else."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, int):
        return int(value)
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if attrs.has(type(value)):
        return {
            field.name: to_json(getattr(value, field.name)) for field in attrs.fields(type(value))
        }
    raise TypeError(f"{type(value).__name__} has no JSON form")


class JsonRecord:
    """A mixin for attrs records: ``to_dict()`` gives the record's fields as JSON-ready data."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, its fields in declaration order."""
        result: dict[str, Any] = to_json(self)
        return result
