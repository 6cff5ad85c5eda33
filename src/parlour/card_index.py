"""Card indexes of the 32-card piquet pack, as the trick games (Belote, Bezique, Écarté) keep
their hands: card ``i`` is ``PIQUET_DECK[i]`` (suits S H D C, each 7 8 9 10 J Q K A), so a hand
is a 32-bit mask and suit ``s`` occupies bits ``8*s .. 8*s+7``.

`piquet_index` gives a card's index, `PIQUET_INDEX_BY_CODE` the same read by `Card.code`
(``-1`` for a card that is not in the pack), `PIQUET_INDEX_OF` by the card itself (a lookup that
any value may be given), `piquet_cards` the cards of a mask in the pack's canonical order and
`piquet_mask` the mask of some cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour.cards import PIQUET_DECK, Card
from parlour.masks import moves_by_mask

__all__ = ["PIQUET_INDEX_BY_CODE", "PIQUET_INDEX_OF", "piquet_cards", "piquet_index", "piquet_mask"]

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
