"""Belote's deal move read back into hand masks (`read_deal`), on card indexes rather than by
sorting `Card` records, and the stock's shares after the take (`stock_shares`); the deal itself
is drawn by `parlour.engine.shuffle_and_deal` of the rules' `DEAL_LAYOUT`.
"""

from __future__ import annotations

from parlour.belote.rules import (
    DEAL_LAYOUT,
    PLAYERS,
    STOCK_PACKET_TO_OTHERS,
    STOCK_PACKET_TO_TAKER,
)
from parlour.engine import Deal, seat_packet_positions, shuffled_positions

__all__ = [
    "DealtCards",
    "read_deal",
    "shuffled_positions",
    "stock_shares",
]



DealtCards = tuple[tuple[int, ...], int, tuple[int, ...]]
"""A deal read into card indexes: the hand masks by seat, the turn-up, the stock top first."""


def read_deal(deal: Deal) -> DealtCards | None:
    """The cards of ``deal`` as indexes if it lays out exactly the deck in Belote's fields and
    zone sizes (read by `DEAL_LAYOUT`); ``None`` for anything else (then
    `parlour.engine.deal_violation` says what is wrong)."""
    reading = DEAL_LAYOUT.read(deal)
    if reading is None:
        return None
    hands, ((turnup,), stock) = reading
    return hands, turnup, stock


_STOCK_SHARES: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def stock_shares(dealer: int, taker: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the stock positions (top first) it receives after ``taker`` takes: one round
    from the dealer's next seat, ending with the dealer, `STOCK_PACKET_TO_OTHERS` cards to each
    seat but `STOCK_PACKET_TO_TAKER` to the taker."""
    shares = _STOCK_SHARES.get((dealer, taker))
    if shares is None:
        packets = tuple(
            STOCK_PACKET_TO_TAKER if seat == taker else STOCK_PACKET_TO_OTHERS
            for seat in range(PLAYERS)
        )
        shares = _STOCK_SHARES[(dealer, taker)] = seat_packet_positions((packets,), dealer, PLAYERS)
    return shares
