"""What a card is worth and how strong it is in a Bezique deal, on `Card` objects (rules: the
rank order and the brisques), read from the rules' one tables (`parlour.bezique.rules`): for
bots and front-ends."""

from __future__ import annotations

from parlour.base import Card, Suit
from parlour.bezique._options import Options
from parlour.bezique.rules import CARD_TABLES, brisques_in
from parlour.tricks import card_strength_in, trump_index

__all__ = ["card_points", "card_strength"]

_DEFAULTS = Options()


def card_points(card: Card) -> int:
    """The brisque points ``card`` is worth when taken in a trick: 10 for an ace or a ten, 0
    for any other card, trump or not (melds and sevens score apart).

    Raises: `TypeError` for a ``card`` that is not a `Card`; `NotationError` for a card that
    is not in the piquet deck Bezique doubles.

    >>> from parlour import parse_card
    >>> from parlour.bezique import card_points
    >>> card_points(parse_card("10H")), card_points(parse_card("KH"))
    (10, 0)
    """
    return brisques_in(1 << CARD_TABLES[_DEFAULTS.rank_order].index(card, "Bezique"))


def card_strength(card: Card, trump: Suit, options: Options | None = None) -> int:
    """How strong ``card`` is with ``trump`` as trump suit under ``options`` (its
    ``rank_order``; the defaults when ``None``; a view's ``options`` will do): of two cards of
    one suit, the stronger beats the other (by `RANK_ORDERS`, A 10 K Q J 9 8 7 by default);
    every trump is stronger than every plain card. Two plain cards of different suits compare
    meaninglessly: only the suit led can win. The two copies of a card are equally strong (the
    one played first wins).

    Raises: `TypeError` for a ``card`` that is not a `Card`, a ``trump`` that is not a `Suit`
    or ``options`` that are not Bezique's; `NotationError` for a card not in the deck.

    >>> from parlour import Suit, parse_card
    >>> from parlour.bezique import Options, card_strength
    >>> ten, king = parse_card("10C"), parse_card("KC")
    >>> card_strength(ten, Suit.CLUBS) > card_strength(king, Suit.CLUBS)
    True
    >>> seed_order = Options(rank_order="seed_A-K-Q-J-10")
    >>> card_strength(ten, Suit.CLUBS, seed_order) > card_strength(king, Suit.CLUBS, seed_order)
    False
    """
    if options is None:
        options = _DEFAULTS
    elif not isinstance(options, Options):
        raise TypeError(f"options must be Bezique's Options, not {type(options).__name__}")
    return card_strength_in(CARD_TABLES[options.rank_order], card, trump_index(trump), "Bezique")
