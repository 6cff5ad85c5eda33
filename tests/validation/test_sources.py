"""Streaming: every input kind (file, folder, standard input, gzip) gives the same reports as
plain files, a folder is walked recursively in sorted order taking regular log files only, and
memory stays flat however many logs a file holds."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from parlour import Limits, read_logs, validate_files
from parlour.io import (
    ReadPosition,
    raw_logs,
    raw_logs_between,
)

from .corpus import mixed_lines, single_deal_log


def reports_of(*paths: Path | str) -> list[dict[str, object]]:
    return [report.to_dict() for report in validate_files([str(path) for path in paths])]


def without_source(reports: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{key: value for key, value in report.items() if key != "source"} for report in reports]


def test_a_gzipped_jsonl_gives_the_plain_files_reports(tmp_path: Path) -> None:
    text = "\n".join(mixed_lines()) + "\n"
    plain = tmp_path / "corpus.jsonl"
    plain.write_text(text, encoding="utf-8")
    packed = tmp_path / "corpus.jsonl.gz"
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    expected = reports_of(plain)
    got = reports_of(packed)
    assert without_source(got) == without_source(expected)
    assert [report["source"] for report in got] == [
        f"{packed}:{line}" for line in range(1, len(mixed_lines()) + 1)
    ]


def test_a_gzipped_json_log_is_one_log(tmp_path: Path) -> None:
    line = single_deal_log("bezique", 5)
    packed = tmp_path / "one.JSON.GZ"
    packed.write_bytes(gzip.compress(line.encode("utf-8")))
    (report,) = validate_files(packed)
    assert report.ok and report.source == str(packed)
    assert report.moves_applied == len(json.loads(line)["moves"])


def test_a_folder_is_walked_recursively_sorted_regular_log_files_only(tmp_path: Path) -> None:
    line = single_deal_log("ecarte", 1)
    names = ["b/2.json", "a.jsonl", "b/1.jsonl.gz", "b/c/0.json.gz", "z.json"]
    for name in names:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = (line + "\n").encode("utf-8")
        path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    (tmp_path / "notes.txt").write_text("not a log", encoding="utf-8")
    (tmp_path / "b" / "old.json.bak").write_text("not a log", encoding="utf-8")
    os.mkfifo(tmp_path / "b" / "pipe.jsonl")
    os.symlink(tmp_path / "z.json", tmp_path / "b" / "link.json")  # a link to a regular file
    sources = [report["source"] for report in reports_of(tmp_path)]
    assert sources == [
        f"{tmp_path}/a.jsonl:1",
        f"{tmp_path}/z.json",
        f"{tmp_path}/b/1.jsonl.gz:1",
        f"{tmp_path}/b/2.json",
        f"{tmp_path}/b/link.json",
        f"{tmp_path}/b/c/0.json.gz",
    ]


def run_on_stdin(data: bytes, *arguments: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "validate", *arguments, "-"],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("packed", [False, True], ids=["plain", "gzip"])
def test_standard_input_is_read_as_json_lines(tmp_path: Path, packed: bool) -> None:
    lines = mixed_lines()
    text = ("\n".join(lines) + "\n").encode("utf-8")
    plain = tmp_path / "corpus.jsonl"
    plain.write_bytes(text)
    done = run_on_stdin(gzip.compress(text) if packed else text, "--json", "--no-summary")
    assert done.returncode == 1, done.stderr
    got = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [report["source"] for report in got] == [
        f"<stdin>:{line}" for line in range(1, len(lines) + 1)
    ]
    assert without_source(got) == without_source(reports_of(plain))


def test_a_line_beyond_the_limit_is_skipped_and_the_lines_after_it_keep_their_numbers(
    tmp_path: Path,
) -> None:
    line = single_deal_log("ecarte", 1)
    path = tmp_path / "long.jsonl"
    with open(path, "w", encoding="utf-8") as file:
        file.write(line + "\n")
        file.write('{"padding": "' + "x" * 300_000 + '"}\n')
        file.write("\n")
        file.write(line + "\r\n")
    limits = Limits(max_log_bytes=100_000)
    got = [(source, type(log).__name__) for source, log in read_logs(path, limits=limits)]
    assert got == [(f"{path}:1", "GameLog"), (f"{path}:2", "LogError"), (f"{path}:4", "GameLog")]


def test_corrupt_gzip_is_an_unreadable_file_after_the_logs_before_the_fault(
    tmp_path: Path,
) -> None:
    line = single_deal_log("ecarte", 1)
    packed = gzip.compress(("\n".join([line] * 200) + "\n").encode("utf-8"))
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(packed[: len(packed) // 2])
    unreadable: list[tuple[str, str]] = []

    def note(name: str, error: OSError) -> None:
        unreadable.append((name, str(error)))

    reports = list(validate_files(path, on_unreadable=note))
    assert 0 < len(reports) < 200
    assert all(report.ok for report in reports)
    assert [name for name, _ in unreadable] == [str(path)]
    assert "gzip" in unreadable[0][1] or "end-of-stream" in unreadable[0][1]
    with pytest.raises(OSError):
        list(validate_files(path))


def test_read_position_counts_the_bytes_of_finished_files(tmp_path: Path) -> None:
    first = tmp_path / "a.jsonl"
    first.write_text(single_deal_log("ecarte", 1) + "\n", encoding="utf-8")
    position = ReadPosition()
    assert len(list(raw_logs(str(first), Limits(), position=position))) == 1
    assert position.bytes_read() == first.stat().st_size


def peak_bytes_of_validating(path: Path) -> int:
    tracemalloc.start()
    try:
        for _report in validate_files(path):
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_however_many_logs_a_file_holds(tmp_path: Path) -> None:
    notes = "n" * 50_000  # an ignored key makes each log large but as quick to validate
    lines = []
    for seed in range(10):
        data = json.loads(single_deal_log("ecarte", seed))
        data["notes"] = notes
        lines.append(json.dumps(data))
    small = tmp_path / "small.jsonl"
    small.write_text("\n".join(lines) + "\n", encoding="utf-8")
    large = tmp_path / "large.jsonl"
    large.write_text(("\n".join(lines) + "\n") * 20, encoding="utf-8")  # 200 logs, 10 MB
    peak_bytes_of_validating(large)  # warm the engines' bounded caches before measuring
    small_peak = peak_bytes_of_validating(small)
    large_peak = peak_bytes_of_validating(large)
    assert large.stat().st_size > 10_000_000
    assert large_peak < small_peak + 1_000_000, (small_peak, large_peak)
    assert large_peak < 20 * len(lines[0]), (large_peak, len(lines[0]))


def test_a_huge_line_is_never_held_in_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with open(path, "w", encoding="utf-8") as file:
        file.write('{"x": "' + "y" * 8_000_000 + '"}\n')
    tracemalloc.start()
    try:
        (report,) = validate_files(path, limits=Limits(max_log_bytes=100_000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.error is not None and "limit max_log_bytes" in report.error.message
    assert peak < 1_000_000, peak


def test_pieces_cut_at_any_offsets_give_every_line_once(tmp_path: Path) -> None:
    lines = mixed_lines()
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines[:4]) + "\n\n\r\n" + "\n".join(lines[4:]) + "\n", "utf-8")
    size = path.stat().st_size
    whole = [text for _, text in raw_logs(str(path), Limits())]
    assert whole == [line.encode("utf-8") for line in lines]
    for step in (1, 97, 1000, size):
        starts = list(range(0, size, step))
        pieces = [
            raw
            for start in starts
            for raw in raw_logs_between(str(path), start, min(start + step, size), Limits())
        ]
        assert [text for _, text in pieces] == whole
        offsets = [int(source.rpartition("@")[2]) for source, _ in pieces]
        data = path.read_bytes()
        assert all(offset == 0 or data[offset - 1 : offset] == b"\n" for offset in offsets)
