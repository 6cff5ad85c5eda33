"""The golden violation corpus (tests/golden/violations/<game>/): every file's report, and an
illegal-move log for every id of each game's docs table.

The files are regression goldens written by ``tests/golden/make_violations.py``: each log holds
an ``expect`` key (ignored by validation) with the kind of problem, and for an illegal move its
rule id and move index; a file named ``<rule id>.json`` must report that id. Valid logs expect
their final score and winners. Regenerate with the script, never by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import parlour
from tests.golden.make_violations import UNREACHABLE_FROM_A_LOG
from tests.helpers import BUILT_IN
from tests.test_docs_violation_ids import ids_in_docs

CORPUS = Path(__file__).resolve().parent / "golden" / "violations"
GAMES = BUILT_IN
FILES = sorted(CORPUS.glob("*/*.json"))
LOG_KINDS = ("format", "options", "notation", "result")
"""The problem kinds of a log other than ``illegal``: each game has one log of each."""


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _rule_files(game: str) -> set[str]:
    return {path.stem for path in (CORPUS / game).glob("*.*.json")}


def test_the_corpus_is_there() -> None:
    """Every game has a folder, and the glob finds files (so the tests below cannot pass empty)."""
    assert sorted(path.name for path in CORPUS.iterdir() if path.is_dir()) == sorted(GAMES)
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_each_file_reports_what_it_expects(path: Path) -> None:
    data = _load(path)
    expect = data["expect"]
    assert data["game"] == path.parent.name
    report = parlour.validate(data)
    if expect["kind"] is None:
        assert report.ok, report
        assert list(report.score or ()) == expect["score"]
        assert list(parlour.winners(parlour.replay(data))) == expect["winners"]
        assert report.moves_applied == expect["moves"] == len(data["moves"])
        return
    assert report.error is not None, report
    assert report.error.kind == expect["kind"]
    assert report.error.move_index == expect.get("move_index")
    if expect["kind"] == "illegal":
        assert report.error.rule == expect["rule"] == path.stem
        assert report.error.move_index == len(data["moves"]) - 1, "the last move is the bad one"
        assert report.moves_applied == expect["move_index"]


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_id_has_a_log(game: str) -> None:
    documented = set(ids_in_docs(game))
    reachable = documented - set(UNREACHABLE_FROM_A_LOG)
    assert _rule_files(game) == reachable, "a new id needs a log (run make_violations.py)"


@pytest.mark.parametrize("game", GAMES)
def test_every_log_level_kind_and_a_valid_log_is_there(game: str) -> None:
    names = {path.stem for path in (CORPUS / game).glob("*.json")}
    assert {f"kind_{kind}" for kind in LOG_KINDS} <= names
    assert any(name.startswith("valid_") for name in names)


def test_the_unreachable_ids_are_documented_ids() -> None:
    """The ids exempted from the corpus exist in some game's table (so the list cannot rot),
    and the shared one cannot arise without a seat: applying a legal move's text never names
    it."""
    every_id = {rule for game in GAMES for rule in ids_in_docs(game)}
    assert set(UNREACHABLE_FROM_A_LOG) <= every_id
    state = parlour.new_game("belote", seed=3)
    violation = parlour.check(state, str(parlour.legal_moves(state)[0]), seat=2)
    assert violation is not None and violation.rule == "turn.not_your_turn"
