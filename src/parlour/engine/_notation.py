"""Move and deal text: the tokenizer and the deal grammar shared by every game.

Keywords are case-insensitive and runs of spaces count as one. A deal reads
``deal <name>:<groups> ...`` with its fields in the game's order; groups are separated by ``/``
and the cards inside a group by ``,``. Only the grammar is checked here; whether the cards and
the zone sizes are right is a rules question (`deal_violation`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.base import (
    Card,
    NotationError,
    parse_cards,
    shown,
    sort_cards,
)
from parlour.engine._moves import (
    Deal,
    DealField,
    Violation,
)

__all__ = [
    "MAX_MOVE_CHARS",
    "MAX_MOVE_TOKENS",
    "deal_in_packets",
    "deal_violation",
    "make_deal",
    "parse_deal",
    "split_move",
]

MAX_MOVE_CHARS = 4096
"""The longest move text any game reads (a full deal of the largest deck is under 600
characters); a longer text is a `NotationError` before any token is parsed."""

MAX_MOVE_TOKENS = 256
"""The most space-separated tokens in one move text; more is a `NotationError`."""


def split_move(text: str) -> tuple[str, list[str]]:
    """Split move text into its lower-cased keyword and its argument tokens.

    Texts longer than `MAX_MOVE_CHARS` or of more than `MAX_MOVE_TOKENS` tokens are refused.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, not {type(text).__name__}")
    if len(text) > MAX_MOVE_CHARS:
        raise NotationError(
            f"a move text may not be longer than {MAX_MOVE_CHARS} characters, not {len(text)}: "
            f"{shown(text)}"
        )
    tokens = text.split(maxsplit=MAX_MOVE_TOKENS)
    if len(tokens) > MAX_MOVE_TOKENS:
        raise NotationError(
            f"a move text may not hold more than {MAX_MOVE_TOKENS} tokens: {shown(text)}"
        )
    if not tokens:
        raise NotationError("empty move text")
    return tokens[0].lower(), tokens[1:]


def make_deal(fields: Sequence[DealField], values: Sequence[Sequence[Sequence[Card]]]) -> Deal:
    """A `Deal` with one value per field; hands (unordered fields) are sorted canonically."""
    built = []
    for field, groups in zip(fields, values, strict=True):
        if field.ordered:
            built.append((field.name, tuple(tuple(group) for group in groups)))
        else:
            built.append((field.name, tuple(sort_cards(group) for group in groups)))
    return Deal(tuple(built))


def deal_in_packets(
    cards: Sequence[Card], packets: Sequence[int], dealer: int, players: int
) -> list[list[Card]]:
    """Deal ``cards`` from the top into hands, packet by packet, each round of packets going to
    the seats in turn from the dealer's next seat to the dealer; the hands by seat."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(dealer + offset) % players for offset in range(1, players + 1)]
    position = 0
    for packet in packets:
        for seat in order:
            hands[seat].extend(cards[position : position + packet])
            position += packet
    return hands


def parse_deal(text_arguments: Sequence[str], fields: Sequence[DealField]) -> Deal:
    """Parse the arguments of a ``deal`` move against the game's fields, in their order.

    A missing, repeated, unknown or misplaced field, or a bad card token, is a `NotationError`.
    """
    names = [field.name for field in fields]
    if len(text_arguments) != len(fields):
        raise NotationError(
            f"a deal needs the fields {' '.join(name + ':' for name in names)} in that order, "
            f"got {len(text_arguments)} field(s)"
        )
    values: list[list[list[Card]]] = []
    for token, field in zip(text_arguments, fields, strict=True):
        name, colon, body = token.partition(":")
        if not colon or name.lower() != field.name:
            raise NotationError(
                f"expected the field {field.name}: here, got {shown(token)} "
                f"(the fields are {', '.join(names)}, in that order)"
            )
        groups: list[list[Card]] = []
        for group_text in body.split("/"):
            group = parse_cards(group_text.split(",")) if group_text else []
            groups.append(group)
        values.append(groups)
    return make_deal(fields, values)


def deal_violation(
    deal: Deal, fields: Sequence[DealField], deck: Sequence[Card]
) -> Violation | None:
    """``deal.bad_layout`` if a zone has the wrong size, ``deal.not_the_deck`` if the cards are
    not exactly the game's deck, else ``None``.

    A `Deal` built by hand with the wrong contents (fields that are not pairs of a name and
    groups of cards, or anything but a `Card` in a group) is a ``deal.bad_layout``.
    """
    shape = _deal_shape_violation(deal)
    if shape is not None:
        return shape
    if len(deal.fields) != len(fields):
        return Violation("deal.bad_layout", f"a deal has {len(fields)} fields")
    for (name, groups), field in zip(deal.fields, fields, strict=True):
        if name != field.name:
            return Violation("deal.bad_layout", f"expected the field {field.name!r}, got {name!r}")
        sizes = tuple(len(group) for group in groups)
        if sizes != field.sizes:
            wanted = "/".join(str(size) for size in field.sizes)
            got = "/".join(str(size) for size in sizes)
            return Violation(
                "deal.bad_layout",
                f"the {field.name} must hold {wanted} card(s), not {got}",
            )
    dealt_codes = sorted(
        card.code for _, groups in deal.fields for group in groups for card in group
    )
    if dealt_codes == sorted(card.code for card in deck):
        return None
    dealt = Counter(card for _, groups in deal.fields for group in groups for card in group)
    expected = Counter(deck)
    if dealt != expected:
        extra = sort_cards((dealt - expected).elements())
        missing = sort_cards((expected - dealt).elements())
        details = []
        if extra:
            details.append("extra or duplicated: " + " ".join(str(card) for card in extra))
        if missing:
            details.append("missing: " + " ".join(str(card) for card in missing))
        return Violation(
            "deal.not_the_deck", "the deal is not the game's deck (" + "; ".join(details) + ")"
        )
    return None


def _deal_shape_violation(deal: Deal) -> Violation | None:
    """``deal.bad_layout`` if ``deal`` is not made of (name, groups of `Card`) pairs."""
    fields: Any = deal.fields
    if not isinstance(fields, tuple):
        return Violation("deal.bad_layout", "a deal's fields must be (name, groups) pairs")
    for entry in fields:
        if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)):
            return Violation("deal.bad_layout", "a deal's fields must be (name, groups) pairs")
        groups = entry[1]
        if not isinstance(groups, tuple) or not all(isinstance(g, tuple) for g in groups):
            return Violation("deal.bad_layout", f"the {entry[0]} must be groups of cards")
        for group in groups:
            for card in group:
                if not isinstance(card, Card):
                    return Violation(
                        "deal.bad_layout",
                        f"the {shown(entry[0])} holds {type(card).__name__}, not a card",
                    )
    return None
