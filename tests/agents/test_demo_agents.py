"""``parlour demo <game> --agents ...``, end to end through `parlour.cli.main`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour
from parlour.cli import main


def run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(arguments)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_demo_with_one_agent_per_seat_plays_to_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "demo.json"
    arguments = [
        "demo", "belote", "--seed", "3", "--option", "target=null",
        "--agents", "heuristic,random,ismcts:8,heuristic", "--log", str(log),
    ]  # fmt: skip
    status, out, err = run(arguments, capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "belote: a match between heuristic, random, ismcts:8, heuristic, seed 3"
    assert lines[-2].startswith("final score by seat: ")
    assert lines[-1] in ("winners: seat 0, seat 2", "winners: seat 1, seat 3")
    report = parlour.validate(json.loads(log.read_text(encoding="utf-8")))
    assert report.ok
    final = parlour.replay(json.loads(log.read_text(encoding="utf-8")))
    scores = " ".join(str(points) for points in parlour.score(final))
    assert lines[-2] == f"final score by seat: {scores}"
    again = run(arguments, capsys)
    assert again == (0, out, "")  # the same seed plays the same match


@pytest.mark.parametrize(
    ("game", "agents"),
    [("ecarte", "ismcts:10,heuristic"), ("bezique", "random,heuristic"),
     ("burraco", "heuristic,random,heuristic,random")],
)  # fmt: skip
def test_demo_agents_in_every_game(
    game: str, agents: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(
        ["demo", game, "--seed", "2", "--option", "target=null", "--agents", agents], capsys
    )
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == f"{game}: a match between {agents.replace(',', ', ')}, seed 2"


def test_demo_without_agents_plays_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["demo", "belote", "--seed", "3"], capsys)
    assert out.splitlines()[0] == "belote: a match between bots, seed 3"


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("heuristic,random", "--agents needs one spec per seat: belote has 4 seats here"),
        ("heuristic,random,alphago,random", "unknown agent spec 'alphago'"),
        ("random,random,random,ismcts:0", "iterations per move must be from 1"),
    ],
)
def test_bad_agents_are_a_usage_error(
    agents: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["demo", "belote", "--agents", agents], capsys)
    assert (status, out) == (2, "")
    assert err.startswith("parlour: ") and message in err
