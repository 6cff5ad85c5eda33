"""Moves that several games share: playing a card, and moves written as one keyword.

A game's own moves module re-exports what it uses (``parlour.belote.Play`` is this `Play`) and
adds its own moves. Card plays of the 32-card piquet deck are interned in `PIQUET_PLAYS`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from typing_extensions import Self

from parlour.cards import PIQUET_DECK, Card, card_text, sort_cards
from parlour.core import Move

__all__ = [
    "PIQUET_PLAYS",
    "PIQUET_PLAY_INDEX_BY_ID",
    "CardsMove",
    "ImmutableMove",
    "KeywordMove",
    "OrderedCardsMove",
    "Play",
]


class ImmutableMove(Move):
    """A move that is never changed once built: `copy.copy` and `copy.deepcopy` return it
    as it is (a search library that deep-copies states and moves on every clone pays nothing)."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


@attrs.frozen(slots=True, repr=False)
class Play(ImmutableMove):
    """Play a card to the current trick: ``play QS``."""

    card: Card

    def __str__(self) -> str:
        return f"play {card_text(self.card)}"

    def __repr__(self) -> str:
        return f"Play({card_text(self.card)})"


class KeywordMove(ImmutableMove):
    """A move written as one keyword and nothing else (``pass``, ``propose``, ``draw``, …).

    A subclass sets ``keyword``; its values carry no data, so all values of one subclass are
    equal, and no two subclasses' values are.
    """

    __slots__ = ()
    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.keyword

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.keyword)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())


@attrs.frozen(slots=True, repr=False)
class OrderedCardsMove(ImmutableMove):
    """A keyword followed by cards whose order means something (a Burraco sequence, written
    low to high with each wild where it stands): the cards are kept as given.

    A subclass, itself an attrs class, sets ``keyword``.
    """

    keyword: ClassVar[str] = ""
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join((self.keyword, *(card_text(card) for card in self.cards)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


@attrs.frozen(slots=True, repr=False)
class CardsMove(OrderedCardsMove):
    """A keyword followed by cards whose order does not matter (``discard 7S 8H``,
    ``meld KH QH``): the cards are kept in canonical order, so any order gives the same move.

    A subclass, itself an attrs class, sets ``keyword``.
    """

    cards: tuple[Card, ...] = attrs.field(converter=sort_cards)


PIQUET_PLAYS: tuple[Play, ...] = tuple(Play(card) for card in PIQUET_DECK)
"""The play move of each card of the piquet deck, indexed like `PIQUET_DECK`."""
PIQUET_PLAY_INDEX_BY_ID: dict[int, int] = {
    id(play): index for index, play in enumerate(PIQUET_PLAYS)
}
"""The card index of each interned play of `PIQUET_PLAYS`, by the play's ``id`` (they live as
long as the module, so their ids stay theirs): one lookup tells a hot path that a move is the
interned play of card ``i``; a play built anew is not in it."""
