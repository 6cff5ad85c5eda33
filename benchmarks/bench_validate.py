"""Log validation throughput and memory: single-deal logs validated per second by
`validate_files` on one core and with ``jobs=2``, and the peak memory of the validating
processes, over a generated ``.jsonl`` of each game. Run:

    python benchmarks/bench_validate.py [--logs N] [--games belote,ecarte] [--jobs 1,2]
        [--peer] [--phases N] [--dask]

The corpus of each game is ``N`` lines (default 100,000) cycling through ``--distinct`` logs
(default 500, at most N/10) of single-deal matches (``target=None``) of random deals and
uniform-random legal moves from a seeded generator; it is written once into ``--cache``
(default: a folder in the temporary directory) and reused while the parameters and the
library's version are the same. Each measurement runs
in a fresh child process (``spawn``), so the peak memory reported is that of the validation
alone (``ru_maxrss`` of the child, and of its workers with ``jobs > 1``); runs of different job
counts alternate, round by round. ``--deals N`` is the same as ``--logs N`` (the smoke run of
CI). Nothing is asserted; the targets live in docs/performance.md.

``--peer`` also compares, in one process, validation with colver's random Coinche deals (the
``bench`` extra; see bench_peers.py): ``--peer-rounds`` alternating slices of ``--peer-seconds``
CPU seconds each (the thread's CPU time), validating the corpus's logs in order, then playing
colver deals; it prints each rate and the ratio, logs per second over deals per second.

``--phases N`` profiles (cProfile) `validate_files` over a corpus of ``N`` logs of the game
(made as above, cycling through at most N/10 distinct logs) and prints where the time goes per
log: reading the lines, JSON parsing, the log's shape check (the
`GameLog`), the match's opening state, the move texts' parsing, the rules' checks, the
transitions (apply), the replay loop itself, and the report (score, claimed result, summary).

``--dask`` validates the corpus with `parlour.integrations.dask.validate_corpus` on a
`distributed.LocalCluster` of ``--dask-workers`` worker processes (one thread each; partitions
of ``--dask-partition-mib``) and with ``validate_files(jobs=--dask-workers)``, each in a fresh
child process, and prints the time, CPU and peak memory of each (of each Dask worker). It
asserts that both summaries equal the corpus's summary computed apart: each distinct log
validated once with `validate` and counted as often as the corpus repeats it. ``--delete``
removes each corpus file once measured (a million Belote logs are about 900 MiB).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import importlib.util
import multiprocessing
import os
import pstats
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from bench_peers import Slice, colver_deals, load_colver

import parlour
from parlour import (
    Match,
    is_chance,
    is_over,
    legal_moves,
    random_deal,
    validate,
    validate_files,
    write_log,
)
from parlour.engine import Report
from parlour.integrations.dask import DEFAULT_PARTITION_BYTES, validate_corpus
from parlour.io import Summary, summarize

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
    summary: dict[str, Any]


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
            summary=summary.to_dict(),
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


def _reports_for_ever(path: Path) -> Iterator[Report]:
    """The reports on the logs of ``path``, from its first log again once it is done."""
    while True:
        yield from validate_files(str(path))


def validation_slice(reports: Iterator[Report], seconds: float) -> Slice:
    """Validate logs from ``reports`` until ``seconds`` of the thread's CPU time have gone
    (checked after each log); the logs as "deals" and the moves applied as "moves"."""
    clock = time.thread_time
    done = moves = 0
    start = clock()
    while True:
        report = next(reports)
        done += 1
        moves += report.moves_applied
        elapsed = clock() - start
        if elapsed >= seconds:
            return Slice(done, moves, elapsed)


def peer_comparison(path: Path, seconds: float, rounds: int, seed: int) -> None:
    """Validation of ``path`` against colver's random Coinche deals, in alternating slices of
    ``seconds`` CPU seconds in this process (as bench_peers.py compares play)."""
    colver = load_colver()
    if colver is None:
        print("  colver is not installed (pip install parlour[bench]): no peer comparison")
        return
    reports = _reports_for_ever(path)
    rng = random.Random(f"{seed}-colver")
    validated: list[Slice] = []
    played: list[Slice] = []
    for _ in range(rounds):
        validated.append(validation_slice(reports, seconds))
        played.append(colver_deals(colver, rng, deals=None, seconds=seconds))
    mine = sum(one.deals for one in validated) / sum(one.seconds for one in validated)
    theirs = sum(one.deals for one in played) / sum(one.seconds for one in played)
    per_round = ", ".join(
        f"{a.deals / a.seconds / (b.deals / b.seconds):.2f}"
        for a, b in zip(validated, played, strict=True)
    )
    print(
        f"  side by side, {rounds} x {seconds:g} CPU s each: validation {mine:,.0f} logs/s, "
        f"colver {theirs:,.0f} random Coinche deals/s: {mine / theirs:.2f}x (per round: "
        f"{per_round})"
    )


PHASES = (
    "read (lines of the file)",
    "JSON parse",
    "log shape (GameLog)",
    "opening state",
    "move-text parse",
    "rules' checks",
    "transitions (apply)",
    "replay loop",
    "report and summary",
)


def _stat(stats: dict[Any, Any], name: str, file_part: str = "parlour") -> tuple[float, float]:
    """The (own time, cumulative time) of the functions called ``name`` in files whose path
    holds ``file_part``, summed."""
    own = total = 0.0
    for (file, _, function), (_, _, tottime, cumtime, _) in stats.items():
        if function == name and file_part in file:
            own += tottime
            total += cumtime
    return own, total


def _is_check(name: str) -> bool:
    return "check" in name or "violation" in name


def phase_seconds(stats: dict[Any, Any]) -> dict[str, float]:
    """Where the time of a profiled `validate_files` went, by phase (see `PHASES`), from the
    profile's functions and call edges. The checks are the time spent in functions named for a
    check or a violation (``_check_play``, ``check``, ``turn_violation``…) called from the
    engine and the games by functions that are not themselves checks; the transitions are the
    rest of the moves' time after their parsing."""
    replay_key = next(key for key in stats if key[2] == "_replay_moves")
    replay_own, replay_total = stats[replay_key][2], stats[replay_key][3]
    parse_moves = 0.0
    for key, (_, _, _, _, callers) in stats.items():
        if key[2] == "parse_move" and replay_key in callers:
            parse_moves += callers[replay_key][3]
    checks = 0.0
    for (file, _, function), (_, _, _, _, callers) in stats.items():
        if not _is_check(function) or "/io/" in file:
            continue
        for (caller_file, _, caller), edge in callers.items():
            if not _is_check(caller) and "parlour" in caller_file and "/io/" not in caller_file:
                checks += edge[3]
    json_total = _stat(stats, "_parse_json")[1]
    read_log_total = _stat(stats, "read_log")[1]
    opening = _stat(stats, "start_state")[1]
    validated = _stat(stats, "validation_report")[1] or _stat(stats, "validate", "/io/")[1]
    top = _stat(stats, "summarize")[1]
    read = _stat(stats, "raw_logs_of_paths")[1]
    return {
        PHASES[0]: read,
        PHASES[1]: json_total,
        PHASES[2]: read_log_total - json_total,
        PHASES[3]: opening,
        PHASES[4]: parse_moves,
        PHASES[5]: checks,
        PHASES[6]: replay_total - replay_own - parse_moves - checks,
        PHASES[7]: replay_own,
        PHASES[8]: top - read - validated + (validated - read_log_total - opening - replay_total),
    }


def _profiled(path: Path) -> Summary:
    return summarize(validate_files(str(path)))


def profile_phases(game: str, logs: int, distinct: int, seed: int, cache: Path) -> None:
    """Profile `validate_files` over a corpus of ``logs`` logs; print the time per phase."""
    path = prepare(game, logs, distinct, seed, cache)
    _profiled(path)  # the game's tables warmed as in a long run
    profile = cProfile.Profile()
    profile.enable()
    summary = _profiled(path)
    profile.disable()
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    phases = phase_seconds(stats)
    total = sum(phases.values())
    per_log = 1e6 / summary.logs
    print(
        f"  profile of validate_files over {summary.logs:,} logs ({summary.invalid} invalid), "
        f"{total:.2f} s under cProfile, {total * per_log:,.0f} us per log:"
    )
    for name, seconds in phases.items():
        print(f"    {name:<26} {100 * seconds / total:5.1f} %  {seconds * per_log:6,.0f} us")


def pool_summary(path: Path, logs: int, distinct: int) -> dict[str, Any]:
    """The summary of a corpus written by `corpus`, computed apart from any run measured: each
    distinct log (the first lines of the file) validated once, on its own (`validate`), and
    counted as many times as the corpus repeats it."""
    pool_size = max(1, min(distinct, logs // 10))
    summary = Summary()
    with open(path, "rb") as file:
        for index in range(pool_size):
            report = validate(file.readline())
            for _ in range(logs // pool_size + (1 if index < logs % pool_size else 0)):
                summary.add(report)
    return summary.to_dict()


class DaskRun(NamedTuple):
    """One measured Dask validation: the summary, the seconds of the cluster's start and of
    the validation, and each worker's CPU seconds and peak memory (MiB), and this process's."""

    summary: dict[str, Any]
    start_seconds: float
    seconds: float
    worker_cpu_seconds: list[float]
    worker_peak_mib: list[float]
    peak_mib: float


def _worker_usage() -> tuple[float, float]:
    """In a Dask worker: its CPU seconds and peak memory (MiB)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return _cpu_seconds(usage), usage.ru_maxrss / 1024


def _dask_in_child(path: str, workers: int, partition_bytes: int, results: Any) -> None:
    distributed: Any = importlib.import_module("distributed")
    start = time.perf_counter()
    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        client.wait_for_workers(workers)
        started = time.perf_counter()
        summary = validate_corpus(path, client=client, partition_bytes=partition_bytes)
        seconds = time.perf_counter() - started
        usage = sorted(client.run(_worker_usage).values())
    results.put(
        DaskRun(
            summary=summary.to_dict(),
            start_seconds=started - start,
            seconds=seconds,
            worker_cpu_seconds=[cpu for cpu, _ in usage],
            worker_peak_mib=[peak for _, peak in usage],
            peak_mib=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        )
    )


def measure_dask(path: Path, workers: int, partition_bytes: int) -> DaskRun:
    """Validate ``path`` by `validate_corpus` on a `LocalCluster` of ``workers`` processes
    (partitions of about ``partition_bytes``), started in a fresh process; what it measured."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    arguments = (str(path), workers, partition_bytes, results)
    child = context.Process(target=_dask_in_child, args=arguments)
    child.start()
    run: DaskRun = results.get()
    child.join()
    return run


def dask_comparison(
    path: Path, logs: int, distinct: int, workers: int, partition_bytes: int
) -> None:
    """`validate_corpus` on a LocalCluster against ``validate_files(jobs=workers)`` over the
    same corpus; both summaries must be the one `pool_summary` computes (asserted)."""
    if importlib.util.find_spec("distributed") is None:
        print("  distributed is not installed (pip install parlour[dask]): no Dask run")
        return
    expected = pool_summary(path, logs, distinct)
    local = measure(path, workers)
    dask = measure_dask(path, workers, partition_bytes)
    assert local.summary == expected, (local.summary, expected)
    assert dask.summary == expected, (dask.summary, expected)
    print(
        f"  jobs={workers}: {local.seconds:,.1f} s, {logs / local.seconds:,.0f} logs/s, CPU "
        f"{local.cpu_seconds:.1f} s + workers {local.worker_cpu_seconds:.1f} s, peak "
        f"{local.peak_mib:.0f} MiB, workers {local.worker_peak_mib:.0f} MiB"
    )
    cpu = ", ".join(f"{seconds:.1f}" for seconds in dask.worker_cpu_seconds)
    peaks = ", ".join(f"{peak:.0f}" for peak in dask.worker_peak_mib)
    print(
        f"  Dask LocalCluster of {workers} worker processes: {dask.seconds:,.1f} s "
        f"(+ {dask.start_seconds:.1f} s to start the cluster; partitions of "
        f"{partition_bytes / 2**20:g} MiB), {logs / dask.seconds:,.0f} logs/s, "
        f"workers' CPU {cpu} s, workers' peak {peaks} MiB, client {dask.peak_mib:.0f} MiB"
    )
    print(f"  the summaries are equal (to each other and to the pool's): {expected}", flush=True)


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
    parser.add_argument("--peer", action="store_true", help="compare with colver, side by side")
    parser.add_argument("--peer-seconds", type=float, default=1.0)
    parser.add_argument("--peer-rounds", type=int, default=5)
    parser.add_argument("--phases", type=int, default=0, help="profile N logs: time by phase")
    parser.add_argument("--no-jobs", action="store_true", help="skip the runs of --jobs")
    parser.add_argument("--dask", action="store_true", help="Dask LocalCluster against jobs")
    parser.add_argument("--dask-workers", type=int, default=2)
    parser.add_argument(
        "--dask-partition-mib", type=float, default=DEFAULT_PARTITION_BYTES / 2**20
    )
    parser.add_argument("--delete", action="store_true", help="delete the corpus files after")
    arguments = parser.parse_args()
    job_counts = [int(text) for text in arguments.jobs.split(",")]
    print(f"parlour {parlour.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    for game in arguments.games.split(","):
        start = time.perf_counter()
        path = prepare(game, arguments.logs, arguments.distinct, arguments.seed, arguments.cache)
        prepared = time.perf_counter() - start
        size = path.stat().st_size / 2**20
        print(f"\n{game}: {arguments.logs:,} single-deal logs, {size:.1f} MiB ({prepared:.1f} s)")
        if arguments.phases:
            profile_phases(
                game, arguments.phases, arguments.distinct, arguments.seed, arguments.cache
            )
        if arguments.peer:
            peer_comparison(path, arguments.peer_seconds, arguments.peer_rounds, arguments.seed)
        if arguments.dask:
            partition_bytes = int(arguments.dask_partition_mib * 2**20)
            workers = arguments.dask_workers
            dask_comparison(path, arguments.logs, arguments.distinct, workers, partition_bytes)
        if not arguments.no_jobs:
            run_jobs(path, job_counts, arguments.rounds)
        if arguments.delete:
            path.unlink()


def run_jobs(path: Path, job_counts: list[int], rounds: int) -> None:
    """Validate ``path`` with each job count, ``rounds`` times, alternating; print the figures."""
    runs: dict[int, list[Run]] = {jobs: [] for jobs in job_counts}
    for _ in range(rounds):
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
