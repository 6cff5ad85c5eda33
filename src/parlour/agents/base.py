"""The `Agent` protocol, its errors, and `RandomAgent`.

An agent picks a move for one seat from what that seat may see: the seat's view (with its
``sampled`` determinization, see `parlour.agent_view`), the legal moves and a `random.Random`.
It never receives the full state, so it cannot look at a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from parlour.core import Move
from parlour.errors import OptionsError, ParlourError

__all__ = ["Agent", "AgentError", "AgentSpecError", "RandomAgent", "sampled_state"]


@runtime_checkable
class Agent(Protocol):
    """Anything with ``choose(view, legal_moves, rng) -> Move``: one of ``legal_moves``, picked
    from ``view`` (what the seat to act may see) with ``rng`` as its only source of chance."""

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move: ...


class AgentError(ParlourError):
    """An agent answered with something that is not a legal move for its seat (the match runner
    checks every answer); ``rule`` is the violated rule id, or ``None`` for a non-move."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class AgentSpecError(OptionsError):
    """An agent spec (``random``, ``heuristic``, ``ismcts:200``, …) or an agent setting that is
    not understood or out of range."""


class RandomAgent(Agent):
    """Plays a legal move drawn uniformly with ``rng``."""

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """One of ``legal_moves``, uniformly at random (``view`` is not looked at)."""
        return legal_moves[rng.randrange(len(legal_moves))]

    def __repr__(self) -> str:
        return "RandomAgent()"


def sampled_state(view: Any) -> Any:
    """The determinization a view carries (its ``sampled`` state); a plain `TypeError` for a
    view that has none, such as one from `parlour.view` rather than `parlour.agent_view`."""
    sampled = getattr(view, "sampled", None)
    if sampled is None:
        raise TypeError(
            f"{type(view).__name__} has no sampled state: give agents the view from "
            "parlour.agent_view(state, seat, rng), as play_match does"
        )
    return sampled
