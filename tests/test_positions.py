"""Positions, what every game shares: the header (format, version, game, options), the
round trip through JSON text for every game, a state class refusing another game's position,
and the deck's conservation checked once for all games. Each game's own keys and checks are
tested in ``tests/<game>/test_positions.py``."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings

import parlour
from parlour.belote import BeloteState
from parlour.bezique import BeziqueState
from tests.strategies import iter_playout, seeds

GAMES = ("belote", "bezique", "ecarte", "burraco", "coinche")


def _options(game: str) -> dict[str, Any]:
    return {} if game == "ecarte" else {"target": None}


def _mid_deal(game: str) -> Any:
    """A state of the game a dozen moves into its first deal."""
    state = None
    for number, step in enumerate(iter_playout(game, 7, _options(game))):
        state = step.after
        if number == 12:
            break
    return state


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3)
@given(seed=seeds())
def test_positions_survive_json_text(game: str, seed: int) -> None:
    for number, step in enumerate(iter_playout(game, seed, _options(game), max_moves=200)):
        if number % 7:
            continue
        text = json.dumps(parlour.state_to_dict(step.after))
        again = parlour.state_from_dict(json.loads(text))
        assert again == step.after
        assert hash(again) == hash(step.after)
        assert [str(m) for m in parlour.legal_moves(again)] == [
            str(m) for m in parlour.legal_moves(step.after)
        ]


@pytest.mark.parametrize("game", GAMES)
def test_the_header_comes_first(game: str) -> None:
    state = _mid_deal(game)
    position = parlour.state_to_dict(state)
    assert list(position)[:4] == ["format", "version", "game", "options"]
    assert position["format"] == "parlour.position"
    assert position["version"] == 1
    assert position["game"] == game
    assert position["options"]["target"] == (5 if game == "ecarte" else None)
    assert state.to_dict() == position
    assert type(state).from_dict(position) == state


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda p: p.update(format="parlour.io"), "format", "'format' must be"),
        (lambda p: p.pop("format"), "format", "'format' must be"),
        (lambda p: p.update(version=2), "version", "'version' must be 1"),
        (lambda p: p.update(version=True), "version", "'version' must be 1"),
        (lambda p: p.update(game="chess"), "game", "unknown game 'chess'"),
        (lambda p: p.update(game=["belote"]), "game", "unknown game"),
        (lambda p: p.update(options=None), "options", "must be an object"),
        (lambda p: p.update(options={"target": 0}), "options", "target"),
        (lambda p: p.update(options={"trumps": 1}), "options", "unknown option"),
    ],
)
def test_a_bad_header_is_refused_naming_the_key(change: Any, path: str, words: str) -> None:
    position = parlour.state_to_dict(_mid_deal("belote"))
    change(position)
    with pytest.raises(parlour.PositionError, match=words) as raised:
        parlour.state_from_dict(position)
    assert raised.value.path == path
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize("data", [None, [], "position", 3, ["format"]])
def test_a_position_must_be_an_object(data: Any) -> None:
    with pytest.raises(parlour.PositionError, match="must be a JSON object"):
        parlour.state_from_dict(data)


def test_a_state_class_refuses_another_games_position() -> None:
    position = parlour.state_to_dict(_mid_deal("belote"))
    assert BeloteState.from_dict(position) == parlour.state_from_dict(position)
    with pytest.raises(parlour.PositionError, match="not of a BeziqueState"):
        BeziqueState.from_dict(position)


def _zone_swaps(position: dict[str, Any]) -> tuple[list[Any], int]:
    """A list of card texts of the position (the first non-empty one found, depth first)."""
    stack: list[Any] = [position]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(value for key, value in item.items() if key != "options")
        elif isinstance(item, list):
            if item and all(isinstance(entry, str) and len(entry) <= 3 for entry in item):
                try:
                    parlour.parse_card(item[0])
                except parlour.NotationError:
                    continue
                return item, 0
            stack.extend(item)
    raise AssertionError("no list of cards in the position")


@pytest.mark.parametrize("game", GAMES)
def test_a_card_replaced_by_another_is_refused(game: str) -> None:
    """Replace one card by another face: the first is now missing, wherever it stood, so the
    position is refused (by the game's own checks or by the conservation check)."""
    position = parlour.state_to_dict(_mid_deal(game))
    bad = copy.deepcopy(position)
    cards, index = _zone_swaps(bad)
    cards[index] = "KS" if cards[index] == "AS" else "AS"
    with pytest.raises(parlour.PositionError):
        parlour.state_from_dict(bad)
    parlour.state_from_dict(position)  # the original still reads
