"""What the Coinche tests share: deals written from four hands, and the auction scripts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import parlour
from tests.helpers import Cards, deal_text_of, run

__all__ = ["HANDS", "deal", "started"]

HANDS: tuple[str, str, str, str] = (
    "JH 9H AH 10H 7S 8S 9S 10S",
    "KH QH 8H 7H JS QS KS AS",
    "7D 8D 9D 10D JD QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
)
"""A deal whose hands are simple to reason about: seat 0 holds the top hearts and low spades,
seat 1 the rest of the hearts (with the belote pair) and the high spades, seat 2 the diamonds,
seat 3 the clubs."""


def deal(hands: Sequence[Cards] = HANDS) -> str:
    """The deal move of four 8-card hands (seats 0..3)."""
    return deal_text_of([("hands", list(hands))])


def started(
    auction: str = "",
    *,
    hands: Sequence[Cards] = HANDS,
    dealer: int = 3,
    options: Mapping[str, Any] | None = None,
) -> Any:
    """A match with ``hands`` dealt by ``dealer`` (3: seat 0 speaks and leads first) and the
    ``auction`` moves (``;``-separated) applied."""
    state = parlour.new_game("coinche", options=dict(options or {}), dealer=dealer)
    return run(state, [deal(hands), *[move for move in auction.split(";") if move.strip()]])
