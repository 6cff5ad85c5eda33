"""Every Bezique option of bezique.md Settled point 1, each value with an observable difference,
and bad options."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour import OptionsError
from parlour.base import sort_cards
from parlour.bezique import Options, Phase
from parlour.bezique.rules import DECK
from tests.bezique.helpers import (
    awards,
    deal_text,
    last_deal,
    play_to_end,
    start,
    stock_for,
    trick,
    win_with,
)
from tests.bezique.worked_example import A, B, play_example
from tests.helpers import assert_option_defaults, legal_texts, refused, run
from tests.strategies import random_playout

JUNK = "7S 8S 9S 7C 8C 9C 7D 8D"


def test_the_options_and_their_defaults() -> None:
    assert_option_defaults(
        "bezique",
        {
            "target": 1000,
            "match_end": "end_of_deal",
            "brisque_timing": "end",
            "rank_order": "A-10-K",
            "last_trick": 32,
            "reveal_last_stock_card": True,
            "seven_scoring": ("exchange", "show", "play"),
            "seven_counts_as_meld": False,
            "turnup_seven_bonus": 10,
            "bezique_cards": "fixed_QS_JD",
            "deal_packets": (3, 2, 3),
            "next_dealer": "alternate",
        },
    )


# --- target and match_end -----------------------------------------------------------------------


def test_target_none_plays_a_single_deal() -> None:
    state = play_example({"target": None})
    assert parlour.is_over(state) and parlour.current_player(state) is None
    assert parlour.legal_moves(state) == ()
    assert parlour.winners(state) == (A,)


def test_target_1000_plays_on_after_a_deal_below_it() -> None:
    state = play_example()
    assert parlour.score(state) == (970, 210)
    assert not parlour.is_over(state)
    assert parlour.is_chance(state) and state.phase == Phase.DEAL_DUE
    assert parlour.winners(state) == ()
    assert state.table.dealer == A  # the deal alternates
    state = parlour.apply(state, parlour.random_deal(state, random.Random(1)))
    assert parlour.score(state)[0] >= 970  # scores carry over
    assert state.table.deal_number == 2


def test_end_of_deal_the_target_is_checked_after_the_deal() -> None:
    state = play_example({"target": 900})
    assert parlour.is_over(state)
    assert parlour.score(state) == (970, 210)  # B's brisques were counted
    assert parlour.winners(state) == (A,)
    assert last_deal(state).outcome == "played"


def test_first_to_reach_stops_the_match_mid_deal() -> None:
    # The double bezique at trick 12 takes A from 330 to 830.
    state = play_example({"target": 500, "match_end": "first_to_reach"})
    assert parlour.is_over(state)
    assert parlour.score(state) == (830, 20)
    assert parlour.winners(state) == (A,)
    result = last_deal(state)
    assert result.outcome == "stopped"
    assert result.points == (830, 20)
    assert result.brisques == (0, 0) and result.last_trick_seat is None
    assert result.declarations[-1].name == "double_bezique"
    assert result.tricks == (8, 4)
    assert awards(state)[-1] == (A, 500, "bezique.double_bezique", 12)
    assert parlour.legal_moves(state) == ()


def test_first_to_reach_at_the_end_stops_before_the_dealers_brisques() -> None:
    # A has 880 after the last trick; its brisques (counted first) reach 900.
    state = play_example({"target": 900, "match_end": "first_to_reach"})
    assert parlour.is_over(state)
    assert parlour.score(state) == (970, 140)
    assert awards(state)[-1] == (A, 90, "bezique.brisques", None)
    assert last_deal(state).outcome == "stopped"


def test_first_to_reach_the_non_dealer_counts_brisques_first() -> None:
    # A random deal (seed 5, seat 0 deals) that ends 60 / 30 before the brisques, which are
    # 110 / 50: with a target of 70 the non-dealer reaches it first, though the dealer would
    # end higher.
    full = random_playout("bezique", 5, {"target": None})[-1].after
    result = last_deal(full)
    assert result.dealer == 0
    assert result.brisques == (110, 50) and result.points == (170, 80)
    steps = random_playout("bezique", 5, {"target": 70, "match_end": "first_to_reach"})
    state = steps[-1].after
    assert parlour.is_over(state)
    assert parlour.score(state) == (60, 80)
    assert parlour.winners(state) == (1,)
    assert awards(state)[-1] == (1, 50, "bezique.brisques", None)


def test_end_of_deal_an_exact_tie_plays_another_deal() -> None:
    # A random match (seed 26) whose first deal ends 90 / 90: over the target of 90, but tied.
    steps = random_playout("bezique", 26, {"target": 90})
    after_first = next(step.after for step in steps if parlour.deal_results(step.after))
    first = last_deal(after_first)
    assert first.points == (90, 90)
    assert parlour.score(after_first) == (90, 90)
    assert parlour.is_chance(after_first)  # another deal
    final = steps[-1].after
    assert len(parlour.deal_results(final)) == 2
    assert parlour.is_over(final)
    first_score, second_score = parlour.score(final)
    assert first_score != second_score
    assert parlour.winners(final) == ((0,) if first_score > second_score else (1,))


# --- brisque_timing -----------------------------------------------------------------------------


def test_brisques_counted_as_they_are_won() -> None:
    state = play_example({"target": None, "brisque_timing": "immediate"})
    assert parlour.score(state) == (970, 210)
    brisques = [award for award in awards(state) if award[2] == "bezique.brisques"]
    assert all(trick_number is not None for _, _, _, trick_number in brisques)
    assert sum(points for seat, points, _, _ in brisques if seat == A) == 90
    assert sum(points for seat, points, _, _ in brisques if seat == B) == 70
    assert all(points in (10, 20) for _, points, _, _ in brisques)
    # Trick 6 (7♦ then 10♦): A took the 10♦ in it.
    assert (A, 10, "bezique.brisques", 6) in brisques
    assert last_deal(state).brisques == (90, 70)
    # Brisques of the first trick, before any meld, appear at once.
    first = play_example({"brisque_timing": "immediate"}, tricks=1)
    assert awards(first) == [(B, 10, "bezique.seven_turnup", None), (A, 10, "bezique.brisques", 1)]
    assert awards(play_example(tricks=1)) == [(B, 10, "bezique.seven_turnup", None)]


# --- rank_order --------------------------------------------------------------------------------


@pytest.mark.parametrize(("rank_order", "winner"), [("A-10-K", 0), ("seed_A-K-Q-J-10", 1)])
def test_rank_order_a_king_against_a_ten(rank_order: str, winner: int) -> None:
    state = start(
        ["10S AC AD AS AH 8C 9C 10C", "KS 8S 9S 7C 8C 9C 7D 8D"],
        "9H",
        options={"rank_order": rank_order},
    )
    state = trick(state, "10S", "KS")
    assert state.to_act == winner


# --- last_trick (see also test_last_stage) ----------------------------------------------------


def test_last_trick_24_in_the_worked_example() -> None:
    state = play_example({"target": None, "last_trick": 24})
    assert parlour.score(state) == (970, 210)  # A won both trick 24 and trick 32
    assert [award for award in awards(state) if award[2] == "bezique.last_trick"] == [
        (A, 10, "bezique.last_trick", 24)
    ]


# --- bezique_cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("trump", ["S", "D"])
def test_bezique_by_trump_with_spades_or_diamonds(trump: str) -> None:
    hand = "QC JH QC JH QS JD AC AH"
    junk = "7S 8S 9S 7D 8D 9D 7H 8H" if trump == "C" else "7S 8S 7C 8C 9C 7H 8H 9H"
    options = {"bezique_cards": "by_trump"}
    state = start([hand, junk], f"9{trump}", options=options)
    state = win_with(state, "AC")
    melds = [text for text in legal_texts(state) if text.startswith("meld")]
    assert melds == ["meld JH QC", "meld JH JH QC QC"]
    refused(state, "meld QS JD", "bezique.not_a_meld")
    state = run(state, "meld QC JH")
    assert parlour.score(state) == (40, 0)
    assert awards(state) == [(0, 40, "bezique.bezique", 1)]
    state = run(win_with(run(state, "draw"), "AH"), "meld QC QC JH JH")
    assert parlour.score(state) == (540, 0)


@pytest.mark.parametrize("trump", ["H", "C"])
def test_bezique_by_trump_with_hearts_or_clubs_is_the_usual_pair(trump: str) -> None:
    hand = "QC JH QS JD AS AD 10S 10D"
    junk = "7S 8S 9S 7D 8D 9D 7H 8H" if trump == "C" else "7S 8S 9S 7D 8D 9D 7C 8C"
    state = start([hand, junk], f"9{trump}", options={"bezique_cards": "by_trump"})
    state = win_with(state, "AS")
    melds = [text for text in legal_texts(state) if text.startswith("meld")]
    assert melds == ["meld QS JD"]
    refused(state, "meld QC JH", "bezique.not_a_meld")


def test_fixed_bezique_with_spades_trumps() -> None:
    state = start(["QC JH QS JD AS AD AC AH", "7S 8S 7C 8C 9C 7H 8H 9H"], "9S")
    state = win_with(state, "AC")
    assert [text for text in legal_texts(state) if text.startswith("meld")] == ["meld QS JD"]
    refused(state, "meld QC JH", "bezique.not_a_meld")


# --- deal_packets --------------------------------------------------------------------------------


def expected_deal(seed: int, packets: list[int], dealer: int) -> tuple[list[Any], ...]:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hands: list[list[Any]] = [[], []]
    position = 0
    for size in packets:
        for seat in (1 - dealer, dealer):
            hands[seat].extend(deck[position : position + size])
            position += size
    assert position == 16
    return hands[0], hands[1], [deck[16]], deck[17:]


@pytest.mark.parametrize("packets", [[3, 2, 3], [2, 3, 3], [8], [1, 1, 1, 1, 1, 1, 1, 1]])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_packets_map_the_shuffle(packets: list[int], dealer: int) -> None:
    options = {"deal_packets": packets}
    state = parlour.new_game("bezique", options=options, dealer=dealer)
    deal = parlour.random_deal(state, random.Random(11))
    hand0, hand1, turnup, stock = expected_deal(11, packets, dealer)
    assert deal["hands"] == (sort_cards(hand0), sort_cards(hand1))
    assert deal["turnup"] == (tuple(turnup),)
    assert deal["stock"] == (tuple(stock),)
    seeded = parlour.new_game("bezique", options=options, dealer=dealer, seed=11)
    assert seeded == parlour.apply(state, deal)


def test_the_default_packets_by_position() -> None:
    state = parlour.new_game("bezique", dealer=1)
    deal = parlour.random_deal(state, random.Random(4))
    deck = list(DECK)
    random.Random(4).shuffle(deck)
    non_dealer = deck[0:3] + deck[6:8] + deck[10:13]
    dealer = deck[3:6] + deck[8:10] + deck[13:16]
    assert deal["hands"] == (sort_cards(non_dealer), sort_cards(dealer))
    assert deal["turnup"][0][0] == deck[16]
    assert list(deal["stock"][0]) == deck[17:]


def test_deal_packets_do_not_change_a_deal_move() -> None:
    text = str(parlour.random_deal(parlour.new_game("bezique"), random.Random(3)))
    first = parlour.apply(parlour.new_game("bezique"), text)
    other = parlour.apply(parlour.new_game("bezique", options={"deal_packets": [8]}), text)
    assert first.hands == other.hands and first.table.stock == other.table.stock


# --- next_dealer ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("next_dealer", "expected"), [("alternate", 0), ("winner_of_last_trick", 1)]
)
def test_next_dealer(next_dealer: str, expected: int) -> None:
    # Seat 1 deals and wins trick 32 of this deal.
    state = start([JUNK, "KS QS AC AD AS AH 8C 9C"], "KH", options={"next_dealer": next_dealer})
    state = play_to_end(state)
    result = last_deal(state)
    assert result.dealer == 1 and result.last_trick_seat == 1
    assert parlour.is_chance(state)
    assert state.table.dealer == expected
    state = parlour.apply(state, parlour.random_deal(state, random.Random(0)))
    assert state.to_act == 1 - expected  # the non-dealer leads


def test_next_dealer_winner_when_the_non_dealer_wins_the_last_trick() -> None:
    state = play_example({"next_dealer": "winner_of_last_trick"})
    assert last_deal(state).last_trick_seat == A
    assert state.table.dealer == A


# --- bad options (the shapes every game shares: tests/conformance/test_options_both_ways.py) ---


@pytest.mark.parametrize("packets", [[3, 3, 3], [0, 8], [9], [4, 5]])
def test_deal_packets_must_deal_eight_cards_in_positive_packets(packets: list[int]) -> None:
    with pytest.raises(OptionsError, match="deal_packets"):
        parlour.new_game("bezique", options={"deal_packets": packets})


def test_list_options_are_normalised() -> None:
    options = Options(seven_scoring=["play", "show", "play"], deal_packets=[4, 4])  # type: ignore[arg-type]
    assert options.seven_scoring == ("show", "play")
    assert options.deal_packets == (4, 4)
    assert Options(seven_scoring=[]).seven_scoring == ()  # type: ignore[arg-type]
    state = parlour.new_game("bezique", options={"seven_scoring": ["show", "exchange", "play"]})
    assert state.table.options == Options()


def test_a_single_deal_tie_has_two_winners() -> None:
    state = random_playout("bezique", 26, {"target": None})[-1].after
    assert parlour.score(state) == (90, 90)
    assert parlour.winners(state) == (0, 1)


def test_first_to_reach_at_the_deal_itself() -> None:
    options = {"target": 10, "match_end": "first_to_reach"}
    hands = ["KS QS AC AD AS AH 8C 9C", JUNK]
    state = parlour.apply(
        parlour.new_game("bezique", options=options, dealer=1),
        deal_text(hands, "7H", stock_for(hands, "7H")),
    )
    assert parlour.is_over(state)
    assert parlour.score(state) == (0, 10)
    assert parlour.winners(state) == (1,)
    result = last_deal(state)
    assert result.outcome == "stopped" and result.tricks == (0, 0)
