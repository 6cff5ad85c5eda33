"""Coinche's moves: `Pass`, `Bid`, `Coinche`, `Surcoinche`, `Play` (and the shared `Deal`).
Values are interned."""

from __future__ import annotations

import attrs

from parlour.coinche.rules import (
    BID_VALUES,
    CAPOT,
    DENOMINATIONS,
    GENERALE,
    VALUE_WORDS,
)
from parlour.engine import (
    PIQUET_PLAYS,
    ImmutableMove,
    KeywordMove,
    Play,
)

__all__ = [
    "BIDS",
    "COINCHE",
    "PASS",
    "PLAYS",
    "SURCOINCHE",
    "Bid",
    "Coinche",
    "Pass",
    "Play",
    "Surcoinche",
    "bid_of",
]


class Pass(KeywordMove):
    """Say nothing this turn of the auction (always legal in the auction)."""

    __slots__ = ()
    keyword = "pass"


class Coinche(KeywordMove):
    """Double the opponents' standing bid (rules C.3)."""

    __slots__ = ()
    keyword = "coinche"


class Surcoinche(KeywordMove):
    """Redouble a coinched bid of one's own side (rules C.3); ends the auction."""

    __slots__ = ()
    keyword = "surcoinche"


@attrs.frozen(slots=True, repr=False)
class Bid(ImmutableMove):
    """Bid a contract: ``value`` 80, 90, …, 160, 250 (capot) or 500 (générale), in
    ``denomination`` 0..3 (the suits S H D C), 4 (SA) or 5 (TA): ``bid 90 H``, ``bid capot S``."""

    value: int
    denomination: int

    def __str__(self) -> str:
        value = VALUE_WORDS.get(self.value, str(self.value))
        return f"bid {value} {DENOMINATIONS[self.denomination]}"

    def __repr__(self) -> str:
        return f"Bid({str(self)!r})"


PASS = Pass()
COINCHE = Coinche()
SURCOINCHE = Surcoinche()
BIDS: dict[tuple[int, int], Bid] = {
    (value, denomination): Bid(value, denomination)
    for value in (*BID_VALUES, CAPOT, GENERALE)
    for denomination in range(len(DENOMINATIONS))
}
"""Every bid, by (value, denomination), in the ladder's order."""
PLAYS: tuple[Play, ...] = PIQUET_PLAYS
"""The play move of each card, indexed like `DECK`."""


def bid_of(value: int, denomination: int) -> Bid:
    """The interned bid of ``value`` in ``denomination``."""
    return BIDS[(value, denomination)]
