"""What every connection receives over whole matches of every game: each frame a seat gets is
exactly its view of the state after the move, the move's events as `parlour.events_for` gives
them to that seat, and no card it may not see; a spectator sees no hidden card at all.

Every seat is a person here (one websocket each, random legal moves), beside a spectator;
another run seats bots beside the people, whose moves the server makes itself.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from tests.profiles import thorough
from tests.web.helpers import card_codes, states_of

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from parlour.web import TableStore, create_app

GAMES = ("belote", "coinche", "bezique", "ecarte", "burraco")
SEEDS = thorough((1,), (1, 2, 3))
# One deal is a whole match with target None; the thorough profile plays the default targets
# of the quick games too.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    game: thorough([{"target": None}], [{"target": None}, {}]) for game in GAMES
}
OPTIONS["burraco"] = [{"target": None}]
OPTIONS["bezique"] = [{"target": None}]


def _play(
    client: TestClient, game: str, options: dict[str, Any], seats: list[str], seed: int
) -> tuple[str, dict[int | None, list[dict[str, Any]]]]:
    """Play a whole match; every frame each connection received, by seat (None: spectator)."""
    rng = random.Random(seed)
    made = client.post("/api/tables", json={"game": game, "seats": seats, "options": options})
    assert made.status_code == 200, made.text
    answer = made.json()
    frames: dict[int | None, list[dict[str, Any]]] = {}
    sockets: dict[int | None, Any] = {}
    contexts = []
    for entry in answer["seats"]:
        if entry["link"] is not None:
            contexts.append(client.websocket_connect("/ws" + entry["link"]))
            sockets[entry["seat"]] = contexts[-1].__enter__()
    contexts.append(client.websocket_connect("/ws" + answer["watch"]))
    sockets[None] = contexts[-1].__enter__()
    try:
        latest: dict[int | None, dict[str, Any]] = {}
        for seat, connection in sockets.items():
            latest[seat] = connection.receive_json()
            frames[seat] = [latest[seat]]
        number = max(frame["number"] for frame in latest.values())
        while True:
            for seat, connection in sockets.items():  # every connection catches up
                while latest[seat]["number"] < number:
                    latest[seat] = connection.receive_json()
                    assert latest[seat]["type"] == "view", latest[seat]
                    frames[seat].append(latest[seat])
            spectator = latest[None]
            if spectator["over"]:
                return answer["table"], frames
            actor = spectator["to_act"]
            assert type(actor) is int and actor in sockets, spectator["to_act"]
            legal = latest[actor]["view"]["legal_moves"]
            sockets[actor].send_json({"type": "move", "move": rng.choice(legal)})
            frame = sockets[actor].receive_json()
            assert frame["type"] == "view", frame
            frames[actor].append(frame)
            latest[actor] = frame
            # the move, then the deals and bot moves that follow it
            while True:
                after = frame
                if after["over"] or (after["to_act"] in sockets and after["to_act"] is not None):
                    break
                frame = sockets[actor].receive_json()
                frames[actor].append(frame)
                latest[actor] = frame
            number = frame["number"]
    finally:
        for context in reversed(contexts):
            context.__exit__(None, None, None)


def _check(frames: dict[int | None, list[dict[str, Any]]], states: list[Any], game: str) -> int:
    checked = 0
    for seat, received in frames.items():
        numbers = [frame["number"] for frame in received]
        # after the first frame, one per move, in order, none missed
        assert numbers[1:] == list(range(numbers[0] + 1, len(states))), seat
        for index, frame in enumerate(received):
            number = frame["number"]
            after = states[number]
            seen = parlour.view(after, seat)
            assert frame["view"] == seen.to_dict()
            assert frame["seat"] == seat and frame["game"] == game
            assert frame["score"] == list(parlour.score(after))
            assert frame["over"] == parlour.is_over(after)
            visible = set(card_codes(seen.to_dict()))
            if index > 0:
                before = states[number - 1]
                move = parlour.parse_move(before, _move_text(states, number))
                expected = parlour.events_for(before, move, after, seat)
                assert frame["events"] == [event.to_dict() for event in expected]
                visible |= set(card_codes(parlour.view(before, seat).to_dict()))
                # a card played or discarded face up is shown to everyone as the move is made,
                # even when the view after it no longer holds it (the deal's last card)
                public = parlour.events_for(before, move, after, None)
                visible |= set(card_codes([event.to_dict() for event in public]))
            else:
                assert frame["events"] == []
            leaked = set(card_codes(frame)) - visible
            assert not leaked, (seat, number, sorted(leaked))
            checked += 1
    return checked


_MOVES: dict[int, tuple[str, ...]] = {}


def _move_text(states: list[Any], number: int) -> str:
    return _MOVES[id(states)][number - 1]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_every_frame_of_whole_matches_shows_only_what_the_seat_may_see(
    game: str, seed: int
) -> None:
    # the test's clients play at full speed; the deals are drawn from the test's seed
    store = TableStore(":memory:", seeds=random.Random(seed))
    app = create_app(store=store, messages_per_second=100_000)
    with TestClient(app) as client:
        for options in OPTIONS[game]:
            seats = ["human"] * parlour.players(parlour.new_game(game, options=options))
            if seed % 2 == 0:
                seats[1] = "random"
            table_id, frames = _play(client, game, options, seats, seed)
            table = app.state.store.get(table_id)
            log = table.log()
            states = states_of(log)
            _MOVES[id(states)] = log.moves
            assert parlour.is_over(states[-1])
            assert _check(frames, states, game) >= len(states)
