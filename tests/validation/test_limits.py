"""`Limits`: each bound is configurable, a log just within it is valid, one just beyond it is
refused with an error naming it, and bad limits are a `LimitsError`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour import Limits, LogError, read_log, validate, validate_files
from parlour.cli import main
from parlour.engine import MAX_MOVE_CHARS
from parlour.io import (
    LIMIT_CEILINGS,
    LimitsError,
)

from .corpus import single_deal_log


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (a scalar is 0, ``[]`` is 1)."""
    if isinstance(value, dict):
        return 1 + max((nesting_depth(item) for item in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((nesting_depth(item) for item in value), default=0)
    return 0


def test_the_defaults_are_the_documented_bounds() -> None:
    assert Limits() == Limits(
        max_log_bytes=16 * 1024 * 1024,
        max_moves=100_000,
        max_depth=64,
        max_int_digits=1000,
        max_move_chars=MAX_MOVE_CHARS,
    )


def test_max_moves_boundary() -> None:
    line = single_deal_log("ecarte", 1)
    count = len(json.loads(line)["moves"])
    assert validate(line, limits=Limits(max_moves=count)).ok
    report = validate(line, limits=Limits(max_moves=count - 1))
    assert report.error is not None and report.error.kind == "format"
    assert "limit max_moves" in report.error.message
    assert f"has {count}" in report.error.message


def test_max_log_bytes_boundary_for_text_and_for_files(tmp_path: Path) -> None:
    line = single_deal_log("ecarte", 2)
    size = len(line.encode("utf-8"))
    assert validate(line.encode("utf-8"), limits=Limits(max_log_bytes=size)).ok
    report = validate(line.encode("utf-8"), limits=Limits(max_log_bytes=size - 1))
    assert report.error is not None and report.error.kind == "format"
    assert "limit max_log_bytes" in report.error.message
    many = tmp_path / "many.jsonl"
    many.write_text(f"{line}\n{line}x\n{line}\n", encoding="utf-8")  # the middle line is longer
    one = tmp_path / "one.json"
    one.write_text(line + "x", encoding="utf-8")
    reports = list(validate_files([many, one], limits=Limits(max_log_bytes=size)))
    assert [report.source for report in reports] == [
        f"{many}:1",
        f"{many}:2",
        f"{many}:3",
        str(one),
    ]
    assert [report.ok for report in reports] == [True, False, True, False]
    for report in (reports[1], reports[3]):
        assert report.error is not None and report.error.kind == "format"
        assert "limit max_log_bytes" in report.error.message


def test_max_depth_boundary() -> None:
    data = json.loads(single_deal_log("ecarte", 3))
    data["annotations"] = [[[[{"note": [1]}]]]]
    depth = nesting_depth(data)
    assert depth == 7  # the log object, the list nest (4), the object, the inner list
    text = json.dumps(data)
    assert validate(text, limits=Limits(max_depth=depth)).ok
    report = validate(text, limits=Limits(max_depth=depth - 1))
    assert report.error is not None and report.error.kind == "format"
    assert "limit max_depth" in report.error.message
    with pytest.raises(LogError, match="limit max_depth"):
        read_log(data, limits=Limits(max_depth=depth - 1))


def test_max_int_digits_boundary() -> None:
    data = json.loads(single_deal_log("ecarte", 4))
    data["site_id"] = -(10**11)  # 12 digits, more than any number in a real log
    text = json.dumps(data)
    assert validate(text, limits=Limits(max_int_digits=12)).ok
    report = validate(text, limits=Limits(max_int_digits=11))
    assert report.error is not None and report.error.kind == "format"
    assert "more than 11 digits (limit max_int_digits)" in report.error.message


def test_max_move_chars_boundary_is_a_notation_problem_at_the_move() -> None:
    line = single_deal_log("bezique", 1)
    moves = json.loads(line)["moves"]
    longest = max(len(move) for move in moves)
    first_longest = next(index for index, move in enumerate(moves) if len(move) == longest)
    assert validate(line, limits=Limits(max_move_chars=longest)).ok
    report = validate(line, limits=Limits(max_move_chars=longest - 1))
    assert report.error is not None and report.error.kind == "notation"
    assert report.error.move_index == first_longest
    assert report.moves_applied == first_longest
    assert "limit max_move_chars" in report.error.message


@pytest.mark.parametrize("name", sorted(LIMIT_CEILINGS))
@pytest.mark.parametrize("value", [0, -1, True, 1.5, "3", None])
def test_a_limit_that_is_not_a_positive_int_is_a_limits_error(name: str, value: Any) -> None:
    with pytest.raises(LimitsError, match=name):
        Limits(**{name: value})


@pytest.mark.parametrize("name", sorted(LIMIT_CEILINGS))
def test_a_limit_beyond_its_ceiling_is_a_limits_error(name: str) -> None:
    Limits(**{name: LIMIT_CEILINGS[name]})
    with pytest.raises(LimitsError, match=f"{name} must be an integer from 1 to"):
        Limits(**{name: LIMIT_CEILINGS[name] + 1})


def test_limits_of_the_wrong_type_are_a_limits_error() -> None:
    line = single_deal_log("ecarte", 1)
    bad: Any = {"max_moves": 3}
    with pytest.raises(LimitsError, match=r"parlour\.Limits"):
        validate(line, limits=bad)
    with pytest.raises(LimitsError, match=r"parlour\.Limits"):
        read_log(line, limits=bad)


def test_the_command_takes_the_limits_as_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = single_deal_log("ecarte", 1)
    count = len(json.loads(line)["moves"])
    path = tmp_path / "one.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    assert main(["validate", "--json", "--no-summary", f"--max-moves={count - 1}", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["error"]["kind"] == "format"
    assert "limit max_moves" in report["error"]["message"]
    assert main(["validate", f"--max-moves={count}", str(path)]) == 0
    capsys.readouterr()
    for bad in ("--max-depth=0", f"--max-depth={LIMIT_CEILINGS['max_depth'] + 1}"):
        assert main(["validate", bad, str(path)]) == 2
        out, err = capsys.readouterr()
        assert "max_depth must be an integer from 1 to" in err
        assert out == ""
    assert main(["validate", "--max-moves=lots", str(path)]) == 2
    assert "invalid int value" in capsys.readouterr().err
