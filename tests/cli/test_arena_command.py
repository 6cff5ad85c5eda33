"""``parlour arena``: the table, the JSON, the progress bar and the errors."""

from __future__ import annotations

import io
import json
import re

import pytest

from parlour.agents import round_robin
from parlour.cli import ProgressBar, bar_text, main

ARENA = ["arena", "ecarte", "random", "heuristic", "ismcts:5", "--deals", "2", "--seed", "3"]


def run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(arguments)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_table_gives_every_pairing_and_the_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(ARENA, capsys)
    assert status == 0 and err == ""  # not a terminal: no progress bar
    lines = out.splitlines()
    assert lines[0] == (
        "ecarte: 3 agents, 2 pairs of seat-swapped matches per pairing, seeds 3 to 4, target=null"
    )
    expected = round_robin("ecarte", ["random", "heuristic", "ismcts:5"], deals=2, seed=3)
    for line, pairing in zip(lines[2:5], expected.pairings, strict=True):
        summary = pairing.summary()
        assert re.match(rf"{re.escape(pairing.first)} +{re.escape(pairing.second)} +4 ", line)
        assert f" {summary.wins}-{summary.losses}-{summary.ties} " in line
        assert f"{summary.score_rate:.1%}" in line
    assert lines[5] == "Bradley-Terry ratings, Elo scale (random = 0):"
    rated = {line.split()[0]: float(line.split()[1]) for line in lines[6:]}
    ratings = zip(expected.agents, expected.ratings(), strict=True)
    assert rated == {name: pytest.approx(rating, abs=0.5) for name, rating in ratings}


def test_json_is_the_round_robin_for_programs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([*ARENA, "--json", "--option", "target=2"], capsys)
    assert status == 0
    document = json.loads(out)
    expected = round_robin("ecarte", ["random", "heuristic", "ismcts:5"], deals=2, seed=3,
                           options={"target": 2}).to_dict()  # fmt: skip
    assert document["options"] == {"target": 2}
    assert (document["deals"], document["seed"]) == (2, 3)
    assert document["ratings"] == expected["ratings"]
    for got, want in zip(document["pairings"], expected["pairings"], strict=True):
        for record in (*got["deals"], *want["deals"]):
            del record["cpu_seconds"]  # the only measured, not computed, field
        assert got["deals"] == want["deals"]
        assert got["summary"]["score_interval"] == want["summary"]["score_interval"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["arena", "ecarte", "random", "heuristik"], "unknown agent spec 'heuristik'"),
        (["arena", "ecart", "random", "random"], "unknown game 'ecart'"),
        (["arena", "ecarte", "random", "heuristic", "--option", "target"], "NAME=JSONVALUE"),
        (["arena", "ecarte", "random", "heuristic", "--option", "tar=1"], "unknown option 'tar'"),
        (["arena", "ecarte", "random", "heuristic", "--deals", "0"], "--deals must be at least 1"),
        (["arena", "ecarte", "random"], "give two agent specs or more"),
        (["arena", "ecarte", "random", "random"], "its own name"),
    ],
)
def test_bad_arguments_exit_2_with_a_message_and_no_table(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(arguments, capsys)
    assert status == 2 and out == ""
    assert err.startswith("parlour: arena: ") and message in err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_shows_the_share_done_and_the_time_left() -> None:
    # A quarter done in 5 s: 15 s for the other three quarters.
    assert bar_text(25, 100, 5.0, "matches", width=8) == (
        "[##......] 25/100 matches, about 0:00:15 left"
    )
    assert bar_text(0, 10, 0.0, "matches", width=4) == "[....] 0/10 matches"
    assert bar_text(10, 10, 9.0, "matches", width=4) == "[####] 10/10 matches"


def test_the_bar_is_drawn_on_a_terminal_only_and_not_when_quiet() -> None:
    clock = iter([0.0, 1.0, 1.1, 2.0]).__next__
    terminal = FakeTerminal()
    bar = ProgressBar(terminal, label="parlour arena", total=4, unit="matches", interval=0.5,
                      clock=clock)  # fmt: skip
    bar.update(1)  # at 1.0 s
    bar.update(2)  # at 1.1 s: within the interval, not drawn
    bar.update(3)  # at 2.0 s
    bar.clear()
    assert terminal.getvalue() == (
        "\r\x1b[Kparlour arena: [######..................] 1/4 matches, about 0:00:03 left"
        "\r\x1b[Kparlour arena: [##################......] 3/4 matches, about 0:00:01 left"
        "\r\x1b[K"
    )
    for stream, wanted in ((io.StringIO(), True), (FakeTerminal(), False)):
        quiet = ProgressBar(stream, label="parlour arena", total=4, unit="matches",
                            wanted=wanted)  # fmt: skip
        quiet.update(1)
        quiet.clear()
        assert stream.getvalue() == "" and not quiet.enabled


def test_the_command_draws_its_bar_on_a_terminal_unless_quiet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    drawn = []
    for quiet in ([], ["--quiet"]):
        terminal = FakeTerminal()
        monkeypatch.setattr("sys.stderr", terminal)
        assert main(["arena", "ecarte", "random", "heuristic", "--deals", "1", *quiet]) == 0
        drawn.append(terminal.getvalue())
    assert drawn[0].startswith("\r\x1b[Kparlour arena: [") and drawn[0].endswith("\r\x1b[K")
    assert drawn[1] == ""
    assert capsys.readouterr().out.count("Bradley-Terry ratings") == 2
