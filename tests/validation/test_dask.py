"""The Dask integration: a sharded corpus validated on a two-process `LocalCluster` gives the
summary of the local validator; files are cut into pieces that cover every line once."""

from __future__ import annotations

import gzip
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from parlour import validate_files
from parlour.io import (
    Summary,
    summarize,
)

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")

from parlour.integrations.dask import corpus_partitions, validate_corpus  # noqa: E402

from .corpus import mixed_lines, single_deal_log  # noqa: E402

CLUSTER_SECONDS = 120


@contextmanager
def time_bound(seconds: int) -> Iterator[None]:
    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"the Dask test took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def sharded_corpus(folder: Path) -> list[Path]:
    """Three shards of `mixed_lines` (one gzipped), two single logs and an unreadable path."""
    lines = mixed_lines()
    text = "\n".join(lines) + "\n"
    (folder / "shards").mkdir()
    for index in range(2):
        (folder / "shards" / f"part{index}.jsonl").write_text(text * 3, encoding="utf-8")
    (folder / "shards" / "part2.jsonl.gz").write_bytes(gzip.compress(text.encode("utf-8")))
    (folder / "one.json").write_text(single_deal_log("ecarte", 7), encoding="utf-8")
    (folder / "two.json").write_text(lines[-1], encoding="utf-8")
    return [folder / "shards", folder / "one.json", folder / "two.json", folder / "gone.jsonl"]


def test_partitions_are_batches_of_logs_not_single_logs(tmp_path: Path) -> None:
    paths = sharded_corpus(tmp_path)
    partitions = corpus_partitions(paths, partition_bytes=4096)
    pieces = [piece for partition in partitions for piece in partition]
    cut = [piece for piece in pieces if piece.stop is not None]
    part0 = (tmp_path / "shards" / "part0.jsonl").stat().st_size
    assert len([piece for piece in cut if piece.path.endswith("part0.jsonl")]) == -(-part0 // 4096)
    assert len(partitions) < summarize(validate_files(paths[:-1])).logs


def test_a_local_cluster_gives_the_local_summary(tmp_path: Path) -> None:
    paths = sharded_corpus(tmp_path)
    # 7 copies of the 9 mixed lines (3 + 3 + 1), one valid .json log, one with a wrong score.
    expected = Summary(
        valid=7 * 4 + 1,
        invalid=7 * 5 + 1,
        by_kind={"format": 7 * 2, "illegal": 7 * 2, "result": 7 + 1},
        by_rule={"belote.must_follow": 7, "ecarte.must_follow": 7},
        unreadable=[str(tmp_path / "gone.jsonl")],
    )
    local = Summary()
    for report in validate_files(paths, on_unreadable=lambda path, error: None):
        local.add(report)
    local.add_unreadable(str(tmp_path / "gone.jsonl"))
    assert local == expected
    with (
        time_bound(CLUSTER_SECONDS),
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        remote = validate_corpus(paths, client=client, partition_bytes=4096)
    assert remote == expected
