"""Écarté's moves: `Propose`, `Accept`, `Refuse`, `Discard`, `MarkKing`, `Play` (and the shared
`Deal`). The keyword moves and every play are interned; discards are cached per card set."""

from __future__ import annotations

import functools

import attrs

from parlour.cards import Card, sort_cards
from parlour.core import Move
from parlour.ecarte.rules import DECK

__all__ = [
    "ACCEPT",
    "KING",
    "PLAYS",
    "PROPOSE",
    "REFUSE",
    "Accept",
    "Discard",
    "MarkKing",
    "Play",
    "Propose",
    "Refuse",
    "discard_of_mask",
]


@attrs.frozen(slots=True, repr=False)
class Propose(Move):
    """The non-dealer asks for an exchange of cards."""

    def __str__(self) -> str:
        return "propose"

    def __repr__(self) -> str:
        return "Propose()"


@attrs.frozen(slots=True, repr=False)
class Accept(Move):
    """The dealer accepts the proposal: both players will discard and draw."""

    def __str__(self) -> str:
        return "accept"

    def __repr__(self) -> str:
        return "Accept()"


@attrs.frozen(slots=True, repr=False)
class Refuse(Move):
    """The dealer refuses the proposal: play begins."""

    def __str__(self) -> str:
        return "refuse"

    def __repr__(self) -> str:
        return "Refuse()"


@attrs.frozen(slots=True, repr=False)
class MarkKing(Move):
    """Mark (announce) the king of trumps for 1 point."""

    def __str__(self) -> str:
        return "king"

    def __repr__(self) -> str:
        return "MarkKing()"


@attrs.frozen(slots=True, repr=False)
class Discard(Move):
    """Discard ``cards`` face down and draw as many from the talon; no card at all is the
    dealer keeping his hand. The cards are kept in canonical order, so the order they are given
    in does not matter."""

    cards: tuple[Card, ...] = attrs.field(converter=sort_cards)

    def __str__(self) -> str:
        return " ".join(("discard", *(card.text for card in self.cards)))

    def __repr__(self) -> str:
        return f"Discard({str(self)!r})"


@attrs.frozen(slots=True, repr=False)
class Play(Move):
    """Play a card to the current trick (the non-dealer's first lead also means 'I play')."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.text}"

    def __repr__(self) -> str:
        return f"Play({self.card.text})"


PROPOSE = Propose()
ACCEPT = Accept()
REFUSE = Refuse()
KING = MarkKing()
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in DECK)
"""The play move of each card, indexed like `DECK`."""


@functools.lru_cache(maxsize=65536)
def discard_of_mask(mask: int) -> Discard:
    """The discard of the cards of ``mask`` (a 32-bit mask over `DECK`), one value per set."""
    return Discard(tuple(DECK[index] for index in range(32) if mask >> index & 1))
