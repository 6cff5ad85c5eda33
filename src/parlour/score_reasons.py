"""Score reasons as data: the row type of each game's score-reason table.

Every `ScoreEvent` names why it was awarded by a stable dotted ``reason`` id
(``belote.capot``). Each game declares its reasons once, in its rules module, as `ScoreReason`
constants of a ``ScoreReasons`` class (its award sites read ``ScoreReasons.CAPOT.id``) and
lists them in ``SCORE_REASONS``, the table its rules page documents.
"""

from __future__ import annotations

import attrs

__all__ = ["ScoreReason", "reasons_of"]


@attrs.frozen(slots=True, kw_only=True)
class ScoreReason:
    """One kind of award: the ``reason`` id its score events carry, and the points it is worth.

    ``points`` is the amount of one award when the rules fix it, ``None`` when it depends on the
    deal or on an option; ``rule`` says where the amount comes from (the rules' section).
    """

    id: str
    points: int | None
    rule: str

    @property
    def name(self) -> str:
        """The id without its game's prefix: ``capot`` for ``belote.capot``."""
        return self.id.partition(".")[2]


def reasons_of(table: type) -> tuple[ScoreReason, ...]:
    """The `ScoreReason` constants of a ``ScoreReasons`` class, in the order they are written;
    `ValueError` if two share an id or the ids do not all have one game's prefix."""
    reasons = tuple(value for value in vars(table).values() if isinstance(value, ScoreReason))
    ids = [reason.id for reason in reasons]
    prefixes = {reason.id.partition(".")[0] for reason in reasons}
    if len(set(ids)) != len(ids) or len(prefixes) != 1 or not all(r.name for r in reasons):
        raise ValueError(f"{table.__name__}: ids must be distinct, as <game>.<name>: {ids}")
    return reasons
