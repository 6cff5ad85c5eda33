"""Parallel validation: worker processes give exactly the reports of one process, in input
order; the summary counts the verdicts by kind and by rule id; bad job counts are refused."""

from __future__ import annotations

import multiprocessing
import pickle
from collections.abc import Generator
from pathlib import Path

import attrs
import pytest

from parlour import Limits, validate_files
from parlour.engine import Problem, Report
from parlour.io import (
    MAX_JOBS,
    JobsError,
    RawLog,
    Summary,
    batches,
    summarize,
    validate_raw_logs,
)
from parlour.io import _runner as runner

from .corpus import mixed_lines

EXPECTED = Summary(
    valid=4,
    invalid=5,
    by_kind={"format": 2, "illegal": 2, "result": 1},
    by_rule={"belote.must_follow": 1, "ecarte.must_follow": 1},
)
"""What `mixed_lines()` must give: 4 bot matches; the two golden illegal logs, the broken and
the field-less line, the score claimed one point off (see tests/validation/corpus.py)."""


def corpus_files(folder: Path, copies: int) -> list[Path]:
    """``copies`` files of `mixed_lines`, each shifted by one line so no two are alike."""
    lines = mixed_lines()
    paths = []
    for copy in range(copies):
        path = folder / f"part{copy:02d}.jsonl"
        shifted = lines[copy % len(lines) :] + lines[: copy % len(lines)]
        path.write_text("\n".join(shifted) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_the_summary_counts_each_kind_and_rule(tmp_path: Path) -> None:
    (path,) = corpus_files(tmp_path, 1)
    assert summarize(validate_files(path)) == EXPECTED
    assert EXPECTED.to_dict() == {
        "logs": 9,
        "valid": 4,
        "invalid": 5,
        "by_kind": {"format": 2, "illegal": 2, "result": 1},
        "by_rule": {"belote.must_follow": 1, "ecarte.must_follow": 1},
        "unreadable": [],
    }


def test_merged_summaries_count_the_same_as_one() -> None:
    first = Summary(valid=1, invalid=2, by_kind={"format": 2}, unreadable=["a"])
    second = Summary(
        valid=3, invalid=1, by_kind={"illegal": 1}, by_rule={"x.y": 1}, unreadable=["b"]
    )
    assert first.merged(second) == Summary(
        valid=4,
        invalid=3,
        by_kind={"format": 2, "illegal": 1},
        by_rule={"x.y": 1},
        unreadable=["a", "b"],
    )
    assert first == Summary(valid=1, invalid=2, by_kind={"format": 2}, unreadable=["a"])


def test_two_jobs_give_the_same_reports_in_the_same_order(tmp_path: Path) -> None:
    paths = corpus_files(tmp_path, 6)
    one = list(validate_files(paths))
    two = list(validate_files(paths, jobs=2))
    assert len(one) == 6 * len(mixed_lines())
    assert two == one
    assert [report.source for report in two] == [
        f"{path}:{line}" for path in paths for line in range(1, len(mixed_lines()) + 1)
    ]


def raw_stream(count: int) -> list[RawLog]:
    lines = mixed_lines()
    return [(f"s{index}", lines[index % len(lines)].encode("utf-8")) for index in range(count)]


def test_small_batches_over_two_workers_keep_the_input_order() -> None:
    raws = raw_stream(50)
    one = list(validate_raw_logs(raws, limits=Limits()))
    two = list(validate_raw_logs(raws, limits=Limits(), jobs=2, batch_logs=3))
    assert [report.source for report in two] == [f"s{index}" for index in range(50)]
    assert two == one


def test_batches_bound_logs_and_bytes() -> None:
    raws: list[RawLog] = [(f"s{index}", b"x" * 10) for index in range(7)]
    assert [len(batch) for batch in batches(raws, 3, 1000)] == [3, 3, 1]
    assert [len(batch) for batch in batches(raws, 100, 25)] == [3, 3, 1]
    assert [len(batch) for batch in batches(raws, 100, 5)] == [1] * 7


def test_a_read_error_comes_after_the_reports_on_the_logs_read_before_it(
    tmp_path: Path,
) -> None:
    (good,) = corpus_files(tmp_path, 1)
    missing = tmp_path / "missing.jsonl"
    seen: list[Report] = []
    with pytest.raises(FileNotFoundError):
        for report in validate_files([good, missing], jobs=2):
            seen.append(report)
    assert len(seen) == len(mixed_lines())


@pytest.mark.parametrize("jobs", [0, -2, True, 1.5, "2"])
def test_a_bad_job_count_is_a_jobs_error(jobs: object, tmp_path: Path) -> None:
    (path,) = corpus_files(tmp_path, 1)
    with pytest.raises(JobsError, match="jobs must be a positive integer"):
        list(validate_files(path, jobs=jobs))  # type: ignore[arg-type]


def test_too_many_jobs_is_a_jobs_error(tmp_path: Path) -> None:
    (path,) = corpus_files(tmp_path, 1)
    with pytest.raises(JobsError, match=f"jobs may be at most {MAX_JOBS}, not {MAX_JOBS + 1}"):
        list(validate_files(path, jobs=MAX_JOBS + 1))
    with pytest.raises(JobsError, match="batch_logs must be a positive integer, not 0"):
        list(validate_raw_logs([], limits=Limits(), batch_logs=0))


def test_workers_are_gone_once_the_reports_are_read(tmp_path: Path) -> None:
    (path,) = corpus_files(tmp_path, 1)
    reports = validate_files(path, jobs=2)
    assert isinstance(reports, Generator)
    next(reports)
    assert multiprocessing.active_children() != []
    reports.close()  # stopping early shuts the pool down
    assert multiprocessing.active_children() == []


def test_a_report_comes_back_from_a_worker_whole() -> None:
    """What a worker sends back is read into the same report, every field of the report and
    of its problem kept (a field added to `Report` or `Problem` but not sent fails here)."""
    problem = Problem(kind="illegal", message="m", move_index=3, move="play JH", rule="x.y")
    reports = [
        Report(ok=False, moves_applied=3, error=problem, score=(1, 2), source="f.jsonl:7"),
        Report(ok=True, moves_applied=35, error=None, score=(0, 162, 0, 0), source="s"),
        Report(ok=False, moves_applied=0, error=Problem(kind="format", message="x"), score=None),
    ]
    for report in reports:
        sent = pickle.loads(pickle.dumps(runner._packed(report)))
        assert runner._unpacked(sent) == report
    fields = {field.name for field in attrs.fields(Report)}
    assert fields == {"ok", "moves_applied", "error", "score", "source"}
    assert {field.name for field in attrs.fields(Problem)} == {
        "kind", "message", "move_index", "move", "rule",
    }  # fmt: skip
