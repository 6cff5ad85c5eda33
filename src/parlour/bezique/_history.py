"""The deal's cards in playing order with who played each, read from a state's ``played``
cards and its current trick (who led each completed trick: `state.deal_tricks`)."""

from __future__ import annotations

from parlour.bezique._state import (
    BeziqueState,
    Phase,
    deal_tricks,
)
from parlour.bezique.rules import PLAYERS, STAGE_ONE_TRICKS
from parlour.tricks import PlayedTrick

__all__ = ["last_stage_tricks", "played_in_order"]


def played_in_order(state: BeziqueState) -> tuple[tuple[int, int], ...]:
    """Every card played in the deal so far, the current trick's included, in playing order,
    each as (seat, card index)."""
    pairs: list[tuple[int, int]] = []
    for leader, cards in deal_tricks(state):
        pairs.append((leader, cards[0]))
        pairs.append((1 - leader, cards[1]))
    for offset, card in enumerate(state.trick):
        pairs.append(((state.leader + offset) % PLAYERS, card))
    return tuple(pairs)


def last_stage_tricks(state: BeziqueState) -> tuple[PlayedTrick, ...]:
    """The tricks of the deal played under the last stage's duties (tricks 25 on, the current
    one included): the first stage binds no play, so its tricks show nothing of a hand."""
    if state.phase is not Phase.LAST_STAGE:
        return ()
    tricks: list[PlayedTrick] = list(deal_tricks(state)[STAGE_ONE_TRICKS:])
    if state.trick:
        tricks.append((state.leader, state.trick))
    return tuple(tricks)
