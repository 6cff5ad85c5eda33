"""Coinche's card play (rules C.4) as pure functions: the evaluator of the obligations a
contract and the options select (classic Belote's clauses, `parlour.coinche.rules`), the
trick's winner, and the deal's finished tricks read back from the cards played.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from parlour.coinche._options import Options
from parlour.coinche.rules import (
    CARD_TABLE,
    COLOUR_EVALUATORS,
    PLAYERS,
    SA_EVALUATOR,
    TA_EVALUATOR,
    TRICK_TRUMPS,
)
from parlour.tricks import TrickEvaluator

__all__ = [
    "EVALUATORS",
    "FOLLOWING",
    "FinishedTrick",
    "Following",
    "evaluator_for",
    "finished_tricks",
    "trick_winner",
    "winning_card_after",
]

_TAKES_FROM = CARD_TABLE.takes_from

Following = Callable[[int, int, int, int, bool], int]
"""`parlour.tricks.TrickEvaluator.following`: (trump, hand, card led, winning card, whether the
partner is winning) to the cards of the hand that may be played."""
FinishedTrick = tuple[int, tuple[int, ...], int]
"""A finished trick as (leader, its four cards in playing order, winner)."""


EVALUATORS: dict[str, tuple[tuple[TrickEvaluator, ...], ...]] = {
    partner_winning: tuple(
        (*(COLOUR_EVALUATORS[(partner_winning, undertrump)],) * 4, SA_EVALUATOR, TA_EVALUATOR)
        for undertrump in (False, True)
    )
    for partner_winning in ("free", "seed_overtrump_if_trumping")
}
"""The evaluator of each denomination (S H D C, SA, TA) by the options' ``partner_winning``
and ``must_undertrump``: ``EVALUATORS[partner_winning][must_undertrump][denomination]``, a
colour contract's under those options, else the SA or TA one."""
FOLLOWING: dict[str, tuple[tuple[Following, ...], ...]] = {
    partner_winning: tuple(
        tuple(evaluator.following for evaluator in by_denomination)
        for by_denomination in by_undertrump
    )
    for partner_winning, by_undertrump in EVALUATORS.items()
}
"""`parlour.tricks.TrickEvaluator.following` of each evaluator of `EVALUATORS`, in the same
places: the cards a hand may play to a trick begun, read on every card played."""


def evaluator_for(options: Options, denomination: int) -> TrickEvaluator:
    """The evaluator of the duties of a contract in ``denomination`` under ``options``."""
    return EVALUATORS[options.partner_winning][options.must_undertrump][denomination]


def trick_winner(denomination: int, leader: int, trick: tuple[int, ...]) -> int:
    """The seat whose card wins ``trick`` (so far), led by ``leader``."""
    position = CARD_TABLE.winning_index(TRICK_TRUMPS[denomination][trick[0]], trick)
    return (leader + position) % PLAYERS


def winning_card_after(denomination: int, trick: tuple[int, ...], winning: int, card: int) -> int:
    """The card winning ``trick`` once ``card`` is played to it, ``winning`` the card that won
    it before (-1: ``card`` leads): the rule of `trick_winner`, read from
    `parlour.tricks.CardTable.takes_from` under the trick's trump (`TRICK_TRUMPS`)."""
    if winning < 0:
        return card
    takes = _TAKES_FROM[TRICK_TRUMPS[denomination][trick[0]]][winning]
    return card if takes >> card & 1 else winning


@functools.lru_cache(maxsize=4096)
def finished_tricks(
    played: tuple[int, ...], first_leader: int, denomination: int
) -> tuple[FinishedTrick, ...]:
    """The deal's finished tricks, read from the cards played in order (four a trick): the
    first led by ``first_leader``, each next by the previous one's winner."""
    tricks: list[FinishedTrick] = []
    leader = first_leader
    for start in range(0, len(played), PLAYERS):
        cards = played[start : start + PLAYERS]
        winner = trick_winner(denomination, leader, cards)
        tricks.append((leader, cards, winner))
        leader = winner
    return tuple(tricks)
