"""`ISMCTSAgent`: single-observer information-set Monte Carlo tree search over determinizations.

Each iteration draws a determinization, a full state the searching seat cannot tell from the real
one (`parlour.sample_state` of the view's ``sampled`` state), and walks one tree shared by every
determinization. A node stands for an information set of the searching seat: its edges are keyed
by what that seat sees of each move (`observed_move`), so the hidden content of another seat's
move never splits the tree. At a node, only the moves legal in the current determinization are
candidates; an untried one is expanded at random, otherwise the candidate with the highest UCB
score is followed, UCB counting how often the edge was available rather than how often its
parent was visited (Cowling, Powley and Whitehouse, 2012). From the new node ``rollouts``
playouts (random, or the game's rules of thumb) play to the end of the deal, and every node on
the path is credited with the mean reward of the seat that made its move (`parlour.agents`'
rewards: the deal's margin in the game's own scale by default, or its value for the match).

With an ``evaluator`` (a callable ``(view, legal_moves) -> (priors, value)``), selection is
PUCT instead: ``Q + exploration * P * sqrt(N) / (1 + n)``, ``P`` the evaluator's prior of the
edge among those available, ``N`` the visits of the available edges, ``n`` the edge's, and an
unvisited edge's ``Q`` 0.5. A new node is evaluated once, on the view of its seat to act in the
determinization that reached it (``sampled`` is that determinization); its ``value`` (the
expected reward of that seat, 0 to 1), when not ``None``, replaces the playouts.

The search never crosses a deal: the tree and the rollouts stop where a new deal is due or the
match ends. Given the same view, legal moves and ``rng`` state, an iteration budget gives the
same move on every run, with any number of ``workers``; a time budget depends on the machine.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from parlour.agents._base import (
    Agent,
    AgentError,
    AgentSpecError,
    check_choice,
    sampled_state,
)
from parlour.agents._heuristic import heuristic_move
from parlour.agents._rewards import REWARDS, Rewards, reward_function
from parlour.engine import (
    Game,
    Move,
    View,
    game_of,
    sample_state,
    teams,
)

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_ROLLOUTS",
    "FINAL_POLICIES",
    "ROLLOUTS",
    "Evaluator",
    "ISMCTSAgent",
    "MoveStats",
    "SearchStats",
    "observed_move",
]

DEFAULT_ITERATIONS = 200
"""The iterations per move when no budget is given."""

Evaluator = Callable[[View, Sequence[Move]], tuple[Mapping[Move, float] | None, float | None]]
"""An evaluator: ``(view, legal_moves) -> (priors, value)``; ``priors`` maps moves to weights
(``None``: uniform), ``value`` is the expected reward of ``view.seat``, 0 to 1 (``None``: play
the rollouts)."""


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

DEFAULT_ROLLOUTS: dict[str, str] = {
    "belote": "random",
    "bezique": "random",
    "burraco": "random",
    "coinche": "random",
    "ecarte": "random",
}
"""The rollout of ``rollout="auto"`` per game (any other game: ``"random"``), chosen by playing
strength at equal CPU time (docs/performance.md gives the figures)."""

FINAL_POLICIES = ("most_visited", "visits")
"""How the move is picked from the root's visits: the most visited (ties: the first in legal
order), or drawn with ``rng`` in proportion to the visits."""


@attrs.frozen(kw_only=True)
class MoveStats:
    """One root move after a search: its visits and the searching seat's mean reward (0 to 1)."""

    move: Move
    visits: int
    mean: float


@attrs.frozen(kw_only=True)
class SearchStats:
    """The root of one search: the ``iterations`` run and every move searched (in legal-move
    order; a legal move not listed was never visited)."""

    iterations: int
    moves: tuple[MoveStats, ...]

    def visits(self) -> dict[Move, float]:
        """The normalised visit counts: each searched move's share of the root's visits (no
        visit at all: the moves listed, evenly)."""
        total = sum(stats.visits for stats in self.moves)
        if total == 0:
            return {stats.move: 1 / len(self.moves) for stats in self.moves}
        return {stats.move: stats.visits / total for stats in self.moves if stats.visits}

    def most_visited(self) -> Move:
        """The most visited move, the first in legal-move order on a tie."""
        return max(self.moves, key=lambda stats: stats.visits).move


class _Node:
    """One information set of the searching seat, reached by a move of ``mover``."""

    __slots__ = ("available", "children", "mover", "priors", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.priors: dict[Hashable, float] | None = None


_MAX_WORKERS = 64


class ISMCTSAgent(Agent):
    """Information-set MCTS (see the module docstring) with a budget of ``iterations`` per move,
    ``seconds`` of wall-clock time per move, ``cpu_seconds`` of this thread's CPU time per move
    (`time.thread_time`), or several (it stops at whichever comes first; none: 200 iterations).

    * ``exploration``: the UCB (or PUCT) constant.
    * ``rollout``: ``"random"``, ``"heuristic"`` or ``"auto"`` (the game's `DEFAULT_ROLLOUTS`);
      ``rollouts``: the playouts from each new node (their rewards averaged).
    * ``reward``: ``"deal"``, ``"match"`` or ``"share"`` (`parlour.agents` rewards, see
      docs/writing-a-bot.md).
    * ``final``: ``"most_visited"`` or ``"visits"`` (`FINAL_POLICIES`).
    * ``evaluator``: an `Evaluator`, for PUCT selection and leaf values (module docstring).
    * ``workers``: root-parallel search over that many processes (spawned once, on the first
      search, and kept until `close`): each searches its own tree with a seed drawn from the
      ``rng`` and the root visits are summed. An iteration budget is shared out between them
      (the same total), a time budget is each one's. The agent, and its evaluator, must pickle.
    * ``max_branching``: caps the candidate moves considered at a node (a random sample of that
      many, drawn with ``rng``, when more are legal, as Burraco's melds may be).

    Bad settings raise `AgentSpecError`.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        cpu_seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "auto",
        rollouts: int = 1,
        reward: str = "deal",
        final: str = "most_visited",
        evaluator: Evaluator | None = None,
        workers: int = 1,
        max_branching: int = 32,
    ) -> None:
        if iterations is None and seconds is None and cpu_seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise AgentSpecError(f"iterations must be a positive int, not {iterations!r}")
        for name, value in (("seconds", seconds), ("cpu_seconds", cpu_seconds)):
            if value is not None and (type(value) not in (int, float) or not 0 < value < math.inf):
                raise AgentSpecError(f"{name} must be a positive number, not {value!r}")
        if type(exploration) not in (int, float) or not 0 <= exploration < math.inf:
            raise AgentSpecError(f"exploration must be a number >= 0, not {exploration!r}")
        _check_choice_of("rollout", rollout, (*ROLLOUTS, "auto"))
        if type(rollouts) is not int or rollouts < 1:
            raise AgentSpecError(f"rollouts must be a positive int, not {rollouts!r}")
        _check_choice_of("reward", reward, REWARDS)
        _check_choice_of("final", final, FINAL_POLICIES)
        if evaluator is not None and not callable(evaluator):
            raise AgentSpecError(f"evaluator must be callable, not {type(evaluator).__name__}")
        if type(workers) is not int or not 1 <= workers <= _MAX_WORKERS:
            raise AgentSpecError(
                f"workers must be an int from 1 to {_MAX_WORKERS}, not {workers!r}"
            )
        if type(max_branching) is not int or max_branching < 1:
            raise AgentSpecError(f"max_branching must be a positive int, not {max_branching!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self.rollouts = rollouts
        self.reward = reward
        self.final = final
        self.evaluator = evaluator
        self.workers = workers
        self.max_branching = max_branching
        self._pool: ProcessPoolExecutor | None = None

    def __repr__(self) -> str:
        settings = [f"iterations={self.iterations!r}", f"seconds={self.seconds!r}"]
        if self.cpu_seconds is not None:
            settings.append(f"cpu_seconds={self.cpu_seconds!r}")
        settings += [f"exploration={self.exploration!r}", f"rollout={self.rollout!r}"]
        for name, default in (
            ("rollouts", 1), ("reward", "deal"), ("final", "most_visited"), ("workers", 1),
        ):  # fmt: skip
            if getattr(self, name) != default:
                settings.append(f"{name}={getattr(self, name)!r}")
        if self.evaluator is not None:
            settings.append(f"evaluator={self.evaluator!r}")
        return f"ISMCTSAgent({', '.join(settings)})"

    def __getstate__(self) -> dict[str, Any]:
        """The settings, without the worker processes (a worker gets a copy of the agent)."""
        return {**self.__dict__, "_pool": None}

    def close(self) -> None:
        """Stop the worker processes, if any were started (the next search starts them again)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __enter__(self) -> ISMCTSAgent:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The move of the final policy (``final``) after the search from ``view`` (its
        ``seat`` and its ``sampled`` determinization); a lone legal move is played without
        searching.

        Raises: `AgentError` for a view of a seat that is not to act, a view without a
        ``sampled`` state (from `parlour.view` rather than `parlour.agent_view`), or no legal
        move; `TypeError` for a ``view`` that is not a `parlour.View`, ``legal_moves`` that are
        not a sequence or an ``rng`` that is not a `random.Random`.

        >>> import parlour, random
        >>> from parlour.agents import ISMCTSAgent
        >>> state = parlour.new_game("ecarte", seed=1)
        >>> seen = parlour.agent_view(state, 1, random.Random(0))
        >>> agent = ISMCTSAgent(iterations=20)
        >>> agent.choose(seen, parlour.legal_moves(state), random.Random(0))
        Propose()
        """
        policy = self.policy(view, legal_moves, rng)
        if len(policy) == 1 or self.final == "most_visited":
            return max(policy, key=policy.__getitem__)
        moves = list(policy)
        return rng.choices(moves, weights=[policy[move] for move in moves])[0]

    def policy(
        self, view: Any, legal_moves: Sequence[Move], rng: random.Random
    ) -> dict[Move, float]:
        """The final policy after a search: each move's probability of being chosen, the moves
        with none left out, in legal-move order (``final="most_visited"``: the most visited
        move, 1.0; ``"visits"``: the normalised visit counts). The same errors as `choose`.

        >>> import parlour, random
        >>> from parlour.agents import ISMCTSAgent
        >>> state = parlour.new_game("ecarte", seed=1)
        >>> seen = parlour.agent_view(state, 1, random.Random(0))
        >>> shares = ISMCTSAgent(iterations=40, final="visits").policy(
        ...     seen, parlour.legal_moves(state), random.Random(0))
        >>> round(sum(shares.values()), 9), all(m in parlour.legal_moves(state) for m in shares)
        (1.0, True)
        """
        stats = self.search(view, legal_moves, rng)
        if self.final == "most_visited":
            return {stats.most_visited(): 1.0}
        return stats.visits()

    def search(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> SearchStats:
        """Search from ``view`` and return the root's statistics (`SearchStats`: the iterations
        run, each searched move's visits and mean reward). A lone legal move is not searched:
        0 iterations, that move listed with no visit and a mean of 0.5. The same errors as
        `choose`."""
        seat = check_choice(view, legal_moves, rng)
        sampled = sampled_state(view)
        if len(legal_moves) == 1:
            return SearchStats(
                iterations=0, moves=(MoveStats(move=legal_moves[0], visits=0, mean=0.5),)
            )
        if self.workers == 1:
            root, done = self._search(view, legal_moves, sampled, seat, rng, self.iterations)
            return _root_stats(
                {key: (child.visits, child.reward) for key, child in root.children.items()},
                legal_moves,
                done,
            )
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        seeds = [rng.getrandbits(64) for _ in range(self.workers)]
        shares = _shares(self.iterations, self.workers)
        futures = [
            self._pool.submit(_worker_search, self, view, legal_moves, seed, share)
            for seed, share in zip(seeds, shares, strict=True)
        ]
        merged: dict[Hashable, tuple[int, float]] = {}
        done = 0
        for future in futures:  # in worker order: the same sums whatever finishes first
            counts, iterations = future.result()
            done += iterations
            for key, (visits, reward) in counts:
                seen_visits, seen_reward = merged.get(key, (0, 0.0))
                merged[key] = (seen_visits + visits, seen_reward + reward)
        return _root_stats(merged, legal_moves, done)

    def _search(
        self,
        view: Any,
        legal_moves: Sequence[Move],
        sampled: Any,
        seat: int,
        rng: random.Random,
        iterations: int | None,
    ) -> tuple[_Node, int]:
        """The searched root from ``sampled`` for ``seat``, and the iterations run."""
        team_of = _team_of(sampled)
        rewards = reward_function(self.reward, sampled, team_of)
        game = game_of(sampled)
        rollout = self.rollout
        if rollout == "auto":
            rollout = DEFAULT_ROLLOUTS.get(game.name, "random")
        playout = ROLLOUTS[rollout]
        root = _Node(seat)
        if self.evaluator is not None:
            root.priors = _priors(self.evaluator(view, legal_moves)[0], legal_moves, seat, seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        cpu_deadline = None if self.cpu_seconds is None else time.thread_time() + self.cpu_seconds
        done = 0
        while True:
            determinization = sample_state(sampled, seat, rng)
            self._iterate(root, determinization, seat, team_of, rewards, playout, rng)
            done += 1
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if cpu_deadline is not None and time.thread_time() >= cpu_deadline:
                break
        return root, done

    def _iterate(
        self,
        root: _Node,
        state: Any,
        seat: int,
        team_of: tuple[int, ...],
        rewards: Rewards,
        playout: Callable[[Any, Game, random.Random], Move],
        rng: random.Random,
    ) -> None:
        """One selection, expansion, evaluation (or rollouts) and backpropagation on
        determinization ``state``."""
        game = game_of(state)
        before = game.score(state)
        node = root
        path: list[_Node] = []
        evaluator = self.evaluator
        while True:
            player = game.current_player(state)
            if type(player) is not int:
                break
            moves = game.legal_moves(state)
            edges = self._edges(moves, player, seat, rng)
            children = node.children
            for key in edges:
                child = children.get(key)
                if child is not None:
                    child.available += 1
            if evaluator is None:
                untried = [key for key in edges if key not in children]
                key = (
                    untried[rng.randrange(len(untried))]
                    if untried
                    else max(edges, key=lambda edge: self._ucb(children[edge]))
                )
            else:
                if node.priors is None:
                    node.priors = self._evaluate(state, game, player, moves, seat)[0]
                key = self._puct(node, edges)
            child = children.get(key)
            state = game.apply(state, _pick(edges[key], rng), None)
            if child is None:
                node = children[key] = _Node(player)
                path.append(node)
                break
            node = child
            path.append(node)
        seat_rewards = self._leaf_rewards(
            node, state, game, before, seat, team_of, rewards, playout, rng
        )
        for visited in path:
            visited.visits += 1
            visited.reward += seat_rewards[visited.mover]

    def _leaf_rewards(
        self,
        node: _Node,
        state: Any,
        game: Game,
        before: tuple[int, ...],
        seat: int,
        team_of: tuple[int, ...],
        rewards: Rewards,
        playout: Callable[[Any, Game, random.Random], Move],
        rng: random.Random,
    ) -> tuple[float, ...]:
        """Each seat's reward from the new node ``node`` at ``state``: the evaluator's value
        when it gives one, else the mean over ``rollouts`` playouts."""
        player = game.current_player(state)
        if self.evaluator is not None and type(player) is int:
            priors, value = self._evaluate(state, game, player, game.legal_moves(state), seat)
            node.priors = priors
            if value is not None:
                own = team_of[player]
                return tuple(value if team == own else 1.0 - value for team in team_of)
        total = [0.0] * len(team_of)
        for _ in range(self.rollouts):
            end = state
            while type(game.current_player(end)) is int:
                end = game.apply(end, playout(end, game, rng), None)
            for index, reward in enumerate(rewards(before, game.score(end))):
                total[index] += reward
        return tuple(reward / self.rollouts for reward in total)

    def _evaluate(
        self, state: Any, game: Game, player: int, moves: Sequence[Move], seat: int
    ) -> tuple[dict[Hashable, float], float | None]:
        """The evaluator's priors (by edge key) and value for ``player`` to act at ``state``."""
        assert self.evaluator is not None
        seen = attrs.evolve(game.view(state, player), sampled=state)
        priors, value = self.evaluator(seen, moves)
        if value is not None and not 0 <= value <= 1:
            raise ValueError(f"an evaluator's value must be from 0 to 1, not {value!r}")
        return _priors(priors, moves, player, seat), value

    def _puct(self, node: _Node, edges: dict[Hashable, list[Move]]) -> Hashable:
        """The available edge with the highest PUCT score (module docstring)."""
        children = node.children
        priors = node.priors or {}
        weights = {key: priors.get(key, 0.0) for key in edges}
        total = sum(weights.values())
        if total <= 0:
            weights = dict.fromkeys(edges, 1.0)
            total = float(len(edges))
        visits = {key: (children[key].visits if key in children else 0) for key in edges}
        scale = self.exploration * math.sqrt(sum(visits.values()) + 1) / total

        def score(key: Hashable) -> float:
            child = children.get(key)
            mean = 0.5 if child is None or child.visits == 0 else child.reward / child.visits
            return mean + scale * weights[key] / (1 + visits[key])

        return max(edges, key=score)

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


def _check_choice_of(name: str, value: object, known: Sequence[str]) -> None:
    if value not in known:
        raise AgentSpecError(f"{name} must be one of {', '.join(known)}, not {value!r}")


def _priors(
    priors: Mapping[Move, float] | None, moves: Sequence[Move], player: int, seat: int
) -> dict[Hashable, float]:
    """An evaluator's priors by edge key (summed over moves ``seat`` cannot tell apart); none:
    an empty mapping, read as uniform."""
    if priors is None:
        return {}
    keyed: dict[Hashable, float] = {}
    for move, weight in priors.items():
        if not weight >= 0:
            raise ValueError(f"an evaluator's prior must be a number >= 0, not {weight!r}")
        key = observed_move(move, player, seat)
        keyed[key] = keyed.get(key, 0.0) + float(weight)
    return keyed


def _pick(moves: list[Move], rng: random.Random) -> Move:
    """One of the moves behind an edge (several only for another seat's private move)."""
    return moves[0] if len(moves) == 1 else moves[rng.randrange(len(moves))]


def _root_stats(
    counts: Mapping[Hashable, tuple[int, float]], legal_moves: Sequence[Move], iterations: int
) -> SearchStats:
    """The root's `SearchStats` from each edge's visits and total reward, in legal-move order
    (the root's edges are the searching seat's own moves: `Move` keys)."""
    order = {move: index for index, move in enumerate(legal_moves) if move in counts}
    if not any(counts[move][0] for move in order):
        raise AgentError(
            "none of the legal moves given was searched: they must be parlour.legal_moves of "
            "the state the view is of"
        )
    moves = tuple(
        MoveStats(move=move, visits=counts[move][0], mean=counts[move][1] / counts[move][0])
        for move in sorted(order, key=order.__getitem__)
        if counts[move][0]
    )
    return SearchStats(iterations=iterations, moves=moves)


def _shares(iterations: int | None, workers: int) -> list[int | None]:
    """Each worker's share of an iteration budget (the first ones one more on a remainder; at
    least one each)."""
    if iterations is None:
        return [None] * workers
    share, extra = divmod(iterations, workers)
    return [max(1, share + (index < extra)) for index in range(workers)]


def _worker_search(
    agent: ISMCTSAgent, view: Any, legal_moves: Sequence[Move], seed: int, iterations: int | None
) -> tuple[list[tuple[Hashable, tuple[int, float]]], int]:
    """One worker's search (in its own process): the root's visits and total reward by edge."""
    sampled = sampled_state(view)
    root, done = agent._search(
        view, legal_moves, sampled, view.seat, random.Random(seed), iterations
    )
    return [(key, (child.visits, child.reward)) for key, child in root.children.items()], done


def _team_of(state: Any) -> tuple[int, ...]:
    """The index of each seat's team."""
    index = {seat: number for number, team in enumerate(teams(state)) for seat in team}
    return tuple(index[seat] for seat in range(len(index)))


def observed_move(move: Move, mover: int, observer: int) -> Hashable:
    """What ``observer`` sees of ``move`` made by ``mover``, the key of a search tree's edge: the
    move itself, or for another seat's move what the others see of it (`Move.seen_by_others`:
    an Écarté discard shows only how many cards)."""
    return move if mover == observer else move.seen_by_others()
