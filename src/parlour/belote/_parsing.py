"""Belote's parser of each move keyword but ``deal`` (`MOVE_PARSERS`, read by
`parlour.tricks.TrickGame.parse_move`): ``pass``, ``take``, ``take H``, ``play JH``.

In the first round ``take`` and ``take <turn-up suit>`` are the same move.
"""

from __future__ import annotations

from parlour.base import (
    NotationError,
    parse_suit,
    shown,
)
from parlour.belote._checks import turnup_suit
from parlour.belote._moves import (
    PASS,
    TAKE_TURNUP,
    TAKES,
)
from parlour.belote._state import (
    BeloteState,
    Phase,
)
from parlour.engine import Move
from parlour.tricks import (
    MoveParser,
    keyword_parser,
    play_parser,
)

__all__ = ["MOVE_PARSERS"]

_BID_ROUND_1 = Phase.BID_ROUND_1


def _parse_take(state: BeloteState | None, arguments: list[str], text: str) -> Move:
    """``take`` or ``take <suit>``; in the first round, naming the turn-up's suit is ``take``
    (without a state, as when a view is read back, the suit named is kept)."""
    if not arguments:
        return TAKE_TURNUP
    if len(arguments) != 1:
        raise NotationError(f"'take' takes at most one suit, as in 'take H': {shown(text)}")
    suit = parse_suit(arguments[0])
    if state is not None and state.phase == _BID_ROUND_1 and suit == turnup_suit(state.table):
        return TAKE_TURNUP
    return TAKES[suit]


MOVE_PARSERS: dict[str, MoveParser] = {
    "pass": keyword_parser(PASS),
    "take": _parse_take,
    "play": play_parser("JH"),
}
"""The parser of each keyword, in the order messages list them (after ``deal``)."""
