"""Écarté benchmarks through the public API: random deals per second and legal-move latency.

A "deal" is one chance move (`random_deal` + `apply`) followed by uniform-random legal moves until
the next deal is due or the match is over: proposals, exchanges, kings and play included. Run:

    python benchmarks/bench_ecarte.py [--deals N] [--seed S]

It prints the figures; nothing is asserted (the targets live in docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import parlour
from parlour import apply, is_chance, is_over, legal_moves, new_game, random_deal


def random_deals_per_second(deals: int, seed: int) -> tuple[float, int]:
    """Play ``deals`` uniform-random deals (single-deal matches strung together)."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    state = new_game("ecarte", options={"target": None})
    for _ in range(deals):
        if is_over(state):
            state = new_game("ecarte", options={"target": None})
        state = apply(state, random_deal(state, rng))
        while not is_chance(state) and not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            moves += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, moves


def legal_moves_latency(samples: int, seed: int) -> tuple[float, float]:
    """Median and 99th-percentile latency (µs) of `legal_moves` on fresh states of random play.

    Each state is timed once, on its first call (the legal set is cached per state afterwards).
    """
    rng = random.Random(seed)
    timings: list[float] = []
    state = new_game("ecarte", options={"target": None})
    clock = time.perf_counter_ns
    while len(timings) < samples:
        if is_over(state):
            state = new_game("ecarte", options={"target": None})
        if is_chance(state):
            state = apply(state, random_deal(state, rng))
            continue
        begin = clock()
        moves = legal_moves(state)
        timings.append((clock() - begin) / 1000)
        state = apply(state, rng.choice(moves))
    timings.sort()
    return statistics.median(timings), timings[int(len(timings) * 0.99)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"parlour {parlour.__version__}, Écarté")
    rate, moves = random_deals_per_second(args.deals, args.seed)
    print(f"random deals per second: {rate:,.0f} ({args.deals} deals, {moves} player moves)")
    median, p99 = legal_moves_latency(20000, args.seed)
    print(f"legal_moves latency: median {median:.2f} µs, p99 {p99:.2f} µs")


if __name__ == "__main__":
    main()
