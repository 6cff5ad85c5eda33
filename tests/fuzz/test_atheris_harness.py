"""The atheris harnesses of fuzz/ import without atheris, and their one-input functions accept
a few hostile samples (so a broken harness shows up before a long fuzzing run)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from parlour import NotationError
from tests.fuzz.samples import sample_log_text

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
HARNESSES = ("fuzz_validate", "fuzz_parse_move")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"parlour_fuzz_{name}", FUZZ / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _samples() -> list[bytes]:
    log = sample_log_text("belote").encode("utf-8")
    return [
        b"",
        b"\0\0",
        b"\x01\x03play 7S",
        b"\x03\x00deal hands:7S",
        b"\x02\x05meld KS QS",
        b"\x00\x09add 1 5H = 4H 5H 6H",
        log,
        log[: len(log) // 2],
        b"[" * 100_000,
        b'{"format": "parlour-log/1", "game": "belote", "moves": [], "dealer": '
        + b"9" * 5000
        + b"}",
        b"\xff\xfe\xed\xa0\x80",
        "\ud800".encode("utf-8", "surrogatepass"),
    ]


@pytest.mark.parametrize("name", HARNESSES)
def test_the_harness_runs_its_one_input_function_without_atheris(name: str) -> None:
    module = _load(name)
    for sample in _samples():
        module.one_input(sample)
    assert callable(module.main)


def _raise(error: Exception) -> None:
    raise error


def test_the_harness_reports_a_broken_contract() -> None:
    """`checked` lets an unexpected exception through, fails an error with a blank message, and
    gives back a `ParlourError` with a message."""
    harness = _load("harness")
    with pytest.raises(KeyError):
        harness.checked(lambda: _raise(KeyError("x")), "a lookup")
    with pytest.raises(harness.HarnessError):
        harness.checked(lambda: _raise(NotationError(" ")), "a blank error")
    error = NotationError("not a card")
    assert harness.checked(lambda: _raise(error), "a clear error") is error
