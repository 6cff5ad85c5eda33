"""Bezique's moves: `Play`, `Meld`, `Exchange`, `Show`, `Draw` (and the shared `Deal`).

Moves name faces, never copies: ``play QS`` plays a queen of spades, and which of two copies it
is follows the rule documented in `bezique.melds`. Card plays are interned.
"""

from __future__ import annotations

import attrs

from parlour.cards import PIQUET_DECK, Card, sort_cards
from parlour.core import Move

__all__ = ["DRAW", "EXCHANGE", "PLAYS", "SHOW", "Draw", "Exchange", "Meld", "Play", "Show"]


@attrs.frozen(slots=True, repr=False)
class Play(Move):
    """Play a card (from the hand or from one's melds on the table) to the current trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.text}"

    def __repr__(self) -> str:
        return f"Play({self.card.text})"


def _sorted_cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return sort_cards(cards)


@attrs.frozen(slots=True, repr=False)
class Meld(Move):
    """Declare one scoring meld, named by its cards (kept in canonical order)."""

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __str__(self) -> str:
        return "meld " + " ".join(card.text for card in self.cards)

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"


@attrs.frozen(slots=True, repr=False)
class Exchange(Move):
    """Exchange the seven of trumps for the turn-up."""

    def __str__(self) -> str:
        return "exchange"

    def __repr__(self) -> str:
        return "Exchange()"


@attrs.frozen(slots=True, repr=False)
class Show(Move):
    """Show (declare) a seven of trumps that has not scored yet; it stays in the hand."""

    def __str__(self) -> str:
        return "show"

    def __repr__(self) -> str:
        return "Show()"


@attrs.frozen(slots=True, repr=False)
class Draw(Move):
    """End the trick winner's turn: both players draw from the stock, the winner first."""

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


EXCHANGE = Exchange()
SHOW = Show()
DRAW = Draw()
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in PIQUET_DECK)
"""The play move of each face, indexed like `PIQUET_DECK`."""
