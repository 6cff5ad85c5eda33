"""Card shapes for the page: one standalone SVG document per card, drawn by `parlour.svg`
and served by the card route.

The route serves a shape for any card code asked for: a shape is no secret, what a seat may see
is decided by the frames alone (which carry card codes, never pictures).
"""

from __future__ import annotations

from parlour.base import Card
from parlour.svg import CARD_HEIGHT, CARD_WIDTH, card_back_svg, card_svg

__all__ = ["card_document"]


def card_document(card: Card | None) -> str:
    """A standalone SVG document of ``card``'s face (its back for ``None``).

    >>> from parlour import parse_card
    >>> card_document(parse_card("JC"))[:60]
    '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="7'
    """
    shape = card_back_svg() if card is None else card_svg(card)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">{shape}</svg>'
    )
