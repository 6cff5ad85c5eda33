"""Suits, ranks, cards and decks, and the card notation shared by every game.

A card's canonical text is its rank then its suit (``7S``, ``10H``, ``QD``, ``AC``); a joker is
``JK``. Parsing is case-insensitive and also accepts ``T`` for ten and the symbols ♠♥♦♣.
Cards are interned values: ``Card.of(Rank.JACK, Suit.HEARTS) is parse_card("jh")``.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable
from typing import Any

import attrs

from parlour.base._errors import (
    NotationError,
    describe,
    shown,
)

__all__ = [
    "JOKER",
    "PIQUET_DECK",
    "Card",
    "Rank",
    "Suit",
    "card_text",
    "format_cards",
    "parse_card",
    "parse_suit",
    "sort_cards",
    "suit_text",
]


class Suit(enum.IntEnum):
    """The four suits, numbered in the canonical deck order S H D C."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The suit's letter in the notation: ``S``, ``H``, ``D`` or ``C``."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠, ♥, ♦ or ♣."""
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return _SUIT_LETTERS[self]


_SUIT_LETTERS = ("S", "H", "D", "C")
_SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")


class Rank(enum.IntEnum):
    """Card ranks, valued 2..14 (ace high in the notation; each game has its own order)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def text(self) -> str:
        """The rank's token in the notation: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT = {
    **{Rank(value): str(value) for value in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}


def _checked_code(rank: Rank, suit: Suit | None) -> int:
    """`Card.code` of ``rank`` and ``suit``, once they are checked to make a card."""
    suited = isinstance(suit, Suit)
    if not isinstance(rank, Rank) or not (suited or suit is None):
        raise TypeError(
            f"a Card is a Rank and a Suit (None for the joker), not {rank!r}, {suit!r}"
        )
    if (rank is Rank.JOKER) == suited:
        raise ValueError("the joker has no suit, and every other card has one")
    suit_number = 4 if suit is None else int(suit)
    return suit_number * 16 + int(rank)


@attrs.frozen(slots=True, repr=False, order=False, hash=False)
class Card:
    """One card face: a rank and a suit (a joker has no suit).

    Cards compare by value; ``code`` is a small int unique to the face (``suit * 16 + rank``,
    jokers 64 + 15), which games use to index their tables.
    """

    rank: Rank
    suit: Suit | None
    code: int = attrs.field(
        eq=False, hash=False, init=False,
        default=attrs.Factory(lambda card: _checked_code(card.rank, card.suit), takes_self=True),
    )  # fmt: skip

    @staticmethod
    def of(rank: Rank, suit: Suit | None) -> Card:
        """The interned card of that rank and suit."""
        return _INTERNED[(rank, suit)]

    @property
    def text(self) -> str:
        """The canonical notation, e.g. ``10H`` or ``JK``."""
        return _CARD_TEXT[self.code]

    @property
    def symbol(self) -> str:
        """A display form with the suit symbol, e.g. ``10♥``."""
        if self.suit is None:
            return "🃏"
        return _RANK_TEXT[self.rank] + _SUIT_SYMBOLS[self.suit]

    @property
    def sort_key(self) -> tuple[int, int]:
        """The canonical order: suits S H D C, ranks low to high, jokers last; the order of
        ``code`` (``suit * 16 + rank``), split into its suit and rank numbers."""
        return divmod(self.code, 16)

    def __hash__(self) -> int:
        return self.code

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __str__(self) -> str:
        return _CARD_TEXT[self.code]

    def __repr__(self) -> str:
        return f"Card({_CARD_TEXT[self.code]})"


_INTERNED: dict[tuple[Rank, Suit | None], Card] = {}
_CARD_TEXT: dict[int, str] = {}
for _suit in Suit:
    for _rank in Rank:
        if _rank is Rank.JOKER:
            continue
        _card = Card(_rank, _suit)
        _INTERNED[(_rank, _suit)] = _card
        _CARD_TEXT[_card.code] = _RANK_TEXT[_rank] + _SUIT_LETTERS[_suit]
JOKER = Card(Rank.JOKER, None)
_INTERNED[(Rank.JOKER, None)] = JOKER
_CARD_TEXT[JOKER.code] = "JK"

PIQUET_DECK: tuple[Card, ...] = tuple(
    Card.of(rank, suit) for suit in Suit for rank in Rank if Rank.SEVEN <= rank <= Rank.ACE
)
"""The 32-card deck in canonical order: suits S H D C, each 7 8 9 10 J Q K A."""

_SUIT_TOKENS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}  # fmt: skip
_RANK_TOKENS = {
    **{str(value): Rank(value) for value in range(2, 11)},
    "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
}  # fmt: skip

_PARSED: dict[str, Card] = {}
_PARSED_KEY_CHARS = 8
"""Only tokens this short are cached by `parse_card` (a card token is at most 3 characters)."""


def parse_suit(token: str) -> Suit:
    """Parse a suit token (``S H D C``, any case, or a suit symbol); raise `NotationError`."""
    if not isinstance(token, str):
        raise NotationError(f"a suit must be text, not {type(token).__name__}")
    suit = _SUIT_TOKENS.get(token.strip().upper())
    if suit is None:
        raise NotationError(f"{shown(token)} is not a suit (use S, H, D or C)")
    return suit


def parse_card(token: str) -> Card:
    """Parse one card token such as ``10h``, ``TH``, ``10♥`` or ``JK`` (case-insensitive, ``T``
    for 10, suit letters or symbols); the same token always gives the same interned `Card`.

    >>> import parlour
    >>> parlour.parse_card("10h"), parlour.parse_card("T♥"), parlour.parse_card("jk")
    (Card(10H), Card(10H), Card(JK))
    >>> parlour.parse_card("1H")
    Traceback (most recent call last):
    ...
    parlour.NotationError: '1H' is not a card (expected rank then suit, like 10H)

    Raises: `NotationError` for a token that is not a card, or for anything that is not text.
    """
    if not isinstance(token, str):
        raise NotationError(f"a card must be text, not {type(token).__name__}")
    card = _PARSED.get(token)
    if card is not None:
        return card
    text = token.strip().upper()
    if text == "JK":
        card = JOKER
    else:
        rank = _RANK_TOKENS.get(text[:-1]) if len(text) >= 2 else None
        suit = _SUIT_TOKENS.get(text[-1:]) if text else None
        if rank is None or suit is None:
            raise NotationError(f"{shown(token)} is not a card (expected rank then suit, like 10H)")
        card = _INTERNED[(rank, suit)]
    if len(_PARSED) < 4096 and len(token) <= _PARSED_KEY_CHARS:
        _PARSED[token] = card
    return card


def parse_cards(tokens: list[str]) -> list[Card]:
    """`parse_card` of each token, in order: tokens it has met before are looked up all at once
    (the cards of a deal text); any other token goes through `parse_card` (and its errors).

    >>> import parlour.base
    >>> parlour.base.parse_cards(["JH", "10s"])
    [Card(JH), Card(10S)]
    """
    if type(tokens) is list and _TEXT_ONLY.issuperset(map(type, tokens)):
        cards = list(map(_PARSED.get, tokens))
        if all(cards):  # every token met before (a card is true, a miss is None)
            return cards  # type: ignore[return-value]
    return [parse_card(token) for token in tokens]


_TEXT_ONLY = frozenset((str,))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in canonical order (suits S H D C, ranks low to high, jokers last): by
    ``code``, whose order `Card.sort_key` is."""
    return tuple(sorted(cards, key=_code_of))


_code_of = operator.attrgetter("code")


def card_text(card: object) -> str:
    """The canonical text of ``card`` (``10H``); for anything that is not a `Card` (a move built
    by hand with the wrong contents), a description in angle brackets that no parser reads as a
    card, so that formatting a move never raises."""
    if isinstance(card, Card):
        return _CARD_TEXT[card.code]
    return f"<{describe(card)}>"


def suit_text(suit: object) -> str:
    """The letter of ``suit`` (``H``); for anything that is not a `Suit`, a description in angle
    brackets (see `card_text`)."""
    if isinstance(suit, Suit):
        return _SUIT_LETTERS[suit]
    return f"<{describe(suit)}>"


def format_cards(cards: Iterable[Card], separator: str = ",") -> str:
    """The cards' canonical texts joined by ``separator``, in the given order."""
    return separator.join(_CARD_TEXT[card.code] for card in cards)
