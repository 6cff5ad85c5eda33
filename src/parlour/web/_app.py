"""The web table's server: a Starlette app with the page, the card shapes, the table routes and
the websocket each seat and spectator plays or watches through; `serve` runs it with uvicorn.

Routes:

* ``GET /``: the page that sets up a table; ``POST /api/tables`` makes one from
  ``{"game": ..., "seats": ["human", "heuristic", ...], "options": {...}}`` and answers with the
  seat links (``/play/<token>``) and the spectators' link (``/watch/<table>``).
* ``GET /play/<token>`` and ``GET /watch/<table>``: the table page, which connects to
  ``/ws/play/<token>`` or ``/ws/watch/<table>`` (see `parlour.web` for the frames).
* ``GET /api/tables/<table>/log``: a finished table's log in parlour's log format
  (``409`` while the match goes on: a log names every hidden card).
* ``GET /cards/<code>.svg`` and ``/cards/back.svg``: one card's shape.

Third-party imports are guarded: Starlette and uvicorn are imported by `create_app` and
`serve` alone; without the extra ``parlour[web]`` this module still imports, and those two
raise `WebExtraError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import sys
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from parlour.base import IllegalMoveError, NotationError, ParlourError, parse_card
from parlour.engine import Move, is_chance, parse_move
from parlour.io import write_log
from parlour.web._drawing import card_document
from parlour.web._protocol import (
    MAX_MESSAGE_BYTES,
    MAX_MESSAGES_PER_SECOND,
    FloodGate,
    ProtocolError,
    error_frame,
    read_message,
    view_frame,
)
from parlour.web._tables import Table, TableStore

__all__ = [
    "INSTALL_HINT",
    "MAX_CONNECTIONS_PER_TABLE",
    "WEB_EXTRA",
    "WS_MAX_SIZE",
    "WebExtraError",
    "create_app",
    "serve",
]

INSTALL_HINT = "pip install 'parlour[web]'"
MAX_CONNECTIONS_PER_TABLE = 64
"""The most websockets one table serves at once (seats and spectators together)."""
WS_MAX_SIZE = 65_536
"""uvicorn's own cut-off for one websocket message, far above `MAX_MESSAGE_BYTES`."""
_SEND_TIMEOUT = 10.0
_CLOSE_TOO_LARGE = 1009
_CLOSE_POLICY = 1008
_CLOSE_TRY_LATER = 1013


def _installed(*names: str) -> bool:
    """Whether every module of ``names`` can be found (without importing it)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in names)
    except (ImportError, ValueError):
        return False


WEB_EXTRA = _installed("starlette", "uvicorn")
"""Whether the extra ``parlour[web]`` is installed. Starlette and uvicorn are imported only by
`create_app` and `serve`, so that ``import parlour.web`` (and every other ``parlour`` command)
never pays for them."""


class WebExtraError(ParlourError):
    """The optional extra ``parlour[web]`` (Starlette, uvicorn) is not installed."""


def _require_extra() -> None:
    if not WEB_EXTRA:
        raise WebExtraError(f"the web table needs the web extra: {INSTALL_HINT}")


def _static(name: str) -> str:
    folder = resources.files("parlour.web").joinpath("static")
    return folder.joinpath(name).read_text(encoding="utf-8")


class _Hub:
    """The open connections of each table and the lock that orders each table's moves."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.connections: dict[str, dict[Any, int | None]] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    def lock(self, table: Table) -> asyncio.Lock:
        return self.locks.setdefault(table.id, asyncio.Lock())

    def release(self, table: Table) -> None:
        """Let the store forget ``table`` once no connection is open and no move is under way:
        the memory held stays that of the tables in use (a table comes back from the database
        when its next connection opens)."""
        lock = self.locks.get(table.id)
        if self.connections.get(table.id) or (lock is not None and lock.locked()):
            return
        self.connections.pop(table.id, None)
        self.locks.pop(table.id, None)
        self.store.forget(table.id)

    async def send(self, socket: Any, frame: dict[str, Any]) -> None:
        try:
            await asyncio.wait_for(socket.send_text(json.dumps(frame)), _SEND_TIMEOUT)
        except Exception:  # a client gone or too slow: the table goes on without it
            for sockets in self.connections.values():
                sockets.pop(socket, None)

    async def broadcast(self, table: Table, before: Any, move: Move) -> None:
        frames: dict[int | None, dict[str, Any]] = {}
        for socket, seat in list(self.connections.get(table.id, {}).items()):
            if seat not in frames:
                frames[seat] = view_frame(table, seat, before, move)
            await self.send(socket, frames[seat])

    async def play(self, table: Table, move: Move, seat: int | None) -> None:
        """Apply ``move`` (for ``seat``), tell every connection, then make the deals and bot
        moves that follow."""
        before = table.state
        # in a thread: the write is quick, but a checkpoint of SQLite's write-ahead log may
        # wait on the disk, and the other tables go on meanwhile
        await asyncio.to_thread(self.store.apply, table, move, seat=seat)
        await self.broadcast(table, before, move)
        await self.advance(table)

    async def advance(self, table: Table) -> None:
        """Make the deals and bot moves due, one after another."""
        while table.bot_to_act():
            before = table.state
            if is_chance(before):
                move = table.next_server_move()
            else:  # a bot may think for a while (ismcts): the other tables go on meanwhile
                move = await asyncio.to_thread(table.next_server_move)
            await asyncio.to_thread(self.store.apply, table, move)
            await self.broadcast(table, before, move)


def create_app(
    db: str = ":memory:",
    *,
    store: TableStore | None = None,
    messages_per_second: int = MAX_MESSAGES_PER_SECOND,
) -> Any:
    """The Starlette app of the web table, its tables kept in the SQLite file ``db`` (or in
    ``store``); a connection sending more than ``messages_per_second`` messages in a second is
    cut off. Raises `WebExtraError` without the extra ``parlour[web]``."""
    _require_extra()
    from starlette.applications import Starlette  # optional extra: parlour[web] (Starlette)
    from starlette.requests import Request  # optional extra: parlour[web] (Starlette)
    from starlette.responses import (  # optional extra: parlour[web] (Starlette)
        HTMLResponse,
        JSONResponse,
        Response,
    )
    from starlette.routing import Route, WebSocketRoute  # optional extra: parlour[web]
    from starlette.websockets import (  # optional extra: parlour[web] (Starlette)
        WebSocket,
        WebSocketDisconnect,
    )

    hub = _Hub(store if store is not None else TableStore(db))

    def _error(status: int, rule: str, message: str) -> JSONResponse:
        return JSONResponse(error_frame(rule, message), status_code=status)

    async def index(request: Request) -> Response:
        return HTMLResponse(_static("index.html"))

    async def table_page(request: Request) -> Response:
        return HTMLResponse(_static("table.html"))

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        kinds = {"table.js": "text/javascript", "style.css": "text/css"}
        if name not in kinds:
            return Response("not found", status_code=404)
        return Response(_static(name), media_type=kinds[name])

    async def card(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            shape = card_document(None if code == "back" else parse_card(code))
        except ParlourError:
            return Response("not a card", status_code=404)
        return Response(
            shape, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"}
        )

    async def new_table(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_MESSAGE_BYTES:
            return _error(413, "protocol.too_large", "a table's setup is at most 4096 bytes")
        try:
            data = json.loads(body)
        except ValueError:
            return _error(400, "protocol.bad_json", "the setup is not JSON")
        if not isinstance(data, dict) or not set(data) <= {"game", "seats", "options"}:
            return _error(400, "protocol.bad_message", "the setup has game, seats and options")
        game: Any = data.get("game")
        seats: Any = data.get("seats", ())
        try:
            table = await asyncio.to_thread(
                hub.store.create, game, seats, options=data.get("options")
            )
        except ParlourError as error:
            return _error(400, "table.bad_setup", str(error))
        async with hub.lock(table):
            await hub.advance(table)
        hub.release(table)
        return JSONResponse(
            {
                "table": table.id,
                "watch": f"/watch/{table.id}",
                "seats": [
                    {
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "link": None if seat.token is None else f"/play/{seat.token}",
                    }
                    for seat in table.seats
                ],
            }
        )

    async def table_log(request: Request) -> Response:
        table = hub.store.get(request.path_params["table"])
        if table is None:
            return _error(404, "table.unknown", "there is no such table")
        log = write_log(table.log()) if table.over else None
        hub.release(table)
        if log is None:
            return _error(409, "table.not_over", "the log is given once the match is over")
        return Response(
            log,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="parlour-{table.id}.json"'},
        )

    async def play_socket(socket: WebSocket) -> None:
        found = hub.store.by_token(socket.path_params["token"])
        await _session(socket, None if found is None else found[0],
                       None if found is None else found[1])  # fmt: skip

    async def watch_socket(socket: WebSocket) -> None:
        await _session(socket, hub.store.get(socket.path_params["table"]), None)

    async def _session(socket: WebSocket, table: Table | None, seat: int | None) -> None:
        # The connection is counted before the first await: a table is let go of only when
        # none is open (`_Hub.release`), so no session ever holds a table the store forgot.
        sockets = None if table is None else hub.connections.setdefault(table.id, {})
        full = sockets is not None and len(sockets) >= MAX_CONNECTIONS_PER_TABLE
        if sockets is not None and not full:
            sockets[socket] = seat
        try:
            await socket.accept()
            if table is None or sockets is None:
                missing = error_frame("table.unknown", "there is no such table or seat")
                await hub.send(socket, missing)
                await socket.close(code=_CLOSE_POLICY)
                return
            if full:
                await hub.send(socket, error_frame("table.full", "too many connections"))
                await socket.close(code=_CLOSE_TRY_LATER)
                return
            gate = FloodGate(messages_per_second)
            async with hub.lock(table):
                await hub.send(socket, view_frame(table, seat))
                await hub.advance(table)
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                await _handle(socket, table, seat, gate, message)
        except _ClosedError:
            return
        except WebSocketDisconnect:
            return
        finally:
            if table is not None and sockets is not None and not full:
                sockets.pop(socket, None)
                hub.release(table)

    async def _handle(
        socket: WebSocket, table: Table, seat: int | None, gate: FloodGate, message: Any
    ) -> None:
        try:
            gate.admit()
            text = read_message(message.get("text"), seat)
        except ProtocolError as error:
            await hub.send(socket, error_frame(error.rule, str(error)))
            if error.fatal:
                code = _CLOSE_TOO_LARGE if error.rule == "protocol.too_large" else _CLOSE_POLICY
                await socket.close(code=code)
                raise _ClosedError from None
            return
        async with hub.lock(table):
            try:
                move = parse_move(table.state, text)
                await hub.play(table, move, seat)
            except NotationError as error:
                await hub.send(socket, error_frame("notation.bad_move", str(error)))
            except IllegalMoveError as error:
                await hub.send(socket, error_frame(error.rule, error.message))

    routes: list[Any] = [
        Route("/", index),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table}/log", table_log),
        Route("/play/{token}", table_page),
        Route("/watch/{table}", table_page),
        Route("/static/{name}", asset),
        Route("/cards/{code}.svg", card),
        WebSocketRoute("/ws/play/{token}", play_socket),
        WebSocketRoute("/ws/watch/{table}", watch_socket),
    ]
    owned = store is None

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        if owned:  # the app opened its database: it closes it on shutdown
            hub.store.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = hub.store
    return app


class _ClosedError(Exception):
    """The server closed a connection after an error frame."""


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "parlour-tables.sqlite3",
    messages_per_second: int = MAX_MESSAGES_PER_SECOND,
) -> None:
    """Serve the web table on ``host``:``port`` until interrupted, its tables in ``db`` (see
    `create_app`). Raises `WebExtraError` without the extra ``parlour[web]``."""
    _require_extra()
    import uvicorn  # optional extra: parlour[web] serves the app with uvicorn

    app = create_app(db, messages_per_second=messages_per_second)
    print(
        f"parlour: the web table at http://{host}:{port}/ (tables kept in {db}); Ctrl-C stops it",
        file=sys.stderr,
        flush=True,
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        log_level="warning",
    )
