"""A rule-of-thumb toy player, reading only what its seat may see (its hand, trumps, the
trick): second in hand it wins as cheaply as it can, else throws its lowest card; leading, it
draws trumps from three up, else leads its lowest side card."""

from __future__ import annotations

import random

from parlour.base import Card
from parlour.engine import Move, Play
from tests.toy.play import legal_plays
from tests.toy.rules import trick_winner
from tests.toy.state import ToyState

__all__ = ["bot_move"]


def _low(cards: list[Card]) -> Card:
    return min(cards, key=lambda card: card.rank)


def bot_move(state: ToyState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the rules of thumb decide)."""
    del rng
    legal = [move.card for move in legal_plays(state)]
    trump = state.trump
    assert legal and trump is not None
    seat = state.to_act
    if state.trick:
        led = state.trick[0]
        winning = [card for card in legal if trick_winner(1 - seat, led, card, trump) == seat]
        return Play(_low(winning or legal))
    trumps = [card for card in legal if card.suit == trump]
    side = [card for card in legal if card.suit != trump]
    if len(trumps) >= 3 or not side:
        return Play(max(trumps, key=lambda card: card.rank))
    return Play(_low(side))
