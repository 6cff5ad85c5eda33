"""Agent specs: the short texts that name an agent on the command line and in benchmarks.

=================  ===========================================================
``random``         `RandomAgent`
``heuristic``      `HeuristicAgent` (the game's rules of thumb)
``ismcts``         `ISMCTSAgent` with its default budget (200 iterations per move)
``ismcts:200``     `ISMCTSAgent` with 200 iterations per move
``ismcts:0.5s``    `ISMCTSAgent` with 0.5 seconds (wall clock) per move
``ismcts:0.1cpu``  `ISMCTSAgent` with 0.1 seconds of CPU time per move
``pimc:20``        `PIMCAgent` over 20 worlds, the heuristic agent before (or random)
``pimc:20+SPEC``   `PIMCAgent` over 20 worlds, the agent of ``SPEC`` before
=================  ===========================================================

An ``ismcts`` spec may add settings, each after a ``+``, in any order
(``ismcts:0.1cpu+heuristic+match``): ``+heuristic`` or ``+random`` for the rollouts (otherwise
the game's `DEFAULT_ROLLOUTS`), ``+deal``, ``+match`` or ``+share`` for the reward (``deal``
otherwise), ``+visits`` to draw the move in proportion to the root's visits (the most visited
otherwise), ``+workers=N`` for a root-parallel search over N processes, ``+rollouts=N`` for
N playouts from each new node and ``+exploration=X`` for the UCB constant.

``pimc`` alone is ``pimc:20``;
PIMC decides the card play once 16 cards or fewer are in the hands, in the games the solver
plays (Belote, Coinche, Écarté, Bezique's last stage), and its fallback everything else
(``pimc:20+ismcts:200``: ISMCTS early, the solver late).
"""

from __future__ import annotations

import math
from typing import Any

from parlour.agents._base import (
    Agent,
    AgentSpecError,
    RandomAgent,
)
from parlour.agents._heuristic import (
    HeuristicAgent,
    supports_heuristic,
)
from parlour.agents._ismcts import (
    DEFAULT_ROLLOUTS,
    FINAL_POLICIES,
    ROLLOUTS,
    ISMCTSAgent,
)
from parlour.agents._pimc import PIMCAgent
from parlour.agents._rewards import REWARDS
from parlour.base import shown

__all__ = ["SPEC_HELP", "make_agent", "make_agents"]

SPEC_HELP = (
    "random, heuristic, ismcts, ismcts:ITERATIONS, ismcts:SECONDSs or ismcts:SECONDScpu "
    "(+heuristic, +random, +deal, +match, +share, +visits, +workers=N, +rollouts=N, "
    "+exploration=X), "
    "pimc, pimc:WORLDS or pimc:WORLDS+SPEC"
)
"""A one-line summary of the spec grammar, for messages and command-line help."""

_MAX_ITERATIONS = 10_000_000
_MAX_SECONDS = 3600.0


def make_agent(spec: str, game: str) -> Agent:
    """The agent named by ``spec`` (see the module docstring) for a match of ``game``.

    A spec that is not understood, or ``heuristic`` for a game without rules of thumb, raises
    `AgentSpecError`; an unknown game raises `OptionsError`.

    Raises: `AgentSpecError` for a spec that is not understood or out of range; `OptionsError`
    for an unknown game.

    >>> from parlour.agents import make_agent
    >>> make_agent("heuristic", "belote")
    HeuristicAgent()
    >>> make_agent("ismcts:50", "ecarte")
    ISMCTSAgent(iterations=50, seconds=None, exploration=0.7, rollout='random')
    >>> make_agent("heuristik", "belote")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    parlour.agents.AgentSpecError: unknown agent spec 'heuristik'; the specs are: random, ...
    """
    if not isinstance(spec, str):
        raise AgentSpecError(f"an agent spec must be a str, not {type(spec).__name__}")
    supports = supports_heuristic(game)
    text = spec.strip().lower()
    if text == "pimc" or text.startswith(("pimc:", "pimc+")):
        return _pimc(spec, text, game, supports)
    if text == "random":
        return RandomAgent()
    if text == "heuristic":
        if not supports:
            raise AgentSpecError(f"{game} has no heuristic agent; use random or ismcts")
        return HeuristicAgent()
    head, *extras = text.split("+")
    name, colon, budget = head.partition(":")
    if name != "ismcts" or (colon and not budget):
        raise AgentSpecError(f"unknown agent spec {shown(spec)}; the specs are: {SPEC_HELP}")
    settings: dict[str, Any] = {"rollout": DEFAULT_ROLLOUTS.get(game, "random")}
    for extra in extras:
        settings.update(_ismcts_extra(extra, spec, game, supports))
    if colon:
        settings.update(_ismcts_budget(budget, spec))
    return ISMCTSAgent(**settings)


def _ismcts_budget(budget: str, spec: str) -> dict[str, Any]:
    """The budget setting of an ``ismcts:BUDGET`` spec."""
    for suffix, name in (("cpu", "cpu_seconds"), ("s", "seconds")):
        if budget.endswith(suffix):
            seconds = _seconds(budget.removesuffix(suffix), spec)
            if not 0 < seconds <= _MAX_SECONDS:
                what = "CPU seconds" if suffix == "cpu" else "seconds"
                raise AgentSpecError(
                    f"agent spec {shown(spec)}: {what} per move must be above 0 and at most "
                    f"{_MAX_SECONDS:g}"
                )
            return {name: seconds}
    iterations = _iterations(budget, spec)
    if not 0 < iterations <= _MAX_ITERATIONS:
        raise AgentSpecError(
            f"agent spec {shown(spec)}: iterations per move must be from 1 to {_MAX_ITERATIONS}"
        )
    return {"iterations": iterations}


def _ismcts_extra(extra: str, spec: str, game: str, supports: bool) -> dict[str, Any]:
    """The setting of one ``+EXTRA`` of an ``ismcts`` spec (module docstring)."""
    if extra in ROLLOUTS:
        if extra == "heuristic" and not supports:
            raise AgentSpecError(f"{game} has no heuristic rollouts; drop +heuristic")
        return {"rollout": extra}
    if extra in REWARDS:
        return {"reward": extra}
    if extra in FINAL_POLICIES:
        return {"final": extra}
    name, equals, value = extra.partition("=")
    if equals and name == "exploration":
        exploration = _seconds(value, spec) if value else math.nan
        if not 0 <= exploration <= _MAX_EXPLORATION:
            raise AgentSpecError(
                f"agent spec {shown(spec)}: exploration must be from 0 to {_MAX_EXPLORATION:g}"
            )
        return {"exploration": exploration}
    if equals and name in _COUNTED and value.isdigit() and len(value) <= 3:
        low, high = _COUNTED[name]
        if low <= int(value) <= high:
            return {name: int(value)}
        raise AgentSpecError(
            f"agent spec {shown(spec)}: {name} must be from {low} to {high}, not {value}"
        )
    raise AgentSpecError(
        f"agent spec {shown(spec)}: {shown(extra)} is not an ismcts setting (the specs are: "
        f"{SPEC_HELP})"
    )


_MAX_EXPLORATION = 100.0
_COUNTED = {"workers": (1, 64), "rollouts": (1, 100)}
"""The ``+NAME=N`` settings of an ``ismcts`` spec and their ranges."""


_MAX_WORLDS = 100_000


def _pimc(spec: str, text: str, game: str, supports: bool) -> Agent:
    """The `PIMCAgent` of a ``pimc`` spec (see the module docstring)."""
    rest = text.removeprefix("pimc")
    worlds_text, slash, fallback_spec = rest.removeprefix(":").partition("+")
    if rest.startswith(":") and not worlds_text:
        raise AgentSpecError(f"agent spec {shown(spec)}: give the number of worlds after pimc:")
    worlds = 20 if not worlds_text else _iterations(worlds_text, spec)
    if not 0 < worlds <= _MAX_WORLDS:
        raise AgentSpecError(f"agent spec {shown(spec)}: worlds must be from 1 to {_MAX_WORLDS}")
    if slash:
        if fallback_spec.startswith("pimc"):
            raise AgentSpecError(f"agent spec {shown(spec)}: a pimc fallback cannot be pimc")
        fallback = make_agent(fallback_spec, game)
    else:
        fallback = HeuristicAgent() if supports else RandomAgent()
    return PIMCAgent(worlds=worlds, fallback=fallback)


def make_agents(specs: str, game: str) -> tuple[Agent, ...]:
    """One agent per comma-separated spec of ``specs``, in seat order."""
    return tuple(make_agent(spec, game) for spec in specs.split(","))


def _not_a_number(spec: str, text: str, unit: str) -> AgentSpecError:
    return AgentSpecError(
        f"agent spec {shown(spec)}: {shown(text)} is not a number of {unit} "
        f"(the specs are: {SPEC_HELP})"
    )


def _iterations(text: str, spec: str) -> int:
    if not text.isdigit() or len(text) > 20:
        raise _not_a_number(spec, text, "iterations")
    return int(text)


def _seconds(text: str, spec: str) -> float:
    try:
        value = float(text) if len(text) <= 20 else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise _not_a_number(spec, text, "seconds")
    return value
