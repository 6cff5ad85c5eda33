"""The `parlour` command: games, demo and validate, their output and exit statuses."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import parlour
from parlour import Match, read_log, validate, write_log
from parlour.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the command; its exit status, standard output and standard error."""
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_games_lists_belote(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["games"], capsys)
    assert status == 0
    assert "belote\t4 players" in out.splitlines()


def test_demo_plays_to_the_end_and_names_the_winners(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["demo", "belote", "--seed", "3"], capsys)
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "belote: a match between bots, seed 3"
    assert lines[-2].startswith("final score by seat: ")
    assert lines[-1] in ("winners: seat 0, seat 2", "winners: seat 1, seat 3")
    assert len(lines) > 100


def test_demo_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(["demo", "belote", "--seed", "3"], capsys)
    _, second, _ = run(["demo", "belote", "--seed", "3"], capsys)
    _, other, _ = run(["demo", "belote", "--seed", "4"], capsys)
    assert first == second
    assert first != other


def test_demo_default_seed_is_1(capsys: pytest.CaptureFixture[str]) -> None:
    _, default, _ = run(["demo", "belote"], capsys)
    _, seeded, _ = run(["demo", "belote", "--seed", "1"], capsys)
    assert default.replace("seed 1", "") == seeded.replace("seed 1", "")
    assert default.splitlines()[0] == "belote: a match between bots, seed 1"


def test_demo_writes_a_valid_log_with_its_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.json"
    status, out, _ = run(
        ["demo", "belote", "--seed", "2", "--option", "target=null", "--log", str(path)], capsys
    )
    assert status == 0
    log = read_log(path.read_text(encoding="utf-8"))
    assert log.options["target"] is None
    assert log.parlour == parlour.__version__
    report = validate(log)
    assert report.ok is True
    assert report.moves_applied == len(log.moves)
    assert log.result is not None
    winners = ", ".join(f"seat {seat}" for seat in log.result["winners"])
    assert out.splitlines()[-1] == f"winners: {winners}"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "chess"], "unknown game 'chess'"),
        (["demo", "belote", "--option", "target=-1"], "option 'target'"),
        (["demo", "belote", "--option", "target"], "--option needs NAME=JSONVALUE"),
        (["demo", "belote", "--option", "tie_rule=litige"], "is not a JSON value"),
        (["demo", "belote", "--seed", "x"], "invalid int value"),
        ([], "usage: parlour"),
        (["validate"], "the following arguments are required: PATH"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert message in err


def test_validate_valid_log_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.json"
    path.write_text(write_log(Match("belote", seed=3)), encoding="utf-8")
    status, out, _ = run(["validate", str(path)], capsys)
    assert status == 0
    assert out.splitlines() == [f"{path}: OK (1 move, score 0 0 0 0)", "1 log: 1 valid, 0 invalid"]


def test_validate_golden_logs_exits_1_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(path) for path in sorted(GOLDEN.glob("*.json*"))]
    status, out, _ = run(["validate", *paths], capsys)
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 17
    assert lines[0] == f"{GOLDEN / 'bezique_match.json'}: OK (475 moves, score 1060 1010)"
    assert lines[4] == f"{GOLDEN / 'full_match.json'}: OK (460 moves, score 1027 511 1027 511)"
    assert lines[5] == (
        f"{GOLDEN / 'illegal_move.json'}: INVALID illegal at move 3 ('play JS') "
        "[belote.must_follow]: you must follow suit: ♦ was led and you hold Q♦"
    )
    assert lines[8] == (
        f"{GOLDEN / 'several.jsonl'}:4: INVALID format: "
        "not valid JSON: Expecting value at line 1 column 57"
    )
    # the 7 invalid logs above: 3 illegal moves, 1 notation, 1 format and 2 result problems
    assert lines[-3:] == [
        "invalid by kind: format 1, illegal 3, notation 1, result 2",
        "invalid by rule: belote.must_follow 1, bezique.meld_reuse 1, ecarte.must_follow 1",
        "14 logs: 7 valid, 7 invalid",
    ]


def test_validate_json_lines_match_the_reports(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["validate", "--json", "--no-summary", str(GOLDEN / "illegal_move.json")], capsys
    )
    assert status == 1
    assert [json.loads(line) for line in out.splitlines()] == [
        {
            "source": str(GOLDEN / "illegal_move.json"),
            "ok": False,
            "moves_applied": 3,
            "error": {
                "kind": "illegal",
                "move_index": 3,
                "move": "play JS",
                "rule": "belote.must_follow",
                "message": "you must follow suit: ♦ was led and you hold Q♦",
            },
            "score": [0, 0, 0, 0],
        }
    ]
    assert list(json.loads(out)) == ["source", "ok", "moves_applied", "error", "score"]


def test_validate_json_over_a_jsonl_gives_one_line_per_log(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["validate", "--json", str(GOLDEN / "several.jsonl")], capsys)
    assert status == 1
    *reports, summary = [json.loads(line) for line in out.splitlines()]
    assert summary == {
        "summary": {
            "logs": 7,
            "valid": 3,
            "invalid": 4,
            "by_kind": {"format": 1, "notation": 1, "result": 2},
            "by_rule": {},
            "unreadable": [],
        }
    }
    sources = [os.path.basename(report["source"]) for report in reports]
    assert sources == [f"several.jsonl:{n}" for n in (1, 2, 4, 5, 6, 7, 8)]
    assert [report["ok"] for report in reports] == [True, True, False, False, False, False, True]
    assert [report["error"]["kind"] for report in reports if report["error"]] == [
        "format",
        "notation",
        "result",
        "result",
    ]


def test_validate_unreadable_file_exits_2_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    status, out, err = run(["validate", str(missing), str(GOLDEN / "single_deal.json")], capsys)
    assert status == 2
    assert err == f"parlour validate: cannot read {missing}: No such file or directory\n"
    assert out.splitlines() == [
        f"{GOLDEN / 'single_deal.json'}: OK (55 moves, score 144 18 144 18)",
        "1 log: 1 valid, 0 invalid, 1 unreadable path",
    ]


def test_validate_unreadable_file_wins_over_invalid_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, _ = run(
        ["validate", "--json", str(tmp_path / "nope.jsonl"), str(GOLDEN / "illegal_move.json")],
        capsys,
    )
    assert status == 2
