"""Belote benchmarks through the public API: random deals per second and legal-move latency
(bidding, play and throw-ins included; see playouts.py). Run:

    python benchmarks/bench_belote.py [--deals N] [--seed S]
"""

from __future__ import annotations

from playouts import run

if __name__ == "__main__":
    run("belote", "Belote", (__doc__ or "").splitlines()[0])
