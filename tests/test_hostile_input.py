"""Hostile input, class by class (issue 12): every bad call raises a specific `ParlourError`
(only a wrong Python type where a state, a Move or a random.Random is expected is a plain
`TypeError`), `validate` never raises, and no input makes a call hang or hold memory.

Risky calls run under `bounded`, a ``SIGALRM`` guard that turns a hang into a failure.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import attrs
import pytest

import parlour
from parlour import GameLog, IllegalMoveError, LogError, NotationError, OptionsError, ParlourError
from parlour.base import (
    MAX_OPTION_INT,
    SeatError,
    SeedError,
    option_checks,
)
from parlour.base import _cards as cards_module
from parlour.engine import (
    MAX_MOVE_CHARS,
    MAX_MOVE_TOKENS,
    Deal,
    Move,
    Play,
    Violation,
    get_game,
)
from parlour.io import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    Match,
    read_log,
    replay,
    validate,
    validate_files,
)
from tests.helpers import BUILT_IN
from tests.strategies import playout_states

GAMES = parlour.game_names()
SRC = Path(__file__).resolve().parent.parent / "src"
HANG_GUARD = 5.0
"""Seconds a single hostile call may take before it counts as a hang."""
SHORT_MESSAGE = 400
"""The longest an error message about a huge input may be (it must not echo the input)."""


class _HangError(Exception):
    pass


@contextmanager
def bounded(seconds: float = HANG_GUARD) -> Iterator[None]:
    """Fail if the body runs longer than ``seconds`` (``SIGALRM`` interrupts even a blocking
    ``open`` of a FIFO)."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise _HangError(f"the call took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - started < seconds


def good_log(game: str) -> dict[str, Any]:
    return Match(game, seed=1).to_log().to_dict()


def log_text(game: str, **fields: Any) -> str:
    data = good_log(game)
    data.update(fields)
    return json.dumps(data)


def assert_format_problem(report: parlour.Report, words: str) -> None:
    assert not report.ok
    assert report.error is not None
    assert report.error.kind == "format"
    assert words in report.error.message
    assert len(report.error.message) < SHORT_MESSAGE


def state_in_play(game: str, *, want: type[Move] = Play) -> Any:
    """A seeded state where a move of type ``want`` is legal (reached by the first legal move
    at each turn, then random ones)."""
    start = parlour.new_game(game, seed=1)
    for state in playout_states(game, 7, start=start, max_moves=399):
        if any(isinstance(move, want) for move in parlour.legal_moves(state)):
            return state
    raise AssertionError(f"{game}: no {want.__name__} within 400 moves")


TRICK_GAMES = [name for name in ("belote", "bezique", "ecarte") if name in GAMES]


# --- 1. deep JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_deep_json_is_a_format_problem_not_a_recursion_error(game: str) -> None:
    deep = "[" * 10_000 + "]" * 10_000
    nested: Any = []
    for _ in range(10_000):
        nested = [nested]
    just_too_deep: Any = 0
    for _ in range(MAX_DEPTH):
        just_too_deep = [just_too_deep]
    texts = {
        "ignored key": log_text(game)[:-1] + f', "site": {deep}}}',
        "whole document": deep,
        "options": log_text(game)[:-1].replace('"options": {', f'"options": {{"x": {deep}, ', 1)
        + "}",
    }
    with bounded():
        for where, text in texts.items():
            report = validate(text)
            assert_format_problem(report, "nest")
            with pytest.raises(LogError, match="nest"):
                read_log(text)
            assert where
        for source in ({**good_log(game), "site": nested}, {**good_log(game), "x": just_too_deep}):
            assert_format_problem(validate(source), "nest")
            with pytest.raises(LogError, match=f"deeper than {MAX_DEPTH}"):
                read_log(source)
            with pytest.raises(LogError):
                replay(source)
    # Nesting up to the limit is still read.
    fine: Any = 0
    for _ in range(MAX_DEPTH - 2):
        fine = [fine]
    assert validate({**good_log(game), "site": fine}).ok


# --- 2. integers beyond the int/str conversion limit ---------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_huge_integers_are_parlour_errors_everywhere(game: str) -> None:
    digits = "9" * 5000
    huge = 10**5000
    with bounded():
        text = log_text(game)[:-1] + f', "dealer": 0, "site": {digits}}}'
        assert_format_problem(validate(text), "digits")
        text = json.dumps(good_log(game)).replace('"dealer": 0', f'"dealer": {digits}')
        assert_format_problem(validate(text), "digits")
        hostile: tuple[tuple[str, Any], ...] = (
            ("dealer", huge),
            ("result", {"score": [huge]}),
            ("result", {"termination": "resign", "seat": huge}),
            ("options", {"target": huge}),
            ("site", {"deep": [huge]}),
        )
        for field, value in hostile:
            source = {**good_log(game), field: value}
            assert_format_problem(validate(source), f"more than {MAX_INT_DIGITS} digits")
            with pytest.raises(LogError, match="digits"):
                read_log(source)
        # Big but readable integers still give messages (no int/str conversion failure).
        report = validate({**good_log(game), "dealer": 10**900})
        assert not report.ok and report.error is not None and report.error.kind == "options"
        assert "digits" in report.error.message and len(report.error.message) < SHORT_MESSAGE
        report = validate({**good_log(game), "result": {"score": [10**900]}})
        assert report.error is not None and report.error.kind == "result"
        with pytest.raises(OptionsError, match="digits"):
            parlour.new_game(game, dealer=huge)
        with pytest.raises(OptionsError, match="digits"):
            parlour.new_game(huge)  # type: ignore[call-overload]
        assert_format_problem(validate({**good_log(game), "game": huge}), "digits")
        assert_format_problem(validate({**good_log(game), "game": 10**900}), "game")
        for name, (default, _spec) in option_checks(get_game(game).options_type).items():
            bad_values: tuple[Any, ...] = (huge, [huge], MAX_OPTION_INT + 1)
            for value in bad_values:
                with pytest.raises(OptionsError) as raised:
                    parlour.new_game(game, options={name: value})
                assert len(raised.value.message) < SHORT_MESSAGE
            assert default is not huge


def test_huge_integer_in_an_option_argument_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from parlour.cli import main

    for value in ("9" * 5000, "[" * 10_000 + "]" * 10_000):
        with bounded():
            assert main(["demo", GAMES[0], "--option", f"target={value}"]) == 2
        error = capsys.readouterr().err
        assert "--option target" in error and len(error) < SHORT_MESSAGE


# --- 3. report text that cannot be encoded -------------------------------------------------------


def run_parlour(
    *arguments: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": str(SRC), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "parlour", *arguments],
        capture_output=True,
        timeout=60,
        env=environment,
        check=False,
    )


@pytest.mark.parametrize("game", BUILT_IN)  # run by the command, which knows the built-in games
def test_unencodable_report_text_is_escaped_not_a_crash(game: str, tmp_path: Path) -> None:
    strict = {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    log = good_log(game)
    log["moves"] = [*log["moves"][:1], "play \udcff"]
    del log["result"]
    surrogate = tmp_path / "surrogate.json"
    surrogate.write_text(json.dumps(log), encoding="ascii")  # \udcff escaped in the JSON
    for flags in (["--json"], []):
        done = run_parlour("validate", *flags, str(surrogate), env=strict)
        assert done.returncode == 1, done.stderr
        assert b"Traceback" not in done.stderr
        if flags:
            report, summary = (json.loads(line) for line in done.stdout.splitlines())
            assert summary["summary"]["by_kind"] == {"notation": 1}
            assert report["error"]["kind"] == "notation"
            assert report["error"]["move"] == "play \udcff"
        else:
            assert b"INVALID notation" in done.stdout
    folder = tmp_path / "names"
    folder.mkdir()
    bad_name = os.path.join(os.fsencode(folder), b"log-\xff.json")
    with open(bad_name, "w", encoding="utf-8") as file:
        file.write(json.dumps(good_log(game)))
    try:
        for flags in (["--json"], []):
            done = run_parlour("validate", *flags, str(folder), env=strict)
            assert done.returncode == 0, done.stderr
            assert b"Traceback" not in done.stderr
            assert b"log-\\udcff.json" in done.stdout or b"log-\\xff.json" in done.stdout
    finally:
        os.unlink(bad_name)


# --- 4. special files ----------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("game", GAMES)
def test_a_fifo_named_like_a_log_is_skipped_not_waited_on(game: str, tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(good_log(game)), encoding="utf-8")
    fifos = [tmp_path / "b.json", tmp_path / "c.jsonl"]
    for fifo in fifos:
        os.mkfifo(fifo)
    try:
        with bounded():
            reports = list(validate_files([tmp_path]))
            sources = [source for source, _ in parlour.read_logs(tmp_path)]
        assert [report.source for report in reports] == [str(tmp_path / "a.json")]
        assert reports[0].ok
        assert sources == [str(tmp_path / "a.json")]
    finally:
        for fifo in fifos:
            fifo.unlink()


# --- 5. a broken pipe ----------------------------------------------------------------------------


def test_a_broken_pipe_during_validation_exits_non_zero(tmp_path: Path) -> None:
    corpus = tmp_path / "many.jsonl"
    line = json.dumps(good_log(GAMES[0]))
    corpus.write_text((line + "\n") * 3000, encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "validate", str(corpus)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(100)
        process.stdout.close()  # the reader goes away (as `| head -c 100` does)
        status = process.wait(timeout=60)
        error = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
    assert status == 2
    assert b"Traceback" not in error


# --- 6. move objects built by hand ---------------------------------------------------------------


def assert_refused(state: Any, move: Move, rule: str, seat: int | None = None) -> None:
    before = state
    copy_of_state = attrs.evolve(state) if attrs.has(type(state)) else state
    violation = parlour.check(state, move, seat=seat)
    assert isinstance(violation, Violation), move
    assert violation.rule == rule and violation.message
    with pytest.raises(IllegalMoveError) as raised:
        parlour.apply(state, move, seat=seat)
    assert raised.value.rule == rule
    assert state is before and state == copy_of_state


@pytest.mark.parametrize("game", GAMES)
def test_hand_built_deals_of_non_cards_are_violations(game: str) -> None:
    state = parlour.new_game(game)
    real = parlour.random_deal(state, random.Random(1))
    name, groups = real.fields[0]
    broken_group: Any = (None, *groups[0][1:])
    texts: Any = tuple(tuple(card.text for card in group) for group in groups)
    bad_deals = [
        Deal(((name, (broken_group, *groups[1:])), *real.fields[1:])),
        Deal(((name, texts), *real.fields[1:])),
        Deal(((name, None), *real.fields[1:])),  # type: ignore[arg-type]
        Deal(((None, groups), *real.fields[1:])),  # type: ignore[arg-type]
        Deal(("hands", *real.fields[1:])),  # type: ignore[arg-type]
        Deal(None),  # type: ignore[arg-type]
    ]
    with bounded():
        for deal in bad_deals:
            assert_refused(state, deal, "deal.bad_layout")


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_hand_built_plays_of_non_cards_are_violations(game: str) -> None:
    state = state_in_play(game)
    for content in (None, "JH", 7, [1], parlour.Suit.HEARTS):
        assert_refused(state, Play(content), "card.not_held")  # type: ignore[arg-type]
        assert_refused(state, Play(content), "card.not_held", seat=parlour.current_player(state))  # type: ignore[arg-type]


def test_hand_built_belote_takes_with_bad_suits_are_violations() -> None:
    from parlour.belote import Take

    first_round = parlour.new_game("belote", seed=1)
    second_round = first_round
    for _ in range(4):
        second_round = parlour.apply(second_round, "pass")
    for state in (first_round, second_round):
        for suit in (7, -1, 1, "H", None.__class__, 1.0):
            assert_refused(state, Take(suit), "belote.name_a_suit")  # type: ignore[arg-type]


# --- 7. seats that are not seats -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_seats_that_are_not_seats_are_refused(game: str) -> None:
    state = state_in_play(game, want=Move)
    move = parlour.legal_moves(state)[0]
    seats = parlour.players(state)
    not_seats: tuple[Any, ...] = (True, False, 1.0, 0.0, "0", 10**5000)
    for seat in not_seats:
        with pytest.raises(SeatError) as raised:
            parlour.view(state, seat)
        assert isinstance(raised.value, (ParlourError, ValueError)) and "seat" in str(raised.value)
        for call in (parlour.apply, parlour.check):
            with pytest.raises(SeatError):
                call(state, move, seat=seat)
        with pytest.raises(SeatError):
            parlour.resample_hidden(state, seat, random.Random(1))
        with pytest.raises(OptionsError, match="dealer"):
            parlour.new_game(game, dealer=seat)
        match = Match(game, seed=1)
        with pytest.raises(SeatError):
            match.apply(parlour.legal_moves(match.state)[0], seat=seat)
        assert match.moves == Match(game, seed=1).moves
    for seat in (-1, seats):
        with pytest.raises(SeatError):
            parlour.view(state, seat)
    assert issubclass(SeatError, ParlourError) and issubclass(SeatError, ValueError)


# --- 8. seeds and rngs of the wrong type ---------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_seeds_and_rngs_of_the_wrong_type_are_refused(game: str) -> None:
    for seed in ("x", True, 1.0, b"1", [1]):
        with pytest.raises(SeedError, match="seed must be an int"):
            parlour.new_game(game, seed=seed)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="seed must be an int"):
            Match(game, seed=seed)  # type: ignore[arg-type]
    assert issubclass(SeedError, ParlourError) and issubclass(SeedError, TypeError)
    state = parlour.new_game(game)
    for rng in ("rng", 1, None, random):
        with pytest.raises(TypeError, match=r"random\.Random"):
            parlour.random_deal(state, rng)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"random\.Random"):
            parlour.resample_hidden(parlour.new_game(game, seed=1), 0, rng)  # type: ignore[arg-type]


# --- 9. list options with floats -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_list_options_refuse_floats_and_bools(game: str) -> None:
    lists = {
        name: default
        for name, (default, _spec) in option_checks(get_game(game).options_type).items()
        if isinstance(default, tuple) and default and all(type(i) is int for i in default)
    }
    for name, default in lists.items():
        for bad in (
            [float(item) for item in default],
            [True, *default[1:]],
            [*default[:-1], 1e300],
        ):
            with pytest.raises(OptionsError, match=name):
                parlour.new_game(game, options={name: bad})
        assert parlour.options(parlour.new_game(game, options={name: list(default)}))


# --- 10. a GameLog built by hand -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_hand_built_game_logs_with_wrong_types_are_format_problems(game: str) -> None:
    deep: Any = 0
    for _ in range(10_000):
        deep = [deep]
    bad_logs = [
        GameLog(game=game, moves="deal"),  # type: ignore[arg-type]
        GameLog(game=game, moves=(1, 2)),  # type: ignore[arg-type]
        GameLog(game=game, moves=None),  # type: ignore[arg-type]
        GameLog(game=game, dealer="0"),  # type: ignore[arg-type]
        GameLog(game=game, dealer=True),
        GameLog(game=game, options=5),  # type: ignore[arg-type]
        GameLog(game=game, players=(1, 2)),  # type: ignore[arg-type]
        GameLog(game=game, result="won"),  # type: ignore[arg-type]
        GameLog(game=game, result={"score": "x"}),
        GameLog(game=game, parlour=1),  # type: ignore[arg-type]
        GameLog(game=5),  # type: ignore[arg-type]
        GameLog(game=game, extra={"site": deep}),
        GameLog(game=game, options={"target": 10**5000}),
    ]
    with bounded():
        for log in bad_logs:
            report = validate(log)
            assert not report.ok and report.error is not None
            assert report.error.kind in ("format", "options"), log
            with pytest.raises(ParlourError):
                replay(log)
    good = read_log(good_log(game))
    assert validate(good).ok


# --- 11. one path given as a str -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_validate_files_takes_one_str_path_as_one_path(game: str, tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(good_log(game)), encoding="utf-8")
    with bounded():
        for given in (str(path), path, str(tmp_path)):
            reports = list(validate_files(given))
            assert [report.source for report in reports] == [str(path)]
            assert reports[0].ok


# --- 12. unbounded work --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_megabyte_move_texts_are_refused_quickly_with_short_messages(game: str) -> None:
    state = parlour.new_game(game, seed=1)
    deal_due = parlour.new_game(game)
    meg = 2_000_000
    card = get_game(game).deck[0].text
    fields = get_game(game).deal_fields(parlour.options(deal_due))
    texts = [
        "meld " + " ".join([card] * (meg // 3)),
        "meld " + ",".join([card] * (meg // 3)),
        "discard " + " ".join([card] * (meg // 3)),
        "play " + "x" * meg,
        "x" * meg,
        "deal " + " ".join(f"{field.name}:" for field in fields) + ",".join([card] * (meg // 3)),
        "pass " * (MAX_MOVE_TOKENS + 1),
    ]
    with bounded():
        for where in (state, deal_due):
            for text in texts:
                for call in (parlour.parse_move, parlour.apply, parlour.check):
                    with pytest.raises(NotationError) as raised:
                        call(where, text)
                    assert len(str(raised.value)) < SHORT_MESSAGE
                    assert "characters" in str(raised.value) or "tokens" in str(raised.value)
        log = good_log(game)
        log["moves"] = [*log["moves"], texts[0]]
        del log["result"]
        report = validate(log)
        assert report.error is not None and report.error.kind == "notation"
        assert len(report.error.message) < SHORT_MESSAGE
    # The longest real move (a whole deal) is far under the limit.
    assert len(str(parlour.random_deal(deal_due, random.Random(1)))) < MAX_MOVE_CHARS // 4


def test_the_card_parse_cache_keeps_only_short_tokens() -> None:
    long_token = " " * 1_000_000 + "JH"
    with bounded():
        assert parlour.parse_card(long_token) == parlour.parse_card("JH")
        with pytest.raises(NotationError) as raised:
            parlour.parse_card("Q" * 2_000_000)
    assert len(str(raised.value)) < SHORT_MESSAGE
    assert all(len(key) <= 8 for key in cards_module._PARSED)
    for token in (None, 7, ["JH"]):
        with pytest.raises(NotationError, match="must be text"):
            parlour.parse_card(token)  # type: ignore[arg-type]
        with pytest.raises(NotationError, match="must be text"):
            cards_module.parse_suit(token)  # type: ignore[arg-type]
