"""Burraco benchmarks through the public API: random complete hands per second and `legal_moves`
latency, four and two players, and the same random loop over OpenSpiel's C++ gin rummy run
alternately with it in one process (see playouts.py). Run:

    python benchmarks/bench_burraco.py [--deals N] [--seconds S] [--slice T] [--seed S]
        [--against REV]

``--deals`` is the number of hands played for each player count's hands-per-second figure, and
of states timed right after a large pickup; each of these measurements stops after
``--max-seconds`` (30) if it is not done by then, so the smoke run ``--deals 300`` takes about
a minute whatever the speed. The comparison
with gin rummy needs OpenSpiel (``pip install parlour[bench]``); without it that part is skipped.
It plays ``--slice``-second slices of each engine in turn, for ``--seconds`` in all per player
count, and prints both rates and their ratio. `legal_moves` is timed by the wall clock and again
(the same states) by the thread's CPU time, which leaves out the time the process was descheduled
on a shared machine. ``--against REV`` also plays this tree and git revision REV side by side in
alternating slices, four and two players, and prints both rates and their ratio (see
against_revision.py). Nothing is asserted (the targets: docs/performance.md).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import random
import statistics
import sys
import time
from typing import Any

from against_revision import compare as compare_revision
from against_revision import pop_against, print_rates
from playouts import Played, legal_moves_timings, play_random_deals, summary

import parlour
from parlour import view

try:  # optional (the ``bench`` extra); pyspiel ships no type stubs
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError:
    pyspiel = None

GAME = "burraco"
LARGE_PILE = 5
"""A pickup of at least this many cards is a large one (``--pile``)."""


def hand_options(players: int) -> dict[str, Any]:
    """One hand (no match target) at ``players`` seats."""
    return {"target": None, "players": players}


class AfterLargePickup:
    """A `legal_moves_timings` selector: true on the state right after a seat picked up a
    discard pile of at least ``size`` cards (its view's ``took_pile`` has just turned on).

    It relies on being called on every state of the play in order, as `legal_moves_timings`
    does: it remembers the previous state's pile and ``took_pile``.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.pile = 0
        self.took = False

    def __call__(self, state: Any) -> bool:
        seen: Any = view(state, None)
        took = bool(seen.took_pile)
        hit = took and not self.took and self.pile >= self.size
        self.took = took
        self.pile = len(seen.discard)
        return hit


def chance_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """An action drawn from OpenSpiel's ``(action, probability)`` list by its probabilities."""
    draw = rng.random()
    for action, probability in outcomes:
        draw -= probability
        if draw < 0:
            return action
    return outcomes[-1][0]


def play_gin_rummy(game: Any, rng: random.Random, seconds: float) -> Played:
    """Complete uniform-random gin rummy hands (chance by its probabilities, players uniform over
    `legal_actions`) for about ``seconds``, checked after each hand, as `play_random_deals`."""
    clock = time.perf_counter
    hands = moves = 0
    start = clock()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        hands += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return Played(hands, moves, elapsed)


def rate(played: Played) -> float:
    """Hands per second."""
    return played.deals / played.seconds


def add(total: Played, more: Played) -> Played:
    """Two tallies summed."""
    return Played(total.deals + more.deals, total.moves + more.moves, total.seconds + more.seconds)


def compare(players: int, seconds: float, slice_seconds: float, seed: int) -> None:
    """Alternate slices of parlour's Burraco and OpenSpiel's gin rummy; print both rates."""
    gin = pyspiel.load_game("gin_rummy")
    options = hand_options(players)
    ours_rng, gin_rng = random.Random(seed), random.Random(seed + 1)
    play_random_deals(GAME, ours_rng, options=options, seconds=0.2)  # warm up both
    play_gin_rummy(gin, gin_rng, 0.2)
    ours = theirs = Played(0, 0, 0.0)
    ratios: list[float] = []
    for turn in range(max(1, round(seconds / (2 * slice_seconds)))):
        if turn % 2 == 0:  # who goes first alternates, so a drift in load hits both alike
            mine = play_random_deals(GAME, ours_rng, options=options, seconds=slice_seconds)
            other = play_gin_rummy(gin, gin_rng, slice_seconds)
        else:
            other = play_gin_rummy(gin, gin_rng, slice_seconds)
            mine = play_random_deals(GAME, ours_rng, options=options, seconds=slice_seconds)
        ours, theirs = add(ours, mine), add(theirs, other)
        ratios.append(rate(mine) / rate(other))
    ratio = rate(ours) / rate(theirs)
    per_move = (ours.moves / ours.seconds) / (theirs.moves / theirs.seconds)
    print(
        f"  parlour Burraco {players}p: {rate(ours):,.1f} hands/s ({ours.deals} hands, "
        f"{ours.moves / ours.deals:.0f} player moves/hand, {ours.seconds:.1f} s)"
    )
    print(
        f"  OpenSpiel gin_rummy: {rate(theirs):,.1f} hands/s ({theirs.deals} hands, "
        f"{theirs.moves / theirs.deals:.0f} player moves/hand, {theirs.seconds:.1f} s)"
    )
    print(
        f"  ratio parlour/gin_rummy, {players}p: {ratio:.2f} (per slice pair: min "
        f"{min(ratios):.2f}, median {statistics.median(ratios):.2f}, max {max(ratios):.2f}, "
        f"{len(ratios)} pairs); per player move: {per_move:.2f}"
    )


def main() -> None:
    against, sys.argv[1:] = pop_against(sys.argv[1:])
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="hands per player count")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--max-seconds", type=float, default=30.0,
        help="time cap of each hands-per-second and latency measurement (default 30)",
    )  # fmt: skip
    parser.add_argument(
        "--pickups", type=int, default=None,
        help="states right after a large pickup to time (default: --deals)",
    )  # fmt: skip
    parser.add_argument(
        "--pile", type=int, default=LARGE_PILE,
        help=f"the least pile a large pickup takes (default {LARGE_PILE})",
    )  # fmt: skip
    parser.add_argument(
        "--seconds", type=float, default=20.0,
        help="wall time of the gin rummy comparison per player count (default 20)",
    )  # fmt: skip
    parser.add_argument("--slice", type=float, default=1.0, help="seconds per slice (default 1)")
    args = parser.parse_args()
    pickups = args.deals if args.pickups is None else args.pickups
    if against is not None:
        for players in (4, 2):
            rates = compare_revision(GAME, against, options={"players": players})
            print_rates(f"burraco {players}p", against, rates)
    print(f"parlour {parlour.__version__}, Burraco (single hands: target None)")
    for players in (4, 2):
        options = hand_options(players)
        played = play_random_deals(
            GAME, random.Random(args.seed), options=options, deals=args.deals,
            seconds=args.max_seconds,
        )  # fmt: skip
        capped = "" if played.deals >= args.deals else f", stopped at {args.max_seconds:g} s"
        print(
            f"{players} players: random hands per second: {rate(played):,.1f} ({played.deals} "
            f"hands, {played.moves} player moves, {played.moves / played.deals:.0f} per hand"
            f"{capped})"
        )
        clocks = (("wall clock", time.perf_counter_ns), ("thread CPU time", time.thread_time_ns))
        for name, clock in clocks:
            every, chosen = legal_moves_timings(
                GAME, pickups, args.seed, AfterLargePickup(args.pile), options=options,
                seconds=args.max_seconds, clock=clock,
            )  # fmt: skip
            print(f"{players} players: legal_moves latency ({name}): {summary(every)}")
            after = summary(chosen) if chosen else "none met"
            print(f"  right after a pickup of >= {args.pile} cards ({name}): {after}")
    if pyspiel is None:
        print("OpenSpiel is absent (pip install parlour[bench]): gin rummy comparison skipped")
        return
    try:
        version = importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        version = "(version unknown)"
    print(
        f"side by side with OpenSpiel {version} gin_rummy (C++), alternating "
        f"{args.slice:g}-s slices in one process, {args.seconds:g} s per player count:"
    )
    for players in (4, 2):
        compare(players, args.seconds, args.slice, args.seed)


if __name__ == "__main__":
    main()
