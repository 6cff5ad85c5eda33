"""The web table, ``parlour serve`` (the optional extra ``parlour[web]``: Starlette, uvicorn).

One person plays any game against the bots in the browser, or several share a table, each
through the secret link of their seat, and spectators watch with nothing hidden revealed. The
server sends each connection only its seat's view, legal moves and redacted events
(`parlour.web` frames, see ``docs/web.md``), applies the bots' moves itself, and keeps every
table in an embedded SQLite database (`TableStore`): the position after every move and the
moves, so a restarted server loses no table, and a finished table downloads as a parlour log.

``import parlour.web`` works without the extra; `create_app` and `serve` then raise
`WebExtraError`.
"""

from parlour.web._app import (
    INSTALL_HINT,
    MAX_CONNECTIONS_PER_TABLE,
    WEB_EXTRA,
    WS_MAX_SIZE,
    WebExtraError,
    create_app,
    serve,
)
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
from parlour.web._tables import (
    HUMAN,
    MAX_TABLES,
    Seat,
    Table,
    TableError,
    TableStore,
)

__all__ = [
    "HUMAN",
    "INSTALL_HINT",
    "MAX_CONNECTIONS_PER_TABLE",
    "MAX_MESSAGES_PER_SECOND",
    "MAX_MESSAGE_BYTES",
    "MAX_TABLES",
    "WEB_EXTRA",
    "WS_MAX_SIZE",
    "FloodGate",
    "ProtocolError",
    "Seat",
    "Table",
    "TableError",
    "TableStore",
    "WebExtraError",
    "card_document",
    "create_app",
    "error_frame",
    "read_message",
    "serve",
    "view_frame",
]
