"""Reading a picture back: its cards (``data-card``), its titles and its texts, parsed with
`xml.etree`; and the cards a view shows, zone by zone, as the pictures must draw them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

from parlour.base import Card

__all__ = ["Picture", "others_known", "shown_cards", "view_cards"]

SVG = "{http://www.w3.org/2000/svg}"


class Picture:
    """An SVG document parsed: every element, the ``data-card`` of each card group, the text of
    each ``<title>`` and of each ``<text>``."""

    def __init__(self, text: str) -> None:
        self.root = ET.fromstring(text)
        self.elements = list(self.root.iter())
        self.cards = Counter(
            element.attrib["data-card"]
            for element in self.elements
            if "data-card" in element.attrib
        )
        self.titles = [
            element.text or "" for element in self.elements if element.tag == f"{SVG}title"
        ]
        self.texts = [
            element.text or "" for element in self.elements if element.tag == f"{SVG}text"
        ]
        self.backs = sum(1 for element in self.elements if element.get("class") == "card-back")

    def zones(self) -> list[str]:
        return [
            element.attrib["data-zone"]
            for element in self.elements
            if "data-zone" in element.attrib
        ]

    def mentions(self, card: Card) -> bool:
        """Whether any text of the picture names ``card``: its notation or its symbol form as a
        word of a text, its name as a title."""
        words = (card.text, card.symbol)
        pattern = re.compile("|".join(rf"(?<![\w]){re.escape(word)}(?![\w])" for word in words))
        return any(pattern.search(text) for text in self.texts + self.titles)


def _cards_in(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, list)):
        return [card for item in value for card in _cards_in(item)]
    if hasattr(value, "__attrs_attrs__"):
        return [
            card
            for field in value.__attrs_attrs__
            if field.name not in ("moves", "sampled")
            for card in _cards_in(getattr(value, field.name))
        ]
    return []


def view_cards(view: Any) -> Counter[str]:
    """Every card anywhere in ``view`` (its legal moves aside), with its count."""
    return Counter(card.text for card in _cards_in(view))


def shown_cards(view: Any) -> Counter[str]:
    """The cards a picture of ``view`` draws face up, by the zones of docs/svg.md: the seat's
    hand, the trick and the last trick, the turn-up while it lies on the table (while the stock,
    in a game with one, is not empty), each seat's melded cards, the cards of the other hands the
    viewer knows, the melds, the discard pile and the seat's own discards."""
    cards: list[Card] = list(view.hand)
    cards += [card for _, card in view.trick] if hasattr(view, "trick") else []
    cards += [card for _, card in view.last_trick] if hasattr(view, "last_trick") else []
    turnup = getattr(view, "turnup", None)
    if turnup is not None and getattr(view, "stock_size", 1) != 0:
        cards.append(turnup)
    for table in getattr(view, "tables", ()):
        cards += [each.card for each in table]
    for melds in getattr(view, "melds", ()):
        for meld in melds:
            cards += meld.cards
    cards += getattr(view, "discard", ())
    cards += getattr(view, "discards", ())
    return Counter(card.text for card in cards) + others_known(view)


def others_known(view: Any) -> Counter[str]:
    """The cards of the other hands that the viewer knows of (Bezique's ``known``, Burraco's
    ``known_cards``), drawn face up among those hands' backs."""
    cards: list[Card] = []
    for name in ("known", "known_cards"):
        for seat, known in enumerate(getattr(view, name, ())):
            if seat != view.seat:
                cards += known
    return Counter(card.text for card in cards)
