"""Moves from card masks: the legal-move tuples of a 32-card game, built without a loop over
the cards.

A hand is a mask over a 32-card deck (bit ``i``: card ``i``); its moves come in bit order,
which is the deck's canonical order. They are read a byte (one suit of the piquet pack) at a
time from tables built once, so `legal_moves` allocates nothing but the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["moves_by_mask"]

MoveT = TypeVar("MoveT")


def moves_by_mask(moves: Sequence[MoveT]) -> Callable[[int], tuple[MoveT, ...]]:
    """A function from a 32-bit mask to the moves of its set bits, in bit order.

    ``moves`` gives the move of each of the 32 cards, indexed like the deck.
    """
    if len(moves) != 32:
        raise ValueError(f"moves_by_mask needs the move of each of 32 cards, not {len(moves)}")
    first, second, third, fourth = (
        tuple(
            tuple(moves[8 * byte + bit] for bit in range(8) if pattern >> bit & 1)
            for pattern in range(256)
        )
        for byte in range(4)
    )

    def moves_of(mask: int) -> tuple[MoveT, ...]:
        return (
            first[mask & 255]
            + second[(mask >> 8) & 255]
            + third[(mask >> 16) & 255]
            + fourth[(mask >> 24) & 255]
        )

    return moves_of
