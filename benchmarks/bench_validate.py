"""Log validation throughput and memory: single-deal logs validated per second by
`validate_files` on one core and with ``jobs=2``, and the peak memory of the validating
processes, over a generated ``.jsonl`` of each game. Run:

    python benchmarks/bench_validate.py [--logs N] [--games belote,ecarte] [--jobs 1,2]

The corpus of each game is ``N`` lines (default 100,000) cycling through ``--distinct`` logs
(default 500, at most N/10) of single-deal matches (``target=None``) of random deals and
uniform-random legal moves from a seeded generator; it is written once into ``--cache``
(default: a folder in the temporary directory) and reused while the parameters and the
library's version are the same. Each measurement runs
in a fresh child process (``spawn``), so the peak memory reported is that of the validation
alone (``ru_maxrss`` of the child, and of its workers with ``jobs > 1``); runs of different job
counts alternate, round by round. ``--deals N`` is the same as ``--logs N`` (the smoke run of
CI). Nothing is asserted; the targets live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import parlour
from parlour import (
    Match,
    is_chance,
    is_over,
    legal_moves,
    random_deal,
    validate_files,
    write_log,
)
from parlour.io import summarize

DEFAULT_LOGS = 100_000
DEFAULT_DISTINCT = 500
"""The most distinct logs a corpus cycles through (at most a tenth of its logs, at least 1)."""
SINGLE_DEAL = {"target": None}


def single_deal_log(game: str, rng: random.Random) -> str:
    """The log of one single-deal match of ``game``: random deals, uniform-random legal moves
    (as in playouts.py; a bot's speed or strength does not matter here)."""
    match = Match(game, options=SINGLE_DEAL)
    while not is_over(match.state):
        if is_chance(match.state):
            match.apply(random_deal(match.state, rng))
        else:
            moves = legal_moves(match.state)
            match.apply(moves[rng.randrange(len(moves))])
    return write_log(match)


def corpus(game: str, logs: int, distinct: int, seed: int, cache: Path) -> Path:
    """The cached corpus file of ``game``, written first if missing."""
    name = f"{game}-{logs}-{distinct}-{seed}-{parlour.__version__}.jsonl"
    path = cache / name
    if path.exists():
        return path
    cache.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    pool = [single_deal_log(game, rng) for _ in range(max(1, min(distinct, logs // 10)))]
    partial = path.with_suffix(".partial")
    with open(partial, "w", encoding="utf-8") as file:
        for index in range(logs):
            file.write(pool[index % len(pool)])
            file.write("\n")
    partial.replace(path)
    return path


class Run(NamedTuple):
    """One measured validation: logs, invalid ones, wall-clock seconds, CPU seconds of the
    validating process and of its workers, and peak memory (MiB) of each (0 without workers)."""

    logs: int
    invalid: int
    seconds: float
    cpu_seconds: float
    worker_cpu_seconds: float
    peak_mib: float
    worker_peak_mib: float


def _cpu_seconds(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def _validate_in_child(path: str, jobs: int, results: Any) -> None:
    start = time.perf_counter()
    own_start = _cpu_seconds(resource.getrusage(resource.RUSAGE_SELF))
    summary = summarize(validate_files(path, jobs=jobs))
    seconds = time.perf_counter() - start
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    results.put(
        Run(
            logs=summary.logs,
            invalid=summary.invalid,
            seconds=seconds,
            cpu_seconds=_cpu_seconds(own) - own_start,
            worker_cpu_seconds=_cpu_seconds(workers),
            peak_mib=own.ru_maxrss / 1024,
            worker_peak_mib=workers.ru_maxrss / 1024 if jobs > 1 else 0.0,
        )
    )


def prepare(game: str, logs: int, distinct: int, seed: int, cache: Path) -> Path:
    """`corpus`, written by a child process, so that this process stays small: the peak memory
    of a child forked from it starts from its size."""
    context = multiprocessing.get_context("spawn")
    child = context.Process(target=corpus, args=(game, logs, distinct, seed, cache))
    child.start()
    child.join()
    if child.exitcode != 0:
        raise SystemExit(f"writing the {game} corpus failed (exit {child.exitcode})")
    return corpus(game, logs, distinct, seed, cache)


def measure(path: Path, jobs: int) -> Run:
    """Validate ``path`` with ``jobs`` in a fresh process; what it measured."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    child = context.Process(target=_validate_in_child, args=(str(path), jobs, results))
    child.start()
    run: Run = results.get()
    child.join()
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--logs", type=int, default=DEFAULT_LOGS, help="logs per game")
    parser.add_argument("--deals", type=int, dest="logs", help="the same as --logs")
    parser.add_argument("--distinct", type=int, default=DEFAULT_DISTINCT)
    parser.add_argument("--games", default=",".join(parlour.game_names()))
    parser.add_argument("--jobs", default="1,2", help="job counts to compare, e.g. 1,2")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each job count")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "parlour-bench-validate"
    )
    arguments = parser.parse_args()
    job_counts = [int(text) for text in arguments.jobs.split(",")]
    print(f"parlour {parlour.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    for game in arguments.games.split(","):
        start = time.perf_counter()
        path = prepare(game, arguments.logs, arguments.distinct, arguments.seed, arguments.cache)
        prepared = time.perf_counter() - start
        size = path.stat().st_size / 2**20
        print(f"\n{game}: {arguments.logs:,} single-deal logs, {size:.1f} MiB ({prepared:.1f} s)")
        runs: dict[int, list[Run]] = {jobs: [] for jobs in job_counts}
        for _ in range(arguments.rounds):
            for jobs in job_counts:
                runs[jobs].append(measure(path, jobs))
        base = statistics.median(run.logs / run.seconds for run in runs[job_counts[0]])
        for jobs in job_counts:
            print(f"  jobs={jobs}: {_figures(runs[jobs], jobs, base)}")


def _figures(runs: list[Run], jobs: int, base: float) -> str:
    """The line of figures of the runs of one job count: the wall-clock rate (and its ratio to
    the first job count's), the rate per CPU-second of the busiest process (what the rate
    would be on idle cores: the main process, or a worker's share of the workers' time), the
    CPU seconds, the peak memory."""
    rate = statistics.median(run.logs / run.seconds for run in runs)
    busiest = statistics.median(
        run.logs / max(run.cpu_seconds, run.worker_cpu_seconds / jobs) for run in runs
    )
    cpu = statistics.median(run.cpu_seconds for run in runs)
    worker_cpu = statistics.median(run.worker_cpu_seconds for run in runs)
    peak = max(run.peak_mib for run in runs)
    workers = max(run.worker_peak_mib for run in runs)
    invalid = max(run.invalid for run in runs)
    cpu_text = f"CPU {cpu:.1f} s" + (f" + workers {worker_cpu:.1f} s" if jobs > 1 else "")
    memory = f"peak {peak:.0f} MiB" + (f", workers {workers:.0f} MiB" if workers else "")
    return (
        f"{rate:,.0f} logs/s ({rate / base:.2f}x), {busiest:,.0f} logs per busiest CPU-second, "
        f"{cpu_text}, {memory}, {invalid} invalid"
    )


if __name__ == "__main__":
    main()
