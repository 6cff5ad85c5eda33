"""`ISMCTSAgent`: single-observer information-set Monte Carlo tree search over determinizations.

Each iteration draws a determinization, a full state the searching seat cannot tell from the real
one (`parlour.sample_state` of the view's ``sampled`` state), and walks one tree shared by every
determinization. A node stands for an information set of the searching seat: its edges are keyed
by what that seat sees of each move (`observed_move`), so the hidden content of another seat's
move never splits the tree. At a node, only the moves legal in the current determinization are
candidates; an untried one is expanded at random, otherwise the candidate with the highest UCB
score is followed, UCB counting how often the edge was available rather than how often its
parent was visited (Cowling, Powley and Whitehouse, 2012). From the new node a rollout (random
or the game's rules of thumb) plays to the end of the deal, and every node on the path is
credited with the reward of the seat that made its move: the share of the deal's points its
team won against the best other team, from 0 (none) through 0.5 (even) to 1 (all).

The search never crosses a deal: the tree and the rollouts stop where a new deal is due or the
match ends. Given the same view, legal moves and ``rng`` state, an iteration budget gives the
same move on every run; a time budget depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from parlour.agents._base import (
    Agent,
    AgentSpecError,
    check_choice,
    sampled_state,
)
from parlour.agents._heuristic import heuristic_move
from parlour.engine import (
    Game,
    Move,
    game_of,
    sample_state,
    teams,
)

__all__ = ["DEFAULT_ITERATIONS", "ROLLOUTS", "ISMCTSAgent", "observed_move"]

DEFAULT_ITERATIONS = 200
"""The iterations per move when neither ``iterations`` nor ``seconds`` is given."""


def _random_move(state: Any, game: Game, rng: random.Random) -> Move:
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def _heuristic_move(state: Any, game: Game, rng: random.Random) -> Move:
    return heuristic_move(state, rng, cheap=True)


ROLLOUTS: dict[str, Callable[[Any, Game, random.Random], Move]] = {
    "random": _random_move,
    "heuristic": _heuristic_move,
}
"""The rollout policies by name: uniform random moves, or the game's rules of thumb."""


class _Node:
    """One information set of the searching seat, reached by a move of ``mover``."""

    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1


class ISMCTSAgent(Agent):
    """Information-set MCTS (see the module docstring) with a budget of ``iterations`` per move,
    ``seconds`` per move, or both (it stops at whichever comes first; neither: 200 iterations).

    ``exploration`` is the UCB constant; ``rollout`` is ``"random"`` or ``"heuristic"``;
    ``max_branching`` caps the candidate moves considered at a node (a random sample of that
    many, drawn with ``rng``, when more are legal, as Burraco's melds may be). Bad settings raise
    `AgentSpecError`.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = 0.7,
        rollout: str = "random",
        max_branching: int = 32,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise AgentSpecError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and (
            type(seconds) not in (int, float) or not 0 < seconds < math.inf
        ):
            raise AgentSpecError(f"seconds must be a positive number, not {seconds!r}")
        if type(exploration) not in (int, float) or not 0 <= exploration < math.inf:
            raise AgentSpecError(f"exploration must be a number >= 0, not {exploration!r}")
        if rollout not in ROLLOUTS:
            known = ", ".join(ROLLOUTS)
            raise AgentSpecError(f"rollout must be one of {known}, not {rollout!r}")
        if type(max_branching) is not int or max_branching < 1:
            raise AgentSpecError(f"max_branching must be a positive int, not {max_branching!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self.max_branching = max_branching
        self._policy = ROLLOUTS[rollout]

    def __repr__(self) -> str:
        return (
            f"ISMCTSAgent(iterations={self.iterations!r}, seconds={self.seconds!r}, "
            f"exploration={self.exploration!r}, rollout={self.rollout!r})"
        )

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The most visited of ``legal_moves`` after the search from ``view`` (its ``seat`` and
        its ``sampled`` determinization); a lone legal move is played without searching.

        Raises: `AgentError` for a view of a seat that is not to act, or no legal move;
        `TypeError` for a ``view`` that is not a `parlour.View`, ``legal_moves`` that are not a
        sequence or an ``rng`` that is not a `random.Random`, or a view without a ``sampled``
        state (from `parlour.view` rather than `parlour.agent_view`).

        >>> import parlour, random
        >>> from parlour.agents import ISMCTSAgent
        >>> state = parlour.new_game("ecarte", seed=1)
        >>> seen = parlour.agent_view(state, 1, random.Random(0))
        >>> agent = ISMCTSAgent(iterations=20)
        >>> agent.choose(seen, parlour.legal_moves(state), random.Random(0))
        Propose()
        """
        seat = check_choice(view, legal_moves, rng)
        if len(legal_moves) == 1:
            return legal_moves[0]
        sampled = sampled_state(view)
        team_of = _team_of(sampled)
        root = _Node(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(root, sample_state(sampled, seat, rng), seat, team_of, rng)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return _most_visited(root, legal_moves)

    def _iterate(
        self, root: _Node, state: Any, seat: int, team_of: tuple[int, ...], rng: random.Random
    ) -> None:
        """One selection, expansion, rollout and backpropagation on determinization ``state``."""
        game = game_of(state)
        before = game.score(state)
        node = root
        path: list[_Node] = []
        while True:
            player = game.current_player(state)
            if type(player) is not int:
                break
            edges = self._edges(game.legal_moves(state), player, seat, rng)
            children = node.children
            untried = [key for key in edges if key not in children]
            for key in edges:
                child = children.get(key)
                if child is not None:
                    child.available += 1
            if untried:
                key = untried[rng.randrange(len(untried))]
                node = children[key] = _Node(player)
                path.append(node)
                state = game.apply(state, _pick(edges[key], rng), None)
                break
            key = max(edges, key=lambda edge: self._ucb(children[edge]))
            node = children[key]
            path.append(node)
            state = game.apply(state, _pick(edges[key], rng), None)
        policy = self._policy
        while type(game.current_player(state)) is int:
            state = game.apply(state, policy(state, game, rng), None)
        rewards = _rewards(before, game.score(state), team_of)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]

    def _edges(
        self, moves: Sequence[Move], player: int, seat: int, rng: random.Random
    ) -> dict[Hashable, list[Move]]:
        """The candidate moves grouped by what ``seat`` sees of them, in legal-move order."""
        count = len(moves)
        if count <= self.max_branching:
            candidates: Sequence[Move] = moves
        else:
            candidates = [moves[i] for i in sorted(rng.sample(range(count), self.max_branching))]
        edges: dict[Hashable, list[Move]] = {}
        for move in candidates:
            edges.setdefault(observed_move(move, player, seat), []).append(move)
        return edges

    def _ucb(self, node: _Node) -> float:
        return node.reward / node.visits + self.exploration * math.sqrt(
            math.log(node.available) / node.visits
        )


def _pick(moves: list[Move], rng: random.Random) -> Move:
    """One of the moves behind an edge (several only for another seat's private move)."""
    return moves[0] if len(moves) == 1 else moves[rng.randrange(len(moves))]


def _most_visited(root: _Node, legal_moves: Sequence[Move]) -> Move:
    """The root's most visited legal move (the first expanded on a tie)."""
    best, best_visits = legal_moves[0], -1
    for key, child in root.children.items():
        if child.visits > best_visits and isinstance(key, Move) and key in legal_moves:
            best, best_visits = key, child.visits
    return best


def _team_of(state: Any) -> tuple[int, ...]:
    """The index of each seat's team."""
    index = {seat: number for number, team in enumerate(teams(state)) for seat in team}
    return tuple(index[seat] for seat in range(len(index)))


def _rewards(
    before: tuple[int, ...], after: tuple[int, ...], team_of: tuple[int, ...]
) -> tuple[float, ...]:
    """Each seat's reward: 0.5 + half its team's points margin over the best other team, as a
    share of the points both moved (0.5 when no points moved)."""
    gains: dict[int, int] = {}
    for seat, team in enumerate(team_of):
        gains[team] = after[seat] - before[seat]
    rewards = []
    for team in team_of:
        own = gains[team]
        other = max(gain for number, gain in gains.items() if number != team)
        moved = abs(own) + abs(other)
        rewards.append(0.5 if moved == 0 else 0.5 + 0.5 * (own - other) / moved)
    return tuple(rewards)


def observed_move(move: Move, mover: int, observer: int) -> Hashable:
    """What ``observer`` sees of ``move`` made by ``mover``, the key of a search tree's edge: the
    move itself, or for another seat's move what the others see of it (`Move.seen_by_others`:
    an Écarté discard shows only how many cards)."""
    return move if mover == observer else move.seen_by_others()
