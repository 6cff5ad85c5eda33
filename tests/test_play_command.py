"""``parlour play``: a person against bots, driven by scripted input and in a pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import select
import sys
import time
from pathlib import Path

import pytest

import parlour
from parlour.cli import main
from parlour.io import read_log

ROOT = Path(__file__).resolve().parent.parent
ECARTE = ["play", "ecarte", "--seat", "1", "--seed", "3", "--option", "target=null"]


def play(
    arguments: list[str],
    typed: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(arguments)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def first_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[object, str]:
    """The state at the person's first prompt (replayed from the log of a run that stops
    there) and what the run printed."""
    log = tmp_path / "first.json"
    _, out, _ = play([*ECARTE, "--log", str(log)], "", monkeypatch, capsys)
    return parlour.replay(read_log(log.read_text(encoding="utf-8"))), out


def test_a_scripted_player_finishes_a_deal_and_hears_why_moves_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _ = first_prompt(tmp_path, monkeypatch, capsys)
    status, out, err = play(ECARTE, "accept\nfoo\n99\n" + "1\n" * 200, monkeypatch, capsys)
    assert status == 0, err
    # Seat 1, the non-dealer, is first to act: there is no proposal to accept yet.
    assert parlour.current_player(first) == 1
    refusal = parlour.check(first, "accept", seat=1)
    assert refusal is not None and refusal.rule == "phase.wrong_move"
    assert f"Not allowed: {refusal.message} [phase.wrong_move]" in out
    assert "Not a move now: 'foo'. Your moves now start with " in out  # no move of Écarté
    moves = len(parlour.legal_moves(first))
    assert f"There is no move 99: choose from 1 to {moves}." in out
    lines = out.splitlines()
    assert lines[-2].startswith("Final score by seat: ")
    assert lines[-1].startswith("Winners: seat ")
    # One deal of five tricks is told, as seat 1 sees it: seat 0's hand never shown.
    assert sum(line.startswith("  Trick ") for line in lines) == 5
    assert not any(line.startswith("    seat 0:") for line in lines)
    assert any(line.startswith("    seat 1:") for line in lines)


def test_the_legal_moves_are_numbered_in_their_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first, out = first_prompt(tmp_path, monkeypatch, capsys)
    listed = [line.split(". ", 1)[1] for line in out.splitlines() if line[:6].strip().endswith(".")]
    assert listed == [str(move) for move in parlour.legal_moves(first)]
    hand = next(line for line in out.splitlines() if line.startswith("Your hand: "))
    held = parlour.view(first, 1).hand
    # Not a terminal: plain letters, no suit symbols.
    assert hand == "Your hand: " + " ".join(card.text for card in parlour.base.sort_cards(held))


def test_notation_is_accepted_and_end_of_input_stops_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "game.json"
    status, out, err = play([*ECARTE, "--log", str(log)], "propose\n", monkeypatch, capsys)
    assert status == 0 and err == ""
    assert "  Seat 1 proposes an exchange." in out
    assert out.rstrip().endswith("End of input: the match is left unfinished.")
    game_log = read_log(log.read_text(encoding="utf-8"))
    assert game_log.moves[1] == "propose"  # after the deal; then the dealer's answer, maybe
    assert parlour.validate(game_log).ok


def test_ctrl_c_stops_cleanly_with_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupted:
        """Standard input at which the person presses Ctrl-C."""

        def readline(self) -> str:
            raise KeyboardInterrupt

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdin", Interrupted())
    assert main(ECARTE) == 130
    assert capsys.readouterr().out.rstrip().endswith("Interrupted: the match is left unfinished.")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["play", "ecarte", "--seat", "2"], "--seat must be from 0 to 1"),
        (["play", "ecarte", "--agents", "random,random"], "one spec per other seat"),
        (["play", "belote", "--agents", "random"], "one spec per other seat"),
        (["play", "ecarte", "--agents", "genius"], "genius"),
        (["play", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    arguments: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = play(arguments, "", monkeypatch, capsys)
    assert status == 2
    assert message in err


def test_a_belote_player_sees_only_its_own_hand_when_the_stock_is_dealt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["play", "belote", "--seat", "2", "--agents", "random,random,random"]
    status, out, _ = play([*arguments, "--option", "target=null"], "1\n" * 60, monkeypatch, capsys)
    assert status == 0
    shown = [
        line.split(":")[0].strip() for line in out.splitlines() if line.startswith("    seat ")
    ]
    assert set(shown) <= {"seat 2"}


def run_in_terminal(
    arguments: list[str], keys: bytes, environment: dict[str, str]
) -> tuple[int, bytes]:
    """Run ``python -m parlour`` in a pseudo-terminal, type ``keys`` at its first prompt, and
    return its exit status and all it wrote (each wait bounded: 60 s in all)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the command
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "parlour", *arguments], environment)
    output = b""
    deadline = time.monotonic() + 60
    typed = False
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
            if not typed and b"your move> " in output:
                os.write(fd, keys)
                typed = True
    finally:
        os.close(fd)
    waited_pid, status = os.waitpid(pid, os.WNOHANG)
    while waited_pid == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
        waited_pid, status = os.waitpid(pid, os.WNOHANG)
    if waited_pid == 0:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail(f"parlour play did not exit; it wrote {output!r}")
    return os.waitstatus_to_exitcode(status), output


def terminal_environment(**extra: str) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment["PYTHONPATH"] = str(ROOT / "src")
    environment.update(extra)
    return environment


def test_in_a_terminal_red_suits_are_coloured_and_ctrl_c_exits_130() -> None:
    status, output = run_in_terminal(ECARTE, b"\x03", terminal_environment())
    assert b"your move> " in output
    # Seat 1's hand of this deal (seed 3) is Q♠ K♠ J♥ Q♥ J♣: the hearts in red (SGR 31).
    hand = "Your hand: Q♠ K♠ \x1b[31mJ♥\x1b[0m \x1b[31mQ♥\x1b[0m J♣"
    assert hand.encode() in output
    assert b"Interrupted: the match is left unfinished." in output
    assert b"Traceback" not in output
    assert status == 130


def test_in_a_terminal_no_color_turns_colour_off_and_end_of_input_exits_0() -> None:
    status, output = run_in_terminal(ECARTE, b"\x04", terminal_environment(NO_COLOR="1"))
    assert b"your move> " in output
    assert b"\x1b[" not in output
    assert b"End of input: the match is left unfinished." in output
    assert status == 0


def test_the_table_shows_the_trick_so_far_and_the_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "belote.json"
    arguments = ["play", "belote", "--seed", "4", "--agents", "heuristic,random,heuristic"]
    status, out, _ = play([*arguments, "--log", str(log)], "", monkeypatch, capsys)
    assert status == 0
    state = parlour.replay(read_log(log.read_text(encoding="utf-8")))
    seen = parlour.view(state, 0)
    assert seen.to_act == 0 and seen.played  # seat 0 is to play to a trick already led
    names = {1: "seat 1", 2: "seat 2 (partner)", 3: "seat 3"}
    trick = ", ".join(f"{names[seat]} {card.text}" for seat, card in seen.played)
    assert f"  Trick: {trick}" in out.splitlines()
    assert "  Scores (seats: points): 0+2: 0, 1+3: 0" in out.splitlines()
