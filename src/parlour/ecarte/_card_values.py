"""How strong a card is in an Écarté deal, on `Card` objects (rules §2.1), read from the rules'
one table (`parlour.ecarte.rules`): for bots and front-ends. Écarté has no card points: only
tricks count."""

from __future__ import annotations

from parlour.base import Card, Suit
from parlour.ecarte.rules import CARD_TABLE
from parlour.tricks import card_strength_in, trump_index

__all__ = ["card_strength"]


def card_strength(card: Card, trump: Suit) -> int:
    """How strong ``card`` is with ``trump`` as trump suit: of two cards of one suit, the
    stronger beats the other (every suit, trumps included, ranks by `RANK_ORDER`,
    K Q J A 10 9 8 7); every trump is stronger than every plain card. Two plain cards of
    different suits compare meaninglessly: only the suit led can win.

    Raises: `TypeError` for a ``card`` that is not a `Card` or a ``trump`` that is not a
    `Suit`; `NotationError` for a card that is not in the 32-card deck.

    >>> from parlour import Suit, parse_card
    >>> from parlour.ecarte import card_strength
    >>> card_strength(parse_card("JS"), Suit.HEARTS) > card_strength(parse_card("AS"), Suit.HEARTS)
    True
    """
    return card_strength_in(CARD_TABLE, card, trump_index(trump), "Écarté")
