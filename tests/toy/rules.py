"""The toy game's rules as data: the deck, the deal's layout, the rank order, the trick winner.

Twelve cards, 9 10 J Q K A of spades and hearts. The dealer deals 3 then 2 cards to each player
(the non-dealer first), turns the next card up (its suit is trumps) and lays the last one face
down (the widow, out of play). The non-dealer leads the first trick; a player must follow the
suit led if able; the highest trump wins, else the highest card of the suit led (ranks A K Q J
10 9); the winner leads the next. One match point per trick: five per deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import (
    Card,
    Rank,
    Suit,
)
from parlour.engine import DealField

__all__ = [
    "CARDS_PER_HAND",
    "DEAL_FIELDS",
    "DECK",
    "INDEX",
    "PACKETS",
    "PLAYERS",
    "TEAMS",
    "TRICKS_PER_DEAL",
    "TRICK_REASON",
    "legal_cards",
    "trick_winner",
]

PLAYERS = 2
TEAMS: tuple[tuple[int, ...], ...] = ((0,), (1,))
RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
DECK: tuple[Card, ...] = tuple(
    Card.of(rank, suit) for suit in (Suit.SPADES, Suit.HEARTS) for rank in RANKS
)
"""The twelve cards in canonical order: spades then hearts, each 9 up to A."""
INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
CARDS_PER_HAND = 5
TRICKS_PER_DEAL = CARDS_PER_HAND
PACKETS = (3, 2)
DEAL_FIELDS = (
    DealField("hands", (CARDS_PER_HAND, CARDS_PER_HAND), ordered=False),
    DealField("turnup", (1,), ordered=True),
    DealField("widow", (1,), ordered=True),
)
TRICK_REASON = "toy.trick"
"""The reason id of the one kind of award: a trick won."""


def trick_winner(leader: int, led: Card, followed: Card, trump: Suit) -> int:
    """The seat that wins a trick ``leader`` led with ``led`` and the other seat answered."""
    if followed.suit == led.suit:
        return leader if led.rank > followed.rank else 1 - leader
    return 1 - leader if followed.suit == trump else leader


def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``: the suit led if the hand holds
    it, else any card (in the hand's canonical order)."""
    if trick:
        following = tuple(card for card in hand if card.suit == trick[0].suit)
        if following:
            return following
    return tuple(hand)
