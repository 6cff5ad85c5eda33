"""The score-reason tables (`parlour.<game>.rules.SCORE_REASONS`) against the rules pages and the
source: each table holds exactly the reason ids its page documents, with the fixed points the
page gives, and no reason id is written anywhere in ``src/`` but in its game's rules module.

The documented ids are read from the page's table whose header begins ``| `reason` |``; the
literals from the source text; neither is copied from the tables under test.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from parlour.belote import rules as belote_rules
from parlour.bezique import rules as bezique_rules
from parlour.burraco import rules as burraco_rules
from parlour.ecarte import rules as ecarte_rules
from parlour.engine import (
    ScoreReason,
    reasons_of,
)

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "parlour"
RULES: dict[str, ModuleType] = {
    "belote": belote_rules,
    "bezique": bezique_rules,
    "burraco": burraco_rules,
    "ecarte": ecarte_rules,
}
"""Each game whose rules module holds its score-reason table."""

_ID = re.compile(r"`([a-z]+\.[a-z_]+)`")
_LITERAL = re.compile(r"[\"']([a-z]+\.[a-z_]+)[\"']")


def reason_rows(game: str) -> list[tuple[list[str], str]]:
    """The rows of the page's score-event table: the ids of the first column, the Points cell."""
    page = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    table = page.split("\n| `reason` |", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((_ID.findall(cells[0]), cells[1]))
    return rows


def documented_ids(game: str) -> list[str]:
    return [reason for ids, _ in reason_rows(game) for reason in ids]


def table_ids(game: str) -> list[str]:
    reasons: tuple[ScoreReason, ...] = RULES[game].SCORE_REASONS
    return [reason.id for reason in reasons]


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_table_holds_exactly_the_documented_reason_ids(game: str) -> None:
    documented = documented_ids(game)
    assert len(documented) == len(set(documented)), "an id is documented twice"
    assert sorted(table_ids(game)) == sorted(documented)


def test_the_page_reader_finds_the_documented_ids() -> None:
    """The reader does find rows (so the comparison above cannot pass on two empty lists)."""
    assert documented_ids("belote")[:2] == ["belote.card_points", "belote.last_trick"]
    assert len(documented_ids("ecarte")) == 5
    assert "bezique.four_jacks" in documented_ids("bezique")


def _amount(cell: str) -> int | None:
    """The points a page's Points cell fixes: ``10``, ``+ 100`` or ``− 100`` (Burraco's
    subtracted items); ``None`` for a cell that names no fixed amount."""
    match = re.fullmatch(r"([+−] )?(\d+)", cell)
    if match is None:
        return None
    return -int(match[2]) if match[1] == "− " else int(match[2])


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_reason_with_fixed_points_has_the_points_the_page_gives(game: str) -> None:
    by_id = {reason.id: reason for reason in RULES[game].SCORE_REASONS}
    checked = 0
    for ids, points in reason_rows(game):
        for reason_id in ids:
            fixed = by_id[reason_id].points
            amount = _amount(points)
            if fixed is not None and amount is not None:
                assert fixed == amount, reason_id
                checked += 1
            elif fixed is not None:
                # a meld's points: the page refers to the meld table
                assert points == "as in the meld table", reason_id
                assert reason_id in {kind.rule for kind in bezique_rules.MELD_TABLE}
    assert checked >= 2


def test_the_fixed_points_are_those_of_the_rules() -> None:
    """Points straight from the rules files (belote §3.5-3.6, écarté §2.6, bezique §1.5.4, 1.6)."""
    assert belote_rules.ScoreReasons.BELOTE.points == 20
    assert belote_rules.ScoreReasons.LAST_TRICK.points == 10
    assert belote_rules.ScoreReasons.CARD_POINTS.points is None
    assert [reason.points for reason in ecarte_rules.SCORE_REASONS] == [1, 1, 1, 2, 2]
    assert bezique_rules.ScoreReasons.SEVEN_SHOW.points == 10
    assert bezique_rules.ScoreReasons.LAST_TRICK.points == 10
    assert bezique_rules.ScoreReasons.BRISQUES.points is None
    # burraco §4.9: "+ 100 if the team closed", "- 100 if the team never took its pozzetto"
    assert burraco_rules.ScoreReasons.CLOSING.points == 100
    assert burraco_rules.ScoreReasons.NO_POZZETTO.points == -100


def literals_by_file() -> dict[str, set[str]]:
    """Every quoted dotted ``<game>.<name>`` string of each module of ``src/parlour``."""
    found: dict[str, set[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        literals = set(_LITERAL.findall(path.read_text(encoding="utf-8")))
        if literals:
            found[path.relative_to(SOURCE).as_posix()] = literals
    return found


@pytest.mark.parametrize("game", sorted(RULES))
def test_no_reason_id_is_written_outside_its_rules_module(game: str) -> None:
    ids = set(documented_ids(game))
    outside = {
        path: sorted(literals & ids)
        for path, literals in literals_by_file().items()
        if literals & ids and path != f"{game}/rules.py"
    }
    assert outside == {}


def test_the_source_reader_finds_the_literals_of_the_tables() -> None:
    """The scan above does see the ids where they are written (it cannot pass by reading
    nothing)."""
    literals = literals_by_file()
    assert {"belote.capot", "belote.litige"} <= literals["belote/rules.py"]
    assert {"ecarte.vole", "ecarte.turnup_king"} <= literals["ecarte/rules.py"]
    assert {"bezique.brisques", "bezique.seven_play"} <= literals["bezique/rules.py"]
    assert {"burraco.closing", "burraco.no_pozzetto"} <= literals["burraco/rules.py"]


def test_the_seven_declarations_are_named_after_their_reasons() -> None:
    """docs/bezique.md names a seven's declarations; each is its award's reason without the
    ``bezique.`` prefix."""
    page = (ROOT / "docs" / "bezique.md").read_text(encoding="utf-8")
    sentence = page.split("A `parlour.bezique.Declaration` has", 1)[1].split(")", 1)[0]
    names = re.findall(r"`(seven_[a-z]+)`", sentence)
    assert names == ["seven_turnup", "seven_exchange", "seven_show", "seven_play"]
    assert [reason.name for reason in bezique_rules.SEVEN_REASONS] == names
    assert [reason.id for reason in bezique_rules.SEVEN_REASONS] == [
        f"bezique.{name}" for name in names
    ]


def test_a_meld_names_in_its_refusal_text_every_meld_its_reuse_rule_bars() -> None:
    """``barred_by`` (the words of the ``bezique.meld_reuse`` message) names each meld whose use
    flag is in the kind's ``forbidden`` flags (rules §1.5.3), and nothing else."""
    table = bezique_rules.MELD_TABLE
    for kind in table:
        barred = [other for other in table if other.adds & kind.forbidden]
        assert kind in barred
        assert kind.barred_by.count(" or ") == len(barred) - 1, kind.name
        for other in barred:
            assert other.name.split("_")[-1] in kind.barred_by, (kind.name, other.name)


def test_the_announcement_words_are_those_of_the_rules() -> None:
    """Rules §3.5: "belote" when the first of the king and queen of trumps is played,
    "rebelote" for the second."""
    assert belote_rules.ANNOUNCEMENT_WORDS == ("belote", "rebelote")


class _Good:
    FIRST = ScoreReason(id="game.first", points=1, rule="one")
    SECOND = ScoreReason(id="game.second", points=None, rule="two")
    not_a_reason = "game.third"


class _Twice:
    FIRST = ScoreReason(id="game.first", points=1, rule="one")
    AGAIN = ScoreReason(id="game.first", points=2, rule="two")


class _TwoGames:
    FIRST = ScoreReason(id="game.first", points=1, rule="one")
    OTHER = ScoreReason(id="other.first", points=1, rule="one")


def test_reasons_of_lists_the_reasons_in_order_and_refuses_a_bad_table() -> None:
    assert [reason.id for reason in reasons_of(_Good)] == ["game.first", "game.second"]
    assert [reason.name for reason in reasons_of(_Good)] == ["first", "second"]
    for bad in (_Twice, _TwoGames):
        with pytest.raises(ValueError, match="ids must be distinct"):
            reasons_of(bad)
