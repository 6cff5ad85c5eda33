"""Pictures of the cards and of any view, as SVG text, in pure Python (after python-chess's
``chess.svg``): `card_svg` and `card_back_svg` draw one card, `view_svg` a whole view of any
game as a standalone document, each card with its ``<title>`` (`card_title`) for screen
readers. The same input always gives the same text, so pictures can be compared and committed.

A view holds only what its seat may see, so a picture never shows a hidden card: the other
hands are backs, and a back carries no identity at all.
"""

from parlour.svg._picture import (
    view_svg,
)
from parlour.svg._shapes import (
    CARD_HEIGHT,
    CARD_WIDTH,
    card_back_svg,
    card_svg,
    card_title,
)

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "card_back_svg",
    "card_svg",
    "card_title",
    "view_svg",
]
