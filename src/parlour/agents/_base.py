"""The `Agent` protocol, its errors, and `RandomAgent`.

An agent picks a move for one seat from what that seat may see: the seat's view (with its
``sampled`` determinization, see `parlour.agent_view`), the legal moves and a `random.Random`.
It never receives the full state, so it cannot look at a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from parlour.base import (
    OptionsError,
    ParlourError,
)
from parlour.engine import (
    Move,
    View,
    check_rng,
    game_of,
)

__all__ = [
    "Agent",
    "AgentError",
    "AgentSpecError",
    "RandomAgent",
    "check_agents",
    "check_choice",
    "sampled_state",
]


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
        """One of ``legal_moves``, uniformly at random (``view`` is only checked).

        Raises: `AgentError` for a state instead of a view, a spectator's view, a view of a
        seat that is not to act, or no legal move (see `check_choice`); `TypeError` for a
        ``view`` that is neither, ``legal_moves`` that are not a sequence or an ``rng`` that is
        not a `random.Random`.

        >>> import parlour, random
        >>> from parlour.agents import RandomAgent
        >>> state = parlour.new_game("ecarte", seed=1)
        >>> seen = parlour.agent_view(state, 1, random.Random(0))
        >>> agent = RandomAgent()
        >>> agent.choose(seen, parlour.legal_moves(state), random.Random(0))
        Play(10H)
        >>> theirs = parlour.agent_view(state, 0, random.Random(0))
        >>> agent.choose(theirs, parlour.legal_moves(state), random.Random(0))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        parlour.agents.AgentError: the view is seat 0's, but the seat to act is 1: an agent ...
        """
        check_choice(view, legal_moves, rng)
        return legal_moves[rng.randrange(len(legal_moves))]

    def __repr__(self) -> str:
        return "RandomAgent()"


def check_choice(view: Any, legal_moves: Sequence[Move], rng: random.Random) -> int:
    """Check what an agent's ``choose`` is given; the seat to act. Every built-in agent calls it
    first. An `AgentError` says what was passed and what is expected for a full state instead
    of a view (agents see only the view of the seat to act, `parlour.agent_view`), a
    spectator's view, a view of a seat that is not to act, a view where no seat is to act, or
    no legal move. Anything else that is not a `parlour.View`, an ``rng`` that is not a
    `random.Random` and ``legal_moves`` that are not a sequence are a plain `TypeError`."""
    if not isinstance(view, View):
        if _is_state(view):
            raise AgentError(
                f"an agent was given a {type(view).__name__}, a full state (it shows every "
                "hidden card): an agent expects the view of the seat to act, "
                "parlour.agent_view(state, seat, rng)"
            )
        raise TypeError(
            "an agent must be given a parlour View of the seat to act (parlour.agent_view), "
            f"not {type(view).__name__}"
        )
    check_rng(rng)
    given: object = legal_moves
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise TypeError(
            f"legal_moves must be a sequence of moves, not {type(legal_moves).__name__}"
        )
    seat = view.seat
    if view.to_act is None:
        raise AgentError(
            f"the {type(view).__name__} given has no seat to act (phase {view.phase}): an agent "
            "is asked to choose only when a seat is to act"
        )
    if seat is None:
        raise AgentError(
            f"the view is a spectator's (seat None), but an agent chooses for the seat to act, "
            f"seat {view.to_act}: it expects parlour.agent_view(state, {view.to_act}, rng)"
        )
    if view.to_act != seat:
        raise AgentError(
            f"the view is seat {seat}'s, but the seat to act is {view.to_act}: an agent chooses "
            f"only for the seat to act and expects parlour.agent_view(state, {view.to_act}, rng)"
        )
    if len(legal_moves) == 0:
        raise AgentError(f"there is no legal move to choose from for seat {seat}")
    return seat


def _is_state(value: object) -> bool:
    """Whether ``value`` is a state of a registered game."""
    try:
        game_of(value)
    except TypeError:
        return False
    return True


def check_agents(agents: Any) -> tuple[Agent, ...]:
    """``agents`` as a tuple, each one an `Agent` (with a ``choose`` method); a plain
    `TypeError` naming the first that is not, or ``agents`` when it is not a sequence."""
    if isinstance(agents, (str, bytes, Agent)) or not isinstance(agents, Sequence):
        raise TypeError(f"agents must be a sequence of agents, not {type(agents).__name__}")
    for seat, agent in enumerate(agents):
        if not isinstance(agent, Agent):
            raise TypeError(
                f"agent {seat} must be an Agent (with choose(view, legal_moves, rng)), "
                f"not {type(agent).__name__}"
            )
    return tuple(agents)


def sampled_state(view: Any) -> Any:
    """The determinization a view carries (its ``sampled`` state); an `AgentError` for a view
    that has none, a plain view from `parlour.view` rather than `parlour.agent_view` (the
    search and heuristic agents play from that state)."""
    sampled = getattr(view, "sampled", None)
    if sampled is None:
        raise AgentError(
            f"the {type(view).__name__} given is a plain view, with no sampled state: this "
            "agent expects the view from parlour.agent_view(state, seat, rng), as play_match "
            "gives it"
        )
    return sampled


for _public in (AgentError, AgentSpecError,):
    _public.__module__ = "parlour.agents"  # as users import it
