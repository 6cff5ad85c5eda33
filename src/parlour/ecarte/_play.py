"""The trick evaluator for each set of Écarté options, and the legal-move tuples built from
small ints: plays from a hand mask, discards from a hand and the allowed counts.

Plays come in the deck's canonical order (suits S H D C, 7 up to A). Discards come by number of
cards, then lexicographically by deck order; the tuples are cached per hand and counts.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Sequence
from typing import Any

from parlour.base import Card, moves_by_mask
from parlour.ecarte._moves import (
    KING,
    PLAYS,
    Discard,
    MarkKing,
    Play,
    discard_in_order,
)
from parlour.ecarte._options import Options
from parlour.ecarte.rules import CARD_TABLE, PLAY_RULES, cards_in
from parlour.tricks import TrickEvaluator

__all__ = ["FOLLOWING", "discard_moves", "play_evaluator", "play_moves"]

_EVALUATORS = {name: TrickEvaluator(CARD_TABLE, rules) for name, rules in PLAY_RULES.items()}
FOLLOWING = {name: evaluator.following for name, evaluator in _EVALUATORS.items()}
"""The cards a hand may play to a trick (`TrickEvaluator.following`), by the
``must_trump_when_void`` option."""

play_moves = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order (no object is built)."""


def play_evaluator(options: Options) -> TrickEvaluator:
    """The evaluator of the play obligations that ``options`` select."""
    return _EVALUATORS[options.must_trump_when_void]


def king_then_plays(mask: int) -> tuple[MarkKing | Play, ...]:
    """``king`` followed by the plays of ``mask``."""
    return (KING, *play_moves(mask))


@functools.lru_cache(maxsize=4096)
def discard_moves(hand: int, fewest: int, most: int) -> tuple[Discard, ...]:
    """Every discard of ``fewest`` to ``most`` cards of ``hand``: by number of cards, then
    lexicographically by deck order; each card set once."""
    cards = cards_in(hand)
    return tuple(discard_in_order(pick(cards)) for pick in _choices(len(cards), fewest, most))


@functools.cache
def _choices(cards: int, fewest: int, most: int) -> tuple[Callable[[Sequence[Card]], Any], ...]:
    """For each discard of ``fewest`` to ``most`` of ``cards`` cards (by number of cards, then
    lexicographically), the function picking its cards out of the hand's, as a tuple."""
    return tuple(
        _picker(chosen)
        for count in range(fewest, most + 1)
        for chosen in itertools.combinations(range(cards), count)
    )


def _picker(positions: tuple[int, ...]) -> Callable[[Sequence[Card]], Any]:
    """The function taking the cards at ``positions`` out of a hand's, as a tuple."""
    if len(positions) > 1:
        return operator.itemgetter(*positions)
    return lambda cards: tuple(cards[position] for position in positions)
