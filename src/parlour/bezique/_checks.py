"""Bezique's check of each move type once it is the seat's turn in a deal under way
(`MOVE_CHECKS`, read by `parlour.tricks.TrickGame.check`), and the cards the last stage's
duties allow (`last_stage_allowed`)."""

from __future__ import annotations

from parlour.base import PIQUET_INDEX_BY_CODE, Card
from parlour.bezique import _melds
from parlour.bezique._moves import (
    Draw,
    Exchange,
    Meld,
    Play,
    Show,
)
from parlour.bezique._state import (
    BeziqueState,
    Phase,
)
from parlour.bezique.rules import FACES
from parlour.engine import (
    Move,
    Violation,
)
from parlour.tricks import (
    MoveCheck,
    broken_obligation,
    not_a_card,
    not_held,
)

__all__ = ["MOVE_CHECKS", "last_stage_allowed"]

_PLAY = Phase.PLAY
_DECLARE = Phase.DECLARE


def last_stage_allowed(state: BeziqueState) -> int:
    """The cards of the seat to act that the last stage's duties allow in the current trick."""
    table = state.table
    return table.last_stage_evaluator.allowed(table.trump, state.hands[state.to_act], state.trick)


def _check_play(state: BeziqueState, move: Play) -> Violation | None:
    if type(move.card) is not Card:
        return not_a_card(move)
    phase = state.phase
    if phase is _DECLARE:
        return Violation(
            "phase.wrong_move", "you won the trick: declare if you wish, then 'draw' before playing"
        )
    seat = state.to_act
    face = PIQUET_INDEX_BY_CODE[move.card.code]
    held = state.hands[seat] | state.tables[seat]
    if face < 0 or (not held >> face & 1 and not held >> (face + FACES) & 1):
        return not_held(move.card)
    if phase is _PLAY:
        return None
    allowed = last_stage_allowed(state)
    if allowed >> face & 1 or allowed >> (face + FACES) & 1:
        return None
    table = state.table
    card = face if held >> face & 1 else face + FACES
    return broken_obligation(
        table.last_stage_evaluator, table.trump, state.hands[seat], state.trick, card
    )


def _not_declaring(state: BeziqueState, move: Move) -> Violation | None:
    """``phase.wrong_move`` unless the seat to act has won a first-stage trick and not drawn."""
    if state.phase == _DECLARE:
        return None
    return Violation(
        "phase.wrong_move",
        f"'{move}' is only for the winner of a first-stage trick, before drawing: play a card",
    )


def _check_draw(state: BeziqueState, move: Draw) -> Violation | None:
    return _not_declaring(state, move)


def _check_meld(state: BeziqueState, move: Meld) -> Violation | None:
    violation = _not_declaring(state, move)
    if violation is not None:
        return violation
    return _melds.meld_violation(state, state.to_act, move)


def _check_exchange(state: BeziqueState, move: Exchange) -> Violation | None:
    violation = _not_declaring(state, move)
    if violation is not None:
        return violation
    return _melds.seven_violation(state, state.to_act, "exchange")


def _check_show(state: BeziqueState, move: Show) -> Violation | None:
    violation = _not_declaring(state, move)
    if violation is not None:
        return violation
    return _melds.seven_violation(state, state.to_act, "show")


MOVE_CHECKS: dict[type[Move], MoveCheck] = {
    Play: _check_play,
    Meld: _check_meld,
    Exchange: _check_exchange,
    Show: _check_show,
    Draw: _check_draw,
}
"""The check of each Bezique move type (the deal is checked by `parlour.engine`)."""
