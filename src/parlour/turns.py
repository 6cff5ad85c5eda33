"""The checks every game makes before its own rules: is the match over, is a deal due, whose
turn it is, and whether a deal move lays out the game's deck.

A game's ``check`` starts with `turn_violation`; the ids it returns are the shared ones of
DESIGN.md (``turn.*``, ``deal.*``).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import Card
from parlour.core import Deal, DealField, Move, Violation
from parlour.notation import deal_violation

__all__ = ["turn_violation"]


def turn_violation(
    move: Move,
    seat: int | None,
    *,
    over: bool,
    deal_due: bool,
    to_act: int,
    deal_fields: Sequence[DealField],
    deck: Sequence[Card],
) -> Violation | None:
    """The shared verdict on ``move`` (by ``seat``, if given) before the game's own rules.

    For a `Deal` the verdict is complete: ``None`` means the deal is legal. For any other move
    ``None`` means only that it is this seat's turn to play in a deal under way; the game then
    applies its own rules.
    """
    if over:
        return Violation("turn.match_over", "the match is over: no more moves")
    if isinstance(move, Deal):
        if not deal_due:
            return Violation("turn.no_deal_due", "no deal is due: the cards are in play")
        if seat is not None:
            return Violation("turn.not_your_turn", f"the deal is a chance move, not seat {seat}'s")
        return deal_violation(move, deal_fields, deck)
    if deal_due:
        return Violation("turn.deal_due", f"a deal is due before {move} can be played")
    if seat is not None and seat != to_act:
        return Violation("turn.not_your_turn", f"it is seat {to_act}'s turn, not seat {seat}'s")
    return None
