"""Scoring a finished Belote deal and deciding the match: pure functions of the deal's facts;
and what the tricks still to play are worth, for the perfect-information solver
(`trick_ending`)."""

from __future__ import annotations

import attrs

from parlour.base import Suit
from parlour.belote._options import Options
from parlour.belote._play import play_evaluator
from parlour.belote._state import (
    BeloteState,
    DealResult,
    Phase,
    Table,
    build_deal_result,
)
from parlour.belote.rules import (
    BELOTE_POINTS,
    CARD_POINTS_TOTAL,
    DECK,
    LAST_TRICK_BONUS,
    TEAMS,
    ScoreReasons,
    card_points,
    mask_points,
)
from parlour.engine import ScoreEvent, ScoreReason, build_score_event
from parlour.tricks import TrickEnding, TrickScoring, taken_by

__all__ = [
    "SOLVER_SCORING",
    "DealFacts",
    "contract_outcome",
    "deal_scale",
    "match_winner_team",
    "score_deal",
    "team_seats",
    "trick_ending",
]

FULL_DECK = (1 << len(DECK)) - 1
_TEAM_SEATS = tuple(TEAMS)
_SUITS = tuple(Suit)


def team_seats(team: int) -> tuple[int, int]:
    """The two seats of team 0 (seats 0, 2) or team 1 (seats 1, 3)."""
    first, second = TEAMS[team]
    return (first, second)


@attrs.frozen(slots=True)
class DealFacts:
    """What the play of one deal established, before any scoring rule is applied."""

    won: tuple[int, int]
    last_trick_team: int
    rebelote_trick: int


def contract_outcome(options: Options, takers_test: int, defenders_test: int) -> str:
    """The outcome of the contract test of rules §3.6: ``"made"``, ``"failed"``, or on an exact
    tie what ``tie_rule`` says (``"litige"`` included)."""
    if takers_test > defenders_test:
        return "made"
    if takers_test < defenders_test:
        return "failed"
    return _TIE_OUTCOME[options.tie_rule]


_TIE_OUTCOME = {"takers_win": "made", "litige": "litige", "takers_fail": "failed"}
"""The outcome of an exact tie in the contract test, by ``tie_rule``."""


def score_deal(table: Table, facts: DealFacts) -> DealResult:
    """Apply the contract, belote, capot, failure and litige rules to one played deal."""
    options = table.options
    trump = table.trump
    takers = table.taker % 2
    defenders = 1 - takers
    deal = table.deal_number
    won = facts.won
    capot_team = 0 if won[0] == FULL_DECK else 1 if won[1] == FULL_DECK else None
    card_points = [mask_points(won[0], trump), mask_points(won[1], trump)]
    trick_points = list(card_points)
    if capot_team is not None:
        card_points[capot_team] = options.capot_points
    else:
        card_points[facts.last_trick_team] += LAST_TRICK_BONUS
    belote_team = table.belote_holder % 2 if table.belote_holder >= 0 else None
    belote = [BELOTE_POINTS if belote_team == team else 0 for team in (0, 1)]
    counted = belote if options.belote_counts_for_contract else [0, 0]
    outcome = contract_outcome(
        options, card_points[takers] + counted[takers], card_points[defenders] + counted[defenders]
    )

    awards: list[ScoreEvent] = []
    points = [0, 0]

    def award(team: int, amount: int, reason: ScoreReason, trick: int | None = None) -> None:
        if amount:
            awards.append(
                build_score_event(
                    seats=_TEAM_SEATS[team], points=amount, reason=reason.id, deal=deal, trick=trick
                )
            )
            points[team] += amount

    def award_own_points(team: int) -> None:
        award(team, trick_points[team], ScoreReasons.CARD_POINTS)
        if capot_team == team:
            award(team, options.capot_points - trick_points[team], ScoreReasons.CAPOT, 8)
        elif facts.last_trick_team == team:
            award(team, LAST_TRICK_BONUS, ScoreReasons.LAST_TRICK, 8)

    def award_belote(team: int) -> None:
        award(team, BELOTE_POINTS, ScoreReasons.BELOTE, facts.rebelote_trick)

    held = table.held
    if outcome == "failed":
        total = options.capot_points if capot_team == defenders else CARD_POINTS_TOTAL
        award(defenders, total, ScoreReasons.CONTRACT_FAILED)
        if belote_team is not None:
            kept = options.belote_on_failure == "kept_by_holder"
            award_belote(belote_team if kept else defenders)
    else:
        scoring_teams = (defenders,) if outcome == "litige" else (takers, defenders)
        for team in scoring_teams:
            award_own_points(team)
            if belote_team == team:
                award_belote(team)
    if outcome == "litige":
        held += card_points[takers] + belote[takers]
    elif held:
        award(takers if outcome == "made" else defenders, held, ScoreReasons.LITIGE)
        held = 0
    return build_deal_result(
        number=deal,
        dealer=table.dealer,
        outcome=outcome,
        taker=table.taker,
        trump=_SUITS[trump],
        turnup=DECK[table.turnup],
        tricks=(won[0].bit_count() // 4, won[1].bit_count() // 4),
        card_points=(card_points[0], card_points[1]),
        belote_team=belote_team,
        capot_team=capot_team,
        points=(points[0], points[1]),
        held=held,
        awards=tuple(awards),
    )


def deal_scale(options: Options) -> int:
    """The most a deal gives a team: a capot's card points and the belote (272 by default)."""
    return options.capot_points + BELOTE_POINTS


def match_winner_team(
    options: Options, match_score: tuple[int, int], last: DealResult
) -> int | None:
    """The team that has won the match after ``last``, or ``None`` if play goes on.

    With a target, a team at or over it wins if it is ahead (an exact tie plays another deal);
    a single deal is won by the takers if their contract was made, else by the defenders.
    """
    if options.target is None:
        assert last.taker is not None
        takers = last.taker % 2
        return takers if last.outcome == "made" else 1 - takers
    if max(match_score) < options.target or match_score[0] == match_score[1]:
        return None
    return 0 if match_score[0] > match_score[1] else 1


SOLVER_SCORING = {
    (trump, capot): TrickScoring(
        card_values=tuple(card_points(card, trump) for card in range(len(DECK))),
        last_trick=LAST_TRICK_BONUS,
        all_tricks=capot,
    )
    for trump in range(4)
    for capot in (252, 250)
}
"""What a trick is worth to the solver, by (trump, ``capot_points``): the card points, 10 for
the last trick, capot for all eight."""


def trick_ending(state: BeloteState) -> TrickEnding:
    """The state's card play as a perfect-information position for ``parlour.tricks.solve``:
    every hand as it really is (a state knows them all; give a sampled state for a seat's
    guess), the trick under way, who has taken tricks so far (for capot). ``solve`` then gives
    the card points (and the last trick's 10, or capot) the first team, seats 0 and 2, takes
    from here on with best play; belote and rebelote are not counted (they go to the holder
    whatever the play).

    Raises `ValueError` outside the card play.

    >>> import parlour
    >>> from parlour.belote import trick_ending
    >>> from parlour.tricks import solve
    >>> state = parlour.apply(parlour.new_game("belote", seed=7), "take")
    >>> for _ in range(20):  # five tricks, each seat playing its first legal card
    ...     state = parlour.apply(state, parlour.legal_moves(state)[0])
    >>> solution = solve(trick_ending(state))
    >>> solution.in_play, solution.points  # seats 0 and 2 take none of the last 102 points
    (102, 0)
    >>> [str(parlour.belote.rules.DECK[card]) for card in solution.best]  # seat 3 leads
    ['8C', '10C', 'AC']
    """
    if state.phase != Phase.PLAY:
        raise ValueError(f"the solver plays the card play, not the {state.phase.name.lower()}")
    table = state.table
    return TrickEnding(
        evaluator=play_evaluator(table.options),
        scoring=SOLVER_SCORING[(table.trump, table.options.capot_points)],
        trump=table.trump,
        hands=state.hands,
        trick=state.trick,
        leader=state.leader,
        taken=taken_by(state.won),
    )
