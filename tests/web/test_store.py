"""The table store: tables, seats and every move kept in SQLite; a store opened again on the
same file continues each table where it stood, and a bad setup or move changes nothing."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

import parlour
from parlour.agents import AgentSpecError
from parlour.web import HUMAN, TableError, TableStore


def test_a_table_round_trips_through_the_database(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    # a fixed seed: the deal decides whether the heuristic at seat 1 takes or passes
    store = TableStore(str(db), seeds=random.Random(3))
    table = store.create("belote", [HUMAN, "heuristic", HUMAN, "random"], options={"target": None})
    assert [seat.kind for seat in table.seats] == ["human", "heuristic", "human", "random"]
    assert table.seats[1].token is None and table.seats[3].token is None
    tokens = [seat.token for seat in table.seats if seat.token is not None]
    assert len(tokens) == 2 and len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    while table.bot_to_act():
        store.apply(table, table.next_server_move())
    # the deal, then seat 1 (the first to speak after dealer 0) took or passed
    assert table.match.moves[0].startswith("deal hands:")
    assert parlour.current_player(table.state) == 2
    store.apply(table, parlour.legal_moves(table.state)[0], seat=2)
    moves = table.match.moves
    state = table.state
    store.close()

    again = TableStore(str(db))
    assert again.table_ids() == (table.id,)
    found = again.get(table.id)
    assert found is not None and found is not table
    assert found.match.moves == moves
    assert found.state == state
    assert found.seats == table.seats
    assert again.by_token(tokens[0]) == (found, 0)
    assert again.by_token(tokens[1]) == (found, 2)
    assert again.by_token("not-a-token") is None
    assert again.get("no-such-table") is None
    # the bots draw the same after a restart: the seed and the move number decide
    assert found.next_server_move() == table.next_server_move()


def test_every_move_is_kept_with_the_position_after_it(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    store = TableStore(str(db))
    table = store.create("ecarte", ["random", "random"], options={"target": None})
    while table.bot_to_act():
        store.apply(table, table.next_server_move())
    assert table.over
    store.close()
    with sqlite3.connect(db) as raw:
        rows = raw.execute(
            "SELECT number, move, position FROM moves WHERE table_id = ? ORDER BY number",
            (table.id,),
        ).fetchall()
    assert [row[1] for row in rows] == list(table.match.moves)
    state = parlour.new_game("ecarte", options={"target": None})
    for number, move, position in rows:
        state = parlour.apply(state, move)
        assert json.loads(position) == parlour.state_to_dict(state), number
    assert parlour.validate(table.log().to_json()).ok


def test_an_illegal_move_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    store = TableStore(str(db))
    table = store.create("belote", [HUMAN] * 4, options={"target": None})
    store.apply(table, table.next_server_move())
    moves, state = table.match.moves, table.state
    with pytest.raises(parlour.IllegalMoveError) as refused:
        store.apply(table, "pass", seat=3)  # seat 1 is to speak
    assert refused.value.rule == "turn.not_your_turn"
    with pytest.raises(parlour.NotationError):
        store.apply(table, "bid 80", seat=1)
    assert table.match.moves == moves and table.state == state
    store.close()
    found = TableStore(str(db)).get(table.id)
    assert found is not None and found.match.moves == moves


@pytest.mark.parametrize(
    ("game", "seats", "options", "error", "words"),
    [
        ("snap", [HUMAN, HUMAN], None, parlour.OptionsError, "unknown game 'snap'"),
        ("belote", [HUMAN, HUMAN], None, TableError, "4 seats, not 2"),
        ("belote", [HUMAN] * 3 + ["genius"], None, AgentSpecError, "unknown agent spec"),
        ("belote", [HUMAN] * 4, {"target": -5}, parlour.OptionsError, "target"),
        ("belote", "human", None, TableError, "seats must be a list"),
        ("belote", [HUMAN] * 3 + [7], None, TableError, "each seat must be"),
    ],
)
def test_a_bad_setup_is_refused_and_nothing_is_kept(
    tmp_path: Path,
    game: str,
    seats: object,
    options: dict[str, object] | None,
    error: type[Exception],
    words: str,
) -> None:
    store = TableStore(str(tmp_path / "tables.sqlite3"))
    with pytest.raises(error, match=words):
        store.create(game, seats, options=options)  # type: ignore[arg-type]
    assert store.table_ids() == ()


def test_a_tampered_store_is_caught_on_loading(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    store = TableStore(str(db))
    table = store.create("belote", [HUMAN] * 4, options={"target": None})
    store.apply(table, table.next_server_move())
    store.apply(table, "pass", seat=1)
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE moves SET position = '{}' WHERE number = 1")
    with pytest.raises(TableError, match="differs from the replay"):
        TableStore(str(db)).get(table.id)
