"""``parlour arena GAME SPEC SPEC [SPEC ...]``: every pairing of the agents over shared deals,
seats swapped (`parlour.agents.round_robin`), as a table on standard output (``--json``: one
JSON document) with a progress bar on standard error when it is a terminal (not with
``--quiet``).

Exit status: 0 once the table is written; 2 for a bad game, spec, option or count (the message
on standard error, nothing on standard output); 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from parlour.agents import SPEC_HELP, DealRecord, Pairing, RoundRobin, round_robin
from parlour.base import ParlourError
from parlour.cli._progress import ProgressBar
from parlour.cli._validate import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE

__all__ = ["add_arena_parser", "arena_table", "run_arena"]

OptionsParser = Callable[[Sequence[str]], dict[str, Any]]


def add_arena_parser(commands: Any, parse_options: OptionsParser) -> None:
    """Add ``parlour arena`` to the subcommands ``commands``; ``parse_options`` reads the
    ``--option NAME=JSON`` arguments as the other commands do."""
    arena = commands.add_parser(
        "arena",
        help="rate agents against each other: seat-swapped matches over shared deals",
        description="Every pairing of the agents plays --deals pairs of matches: pair k twice "
        "from seed S + k, the seats swapped. Single deals unless --option target=... says "
        "otherwise. Prints each pairing's score rate (a tie counts half) with its 95 % Wilson "
        "interval, mean margin with its 95 % interval, CPU time per decision (p50/p90), and "
        "Bradley-Terry ratings on the Elo scale (the first agent at 0).",
    )
    arena.add_argument("game", help="a registered game name (see `parlour games`)")
    arena.add_argument(
        "specs", nargs="+", metavar="SPEC", help=f"two agents or more ({SPEC_HELP})"
    )
    arena.add_argument(
        "--deals", type=int, default=100, metavar="N",
        help="pairs of matches per pairing (default 100: 200 matches)",
    )  # fmt: skip
    arena.add_argument(
        "--seed", type=int, default=1, help="pair k is played from seed S + k (default 1)"
    )
    arena.add_argument(
        "--option", action="append", default=[], metavar="NAME=JSON",
        help="set a match option, its value in JSON, over target=null; repeatable",
    )  # fmt: skip
    arena.add_argument("--json", action="store_true", help="one JSON document for programs")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")
    arena.set_defaults(run=lambda arguments: run_arena(arguments, parse_options))


def run_arena(arguments: argparse.Namespace, parse_options: OptionsParser) -> int:
    """Play the round-robin and print it; the exit status."""
    try:
        if len(arguments.specs) < 2:
            raise _ArenaArgumentError("give two agent specs or more")
        if arguments.deals < 1:
            raise _ArenaArgumentError(f"--deals must be at least 1, not {arguments.deals}")
        options = parse_options(arguments.option)
        pairings = len(arguments.specs) * (len(arguments.specs) - 1) // 2
        progress = ProgressBar(
            sys.stderr, label="parlour arena", total=2 * arguments.deals * pairings,
            unit="matches", wanted=not arguments.quiet,
        )  # fmt: skip
        done = [0]

        def count(record: DealRecord) -> None:
            done[0] += 1
            progress.update(done[0])

        try:
            table = round_robin(arguments.game, arguments.specs, deals=arguments.deals,
                                seed=arguments.seed, options=options, on_deal=count)  # fmt: skip
        except KeyboardInterrupt:
            progress.clear()
            print("parlour arena: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        progress.clear()
    except ParlourError as error:
        print(f"parlour: arena: {error}", file=sys.stderr)
        return EXIT_USAGE
    if arguments.json:
        print(json.dumps(table.to_dict(), indent=1))
    else:
        print(arena_table(table))
    return EXIT_OK


class _ArenaArgumentError(ParlourError):
    """An argument of ``parlour arena`` out of range."""


def arena_table(table: RoundRobin) -> str:
    """The text report of a round-robin: a line per pairing, then the ratings."""
    width = max(len(name) for name in table.agents)
    options = ", ".join(f"{name}={json.dumps(value)}" for name, value in table.options)
    lines = [
        f"{table.game}: {len(table.agents)} agents, {table.deals} pairs of seat-swapped matches "
        f"per pairing, seeds {table.seed} to {table.seed + table.deals - 1}, {options}",
        f"{'A':<{width}}  {'B':<{width}}  {'matches':>7}  {'W-L-T':>11}  "
        f"{'A scores [95 % CI]':<22}  {'margin [95 % CI]':<26}  ms/decision A, B (p50/p90)",
    ]
    lines.extend(_pairing_line(pairing, width) for pairing in table.pairings)
    ratings = table.ratings()
    lines.append(f"Bradley-Terry ratings, Elo scale ({table.agents[0]} = 0):")
    ranked = sorted(range(len(ratings)), key=lambda agent: (-ratings[agent], agent))
    lines.extend(f"  {table.agents[agent]:<{width}}  {ratings[agent]:+7.0f}" for agent in ranked)
    return "\n".join(lines)


def _pairing_line(pairing: Pairing, width: int) -> str:
    summary = pairing.summary()
    low, high = summary.score_interval
    rate = f"{summary.score_rate:6.1%} [{low:.1%}, {high:.1%}]"
    interval = summary.margin_interval
    spread = "" if interval is None else f" [{interval[0]:+.1f}, {interval[1]:+.1f}]"
    margin = f"{summary.mean_margin:+.1f}{spread}"
    tally = f"{summary.wins}-{summary.losses}-{summary.ties}"
    quantiles = zip(summary.cpu_p50, summary.cpu_p90, strict=True)
    times = ", ".join(f"{1000 * p50:.2f}/{1000 * p90:.2f}" for p50, p90 in quantiles)
    return (
        f"{pairing.first:<{width}}  {pairing.second:<{width}}  {summary.matches:>7}  "
        f"{tally:>11}  {rate:<22}  {margin:<26}  {times}"
    )
