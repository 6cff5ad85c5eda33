"""The web table's protocol: JSON frames over a websocket.

The server sends two kinds of frame:

* ``{"type": "view", ...}`` after every move (and once on connecting): the table's id, game,
  move number and seat plan (``human`` or the bot's spec; never a token), the connection's
  ``seat`` (``null`` for a spectator), ``events``: the move's events as that seat may see them
  (`parlour.events_for`), ``told``: those events in the game's own words (the lines
  `parlour play` prints, from the same events), ``screen``: the seat's screen in the game's
  own words (label and text per zone, from its view and those events: the zones `parlour
  play` shows), ``view``: `parlour.view` of the state for that seat (its ``legal_moves`` are
  the seat's legal moves when it is to act), and ``score``, ``over`` and ``winners``. Nothing
  else: no move text is sent, since some moves (a deal, an Écarté discard) name cards other
  seats may not see.
* ``{"type": "error", "rule": ..., "message": ...}``: a message the server refused, with the
  rule's id and sentence (`parlour.check`'s `Violation` for an illegal move, the ``protocol.*``
  ids below for a message that is not one).

A client sends one kind of message, ``{"type": "move", "move": "play JH"}`` (it may add
``"seat": n``, which must be its own seat). Anything else is refused with an error frame:

==========================  ===============================================================
``protocol.too_large``      a message longer than `MAX_MESSAGE_BYTES` (the connection closes)
``protocol.flood``          more than `MAX_MESSAGES_PER_SECOND` in a second (it closes)
``protocol.bad_json``       not JSON text (a binary message included)
``protocol.bad_message``    not an object, an unknown field, a wrong type
``protocol.wrong_seat``     a ``seat`` that is not the connection's own
``protocol.spectator``      a move sent by a spectator
``notation.bad_move``       move text that does not parse (`parlour.NotationError`)
==========================  ===============================================================
"""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any

from parlour.base import ParlourError
from parlour.engine import (
    PLAIN,
    Event,
    SupportsNarration,
    SupportsScreen,
    current_player,
    events_for,
    game_of,
    is_chance,
    is_over,
    render,
    score,
    view,
    winners,
)
from parlour.web._tables import Table

__all__ = [
    "MAX_MESSAGES_PER_SECOND",
    "MAX_MESSAGE_BYTES",
    "FloodGate",
    "ProtocolError",
    "error_frame",
    "read_message",
    "view_frame",
]

MAX_MESSAGE_BYTES = 4096
"""The longest message a client may send, in bytes of UTF-8."""

MAX_MESSAGES_PER_SECOND = 30
"""The most messages a client may send in any one second, unless the server says otherwise."""

_FIELDS = frozenset({"type", "move", "seat"})


class ProtocolError(ParlourError):
    """A client's message refused: ``rule`` is its id (``protocol.*``), the text its sentence;
    ``fatal`` when the connection is closed after the error frame."""

    def __init__(self, rule: str, message: str, *, fatal: bool = False) -> None:
        super().__init__(message)
        self.rule = rule
        self.fatal = fatal


class FloodGate:
    """Counts a connection's messages over the last second (`time.monotonic`)."""

    __slots__ = ("_limit", "_times")

    def __init__(self, limit: int = MAX_MESSAGES_PER_SECOND) -> None:
        self._limit = limit
        self._times: deque[float] = deque()

    def admit(self) -> None:
        """Count one message; `ProtocolError` (fatal) when it is one too many."""
        now = time.monotonic()
        while self._times and now - self._times[0] >= 1.0:
            self._times.popleft()
        self._times.append(now)
        if len(self._times) > self._limit:
            raise ProtocolError(
                "protocol.flood",
                f"more than {self._limit} messages in a second: the connection is closed",
                fatal=True,
            )


def read_message(text: str | bytes | None, seat: int | None) -> str:
    """The move text of a client's message for ``seat`` (``None``: a spectator); `ProtocolError`
    naming what is wrong with it."""
    if text is None or isinstance(text, bytes):
        raise ProtocolError("protocol.bad_json", "messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "protocol.too_large",
            f"a message may be at most {MAX_MESSAGE_BYTES} bytes: the connection is closed",
            fatal=True,
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("protocol.bad_json", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("protocol.bad_message", "a message must be a JSON object")
    unknown = sorted(str(key) for key in data if key not in _FIELDS)
    if unknown:
        raise ProtocolError(
            "protocol.bad_message",
            f"unknown field {unknown[0]!r}; a message has: type, move and (optionally) seat",
        )
    if data.get("type") != "move":
        raise ProtocolError("protocol.bad_message", 'a message must have "type": "move"')
    move = data.get("move")
    if not isinstance(move, str):
        raise ProtocolError("protocol.bad_message", '"move" must be the move\'s text')
    if seat is None:
        raise ProtocolError("protocol.spectator", "a spectator cannot make moves")
    if "seat" in data and (type(data["seat"]) is not int or data["seat"] != seat):
        raise ProtocolError(
            "protocol.wrong_seat", f"this connection plays seat {seat} and only that seat"
        )
    return move


def view_frame(
    table: Table, seat: int | None, before: Any = None, move: Any = None
) -> dict[str, Any]:
    """The frame ``seat`` gets of ``table`` now; with ``before`` and ``move``, the events of
    ``move`` (which led from ``before`` to the table's state) as that seat may see them."""
    state = table.state
    happened: tuple[Event, ...] = ()
    if move is not None:
        happened = events_for(before, move, state, seat)
    player = current_player(state)
    game = game_of(state)
    seen = view(state, seat)
    told = render(happened, game.sentences) if isinstance(game, SupportsNarration) else []
    screen = (
        [[zone.label, zone.text] for zone in game.screen(seen, happened, PLAIN)]
        if isinstance(game, SupportsScreen)
        else []
    )
    return {
        "type": "view",
        "table": table.id,
        "game": table.game,
        "number": len(table.match.moves),
        "seats": [entry.kind for entry in table.seats],
        "seat": seat,
        "to_act": "chance" if is_chance(state) else player,
        "events": [event.to_dict() for event in happened],
        "told": [line.strip() for line in told],
        "screen": screen,
        "view": seen.to_dict(),
        "score": list(score(state)),
        "over": is_over(state),
        "winners": list(winners(state)),
    }


def error_frame(rule: str, message: str) -> dict[str, Any]:
    """An error frame: the rule's id and its sentence."""
    return {"type": "error", "rule": rule, "message": message}
