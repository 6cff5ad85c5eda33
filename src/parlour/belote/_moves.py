"""Belote's moves: `Pass`, `Take`, `Play` (and the shared `Deal`). Values are interned."""

from __future__ import annotations

import attrs

from parlour.base import (
    Suit,
    suit_text,
)
from parlour.engine import (
    PIQUET_PLAYS,
    ImmutableMove,
    KeywordMove,
    Play,
)

__all__ = ["PASS", "PLAYS", "TAKES", "TAKE_TURNUP", "Pass", "Play", "Take"]


class Pass(KeywordMove):
    """Decline to take, in either bidding round."""

    __slots__ = ()
    keyword = "pass"


@attrs.frozen(slots=True, repr=False)
class Take(ImmutableMove):
    """Take the contract: ``suit=None`` in the first round (the turn-up's suit), a named suit in
    the second."""

    suit: Suit | None = None

    def __str__(self) -> str:
        return "take" if self.suit is None else f"take {suit_text(self.suit)}"

    def __repr__(self) -> str:
        return f"Take({str(self)!r})"


PASS = Pass()
TAKE_TURNUP = Take(None)
TAKES: tuple[Take, ...] = tuple(Take(suit) for suit in Suit)
"""``take S``, ``take H``, ``take D``, ``take C``, indexed by suit."""
PLAYS: tuple[Play, ...] = PIQUET_PLAYS
"""The play move of each card, indexed like `DECK`."""
