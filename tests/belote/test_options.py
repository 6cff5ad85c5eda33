"""Every Belote option of belote.md Settled point 1, each value with an observable difference,
and bad options."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour import PIQUET_DECK
from parlour.base import Card
from parlour.belote import BeloteState, Options, Phase
from tests.belote.helpers import last_deal, mask, new_match, play_example, play_state
from tests.helpers import assert_option_defaults, legal_texts, run

THROW_IN_DEAL = (
    "deal hands:7S,8S,9S,10S,JS/QS,KS,AS,7H,8H/9H,10H,JH,QH,KH/AH,7D,8D,9D,10D"
    " turnup:JD stock:QD,KD,AD,7C,8C,9C,10C,JC,QC,KC,AC"
)


def test_the_options_and_their_seed_defaults() -> None:
    assert_option_defaults(
        "belote",
        {
            "target": 1000,
            "tie_rule": "takers_win",
            "belote_on_failure": "to_defenders",
            "capot_points": 252,
            "belote_counts_for_contract": True,
            "partner_winning": "seed_overtrump_if_trumping",
            "round2_allows_turnup_suit": False,
            "first_packets": (3, 2),
            "all_pass": "redeal_next_dealer",
        },
    )


# --- target ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "over", "winners"),
    [(1000, False, ()), (None, True, (0, 2)), (117, True, (0, 2)), (118, False, ())],
)
def test_target(target: int | None, over: bool, winners: tuple[int, ...]) -> None:
    state = play_example("ex1", {"target": target})  # N-S 117, E-W 65
    assert parlour.score(state) == (117, 65, 117, 65)
    assert parlour.is_over(state) is over
    assert state.phase == (Phase.OVER if over else Phase.DEAL_DUE)
    assert parlour.winners(state) == winners


# --- tie_rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tie_rule", "points", "held"),
    [("takers_win", (81, 81), 0), ("litige", (0, 81), 81), ("takers_fail", (0, 162), 0)],
)
def test_tie_rule(tie_rule: str, points: tuple[int, int], held: int) -> None:
    state = play_example("ex5", {"tie_rule": tie_rule})  # 81 / 81, no belote
    assert parlour.score(state)[:2] == points
    assert state.table.held == held


# --- belote_on_failure --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "points"), [("to_defenders", (0, 182)), ("kept_by_holder", (20, 162))]
)
def test_belote_on_failure(value: str, points: tuple[int, int]) -> None:
    state = play_example("ex3", {"belote_on_failure": value})  # N-S 70 + 20 vs 92
    assert last_deal(state).outcome == "failed"
    assert parlour.score(state)[:2] == points


# --- capot_points ----------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "points"), [(252, (272, 0)), (250, (270, 0))])
def test_capot_points(value: int, points: tuple[int, int]) -> None:
    state = play_example("ex6", {"capot_points": value})
    assert last_deal(state).card_points == (value, 0)
    assert parlour.score(state)[:2] == points


# --- belote_counts_for_contract ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "counts", "options", "outcome", "points"),
    [
        ("ex2", True, {}, "made", (92, 90)),  # 72 + 20 >= 90
        ("ex2", False, {}, "failed", (0, 182)),  # 72 < 90
        ("ex2", False, {"belote_on_failure": "kept_by_holder"}, "failed", (20, 162)),
        ("ex4", True, {}, "failed", (0, 182)),  # 81 < 81 + 20
        ("ex4", False, {}, "made", (81, 101)),  # 81 = 81: takers_win
        ("ex4", False, {"tie_rule": "takers_fail"}, "failed", (0, 182)),
        ("ex4", False, {"tie_rule": "litige"}, "litige", (0, 101)),
    ],
)
def test_belote_counts_for_contract(
    example: str,
    counts: bool,
    options: dict[str, Any],
    outcome: str,
    points: tuple[int, int],
) -> None:
    state = play_example(example, {"belote_counts_for_contract": counts, **options})
    result = last_deal(state)
    assert result.outcome == outcome
    assert result.points == points
    if outcome == "litige":
        assert result.held == 81


# --- partner_winning --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "legal"),
    [
        ("seed_overtrump_if_trumping", ["play JH", "play 7D", "play 9C"]),
        ("free", ["play 8H", "play JH", "play 7D", "play 9C"]),
    ],
)
def test_partner_winning(value: str, legal: list[str]) -> None:
    # Seat 3 leads A♠, partner seat 0 trumps 9♥, seat 1 follows; seat 2 is void in ♠.
    state = play_state(
        trump="H",
        hands=["", "", "8H JH 7D 9C", ""],
        trick="AS 9H 7S",
        leader=3,
        options=Options(partner_winning=value),
    )
    assert legal_texts(state) == legal
    violation = parlour.check(state, "play 8H")
    if value == "free":
        assert violation is None
    else:
        assert violation is not None
        assert violation.rule == "belote.must_overtrump"


# --- round2_allows_turnup_suit ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "legal"),
    [
        (False, ["pass", "take S", "take H", "take C"]),
        (True, ["pass", "take S", "take H", "take D", "take C"]),
    ],
)
def test_round2_allows_turnup_suit(value: bool, legal: list[str]) -> None:
    state = run(new_match({"round2_allows_turnup_suit": value}), [THROW_IN_DEAL, *["pass"] * 4])
    assert state.phase == Phase.BID_ROUND_2
    assert legal_texts(state) == legal
    violation = parlour.check(state, "take D")
    assert (violation is None) is value
    if violation is not None:
        assert violation.rule == "belote.not_turnup_suit"


# --- first_packets --------------------------------------------------------------------------


def expected_hands(deck: list[Card], dealer: int, packets: tuple[int, int]) -> list[set[Card]]:
    """Settled point 3: packets go round from the seat after the dealer, ending with him."""
    hands: list[set[Card]] = [set(), set(), set(), set()]
    position = 0
    for packet in packets:
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            hands[seat].update(deck[position : position + packet])
            position += packet
    return hands


@pytest.mark.parametrize("packets", [(3, 2), (2, 3)])
@pytest.mark.parametrize("dealer", [0, 2])
@pytest.mark.parametrize("seed", [7, 2024])
def test_first_packets_random_deal_mapping(
    packets: tuple[int, int], dealer: int, seed: int
) -> None:
    state = new_match({"first_packets": list(packets)}, dealer=dealer)
    deal = parlour.random_deal(state, random.Random(seed))
    deck = list(PIQUET_DECK)
    random.Random(seed).shuffle(deck)
    assert [set(hand) for hand in deal["hands"]] == expected_hands(deck, dealer, packets)
    assert deal["turnup"] == ((deck[20],),)
    assert deal["stock"] == (tuple(deck[21:]),)


def test_first_packets_explicit_positions() -> None:
    deck = list(PIQUET_DECK)
    random.Random(11).shuffle(deck)
    three_two = parlour.random_deal(new_match(dealer=1), random.Random(11))
    two_three = parlour.random_deal(
        new_match({"first_packets": [2, 3]}, dealer=1), random.Random(11)
    )
    # Dealer 1: seat 2 receives first, then 3, 0, and the dealer last.
    assert set(three_two["hands"][2]) == {*deck[0:3], *deck[12:14]}
    assert set(three_two["hands"][1]) == {*deck[9:12], *deck[18:20]}
    assert set(two_three["hands"][2]) == {*deck[0:2], *deck[8:11]}
    assert set(two_three["hands"][1]) == {*deck[6:8], *deck[17:20]}
    assert three_two["hands"] != two_three["hands"]
    assert three_two["turnup"] == two_three["turnup"] == ((deck[20],),)


def test_new_game_with_a_seed_deals_by_the_mapping() -> None:
    state: BeloteState = parlour.new_game("belote", seed=5, dealer=3)
    deck = list(PIQUET_DECK)
    random.Random(5).shuffle(deck)
    expected = expected_hands(deck, 3, (3, 2))
    assert list(state.hands) == [mask([one.text for one in hand]) for hand in expected]
    assert state.phase == Phase.BID_ROUND_1
    assert parlour.current_player(state) == 0


# --- all_pass --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "dealer"), [("redeal_next_dealer", 3), ("redeal_same_dealer", 2)]
)
def test_all_pass(value: str, dealer: int) -> None:
    state = run(new_match({"all_pass": value}, dealer=2), [THROW_IN_DEAL, *["pass"] * 8])
    assert state.phase == Phase.DEAL_DUE
    assert state.table.dealer == dealer
    state = run(state, [THROW_IN_DEAL])
    assert parlour.current_player(state) == (dealer + 1) % 4


# --- an options record (bad values, names and types: tests/conformance/test_options_both_ways.py)


def test_options_given_as_a_record() -> None:
    record = Options(target=None, tie_rule="litige", first_packets=(2, 3))
    state = play_example("ex5", record)
    assert parlour.is_over(state)
    assert parlour.score(state)[:2] == (0, 81)
