"""Why and how a match ended: `outcome(state)`.

The termination reason ids, the same in every game:

* ``single_deal``: the match was one deal (``target`` is ``None``; in Burraco one hand) and it
  has been played out.
* ``target_reached``: a deal (hand) ended with a side at or over the target and ahead, by the
  game's end-of-deal test.
* ``stopped_mid_deal``: a side reached the target during a deal and the match stopped there
  (Écarté with ``stop_at_target="immediate"``, by a king; Bezique with
  ``match_end="first_to_reach"``); the last deal result's ``outcome`` is then ``"stopped"``.
"""

from __future__ import annotations

from typing import Any

import attrs

from parlour.base import JsonRecord
from parlour.engine._functions import (
    deal_results,
    is_over,
    options,
    score,
    winners,
)

__all__ = ["REASONS", "Outcome", "outcome"]

REASONS = ("single_deal", "target_reached", "stopped_mid_deal")
"""Every termination reason id (see the module docstring)."""

_STOPPED = "stopped"
"""The ``outcome`` of a deal result cut short because the match ended during it."""


@attrs.frozen(slots=True, kw_only=True)
class Outcome(JsonRecord):
    """How a finished match ended: the winning seats, every seat's final match points
    (partners show the same number), the termination ``reason`` (one of `REASONS`), how many
    deals were played, and those deals' results (the game's own ``DealResult`` or Burraco's
    ``HandResult`` records, the same as `parlour.deal_results`)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    deals: int
    deal_results: tuple[Any, ...]


def outcome(state: Any) -> Outcome | None:
    """The match's `Outcome` once it is over, ``None`` while it is not.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> from parlour.agents import RandomAgent, play_match
    >>> agents = [RandomAgent(), RandomAgent()]
    >>> final = play_match("ecarte", agents, options={"target": None}, seed=3)
    >>> ending = parlour.outcome(final)
    >>> ending.winners, ending.scores, ending.reason, ending.deals
    ((1,), (0, 3), 'single_deal', 1)
    >>> parlour.outcome(parlour.new_game("ecarte", seed=3)) is None
    True
    """
    if not is_over(state):
        return None
    results = deal_results(state)
    if options(state).target is None:
        reason = "single_deal"
    elif results and getattr(results[-1], "outcome", None) == _STOPPED:
        reason = "stopped_mid_deal"
    else:
        reason = "target_reached"
    return Outcome(
        winners=winners(state),
        scores=score(state),
        reason=reason,
        deals=len(results),
        deal_results=results,
    )
