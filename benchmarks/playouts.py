"""What every benchmark measures, for any registered game, through the public API exactly as
a user calls it: uniform-random deals per second and the latency of `legal_moves`.

A "deal" is one chance move (`random_deal` + `apply`) followed by uniform-random legal moves
until the next deal is due or the match is over; matches are single deals (``target=None``)
strung together. Each bench_<game>.py script runs these for its game and prints the figures;
nothing is asserted (the targets live in docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import parlour
from parlour import apply, is_chance, is_over, legal_moves, new_game, random_deal

__all__ = [
    "Played",
    "legal_moves_timings",
    "play_random_deals",
    "random_deals_per_second",
    "run",
    "summary",
]

SINGLE_DEAL = {"target": None}


def random_deals_per_second(game: str, deals: int, seed: int) -> tuple[float, int]:
    """Play ``deals`` uniform-random deals; the deals per second and the player moves made."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    state = new_game(game, options=SINGLE_DEAL)
    for _ in range(deals):
        if is_over(state):
            state = new_game(game, options=SINGLE_DEAL)
        state = apply(state, random_deal(state, rng))
        while not is_chance(state) and not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            moves += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, moves


class Played(NamedTuple):
    """What `play_random_deals` did: the deals completed, the player moves made, the seconds."""

    deals: int
    moves: int
    seconds: float


def play_random_deals(
    game: str,
    rng: random.Random,
    *,
    options: Mapping[str, Any] = SINGLE_DEAL,
    deals: int | None = None,
    seconds: float | None = None,
) -> Played:
    """Play complete uniform-random deals, each from a fresh single-deal match (``options``),
    until ``deals`` are done or ``seconds`` have passed (checked after each deal, so the last
    deal is always finished), whichever comes first; at least one deal is played.

    The same loop as `random_deals_per_second`, but with the game's options, a time budget and
    the caller's generator, so that a caller can run it in slices (alternating with another
    engine) and keep one stream of random numbers across them.
    """
    clock = time.perf_counter
    done = moves = 0
    start = clock()
    while True:
        state = new_game(game, options=options)
        state = apply(state, random_deal(state, rng))
        while not is_chance(state) and not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            moves += 1
        done += 1
        elapsed = clock() - start
        if (deals is not None and done >= deals) or (seconds is not None and elapsed >= seconds):
            return Played(done, moves, elapsed)


def legal_moves_timings(
    game: str,
    samples: int,
    seed: int,
    selected: Callable[[Any], bool] = lambda state: True,
    *,
    options: Mapping[str, Any] = SINGLE_DEAL,
    seconds: float | None = None,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> tuple[list[float], list[float]]:
    """Timings (µs) of `legal_moves` on the fresh states of random play: on every state, and on
    the ``selected`` ones, until ``samples`` selected states have been timed (or, with
    ``seconds``, until that much time has passed, whichever comes first). ``options`` are those
    of each new match (single deals by default). ``clock`` (ns) is wall time by default;
    `time.thread_time_ns` leaves out the time the process was not running (a shared machine).

    Each state is timed once, on its first call (a game may cache the legal set on the state);
    ``selected`` is called on every timed state in the order of play, after its timing.
    """
    rng = random.Random(seed)
    every: list[float] = []
    chosen: list[float] = []
    state = new_game(game, options=options)
    deadline = None if seconds is None else time.perf_counter() + seconds
    while len(chosen) < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if is_over(state):
            state = new_game(game, options=options)
        if is_chance(state):
            state = apply(state, random_deal(state, rng))
            continue
        begin = clock()
        moves = legal_moves(state)
        took = (clock() - begin) / 1000
        every.append(took)
        if selected(state):
            chosen.append(took)
        state = apply(state, rng.choice(moves))
    return every, chosen


def summary(timings: list[float]) -> str:
    """The median and 99th percentile of ``timings`` (µs), and how many there are."""
    ordered = sorted(timings)
    median = statistics.median(ordered)
    p99 = ordered[int(len(ordered) * 0.99)]
    return f"median {median:.2f} µs, p99 {p99:.2f} µs ({len(ordered)} states)"


def run(
    game: str,
    title: str,
    description: str,
    *,
    default_deals: int = 5000,
    window: tuple[str, Callable[[Any], bool]] | None = None,
) -> None:
    """Parse ``--deals`` and ``--seed``, then print the game's figures; ``window`` names a kind
    of state whose `legal_moves` is also timed on its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=default_deals)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"parlour {parlour.__version__}, {title}")
    rate, moves = random_deals_per_second(game, args.deals, args.seed)
    print(f"random deals per second: {rate:,.0f} ({args.deals} deals, {moves} player moves)")
    if window is None:
        every, _ = legal_moves_timings(game, 20000, args.seed)
    else:
        name, selected = window
        every, chosen = legal_moves_timings(game, max(1000, args.deals * 20), args.seed, selected)
        print(f"legal_moves latency, {name}: {summary(chosen)}")
    print(f"legal_moves latency: {summary(every)}")
