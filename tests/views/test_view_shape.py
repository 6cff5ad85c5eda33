"""The one view shape: the base fields every game's view has, ``to_dict``, and the schemas."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.engine import (
    build_view_schema,
    schema_file_name,
    schema_text,
)
from tests.helpers import BUILT_IN
from tests.strategies import final_state, playout_states, playouts
from tests.views.schema_subset import schema_errors

GAMES = parlour.game_names()
BASE_KEYS = [
    "game",
    "options",
    "seat",
    "phase",
    "to_act",
    "dealer",
    "hand",
    "hand_sizes",
    "teams",
    "match_score",
    "played",
    "legal_moves",
]
"""The documented first keys of every view's ``to_dict()`` (docs/views.md)."""


def playout_views(
    game: str, seed: int, max_moves: int, options: dict[str, Any] | None = None
) -> list[Any]:
    start = parlour.new_game(game, seed=seed, options=options)
    return [
        parlour.view(state, seat)
        for state in playout_states(game, seed, start=start, max_moves=max_moves - 1)
        for seat in [None, *range(parlour.players(state))]
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_view_extends_the_base_and_writes_its_keys_in_the_documented_order(
    game: str,
) -> None:
    seen = parlour.view(parlour.new_game(game, seed=1), 0)
    assert isinstance(seen, parlour.View)
    data = seen.to_dict()
    assert list(data)[: len(BASE_KEYS)] == BASE_KEYS
    assert tuple(data) == type(seen).json_keys()
    assert json.loads(json.dumps(data)) == data


OPTIONS_GIVEN: dict[str, dict[str, Any]] = {
    "belote": {"target": 500},
    "bezique": {"target": 1500, "rank_order": "seed_A-K-Q-J-10"},
    "burraco": {"players": 2, "target": 1005},
    "coinche": {"target": 1000, "sans_atout": True},
    "ecarte": {"target": 7},
}
"""For each game, options other than its defaults, which every view of the match carries."""


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_view_names_its_game_and_carries_the_match_options(game: str) -> None:
    given = OPTIONS_GIVEN[game]
    state = parlour.new_game(game, seed=2, options=given)
    for seat in [None, *range(parlour.players(state))]:
        seen = parlour.view(state, seat)
        assert seen.game == game
        assert seen.options == parlour.options(state)
        data = seen.to_dict()
        assert data["game"] == game
        for name, value in given.items():
            assert getattr(seen.options, name) == value
            assert data["options"][name] == value
        # the options are written as positions write them
        assert data["options"] == parlour.state_to_dict(state)["options"]


def test_base_fields_of_a_fresh_belote_deal() -> None:
    state = parlour.new_game("belote", seed=3, dealer=2)
    seen = parlour.view(state, 3)
    # seat 3 sits after the dealer (2): it speaks first in the first bidding round
    assert (seen.seat, seen.phase, seen.to_act, seen.dealer) == (3, "bidding_round_1", 3, 2)
    assert len(seen.hand) == 5 and seen.hand_sizes == (5, 5, 5, 5)
    assert seen.teams == ((0, 2), (1, 3)) and seen.match_score == (0, 0)
    assert seen.played == ()
    assert seen.legal_moves == ("pass", "take")
    assert [str(move) for move in seen.moves] == ["pass", "take"]
    assert all(isinstance(move, parlour.Move) for move in seen.moves)
    assert parlour.view(state, 0).moves == ()


def test_teams_of_two_player_games_are_each_seat_alone() -> None:
    for game, options in (("ecarte", {}), ("bezique", {}), ("burraco", {"players": 2})):
        assert parlour.view(parlour.new_game(game, seed=1, options=options), 0).teams == (
            (0,),
            (1,),
        )
    assert parlour.view(parlour.new_game("burraco", seed=1), 0).teams == ((0, 2), (1, 3))


def test_played_lists_the_cards_of_the_deal_in_order_with_their_seats() -> None:
    state = parlour.new_game("ecarte", seed=8)
    rng = random.Random(8)
    plays: list[tuple[int, str]] = []
    while not parlour.is_over(state):
        seat = parlour.current_player(state)
        move = rng.choice(list(parlour.legal_moves(state)))
        if str(move).startswith("play ") and isinstance(seat, int):
            plays.append((seat, str(move).removeprefix("play ")))
        state = parlour.apply(state, move)
        seen = parlour.view(state, None)
        if seen.phase != "play":
            break
        shown = [(who, card.text) for who, card in seen.played]
        assert shown == plays  # every card of the deal so far, current trick included
    assert len(plays) == 10  # five tricks of two cards


@pytest.mark.parametrize(
    ("game", "options"),
    [(game, {}) for game in GAMES] + [("burraco", {"players": 2})],
)
def test_every_view_gives_a_size_per_seat_and_teams_covering_the_seats(
    game: str, options: dict[str, Any]
) -> None:
    seats = parlour.players(parlour.new_game(game, options=options))
    for seen in playout_views(game, seed=6, max_moves=60, options=options):
        assert len(seen.hand_sizes) == seats
        assert sorted(seat for team in seen.teams for seat in team) == list(range(seats))
        assert len(seen.match_score) == len(seen.teams)
        if seen.seat is None:
            assert seen.hand == ()
        elif not getattr(seen, "pozzetto_unseen", False):
            assert len(seen.hand) == seen.hand_sizes[seen.seat]


@pytest.mark.parametrize("game", GAMES)
def test_a_view_is_immutable_and_copies_to_itself(game: str) -> None:
    seen = parlour.view(parlour.new_game(game, seed=2), 1)
    assert copy.copy(seen) is seen and copy.deepcopy(seen) is seen
    assert hash(seen) == hash(parlour.view(parlour.new_game(game, seed=2), 1))
    with pytest.raises(AttributeError):
        seen.seat = 0


def test_burraco_moves_are_the_legal_moves_of_the_seat_to_act() -> None:
    state = parlour.new_game("burraco", seed=5)
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    seen = parlour.view(state, seat)
    assert seen.to_dict()["legal_moves"] == [str(move) for move in parlour.legal_moves(state)]
    assert parlour.view(state, (seat + 1) % 4).legal_moves == ()


# --- schemas -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_shipped_schema_is_the_one_built_from_the_view_record(game: str) -> None:
    assert json.dumps(parlour.view_schema(game), indent=2, ensure_ascii=False) + "\n" == (
        schema_text(game)
    ), f"regenerate with python tests/views/make_view_schemas.py {game}"
    assert schema_file_name(game) == f"{game}.view.schema.json"


@given(st.data())
@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_a_playout_validates_against_its_schema(
    game: str, data: st.DataObject
) -> None:
    spec = data.draw(playouts(game, max_moves=40), label="playout")
    schema = build_view_schema(game)  # published for the built-in games (checked above)
    for step in spec.run():
        for seat in [None, *range(parlour.players(step.after))]:
            as_dict = parlour.view(step.after, seat).to_dict()
            assert schema_errors(as_dict, schema, schema) == []


def test_the_validator_reports_what_breaks_a_schema() -> None:
    schema = parlour.view_schema("ecarte")
    good = parlour.view(parlour.new_game("ecarte", seed=1), 0).to_dict()
    assert schema_errors(good, schema, schema) == []
    missing = {key: value for key, value in good.items() if key != "dealer"}
    assert schema_errors(missing, schema, schema) == ["$: missing key 'dealer'"]
    assert schema_errors({**good, "hand": ["1X"]}, schema, schema) == [
        "$.hand[0]: '1X' does not match ^(?:(?:[2-9]|10|[JQKA])[SHDC]|JK)$"
    ]
    assert schema_errors({**good, "extra": 1}, schema, schema) == ["$: unexpected key 'extra'"]
    assert schema_errors({**good, "seat": True}, schema, schema) == [
        "$.seat: True matches no option"
    ]
    assert schema_errors({**good, "discard_sizes": [0, 0, 0]}, schema, schema) == [
        "$.discard_sizes: 3 items is out of bounds"
    ]
    assert schema_errors({**good, "game": "belote"}, schema, schema) == [
        "$.game: 'belote' is not one of ['ecarte']"
    ]
    options = good["options"]
    assert schema_errors({**good, "options": {**options, "target": 0}}, schema, schema) == [
        "$.options.target: 0 matches no option"  # the target is a positive int or null
    ]
    assert schema_errors(
        {**good, "options": {**options, "penalty_rule": "lenient"}}, schema, schema
    ) == ["$.options.penalty_rule: 'lenient' is not one of ['seed_literal', 'classic']"]
    assert schema_errors({**good, "options": {**options, "colour": 1}}, schema, schema) == [
        "$.options: unexpected key 'colour'"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_views_validate_with_the_jsonschema_package_too(game: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = build_view_schema(game)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for seen in playout_views(game, seed=4, max_moves=80):
        validator.validate(seen.to_dict())


def test_view_schema_of_an_unknown_game_is_an_options_error() -> None:
    with pytest.raises(parlour.OptionsError, match="unknown game 'poker'"):
        parlour.view_schema("poker")


@pytest.mark.parametrize("game", GAMES)
def test_deal_results_have_one_name_in_every_view(game: str) -> None:
    state = final_state(game, 12, start=parlour.new_game(game, seed=12, options={"target": None}))
    assert parlour.is_over(state)
    results = parlour.deal_results(state)
    assert len(results) >= 1
    assert parlour.view(state, None).deal_results == results
    assert parlour.view(state, 0).deal_results == results
