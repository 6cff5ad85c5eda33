"""The OpenSpiel adapter: OpenSpiel's own random simulation test (with serialization) for every
game, chance nodes that rebuild parlour's canonical deal, shared clones, returns, observations,
and OpenSpiel's Python MCTS and ISMCTS bots playing each game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.profiles import THOROUGH

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import parlour  # noqa: E402
from parlour.encoding import encoding_for  # noqa: E402
from parlour.engine import get_game  # noqa: E402
from parlour.integrations.openspiel import GAME_NAMES, load_game, short_name  # noqa: E402

SINGLE = {"target": None}
SIM_CASES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("belote", SINGLE, 6 if THOROUGH else 2),
    ("bezique", SINGLE, 3 if THOROUGH else 1),
    ("ecarte", {}, 10 if THOROUGH else 3),  # whole matches to 5 points: they are short
    ("burraco", SINGLE, 2 if THOROUGH else 1),
    ("burraco", {"target": None, "players": 2}, 2 if THOROUGH else 1),
    ("coinche", SINGLE, 6 if THOROUGH else 2),
    ("coinche", {"target": None, "sans_atout": True, "tout_atout": True, "generale": True}, 2),
) + ((("belote", {}, 1), ("bezique", {}, 1)) if THOROUGH else ())


@pytest.mark.parametrize(("name", "options", "sims"), SIM_CASES)
def test_random_sim_test_with_serialization(name: str, options: dict[str, Any], sims: int) -> None:
    game = load_game(name, options)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_type() -> None:
    registered = {game.short_name: game for game in pyspiel.registered_games()}
    for name in GAME_NAMES:
        game_type = registered[short_name(name)]
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("parlour_burraco").num_players() == 4
    assert load_game("burraco", {"players": 2}).num_players() == 2


def _deal_by_chance(game: Any, cards: list[Any]) -> Any:
    """A new state with the deck dealt, one chance node per card, in the order ``cards``."""
    state = game.new_initial_state()
    faces = [face for face in dict.fromkeys(get_game(game.parlour_name).deck)]
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(faces.index(card))
    return state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_chance_nodes_deal_parlours_canonical_deal(name: str) -> None:
    """Drawing at the chance nodes the cards of a deck shuffled by ``Random(7)``, in order, gives
    exactly ``new_game(name, seed=7)``: the cards go through parlour's own dealing procedure."""
    options = {"target": None} if name != "ecarte" else {}
    deck = list(get_game(name).deck)
    random.Random(7).shuffle(deck)
    state = _deal_by_chance(load_game(name, options), deck)
    assert not state.is_chance_node()
    assert state.parlour_state == parlour.new_game(name, options=options, seed=7)
    assert state.current_player() == parlour.current_player(state.parlour_state)


def test_chance_outcomes_follow_the_copies_left() -> None:
    state = load_game("bezique").new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 32
    assert all(probability == pytest.approx(2 / 64) for _, probability in outcomes)
    state.apply_action(5)
    state.apply_action(5)
    outcomes = dict(state.chance_outcomes())
    assert 5 not in outcomes
    assert outcomes[6] == pytest.approx(2 / 62)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal 7S"


def _random_play(state: Any, rng: random.Random, decisions: int) -> Any:
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


def test_clone_shares_the_parlour_state() -> None:
    state = _random_play(load_game("belote", SINGLE).new_initial_state(), random.Random(1), 3)
    clone = state.clone()
    assert clone.parlour_state is state.parlour_state
    assert clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.parlour_state is not state.parlour_state
    assert state.history() != clone.history()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_returns_at_the_end_follow_the_winners(name: str) -> None:
    game = load_game(name, SINGLE if name != "ecarte" else {})
    state = _random_play(game.new_initial_state(), random.Random(3), 10_000)
    assert state.is_terminal()
    winners = set(parlour.winners(state.parlour_state))
    seats = game.num_players()
    expected = (
        [0.0] * seats
        if len(winners) == seats
        else [1.0 if seat in winners else -1.0 for seat in range(seats)]
    )
    assert state.returns() == expected
    assert sum(state.returns()) == 0


def test_observations_come_from_the_view() -> None:
    game = load_game("burraco", {"target": None, "players": 2})
    state = _random_play(game.new_initial_state(), random.Random(5), 6)
    seat = state.current_player()
    expected = encoding_for("burraco").observation(state.parlour_state, seat, ())
    assert state.observation_tensor(seat) == pytest.approx(expected)
    assert '"hand"' in state.observation_string(seat)
    first = state.information_state_string(seat)
    other = state.information_state_string(1 - seat)
    assert first != other
    assert "history:" in first
    assert "history:" not in state.observation_string(seat)


def test_information_state_tensor_recalls_every_card_played_in_order() -> None:
    """Belote: after the bidding and three whole tricks, the information state holds the
    observation, then for each of the 12 cards played so far, in order, the seat from the
    observer and the face (the observation itself keeps the last and the current trick)."""
    game = load_game("belote", SINGLE)
    state = game.new_initial_state()
    rng = random.Random(8)
    while state.is_chance_node() or parlour.view(state.parlour_state, None).phase != "play":
        state = _random_play(state, rng, 1)
    plays: list[tuple[int, str]] = []
    while len(plays) < 12:
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        plays.append((seat, state.action_to_string(seat, action).split()[1]))
        state.apply_action(action)
    observer = state.current_player()
    tensor = state.information_state_tensor(observer)
    encoding = encoding_for("belote")
    assert len(tensor) == encoding.observation_size + 32 * (4 + 32)
    assert tensor[: encoding.observation_size] == pytest.approx(state.observation_tensor(observer))
    faces = [card.text for card in get_game("belote").deck]
    history = tensor[encoding.observation_size :]
    for place, (seat, card) in enumerate(plays):
        row = history[place * 36 : (place + 1) * 36]
        assert row[(seat - observer) % 4] == 1.0 and sum(row[:4]) == 1.0
        assert row[4 + faces.index(card)] == 1.0 and sum(row[4:]) == 1.0
    assert sum(history[12 * 36 :]) == 0.0


def test_sub_actions_stay_with_the_same_player() -> None:
    """An Écarté discard is chosen card by card; the player stays the same until "done"."""
    game = load_game("ecarte")
    deck = list(get_game("ecarte").deck)
    random.Random(3).shuffle(deck)
    state = _deal_by_chance(game, deck)
    for move in ("propose", "accept"):
        state.apply_action(encoding_for("ecarte").actions_of_text(move)[0])
    seat = state.current_player()
    card = state.legal_actions()[0]
    state.apply_action(card)
    assert state.current_player() == seat
    assert card not in state.legal_actions()
    assert 68 in state.legal_actions()  # "discard done"
    state.apply_action(68)
    assert parlour.view(state.parlour_state, seat).to_dict()["discard_sizes"][seat] == 1


def _bot_game(name: str, options: dict[str, Any], kind: str, decisions: int) -> tuple[Any, int]:
    """Play with OpenSpiel's Python ``kind`` bot in every seat for at most ``decisions``
    decisions; the final state and the decisions made."""
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        ismcts,
        mcts,
    )

    game = load_game(name, options)
    random_state = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state)
    if kind == "mcts":
        bot = mcts.MCTSBot(game, 2.0, 3, evaluator, solve=False, random_state=random_state)
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=random_state)
    state = game.new_initial_state()
    rng = random.Random(4)
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            made += 1
    return state, made


@pytest.mark.parametrize("kind", ("mcts", "ismcts"))
@pytest.mark.parametrize("name", ("belote", "bezique", "ecarte", "coinche"))
def test_python_bots_play_a_whole_game(name: str, kind: str) -> None:
    state, _ = _bot_game(name, SINGLE, kind, 10_000)
    assert state.is_terminal()
    assert sorted(state.returns()) in ([-1.0, 1.0], [-1.0, -1.0, 1.0, 1.0], [0.0] * 4, [0.0] * 2)


@pytest.mark.parametrize("kind", ("mcts", "ismcts"))
def test_python_bots_play_burraco(kind: str) -> None:
    """A whole hand under the ci profile (up to a minute each); at most 25 decisions in the
    quick one (a hand may also end early, by the stalemate rule, when both take the pile)."""
    state, made = _bot_game("burraco", {"target": None, "players": 2}, kind,
                            10_000 if THOROUGH else 25)  # fmt: skip
    assert state.is_terminal() or (made == 25 and not THOROUGH)
    assert len(state.history()) == 108 + made  # one chance node per card, then the bots' ids


def test_a_long_history_pickles_without_deep_recursion() -> None:
    """Serialization pickles the match's history flat: 20 000 states (longer than any match)
    round-trip without reaching the recursion limit."""
    import pickle

    from parlour.integrations.openspiel import history_of

    start = parlour.new_game("ecarte", seed=1)
    history = history_of((start,) * 20_000)
    again = pickle.loads(pickle.dumps(history))
    assert len(again.states()) == 20_000
    assert again.state == start
