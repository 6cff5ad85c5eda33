"""Fuzzing the log reader, `validate` and `replay` with arbitrary text, arbitrary JSON values
and mutated valid logs of every game.

`read_log` and `replay` return or raise a `ParlourError` with a message; `validate` never
raises and always returns a `Report`, whose verdict agrees with `replay`; every call stays
within the bound of `tests.fuzz.guard`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import GameLog, LogError, ParlourError, Report
from parlour.io import (
    read_log,
    replay,
    validate,
    write_log,
)
from tests.fuzz.guard import examples, outcome
from tests.fuzz.samples import GAMES
from tests.fuzz.strategies import json_texts, json_values, mutated_logs, odd_texts


def _label(value: Any) -> str:
    text = value if isinstance(value, str) else type(value).__name__
    return text[:40]


def assert_validates_without_raising(source: Any) -> Report:
    """`validate` returns a `Report` for ``source`` (it may not even raise a `ParlourError`),
    whose problem, if any, has a kind and a message."""
    report = outcome(lambda: validate(source), f"validate({_label(source)!r})")
    assert isinstance(report, Report), f"validate raised {report!r}"
    if report.error is not None:
        assert report.error.kind in ("format", "options", "notation", "illegal", "result")
        assert report.error.message.strip()
        assert not report.ok
    else:
        assert report.ok
    assert isinstance(json.dumps(report.to_dict()), str)
    return report


def assert_written_back(log: GameLog) -> None:
    """A log that was read can be written, and reading that text back writes the same bytes."""
    text = outcome(lambda: write_log(log), "write_log(read)")
    assert isinstance(text, str), f"write_log raised {text!r}"
    assert write_log(read_log(text)) == text


def assert_replay_agrees(source: Any, report: Report) -> None:
    """`replay` raises exactly when the report names a header or move problem."""
    state = outcome(lambda: replay(source), f"replay({_label(source)!r})")
    if isinstance(state, ParlourError):
        assert report.error is not None and report.error.kind != "result", (state, report)
        if report.error.move_index is not None:
            assert state.move_index == report.error.move_index
    else:
        assert report.ok or (report.error is not None and report.error.kind == "result")
        assert list(parlour.score(state)) == list(report.score or ())


@settings(max_examples=examples(4))
@given(text=st.one_of(odd_texts(), json_texts()))
def test_arbitrary_text_is_read_or_refused(text: str) -> None:
    log = outcome(lambda: read_log(text), f"read_log({text[:40]!r})")
    assert isinstance(log, (GameLog, LogError)), log
    assert_validates_without_raising(text)
    encoded = text.encode("utf-8", "surrogatepass")
    assert isinstance(outcome(lambda: read_log(encoded), "read_log(bytes)"), (GameLog, LogError))


@settings(max_examples=examples(2))
@given(value=json_values(40))
def test_arbitrary_json_values_are_read_or_refused(value: Any) -> None:
    log = outcome(lambda: read_log(value), "read_log(value)")
    assert isinstance(log, (GameLog, LogError)), log
    if isinstance(log, GameLog):
        assert_written_back(log)
    report = assert_validates_without_raising(value)
    assert not report.ok or isinstance(log, GameLog)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(3))
@given(data=st.data())
def test_mutated_logs_validate_and_replay_consistently(game: str, data: st.DataObject) -> None:
    log = data.draw(mutated_logs(game), label="log")
    read = outcome(lambda: read_log(log), "read_log(mutated)")
    report = assert_validates_without_raising(log)
    if isinstance(read, LogError):
        assert report.error is not None and report.error.kind == "format"
        return
    assert isinstance(read, GameLog), read
    assert_written_back(read)
    assert_replay_agrees(log, report)
    assert_validates_without_raising(read)


@settings(max_examples=examples(1))
@given(log=mutated_logs())
def test_mutated_logs_as_json_text_validate(log: dict[str, Any]) -> None:
    try:
        text = json.dumps(log, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        return  # not JSON (a set, NaN, a huge integer, too deep): the object form is tested above
    report = assert_validates_without_raising(text)
    assert_validates_without_raising(text.encode("utf-8", "surrogatepass"))
    if report.ok:
        assert validate(log).ok
