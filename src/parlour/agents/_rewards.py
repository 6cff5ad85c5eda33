"""The rewards of a search: what the points a deal moved are worth to each seat, from 0 to 1.

`ISMCTSAgent` credits every node of a search path with the reward of the seat that made its
move. Three rewards, by ``reward=`` name (`REWARDS`):

* ``"deal"``: the deal's points margin in the game's own scale. With ``own`` the points the
  seat's team won in the deal and ``other`` the most any other team won, the reward is
  ``0.5 + 0.5 * (own - other) / scale``, clamped to [0, 1], where ``scale`` is the game's
  ``deal_scale(options)`` (`parlour.engine.SupportsDealScale`, read from its scoring rules). A
  Belote capot (252 + 20 for the belote) is worth more than 162-0; Écarté's vole (2) more than
  its point (1).
* ``"match"``: the deal's value for winning the match. Each team's progress is the share of its
  remaining distance to the target that the deal covered, ``gain / (target - score before)``
  (at most 1: reaching the target; at least -1), and the reward is
  ``0.5 + 0.5 * (own progress - best other progress)``. A deal gained near the target is worth
  more than the same points far from it. In a single deal (``target=None``) it is ``"deal"``.
* ``"share"``: the share of the points both teams moved, ``0.5 + 0.5 * (own - other) /
  (|own| + |other|)`` (a 1-0 deal is worth as much as a capot); also what ``"deal"`` and
  ``"match"`` fall back to in a game without a deal scale (Coinche, a game of your own).

Every reward is 0.5 when no points moved and when both teams gained the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlour.engine import SupportsDealScale, game_of, options

__all__ = ["REWARDS", "Rewards", "reward_function"]

Rewards = Callable[[tuple[int, ...], tuple[int, ...]], tuple[float, ...]]
"""A reward function of a search: the match score before and after a deal (or the part of it
searched) -> each seat's reward."""

REWARDS = ("deal", "match", "share")
"""The reward names (module docstring)."""


def reward_function(name: str, state: Any, team_of: tuple[int, ...]) -> Rewards:
    """The reward ``name`` for a search from ``state`` (its game, options and match score), for
    seats grouped by ``team_of`` (each seat's team index)."""
    game = game_of(state)
    game_options = options(state)
    if name == "share" or not isinstance(game, SupportsDealScale):
        return lambda before, after: _from_margins(_gains(before, after, team_of), team_of, None)
    target = getattr(game_options, "target", None)
    if name == "match" and target is not None:
        return lambda before, after: _match(before, after, team_of, target)
    scale = float(game.deal_scale(game_options))
    return lambda before, after: _from_margins(_gains(before, after, team_of), team_of, scale)


def _gains(
    before: tuple[int, ...], after: tuple[int, ...], team_of: tuple[int, ...]
) -> dict[int, float]:
    """The points each team won (partners show the same score)."""
    return {team: float(after[seat] - before[seat]) for seat, team in enumerate(team_of)}


def _from_margins(
    gains: dict[int, float], team_of: tuple[int, ...], scale: float | None
) -> tuple[float, ...]:
    """Each seat's ``0.5 + 0.5 * margin / scale`` (``scale`` None: the points both moved)."""
    rewards = []
    for team in team_of:
        own = gains[team]
        other = max(gain for number, gain in gains.items() if number != team)
        span = abs(own) + abs(other) if scale is None else scale
        share = 0.0 if span == 0 else (own - other) / span
        rewards.append(0.5 + 0.5 * min(1.0, max(-1.0, share)))
    return tuple(rewards)


def _match(
    before: tuple[int, ...], after: tuple[int, ...], team_of: tuple[int, ...], target: int
) -> tuple[float, ...]:
    """Each seat's reward from each team's progress towards ``target`` (module docstring)."""
    progress: dict[int, float] = {}
    for seat, team in enumerate(team_of):
        distance = max(1, target - before[seat])
        progress[team] = min(1.0, max(-1.0, (after[seat] - before[seat]) / distance))
    return _from_margins(progress, team_of, 1.0)
