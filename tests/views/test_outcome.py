"""`outcome(state)`: why a match ended, for each game, against the rules' end conditions."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import parlour
from parlour.engine import REASONS
from tests.strategies import final_state


def play_out(game: str, seed: int, options: Mapping[str, Any]) -> Any:
    """A match played to its end with uniformly random moves from ``Random(seed)``."""
    return final_state(game, seed, options, dealer=seed % 2)


def first_match(
    game: str, options: Mapping[str, Any], wanted: Callable[[Any], bool], seeds: int = 60
) -> Any:
    for seed in range(seeds):
        state = play_out(game, seed, options)
        if wanted(state):
            return state
    raise AssertionError(f"no {game} match with {options} met the condition")


def test_no_outcome_while_the_match_goes_on() -> None:
    for game in parlour.game_names():
        assert parlour.outcome(parlour.new_game(game)) is None
        assert parlour.outcome(parlour.new_game(game, seed=1)) is None


def test_a_single_belote_deal_is_won_by_the_takers_who_made_it() -> None:
    # Rules: with target null a single deal is played; the takers win if their contract is made.
    for seed in range(6):
        state = play_out("belote", seed, {"target": None})
        result = parlour.outcome(state)
        assert result is not None and result.reason == "single_deal"
        last = result.deal_results[-1]
        takers = (last.taker % 2, last.taker % 2 + 2)
        defenders = tuple(seat for seat in range(4) if seat not in takers)
        assert result.winners == (takers if last.outcome == "made" else defenders)
        assert result.deals == len(parlour.deal_results(state))


def test_a_belote_match_ends_when_a_team_reaches_the_target_ahead() -> None:
    state = play_out("belote", 3, {"target": 300})
    result = parlour.outcome(state)
    assert result is not None and result.reason == "target_reached"
    scores = result.scores
    (first, second) = result.winners
    assert first % 2 == second % 2
    loser = 1 - first % 2
    assert scores[first] >= 300 and scores[first] > scores[loser]
    # the scores are the sum of the points of the deals
    team = first % 2
    assert scores[first] == sum(deal.points[team] for deal in result.deal_results)


def test_an_ecarte_king_can_stop_the_match_mid_deal() -> None:
    options = {"target": 2, "stop_at_target": "immediate"}
    state = first_match(
        "ecarte", options, lambda state: parlour.deal_results(state)[-1].outcome == "stopped"
    )
    result = parlour.outcome(state)
    assert result is not None and result.reason == "stopped_mid_deal"
    (winner,) = result.winners
    assert result.scores[winner] >= 2 > result.scores[1 - winner]


def test_an_ecarte_match_checked_at_the_end_of_each_deal_reaches_the_target() -> None:
    state = play_out("ecarte", 1, {"target": 3, "stop_at_target": "end_of_deal"})
    result = parlour.outcome(state)
    assert result is not None and result.reason == "target_reached"
    (winner,) = result.winners
    assert result.scores[winner] >= 3 and result.scores[winner] > result.scores[1 - winner]
    assert result.deal_results[-1].outcome in ("point", "vole")


def test_a_bezique_match_to_first_reach_stops_mid_deal() -> None:
    options = {"target": 300, "match_end": "first_to_reach"}
    state = first_match(
        "bezique", options, lambda state: parlour.deal_results(state)[-1].outcome == "stopped", 10
    )
    result = parlour.outcome(state)
    assert result is not None and result.reason == "stopped_mid_deal"
    (winner,) = result.winners
    assert result.scores[winner] >= 300


def test_a_single_bezique_deal_and_a_match_to_the_target() -> None:
    single = parlour.outcome(play_out("bezique", 2, {"target": None}))
    assert single is not None and single.reason == "single_deal" and single.deals == 1
    match = parlour.outcome(play_out("bezique", 2, {"target": 500}))
    assert match is not None and match.reason == "target_reached"
    assert max(match.scores) >= 500


def test_burraco_single_hand_and_its_hand_result() -> None:
    state = play_out("burraco", 4, {"target": None, "players": 2})
    result = parlour.outcome(state)
    assert result is not None and result.reason == "single_deal" and result.deals == 1
    (hand,) = result.deal_results
    assert hand.ended_by in ("closing", "stock", "stalemate")
    assert result.deal_results == parlour.deal_results(state)


@pytest.mark.parametrize("game", ["belote", "ecarte"])
def test_an_outcome_is_a_frozen_json_record(game: str) -> None:
    result = parlour.outcome(play_out(game, 0, {"target": None}))
    assert result is not None and result.reason in REASONS
    data = result.to_dict()
    assert list(data) == ["winners", "scores", "reason", "deals", "deal_results"]
    assert json.loads(json.dumps(data)) == data
    with pytest.raises(AttributeError):
        result.reason = "other"  # type: ignore[misc]
