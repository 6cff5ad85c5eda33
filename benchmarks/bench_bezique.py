"""Bezique benchmarks through the public API: random deals per second and legal-move latency.

A "deal" is one chance move (`random_deal` + `apply`) followed by uniform-random legal moves
until the next deal is due or the match is over: 32 tricks, the winners' windows (melds, sevens,
draws) included. `legal_moves` is timed on every state of random play, and separately on the
states of the winner's window (phase DECLARE), where the melds are searched. Run:

    python benchmarks/bench_bezique.py [--deals N] [--seed S]

It prints the figures; nothing is asserted (the targets live in docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import parlour
from parlour import apply, is_chance, is_over, legal_moves, new_game, random_deal
from parlour.bezique import BeziqueState, Phase

SINGLE_DEAL = {"target": None}


def random_deals_per_second(deals: int, seed: int) -> tuple[float, int]:
    """Play ``deals`` uniform-random deals (single-deal matches strung together)."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    state = new_game("bezique", options=SINGLE_DEAL)
    for _ in range(deals):
        if is_over(state):
            state = new_game("bezique", options=SINGLE_DEAL)
        state = apply(state, random_deal(state, rng))
        while not is_chance(state) and not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            moves += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, moves


def legal_moves_latency(samples: int, seed: int) -> tuple[list[float], list[float]]:
    """`legal_moves` timings (µs) on the states of random play: all of them, and those of the
    winner's window (phase DECLARE), until ``samples`` window states have been timed."""
    rng = random.Random(seed)
    every: list[float] = []
    declaring: list[float] = []
    state: BeziqueState = new_game("bezique", options=SINGLE_DEAL)
    clock = time.perf_counter_ns
    while len(declaring) < samples:
        if is_over(state):
            state = new_game("bezique", options=SINGLE_DEAL)
        if is_chance(state):
            state = apply(state, random_deal(state, rng))
            continue
        begin = clock()
        moves = legal_moves(state)
        took = (clock() - begin) / 1000
        every.append(took)
        if state.phase == Phase.DECLARE:
            declaring.append(took)
        state = apply(state, rng.choice(moves))
    return every, declaring


def summary(timings: list[float]) -> str:
    ordered = sorted(timings)
    median = statistics.median(ordered)
    p99 = ordered[int(len(ordered) * 0.99)]
    return f"median {median:.2f} µs, p99 {p99:.2f} µs ({len(ordered)} states)"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"parlour {parlour.__version__}, Bezique")
    rate, moves = random_deals_per_second(args.deals, args.seed)
    print(f"random deals per second: {rate:,.0f} ({args.deals} deals, {moves} player moves)")
    every, declaring = legal_moves_latency(max(1000, args.deals * 20), args.seed)
    print(f"legal_moves latency, winner's window (DECLARE): {summary(declaring)}")
    print(f"legal_moves latency, every state: {summary(every)}")


if __name__ == "__main__":
    main()
