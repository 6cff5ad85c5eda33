"""Bezique's parser of each move keyword but ``deal`` (`MOVE_PARSERS`, read by
`parlour.tricks.TrickGame.parse_move`): ``play QS``, ``meld KH QH``, ``exchange``, ``show``,
``draw``.

Cards that form no meld still parse (the move is then refused as illegal).
"""

from __future__ import annotations

from typing import Any

from parlour.base import (
    NotationError,
    parse_card,
    shown,
)
from parlour.bezique._moves import (
    DRAW,
    EXCHANGE,
    SHOW,
    Meld,
)
from parlour.tricks import (
    MoveParser,
    keyword_parser,
    play_parser,
)

__all__ = ["MOVE_PARSERS"]


def _parse_meld(state: Any, arguments: list[str], text: str) -> Meld:
    if not arguments:
        raise NotationError(f"'meld' names the meld's cards, as in 'meld KH QH': {shown(text)}")
    return Meld(tuple(parse_card(token) for token in arguments))


MOVE_PARSERS: dict[str, MoveParser] = {
    "play": play_parser("QS"),
    "meld": _parse_meld,
    "exchange": keyword_parser(EXCHANGE),
    "show": keyword_parser(SHOW),
    "draw": keyword_parser(DRAW),
}
"""The parser of each keyword, in the order messages list them (after ``deal``)."""
