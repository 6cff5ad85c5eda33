"""What a card is worth and how strong it is in a Belote deal, on `Card` objects (rules §3.1),
read from the one table of the rules (`parlour.belote.rules`): for bots and front-ends."""

from __future__ import annotations

from parlour.base import Card, Suit
from parlour.belote.rules import CARD_TABLE
from parlour.belote.rules import card_points as _index_points
from parlour.tricks import card_strength_in, trump_index

__all__ = ["card_points", "card_strength"]


def card_points(card: Card, trump: Suit) -> int:
    """The card points ``card`` is worth with ``trump`` as trump suit (rules §3.1: the jack of
    trumps 20, the nine of trumps 14, …, 62 points in the trump suit and 30 in each other).

    Raises: `TypeError` for a ``card`` that is not a `Card` or a ``trump`` that is not a
    `Suit`; `NotationError` for a card that is not in the 32-card deck (a six, a joker).

    >>> from parlour import Suit, parse_card
    >>> from parlour.belote import card_points
    >>> card_points(parse_card("JH"), Suit.HEARTS), card_points(parse_card("JH"), Suit.SPADES)
    (20, 2)
    """
    return _index_points(CARD_TABLE.index(card, "Belote"), trump_index(trump))


def card_strength(card: Card, trump: Suit) -> int:
    """How strong ``card`` is with ``trump`` as trump suit: of two cards of one suit, the
    stronger beats the other (the trump order `TRUMP_ORDER`, J 9 A 10 K Q 8 7, and the plain
    order `PLAIN_ORDER`, A 10 K Q J 9 8 7); every trump is stronger than every plain card. Two
    plain cards of different suits compare meaninglessly: only the suit led can win.

    Raises: as `card_points`.

    >>> from parlour import Suit, parse_card
    >>> from parlour.belote import card_strength
    >>> nine, ace = parse_card("9H"), parse_card("AH")
    >>> card_strength(nine, Suit.HEARTS) > card_strength(ace, Suit.HEARTS)
    True
    >>> card_strength(nine, Suit.SPADES) > card_strength(ace, Suit.SPADES)
    False
    """
    return card_strength_in(CARD_TABLE, card, trump_index(trump), "Belote")
