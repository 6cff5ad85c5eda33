"""Écarté's check of each move type once it is the seat's turn in a deal under way
(`MOVE_CHECKS`, read by `parlour.tricks.TrickGame.check`)."""

from __future__ import annotations

from parlour.base import (
    PIQUET_INDEX_BY_CODE,
    PIQUET_INDEX_OF,
    Card,
    Rank,
    Suit,
)
from parlour.ecarte._moves import (
    Accept,
    Discard,
    MarkKing,
    Play,
    Propose,
    Refuse,
)
from parlour.ecarte._play import play_evaluator
from parlour.ecarte._state import (
    EcarteState,
    Phase,
)
from parlour.ecarte.rules import KING_BIT, MAX_DISCARD
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

__all__ = ["MOVE_CHECKS"]

_DECIDE = Phase.DECIDE
_RESPOND = Phase.RESPOND
_DISCARD_NONDEALER = Phase.DISCARD_NONDEALER
_DISCARD_DEALER = Phase.DISCARD_DEALER
_EXCHANGE_PHASES = (_RESPOND, _DISCARD_NONDEALER, _DISCARD_DEALER)


def _check_play(state: EcarteState, move: Play) -> Violation | None:
    if type(move.card) is not Card:
        return not_a_card(move)
    index = PIQUET_INDEX_BY_CODE[move.card.code]  # -1: not a card of the pack
    if index >= 0 and state.play_mask >> index & 1:
        return None  # a card the seat may play now (`play_mask` is 0 but in the play)
    phase = state.phase
    if phase is _RESPOND:
        return Violation("phase.wrong_move", "the dealer must first accept or refuse the proposal")
    if phase is _DISCARD_NONDEALER or phase is _DISCARD_DEALER:
        return Violation(
            "phase.wrong_move",
            "the exchange is not complete: discard first (for example 'discard 7S 8H')",
        )
    hand = state.hands[state.to_act]
    if index < 0 or not hand >> index & 1:
        return not_held(move.card)
    table = state.table
    return broken_obligation(play_evaluator(table.options), table.trump, hand, state.trick, index)


def _check_propose(state: EcarteState, move: Propose) -> Violation | None:
    phase = state.phase
    if phase is _DECIDE:
        return None
    if phase is _RESPOND:
        return Violation("phase.wrong_move", "a proposal is waiting: accept or refuse it")
    if phase is _DISCARD_NONDEALER or phase is _DISCARD_DEALER:
        return Violation("phase.wrong_move", "the exchange is not complete: discard first")
    first_lead = state.to_act == state.table.nondealer and not state.trick and not state.won[0]
    if first_lead and not state.exchange.talon and not state.won[1]:
        return Violation("ecarte.talon_empty", "the talon is empty: no more proposals, lead a card")
    return Violation("phase.wrong_move", "play has begun: no more proposals")


def _check_answer(state: EcarteState, move: Accept | Refuse) -> Violation | None:
    if state.phase is _RESPOND:
        return None
    return Violation("phase.wrong_move", f"there is no proposal to {move}")


def _check_discard(state: EcarteState, move: Discard) -> Violation | None:
    phase = state.phase
    if phase is not _DISCARD_NONDEALER and phase is not _DISCARD_DEALER:
        return Violation(
            "phase.wrong_move",
            "there is no exchange under way: a discard follows an accepted proposal",
        )
    hand = state.hands[state.to_act]
    named = 0
    for card in move.cards:
        index = PIQUET_INDEX_OF.get(card)
        if index is None or not hand >> index & 1:
            return not_held(card)
        if named >> index & 1:
            return Violation("card.not_held", f"you hold {card.symbol} only once")
        named |= 1 << index
    count = len(move.cards)
    talon = len(state.exchange.talon)
    most = min(MAX_DISCARD, talon)
    if phase is _DISCARD_NONDEALER:
        if count < 1:
            return Violation("ecarte.discard_count", "you proposed: discard at least one card")
    else:
        fewest = min(state.table.options.dealer_min_exchange, most)
        if count < fewest:
            return Violation(
                "ecarte.discard_count",
                "the dealer must exchange at least one card (dealer_min_exchange is 1)",
            )
    if count > most:
        return Violation(
            "ecarte.discard_count",
            f"the talon holds {talon} card(s): discard at most {most}",
        )
    return None


def _check_king(state: EcarteState, move: MarkKing) -> Violation | None:
    table = state.table
    phase = state.phase
    if phase in _EXCHANGE_PHASES:
        return Violation(
            "ecarte.king_too_early",
            "the king of trumps is marked once play begins (or, by the non-dealer, instead of "
            "proposing), not during the proposals and exchanges",
        )
    king = Card.of(Rank.KING, Suit(table.trump))
    if table.turnup == PIQUET_INDEX_OF[king]:
        return Violation(
            "ecarte.king_not_held",
            f"the king of trumps {king.symbol} is the turn-up: it scored for the dealer",
        )
    seat = state.to_act
    if table.king == seat:
        return Violation(
            "ecarte.king_already_marked", f"you have already marked the king {king.symbol}"
        )
    if not state.king_window_open:
        return Violation(
            "ecarte.king_window_closed",
            f"too late: the king of trumps {king.symbol} must be marked before your first card",
        )
    king_bit = KING_BIT[table.trump]
    if not state.hands[seat] & king_bit:
        discarded = state.exchange.discards[seat] & king_bit
        return Violation(
            "ecarte.king_not_held",
            f"you do not hold the king of trumps {king.symbol}"
            + (" (a discarded king does not count)" if discarded else ""),
        )
    return None


MOVE_CHECKS: dict[type[Move], MoveCheck] = {
    Play: _check_play,
    Propose: _check_propose,
    Accept: _check_answer,
    Refuse: _check_answer,
    Discard: _check_discard,
    MarkKing: _check_king,
}
"""The check of each Écarté move type (the deal is checked by `parlour.engine`)."""
