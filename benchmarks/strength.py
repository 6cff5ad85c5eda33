"""Playing strength: seat-swapped matches between two agents over shared deals (the arena).

    python benchmarks/strength.py [--games belote,ecarte,...] [--pairs heuristic/random,...]
                                  [--deals N] [--seed S] [--option NAME=JSON ...]

Each pair ``A/B`` plays ``--deals`` pairs of matches per game (default 10) by
`parlour.agents.play_pair`: pair ``k`` twice from seed ``S + k``, A at the even seats (partners 0
and 2 in a four-player game, seat 0 in a two-player one) and then at the odd ones, so neither
agent gains from its seat or its cards. Matches are single deals unless ``--option`` says
otherwise (``target=1000``: the game's full match). Each line gives A's score rate (a tie counts
half) with its 95 % Wilson interval, the tally, the mean margin with its 95 % interval and each
agent's CPU milliseconds per decision (median). ``parlour arena`` does the same for several
agents at once, with Bradley–Terry ratings. Agent specs are those of ``parlour demo --agents``
(``random``, ``heuristic``, ``ismcts:200``, ``ismcts:0.5s``, ``ismcts:200+heuristic``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

import parlour
from parlour.agents import Pairing, play_pair

DEFAULT_PAIRS = "heuristic/random,ismcts:200/heuristic"


def line(pairing: Pairing) -> str:
    """One report line: the score rate, its interval, the tally, the margin, the CPU times."""
    summary = pairing.summary()
    low, high = summary.score_interval
    margin = summary.margin_interval
    spread = "" if margin is None else f" [{margin[0]:+.1f}, {margin[1]:+.1f}]"
    first_ms, second_ms = (1000 * seconds for seconds in summary.cpu_p50)
    return (
        f"{pairing.game:8} {pairing.first:>22} vs {pairing.second:<22} "
        f"scores {summary.score_rate:6.1%} [{low:5.1%}, {high:5.1%}]  "
        f"{summary.wins}-{summary.losses}-{summary.ties} of {summary.matches}  "
        f"margin {summary.mean_margin:+.1f}{spread}  ms/decision {first_ms:.2f} / {second_ms:.2f}"
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
    parser.add_argument("--deals", type=int, default=10, help="pairs of matches per pair and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    arguments = parser.parse_args(argv)
    options = _options(arguments.option)
    print(
        f"{arguments.deals} pairs of seat-swapped matches per pair, seed {arguments.seed}, "
        f"options {options or 'single deal'}"
    )
    for game in arguments.games.split(","):
        for pair in arguments.pairs.split(","):
            first, _, second = pair.partition("/")
            pairing = play_pair(
                game, first, second, deals=arguments.deals, seed=arguments.seed, options=options
            )
            print(line(pairing), flush=True)


if __name__ == "__main__":
    main()
