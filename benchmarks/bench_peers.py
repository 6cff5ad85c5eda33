"""Parlour's Belote or Coinche against a peer engine, colver (a Rust Coinche engine driven from
Python), in one process: the two play uniform-random deals in alternating short slices, and the
deals per second of each and their ratio are printed. Run:

    python benchmarks/bench_peers.py [--game belote|coinche] [--seconds S] [--rounds R]
                                     [--deals N] [--seed S]

``--game coinche`` (parlour's Coinche, the same game as colver's) compares like with like; the
default, ``belote``, is the historical comparison of classic Belote with colver's Coinche.

colver comes with the ``bench`` extra (``pip install parlour[bench]``); it is never a test
dependency. Without it the benchmark says so and reports parlour alone.

A parlour deal is the loop a user writes: a single-deal match (``target=None``) with a random
dealer, `random_deal`, then `rng.choice(legal_moves(state))` and `apply` until `is_over` (when
all pass the deal is thrown in and the match deals again: no legal move, a deal due). A colver
deal is ``Env.deal(dealer, seed)``, then a random choice among ``legal_actions()`` and ``step``
until ``is_terminal()``. Every move is counted. Times are the thread's CPU time
(`time.thread_time`), so other processes on a shared machine do not count against either.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import parlour
from parlour import apply, is_over, legal_moves, new_game, random_deal

__all__ = ["Slice", "colver_deals", "load_colver", "main", "parlour_deals"]

SINGLE_DEAL = {"target": None}


class Slice(NamedTuple):
    """One engine's share of a round: deals completed, moves made, CPU seconds."""

    deals: int
    moves: int
    seconds: float


def parlour_deals(
    rng: random.Random, *, deals: int | None, seconds: float | None, game: str = "belote"
) -> Slice:
    """Play parlour deals of ``game`` until ``deals`` are done or ``seconds`` of CPU time have
    gone (checked after each deal; at least one deal is played)."""
    clock = time.thread_time
    done = moves = 0
    start = clock()
    while True:
        state = new_game(game, options=SINGLE_DEAL, dealer=rng.randrange(4))
        state = apply(state, random_deal(state, rng))
        moves += 1
        while not is_over(state):
            legal = legal_moves(state)
            # No legal move before the match is over: a deal is due (the deal was thrown in).
            state = apply(state, rng.choice(legal) if legal else random_deal(state, rng))
            moves += 1
        done += 1
        elapsed = clock() - start
        if (deals is not None and done >= deals) or (seconds is not None and elapsed >= seconds):
            return Slice(done, moves, elapsed)


def colver_deals(
    colver: Any, rng: random.Random, *, deals: int | None, seconds: float | None
) -> Slice:
    """Play colver deals (``Env.deal`` with a random dealer and seed) under the same budget."""
    clock = time.thread_time
    deal = colver.Env.deal
    done = moves = 0
    start = clock()
    while True:
        env = deal(rng.randrange(4), rng.getrandbits(32))
        while not env.is_terminal():
            env.step(rng.choice(env.legal_actions()))
            moves += 1
        done += 1
        elapsed = clock() - start
        if (deals is not None and done >= deals) or (seconds is not None and elapsed >= seconds):
            return Slice(done, moves, elapsed)


def load_colver() -> ModuleType | None:
    """The colver module, or ``None`` when it is not installed."""
    try:
        return importlib.import_module("colver")
    except ImportError:
        return None


def _rate(slices: list[Slice]) -> float:
    return sum(one.deals for one in slices) / sum(one.seconds for one in slices)


def _moves_per_deal(slices: list[Slice]) -> float:
    return sum(one.moves for one in slices) / sum(one.deals for one in slices)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the rounds and print each engine's rate and the ratio."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=5, help="slices of each engine")
    parser.add_argument(
        "--deals", type=int, default=None, help="deals per engine in all (instead of --seconds)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", choices=("belote", "coinche"), default="belote")
    args = parser.parse_args(argv)
    rounds = max(1, args.rounds)
    per_slice = None if args.deals is None else max(1, args.deals // rounds)
    seconds = None if per_slice is not None else args.seconds

    colver = load_colver()
    game = args.game
    print(f"parlour {parlour.__version__}, {game}: uniform-random deals, {rounds} rounds")
    if colver is None:
        print("colver is not installed (pip install parlour[bench]): parlour alone")
    else:
        print(f"colver {getattr(colver, '__version__', '?')} alternating in the same process")

    engines: list[tuple[str, Callable[[random.Random], Slice]]] = [
        ("parlour", lambda rng: parlour_deals(rng, deals=per_slice, seconds=seconds, game=game))
    ]
    if colver is not None:
        engines.append(
            ("colver", lambda rng: colver_deals(colver, rng, deals=per_slice, seconds=seconds))
        )
    slices: dict[str, list[Slice]] = {name: [] for name, _ in engines}
    generators = {name: random.Random(f"{args.seed}-{name}") for name, _ in engines}
    for _ in range(rounds):
        for name, play in engines:
            slices[name].append(play(generators[name]))
    for name, _ in engines:
        done = slices[name]
        print(
            f"{name:>8}: {_rate(done):8,.0f} deals/s "
            f"({sum(one.deals for one in done)} deals, {_moves_per_deal(done):.1f} moves/deal)"
        )
    if colver is not None:
        ratio = _rate(slices["parlour"]) / _rate(slices["colver"])
        per_round = [
            mine.deals / mine.seconds / (theirs.deals / theirs.seconds)
            for mine, theirs in zip(slices["parlour"], slices["colver"], strict=True)
        ]
        spread = ", ".join(f"{value:.2f}" for value in per_round)
        print(f"parlour / colver: {ratio:.2f}x (per round: {spread})")


if __name__ == "__main__":
    main()
