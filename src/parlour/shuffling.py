"""The positions of a deck shuffled by a `random.Random`: ``rng.shuffle`` of the positions.

A shuffle moves positions whatever they hold, so dealing ``DECK[order[p]]`` at position ``p``
gives the same deal as shuffling the list of cards itself.
"""

from __future__ import annotations

import random

__all__ = ["shuffled_positions"]


def shuffled_positions(rng: random.Random, size: int = 32) -> list[int]:
    """The positions ``0..size-1`` in the order ``rng.shuffle`` leaves them."""
    order = list(range(size))
    rng.shuffle(order)
    return order
