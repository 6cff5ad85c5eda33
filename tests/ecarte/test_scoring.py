"""The trick score of ecarte.md §2.6, row by row under both penalty rules, through real deals
and on the scoring functions; the five worked examples; kings and the match end (§2.7).

The deals of `helpers.forced_tricks` make the non-dealer take an exact number of tricks; the
dealer is seat 0 and the non-dealer seat 1 unless stated.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.ecarte import Exchange, Options, Phase
from parlour.ecarte._scoring import (
    deal_situation,
    match_over_after_deal,
    target_reached,
    trick_award,
    winning_seats,
)
from parlour.ecarte.rules import TRICK_AWARDS, trick_outcome
from tests.ecarte.helpers import last_deal, new_match, play_forced_deal, start
from tests.helpers import legal_texts, run

ND, D = "nondealer", "dealer"

# The §2.6 table, written out for every trick count: (situation, non-dealer's tricks) -> the
# award under each rule as (side, points, reason).
EXPECTED: dict[tuple[str, int], dict[str, tuple[str, int, str]]] = {}
for _tricks in range(6):
    _normal = (
        (ND, 2, "ecarte.vole") if _tricks == 5
        else (ND, 1, "ecarte.point") if _tricks >= 3
        else (D, 1, "ecarte.point") if _tricks >= 1
        else (D, 2, "ecarte.vole")
    )  # fmt: skip
    EXPECTED[("normal", _tricks)] = {"classic": _normal, "seed_literal": _normal}
    EXPECTED[("played_without_proposing", _tricks)] = {
        # classic: playing without proposing and losing gives the dealer 2 (2 for a vole too)
        "classic": (D, 2, "ecarte.penalty") if 1 <= _tricks <= 2 else _normal,
        # seed literal: playing without proposing and winning 3-4 tricks gives the non-dealer 2
        "seed_literal": (ND, 2, "ecarte.penalty") if 3 <= _tricks <= 4 else _normal,
    }
    _refused = (ND, 2, "ecarte.penalty") if 3 <= _tricks <= 4 else _normal
    EXPECTED[("refused", _tricks)] = {"classic": _refused, "seed_literal": _refused}
    # a refusal of a later proposal is not penalised (refusal_penalty = first_only)
    EXPECTED[("refused_later", _tricks)] = {"classic": _normal, "seed_literal": _normal}

CASES = [
    pytest.param(situation, tricks, rule, id=f"{situation}-{tricks}-{rule}")
    for (situation, tricks) in EXPECTED
    for rule in ("classic", "seed_literal")
]


def _points(side: str, points: int, dealer: int = 0) -> tuple[int, int]:
    seat = dealer if side == D else 1 - dealer
    return (points, 0) if seat == 0 else (0, points)


@pytest.mark.parametrize(("situation", "tricks", "rule"), CASES)
def test_every_row_of_the_table_through_a_deal(situation: str, tricks: int, rule: str) -> None:
    side, points, reason = EXPECTED[(situation, tricks)][rule]
    state = play_forced_deal(tricks, situation, {"penalty_rule": rule, "target": None})
    result = last_deal(state)
    assert result.tricks == (5 - tricks, tricks)
    assert result.points == _points(side, points)
    assert parlour.score(state) == _points(side, points)
    (award,) = result.awards
    assert (award.seats, award.points, award.reason) == (
        ((0,) if side == D else (1,)),
        points,
        reason,
    )
    assert award.trick == (5 if reason == "ecarte.vole" else None)
    assert result.outcome == ("vole" if tricks in (0, 5) else "point")
    assert result.played_without_proposing == (situation == "played_without_proposing")
    assert result.refused == {"refused": 1, "refused_later": 2}.get(situation)


@pytest.mark.parametrize(("situation", "tricks", "rule"), CASES)
def test_every_row_of_the_table_on_trick_award(situation: str, tricks: int, rule: str) -> None:
    exchange = {
        "normal": Exchange(talon=(), exchanges=((1, 0),), proposals=1),
        "played_without_proposing": Exchange(talon=(), played_without_proposing=True),
        "refused": Exchange(talon=(), proposals=1, refused=1),
        "refused_later": Exchange(talon=(), exchanges=((1, 0),), proposals=2, refused=2),
    }[situation]
    award = trick_award(Options(penalty_rule=rule), exchange, tricks)
    assert (award.side, award.points, award.reason) == EXPECTED[(situation, tricks)][rule]


@pytest.mark.parametrize("rule", ["classic", "seed_literal"])
@pytest.mark.parametrize("tricks", range(6))
def test_any_refusal_penalises_a_later_refusal(rule: str, tricks: int) -> None:
    options = {"penalty_rule": rule, "refusal_penalty": "any_refusal", "target": None}
    state = play_forced_deal(tricks, "refused_later", options)
    side, points, reason = EXPECTED[("refused", tricks)][rule]
    assert last_deal(state).points == _points(side, points)
    assert last_deal(state).awards[-1].reason == reason


def test_the_table_has_a_row_for_every_key_and_never_more_than_2() -> None:
    keys = {
        (rule, situation, outcome)
        for rule in ("classic", "seed_literal")
        for situation in ("normal", "played_without_proposing", "refused")
        for outcome in ("nondealer_vole", "nondealer_point", "dealer_point", "dealer_vole")
    }
    assert set(TRICK_AWARDS) == keys
    assert {award.points for award in TRICK_AWARDS.values()} == {1, 2}


@pytest.mark.parametrize(
    ("tricks", "outcome"),
    [(5, "nondealer_vole"), (4, "nondealer_point"), (3, "nondealer_point"),
     (2, "dealer_point"), (1, "dealer_point"), (0, "dealer_vole")],
)  # fmt: skip
def test_trick_outcome(tricks: int, outcome: str) -> None:
    assert trick_outcome(tricks) == outcome


@pytest.mark.parametrize(
    ("exchange", "options", "situation"),
    [
        (Exchange(talon=(), played_without_proposing=True), {}, "played_without_proposing"),
        (Exchange(talon=(), proposals=1, refused=1), {}, "refused"),
        (Exchange(talon=(), proposals=3, refused=3), {}, "normal"),
        (Exchange(talon=(), proposals=3, refused=3), {"refusal_penalty": "any_refusal"}, "refused"),
        (Exchange(talon=(), proposals=2), {}, "normal"),
        (Exchange(talon=()), {}, "normal"),
    ],
)
def test_deal_situation(exchange: Exchange, options: dict[str, Any], situation: str) -> None:
    assert deal_situation(Options(**options), exchange) == situation


# --- the worked examples ------------------------------------------------------------------------


def test_example_1() -> None:
    """ND proposes; D accepts (ND swaps 3, D swaps 1). ND proposes again; D refuses (second
    proposal, no penalty). D marks K♣ (trump ♣): D +1. ND takes 3 tricks: ND +1."""
    state = start(
        "KS 7H 7D 8D 9D",  # ND (seat 1) keeps K♠ 7♥, swaps three diamonds
        "KH QC 7S 8S 9S",  # D (seat 0) swaps K♥ for the K♣ he draws
        turnup="7C",
        talon_top="QS JS 8H KC",  # the non-dealer draws Q♠ J♠ 8♥, the dealer K♣
        options={"target": None},
    )
    state = run(state, ["propose", "accept", "discard 7D 8D 9D", "discard KH"])
    assert state.exchange.exchanges == ((3, 1),)
    state = run(state, ["propose", "refuse"])
    assert state.phase == Phase.PLAY
    assert state.exchange.refused == 2
    state = run(state, ["play KS"])
    assert legal_texts(state)[0] == "king"  # the dealer holds K♣, drawn in the exchange
    state = run(state, ["king", "play 7S"])
    assert parlour.score(state) == (1, 0)
    state = run(state, ["play QS", "play 8S", "play JS", "play 9S", "play 7H", "play QC",
                        "play KC", "play 8H"])  # fmt: skip
    result = last_deal(state)
    assert result.tricks == (2, 3)
    assert result.points == (1, 1)
    assert result.king == 0
    assert result.refused == 2
    assert result.exchanges == ((3, 1),)
    assert result.proposals == 2
    assert [(a.seats, a.points, a.reason, a.trick) for a in result.awards] == [
        ((0,), 1, "ecarte.king", 1),
        ((1,), 1, "ecarte.point", None),
    ]


@pytest.mark.parametrize(("rule", "points"), [("classic", (2, 0)), ("seed_literal", (1, 0))])
def test_example_2(rule: str, points: tuple[int, int]) -> None:
    """ND plays at once (no proposal) and takes 2 tricks. Classic: D +2. Seed-literal: D +1."""
    state = play_forced_deal(2, "played_without_proposing", {"penalty_rule": rule})
    assert last_deal(state).points == points


@pytest.mark.parametrize(("rule", "points"), [("classic", (0, 1)), ("seed_literal", (0, 2))])
def test_example_3(rule: str, points: tuple[int, int]) -> None:
    """ND plays at once and takes 4 tricks. Classic: ND +1. Seed-literal: ND +2."""
    state = play_forced_deal(4, "played_without_proposing", {"penalty_rule": rule})
    assert last_deal(state).points == points


@pytest.mark.parametrize("rule", ["classic", "seed_literal"])
def test_example_4(rule: str) -> None:
    """D refuses the first proposal; ND makes a vole. Both rules: ND +2, not 3."""
    state = play_forced_deal(5, "refused", {"penalty_rule": rule})
    result = last_deal(state)
    assert result.points == (0, 2)
    assert [(a.points, a.reason) for a in result.awards] == [(2, "ecarte.vole")]


def dealer_at_four() -> Any:
    """Seat 0 deals deal 1 and takes a vole (2); seat 1 deals deal 2 and seat 0 takes a vole
    as non-dealer (2): seat 0 has 4 and deals deal 3."""
    state = play_forced_deal(0, "normal", dealer=0)
    state = play_forced_deal(5, "normal", dealer=1, state=state)
    assert parlour.score(state) == (4, 0)
    assert state.table.dealer == 0
    return state


def test_example_5() -> None:
    """Turn-up K♥ while D has 4 points: D reaches 5 at the deal; the game ends before any card."""
    state = start("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", turnup="KH", state=dealer_at_four())
    assert parlour.is_over(state)
    assert parlour.score(state) == (5, 0)
    assert parlour.winners(state) == (0,)
    result = last_deal(state)
    assert result.outcome == "stopped"
    assert result.number == 3
    assert result.turnup_king is True
    assert result.tricks == (0, 0)
    assert [(a.seats, a.points, a.reason, a.deal, a.trick) for a in result.awards] == [
        ((0,), 1, "ecarte.turnup_king", 3, None)
    ]


def test_example_5_with_end_of_deal_plays_the_deal() -> None:
    state = play_forced_deal(0, "normal", dealer=0, options={"stop_at_target": "end_of_deal"})
    state = play_forced_deal(5, "normal", dealer=1, state=state)
    state = start("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", turnup="KH", state=state)
    assert parlour.score(state) == (5, 0)
    assert not parlour.is_over(state)
    assert state.phase == Phase.DECIDE


# --- kings, the match end --------------------------------------------------------------------


def test_a_turned_up_king_scores_for_the_dealer_at_the_deal() -> None:
    state = start("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", turnup="KC", dealer=1)
    assert parlour.score(state) == (0, 1)
    events = parlour.score_events(state)
    assert [(e.seats, e.points, e.reason, e.deal, e.trick) for e in events] == [
        ((1,), 1, "ecarte.turnup_king", 1, None)
    ]
    assert "king" not in legal_texts(state)


def test_scores_are_not_capped_a_vole_at_4_gives_6() -> None:
    state = dealer_at_four()  # seat 0 has 4 and deals: he takes a vole as dealer
    state = play_forced_deal(0, "normal", dealer=0, state=state)
    assert parlour.score(state) == (6, 0)
    assert parlour.is_over(state)
    assert parlour.winners(state) == (0,)


def test_the_match_goes_on_below_the_target() -> None:
    state = play_forced_deal(0, "normal", dealer=0)
    assert parlour.score(state) == (2, 0)
    assert parlour.is_chance(state)
    assert state.table.dealer == 1  # the deal alternates
    assert parlour.winners(state) == ()


@pytest.mark.parametrize(
    ("options", "score", "over"),
    [
        ({}, (4, 3), False),
        ({}, (5, 3), True),
        ({}, (6, 0), True),
        ({"stop_at_target": "end_of_deal"}, (5, 5), False),
        ({"stop_at_target": "end_of_deal"}, (6, 5), True),
        ({"stop_at_target": "end_of_deal"}, (4, 4), False),
        ({"target": None}, (0, 0), True),
        ({"target": 7}, (6, 5), False),
        ({"target": 7}, (7, 5), True),
    ],
)
def test_match_over_after_deal(options: dict[str, Any], score: tuple[int, int], over: bool) -> None:
    assert match_over_after_deal(Options(**options), score) is over


@pytest.mark.parametrize(
    ("options", "score", "reached"),
    [
        ({}, (4, 0), False),
        ({}, (5, 0), True),
        ({"stop_at_target": "end_of_deal"}, (5, 0), False),
        ({"target": None}, (9, 0), False),
    ],
)
def test_target_reached(options: dict[str, Any], score: tuple[int, int], reached: bool) -> None:
    assert target_reached(Options(**options), score) is reached


def test_winning_seats() -> None:
    assert winning_seats((5, 3)) == (0,)
    assert winning_seats((2, 6)) == (1,)
    assert winning_seats((1, 1)) == (0, 1)


def test_score_is_the_sum_of_the_events() -> None:
    state = dealer_at_four()
    events = parlour.score_events(state)
    assert [(e.seats, e.points, e.reason) for e in events] == [
        ((0,), 2, "ecarte.vole"),
        ((0,), 2, "ecarte.vole"),
    ]
    assert new_match().table.match_score == (0, 0)
