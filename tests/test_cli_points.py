"""Small points of the command line: ``--version``, help texts, an empty folder given to
``validate``, JSON error messages; and Burraco's default reading of an ``add``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import parlour
from parlour.cli import main
from parlour.io import VERSION


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"parlour {VERSION}\n"


@pytest.mark.parametrize("command", [[], ["games"], ["demo"], ["play"], ["validate"]])
def test_help_texts_say_what_flags_do_now(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--help"]) == 0
    text = capsys.readouterr().out
    assert "as before" not in text and "--help" in text
    if not command:
        assert "--version" in text


def test_a_folder_without_logs_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("no log here", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert f"cannot read {tmp_path}: no log files" in captured.err
    assert "1 unreadable path" in captured.out


def test_json_errors_say_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "tab.json"
    log.write_text('{"format": "x\ty"}', encoding="utf-8")  # a raw tab inside a JSON string
    assert main(["validate", "--json", str(log)]) == 1
    out = capsys.readouterr().out
    assert "Invalid control character at line 1 column 14" in out
    assert "at at" not in out


def test_an_add_keeps_a_natural_two_natural_without_equals() -> None:
    state = parlour.new_game("burraco", seed=7)
    # Look through random play for an add whose text needs '=' because a 2 of the run's suit
    # could be natural or wild; the text without '=' now reads the natural arrangement.
    rng = random.Random(7)
    found = 0
    for _ in range(3000):
        player = parlour.current_player(state)
        if player is None:
            break
        if player is parlour.CHANCE:
            state = parlour.apply(state, parlour.random_deal(state, rng))
            continue
        moves = parlour.legal_moves(state)
        readings: dict[str, list[str]] = {}
        for move in moves:
            text = str(move)
            if text.startswith("add ") and " = " in text:
                assert str(parlour.parse_move(state, text.replace(" = ", " ="))) == text
                assert str(parlour.parse_move(state, text.replace(" = ", "="))) == text
                readings.setdefault(text.split(" = ")[0], []).append(text)
        for written, texts in readings.items():
            if len(texts) != 2:
                continue
            results = [text.split(" = ")[1].split() for text in texts]
            suit = results[0][-1][-1] if results[0][-1] != "JK" else results[0][0][-1]
            two, three = f"2{suit}", f"3{suit}"
            natural = [text for text, cards in zip(texts, results, strict=True)
                       if cards[:2] == [two, three]]  # fmt: skip
            wild = [text for text, cards in zip(texts, results, strict=True)
                    if two in cards and cards[cards.index(two) + 1 :][:1] != [three]]  # fmt: skip
            if len(natural) == 1 and len(wild) == 1:
                # the same cards leave the 2 natural or wild: without '=' it stays natural
                assert str(parlour.parse_move(state, written)) == natural[0]
                found += 1
        state = parlour.apply(state, moves[rng.randrange(len(moves))])
    assert found > 0
