"""Coinche's card play (rules C.4) as pure functions: the evaluator of the obligations a
contract and the options select (classic Belote's clauses, `parlour.coinche.rules`), the
trick's winner, and the deal's finished tricks read back from the cards played.
"""

from __future__ import annotations

import functools

from parlour.coinche._options import Options
from parlour.coinche.rules import (
    CARD_TABLE,
    COLOUR_EVALUATORS,
    PLAYERS,
    SA,
    SA_EVALUATOR,
    TA_EVALUATOR,
    TRICK_TRUMPS,
)
from parlour.tricks import TrickEvaluator

__all__ = [
    "FinishedTrick",
    "evaluator_for",
    "finished_tricks",
    "legal_cards",
    "trick_winner",
    "winning_card_after",
]

_TAKES_FROM = CARD_TABLE.takes_from

FinishedTrick = tuple[int, tuple[int, ...], int]
"""A finished trick as (leader, its four cards in playing order, winner)."""


_EVALUATORS: dict[tuple[str, bool], tuple[TrickEvaluator, ...]] = {
    key: (*(evaluator,) * 4, SA_EVALUATOR, TA_EVALUATOR)
    for key, evaluator in COLOUR_EVALUATORS.items()
}
"""The evaluator of each denomination (S H D C, SA, TA), by the options' (``partner_winning``,
``must_undertrump``): a colour contract's under those options, the SA and TA ones."""


def evaluator_for(options: Options, denomination: int) -> TrickEvaluator:
    """The evaluator of the duties of a contract in ``denomination`` under ``options``."""
    return _EVALUATORS[(options.partner_winning, options.must_undertrump)][denomination]


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


def legal_cards(
    options: Options, denomination: int, hand: int, trick: tuple[int, ...], winning: int,
    partner_winning: bool,
) -> int:  # fmt: skip
    """The cards of ``hand`` the seat to act may play to ``trick`` (any card to lead), in which
    ``winning`` wins so far (played by the partner: ``partner_winning``)."""
    if not trick:
        return hand
    led = trick[0]
    evaluator = _EVALUATORS[(options.partner_winning, options.must_undertrump)][denomination]
    return evaluator.following(
        TRICK_TRUMPS[denomination][led], hand, led, winning, partner_winning
    )


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
