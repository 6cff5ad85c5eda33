"""Belote's check of each move type once it is the seat's turn in a deal under way
(`MOVE_CHECKS`, read by `parlour.tricks.TrickGame.check`)."""

from __future__ import annotations

from parlour.base import (
    PIQUET_INDEX_BY_CODE,
    Card,
    Suit,
    describe,
)
from parlour.belote._moves import (
    Pass,
    Play,
    Take,
)
from parlour.belote._play import play_evaluator
from parlour.belote._state import (
    BeloteState,
    Phase,
    Table,
)
from parlour.belote.rules import CARD_TABLE
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

__all__ = ["MOVE_CHECKS", "turnup_suit"]

_BID_ROUND_1 = Phase.BID_ROUND_1
_PLAY = Phase.PLAY
_BIDDING_OVER = Violation("phase.wrong_move", "the bidding is over: play a card")


def turnup_suit(table: Table) -> int:
    """The suit of the deal's turn-up."""
    return CARD_TABLE.suit_of[table.turnup]


def _check_pass(state: BeloteState, move: Pass) -> Violation | None:
    return _BIDDING_OVER if state.phase == _PLAY else None


def _check_take(state: BeloteState, move: Take) -> Violation | None:
    phase = state.phase
    if move.suit is not None and type(move.suit) is not Suit:
        return Violation(
            "belote.name_a_suit",
            f"'take' names a suit (S, H, D or C) or none, not {describe(move.suit)}",
        )
    if phase == _PLAY:
        return _BIDDING_OVER
    turnup = Suit(turnup_suit(state.table))
    if phase == _BID_ROUND_1:
        if move.suit is not None and move.suit != turnup:
            return Violation(
                "belote.take_turnup_suit",
                f"in the first round only the turn-up's suit {turnup.symbol} may be taken ('take')",
            )
        return None
    if move.suit is None:
        return Violation("belote.name_a_suit", "in the second round, name the trump suit: 'take H'")
    if move.suit == turnup and not state.table.options.round2_allows_turnup_suit:
        return Violation(
            "belote.not_turnup_suit",
            f"in the second round the turn-up's suit {turnup.symbol} may not be taken",
        )
    return None


def _check_play(state: BeloteState, move: Play) -> Violation | None:
    card = move.card
    if type(card) is Card:
        index = PIQUET_INDEX_BY_CODE[card.code]
        if index >= 0 and state.legal_mask >> index & 1:  # the common case: a legal card
            return None
    return _play_violation(state, move)


def _play_violation(state: BeloteState, move: Play) -> Violation | None:
    """Why ``move`` may not be played (``None``: it may), reason by reason in order."""
    if type(move.card) is not Card:
        return not_a_card(move)
    if state.phase != _PLAY:
        return Violation("phase.wrong_move", "the bidding is not over: pass or take")
    index = PIQUET_INDEX_BY_CODE[move.card.code]
    hand = state.hands[state.to_act]
    if index < 0 or not hand >> index & 1:
        return not_held(move.card)
    if state.legal_mask >> index & 1:
        return None
    table = state.table
    return broken_obligation(play_evaluator(table.options), table.trump, hand, state.trick, index)


MOVE_CHECKS: dict[type[Move], MoveCheck] = {
    Play: _check_play,
    Pass: _check_pass,
    Take: _check_take,
}
"""The check of each Belote move type (the deal is checked by `parlour.engine`)."""
