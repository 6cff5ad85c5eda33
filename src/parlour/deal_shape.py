"""The fast shape check of a hand-built or parsed `Deal` shared by the fixed-seat games."""

from __future__ import annotations

from typing import Any

from parlour.cards import Card
from parlour.core import Deal

__all__ = ["cards_in_shape"]

_TUPLE_TYPE = {tuple}
_CARD_TYPE = {Card}


def cards_in_shape(
    deal: Deal,
    names: tuple[str, ...],
    groups_per_field: tuple[int, ...],
    group_sizes: tuple[int, ...],
) -> tuple[Card, ...] | None:
    """Every card of ``deal``, group after group, if its fields are exactly ``names`` with
    ``groups_per_field`` groups of ``group_sizes`` cards, all of them `Card` values; else
    ``None`` (the game's full deal check then says what is wrong)."""
    fields: Any = deal.fields
    if type(fields) is not tuple or set(map(type, fields)) != _TUPLE_TYPE:
        return None
    if set(map(len, fields)) != {2} or len(fields) != len(names):
        return None
    field_names, zones = zip(*fields, strict=True)
    if field_names != names or set(map(type, zones)) != _TUPLE_TYPE:
        return None
    if tuple(map(len, zones)) != groups_per_field:
        return None
    groups = tuple(group for zone in zones for group in zone)
    if set(map(type, groups)) != _TUPLE_TYPE or tuple(map(len, groups)) != group_sizes:
        return None
    cards: tuple[Card, ...] = sum(groups, ())
    if set(map(type, cards)) != _CARD_TYPE:
        return None
    return cards
