"""Belote's moves: `Pass`, `Take`, `Play` (and the shared `Deal`). Values are interned."""

from __future__ import annotations

import attrs

from parlour.belote.rules import DECK
from parlour.cards import Card, Suit
from parlour.core import Move

__all__ = ["PASS", "PLAYS", "TAKES", "TAKE_TURNUP", "Pass", "Play", "Take"]


@attrs.frozen(slots=True, repr=False)
class Pass(Move):
    """Decline to take, in either bidding round."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


@attrs.frozen(slots=True, repr=False)
class Take(Move):
    """Take the contract: ``suit=None`` in the first round (the turn-up's suit), a named suit in
    the second."""

    suit: Suit | None = None

    def __str__(self) -> str:
        return "take" if self.suit is None else f"take {self.suit.letter}"

    def __repr__(self) -> str:
        return f"Take({str(self)!r})"


@attrs.frozen(slots=True, repr=False)
class Play(Move):
    """Play a card to the current trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.text}"

    def __repr__(self) -> str:
        return f"Play({self.card.text})"


PASS = Pass()
TAKE_TURNUP = Take(None)
TAKES: tuple[Take, ...] = tuple(Take(suit) for suit in Suit)
"""``take S``, ``take H``, ``take D``, ``take C``, indexed by suit."""
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in DECK)
"""The play move of each card, indexed like `DECK`."""
