"""Hostile and mistaken clients: a wrong token, a spectator or another seat trying to act, a
move out of turn or illegal, malformed, oversized and flooding messages, bad table setups. Each
gets an error frame with its rule id (or is cut off) and the table goes on."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import parlour

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.web import (
    MAX_MESSAGE_BYTES,
    MAX_MESSAGES_PER_SECOND,
    TableStore,
    create_app,
)


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(store=TableStore(":memory:", seeds=random.Random(5)))
    with TestClient(app) as client:
        yield client


def _table(client: TestClient, seats: list[str] | None = None) -> dict[str, Any]:
    made = client.post(
        "/api/tables",
        json={"game": "belote", "seats": seats or ["human"] * 4, "options": {"target": None}},
    )
    assert made.status_code == 200, made.text
    answer: dict[str, Any] = made.json()
    return answer


def _link(answer: dict[str, Any], seat: int) -> str:
    link: str = answer["seats"][seat]["link"]
    return "/ws" + link


def _state(client: TestClient, table: str) -> Any:
    return client.app.state.store.get(table).state  # type: ignore[attr-defined]


def test_the_links_are_secret_tokens_and_frames_carry_none(client: TestClient) -> None:
    answer = _table(client, ["human", "heuristic", "human", "heuristic"])
    links = [entry["link"] for entry in answer["seats"]]
    assert links[1] is None and links[3] is None
    tokens = [link.removeprefix("/play/") for link in links if link]
    assert all(len(token) >= 32 for token in tokens)
    with client.websocket_connect(_link(answer, 0)) as seat:
        frame = seat.receive_json()
    text = json.dumps(frame)
    assert all(token not in text for token in tokens)
    assert frame["seats"] == ["human", "heuristic", "human", "heuristic"]


def test_a_wrong_token_or_table_gets_an_error_and_is_closed(client: TestClient) -> None:
    _table(client)
    for path in ("/ws/play/not-a-token", "/ws/watch/no-such-table"):
        with client.websocket_connect(path) as socket:
            assert socket.receive_json() == {
                "type": "error",
                "rule": "table.unknown",
                "message": "there is no such table or seat",
            }
            with pytest.raises(WebSocketDisconnect):
                socket.receive_json()


def test_a_client_acts_only_for_its_seat(client: TestClient) -> None:
    answer = _table(client)
    state = _state(client, answer["table"])
    assert parlour.current_player(state) == 1  # dealer 0: seat 1 speaks first
    with (
        client.websocket_connect(_link(answer, 1)) as one,
        client.websocket_connect(_link(answer, 2)) as two,
        client.websocket_connect("/ws" + answer["watch"]) as spectator,
    ):
        for socket in (one, two, spectator):
            socket.receive_json()
        two.send_json({"type": "move", "move": "pass"})
        assert two.receive_json() == {
            "type": "error",
            "rule": "turn.not_your_turn",
            "message": parlour.check(state, "pass", seat=2).message,  # type: ignore[union-attr]
        }
        two.send_json({"type": "move", "move": "pass", "seat": 1})
        refused = two.receive_json()
        assert refused["rule"] == "protocol.wrong_seat"
        assert refused["message"] == "this connection plays seat 2 and only that seat"
        spectator.send_json({"type": "move", "move": "pass"})
        assert spectator.receive_json()["rule"] == "protocol.spectator"
        assert _state(client, answer["table"]) == state  # nothing changed
        # the table goes on: the seat to act plays, and every connection sees it
        one.send_json({"type": "move", "move": "pass", "seat": 1})
        for socket in (one, two, spectator):
            frame = socket.receive_json()
            assert frame["type"] == "view" and frame["to_act"] == 2
            assert frame["events"] == [{"kind": "pass", "seat": 1, "round": 1}]


def test_an_illegal_move_gets_the_rule_and_its_sentence(client: TestClient) -> None:
    answer = _table(client)
    state = _state(client, answer["table"])
    with client.websocket_connect(_link(answer, 1)) as one:
        one.receive_json()
        suit = "H" if parlour.view(state, 1).turnup.text.endswith("S") else "S"
        one.send_json({"type": "move", "move": f"take {suit}"})  # a second-round bid
        violation = parlour.check(state, f"take {suit}", seat=1)
        assert violation is not None
        assert one.receive_json() == {
            "type": "error", "rule": violation.rule, "message": violation.message
        }
        assert violation.rule.startswith("belote.")
        one.send_json({"type": "move", "move": "bid 80"})
        notation = one.receive_json()
        assert notation["rule"] == "notation.bad_move" and "bid" in notation["message"]
        one.send_json({"type": "move", "move": "pass"})
        assert one.receive_json()["type"] == "view"


@pytest.mark.parametrize(
    ("message", "rule"),
    [
        ("not json", "protocol.bad_json"),
        ("[1, 2]", "protocol.bad_message"),
        ('{"type": "move", "move": "pass", "extra": 1}', "protocol.bad_message"),
        ('{"type": "chat", "move": "pass"}', "protocol.bad_message"),
        ('{"type": "move", "move": 7}', "protocol.bad_message"),
        ('{"type": "move"}', "protocol.bad_message"),
        ('{"type": "move", "move": "pass", "seat": true}', "protocol.wrong_seat"),
        ("[" * 3000 + "]" * 3000, "protocol.too_large"),
    ],
)
def test_a_malformed_message_gets_an_error_frame(
    client: TestClient, message: str, rule: str
) -> None:
    answer = _table(client)
    with client.websocket_connect(_link(answer, 1)) as one:
        one.receive_json()
        one.send_text(message)
        refused = one.receive_json()
        assert refused["type"] == "error" and refused["rule"] == rule, refused
        if rule == "protocol.too_large":
            with pytest.raises(WebSocketDisconnect) as closed:
                one.receive_json()
            assert closed.value.code == 1009
        else:  # the connection stays, and its next good message is played
            one.send_json({"type": "move", "move": "pass"})
            assert one.receive_json()["type"] == "view"


def test_a_binary_message_gets_an_error_frame(client: TestClient) -> None:
    answer = _table(client)
    with client.websocket_connect(_link(answer, 1)) as one:
        one.receive_json()
        one.send_bytes(b'{"type": "move", "move": "pass"}')
        assert one.receive_json()["rule"] == "protocol.bad_json"


def test_an_oversized_message_cuts_the_connection_off(client: TestClient) -> None:
    answer = _table(client)
    with client.websocket_connect(_link(answer, 1)) as one:
        one.receive_json()
        one.send_json({"type": "move", "move": "x" * MAX_MESSAGE_BYTES})
        assert one.receive_json()["rule"] == "protocol.too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            one.receive_json()
        assert closed.value.code == 1009
    # the table goes on: the same seat connects again and plays
    with client.websocket_connect(_link(answer, 1)) as again:
        again.receive_json()
        again.send_json({"type": "move", "move": "pass"})
        assert again.receive_json()["type"] == "view"


def test_a_flooding_client_is_cut_off_and_the_table_goes_on(client: TestClient) -> None:
    answer = _table(client)
    with client.websocket_connect(_link(answer, 2)) as two:
        two.receive_json()
        for _ in range(MAX_MESSAGES_PER_SECOND + 1):
            two.send_json({"type": "move", "move": "pass"})  # not seat 2's turn
        rules = []
        while True:
            try:
                rules.append(two.receive_json()["rule"])
            except WebSocketDisconnect as closed:
                assert closed.code == 1008
                break
        assert rules[-1] == "protocol.flood"
        assert set(rules[:-1]) == {"turn.not_your_turn"}
    with client.websocket_connect(_link(answer, 1)) as one:
        one.receive_json()
        one.send_json({"type": "move", "move": "pass"})
        assert one.receive_json()["to_act"] == 2


@pytest.mark.parametrize(
    ("body", "rule", "words"),
    [
        (b"nope", "protocol.bad_json", "not JSON"),
        (b'{"game": "belote", "seats": ["human"], "colour": "red"}', "protocol.bad_message",
         "game, seats and options"),
        (b'{"game": "snap", "seats": ["human"]}', "table.bad_setup", "unknown game 'snap'"),
        (b'{"game": "belote", "seats": ["human"]}', "table.bad_setup", "4 seats, not 1"),
        (b'{"game": "belote", "seats": ["human", "human", "human", "genius"]}',
         "table.bad_setup", "unknown agent spec"),
        (b'{"game": "belote", "seats": "' + b"x" * 5000 + b'"}', "protocol.too_large",
         "4096"),
    ],
)  # fmt: skip
def test_a_bad_setup_is_refused(client: TestClient, body: bytes, rule: str, words: str) -> None:
    answer = client.post("/api/tables", content=body)
    assert answer.status_code in (400, 413)
    assert answer.json()["rule"] == rule
    assert words in answer.json()["message"]
    assert client.app.state.store.table_ids() == ()  # type: ignore[attr-defined]


def test_the_log_is_given_only_once_the_match_is_over(client: TestClient) -> None:
    answer = _table(client)
    refused = client.get(f"/api/tables/{answer['table']}/log")
    assert refused.status_code == 409 and refused.json()["rule"] == "table.not_over"
    assert client.get("/api/tables/nothing/log").status_code == 404


def test_card_shapes_are_served_for_card_codes_only(client: TestClient) -> None:
    shape = client.get("/cards/10H.svg")
    assert shape.status_code == 200 and shape.headers["content-type"] == "image/svg+xml"
    assert shape.text.startswith("<svg ") and shape.text.endswith("</svg>")
    assert 'data-card="10H"' in shape.text and "<title>ten of hearts</title>" in shape.text
    assert 'class="card-back"' in client.get("/cards/back.svg").text
    assert client.get("/cards/1X.svg").status_code == 404
    assert client.get("/static/secrets.txt").status_code == 404


def test_a_table_no_connection_uses_is_let_go_of_and_comes_back(client: TestClient) -> None:
    answer = _table(client)
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(_link(answer, 1)) as one:
        one.receive_json()
        during = store.get(answer["table"])  # the very table the session plays
        one.send_json({"type": "move", "move": "pass"})
        assert one.receive_json()["number"] == 2
        assert store.get(answer["table"]) is during
    again = store.get(answer["table"])  # read back from the database, moves replayed
    assert again is not during
    assert again.match.moves == during.match.moves and again.state == during.state
    with client.websocket_connect(_link(answer, 2)) as two:
        assert two.receive_json()["number"] == 2
        two.send_json({"type": "move", "move": "pass"})
        frame = two.receive_json()
        assert frame["number"] == 3 and frame["events"] == [{"kind": "pass", "seat": 2, "round": 1}]
