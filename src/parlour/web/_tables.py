"""The table store: every table of the web server in one embedded SQLite database (stdlib
`sqlite3`), so that stopping and starting the server loses no table.

A table is a match with a seat plan: each seat is either a person, reached through a secret
token in the seat's link (`secrets.token_urlsafe`), or a bot named by an agent spec
(`parlour.agents.make_agent`). The store keeps, for every move, its canonical text and the
position after it (`parlour.state_to_dict`); the moves make the table's log in parlour's log
format, and on a restart the table is rebuilt by replaying them and checked against the last
position kept.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from parlour.agents import Agent, MatchRandomness, agent_move, make_agent
from parlour.base import OptionsError, ParlourError, shown
from parlour.engine import (
    CHANCE,
    Move,
    current_player,
    game_names,
    get_game,
    is_over,
    players,
    state_to_dict,
)
from parlour.io import GameLog, Match

__all__ = ["HUMAN", "MAX_TABLES", "Seat", "Table", "TableError", "TableStore"]

HUMAN = "human"
"""The seat plan's word for a seat played by a person through its link."""

MAX_TABLES = 10_000
"""The most tables one store keeps; creating another is refused with `TableError`."""

_TOKEN_BYTES = 24
_TABLE_ID_BYTES = 9

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    dealer INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token TEXT UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    position TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


class TableError(ParlourError):
    """A table that cannot be made or found, or a store that does not hold what it should."""


@attrs.frozen(slots=True, kw_only=True)
class Seat:
    """One seat of a table: ``kind`` is `HUMAN` or an agent spec; ``token`` the secret of a
    person's seat (``None`` for a bot)."""

    seat: int
    kind: str
    token: str | None


class Table:
    """One table being played: its match, its seats and its bots. Its moves go through
    `TableStore.apply`, which keeps each one before the table changes."""

    __slots__ = ("_agents", "id", "match", "seats", "seed")

    def __init__(self, *, table_id: str, match: Match, seats: tuple[Seat, ...], seed: int) -> None:
        self.id = table_id
        self.match = match
        self.seats = seats
        self.seed = seed
        self._agents: dict[int, Agent] = {
            seat.seat: make_agent(seat.kind, match.game) for seat in seats if seat.kind != HUMAN
        }

    @property
    def game(self) -> str:
        """The game's registered name."""
        return self.match.game

    @property
    def state(self) -> Any:
        """The table's current state."""
        return self.match.state

    @property
    def over(self) -> bool:
        """Whether the match is over."""
        return is_over(self.match.state)

    def seat_of(self, token: str) -> int | None:
        """The seat whose secret is ``token``, or ``None``."""
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                return seat.seat
        return None

    def bot_to_act(self) -> bool:
        """Whether the next move is a bot's or a deal (the server makes those)."""
        player = current_player(self.match.state)
        return player is CHANCE or (type(player) is int and player in self._agents)

    def next_server_move(self) -> Move:
        """The deal or the bot's move due now, drawn from the table's seed and the move number
        (so a restarted server draws the same)."""
        state = self.match.state
        number = len(self.match.moves)
        randomness = MatchRandomness(self.seed + number * 0x9E3779B1, players(state))
        player = current_player(state)
        if player is CHANCE:
            deal: Move = get_game(self.game).random_deal(state, randomness.deals)
            return deal
        assert type(player) is int and player in self._agents
        return agent_move(self._agents[player], state, randomness)

    def log(self) -> GameLog:
        """The table's log in parlour's log format (resolved options, moves, result)."""
        return self.match.to_log()


class TableStore:
    """The tables kept in the SQLite database at ``path`` (``":memory:"`` for a throw-away one).

    Each new table's seed (its deals and its bots' choices) is drawn from ``seeds``, by default
    the system's source of randomness (`random.SystemRandom`); a seeded `random.Random` makes
    the tables of a test repeatable. Safe to call from several threads: one lock guards the
    connection.
    """

    def __init__(self, path: str, *, seeds: random.Random | None = None) -> None:
        if seeds is not None and not isinstance(seeds, random.Random):
            raise TypeError(f"seeds must be a random.Random, not {type(seeds).__name__}")
        self._seeds = random.SystemRandom() if seeds is None else seeds
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._tables: dict[str, Table] = {}

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def create(
        self,
        game: str,
        seats: Sequence[str],
        *,
        options: Mapping[str, Any] | None = None,
        dealer: int = 0,
    ) -> Table:
        """A new table of ``game``, one entry of ``seats`` per seat (`HUMAN` or an agent spec),
        kept in the store (the deal and bot moves due are the caller's to make: see
        `Table.bot_to_act`).

        Raises: `OptionsError` for an unknown game, bad options or dealer; `TableError` for a
        seat plan of the wrong length or a store that is full; ``AgentSpecError`` (of
        ``parlour.agents``) for a bad spec.
        """
        if not isinstance(game, str) or game not in game_names():
            raise OptionsError(f"unknown game {shown(game)}; the games are: "
                               + ", ".join(game_names()))
        if options is not None and not isinstance(options, Mapping):
            raise OptionsError(f"options must be an object, not {type(options).__name__}")
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise TableError("seats must be a list, one entry per seat")
        if not all(isinstance(kind, str) for kind in seats):
            raise TableError("each seat must be 'human' or an agent spec (a string)")
        match = Match(game, options=dict(options or {}), dealer=dealer)
        count = players(match.state)
        if len(seats) != count:
            raise TableError(f"{game} with these options has {count} seats, not {len(seats)}")
        kinds = tuple(kind.strip().lower() for kind in seats)
        for kind in kinds:
            if kind != HUMAN:
                make_agent(kind, game)  # raises AgentSpecError for a bad spec
        with self._lock:
            (known,) = self._db.execute("SELECT COUNT(*) FROM tables").fetchone()
            if known >= MAX_TABLES:
                raise TableError(f"the server keeps at most {MAX_TABLES} tables")
        table = Table(
            table_id=secrets.token_urlsafe(_TABLE_ID_BYTES),
            match=match,
            seats=tuple(
                Seat(
                    seat=seat,
                    kind=kind,
                    token=secrets.token_urlsafe(_TOKEN_BYTES) if kind == HUMAN else None,
                )
                for seat, kind in enumerate(kinds)
            ),
            seed=self._seeds.getrandbits(62),
        )
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables (id, game, options, dealer, seed, created) "
                "VALUES (?, ?, ?, ?, ?, (SELECT COUNT(*) FROM tables))",
                (table.id, game, json.dumps(match.to_log().options), dealer, table.seed),
            )
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, kind, token) VALUES (?, ?, ?, ?)",
                [(table.id, seat.seat, seat.kind, seat.token) for seat in table.seats],
            )
            self._db.execute("COMMIT")
            self._tables[table.id] = table
        return table

    def apply(self, table: Table, move: Move | str, *, seat: int | None = None) -> Any:
        """Apply ``move`` to ``table`` (for ``seat`` when given) and keep it with the position
        after it; the new state. An illegal move raises as `parlour.Match.apply` does and
        changes nothing, in the table or the store."""
        before = len(table.match.moves)
        after = table.match.apply(move, seat=seat)
        position = json.dumps(state_to_dict(after), separators=(",", ":"))
        try:
            with self._lock:
                self._db.execute(
                    "INSERT INTO moves (table_id, number, move, position) VALUES (?, ?, ?, ?)",
                    (table.id, before, table.match.moves[-1], position),
                )
        except BaseException:
            table.match.undo()
            raise
        return after

    def get(self, table_id: object) -> Table | None:
        """The table ``table_id``, read from the database on first use; ``None`` if unknown."""
        if not isinstance(table_id, str):
            return None
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                table = self._load(table_id)
                if table is not None:
                    self._tables[table_id] = table
            return table

    def forget(self, table_id: str) -> None:
        """Drop the table ``table_id`` from memory (it stays in the database, and `get` reads it
        again); the caller makes sure nothing holds it."""
        with self._lock:
            self._tables.pop(table_id, None)

    def by_token(self, token: object) -> tuple[Table, int] | None:
        """The table and seat of the secret ``token``, or ``None``."""
        if not isinstance(token, str):
            return None
        with self._lock:
            row = self._db.execute(
                "SELECT table_id FROM seats WHERE token = ?", (token,)
            ).fetchone()
        if row is None:
            return None
        table = self.get(row[0])
        if table is None:
            return None
        seat = table.seat_of(token)
        return None if seat is None else (table, seat)

    def table_ids(self) -> tuple[str, ...]:
        """Every table's id, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        return tuple(row[0] for row in rows)

    def _load(self, table_id: str) -> Table | None:
        row = self._db.execute(
            "SELECT game, options, dealer, seed FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        game, options, dealer, seed = row
        seats = tuple(
            Seat(seat=seat, kind=kind, token=token)
            for seat, kind, token in self._db.execute(
                "SELECT seat, kind, token FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        )
        moves = self._db.execute(
            "SELECT number, move, position FROM moves WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall()
        if [number for number, _, _ in moves] != list(range(len(moves))):
            raise TableError(f"table {table_id}: the store's moves are not numbered 0..n-1")
        match = Match.from_log(
            GameLog(
                game=game,
                options=json.loads(options),
                dealer=dealer,
                moves=tuple(move for _, move, _ in moves),
            )
        )
        if moves and json.loads(moves[-1][2]) != state_to_dict(match.state):
            raise TableError(f"table {table_id}: the kept position differs from the replay")
        return Table(table_id=table_id, match=match, seats=seats, seed=seed)
