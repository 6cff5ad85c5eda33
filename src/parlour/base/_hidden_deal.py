"""Dealing hidden cards uniformly at random under constraints, without rejection.

A determinization deals the cards a seat cannot see among the places it cannot see (other
hands, a stock, discards, pozzetti), each place keeping its size, while some cards may not go
to some places (a player who showed out of hearts holds no heart). `deal_hidden` draws one
layout uniformly from every layout that meets the constraints, exactly, in two stages:

1. The cards are grouped into classes by the set of places they may go to. How many cards of
   each class go to each place (a matrix whose rows sum to the class sizes and whose columns
   sum to the place sizes) is drawn with probability in proportion to the number of layouts
   with those counts, the product over the classes of the multinomial coefficient of the row.
   The rows are drawn one class after the other, each with weight its multinomial coefficient
   times the number of ways to complete the deal after it; those numbers are counted exactly,
   with integers, by a dynamic programme over the room left in each place (the last class has
   one row, the room left, so it is counted by a single multinomial coefficient). The counts
   are memoised on the classes still to deal and the room left, across calls too (a bounded
   cache of pure integer results: a search that samples one view again and again counts once;
   what is drawn does not depend on it).
2. Within each class, its cards are shuffled and cut into the counts of its row.

Each layout comes out with probability 1 / (number of layouts), and nothing else can come out.
Without constraints it is one shuffle cut into the places. The result depends only on the
cards, the places, the constraints and ``rng``: classes are taken in a fixed order (by the
number of places they may go to, then by the mask of those places), the cards of a class in
ascending order, rows in a fixed order, and every weighted choice is ``rng.randrange`` over an
exact integer total.
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Sequence

import attrs

__all__ = ["HiddenPlace", "NoLayoutError", "deal_hidden"]


@attrs.frozen(slots=True, kw_only=True)
class HiddenPlace:
    """A place hidden from the seat: how many of the hidden cards it holds, and the mask of the
    cards (bit ``i``: card ``i``) that may not go there."""

    size: int
    excluded: int = 0


class NoLayoutError(ValueError):
    """No layout of the hidden cards meets the constraints (a game's knowledge is inconsistent:
    a bug, since the real layout always meets them)."""


def _fill(
    cards: Sequence[int], capacity: Sequence[int], dealt: list[list[int]], rng: random.Random
) -> None:
    """Deal ``cards`` uniformly into the room ``capacity`` (which they fill exactly)."""
    pool = list(cards)
    rng.shuffle(pool)
    position = 0
    for index, room in enumerate(capacity):
        dealt[index].extend(pool[position : position + room])
        position += room


def _multinomial(counts: Sequence[int]) -> int:
    """The number of ways to split ``sum(counts)`` distinct cards into groups of ``counts``."""
    ways = 1
    total = 0
    for count in counts:
        if count:
            total += count
            ways *= math.comb(total, count)
    return ways


def _rows(size: int, allowed: tuple[int, ...], room: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to send ``size`` cards to the places ``allowed`` (indices into ``room``), at
    most the room of each: the counts per place (0 elsewhere), in a fixed order."""
    rows: list[tuple[int, ...]] = []
    row = [0] * len(room)
    last = len(allowed) - 1

    def spread(position: int, left: int) -> None:
        place = allowed[position]
        if position == last:
            if left <= room[place]:
                row[place] = left
                rows.append(tuple(row))
                row[place] = 0
            return
        for count in range(min(left, room[place]) + 1):
            row[place] = count
            spread(position + 1, left - count)
        row[place] = 0

    if allowed:
        spread(0, size)
    elif size == 0:
        rows.append(tuple(row))
    return rows


_Classes = tuple[tuple[int, tuple[int, ...]], ...]
"""Classes of cards still to deal, in order: how many cards, and the places they may go to."""


@functools.lru_cache(maxsize=1 << 14)
def _completions(classes: _Classes, room: tuple[int, ...]) -> int:
    """The number of layouts of the cards of ``classes`` filling exactly the room ``room``."""
    if len(classes) == 1:
        allowed = classes[0][1]
        if any(room[place] for place in range(len(room)) if place not in allowed):
            return 0
        return _multinomial(room)
    cumulative = _choices(classes, room)[1]
    return cumulative[-1] if cumulative else 0


@functools.lru_cache(maxsize=1 << 14)
def _choices(
    classes: _Classes, room: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The rows the first class of ``classes`` may take in the room ``room`` that leave the
    deal completable, and the running totals of their weights: the layouts of the class with
    that row (its multinomial coefficient) times the layouts of the other classes in the room
    it leaves."""
    size, allowed = classes[0]
    rest = classes[1:]
    rows: list[tuple[int, ...]] = []
    cumulative: list[int] = []
    total = 0
    for row in _rows(size, allowed, room):
        left = tuple(r - c for r, c in zip(room, row, strict=True))
        weight = _multinomial(row) * _completions(rest, left)
        if weight:
            total += weight
            rows.append(row)
            cumulative.append(total)
    return tuple(rows), tuple(cumulative)


def deal_hidden(
    cards: Sequence[int], places: Sequence[HiddenPlace], rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """The hidden ``cards`` dealt among ``places`` (sizes summing to the number of cards), none
    to a place that excludes it, uniformly over every such layout; per place, its cards in
    ascending order (shuffle an ordered place such as a stock yourself). See the module
    docstring for how; `NoLayoutError` when no layout exists, `ValueError` when the sizes do
    not add up."""
    if sum(place.size for place in places) != len(cards):
        raise ValueError(
            f"{len(cards)} hidden cards cannot fill places of sizes "
            f"{[place.size for place in places]}"
        )
    hidden = 0
    for card in cards:
        hidden |= 1 << card
    everywhere = (1 << len(places)) - 1
    constrained = [
        (1 << index, place.excluded)
        for index, place in enumerate(places)
        if place.excluded & hidden
    ]
    capacity = tuple(place.size for place in places)
    dealt: list[list[int]] = [[] for _ in places]
    if not constrained:
        _fill(sorted(cards), capacity, dealt, rng)
        return tuple(tuple(sorted(group)) for group in dealt)
    classes: dict[int, list[int]] = {}
    for card in sorted(cards):
        allowed = everywhere
        for bit, excluded in constrained:
            if excluded >> card & 1:
                allowed ^= bit
        classes.setdefault(allowed, []).append(card)
    masks = sorted(classes, key=lambda mask: (mask.bit_count(), mask))
    open_places = [index for index, size in enumerate(capacity) if size]
    remaining: _Classes = tuple(
        (len(classes[mask]), tuple(index for index in open_places if mask >> index & 1))
        for mask in masks
    )
    room = capacity
    if _completions(remaining, room) == 0:
        raise NoLayoutError("no layout of the hidden cards meets what the seat knows")
    for mask in masks:
        if len(remaining) == 1:
            row = room
        else:
            rows, cumulative = _choices(remaining, room)
            row = rows[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            room = tuple(r - c for r, c in zip(room, row, strict=True))
            remaining = remaining[1:]
        _fill(classes[mask], row, dealt, rng)
    return tuple(tuple(sorted(group)) for group in dealt)
