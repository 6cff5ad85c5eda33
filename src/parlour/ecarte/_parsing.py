"""Écarté's parser of each move keyword but ``deal`` (`MOVE_PARSERS`, read by
`parlour.tricks.TrickGame.parse_move`): ``propose``, ``accept``, ``refuse``,
``discard 7S 8H`` (``discard`` alone: keep the hand), ``king``, ``play KH``.

The cards of a discard may come in any order; the move lists them canonically.
"""

from __future__ import annotations

from typing import Any

from parlour.base import (
    PIQUET_INDEX_OF,
    NotationError,
    parse_card,
    shown,
)
from parlour.ecarte._moves import (
    ACCEPT,
    KING,
    PROPOSE,
    REFUSE,
    Discard,
    discard_of_mask,
)
from parlour.ecarte.rules import CARDS_PER_HAND
from parlour.tricks import (
    MoveParser,
    keyword_parser,
    play_parser,
)

__all__ = ["MOVE_PARSERS"]


def _parse_discard(state: Any, arguments: list[str], text: str) -> Discard:
    if len(arguments) > CARDS_PER_HAND:
        raise NotationError(
            f"'discard' names at most {CARDS_PER_HAND} cards, not {len(arguments)}: {shown(text)}"
        )
    cards = [parse_card(token) for token in arguments]
    mask = 0
    in_deck = True
    for card in cards:
        index = PIQUET_INDEX_OF.get(card)
        if index is None:
            in_deck = False
            continue
        if mask >> index & 1:
            raise NotationError(f"'discard' names {card.text} twice: {shown(text)}")
        mask |= 1 << index
    if in_deck:
        return discard_of_mask(mask)
    if len(set(cards)) != len(cards):
        raise NotationError(f"'discard' names a card twice: {shown(text)}")
    return Discard(tuple(cards))


MOVE_PARSERS: dict[str, MoveParser] = {
    "propose": keyword_parser(PROPOSE),
    "accept": keyword_parser(ACCEPT),
    "refuse": keyword_parser(REFUSE),
    "discard": _parse_discard,
    "king": keyword_parser(KING),
    "play": play_parser("KH"),
}
"""The parser of each keyword, in the order messages list them (after ``deal``)."""
