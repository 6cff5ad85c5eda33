"""Views read back from their JSON: ``View.from_dict(view.to_dict())`` equals the view, for
every seat and the spectator over random playouts of every game; the moves read back apply as
the originals do; malformed JSON is refused with a `PositionError` naming the key."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

import parlour
from parlour.engine import get_game
from tests.strategies import iter_playout, playouts, seeds

GAMES = ("belote", "bezique", "ecarte", "burraco", "coinche")


def _single_deal(game: str) -> dict[str, Any]:
    return {} if game == "ecarte" else {"target": None}


def _views(state: Any) -> list[parlour.View]:
    return [parlour.view(state, seat) for seat in (None, *range(parlour.players(state)))]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3)
@given(seed=seeds())
def test_every_view_of_a_playout_reads_back_equal(game: str, seed: int) -> None:
    record = get_game(game).view_type
    for number, step in enumerate(iter_playout(game, seed, _single_deal(game), max_moves=300)):
        if number % 3:
            continue
        for seen in _views(step.before):
            data = json.loads(json.dumps(seen.to_dict()))
            again = record.from_dict(data)
            assert again == seen
            assert again.to_dict() == data
            assert again.legal_moves == seen.legal_moves


@settings(max_examples=3)
@given(spec=playouts("burraco", max_moves=250))
def test_burraco_moves_read_back_apply_like_the_originals(spec: Any) -> None:
    """A Burraco ``add`` read from a view's JSON has no state to be put in canonical form
    against; applied, it must give the same state as the legal move it was written from."""
    record = get_game("burraco").view_type
    for step in spec.run():
        seat = parlour.current_player(step.before)
        if not isinstance(seat, int):
            continue
        seen = parlour.view(step.before, seat)
        again = record.from_dict(seen.to_dict())
        for original, read in zip(seen.moves, again.moves, strict=True):
            if str(original).startswith("add"):
                assert parlour.apply(step.before, read) == parlour.apply(step.before, original)


def _belote_view_data() -> dict[str, Any]:
    state = parlour.new_game("belote", options={"target": None}, seed=4)  # dealt
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    data: dict[str, Any] = parlour.view(state, seat).to_dict()
    return data


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.pop("hand"), "position"),
        (lambda d: d.update(extra=1), "position"),
        (lambda d: d.update(hand=["ZZ"]), "hand[0]"),
        (lambda d: d.update(hand="JH"), "hand"),
        (lambda d: d.update(dealer=True), "dealer"),
        (lambda d: d.update(to_act="1"), "to_act"),
        (lambda d: d.update(legal_moves=["fly"]), "legal_moves[0]"),
        (lambda d: d.update(legal_moves=["deal hands:"]), "legal_moves[0]"),
        (lambda d: d.update(legal_moves=[7]), "legal_moves[0]"),
        (lambda d: d.update(played=[[0]]), "played[0]"),
        (lambda d: d.update(phase="x" * 1_000_000), "phase"),
        (lambda d: d.update(game="coinche"), "game"),
        (lambda d: d.update(game=None), "game"),
        (lambda d: d.update(options=[]), "options"),
        (lambda d: d.pop("options"), "position"),
        (lambda d: d["options"].update(target="far"), "options"),
        (lambda d: d["options"].update(colour="blue"), "options"),
        (lambda d: d["options"].update(partner_winning="always"), "options"),
        (lambda d: d["options"].pop("target"), "options"),
    ],
)
def test_malformed_view_json_is_refused_naming_the_key(change: Any, path: str) -> None:
    data = _belote_view_data()
    change(data)
    with pytest.raises(parlour.PositionError) as raised:
        get_game("belote").view_type.from_dict(data)
    assert raised.value.path == path


def test_the_base_view_class_has_no_game() -> None:
    with pytest.raises(TypeError, match="game's view class"):
        parlour.View.from_dict(_belote_view_data())


def test_a_belote_second_round_view_reads_back_with_its_named_suits() -> None:
    # A regression: ``take S`` was read with the state of the view's game, which a view read
    # back does not have.
    state = parlour.new_game("belote", seed=3, options={"target": None})
    for _ in range(4):
        state = parlour.apply(state, "pass")
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    shown = parlour.view(state, seat)
    texts = [str(move) for move in shown.moves]
    assert texts[0] == "pass" and len(texts) == 4  # pass and the three other suits
    assert all(text.startswith("take ") for text in texts[1:])
    again = type(shown).from_dict(json.loads(json.dumps(shown.to_dict())))
    assert again == shown
    assert [str(move) for move in again.moves] == texts
