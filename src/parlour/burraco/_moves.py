"""Burraco's moves: ``draw``, ``pickup``, ``meld <cards>``, ``add <n> <cards> [= <cards>]`` and
``discard <card>`` (the deal is the shared `parlour.engine.Deal`).

A sequence is written low to high with each wild at the place it stands for, so a `Meld` keeps
its cards in the order written; a set is kept in canonical order (its order means nothing). An
`Add` names the team's meld by its number (from 1, in the order the team laid its melds down),
the cards it adds in the order of the places they take, and — only where the same cards could
leave the meld in more than one arrangement — the whole arrangement after ``=``.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.base import (
    Card,
    card_text,
    describe,
    sort_cards,
)
from parlour.burraco._faces import FACE_OF
from parlour.burraco._meld_reading import read_meld
from parlour.burraco._meld_tables import Addition, MeldKind, MeldRules
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.engine import (
    KeywordMove,
    Move,
    OrderedCardsMove,
)

__all__ = [
    "ADD",
    "DEAL",
    "DISCARD",
    "DRAW",
    "DRAW_CARD",
    "MELD",
    "PICKUP",
    "PICKUP_PILE",
    "Add",
    "Discard",
    "Draw",
    "Judgement",
    "Meld",
    "PickUp",
    "meld_of",
]


class Draw(KeywordMove):
    """Draw the top card of the stock: ``draw``."""

    __slots__ = ()
    keyword: ClassVar[str] = "draw"


class PickUp(KeywordMove):
    """Take the whole discard pile into the hand: ``pickup``."""

    __slots__ = ()
    keyword: ClassVar[str] = "pickup"


DRAW = Draw()
PICKUP = PickUp()


_READING = MeldRules()
"""Whether cards read as a set does not depend on the options (they only bear on sequences)."""


def _canonical_meld_cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards that read as a set in canonical order (a set's order means nothing); anything else
    as written (a sequence's order says where each card stands)."""
    cards = tuple(cards)
    if not all(isinstance(card, Card) and card in FACE_OF for card in cards):
        return cards  # not Burraco cards: check refuses the move, saying so
    if sort_cards(cards) == cards:
        return cards  # already in canonical order: the same whatever the cards read as
    read = read_meld(cards, _READING)
    if isinstance(read, TableMeld) and read.kind is MeldKind.SET:
        return sort_cards(cards)
    return cards


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Meld(OrderedCardsMove):
    """Lay down a new meld: ``meld 3H JK 5H`` (a sequence, low to high, the joker as 4H) or
    ``meld KS KD JK`` (a set, whose cards are kept in canonical order however given)."""

    keyword: ClassVar[str] = "meld"
    cards: tuple[Card, ...] = attrs.field(converter=_canonical_meld_cards)


def meld_of(cards: tuple[Card, ...]) -> Meld:
    """The `Meld` move of ``cards`` (a set in canonical order, a sequence as written)."""
    return Meld(cards)


def _card_texts(cards: object) -> list[str]:
    """The texts of the cards of ``cards``, whatever a hand-built move holds there."""
    if isinstance(cards, (tuple, list)):
        return [card_text(card) for card in cards]
    return [f"<{describe(cards)}>"]


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Add(Move):
    """Add cards from the hand to the team's meld number ``number``: ``add 2 8H 9H``, or with
    the arrangement when it is not implied: ``add 2 6H = JK 5H 6H 7H``."""

    number: int
    cards: tuple[Card, ...]
    arrangement: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        number = self.number
        plain = type(number) is int and abs(number) < 10**6
        shown = str(number) if plain else f"<{describe(number)}>"  # a hand-built odd number
        text = " ".join(("add", shown, *_card_texts(self.cards)))
        if self.arrangement is not None:
            text += " = " + " ".join(_card_texts(self.arrangement))
        return text

    def __repr__(self) -> str:
        return f"Add({str(self)!r})"


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Discard(Move):
    """Discard one card, ending the turn: ``discard 7S``."""

    card: Card

    def __str__(self) -> str:
        return f"discard {card_text(self.card)}"

    def __repr__(self) -> str:
        return f"Discard({card_text(self.card)})"


DEAL, DRAW_CARD, PICKUP_PILE, MELD, ADD, DISCARD = range(6)
"""The kinds of judgement, one per kind of move."""


@attrs.frozen(slots=True, kw_only=True)
class Judgement:
    """What a legal move makes, as judged once.

    * ``kind``: `DEAL`, `DRAW_CARD`, `PICKUP_PILE`, `MELD`, `ADD` or `DISCARD`; ``move`` the
      move judged.
    * ``face``: the face drawn (a draw) or discarded (a discard), else -1.
    * ``number``: the team's meld laid down (its number, from 1) or added to; ``meld`` that meld
      as it lies afterwards; ``addition`` the add (its cards in place order, the result and
      whether its text needs ``=``); ``laid`` and ``laid_size`` the packed cards the meld or
      add takes from the hand and how many; ``completes_burraco`` whether the meld becomes a
      burraco by this move.
    * ``pozzetto``: the pozzetto taken by this move (0 the top one, 1 the other), else -1: by a
      meld or add that empties the hand (taken directly), or a discard that does (on the
      discard); ``closes``: the discard goes out, closing the hand.
    """

    kind: int
    move: Move
    face: int = -1
    number: int = 0
    meld: TableMeld | None = None
    addition: Addition | None = None
    laid: int = 0
    laid_size: int = 0
    completes_burraco: bool = False
    pozzetto: int = -1
    closes: bool = False
