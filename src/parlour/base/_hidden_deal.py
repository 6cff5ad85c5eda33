"""Dealing hidden cards at random under constraints, without rejection.

A determinization deals the cards a seat cannot see among the places it cannot see (other
hands, a stock, discards, pozzetti), each place keeping its size, while some cards may not go
to some places (a player who showed out of hearts holds no heart). `deal_hidden` does this in
one pass: the most constrained cards first, each sent to a place it may go to, chosen with
probability in proportion to the room left there, among the places that leave the rest of the
deal possible. That test is Hall's condition over the sets of places: for every set of places,
the cards that may only go into those places must fit in them.

Every layout that meets the constraints can come out (each of its choices is possible when it
is made), and nothing else can. Without constraints the result is a uniformly random deal; with
them it is close to uniform, not exactly so. The result depends only on the cards, the places,
the constraints and ``rng``: cards are taken in a fixed order (fewest allowed places first, then
by card number), never in the order of a set.
"""

from __future__ import annotations

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


def _slack(counts: dict[int, int], capacity: Sequence[int]) -> list[int]:
    """Per set of places (bit ``i``: place ``i``), its room minus the cards that may only go
    into it; the deal can be completed while every entry is at least 0 (Hall's condition).

    ``counts`` maps a mask of allowed places to how many cards have exactly that mask.
    """
    places = len(capacity)
    slack = [0] * (1 << places)
    for subset in range(1, 1 << places):
        low = subset & -subset
        slack[subset] = slack[subset ^ low] + capacity[low.bit_length() - 1]
    for allowed, count in counts.items():
        for subset in range(1 << places):
            if allowed & ~subset == 0:
                slack[subset] -= count
    return slack


def _place(slack: list[int], allowed: int, place: int) -> bool:
    """Whether a card that may go to the places ``allowed`` can go to ``place`` with the deal
    still completable; if so ``slack`` is updated. Only the sets that hold ``place`` but not
    all of ``allowed`` lose room: each must have some to spare."""
    bit = 1 << place
    touched = [subset for subset in range(1, len(slack)) if subset & bit and allowed & ~subset]
    if any(slack[subset] < 1 for subset in touched):
        return False
    for subset in touched:
        slack[subset] -= 1
    return True


def _fill(
    cards: Sequence[int], capacity: list[int], dealt: list[list[int]], rng: random.Random
) -> None:
    """Deal ``cards``, which may go anywhere, uniformly into the room left (``capacity``)."""
    pool = list(cards)
    rng.shuffle(pool)
    position = 0
    for index, room in enumerate(capacity):
        dealt[index].extend(pool[position : position + room])
        position += room
        capacity[index] = 0


def deal_hidden(
    cards: Sequence[int], places: Sequence[HiddenPlace], rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """The hidden ``cards`` dealt among ``places`` (sizes summing to the number of cards), none
    to a place that excludes it; per place, its cards in ascending order (shuffle an ordered
    place such as a stock yourself). See the module docstring for how; `NoLayoutError` when no
    layout exists, `ValueError` when the sizes do not add up."""
    if sum(place.size for place in places) != len(cards):
        raise ValueError(
            f"{len(cards)} hidden cards cannot fill places of sizes "
            f"{[place.size for place in places]}"
        )
    everywhere = (1 << len(places)) - 1
    allowed_of: dict[int, int] = {}
    for card in cards:
        allowed = everywhere
        for index, place in enumerate(places):
            if place.excluded >> card & 1:
                allowed &= ~(1 << index)
        allowed_of[card] = allowed
    capacity = [place.size for place in places]
    dealt: list[list[int]] = [[] for _ in places]
    if all(allowed == everywhere for allowed in allowed_of.values()):
        _fill(sorted(cards), capacity, dealt, rng)
        return tuple(tuple(sorted(group)) for group in dealt)
    counts: dict[int, int] = {}
    for allowed in allowed_of.values():
        counts[allowed] = counts.get(allowed, 0) + 1
    slack = _slack(counts, capacity)
    if min(slack) < 0:
        raise NoLayoutError("no layout of the hidden cards meets what the seat knows")
    order = sorted(cards, key=lambda card: (allowed_of[card].bit_count(), card))
    for number, card in enumerate(order):
        allowed = allowed_of[card]
        if allowed == everywhere:
            _fill(order[number:], capacity, dealt, rng)
            break
        candidates = [
            index for index in range(len(places)) if allowed >> index & 1 and capacity[index]
        ]
        while True:
            weights = [capacity[index] for index in candidates]
            index = rng.choices(candidates, weights=weights)[0]
            if _place(slack, allowed, index):
                break
            candidates.remove(index)
        capacity[index] -= 1
        dealt[index].append(card)
    return tuple(tuple(sorted(group)) for group in dealt)
