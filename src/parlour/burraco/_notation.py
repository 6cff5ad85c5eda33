"""Burraco's move notation: ``deal …``, ``draw``, ``pickup``, ``meld <cards>``, ``add <n> <cards>
[= <cards>]`` and ``discard <card>`` read into moves (`parlour.burraco._moves`).

Reading is notation only, but for the one reading the notation needs: an ``add`` is written in
canonical form (its cards in the order of their places, ``=`` only when the same cards allow
more than one arrangement), which depends on the team's meld it goes onto. That reading is the
meld engine's, done once (`parlour.burraco._judgement.read_add`) and kept for the judgement of
the move read.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import (
    Card,
    NotationError,
    parse_card,
)
from parlour.burraco._faces import FACE_OF
from parlour.burraco._judgement import read_add
from parlour.burraco._legal import TEAM_OF, meld_rules
from parlour.burraco._meld_tables import Addition
from parlour.burraco._moves import DRAW, PICKUP, Add, Discard, meld_of
from parlour.burraco._state import BurracoState, Phase
from parlour.burraco.rules import deal_fields
from parlour.engine import (
    Move,
    parse_deal,
    split_move,
)

__all__ = ["parse_move"]

_MOVE_KEYWORDS = "deal, draw, pickup, meld, add, discard"
_MAX_MELD_TOKENS = 32
"""No meld or add names more cards than this (a sequence holds at most 14)."""


def parse_move(state: BurracoState, text: str) -> Move:
    """Parse ``deal …``, ``draw``, ``pickup``, ``meld <cards>``, ``add <n> <cards>
    [= <cards>]`` or ``discard <card>``; `NotationError` for text that does not fit.

    A set's cards may come in any order; a sequence's are read as written (low to high,
    each wild at its place). An add is put in canonical form against the team's meld when
    that meld exists (an ``add`` whose cards could leave the meld in more than one
    arrangement needs ``=`` and the meld as it will stand, with or without spaces around
    ``=``; but a 2 of a sequence's suit that can stay natural is read natural without it).
    """
    keyword, arguments = split_move(text)
    if keyword in ("draw", "pickup"):
        if arguments:
            raise NotationError(f"{keyword!r} takes no argument: {_shown(text)}")
        return DRAW if keyword == "draw" else PICKUP
    if keyword == "discard":
        if len(arguments) != 1:
            raise NotationError(f"'discard' takes one card, as in 'discard 7S': {_shown(text)}")
        return Discard(_deck_card(arguments[0]))
    if keyword == "meld":
        return meld_of(_parse_cards(arguments, text, "meld", least=1))
    if keyword == "add":
        return _parse_add(state, arguments, text)
    if keyword == "deal":
        return parse_deal(arguments, deal_fields(state.table.options.players))
    raise NotationError(
        f"{keyword!r} is not a Burraco move (the moves are {_MOVE_KEYWORDS}): {_shown(text)}"
    )


def _shown(text: str) -> str:
    """The text for an error message, cut short if long."""
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _deck_card(token: str) -> Card:
    card = parse_card(token)
    if card not in FACE_OF:
        raise NotationError(f"{token!r} is not a Burraco card")
    return card


def _parse_cards(tokens: Sequence[str], text: str, keyword: str, *, least: int) -> tuple[Card, ...]:
    if len(tokens) < least:
        raise NotationError(f"{keyword!r} needs at least {least} card(s): {_shown(text)}")
    if len(tokens) > _MAX_MELD_TOKENS:
        raise NotationError(
            f"{keyword!r} names at most {_MAX_MELD_TOKENS} cards, not {len(tokens)}"
        )
    return tuple(_deck_card(token) for token in tokens)


def _parse_add(state: BurracoState | None, arguments: Sequence[str], text: str) -> Add:
    token = arguments[0] if arguments else ""
    if not (token.isascii() and token.isdigit() and len(token) <= 4 and int(token) >= 1):
        raise NotationError(
            f"'add' needs the number of your team's meld, then cards, as in 'add 1 8H': "
            f"{_shown(text)}"
        )
    number = int(arguments[0])
    # '=' may touch the cards around it ("=5H", "7H=5H"): it is a word of its own.
    tokens = " ".join(arguments[1:]).replace("=", " = ").split()
    if tokens.count("=") > 1:
        raise NotationError(f"'add' takes at most one '=': {_shown(text)}")
    arrangement: tuple[Card, ...] | None = None
    if "=" in tokens:
        split = tokens.index("=")
        added = _parse_cards(tokens[:split], text, "add", least=1)
        arrangement = _parse_cards(tokens[split + 1 :], text, "add … =", least=1)
    else:
        added = _parse_cards(tokens, text, "add", least=1)
    move = Add(number, added, arrangement)
    if state is None or (state.phase is not Phase.PLAY and state.phase is not Phase.DRAW):
        return move  # no meld to read it against (a view's moves read back keep their form)
    melds = state.melds[TEAM_OF[state.table.options.players][state.to_act]]
    if not 1 <= number <= len(melds):
        return move
    resolved = read_add(melds[number - 1], move, meld_rules(state.table.options))
    if not isinstance(resolved, Addition):
        return move
    return Add(number, resolved.added, resolved.result.cards if resolved.ambiguous else None)
