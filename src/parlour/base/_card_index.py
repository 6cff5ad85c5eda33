"""Card indexes of the 32-card piquet pack, as the trick games keep their hands (a card's bit
in a 32-bit mask), and the legal-move tuples read from such masks.

The masks:

Moves from card masks: the legal-move tuples of a 32-card game, built without a loop over
the cards.

A hand is a mask over a 32-card deck (bit ``i``: card ``i``); its moves come in bit order,
which is the deck's canonical order. They are read a byte (one suit of the piquet pack) at a
time from tables built once, so `legal_moves` allocates nothing but the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from parlour.base._cards import (
    PIQUET_DECK,
    Card,
)

__all__ = [
    "PIQUET_INDEX_BY_CODE",
    "PIQUET_INDEX_OF",
    "bit_indexes",
    "moves_by_mask",
    "piquet_cards",
    "piquet_index",
    "piquet_mask",
]


MoveT = TypeVar("MoveT")


def bit_indexes(mask: int) -> list[int]:
    """The indexes of the set bits of ``mask`` (the cards of a hand mask, of any deck's size),
    lowest first."""
    indexes = []
    while mask:
        low = mask & -mask
        indexes.append(low.bit_length() - 1)
        mask ^= low
    return indexes


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


_LOWEST_RANK = 7
_RANKS_PER_SUIT = 8


def piquet_index(card: Card) -> int:
    """The index of a piquet card in `PIQUET_DECK` (its bit in a hand mask)."""
    return int(card.suit) * _RANKS_PER_SUIT + int(card.rank) - _LOWEST_RANK  # type: ignore[arg-type]


_CODES = 5 * 16
"""Every `Card.code` is below this: ``suit * 16 + rank`` with the jokers as suit 4."""
PIQUET_INDEX_BY_CODE: tuple[int, ...] = tuple(
    next((index for index, card in enumerate(PIQUET_DECK) if card.code == code), -1)
    for code in range(_CODES)
)
"""The `PIQUET_DECK` index of each card code (``-1`` for a card that is not in the pack)."""

PIQUET_INDEX_OF: dict[Card, int] = {card: index for index, card in enumerate(PIQUET_DECK)}
"""The `PIQUET_DECK` index of each piquet card (no entry for any other card or value)."""

piquet_cards = moves_by_mask(PIQUET_DECK)
"""The cards of a 32-bit mask, in the pack's canonical order (read a suit, a byte, at a time)."""


def piquet_mask(cards: Iterable[Card]) -> int:
    """The mask of piquet ``cards`` (a card given twice sets its bit once)."""
    mask = 0
    for card in cards:
        mask |= 1 << piquet_index(card)
    return mask
