"""``parlour serve``: a real server process on a free port, stopped and started again on the
same database without losing a table; a finished table's log passes ``parlour validate``; a
message over uvicorn's limit is cut off."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import parlour
import parlour.web._app as web_app
from parlour.cli import main
from tests.web.helpers import server

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def _post(base: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/tables", data=json.dumps(body).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def _frame(socket: Any) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(socket.recv(timeout=10))
    return frame


def test_a_restarted_server_continues_every_table(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    setup = {"game": "ecarte", "seats": ["human", "human"], "options": {"target": None}}
    with server(db) as base:
        answer = _post(base, setup)
        links = [base.replace("http", "ws") + "/ws" + seat["link"] for seat in answer["seats"]]
        with connect(links[0]) as first, connect(links[1]) as second:
            frames = [_frame(first), _frame(second)]
            assert frames[0]["number"] == frames[1]["number"] == 1  # the deal
            actor = frames[0]["to_act"]
            socket = (first, second)[actor]
            move = frames[actor]["view"]["legal_moves"][0]
            socket.send(json.dumps({"type": "move", "move": move}))
            played = _frame(socket)
            assert played["number"] == 2
        # a message far over the limit is cut off by uvicorn itself (ws_max_size); the table goes on
        watch = base.replace("http", "ws") + "/ws" + answer["watch"]
        with connect(watch, max_size=None) as spectator:
            _frame(spectator)
            spectator.send("x" * (web_app.WS_MAX_SIZE + 1))
            with pytest.raises(ConnectionClosed) as closed:
                spectator.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with server(db) as base:
        links = [base.replace("http", "ws") + "/ws" + seat["link"] for seat in answer["seats"]]
        with connect(links[actor]) as same_seat:
            again = _frame(same_seat)
        assert again["number"] == 2
        assert again["view"] == {**played["view"], "legal_moves": again["view"]["legal_moves"]}
        assert again["to_act"] == played["to_act"]


def test_a_finished_table_downloads_as_a_log_that_validates_and_none_before(tmp_path: Path) -> None:
    setup = {"game": "belote", "seats": ["heuristic"] * 4, "options": {"target": None}}
    with server(tmp_path / "tables.sqlite3") as base:
        in_play = _post(base, {**setup, "seats": ["human"] * 4})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/tables/{in_play['table']}/log")
        assert refused.value.code == 409
        answer = _post(base, setup)  # four bots play the whole deal as the table is made
        with urllib.request.urlopen(f"{base}/api/tables/{answer['table']}/log") as download:
            assert "attachment" in download.headers["Content-Disposition"]
            text = download.read().decode()
    log = parlour.read_log(text)
    assert log.game == "belote" and log.options["target"] is None
    assert log.result is not None and sum(log.result["score"]) >= 162
    assert parlour.validate(text).ok
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
