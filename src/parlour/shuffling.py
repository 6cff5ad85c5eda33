"""The positions of a deck shuffled by a `random.Random`, exactly as ``rng.shuffle`` of the deck
would leave them, without its call per position.

A shuffle moves positions whatever they hold, so dealing ``DECK[order[p]]`` at position ``p``
gives the same deal as shuffling the list of cards itself.
"""

from __future__ import annotations

import random

__all__ = ["shuffled_positions"]

_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Per deck size, the steps of the shuffle: the position swapped, the bound of the number drawn
for it and the bits drawn, read without computing them."""


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)
        )
    return steps


def _fisher_yates(rng: random.Random, size: int) -> list[int]:
    """The positions ``0..size-1`` in the order `random.Random.shuffle` leaves them, drawing the
    same numbers from ``rng.getrandbits`` as it does."""
    order = list(range(size))
    getrandbits = rng.getrandbits
    for i, bound, bits in _steps(size):
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


def _shuffled_by_shuffle(rng: random.Random, size: int) -> list[int]:
    order = list(range(size))
    rng.shuffle(order)
    return order


_SAME_AS_SHUFFLE = all(
    _fisher_yates(random.Random(seed), size) == _shuffled_by_shuffle(random.Random(seed), size)
    for size in (32, 64, 108)
    for seed in range(4)
)
"""Whether this Python's `random.Random.shuffle` is the algorithm `_fisher_yates` copies (true
of CPython 3.10 to 3.13); if not, ``rng.shuffle`` itself is called."""


def shuffled_positions(rng: random.Random, size: int = 32) -> list[int]:
    """The positions ``0..size-1`` shuffled by ``rng`` exactly as ``rng.shuffle`` would shuffle
    them: for a plain `random.Random`, by the same draws without the call per position; for a
    subclass (which may draw differently), by ``rng.shuffle`` itself."""
    if type(rng) is random.Random and _SAME_AS_SHUFFLE:
        return _fisher_yates(rng, size)
    return _shuffled_by_shuffle(rng, size)
