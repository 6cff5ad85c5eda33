"""The verdicts the trick games give on a card play, written once: a play that names no card,
a card the seat does not hold, and the play obligation a held card breaks (the trick
evaluator's verdict turned into a `Violation`)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import Card
from parlour.core import Violation
from parlour.moves import Play
from parlour.tricks import TrickEvaluator

__all__ = ["broken_obligation", "not_a_card", "not_held"]


def not_a_card(move: Play) -> Violation | None:
    """``card.not_held`` if ``move`` names something other than a `Card`, else ``None``."""
    if type(move.card) is Card:
        return None
    return Violation("card.not_held", f"a play names a card, not {type(move.card).__name__}")


def not_held(card: Card) -> Violation:
    """``card.not_held``: the seat to act does not hold ``card``."""
    return Violation("card.not_held", f"you do not hold {card.symbol}")


def broken_obligation(
    evaluator: TrickEvaluator, trump: int, hand: int, trick: Sequence[int], card: int
) -> Violation:
    """The first play obligation of ``evaluator`` that rules ``card`` (held in ``hand``) out of
    ``trick``, as a `Violation` with its rule id and message; the caller knows one does."""
    found = evaluator.violation(trump, hand, trick, card)
    assert found is not None, "the card is allowed: no obligation rules it out"
    obligation, message = found
    return Violation(obligation.rule, message)
