"""docs/bezique.md against the code: the score-event reasons and the meld table match the rules
module, the option table names every option with its default, and the Positions section's
example reads back with the moves it states and its key table names every key (the violation-id
table is checked for every game by ``tests/test_docs_violation_ids.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs

import parlour
from parlour.base import options_to_json
from parlour.bezique import BeziqueState, Options
from parlour.bezique.rules import MELD_TABLE
from tests.test_docs_violation_ids import ids_in_code as shared_ids_in_code

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT / "src" / "parlour"
PAGE = (ROOT / "docs" / "bezique.md").read_text(encoding="utf-8")

_REASON = re.compile(r"\"(bezique\.[a-z_]+)\"")


def section(title: str) -> str:
    return PAGE.split(f"\n## {title}", 1)[1].split("\n## ", 1)[0]


def ids_in_code() -> set[str]:
    """The rule ids the engine can return (read from its source, as the shared docs test does)."""
    return shared_ids_in_code("bezique")


def test_the_score_event_reasons_are_documented() -> None:
    # the meld reasons (``MeldKind.rule``) and every other "bezique.…" string of the rules
    # module, which holds the score-reason table, less the rule ids of violations
    in_code: set[str] = {kind.rule for kind in MELD_TABLE}
    rules_module = (SOURCE / "bezique" / "rules.py").read_text(encoding="utf-8")
    assert "class ScoreReasons:" in rules_module
    in_code.update(set(_REASON.findall(rules_module)) - ids_in_code())
    assert "bezique.seven_turnup" in in_code and "bezique.brisques" in in_code
    table = section("The per-deal breakdown").split("| `reason` |", 1)[1]
    documented = set(re.findall(r"`(bezique\.[a-z_]+)`", table))
    assert documented == in_code


def test_the_meld_table_matches_the_rules() -> None:
    table = section("Melds").split("### The reuse rules", 1)[0]
    rows = re.findall(r"^\| (A|B|C)[^|]* \| `([a-z_]+)` \| [^|]+ \| (\d+) \|$", table, re.MULTILINE)
    assert [(name, int(points)) for _, name, points in rows] == [
        (kind.name, kind.points) for kind in MELD_TABLE
    ]
    assert [meld_class for meld_class, _, _ in rows] == [kind.meld_class for kind in MELD_TABLE]


def test_the_option_table_names_every_option_and_its_default() -> None:
    table = section("Options")
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (.+?) \|", table, re.MULTILINE))
    assert list(rows) == [field.name for field in attrs.fields(Options)]
    for name, value in options_to_json(Options()).items():
        shown = (
            "None" if value is None else repr(tuple(value) if isinstance(value, list) else value)
        )
        assert rows[name].startswith(f"`{shown.replace(chr(39), chr(34))}`"), (name, rows[name])


def test_every_ambiguity_and_settled_point_has_a_row() -> None:
    table = section("Rule decisions")
    ids = re.findall(r"^\| (B\d+|S\d+) \|", table, re.MULTILINE)
    assert ids == [f"B{n}" for n in range(1, 18)] + [f"S{n}" for n in range(1, 6)]


def test_the_example_position_reads_back_with_the_moves_the_page_gives() -> None:
    """The Positions section's JSON is a valid position, written exactly as the engine writes
    it; seat 0, who won the trick holding K♣ Q♣ (clubs are not trumps), may marry them or
    draw."""
    text = section("Positions").split("```json\n", 1)[1].split("```", 1)[0]
    position = json.loads(text)
    state = BeziqueState.from_dict(position)
    assert state.to_dict() == position
    assert [str(move) for move in parlour.legal_moves(state)] == ["meld QC KC", "draw"]


def test_the_position_key_table_names_every_key_written() -> None:
    table = section("Positions").split("| Key | Holds |", 1)[1]
    documented = {key for cell in re.findall(r"^\| (`[^|]+`) \|", table, re.MULTILINE)
                  for key in re.findall(r"`([a-z_.]+)`", cell)}  # fmt: skip
    written = BeziqueState.from_dict(
        json.loads(section("Positions").split("```json\n", 1)[1].split("```", 1)[0])
    ).to_dict()
    keys = {key for key in written if key not in ("format", "version", "game", "options")}
    keys |= {f"deal.{key}" for key in written["deal"]}
    assert documented == keys
