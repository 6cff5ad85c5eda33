"""Écarté's moves: `Propose`, `Accept`, `Refuse`, `Discard`, `MarkKing`, `Play` (and the shared
`Deal`). The keyword moves and every play are interned; discards are cached per card set."""

from __future__ import annotations

import functools
from collections.abc import Hashable

import attrs

from parlour.base import Card, record_builder
from parlour.ecarte.rules import cards_in
from parlour.engine import (
    PIQUET_PLAYS,
    CardsMove,
    KeywordMove,
    Play,
)

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
    "discard_in_order",
    "discard_of_mask",
]


class Propose(KeywordMove):
    """The non-dealer asks for an exchange of cards."""

    __slots__ = ()
    keyword = "propose"


class Accept(KeywordMove):
    """The dealer accepts the proposal: both players will discard and draw."""

    __slots__ = ()
    keyword = "accept"


class Refuse(KeywordMove):
    """The dealer refuses the proposal: play begins."""

    __slots__ = ()
    keyword = "refuse"


class MarkKing(KeywordMove):
    """Mark (announce) the king of trumps for 1 point."""

    __slots__ = ()
    keyword = "king"


@attrs.frozen(slots=True, repr=False)
class Discard(CardsMove):
    """Discard ``cards`` face down and draw as many from the talon; no card at all is the
    dealer keeping his hand. The cards are kept in canonical order, so the order they are given
    in does not matter."""

    keyword = "discard"

    def seen_by_others(self) -> Hashable:
        """The other player sees how many cards were discarded, not which (rules §2.3)."""
        return ("discard", len(self.cards))


PROPOSE = Propose()
ACCEPT = Accept()
REFUSE = Refuse()
KING = MarkKing()
PLAYS: tuple[Play, ...] = PIQUET_PLAYS
"""The play move of each card, indexed like `DECK`."""


@functools.lru_cache(maxsize=65536)
def discard_of_mask(mask: int) -> Discard:
    """The discard of the cards of ``mask`` (a 32-bit mask over `DECK`), one value per set."""
    return discard_in_order(cards_in(mask))


def discard_in_order(cards: tuple[Card, ...]) -> Discard:
    """The discard of ``cards``, given in canonical order (kept as they are: attrs' ``__init__``
    would sort them again)."""
    return _build_discard(cards=cards)


_build_discard = record_builder(Discard)
