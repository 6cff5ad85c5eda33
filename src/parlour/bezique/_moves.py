"""Bezique's moves: `Play`, `Meld`, `Exchange`, `Show`, `Draw` (and the shared `Deal`).

Moves name faces, never copies: ``play QS`` plays a queen of spades, and which of two copies it
is follows the rule documented in `bezique.melds`. Card plays are interned.
"""

from __future__ import annotations

import attrs

from parlour.engine import (
    PIQUET_PLAYS,
    CardsMove,
    KeywordMove,
    Play,
)

__all__ = ["DRAW", "EXCHANGE", "PLAYS", "SHOW", "Draw", "Exchange", "Meld", "Play", "Show"]


@attrs.frozen(slots=True, repr=False)
class Meld(CardsMove):
    """Declare one scoring meld, named by its cards (kept in canonical order)."""

    keyword = "meld"


class Exchange(KeywordMove):
    """Exchange the seven of trumps for the turn-up."""

    __slots__ = ()
    keyword = "exchange"


class Show(KeywordMove):
    """Show (declare) a seven of trumps that has not scored yet; it stays in the hand."""

    __slots__ = ()
    keyword = "show"


class Draw(KeywordMove):
    """End the trick winner's turn: both players draw from the stock, the winner first."""

    __slots__ = ()
    keyword = "draw"


EXCHANGE = Exchange()
SHOW = Show()
DRAW = Draw()
PLAYS: tuple[Play, ...] = PIQUET_PLAYS
"""The play move of each face, indexed like `PIQUET_DECK`."""
