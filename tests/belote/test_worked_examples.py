"""The seven worked examples of belote.md §3.6, litige carry-over, and the match end (§3.7).

Trump is ♥ throughout; the takers are N-S (team 0: seats 0 and 2), the defenders E-W (team 1).
Each example is checked twice: on `score_deal` with hand-built facts, and through a real deal
(played by scripted moves, or by always playing the first legal card).
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.base import parse_card
from parlour.belote import BeloteState, DealResult, Options, Phase
from parlour.belote._scoring import (
    DealFacts,
    match_winner_team,
    score_deal,
)
from parlour.belote._state import Table
from parlour.belote.rules import card_index, mask_points
from tests.belote.helpers import last_deal, mask, new_match, play_example, start_deal
from tests.helpers import run

FULL = (1 << 32) - 1
HEARTS = 1

# Example 6 with the belote held by E-W (seat 1), N-S still taking every trick.
CAPOT_EW_BELOTE_HANDS = [
    "JH 9H AH 10H 8H 7H AS AD",
    "KH QH 7S 8S 7D 8D 7C 8C",
    "9S 10S JS QS 9D 10D JD QD",
    "KS KD 9C 10C JC QC KC AC",
]
CAPOT_EW_BELOTE_TRICKS = [  # in playing order, seat 0 leading every trick
    "JH QH 9S 9C", "9H KH 10S 10C", "AH 7S JS JC", "10H 8S QS QC",
    "8H 7D 9D KC", "7H 8D 10D AC", "AS 7C JD KS", "AD 8C QD KD",
]  # fmt: skip

# Example 7: the takers (seat 0) take no trick; seat 1 wins every trick.
NO_TRICK_EW_BELOTE_HANDS = [
    "7H 8H 7S 8S 7D 8D 7C 8C",
    "JH 9H AH 10H KH QH AS AD",
    "9S 10S JS QS 9D 10D JD QD",
    "KS KD 9C 10C JC QC KC AC",
]
NO_TRICK_EW_BELOTE_TRICKS = [  # the first led by seat 0, then by seat 1
    "7S AS 9S KS", "JH 10S 9C 7H", "9H JS 10C 8H", "AH QS JC 8S",
    "10H 9D QC 7D", "KH 10D KC 8D", "QH JD AC 7C", "AD QD KD 8C",
]  # fmt: skip
NO_TRICK_NS_BELOTE_HANDS = [  # seat 0 holds K♥ (the turn-up) and Q♥
    "KH QH 7S 8S 7D 8D 7C 8C",
    "JH 9H AH 10H 8H 7H AS AD",
    "9S 10S JS QS 9D 10D JD QD",
    "KS KD 9C 10C JC QC KC AC",
]
NO_TRICK_NS_BELOTE_TRICKS = [
    "7S AS 9S KS", "JH 10S 9C QH", "9H JS 10C KH", "AH QS JC 8S",
    "10H 9D QC 7D", "8H 10D KC 8D", "7H JD AC 7C", "AD QD KD 8C",
]  # fmt: skip


def play_scripted(
    hands: list[str], turnup: str, tricks: list[str], options: dict[str, Any] | None = None
) -> BeloteState:
    """Dealer 3, seat 0 takes in round 1, then the tricks' cards are played as written."""
    state = start_deal(hands, dealer=3, taker=0, turnup=turnup, options=options)
    moves = [f"play {one}" for trick in tricks for one in trick.split()]
    return run(state, moves)


def table(
    options: Options | None = None, *, belote_holder: int = -1, held: int = 0, deal: int = 1
) -> Table:
    """A deal's table: trump ♥, seat 0 took the turn-up 7♥."""
    return Table(
        options=options or Options(),
        dealer=3,
        deal_number=deal,
        held=held,
        turnup=card_index(parse_card("7H")),
        trump=HEARTS,
        taker=0,
        belote_holder=belote_holder,
        take_round=1,
    )


def facts(team0_cards: str, last_trick_team: int, rebelote_trick: int = 0) -> DealFacts:
    """Team 0 won ``team0_cards``, team 1 everything else."""
    won0 = mask(team0_cards)
    return DealFacts((won0, FULL & ~won0), last_trick_team, rebelote_trick)


# Team 0's cards, their trick points with ♥ trump, and the rest to team 1 (always 12 cards).
NS_87 = "JH 9H AH 10H AS 10S AD 7S 8S 9S 7D 8D"
NS_72 = "JH 9H AH 10H AS KS JS 7S 8S 9S 7D 8D"
NS_70 = "JH 9H AH 10H AS KS 7S 8S 9S 7D 8D 9D"
NS_81 = "JH 9H AH 10H AS 10S QS JS 7S 8S 9S 7D"
NS_61 = "JH 9H AH 10H KS JS 7S 8S 9S 7D 8D 9D"


@pytest.mark.parametrize(
    ("cards", "points"), [(NS_87, 87), (NS_72, 72), (NS_70, 70), (NS_81, 81), (NS_61, 61)]
)
def test_the_fixture_card_sets_hold_the_stated_points(cards: str, points: int) -> None:
    won = mask(cards)
    assert won.bit_count() == 12
    assert mask_points(won, HEARTS) == points
    assert mask_points(FULL & ~won, HEARTS) == 152 - points


# --- the examples on score_deal ------------------------------------------------------------


def test_example_1_score_deal() -> None:
    result = score_deal(table(belote_holder=0), facts(NS_87, 0, rebelote_trick=5))
    assert result.outcome == "made"
    assert result.card_points == (97, 65)
    assert result.belote_team == 0
    assert result.points == (117, 65)
    assert [(e.seats, e.points, e.reason, e.trick) for e in result.awards] == [
        ((0, 2), 87, "belote.card_points", None),
        ((0, 2), 10, "belote.last_trick", 8),
        ((0, 2), 20, "belote.belote", 5),
        ((1, 3), 65, "belote.card_points", None),
    ]


def test_example_2_score_deal() -> None:
    result = score_deal(table(belote_holder=2), facts(NS_72, 1))
    assert (result.outcome, result.card_points, result.points) == ("made", (72, 90), (92, 90))


@pytest.mark.parametrize(
    ("option", "points"), [("to_defenders", (0, 182)), ("kept_by_holder", (20, 162))]
)
def test_example_3_score_deal(option: str, points: tuple[int, int]) -> None:
    options = Options(belote_on_failure=option)
    result = score_deal(table(options, belote_holder=0), facts(NS_70, 1, rebelote_trick=3))
    assert result.outcome == "failed"
    assert result.card_points == (70, 92)
    assert result.points == points
    belote_awards = [e for e in result.awards if e.reason == "belote.belote"]
    assert len(belote_awards) == 1
    assert belote_awards[0].points == 20
    assert belote_awards[0].seats == ((0, 2) if option == "kept_by_holder" else (1, 3))


@pytest.mark.parametrize("option", ["to_defenders", "kept_by_holder"])
def test_example_4_score_deal(option: str) -> None:
    options = Options(belote_on_failure=option)
    result = score_deal(table(options, belote_holder=1), facts(NS_81, 1))
    assert result.card_points == (81, 81)
    assert result.outcome == "failed"
    assert result.points == (0, 182)


EXAMPLE_5_TIE_RULES = [
    ("takers_win", "made", (81, 81), 0),
    ("litige", "litige", (0, 81), 81),
    ("takers_fail", "failed", (0, 162), 0),
]
"""Example 5 (81 / 81, no belote) under each tie rule: outcome, deal points, points held."""


@pytest.mark.parametrize(("tie_rule", "outcome", "points", "held"), EXAMPLE_5_TIE_RULES)
def test_example_5_score_deal(
    tie_rule: str, outcome: str, points: tuple[int, int], held: int
) -> None:
    result = score_deal(table(Options(tie_rule=tie_rule)), facts(NS_81, 1))
    assert result.card_points == (81, 81)
    assert result.belote_team is None
    assert (result.outcome, result.points, result.held) == (outcome, points, held)


@pytest.mark.parametrize(
    ("capot", "holder", "points"),
    [(252, 0, (272, 0)), (252, 1, (252, 20)), (250, 2, (270, 0)), (250, 3, (250, 20))],
)
def test_example_6_score_deal(capot: int, holder: int, points: tuple[int, int]) -> None:
    result = score_deal(
        table(Options(capot_points=capot), belote_holder=holder),
        DealFacts((FULL, 0), 0, 6),
    )
    assert result.outcome == "made"
    assert result.capot_team == 0
    assert result.tricks == (8, 0)
    assert result.card_points == (capot, 0)
    assert result.points == points
    assert ((0, 2), capot - 152, "belote.capot", 8) in [
        (e.seats, e.points, e.reason, e.trick) for e in result.awards
    ]


@pytest.mark.parametrize(
    ("options", "holder", "points"),
    [
        ({}, -1, (0, 252)),
        ({}, 0, (0, 272)),
        ({}, 1, (0, 272)),
        ({"belote_on_failure": "kept_by_holder"}, 0, (20, 252)),
        ({"belote_on_failure": "kept_by_holder"}, 3, (0, 272)),
        ({"capot_points": 250}, -1, (0, 250)),
        ({"capot_points": 250}, 2, (0, 270)),
        ({"capot_points": 250, "belote_on_failure": "kept_by_holder"}, 2, (20, 250)),
    ],
)
def test_example_7_score_deal(
    options: dict[str, Any], holder: int, points: tuple[int, int]
) -> None:
    result = score_deal(table(Options(**options), belote_holder=holder), DealFacts((0, FULL), 1, 8))
    assert result.outcome == "failed"
    assert result.capot_team == 1
    assert result.card_points == (0, Options(**options).capot_points)
    assert result.points == points


# --- the examples through real deals ---------------------------------------------------------


def test_example_1_played() -> None:
    state = play_example("ex1")
    result = last_deal(state)
    assert (result.outcome, result.taker, result.trump) == ("made", 0, parse_card("QH").suit)
    assert result.tricks == (3, 5)
    assert result.card_points == (97, 65)
    assert result.belote_team == 0
    assert result.points == (117, 65)
    assert parlour.score(state) == (117, 65, 117, 65)
    assert state.phase == Phase.DEAL_DUE
    assert state.table.dealer == 0


def test_example_2_played() -> None:
    result = last_deal(play_example("ex2"))
    assert (result.outcome, result.card_points, result.belote_team) == ("made", (72, 90), 0)
    assert result.points == (92, 90)


@pytest.mark.parametrize(
    ("option", "points"), [("to_defenders", (0, 182)), ("kept_by_holder", (20, 162))]
)
def test_example_3_played(option: str, points: tuple[int, int]) -> None:
    state = play_example("ex3", {"belote_on_failure": option})
    result = last_deal(state)
    assert (result.outcome, result.card_points, result.belote_team) == ("failed", (70, 92), 0)
    assert result.points == points
    assert parlour.score(state) == (*points, *points)


def test_example_4_played() -> None:
    result = last_deal(play_example("ex4"))
    assert (result.outcome, result.card_points, result.belote_team) == ("failed", (81, 81), 1)
    assert result.points == (0, 182)


@pytest.mark.parametrize(("tie_rule", "outcome", "points", "held"), EXAMPLE_5_TIE_RULES)
def test_example_5_played(tie_rule: str, outcome: str, points: tuple[int, int], held: int) -> None:
    state = play_example("ex5", {"tie_rule": tie_rule})
    result = last_deal(state)
    assert result.card_points == (81, 81)
    assert result.belote_team is None
    assert (result.outcome, result.points, result.held) == (outcome, points, held)
    assert state.table.held == held
    assert parlour.score(state) == (*points, *points)


@pytest.mark.parametrize(("capot", "points"), [(252, (272, 0)), (250, (270, 0))])
def test_example_6_played(capot: int, points: tuple[int, int]) -> None:
    state = play_example("ex6", {"capot_points": capot})
    result = last_deal(state)
    assert (result.outcome, result.tricks, result.capot_team) == ("made", (8, 0), 0)
    assert result.card_points == (capot, 0)
    assert result.points == points


@pytest.mark.parametrize(("capot", "points"), [(252, (252, 20)), (250, (250, 20))])
def test_example_6_played_belote_with_the_defenders(capot: int, points: tuple[int, int]) -> None:
    state = play_scripted(
        CAPOT_EW_BELOTE_HANDS, "7H", CAPOT_EW_BELOTE_TRICKS, {"capot_points": capot}
    )
    result = last_deal(state)
    assert (result.outcome, result.tricks, result.capot_team) == ("made", (8, 0), 0)
    assert result.belote_team == 1
    assert result.points == points
    belote = [e for e in result.awards if e.reason == "belote.belote"]
    assert [(e.seats, e.points, e.trick) for e in belote] == [((1, 3), 20, 2)]


@pytest.mark.parametrize(
    ("hands", "turnup", "tricks", "options", "points"),
    [
        (NO_TRICK_EW_BELOTE_HANDS, "7H", NO_TRICK_EW_BELOTE_TRICKS, {}, (0, 272)),
        (NO_TRICK_EW_BELOTE_HANDS, "7H", NO_TRICK_EW_BELOTE_TRICKS, {"capot_points": 250},
         (0, 270)),
        (NO_TRICK_NS_BELOTE_HANDS, "KH", NO_TRICK_NS_BELOTE_TRICKS, {}, (0, 272)),
        (NO_TRICK_NS_BELOTE_HANDS, "KH", NO_TRICK_NS_BELOTE_TRICKS,
         {"belote_on_failure": "kept_by_holder"}, (20, 252)),
        (NO_TRICK_NS_BELOTE_HANDS, "KH", NO_TRICK_NS_BELOTE_TRICKS,
         {"belote_on_failure": "kept_by_holder", "capot_points": 250}, (20, 250)),
    ],
)  # fmt: skip
def test_example_7_played(
    hands: list[str],
    turnup: str,
    tricks: list[str],
    options: dict[str, Any],
    points: tuple[int, int],
) -> None:
    state = play_scripted(hands, turnup, tricks, options)
    result = last_deal(state)
    assert (result.outcome, result.tricks, result.capot_team) == ("failed", (0, 8), 1)
    assert result.points == points
    assert parlour.score(state) == (*points, *points)


# --- litige carry-over -------------------------------------------------------------------------


def test_held_points_go_to_the_takers_of_the_next_made_deal() -> None:
    options = Options(tie_rule="litige")
    result = score_deal(table(options, held=81, deal=2, belote_holder=0), facts(NS_87, 0, 4))
    assert (result.outcome, result.points, result.held) == ("made", (117 + 81, 65), 0)
    litige = [e for e in result.awards if e.reason == "belote.litige"]
    assert [(e.seats, e.points, e.deal) for e in litige] == [((0, 2), 81, 2)]


def test_held_points_go_to_the_defenders_when_the_next_deal_fails() -> None:
    options = Options(tie_rule="litige")
    result = score_deal(table(options, held=81, deal=2), facts(NS_70, 1))
    assert (result.outcome, result.points, result.held) == ("failed", (0, 162 + 81), 0)
    assert [e.points for e in result.awards if e.reason == "belote.litige"] == [81]


def test_a_second_litige_adds_to_the_held_points() -> None:
    options = Options(tie_rule="litige")
    result = score_deal(table(options, held=81, deal=2), facts(NS_81, 1))
    assert (result.outcome, result.points, result.held) == ("litige", (0, 81), 162)
    assert not [e for e in result.awards if e.reason == "belote.litige"]


def test_litige_holds_the_takers_belote_too() -> None:
    # N-S 61 + last trick 10 + belote 20 = 91; E-W 91.
    result = score_deal(
        table(Options(tie_rule="litige"), belote_holder=2), facts(NS_61, 0, rebelote_trick=6)
    )
    assert result.card_points == (71, 91)
    assert (result.outcome, result.points, result.held) == ("litige", (0, 91), 91)


def test_litige_carries_over_a_throw_in_and_accumulates() -> None:
    state = play_example("ex5", {"tie_rule": "litige"})  # dealer 3
    assert (state.table.held, state.table.match_score) == (81, (0, 81))
    assert state.table.dealer == 0
    state = run(
        state,
        [
            "deal hands:7S,8S,9S,10S,JS/QS,KS,AS,7H,8H/9H,10H,JH,QH,KH/AH,7D,8D,9D,10D"
            " turnup:JD stock:QD,KD,AD,7C,8C,9C,10C,JC,QC,KC,AC",
            *["pass"] * 8,
        ],
    )
    assert state.phase == Phase.DEAL_DUE
    assert state.table.deals[-1].outcome == "thrown_in"
    assert (state.table.held, state.table.match_score, state.table.dealer) == (81, (0, 81), 1)
    state = play_example("ex5", state=state, rotate=2)  # dealer 1, seat 2 takes: N-S again
    result = last_deal(state)
    assert (result.outcome, result.taker, result.points, result.held) == ("litige", 2, (0, 81), 162)
    assert state.table.match_score == (0, 162)
    state = play_example("ex1", state=state, rotate=3)  # dealer 2, seat 3 takes and makes
    result = last_deal(state)
    assert (result.outcome, result.taker, result.card_points) == ("made", 3, (65, 97))
    assert result.points == (65, 117 + 162)
    assert result.held == 0
    assert state.table.held == 0
    assert parlour.score(state) == (65, 441, 65, 441)
    litige = [e for e in parlour.score_events(state) if e.reason == "belote.litige"]
    assert [(e.seats, e.points, e.deal) for e in litige] == [((1, 3), 162, 4)]
    assert [deal.outcome for deal in state.table.deals] == ["litige", "thrown_in", "litige", "made"]
    assert [deal.number for deal in state.table.deals] == [1, 2, 3, 4]


# --- the end of the match ----------------------------------------------------------------------


def at_score(
    match_score: tuple[int, int], options: Options | None = None, held: int = 0
) -> BeloteState:
    """A match with a deal due by seat 3 at that score."""
    table = Table(
        options=options or Options(), dealer=3, deal_number=4, match_score=match_score, held=held
    )
    return BeloteState(table=table, phase=Phase.DEAL_DUE)


def test_the_match_goes_on_below_the_target() -> None:
    state = play_example("ex1", state=at_score((800, 0)))
    assert parlour.score(state)[:2] == (917, 65)
    assert state.phase == Phase.DEAL_DUE
    assert parlour.current_player(state) is parlour.CHANCE
    assert parlour.winners(state) == ()


def test_a_team_reaching_the_target_wins() -> None:
    state = play_example("ex1", state=at_score((900, 0)))
    assert parlour.score(state)[:2] == (1017, 65)
    assert parlour.is_over(state)
    assert parlour.current_player(state) is None
    assert parlour.winners(state) == (0, 2)
    assert parlour.legal_moves(state) == ()


def test_both_over_the_target_the_higher_total_wins() -> None:
    state = play_example("ex1", state=at_score((900, 990)))
    assert parlour.score(state)[:2] == (1017, 1055)
    assert parlour.winners(state) == (1, 3)


def test_both_over_the_target_with_equal_totals_plays_another_deal() -> None:
    state = play_example("ex1", state=at_score((900, 952)))
    assert parlour.score(state)[:2] == (1017, 1017)
    assert state.phase == Phase.DEAL_DUE
    assert parlour.winners(state) == ()
    state = play_example("ex1", state=state, rotate=1)  # dealer 0: seat 1 takes and makes
    assert parlour.score(state)[:2] == (1017 + 65, 1017 + 117)
    assert parlour.winners(state) == (1, 3)


def test_held_points_count_for_the_target_once_awarded() -> None:
    state = play_example("ex1", state=at_score((850, 0), Options(tie_rule="litige"), held=81))
    assert parlour.score(state)[:2] == (850 + 117 + 81, 65)
    assert parlour.winners(state) == (0, 2)


def test_held_points_are_lost_when_the_match_ends() -> None:
    state = play_example("ex5", state=at_score((0, 950), Options(tie_rule="litige")))
    assert parlour.score(state)[:2] == (0, 1031)
    assert parlour.is_over(state)
    assert state.table.held == 81
    assert parlour.winners(state) == (1, 3)


def test_match_winner_team_rule() -> None:
    made = DealResult(number=1, dealer=3, outcome="made", taker=0)
    options = Options()
    assert match_winner_team(options, (999, 0), made) is None
    assert match_winner_team(options, (1000, 999), made) == 0
    assert match_winner_team(options, (1000, 1000), made) is None
    assert match_winner_team(options, (1001, 1200), made) == 1


# --- single-deal mode --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "points", "winners"),
    [
        ("ex1", {}, (117, 65), (0, 2)),
        ("ex3", {}, (0, 182), (1, 3)),
        ("ex5", {}, (81, 81), (0, 2)),
        ("ex5", {"tie_rule": "takers_fail"}, (0, 162), (1, 3)),
        ("ex5", {"tie_rule": "litige"}, (0, 81), (1, 3)),
        ("ex1", {}, (65, 117), (1, 3)),
    ],
)
def test_single_deal_mode(
    name: str, options: dict[str, Any], points: tuple[int, int], winners: tuple[int, ...]
) -> None:
    rotate = 1 if points == (65, 117) else 0  # the last case: seat 1 takes and makes
    state = play_example(name, {"target": None, **options}, rotate=rotate)
    assert parlour.is_over(state)
    assert parlour.score(state) == (*points, *points)
    assert parlour.winners(state) == winners


def test_single_deal_mode_redeals_after_a_throw_in() -> None:
    state = new_match({"target": None}, dealer=3)
    state = run(
        state,
        [
            "deal hands:7S,8S,9S,10S,JS/QS,KS,AS,7H,8H/9H,10H,JH,QH,KH/AH,7D,8D,9D,10D"
            " turnup:JD stock:QD,KD,AD,7C,8C,9C,10C,JC,QC,KC,AC",
            *["pass"] * 8,
        ],
    )
    assert not parlour.is_over(state)
    assert parlour.is_chance(state)
    assert state.table.dealer == 0
    state = play_example("ex1", state=state, rotate=1)
    assert parlour.is_over(state)
    assert parlour.winners(state) == (1, 3)
