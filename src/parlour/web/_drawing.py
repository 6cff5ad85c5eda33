"""Card shapes for the page: one standalone SVG document per card, served by the card route.

A stand-in until `parlour.svg` is merged: the same calls (`card_svg`, `card_back_svg`,
`card_title`) and the same marks (``<g class="card" data-card="JC">`` with a ``<title>``).
The route serves a shape for any card code asked for; a shape is no secret, what a seat may see
is decided by the frames alone.
"""

from __future__ import annotations

from html import escape

from parlour.base import JOKER, Card, Suit

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "card_back_svg", "card_document", "card_svg", "card_title"]

CARD_WIDTH = 60
CARD_HEIGHT = 84

_RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}  # fmt: skip
_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}  # fmt: skip
_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def card_title(card: Card) -> str:
    """The card in words: ``jack of clubs``, ``joker``."""
    if card == JOKER:
        return "joker"
    rank = card.text[:-1]
    return f"{_RANK_NAMES.get(rank, rank)} of {_SUIT_NAMES[card.suit]}"


def card_svg(card: Card, *, x: int = 0, y: int = 0) -> str:
    """The face of ``card`` as an SVG group at (``x``, ``y``)."""
    red = card != JOKER and card.suit in _RED
    colour = "#b00" if red else "#111"
    label = "JK" if card == JOKER else card.symbol
    return (
        f'<g class="card" data-card="{escape(card.text)}" transform="translate({x},{y})">'
        f"<title>{escape(card_title(card))}</title>"
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="#fff" stroke="#333"/>'
        f'<text x="6" y="22" font-size="18" font-family="sans-serif" fill="{colour}">'
        f"{escape(label)}</text>"
        f'<text x="{CARD_WIDTH // 2}" y="60" font-size="28" text-anchor="middle" '
        f'font-family="sans-serif" fill="{colour}">{escape(_centre(card))}</text></g>'
    )


def card_back_svg(*, x: int = 0, y: int = 0) -> str:
    """The back of a card as an SVG group at (``x``, ``y``)."""
    return (
        f'<g class="card-back" transform="translate({x},{y})"><title>a card face down</title>'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="#245" stroke="#333"/>'
        f'<rect x="6" y="6" width="{CARD_WIDTH - 12}" height="{CARD_HEIGHT - 12}" rx="4" '
        f'fill="none" stroke="#9bd"/></g>'
    )


def card_document(card: Card | None) -> str:
    """A standalone SVG document of ``card``'s face (its back for ``None``)."""
    shape = card_back_svg() if card is None else card_svg(card)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">{shape}</svg>'
    )


def _centre(card: Card) -> str:
    return "★" if card == JOKER else card.symbol[-1]
