"""Écarté benchmarks through the public API: random deals per second and legal-move latency
(proposals, exchanges, kings and play included; see playouts.py). Run:

    python benchmarks/bench_ecarte.py [--deals N] [--seed S]
"""

from __future__ import annotations

from playouts import run

if __name__ == "__main__":
    run("ecarte", "Écarté", (__doc__ or "").splitlines()[0])
