"""Helpers for the agent tests: seeded positions of every game, and agents that record what
they are given."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import parlour
from parlour.agents import HeuristicAgent, ISMCTSAgent, PIMCAgent, RandomAgent
from parlour.engine import Move
from tests.strategies import iter_playout

GAMES = ("belote", "bezique", "ecarte", "burraco", "coinche")
SINGLE_DEAL: dict[str, Any] = {"target": None}


def agents_under_test() -> list[Any]:
    """One agent of each built-in kind, with small search budgets."""
    return [
        RandomAgent(),
        HeuristicAgent(),
        ISMCTSAgent(iterations=6),
        ISMCTSAgent(iterations=4, rollout="heuristic"),
        PIMCAgent(worlds=3, fallback=HeuristicAgent()),
    ]


def positions(game: str, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th position of a single-deal random playout of ``game`` from ``seed``
    where a seat is to act."""
    start = parlour.new_game(game, options=SINGLE_DEAL, seed=seed)
    decisions = (step.before for step in iter_playout(game, seed, start=start)
                 if not parlour.is_chance(step.before))  # fmt: skip
    for count, state in enumerate(decisions):
        if count % every == 0:
            yield state


class RecordingAgent:
    """Delegates to ``inner`` and keeps every (view, legal moves) it was given."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seen: list[tuple[Any, Sequence[Move]]] = []

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        self.seen.append((view, legal_moves))
        move: Move = self.inner.choose(view, legal_moves, rng)
        return move
