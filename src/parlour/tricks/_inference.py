"""What a card played to a trick reveals about the hand it came from.

A trick game's duties (follow suit, trump, overtrump, beat the card led) are `Obligation`
records read by its `TrickEvaluator`. When a seat plays card ``c`` to a trick, every hand it
could have held made ``c`` legal there. Under these duties a card ``x`` held next to ``c``
either forbids ``c`` on its own or never does, so the play rules out exactly the cards ``x``
for which ``c`` is illegal from the two-card hand ``{c, x}``: a seat that discarded instead of
following holds none of the suit led; one that discarded when obliged to trump holds no trump;
one that played a low trump when obliged to overtrump holds no higher trump. The evaluator is
the one the game checks moves with, so this reading follows every variant's records.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from parlour.tricks._evaluator import TrickEvaluator

__all__ = ["PlayedTrick", "excluded_by_play"]

PlayedTrick = tuple[int, Sequence[int]]
"""A trick as played: its leader's seat and its cards (card numbers) in playing order."""


def excluded_by_play(
    evaluator: TrickEvaluator,
    trump: int,
    tricks: Sequence[PlayedTrick],
    candidates: int,
) -> tuple[int, ...]:
    """Per seat, the mask of the cards of ``candidates`` that its plays to ``tricks`` show it
    did not hold when it played (and so, in a game without drawing, does not hold now).

    Answers are remembered (a search samples the same position many times)."""
    key = tuple((leader, tuple(cards)) for leader, cards in tricks)
    return _excluded(evaluator, trump, key, candidates)


@functools.lru_cache(maxsize=4096)
def _excluded(
    evaluator: TrickEvaluator,
    trump: int,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    candidates: int,
) -> tuple[int, ...]:
    rules = evaluator.rules
    players = rules.players
    partnerships = rules.partnerships
    winning_index = evaluator.table.winning_index
    excluded = [0] * players
    for leader, cards in tricks:
        for position in range(1, len(cards)):
            seat = (leader + position) % players
            played = cards[position]
            before = cards[:position]
            winner = winning_index(trump, before)
            partner_winning = partnerships and rules.partner_at_offset[position - winner]
            rest = candidates & ~excluded[seat] & ~(1 << played)
            while rest:
                low = rest & -rest
                rest ^= low
                hand = (1 << played) | low
                allowed = evaluator.following(
                    trump, hand, cards[0], before[winner], partner_winning
                )
                if not allowed >> played & 1:
                    excluded[seat] |= low
    return tuple(excluded)
