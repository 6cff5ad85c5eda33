"""Deals built from other deals for the layout tests: an equal copy (read afresh, not from the
layout's memory of the deal it made) and a deal with one group replaced."""

from __future__ import annotations

from typing import Any

from parlour.engine import Deal

__all__ = ["copy_of", "with_group"]


def copy_of(deal: Deal) -> Deal:
    """An equal deal that is not the one the layout made (so it is read afresh)."""
    return Deal(
        tuple((name, tuple(tuple(group) for group in groups)) for name, groups in deal.fields)
    )


def with_group(deal: Deal, field: int, group: int, cards: Any) -> Deal:
    """``deal`` with group ``group`` of field ``field`` replaced by ``cards`` (anything)."""
    fields = [list(entry) for entry in deal.fields]
    groups = list(fields[field][1])
    groups[group] = cards
    fields[field][1] = tuple(groups)
    return Deal(tuple(tuple(entry) for entry in fields))  # type: ignore[misc]
