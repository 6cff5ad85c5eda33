"""The arena: seat-swapped pairs over shared deals, their summary, and the Bradley–Terry fit.

Every expected value comes from the rules of the arena (seeds, seats), from `play_match` replayed
independently, from textbook tables, or from a calculation by hand written out in the test."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.agents import (
    AgentSpecError,
    DealRecord,
    HeuristicAgent,
    Pairing,
    RandomAgent,
    bradley_terry,
    mean_interval,
    play_match,
    play_pair,
    round_robin,
    wilson_interval,
)
from parlour.base import OptionsError
from parlour.engine import Move
from tests.agents.helpers import SINGLE_DEAL, RecordingAgent


def counting_clock() -> Callable[[], float]:
    """A clock that moves one second each time it is read: every decision takes 1 s."""
    ticks = iter(range(10**9))
    return lambda: float(next(ticks))


def appender(moves: list[Move]) -> Callable[[Any, Move, Any], None]:
    """An ``on_move`` that keeps every move in ``moves``."""
    return lambda before, move, after: moves.append(move)


def elo(odds: float) -> float:
    """The Elo difference of ``odds`` to 1 (400 points for 10 to 1), written out by hand."""
    return 400 * math.log10(odds)


# --- seat swapping -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "first", "second"),
    [("belote", (0, 2), (1, 3)), ("ecarte", (0,), (1,)), ("burraco", (0, 2), (1, 3))],
)
def test_each_pair_is_one_seed_played_twice_with_the_seats_swapped(
    game: str, first: tuple[int, ...], second: tuple[int, ...]
) -> None:
    pairing = play_pair(game, "random", "random", deals=3, seed=20)
    assert [(record.pair, record.seed, record.a_seats) for record in pairing.deals] == [
        (0, 20, first), (0, 20, second), (1, 21, first), (1, 21, second),
        (2, 22, first), (2, 22, second),
    ]  # fmt: skip


def test_agent_a_sees_only_the_seats_the_record_says_it_held() -> None:
    recorder = RecordingAgent(HeuristicAgent())
    seen_at_each_end: list[int] = []
    pairing = play_pair(
        "belote", recorder, RandomAgent(), deals=2, seed=5,
        on_deal=lambda record: seen_at_each_end.append(len(recorder.seen)),
    )  # fmt: skip
    starts = [0, *seen_at_each_end[:-1]]
    for record, start, end in zip(pairing.deals, starts, seen_at_each_end, strict=True):
        seats = {view.seat for view, _ in recorder.seen[start:end]}
        assert seats == set(record.a_seats)
        assert end - start == record.decisions[0]


def test_the_two_seatings_of_a_pair_share_their_cards_and_replay_to_the_records() -> None:
    """Each record is replayed with `play_match` alone, the agents seated as the record says:
    the same points, the same winner, and both seatings of a pair open with the same deal."""
    pairing = play_pair("belote", "heuristic", "random", deals=3, seed=40)
    first_deals: dict[int, list[Move]] = {}
    for record in pairing.deals:
        agents: list[Any] = [
            HeuristicAgent() if seat in record.a_seats else RandomAgent() for seat in range(4)
        ]
        moves: list[Move] = []
        final = play_match(
            "belote", agents, options=SINGLE_DEAL, seed=record.seed, dealer=record.dealer,
            on_move=appender(moves),
        )  # fmt: skip
        opening = moves[:1]
        a_seat, b_seat = record.a_seats[0], next(s for s in range(4) if s not in record.a_seats)
        assert record.points == (parlour.score(final)[a_seat], parlour.score(final)[b_seat])
        won = set(parlour.winners(final))
        assert record.winner == ("A" if won == set(record.a_seats) else "B")
        first_deals.setdefault(record.pair, []).extend(opening)
    for opening_moves in first_deals.values():
        assert len(opening_moves) == 2 and opening_moves[0] == opening_moves[1]


def test_on_move_sees_every_move_of_every_match_in_order() -> None:
    """Each match's moves reach ``on_move`` in order: each ``before`` is the previous
    ``after`` within a match, a match opens on a fresh state with a deal, and replaying its
    moves from that state ends where the match ended, with the record's points."""
    calls: list[tuple[Any, Move, Any]] = []
    pairing = play_pair(
        "ecarte", "heuristic", "random", deals=2, seed=8,
        on_move=lambda before, move, after: calls.append((before, move, after)),
    )  # fmt: skip
    matches: list[list[tuple[Any, Move, Any]]] = []
    for call in calls:
        if not matches or call[0] is not matches[-1][-1][2]:
            matches.append([])
        matches[-1].append(call)
    assert len(matches) == 4
    for record, match in zip(pairing.deals, matches, strict=True):
        opening = match[0][0]
        assert parlour.is_chance(opening) and parlour.view(opening, None).dealer == record.dealer
        state = opening
        for _, move, _ in match:
            state = parlour.apply(state, move)
        assert state == match[-1][2] and parlour.is_over(state)
        a_seat = record.a_seats[0]
        assert record.points == (parlour.score(state)[a_seat], parlour.score(state)[1 - a_seat])


def test_a_strong_agent_beats_random_with_the_expected_signs() -> None:
    strong = play_pair("belote", "heuristic", "random", deals=10, seed=1).summary()
    weak = play_pair("belote", "random", "heuristic", deals=10, seed=1).summary()
    assert strong.score_rate > 0.5 and strong.mean_margin > 0
    assert strong.margin_interval is not None and strong.margin_interval[0] > 0
    assert weak.score_rate < 0.5 and weak.mean_margin < 0
    # The same deals with A and B exchanged: each result read from the other side.
    assert (strong.wins, strong.losses, strong.ties) == (weak.losses, weak.wins, weak.ties)
    assert strong.mean_margin == pytest.approx(-weak.mean_margin)


def test_options_are_laid_over_a_single_deal() -> None:
    pairing = play_pair("ecarte", "random", "random", deals=2, seed=3, options={"target": 5})
    for record in pairing.deals:
        agents = [RandomAgent(), RandomAgent()]
        final = play_match("ecarte", agents, options={"target": 5}, seed=record.seed,
                           dealer=record.dealer)  # fmt: skip
        assert max(parlour.score(final)) >= 5
        assert sorted(record.points) == sorted(parlour.score(final))
        assert len(parlour.deal_results(final)) >= 2  # a deal gives 3 points at most


# --- the timing and the summary ----------------------------------------------------------------


def test_each_decision_is_timed_on_the_clock_given() -> None:
    """A clock read twice per decision, one tick apart: every decision takes 1 s."""
    pairing = play_pair("ecarte", "heuristic", "random", deals=2, seed=7, clock=counting_clock())
    for record in pairing.deals:
        assert min(record.decisions) >= 1
        for side in (0, 1):
            assert record.decision_seconds[side] == (1.0,) * record.decisions[side]
        assert record.cpu_seconds == (float(record.decisions[0]), float(record.decisions[1]))
    summary = pairing.summary()
    assert (summary.cpu_p50, summary.cpu_p90) == ((1.0, 1.0), (1.0, 1.0))


def record(pair: int, margin: int, winner: Any, seconds: tuple[float, ...] = ()) -> DealRecord:
    return DealRecord(
        pair=pair, seed=pair, dealer=0, a_seats=(pair % 2,), points=(margin, 0), winner=winner,
        decision_seconds=(seconds, (0.5,)),
    )  # fmt: skip


def test_the_summary_counts_ties_half_and_pairs_the_margins() -> None:
    a_times = tuple(float(number) for number in range(1, 11))
    deals = (
        record(0, 10, "A", a_times[:5]), record(0, 0, "tie", a_times[5:]),
        record(1, -4, "B"), record(1, 8, "A"),
        record(2, 6, "A"), record(2, 2, "A"),
    )  # fmt: skip
    summary = Pairing(game="ecarte", first="x", second="y", deals=deals).summary()
    assert (summary.matches, summary.wins, summary.losses, summary.ties) == (6, 4, 1, 1)
    assert summary.score_rate == pytest.approx(4.5 / 6)
    assert summary.score_interval == wilson_interval(4.5, 6)
    # The pairs' mean margins are 5, 2 and 4: mean 11/3, sample deviation sqrt(7/3), and
    # t(2 degrees, 97.5 %) = 4.303 from the tables.
    assert summary.mean_margin == pytest.approx(11 / 3)
    assert summary.margin_interval is not None
    half = 4.303 * math.sqrt(7 / 3) / math.sqrt(3)
    assert summary.margin_interval == pytest.approx((11 / 3 - half, 11 / 3 + half), abs=1e-3)
    deciles = statistics.quantiles(a_times, n=10, method="inclusive")
    assert summary.cpu_p50 == pytest.approx((deciles[4], 0.5))
    assert summary.cpu_p90 == pytest.approx((deciles[8], 0.5))
    single = Pairing(game="ecarte", first="x", second="y", deals=deals[:2]).summary()
    assert single.margin_interval is None  # one pair: no spread to estimate


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Statistics in Medicine 17, example (a)
        (0, 20, 0.0, 0.1611),  # z² / (n + z²) = 3.8415 / 23.8415
    ],
)
def test_wilson_intervals_match_the_published_values(
    wins: int, trials: int, low: float, high: float
) -> None:
    assert wilson_interval(wins, trials) == pytest.approx((low, high), abs=1e-4)


@pytest.mark.parametrize(
    ("values", "quantile"),
    [([1, 2, 3, 4, 5], 2.776), ([0, 1] * 5, 2.262), ([3, 1, 4, 1, 5, 9, 2, 6] * 4 + [5], 2.037)],
)
def test_mean_intervals_use_the_t_tables(values: list[float], quantile: float) -> None:
    """The half-width is t · s / sqrt(n), t read from the tables (4, 9 and 32 degrees)."""
    mean = statistics.fmean(values)
    half = quantile * statistics.stdev(values) / math.sqrt(len(values))
    assert mean_interval(values) == pytest.approx((mean - half, mean + half), abs=1e-3)
    assert mean_interval(values[:1]) is None


# --- determinism and bad input -----------------------------------------------------------------


def test_a_seed_gives_the_same_records_every_time() -> None:
    def run(seed: int) -> tuple[DealRecord, ...]:
        return play_pair("bezique", "heuristic", "random", deals=1, seed=seed,
                         clock=counting_clock()).deals  # fmt: skip

    assert run(9) == run(9)
    assert run(9) != run(10)
    first = round_robin("ecarte", ["random", "heuristic", "ismcts:5"], deals=2, seed=2,
                        clock=counting_clock())  # fmt: skip
    again = round_robin("ecarte", ["random", "heuristic", "ismcts:5"], deals=2, seed=2,
                        clock=counting_clock())  # fmt: skip
    assert first == again and first.ratings() == again.ratings()


def test_bad_arguments_raise_clear_errors() -> None:
    with pytest.raises(AgentSpecError, match="unknown agent spec 'heuristik'"):
        play_pair("belote", "heuristik", "random", deals=1)
    with pytest.raises(OptionsError, match="unknown game"):
        play_pair("belotte", "random", "random", deals=1)
    with pytest.raises(OptionsError, match="unknown option"):
        play_pair("belote", "random", "random", deals=1, options={"targett": 1})
    with pytest.raises(ValueError, match="deals must be a whole number of at least 1"):
        play_pair("belote", "random", "random", deals=0)
    with pytest.raises(TypeError, match="an arena agent must be a spec"):
        play_pair("belote", "random", 3, deals=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options must be a mapping"):
        play_pair("belote", "random", "random", deals=1, options=[("target", None)])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="on_move must be callable or None, not int"):
        play_pair("belote", "random", "random", deals=1, on_move=3)  # type: ignore[arg-type]
    with pytest.raises(AgentSpecError, match="two agents or more"):
        round_robin("belote", ["random"], deals=1)
    with pytest.raises(AgentSpecError, match="its own name"):
        round_robin("belote", ["random", "random"], deals=1)


# --- Bradley–Terry ------------------------------------------------------------------------------


def test_bradley_terry_recovers_strengths_that_fit_the_table_exactly() -> None:
    """Strengths 1, 2 and 4: B beats A 2 games in 3, C beats A 4 in 5 and B 2 in 3. Those are
    the model's expected scores, so the likelihood equations hold at 1 : 2 : 4 exactly."""
    table = [[0, 1, 1], [2, 0, 1], [4, 2, 0]]
    ratings = bradley_terry(table, prior=0)
    assert ratings == pytest.approx((0.0, elo(2), elo(4)), abs=1e-6)
    assert bradley_terry(table, prior=0, anchor=2) == pytest.approx(
        (-elo(4), -elo(2), 0.0), abs=1e-6
    )


def test_the_prior_adds_half_a_win_each_way_to_every_pair_that_met() -> None:
    # Two agents, 10 to 0: with half a win each way, 10.5 to 0.5, odds of 21 to 1.
    assert bradley_terry([[0, 10], [0, 0]]) == pytest.approx((0.0, -elo(21)), abs=1e-6)
    assert bradley_terry([[0, 3], [1, 0]], prior=0) == pytest.approx((0.0, -elo(3)), abs=1e-6)


@given(st.lists(st.integers(1, 30), min_size=6, max_size=6))
def test_the_fit_solves_the_likelihood_equations(counts: list[int]) -> None:
    """At the maximum of the likelihood each agent's expected score equals its actual one:
    sum_j n_ij p_i / (p_i + p_j) = W_i (Hunter 2004, equation 3)."""
    table = [[0, counts[0], counts[1]], [counts[2], 0, counts[3]], [counts[4], counts[5], 0]]
    strengths = [10 ** (rating / 400) for rating in bradley_terry(table, prior=0)]
    for i in range(3):
        expected = sum(
            (table[i][j] + table[j][i]) * strengths[i] / (strengths[i] + strengths[j])
            for j in range(3) if j != i
        )  # fmt: skip
        assert expected == pytest.approx(sum(table[i]), rel=1e-6)


def test_bradley_terry_refuses_tables_without_an_answer() -> None:
    with pytest.raises(ValueError, match="no finite rating"):
        bradley_terry([[0, 5], [0, 0]], prior=0)
    with pytest.raises(ValueError, match="linking them to agent 0"):
        bradley_terry([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
    with pytest.raises(ValueError, match="square"):
        bradley_terry([[0, 1], [1]])
    with pytest.raises(ValueError, match="anchor"):
        bradley_terry([[0, 1], [1, 0]], anchor=2)
    with pytest.raises(ValueError, match="anchor"):
        bradley_terry([[0, 1], [1, 0]], anchor="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="finite number of at least 0"):
        bradley_terry([[0, -1], [1, 0]])
    with pytest.raises(ValueError, match="successes must be from 0 to 10"):
        wilson_interval(11, 10)


def test_a_round_robin_plays_every_pairing_over_the_same_deals() -> None:
    table = round_robin("ecarte", ["random", "heuristic", "ismcts:5"], deals=2, seed=4)
    assert [(pairing.first, pairing.second) for pairing in table.pairings] == [
        ("random", "heuristic"), ("random", "ismcts:5"), ("heuristic", "ismcts:5"),
    ]  # fmt: skip
    for pairing in table.pairings:
        assert [record.seed for record in pairing.deals] == [4, 4, 5, 5]
    scores = table.score_table()
    for pairing in table.pairings:
        i, j = table.agents.index(pairing.first), table.agents.index(pairing.second)
        tally = [record.winner for record in pairing.deals]
        assert scores[i][j] == tally.count("A") + tally.count("tie") / 2
        assert scores[j][i] == tally.count("B") + tally.count("tie") / 2
    assert table.ratings() == bradley_terry(scores)
    assert table.ratings()[0] == 0.0
    assert table.options == (("target", None),)
