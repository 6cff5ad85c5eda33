"""Each game's page lists every rule id its code can return, and no other (docs/<game>.md,
section "Violation ids").

The ids the code can return are read from the game's source: the first argument of every
`Violation(...)` and the rule of every `Obligation(...)` it builds, plus the shared ids of
`parlour.engine.turn_violation` and `parlour.engine.deal_violation` when the game calls them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "parlour"
DOCUMENTED_GAMES = BUILT_IN
"""Every registered game: each must have a page with a violation-id table."""

_BUILT_ID = re.compile(r"\b(?:Violation|Obligation)\(\s*(?:rule=)?\"([a-z_]+\.[a-z_]+)\"")
_GAME_PROBLEM_ID = re.compile(r"\b(?:meld)?_problem\(\s*\"([a-z_]+)\"")
"""A game's own problem records (Burraco's meld engine builds ``meld_problem("two_wilds", …)``,
which its game logic turns into the violation ``burraco.two_wilds``)."""
_PREFIXED_ID = re.compile(r"\brule=f\"\{prefix\}\.([a-z_]+)\"")
"""A rule id built under the calling game's prefix (`parlour.tricks.belote_clauses`, the clauses
classic Belote and Coinche share)."""
_TABLE_ROW_ID = re.compile(r"^\| `([a-z_]+\.[a-z_]+)` \|", re.MULTILINE)


SHARED_CHECKS = {
    "turn_violation(": ("engine/_turns.py", "engine/_notation.py"),
    "deal_violation(": ("engine/_notation.py",),
    "(TrickGame):": ("tricks/_skeleton.py", "engine/_turns.py", "engine/_notation.py"),
    "belote_clauses(": ("tricks/_belote_family.py",),
}
"""The shared modules whose ids a game can return, by the call (or the base class, or the
import) that brings them in: `parlour.tricks.TrickGame.check` calls `turn_violation`."""


def ids_in_code(game: str) -> set[str]:
    """Every rule id the game's modules build, with the shared ids of the checks it calls."""
    ids: set[str] = set()
    shared: set[str] = set()
    for path in sorted((SOURCE / game).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        ids.update(_BUILT_ID.findall(text))
        ids.update(f"{game}.{name}" for name in _GAME_PROBLEM_ID.findall(text))
        for call, modules in SHARED_CHECKS.items():
            if call in text:
                shared.update(modules)
    for module in sorted(shared):
        text = (SOURCE / module).read_text(encoding="utf-8")
        ids.update(_BUILT_ID.findall(text))
        ids.update(f"{game}.{name}" for name in _PREFIXED_ID.findall(text))
    return ids


def ids_in_docs(game: str) -> list[str]:
    """The ids in the first column of the page's "Violation ids" table, in order."""
    page = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    section = page.split("## Violation ids", 1)[1].split("\n## ", 1)[0]
    return _TABLE_ROW_ID.findall(section)


@pytest.mark.parametrize("game", DOCUMENTED_GAMES)
def test_the_violation_id_table_lists_exactly_the_ids_of_the_code(game: str) -> None:
    documented = ids_in_docs(game)
    assert len(documented) == len(set(documented)), "an id is listed twice"
    assert set(documented) == ids_in_code(game)


def test_the_reader_finds_ids() -> None:
    """The regular expressions do find ids (so the comparison above cannot pass vacuously)."""
    assert {"turn.match_over", "card.not_held", "deal.bad_layout", "ecarte.must_beat"} <= (
        ids_in_code("ecarte")
    )
    assert "belote.must_undertrump" in ids_in_docs("belote")
