"""What a card is worth and how strong it is in a Coinche contract, on `Card` objects (rules
C.1, C.4), read from the rules' one table (`parlour.coinche.rules`): for bots and front-ends.

A contract's denomination is given as a `Suit` (a colour contract) or as its text in the
notation, one of ``S H D C SA TA`` (`parlour.coinche.rules.DENOMINATIONS`).
"""

from __future__ import annotations

from parlour.base import Card, NotationError, Suit, describe
from parlour.coinche.rules import CARD_TABLE, DENOMINATIONS, trick_trump
from parlour.coinche.rules import card_points as _index_points

__all__ = ["card_points", "card_strength", "denomination_index"]


def denomination_index(denomination: Suit | str) -> int:
    """The index of a denomination (0..3 the suits, 4 SA, 5 TA) given as a `Suit` or its text;
    `NotationError` for a text that is none, `TypeError` for anything else."""
    if isinstance(denomination, Suit):
        return int(denomination)
    if not isinstance(denomination, str):
        raise TypeError(
            f"a denomination must be a Suit or one of {' '.join(DENOMINATIONS)}, "
            f"not {type(denomination).__name__}"
        )
    if denomination not in DENOMINATIONS:
        raise NotationError(
            f"{describe(denomination)} is not a denomination: use one of {' '.join(DENOMINATIONS)}"
        )
    return DENOMINATIONS.index(denomination)


def card_points(card: Card, denomination: Suit | str) -> int:
    """The card points ``card`` is worth in a contract of ``denomination`` (rules C.1: Belote's
    table in a colour contract, the Sans-Atout and Tout-Atout tables otherwise).

    Raises: `TypeError` for a ``card`` that is not a `Card` or a denomination that is neither a
    `Suit` nor text; `NotationError` for a card not in the 32-card deck or an unknown
    denomination text.

    >>> from parlour import Suit, parse_card
    >>> from parlour.coinche import card_points
    >>> ace = parse_card("AS")
    >>> card_points(ace, Suit.HEARTS), card_points(ace, "SA"), card_points(ace, "TA")
    (11, 19, 6)
    """
    index = CARD_TABLE.index(card, "Coinche")
    return _index_points(index, denomination_index(denomination))


def card_strength(card: Card, denomination: Suit | str) -> int:
    """How strong ``card`` is in a contract of ``denomination``: of two cards of one suit, the
    stronger beats the other (the trump suit ranks by `TRUMP_ORDER`, J 9 A 10 K Q 8 7, the
    others by `PLAIN_ORDER`, A 10 K Q J 9 8 7; in Sans-Atout every suit ranks by the plain
    order, in Tout-Atout by the trump order); in a colour contract every trump is stronger than
    every plain card. Only cards of one suit compare meaningfully otherwise.

    Raises: as `card_points`.

    >>> from parlour import parse_card
    >>> from parlour.coinche import card_strength
    >>> jack, ace = parse_card("JD"), parse_card("AD")
    >>> card_strength(jack, "TA") > card_strength(ace, "TA")
    True
    >>> card_strength(jack, "SA") > card_strength(ace, "SA")
    False
    """
    index = CARD_TABLE.index(card, "Coinche")
    return CARD_TABLE.power[trick_trump(denomination_index(denomination), index)][index]
