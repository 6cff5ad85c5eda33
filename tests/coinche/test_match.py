"""The match of rules C.8: to 2000, reached with ``≥``, the higher total when both reach it,
another deal on an exact tie, a thrown-in deal adding nothing; ``target = null`` a single deal
won by the higher deal score."""

from __future__ import annotations

import itertools

import pytest

import parlour
from parlour.coinche import DealResult, Options
from parlour.coinche._scoring import match_winner_team
from tests.strategies import final_state

PLAYED = DealResult(number=1, dealer=0, outcome="made", taker=0, value=80, denomination="H",
                    points=(160, 82))  # fmt: skip


@pytest.mark.parametrize(
    ("score", "winner"),
    [((2000, 1990), 0), ((1999, 1500), None), ((2100, 2300), 1), ((2100, 2100), None),
     ((0, 2000), 1), ((2002, 2000), 0)],
)  # fmt: skip
def test_a_side_reaching_2000_wins_the_higher_total_first(
    score: tuple[int, int], winner: int | None
) -> None:
    assert match_winner_team(Options(), score, PLAYED) == winner


def test_a_single_deal_goes_to_the_higher_deal_score() -> None:
    assert match_winner_team(Options(target=None), (160, 82), PLAYED) == 0
    failed = DealResult(number=1, dealer=0, outcome="failed", taker=0, value=80,
                        denomination="H", points=(0, 242))  # fmt: skip
    assert match_winner_team(Options(target=None), (0, 242), failed) == 1


def test_a_match_to_2000_ends_when_a_side_reaches_it() -> None:
    state = final_state("coinche", 3)
    totals = parlour.score(state)[:2]
    assert max(totals) >= 2000 and totals[0] != totals[1]
    results = parlour.deal_results(state)
    assert sum(result.points[0] for result in results) == totals[0]
    running = [0, 0]
    for result in results[:-1]:  # the match went on after every deal but the last
        running = [running[0] + result.points[0], running[1] + result.points[1]]
        assert max(running) < 2000 or running[0] == running[1]
    winners = parlour.winners(state)
    assert winners == ((0, 2) if totals[0] > totals[1] else (1, 3))
    dealers = [result.dealer for result in results]
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))  # CO17
