"""Bezique benchmarks through the public API: random deals per second, and `legal_moves`
latency on every state and on the states of the trick winner's window (phase DECLARE), where
the melds are searched (see playouts.py). Run:

    python benchmarks/bench_bezique.py [--deals N] [--seed S] [--against REV]

``--against REV`` also plays this tree and git revision REV side by side in alternating slices
and prints both rates and their ratio (see against_revision.py).
"""

from __future__ import annotations

import sys
from typing import Any

from against_revision import compare, pop_against, print_rates
from playouts import run

from parlour.bezique import BeziqueState, Phase


def in_winners_window(state: Any) -> bool:
    """Whether the trick winner is declaring (melds, sevens, then draw)."""
    return isinstance(state, BeziqueState) and state.phase == Phase.DECLARE


if __name__ == "__main__":
    against, sys.argv[1:] = pop_against(sys.argv[1:])
    run(
        "bezique",
        "Bezique",
        (__doc__ or "").splitlines()[0],
        default_deals=3000,
        window=("winner's window (DECLARE)", in_winners_window),
    )
    if against is not None:
        print_rates("bezique", against, compare("bezique", against))
