"""Écarté benchmarks through the public API: random deals per second and legal-move latency
(proposals, exchanges, kings and play included; see playouts.py). Run:

    python benchmarks/bench_ecarte.py [--deals N] [--seed S] [--against REV]

``--against REV`` also plays this tree and git revision REV side by side in alternating slices
and prints both rates and their ratio (see against_revision.py).
"""

from __future__ import annotations

import sys

from against_revision import compare, pop_against, print_rates
from playouts import run

if __name__ == "__main__":
    against, sys.argv[1:] = pop_against(sys.argv[1:])
    run("ecarte", "Écarté", (__doc__ or "").splitlines()[0])
    if against is not None:
        print_rates("ecarte", against, compare("ecarte", against))
