"""Class 10 of the issue: the adapters' actions and options, and OpenSpiel's resampling, which
must respect the voids a hand revealed."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.base import (
    OptionsError,
    ParlourError,
)
from parlour.engine import game_of
from tests.hostile.strategies import huge_or_deep_values

np = pytest.importorskip("numpy")
actions = pytest.importorskip("parlour.integrations.actions")
ActionError = actions.ActionError
checked_action = actions.checked_action
pyspiel = pytest.importorskip("pyspiel")
pettingzoo_module = pytest.importorskip("parlour.integrations.pettingzoo")
openspiel = pytest.importorskip("parlour.integrations.openspiel")

GAMES = openspiel.GAME_NAMES

_ODD_ACTIONS = (
    math.nan, np.float64(1.0), np.bool_(True), np.array([1]), np.array(1.5), np.array(True),
    "1", None,
)  # fmt: skip


def bad_actions(num_actions: int) -> st.SearchStrategy[Any]:
    """Action ids an adapter must refuse: negative or past the end, bools, floats (NaN and
    infinities included), numpy bools and floats, arrays that are not 0-d, strings, None."""
    return st.one_of(
        st.integers(max_value=-1),
        st.integers(min_value=num_actions),
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from(_ODD_ACTIONS),
        st.integers(min_value=0, max_value=2**60).map(lambda n: np.int64(n + num_actions)),
    )


FEW = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


def _player_state(game: str, seed: int = 1) -> Any:
    loaded = openspiel.load_game(game)
    state = loaded.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=bad_actions(10_000))
def test_openspiel_refuses_bad_actions(game: str, data: Any) -> None:
    state = _player_state(game)
    count = state.get_game().num_distinct_actions()
    action = data
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < count:
        return
    before = str(state)
    with pytest.raises(ActionError):
        state.apply_action(action)
    with pytest.raises(ActionError):
        state.action_to_string(state.current_player(), action)
    assert str(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_takes_numpy_integers_and_0d_arrays(game: str) -> None:
    state = _player_state(game)
    action = state.legal_actions()[0]
    text = state.action_to_string(state.current_player(), action)
    assert state.action_to_string(state.current_player(), np.array(action)) == text
    assert state.action_to_string(np.int64(action)) == text
    state.clone().apply_action(np.array(action, dtype=np.int32))


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(value=huge_or_deep_values())
def test_openspiel_options_parameter_of_huge_or_deep_json_is_an_options_error(
    game: str, value: Any
) -> None:
    import json

    try:
        text = json.dumps({"target": value})
    except (ValueError, RecursionError):
        text = '{"target": ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(OptionsError):
        openspiel.ParlourGame(game, {"options": text})


@pytest.mark.parametrize("game", sorted(pettingzoo_module.ENVIRONMENTS))
@FEW
@given(action=bad_actions(10_000))
def test_pettingzoo_step_refuses_bad_actions(game: str, action: Any) -> None:
    environment = pettingzoo_module.env(game)
    environment.reset(seed=1)
    count = environment.encoding.num_actions
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < count:
        return
    with pytest.raises(ActionError):
        environment.step(action)


@pytest.mark.parametrize("game", sorted(pettingzoo_module.ENVIRONMENTS))
def test_pettingzoo_step_takes_a_0d_integer_array(game: str) -> None:
    environment = pettingzoo_module.env(game)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    environment.step(np.array(int(np.flatnonzero(mask)[0])))


@pytest.mark.parametrize("game", sorted(pettingzoo_module.ENVIRONMENTS))
def test_pettingzoo_reset_checks_and_uses_its_options(game: str) -> None:
    environment = pettingzoo_module.env(game)
    with pytest.raises(OptionsError):
        environment.reset(options={"no_such_option": 1})
    with pytest.raises(OptionsError):
        environment.reset(options={"target": "many"})
    with pytest.raises(OptionsError):
        environment.reset(options=[("target", None)])
    environment.reset(seed=1, options={"target": None})
    assert environment.parlour_options == {"target": None}
    options = game_of(environment.parlour_state).options(environment.parlour_state)
    assert options.target is None


def test_checked_action_is_one_rule() -> None:
    assert checked_action(np.array(3), 5) == 3
    for bad in (True, np.bool_(False), 2.0, float("nan"), -1, 5, np.array([1]), "1"):
        with pytest.raises(ActionError):
            checked_action(bad, 5)
    assert issubclass(ActionError, ParlourError)


@pytest.mark.parametrize("game", [name for name in ("belote", "ecarte") if name in GAMES])
def test_resample_from_infostate_keeps_revealed_voids(game: str) -> None:
    """A seat that did not follow the suit led holds none of it: no resampled state, for any
    observer, gives that seat a card of that suit while the deal lasts."""
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        state = _player_state(game, seed)
        voids: dict[int, set[Any]] = {}
        deals = 0
        while not state.is_terminal() and checked < 300:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            real = state.parlour_state
            if len(parlour.deal_results(real)) != deals:
                deals, voids = len(parlour.deal_results(real)), {}
            for observer in range(state.num_players()) if voids else ():
                resampled = state.resample_from_infostate(observer, rng.random).parlour_state
                for seat, suits in voids.items():
                    held = parlour.view(resampled, seat).hand
                    assert not any(card.suit in suits for card in held), (seat, suits, held)
                checked += 1
            player = state.current_player()
            action = rng.choice(state.legal_actions(player))
            text = state.action_to_string(player, action)
            trick = parlour.view(real, None).trick
            if text.startswith("play ") and trick:
                card = parlour.parse_move(real, text).card  # type: ignore[attr-defined]
                led = trick[0][1].suit
                if card.suit != led:
                    voids.setdefault(player, set()).add(led)
            state.apply_action(action)
    assert checked > 20
