"""The one small set of shapes every picture is drawn from: a card face (a rounded rectangle,
the rank and suit symbol in two opposite corners, a large suit symbol in the middle), the joker
(a star), a card back (a lattice, no identity at all), and the words and colours as data.

Every coordinate is an integer or written by `number` with one fixed format, and every text is
XML-escaped, so the same card always gives the same bytes. The suit symbols are text (♠♥♦♣), no
image comes from elsewhere.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from parlour.base import Card, Rank, Suit

__all__ = [
    "BACK_TITLE",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FONT",
    "card_back_svg",
    "card_svg",
    "card_title",
    "number",
    "suit_colour",
    "text_svg",
]

CARD_WIDTH = 50
"""A card's width in SVG user units."""
CARD_HEIGHT = 70
"""A card's height in SVG user units."""
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
"""The font families of every text: the first ones carry the suit symbols."""

_CORNER_RADIUS = 4
_FACE_FILL = "#ffffff"
_EDGE = "#333333"
_BACK_FILL = "#1f3a93"
_BACK_LINE = "#8fa8e8"
_BLACK = "#111111"
_RED = "#c8102e"
_JOKER_COLOUR = "#6a1b9a"

SUIT_COLOURS: tuple[str, ...] = (_BLACK, _RED, _RED, _BLACK)
"""The colour of each suit, indexed by `Suit` (spades, hearts, diamonds, clubs)."""

SUIT_NAMES: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
"""The name of each suit, indexed by `Suit`."""

RANK_NAMES: dict[Rank, str] = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}
"""The name of each rank in a card's title (the joker is titled ``joker``)."""

JOKER_TITLE = "joker"
BACK_TITLE = "a hidden card"
"""The title of every card back: the same for every card, so that it tells nothing."""


def number(value: float) -> str:
    """A coordinate in the one fixed format: an integer as itself, anything else with two
    decimals and no trailing zeros (``12``, ``12.5``, ``-3.25``)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def suit_colour(suit: Suit | None) -> str:
    """The colour a suit is drawn in (the joker's for ``None``)."""
    return _JOKER_COLOUR if suit is None else SUIT_COLOURS[suit]


def card_title(card: Card) -> str:
    """A card's name in words, its title in every picture: ``jack of clubs``, ``ten of
    hearts``, ``joker``.

    Raises: `TypeError` for anything that is not a `Card`.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card_title takes a Card, not {type(card).__name__}")
    if card.suit is None:
        return JOKER_TITLE
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def text_svg(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 12,
    colour: str = _BLACK,
    anchor: str = "start",
    weight: str = "normal",
) -> str:
    """One line of text, escaped, at (``x``, ``y``) (its baseline)."""
    anchor_attribute = "" if anchor == "start" else f' text-anchor="{anchor}"'
    weight_attribute = "" if weight == "normal" else f' font-weight="{weight}"'
    return (
        f'<text x="{number(x)}" y="{number(y)}" font-size="{size}" fill="{colour}"'
        f"{anchor_attribute}{weight_attribute}>{escape(text)}</text>"
    )


def _star_points(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi * index / 5 - math.pi / 2
        points.append(f"{number(round(cx + radius * math.cos(angle), 2))},"
                      f"{number(round(cy + radius * math.sin(angle), 2))}")  # fmt: skip
    return " ".join(points)


_OUTLINE = (
    f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
    f'rx="{_CORNER_RADIUS}" fill="{{fill}}" stroke="{_EDGE}"/>'
)
_HALF_TURN = f'<g transform="rotate(180 {number(CARD_WIDTH / 2)} {number(CARD_HEIGHT / 2)})">'
_JOKER_STAR = (
    f'<polygon points="{_star_points(CARD_WIDTH / 2, CARD_HEIGHT / 2, 15, 6)}" '
    f'fill="{_JOKER_COLOUR}"/>'
)


def _lattice() -> str:
    """The back's pattern: diagonal lines both ways inside a margin, the same on every back."""
    margin, step = 5, 8
    left, top = margin, margin
    right, bottom = CARD_WIDTH - margin, CARD_HEIGHT - margin
    parts = []
    for offset in range(-(bottom - top), right - left + 1, step):
        start_x, end_x = left + offset, left + offset + (bottom - top)
        parts.append(_clipped(start_x, top, end_x, bottom, left, right))
        parts.append(_clipped(end_x, top, start_x, bottom, left, right))
    return (
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="2" '
        f'fill="none" stroke="{_BACK_LINE}"/>'
        f'<path d="{" ".join(part for part in parts if part)}" stroke="{_BACK_LINE}" '
        f'stroke-width="0.75" fill="none"/>'
    )


def _clipped(x0: float, y0: float, x1: float, y1: float, left: float, right: float) -> str:
    """The segment from (x0, y0) to (x1, y1) cut to ``left <= x <= right``, as path data."""
    if max(x0, x1) <= left or min(x0, x1) >= right:
        return ""
    slope = (y1 - y0) / (x1 - x0)

    def y_at(x: float) -> float:
        return y0 + slope * (x - x0)

    ax, bx = sorted((x0, x1))
    cut_a, cut_b = max(ax, left), min(bx, right)
    return (
        f"M{number(cut_a)} {number(round(y_at(cut_a), 2))}"
        f"L{number(cut_b)} {number(round(y_at(cut_b), 2))}"
    )


_BACK_SHAPES = _OUTLINE.format(fill=_BACK_FILL) + _lattice()


def _corner(rank: str, symbol: str, colour: str) -> str:
    return text_svg(4, 14, rank, size=12, colour=colour, weight="bold") + text_svg(
        4, 26, symbol, size=12, colour=colour
    )


def _face_shapes(card: Card) -> str:
    colour = suit_colour(card.suit)
    if card.suit is None:
        corner = _corner("JK", "★", colour)
        middle = _JOKER_STAR
    else:
        symbol = card.suit.symbol
        corner = _corner(card.rank.text, symbol, colour)
        middle = text_svg(
            CARD_WIDTH / 2, CARD_HEIGHT / 2 + 9, symbol, size=26, colour=colour, anchor="middle"
        )
    return f"{_OUTLINE.format(fill=_FACE_FILL)}{corner}{middle}{_HALF_TURN}{corner}</g>"


def _at(x: float, y: float) -> str:
    return "" if x == 0 and y == 0 else f' transform="translate({number(x)} {number(y)})"'


def _check_place(x: object, y: object) -> None:
    for name, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{name} must be a number, not {type(value).__name__}")
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, not {value!r}")


def card_svg(card: Card, *, x: float = 0, y: float = 0) -> str:
    """One card face up at (``x``, ``y``): ``<g class="card" data-card="JC">`` holding its
    ``<title>`` (`card_title`) then its shapes, `CARD_WIDTH` by `CARD_HEIGHT` units.

    Raises: `TypeError` for a ``card`` that is not a `Card` or a place that is not a number.
    """
    title = card_title(card)
    _check_place(x, y)
    return (
        f'<g class="card" data-card={quoteattr(card.text)}{_at(x, y)}>'
        f"<title>{escape(title)}</title>{_face_shapes(card)}</g>"
    )


def card_back_svg(*, x: float = 0, y: float = 0) -> str:
    """A hidden card at (``x``, ``y``): the same shapes and the same title (``a hidden card``)
    for every card, so that nothing in it tells which card it is.

    Raises: `TypeError` for a place that is not a number.
    """
    _check_place(x, y)
    return (
        f'<g class="card-back"{_at(x, y)}><title>{BACK_TITLE}</title>{_BACK_SHAPES}</g>'
    )
