"""Coinche's parser of each move keyword but ``deal`` (`MOVE_PARSERS`, read by
`parlour.tricks.TrickGame.parse_move`): ``pass``, ``bid 90 H``, ``bid capot S``,
``bid 100 SA``, ``bid generale H``, ``coinche``, ``surcoinche``, ``play JH`` (rules C.10)."""

from __future__ import annotations

from typing import Any

from parlour.base import (
    NotationError,
    parse_suit,
    shown,
)
from parlour.coinche._moves import COINCHE, PASS, SURCOINCHE, bid_of
from parlour.coinche.rules import BID_VALUES, CAPOT, GENERALE, SA, TA
from parlour.engine import Move
from parlour.tricks import (
    MoveParser,
    keyword_parser,
    play_parser,
)

__all__ = ["MOVE_PARSERS"]

_VALUES = {
    **{str(value): value for value in BID_VALUES},
    "capot": CAPOT,
    "generale": GENERALE,
    "générale": GENERALE,
}
_DENOMINATIONS = {"sa": SA, "ta": TA}


def _parse_bid(state: Any, arguments: list[str], text: str) -> Move:
    """``bid <value> <denomination>``: a value 80, 90, …, 160, ``capot`` or ``generale``, and a
    suit (letter or symbol), ``SA`` or ``TA``."""
    if len(arguments) != 2:
        raise NotationError(
            f"'bid' takes a value and a suit, as in 'bid 90 H' or 'bid capot S': {shown(text)}"
        )
    word, denomination_text = arguments
    value = _VALUES.get(word.lower())
    if value is None:
        raise NotationError(
            f"a bid's value is 80, 90, ..., 160, capot or generale, not {shown(word)}"
        )
    denomination = _DENOMINATIONS.get(denomination_text.lower())
    if denomination is None:
        denomination = int(parse_suit(denomination_text))
    return bid_of(value, denomination)


MOVE_PARSERS: dict[str, MoveParser] = {
    "pass": keyword_parser(PASS),
    "bid": _parse_bid,
    "coinche": keyword_parser(COINCHE),
    "surcoinche": keyword_parser(SURCOINCHE),
    "play": play_parser("JH"),
}
"""The parser of each keyword, in the order messages list them (after ``deal``)."""
