"""``parlour render``: the SVG of a log's position after move N (the end by default) or of a
position file, for a seat or a spectator; every mistake is a usage error (status 2) with a
sentence naming it, never a traceback."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.cli import EXIT_OK, EXIT_USAGE, main
from parlour.svg import view_svg
from tests.svg.helpers import Picture


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    """The log of a whole Écarté match played at random from seed 3."""
    match = parlour.Match("ecarte", seed=3)
    rng = random.Random(3)
    while not parlour.is_over(match.state):
        state = match.state
        match.apply(
            parlour.random_deal(state, rng) if parlour.is_chance(state)
            else rng.choice(parlour.legal_moves(state))
        )  # fmt: skip
    path = tmp_path / "ecarte.json"
    path.write_text(parlour.write_log(match), encoding="utf-8")
    return path


def _log_moves(path: Path) -> list[str]:
    moves: list[str] = json.loads(path.read_text(encoding="utf-8"))["moves"]
    return moves


def _state_after(path: Path, count: int) -> object:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:count]
    return parlour.replay(data)


def test_a_log_after_move_n_for_a_seat(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "picture.svg"
    assert main(["render", str(log_file), "--move", "3", "--seat", "1", "-o", str(out)]) == EXIT_OK
    expected = view_svg(parlour.view(_state_after(log_file, 3), 1))
    assert out.read_text(encoding="utf-8") == expected
    assert capsys.readouterr().out == ""


def test_a_log_at_its_end_for_a_spectator_by_default(
    log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(log_file)]) == EXIT_OK
    end = _state_after(log_file, len(_log_moves(log_file)))
    assert capsys.readouterr().out == view_svg(parlour.view(end, None))


def test_move_zero_is_the_start(log_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(log_file), "--move", "0"]) == EXIT_OK
    start = parlour.new_game("ecarte")
    assert capsys.readouterr().out == view_svg(parlour.view(start, None))


def test_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = parlour.new_game("belote", seed=7)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(parlour.state_to_dict(state)), encoding="utf-8")
    assert main(["render", "belote", "--position", str(path), "--seat", "2"]) == EXIT_OK
    text = capsys.readouterr().out
    assert text == view_svg(parlour.view(state, 2))
    assert sum(Picture(text).cards.values()) == 6  # seat 2's five cards and the turn-up


def _usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    return captured.err


def test_mistakes_are_usage_errors_naming_them(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = len(_log_moves(log_file))
    log = str(log_file)
    assert f"--move {count + 1}: the log of {log} has {count} moves" in _usage(
        ["render", log, "--move", str(count + 1)], capsys
    )
    assert "--move -1" in _usage(["render", log, "--move", "-1"], capsys)
    missing = str(tmp_path / "missing.json")
    assert f"cannot read {missing}" in _usage(["render", missing], capsys)
    assert "--seat 2: seat must be None or a seat from 0 to 1, not 2" in _usage(
        ["render", log, "--seat", "2"], capsys
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{bad", encoding="utf-8")
    assert "is not a JSON position" in _usage(["render", "belote", "--position", str(bad)], capsys)
    assert "not valid JSON" in _usage(["render", str(bad)], capsys)
    position = tmp_path / "position.json"
    position.write_text(json.dumps(parlour.state_to_dict(parlour.new_game("belote", seed=1))))
    assert "is a position of 'belote', not of ecarte" in _usage(
        ["render", "ecarte", "--position", str(position)], capsys
    )
    chess = ["render", "chess", "--position", str(position)]
    assert "unknown game 'chess'" in _usage(chess, capsys)
    assert "--move is for a log" in _usage(
        ["render", "belote", "--position", str(position), "--move", "1"], capsys
    )
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "parlour.position", "version": 1, "game": "belote"}))
    assert f"{broken}:" in _usage(["render", "belote", "--position", str(broken)], capsys)
    assert "cannot write" in _usage(["render", log, "-o", str(tmp_path / "no" / "x.svg")], capsys)
    assert f"cannot read {tmp_path}" in _usage(["render", str(tmp_path)], capsys)
    several = tmp_path / "several.jsonl"
    several.write_text((log_file.read_text(encoding="utf-8") + "\n") * 2, encoding="utf-8")
    assert "holds 2 logs: render draws one log" in _usage(["render", str(several)], capsys)


def test_a_log_with_an_illegal_move_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "illegal.json"
    log = {"format": "parlour-log/1", "game": "ecarte", "moves": ["play 10H"]}
    path.write_text(json.dumps(log), encoding="utf-8")
    error = _usage(["render", str(path)], capsys)
    assert "a deal is due before play 10H can be played" in error
    assert main(["render", str(path), "--move", "0"]) == EXIT_OK


def test_render_runs_as_a_command(log_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "picture.svg"
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "render", str(log_file), "--seat", "0", "-o", str(out)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == EXIT_OK, done.stderr
    end = _state_after(log_file, len(_log_moves(log_file)))
    assert out.read_text(encoding="utf-8") == view_svg(parlour.view(end, 0))
