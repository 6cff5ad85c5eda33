"""Bezique's last stage as a position for the perfect-information solver
(``parlour.tricks.solve``): once the stock is gone, each player knows the other's hand, and the
eight tricks left are a game of perfect information worth the brisques they hold and, with the
default ``last_trick`` of 32, the last trick's 10."""

from __future__ import annotations

from parlour.bezique._state import BeziqueState, Phase
from parlour.bezique.rules import BRISQUE_POINTS, BRISQUES_MASK, LAST_TRICK_BONUS
from parlour.tricks import TrickEnding, TrickScoring

__all__ = ["SOLVER_SCORING", "trick_ending"]

_CARDS = 64

SOLVER_SCORING = {
    last_trick_here: TrickScoring(
        card_values=tuple(
            BRISQUE_POINTS if BRISQUES_MASK >> card & 1 else 0 for card in range(_CARDS)
        ),
        last_trick=LAST_TRICK_BONUS if last_trick_here else 0,
    )
    for last_trick_here in (True, False)
}
"""What a last-stage trick is worth, by whether the deal's last trick scores 10 (option
``last_trick`` 32) or the first stage's last one did (24): 10 per ace and ten it holds."""


def trick_ending(state: BeziqueState) -> TrickEnding:
    """The last stage as a perfect-information position for ``parlour.tricks.solve``: both
    hands, the trick under way, the last stage's duties (follow, beat, trump). ``solve`` then
    gives the brisques (and the last trick's 10) seat 0 takes from here on with best play.

    Raises `ValueError` before the last stage (the stock still hides cards) or between deals.

    >>> import parlour
    >>> from parlour.bezique import trick_ending
    >>> from parlour.tricks import solve
    >>> state = parlour.new_game("bezique", options={"target": None}, seed=2)
    >>> while parlour.view(state, None).phase != "last_stage":
    ...     state = parlour.apply(state, parlour.legal_moves(state)[-1])
    >>> solution = solve(trick_ending(state))
    >>> solution.in_play <= 8 * 20 + 10
    True
    """
    if state.phase is not Phase.LAST_STAGE:
        raise ValueError(f"the solver plays the last stage, not the {state.phase.name.lower()}")
    table = state.table
    return TrickEnding(
        evaluator=table.last_stage_evaluator,
        scoring=SOLVER_SCORING[table.options.last_trick == 32],
        trump=table.trump,
        hands=state.hands,
        trick=state.trick,
        leader=state.to_act if not state.trick else 1 - state.to_act,
    )
