"""The trick evaluator for each set of Belote options (one per ``partner_winning`` value)."""

from __future__ import annotations

from parlour.belote._options import Options
from parlour.belote.rules import CARD_TABLE, PLAY_RULES
from parlour.tricks import TrickEvaluator

__all__ = ["EVALUATORS", "FOLLOWING", "play_evaluator"]

EVALUATORS = {name: TrickEvaluator(CARD_TABLE, rules) for name, rules in PLAY_RULES.items()}
"""The evaluator of each ``partner_winning`` option value."""
FOLLOWING = {name: evaluator.following for name, evaluator in EVALUATORS.items()}
"""The cards a hand may play to a trick (`TrickEvaluator.following`), by the
``partner_winning`` option."""


def play_evaluator(options: Options) -> TrickEvaluator:
    """The evaluator of the play obligations that ``options`` select."""
    return EVALUATORS[options.partner_winning]

