"""Every Écarté option of ecarte.md Settled point 4, each value with an observable difference,
and bad options."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.ecarte import EcarteState, Phase
from tests.ecarte.helpers import last_deal, new_match, play_forced_deal, start
from tests.helpers import assert_option_defaults, legal_texts, refused, run


def test_the_options_and_their_seed_defaults() -> None:
    assert_option_defaults(
        "ecarte",
        {
            "target": 5,
            "stop_at_target": "immediate",
            "penalty_rule": "seed_literal",
            "refusal_penalty": "first_only",
            "must_trump_when_void": False,
            "dealer_min_exchange": 0,
            "deal_packets": (3, 2),
        },
    )


# --- target ------------------------------------------------------------------------------------


def test_target_none_plays_a_single_deal() -> None:
    state = play_forced_deal(3, "normal", {"target": None})
    assert parlour.is_over(state)
    assert parlour.score(state) == (0, 1)
    assert parlour.winners(state) == (1,)


def test_a_single_deal_tie_names_both_seats() -> None:
    # the turn-up K♥ gives the dealer 1, the non-dealer takes the point: 1 to 1
    state = play_forced_deal(3, "normal", {"target": None}, turnup="KH")
    assert parlour.score(state) == (1, 1)
    assert parlour.is_over(state)
    assert parlour.winners(state) == (0, 1)


@pytest.mark.parametrize(("target", "over"), [(5, False), (2, True), (7, False)])
def test_target_values(target: int, over: bool) -> None:
    state = play_forced_deal(5, "normal", {"target": target})  # the non-dealer: vole, 2
    assert parlour.is_over(state) is over
    assert parlour.winners(state) == ((1,) if over else ())


def test_target_7_needs_7_points() -> None:
    state = play_forced_deal(5, "normal", {"target": 7}, dealer=0)
    for dealer in (1, 0):
        state = play_forced_deal(0 if dealer == 1 else 5, "normal", dealer=dealer, state=state)
    assert parlour.score(state) == (0, 6)
    assert not parlour.is_over(state)
    state = play_forced_deal(0, "normal", dealer=1, state=state)
    assert parlour.score(state) == (0, 8)
    assert parlour.is_over(state)


# --- stop_at_target --------------------------------------------------------------------------


def _both_at_four(stop: str) -> EcarteState:
    """Four voles to the dealer: 4 to 4, seat 0 to deal next."""
    state = new_match({"stop_at_target": stop})
    for dealer in (0, 1, 0, 1):
        state = play_forced_deal(0, "normal", dealer=dealer, state=state)
    assert parlour.score(state) == (4, 4)
    assert state.table.dealer == 0
    return state


def test_end_of_deal_lets_a_deal_finish_past_the_target_and_a_tie_play_on() -> None:
    # the turn-up K♥ takes seat 0 to 5 at the deal; the deal is played; seat 1 takes 3
    # tricks: 5 to 5, an exact tie, so another deal is played
    state = play_forced_deal(3, "normal", dealer=0, turnup="KH", state=_both_at_four("end_of_deal"))
    assert parlour.score(state) == (5, 5)
    assert not parlour.is_over(state)
    assert parlour.is_chance(state)
    state = play_forced_deal(5, "normal", dealer=1, state=state)  # seat 0 takes a vole
    assert parlour.score(state) == (7, 5)
    assert parlour.is_over(state)
    assert parlour.winners(state) == (0,)


def test_immediate_stops_at_the_turned_up_king() -> None:
    state = start(
        "7S 8S 9S 10S JS", "7D 8D 9D 10D JD", turnup="KH", state=_both_at_four("immediate")
    )
    assert parlour.is_over(state)
    assert parlour.score(state) == (5, 4)
    assert last_deal(state).outcome == "stopped"


# --- penalty_rule and refusal_penalty (the full table is in test_scoring.py) -------------------


@pytest.mark.parametrize(("rule", "points"), [("seed_literal", (0, 2)), ("classic", (0, 1))])
def test_penalty_rule(rule: str, points: tuple[int, int]) -> None:
    state = play_forced_deal(3, "played_without_proposing", {"penalty_rule": rule})
    assert last_deal(state).points == points


@pytest.mark.parametrize(("value", "points"), [("first_only", (0, 1)), ("any_refusal", (0, 2))])
def test_refusal_penalty(value: str, points: tuple[int, int]) -> None:
    state = play_forced_deal(4, "refused_later", {"refusal_penalty": value})
    assert last_deal(state).refused == 2
    assert last_deal(state).points == points


# --- must_trump_when_void ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "legal"),
    [(False, ["play 7S", "play AS", "play QH", "play 8D", "play JD"]), (True, ["play QH"])],
)
def test_must_trump_when_void(value: bool, legal: list[str]) -> None:
    state = start("9S JS 10S 10C 9H", "7S AS QH 8D JD", options={"must_trump_when_void": value})
    state = run(state, ["play 10C"])  # the dealer holds no club
    assert legal_texts(state) == legal
    if value:
        refused(state, "play 8D", "ecarte.must_trump")
    else:
        assert parlour.check(state, "play 8D") is None


# --- dealer_min_exchange -------------------------------------------------------------------------


@pytest.mark.parametrize(("minimum", "moves"), [(0, 32), (1, 31)])
def test_dealer_min_exchange(minimum: int, moves: int) -> None:
    state = start("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", options={"dealer_min_exchange": minimum})
    state = run(state, ["propose", "accept", "discard 7S"])
    assert len(legal_texts(state)) == moves
    assert (legal_texts(state)[0] == "discard") is (minimum == 0)
    if minimum:
        message = refused(state, "discard", "ecarte.discard_count")
        assert "at least one" in message
    else:
        assert run(state, ["discard"]).phase == Phase.DECIDE


# --- deal_packets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("packets", "nondealer_positions"), [((3, 2), [0, 1, 2, 6, 7]), ((2, 3), [0, 1, 4, 5, 6])]
)
def test_deal_packets(packets: tuple[int, int], nondealer_positions: list[int]) -> None:
    state = new_match({"deal_packets": list(packets)}, dealer=0)
    assert state.table.options.deal_packets == packets
    deck = list(parlour.PIQUET_DECK)
    random.Random(5).shuffle(deck)
    deal = parlour.random_deal(state, random.Random(5))
    assert set(deal["hands"][1]) == {deck[i] for i in nondealer_positions}
    assert set(deal["hands"][0]) == {deck[i] for i in range(10)} - set(deal["hands"][1])
