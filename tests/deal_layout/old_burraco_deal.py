"""Test oracle: Burraco's ``random_deal`` as it was before its deal became a shared layout
record, copied from ``git show d212cf5:src/parlour/burraco/game.py`` with the numbers of that
revision's ``burraco/rules.py`` (``LAYOUTS`` and ``deal_fields``) written in; it takes the
number of players and the dealer instead of a state."""

from __future__ import annotations

import random

from parlour.burraco._faces import DECK
from parlour.engine import (
    Deal,
    DealField,
    deal_in_packets,
    make_deal,
)

__all__ = ["old_burraco_deal_fields", "old_burraco_random_deal"]

_HAND_SIZE = 11
_POZZETTO_SIZE = 11
_POZZETTI = 2


def old_burraco_deal_fields(players: int) -> tuple[DealField, ...]:
    """The fields of a Burraco deal for ``players`` as that revision declared them."""
    stock = 108 - players * _HAND_SIZE - _POZZETTI * _POZZETTO_SIZE - 1
    return (
        DealField("hands", (_HAND_SIZE,) * players, ordered=False),
        DealField("pozzetti", (_POZZETTO_SIZE,) * _POZZETTI, ordered=False),
        DealField("discard", (1,), ordered=True),
        DealField("stock", (stock,), ordered=True),
    )


def old_burraco_random_deal(players: int, dealer: int, rng: random.Random) -> Deal:
    """Burraco's ``random_deal`` before the shared layout record."""
    hands_end = players * _HAND_SIZE
    discard_at = hands_end + _POZZETTI * _POZZETTO_SIZE
    deck = list(DECK)
    rng.shuffle(deck)
    hands = deal_in_packets(deck[:hands_end], (1,) * (hands_end // players), dealer, players)
    pozzetti = deck[hands_end:discard_at]
    return make_deal(
        old_burraco_deal_fields(players),
        (hands, [pozzetti[0::2], pozzetti[1::2]], [[deck[discard_at]]], [deck[discard_at + 1 :]]),
    )
