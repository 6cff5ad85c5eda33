"""Round trip of logs for random matches of every game (issue 12, item 6): writing the log,
reading it back, validating and replaying give the same final state, and writing it again gives
byte-identical JSON.

Matches come from hypothesis over seeds, option presets (the conformance suite's, with each
game's base options) and first dealers; one ``random.Random(seed)`` draws every deal and move.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import Match, read_log, replay, validate, write_log
from tests.conformance.games import hooks_for
from tests.strategies import play_on, seats_of

GAMES = parlour.game_names()
MAX_MOVES = 400
"""A match stops here if it has not ended (a multi-deal Bezique match runs to hundreds)."""


def _random_match(game: str, options: dict[str, Any], dealer: int, seed: int) -> Match:
    return play_on(
        Match(game, options=options, dealer=dealer, players=None), seed, max_moves=MAX_MOVES
    )


@st.composite
def _matches(draw: st.DrawFn, game: str) -> Match:
    hooks = hooks_for(game)
    _, preset = draw(st.sampled_from(hooks.presets), label="preset")
    options = {**hooks.base_options, **preset}
    dealer = draw(st.integers(0, seats_of(game, options) - 1), label="dealer")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    return _random_match(game, options, dealer, seed)


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_write_read_validate_replay_round_trip(game: str, data: st.DataObject) -> None:
    match = data.draw(_matches(game), label="match")
    final = match.state
    text = write_log(match)
    log = read_log(text)
    assert log.moves == match.moves
    assert replay(log) == final
    assert replay(text) == final
    report = validate(text)
    assert report.ok, report
    assert report.moves_applied == len(match.moves)
    assert list(report.score or ()) == list(parlour.score(final))
    assert write_log(log) == text
    assert write_log(read_log(json.loads(text))) == text
    assert write_log(read_log(text.encode("utf-8"))) == text
    again = Match.from_log(text)
    assert again.state == final
    assert write_log(again) == text


def test_round_trip_keeps_unknown_keys_and_their_order() -> None:
    """Keys the format does not define come back in the order read, after the known ones."""
    text = write_log(_random_match("ecarte", {"target": None}, 0, 5))
    data = json.loads(text)
    data["zeta"] = {"b": [1, 2], "a": None}
    data["alpha"] = "é\u2028"
    written = write_log(read_log(json.dumps(data)))
    assert list(json.loads(written))[-2:] == ["zeta", "alpha"]
    assert json.loads(written) == data
    assert write_log(read_log(written)) == written
