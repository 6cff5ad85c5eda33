"""Playing strength: matches between two agents, seats rotated, win rates with 95 % intervals.

    python benchmarks/strength.py [--games belote,ecarte,...] [--pairs heuristic/random,...]
                                  [--matches N] [--seed S] [--option NAME=JSON ...]

Each pair ``A/B`` plays ``--matches`` matches per game (default 20): match ``2k`` seats A at
the even seats (partners 0 and 2 in a four-player game, seat 0 in a two-player one) and match
``2k + 1`` swaps the seats over the same deals (the same seed), so neither agent gains from its
seat or its cards. A's win rate is its wins over the matches played, with the Wilson score
interval at 95 % confidence; a tie (both teams winners) is no win. ``--option`` sets match
options for every game (``target=null``: single-deal matches). The time per move printed is
each agent's mean ``choose`` time (on a shared machine it is noisy, iteration budgets are not),
then its median CPU time (`time.thread_time`) per decision with more than one legal move.
Agent specs are those of ``parlour demo --agents`` (``random``, ``heuristic``, ``ismcts:200``,
``ismcts:0.5s``, ``ismcts:200+heuristic``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import attrs

import parlour
from parlour.agents import Agent, make_agent, play_match
from parlour.engine import Move

DEFAULT_PAIRS = "heuristic/random,ismcts:200/heuristic"
Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson_interval(wins: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / trials`` (``(0, 1)`` for no trials)."""
    if trials == 0:
        return (0.0, 1.0)
    share = wins / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    return (max(0.0, centre - half / denominator), min(1.0, centre + half / denominator))


class TimedAgent:
    """Wraps an agent and adds up the time its ``choose`` calls take."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.moves = 0
        self.cpu: list[float] = []

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        start, cpu = time.perf_counter(), time.thread_time()
        move = self.agent.choose(view, legal_moves, rng)
        self.seconds += time.perf_counter() - start
        if len(legal_moves) > 1:
            self.cpu.append(time.thread_time() - cpu)
        self.moves += 1
        return move

    def mean_seconds(self) -> float:
        """The mean time of one ``choose`` call so far (0 before the first)."""
        return self.seconds / self.moves if self.moves else 0.0

    def cpu_p50(self) -> float:
        """The median CPU time (this thread's) of the decisions with a choice (0 before one)."""
        return statistics.median(self.cpu) if self.cpu else 0.0

    def __repr__(self) -> str:
        return repr(self.agent)


@attrs.frozen(kw_only=True)
class PairResult:
    """The outcome of one pairing in one game: A's wins, losses and ties, and time per move."""

    game: str
    first: str
    second: str
    wins: int
    losses: int
    ties: int
    seconds_per_move: tuple[float, float]
    cpu_p50: tuple[float, float] = (0.0, 0.0)
    """Each agent's median CPU time per decision with more than one legal move."""

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.ties

    def line(self) -> str:
        """One report line: the rate, its interval, the tally and the time per move."""
        low, high = wilson_interval(self.wins, self.matches)
        rate = self.wins / self.matches if self.matches else 0.0
        first_ms, second_ms = (1000 * seconds for seconds in self.seconds_per_move)
        first_cpu, second_cpu = (1000 * seconds for seconds in self.cpu_p50)
        return (
            f"{self.game:8} {self.first:>22} vs {self.second:<22} "
            f"wins {rate:6.1%} [{low:5.1%}, {high:5.1%}]  "
            f"{self.wins}-{self.losses}-{self.ties} of {self.matches}  "
            f"ms/move {first_ms:.2f} / {second_ms:.2f}  "
            f"cpu p50 ms/decision {first_cpu:.1f} / {second_cpu:.1f}"
        )


def play_pair(
    game: str, first: str, second: str, matches: int, seed: int, options: dict[str, Any]
) -> PairResult:
    """``matches`` matches of ``game`` between the agents of specs ``first`` and ``second``."""
    timed = (TimedAgent(make_agent(first, game)), TimedAgent(make_agent(second, game)))
    players = parlour.players(parlour.new_game(game, options=options))
    wins = losses = ties = 0
    for number in range(matches):
        swapped = number % 2
        side_of_seat = [(seat + swapped) % 2 for seat in range(players)]
        agents = [timed[side] for side in side_of_seat]
        final = play_match(
            game, agents, options=options, seed=seed + number // 2, dealer=(number // 2) % players
        )
        sides = {side_of_seat[seat] for seat in parlour.winners(final)}
        if sides == {0}:
            wins += 1
        elif sides == {1}:
            losses += 1
        else:
            ties += 1
    return PairResult(
        game=game,
        first=first,
        second=second,
        wins=wins,
        losses=losses,
        ties=ties,
        seconds_per_move=(timed[0].mean_seconds(), timed[1].mean_seconds()),
        cpu_p50=(timed[0].cpu_p50(), timed[1].cpu_p50()),
    )


def _options(texts: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for text in texts:
        name, _, value = text.partition("=")
        options[name] = json.loads(value)
    return options


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments, play every pairing in every game, print one line for each."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(parlour.game_names()))
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="A/B pairs, comma-separated")
    parser.add_argument("--matches", type=int, default=20, help="matches per pair and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    arguments = parser.parse_args(argv)
    options = _options(arguments.option)
    print(
        f"{arguments.matches} matches per pair, seats swapped every other match, "
        f"seed {arguments.seed}, options {options or 'default'}"
    )
    for game in arguments.games.split(","):
        for pair in arguments.pairs.split(","):
            first, _, second = pair.partition("/")
            result = play_pair(game, first, second, arguments.matches, arguments.seed, options)
            print(result.line(), flush=True)


if __name__ == "__main__":
    main()
