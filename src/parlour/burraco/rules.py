"""Burraco's rule tables: the deal layout by number of players, the sizes that end a hand, the
bonuses and penalties of the hand score, and what closing requires (rules §4.2, §4.6–§4.9).

The meld rules (sets, sequences, wilds) are in `parlour.burraco.melds`; the card values and
the deck in `parlour.burraco.faces`.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from parlour.burraco.melds import Meld
from parlour.core import DealField

__all__ = [
    "BURRACO_BONUS",
    "CLOSE_REQUIREMENTS",
    "CLOSING_BONUS",
    "HAND_SIZE",
    "LAYOUTS",
    "NO_POZZETTO_PENALTY",
    "POZZETTI",
    "POZZETTO_SIZE",
    "STOCK_LEFT_AT_END",
    "DealLayout",
    "deal_fields",
]

HAND_SIZE = 11
"""Cards dealt to each player."""
POZZETTO_SIZE = 11
"""Cards in each of the two pozzetti."""
POZZETTI = 2
"""The number of pozzetti: one per team (the first team to reach one takes the top one)."""
STOCK_LEFT_AT_END = 2
"""The hand ends after the turn whose draw leaves this many cards in the stock (§4.8)."""
CLOSING_BONUS = 100
"""Points for the team that closes."""
NO_POZZETTO_PENALTY = 100
"""Points lost by a team that never took its pozzetto."""
BURRACO_BONUS: dict[bool, int] = {True: 200, False: 100}
"""The bonus of a burraco by whether it is clean (200) or dirty (100)."""

CLOSE_REQUIREMENTS: dict[str, Callable[[Meld], bool]] = {
    "any_burraco": lambda meld: meld.is_burraco,
    "clean_burraco": lambda meld: meld.is_burraco and meld.is_clean,
}
"""For each ``close_requires`` option: which of its melds lets a team close (it needs one)."""


@attrs.frozen(slots=True, kw_only=True)
class DealLayout:
    """Where a shuffled deck goes (rules §4.2 item 5, Settled points 2–3).

    ``deck[0 : hands]`` go one at a time to the seats, starting after the dealer; the next
    ``2 × POZZETTO_SIZE`` alternate into the first (top) and the second pozzetto; the next card
    starts the discard pile; the rest is the stock, top first.
    """

    players: int
    hands: int
    pozzetti_start: int
    discard_at: int
    stock_start: int
    stock_size: int


def _layout(players: int) -> DealLayout:
    hands = players * HAND_SIZE
    discard_at = hands + POZZETTI * POZZETTO_SIZE
    return DealLayout(
        players=players,
        hands=hands,
        pozzetti_start=hands,
        discard_at=discard_at,
        stock_start=discard_at + 1,
        stock_size=108 - discard_at - 1,
    )


LAYOUTS: dict[int, DealLayout] = {players: _layout(players) for players in (4, 2)}
"""The deal layout for four players (stock 41) and for two (stock 63)."""


def deal_fields(players: int) -> tuple[DealField, ...]:
    """The fields of a deal for ``players``: ``hands``, ``pozzetti`` (top one first), ``discard``
    and ``stock`` (top first)."""
    return _DEAL_FIELDS[players]


_DEAL_FIELDS: dict[int, tuple[DealField, ...]] = {
    players: (
        DealField("hands", (HAND_SIZE,) * players, ordered=False),
        DealField("pozzetti", (POZZETTO_SIZE,) * POZZETTI, ordered=False),
        DealField("discard", (1,), ordered=True),
        DealField("stock", (layout.stock_size,), ordered=True),
    )
    for players, layout in LAYOUTS.items()
}
