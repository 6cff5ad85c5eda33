"""Scoring an Écarté deal and deciding the match: pure functions of the deal's facts.

The trick score reads the §2.6 table (`TRICK_AWARDS`) by penalty rule, situation and outcome;
kings are scored as they are marked (see ``game.py``) and only collected here.
"""

from __future__ import annotations

from parlour.base import Suit
from parlour.ecarte._options import Options
from parlour.ecarte._play import play_evaluator
from parlour.ecarte._state import (
    DealResult,
    EcarteState,
    Exchange,
    Phase,
    Table,
)
from parlour.ecarte.rules import (
    DECK,
    KING_BIT,
    KING_POINTS,
    TRICK_AWARDS,
    TRICKS_PER_DEAL,
    ScoreReasons,
    TrickAward,
    trick_outcome,
)
from parlour.engine import ScoreEvent, build_score_event
from parlour.tricks import TrickEnding, TrickScoring

__all__ = [
    "SOLVER_SCORING",
    "deal_scale",
    "deal_situation",
    "king_award",
    "match_over_after_deal",
    "score_deal",
    "scored_deal",
    "stopped_deal",
    "stopped_result",
    "target_reached",
    "trick_award",
    "trick_ending",
    "turnup_king_award",
    "winning_seats",
]


_SUITS = tuple(Suit)
_KINGS = sum(KING_BIT)
"""The mask of the four kings."""


def turnup_king_award(dealer: int, deal_number: int) -> ScoreEvent:
    """The dealer's point for a king turned up, scored at the deal."""
    return build_score_event(
        seats=(dealer,),
        points=KING_POINTS,
        reason=ScoreReasons.TURNUP_KING.id,
        deal=deal_number,
        trick=None,
    )


def king_award(seat: int, deal_number: int) -> ScoreEvent:
    """The point for marking the king of trumps, scored during the first trick."""
    return build_score_event(
        seats=(seat,), points=KING_POINTS, reason=ScoreReasons.KING.id, deal=deal_number, trick=1
    )


def deal_situation(options: Options, exchange: Exchange) -> str:
    """The row group of the §2.6 table: ``"played_without_proposing"``, ``"refused"`` (a refusal
    that ``refusal_penalty`` penalises: the first proposal's, or any) or ``"normal"``."""
    if exchange.played_without_proposing:
        return "played_without_proposing"
    if exchange.refused and (exchange.refused == 1 or options.refusal_penalty == "any_refusal"):
        return "refused"
    return "normal"


def trick_award(options: Options, exchange: Exchange, nondealer_tricks: int) -> TrickAward:
    """Who scores for the tricks, how much and why, when the non-dealer took that many."""
    key = (options.penalty_rule, deal_situation(options, exchange), trick_outcome(nondealer_tricks))
    return TRICK_AWARDS[key]


def _result(table: Table, exchange: Exchange, outcome: str, tricks: tuple[int, int],
            awards: tuple[ScoreEvent, ...]) -> DealResult:  # fmt: skip
    points = [0, 0]
    for award in awards:
        for seat in award.seats:
            points[seat] += award.points
    return DealResult(
        number=table.deal_number,
        dealer=table.dealer,
        outcome=outcome,
        turnup=DECK[table.turnup],
        trump=_SUITS[table.trump],
        proposals=exchange.proposals,
        exchanges=exchange.exchanges,
        played_without_proposing=exchange.played_without_proposing,
        refused=exchange.refused or None,
        turnup_king=bool(_KINGS >> table.turnup & 1),
        king=table.king if table.king >= 0 else None,
        tricks=tricks,
        points=(points[0], points[1]),
        awards=awards,
    )


def score_deal(table: Table, exchange: Exchange, won: tuple[int, int]) -> DealResult:
    """The breakdown of a deal whose five tricks are played (``won``: card masks by seat)."""
    return scored_deal(table, exchange, (won[0].bit_count() // 2, won[1].bit_count() // 2))


def scored_deal(table: Table, exchange: Exchange, tricks: tuple[int, int]) -> DealResult:
    """The breakdown of a deal whose five tricks are played, each seat taking ``tricks``."""
    assert tricks[0] + tricks[1] == TRICKS_PER_DEAL
    nondealer = table.nondealer
    award = trick_award(table.options, exchange, tricks[nondealer])
    seat = nondealer if award.side == "nondealer" else table.dealer
    trick = TRICKS_PER_DEAL if award.reason == ScoreReasons.VOLE.id else None
    event = build_score_event(
        seats=(seat,),
        points=award.points,
        reason=award.reason,
        deal=table.deal_number,
        trick=trick,
    )
    outcome = "vole" if max(tricks) == TRICKS_PER_DEAL else "point"
    return _result(table, exchange, outcome, tricks, (*table.awards, event))


def stopped_deal(table: Table, exchange: Exchange, won: tuple[int, int]) -> DealResult:
    """The breakdown of a deal cut short because a king brought a player to the target."""
    return stopped_result(table, exchange, (won[0].bit_count() // 2, won[1].bit_count() // 2))


def stopped_result(table: Table, exchange: Exchange, tricks: tuple[int, int]) -> DealResult:
    """`stopped_deal` of a deal in which each seat had taken ``tricks``."""
    return _result(table, exchange, "stopped", tricks, table.awards)


def target_reached(options: Options, match_score: tuple[int, int]) -> bool:
    """Whether a king just marked ends the match at once (``stop_at_target="immediate"``)."""
    target = options.target
    return (
        target is not None and options.stop_at_target == "immediate" and max(match_score) >= target
    )


def deal_scale(options: Options) -> int:
    """The most a deal gives a player: the largest award of the §2.6 table (a vole or a
    penalty, 2) and the king (1)."""
    return max(award.points for award in TRICK_AWARDS.values()) + KING_POINTS


def match_over_after_deal(options: Options, match_score: tuple[int, int]) -> bool:
    """Whether the match ends when a deal has been scored.

    A single deal (``target=None``) always ends it; otherwise a player must have reached the
    target, and with ``"end_of_deal"`` the totals must differ (an exact tie plays another deal).
    """
    target = options.target
    if target is None:
        return True
    if max(match_score) < target:
        return False
    return options.stop_at_target == "immediate" or match_score[0] != match_score[1]


def winning_seats(match_score: tuple[int, int]) -> tuple[int, ...]:
    """The seats with the highest match score (both on a tie)."""
    best = max(match_score)
    return tuple(seat for seat in (0, 1) if match_score[seat] == best)


SOLVER_SCORING = TrickScoring(card_values=(0,) * len(DECK), per_trick=1)
"""What a trick is worth to the solver in Écarté: one trick (the deal's points follow from the
count of tricks, `trick_award`)."""


def trick_ending(state: EcarteState) -> TrickEnding:
    """The state's card play as a perfect-information position for ``parlour.tricks.solve``: both
    hands as they are, the trick under way. ``solve`` then gives the tricks seat 0 takes from here
    on with best play (its ``in_play`` is the tricks left), and per card the tricks after it.

    Raises `ValueError` outside the card play (during proposals and exchanges, between deals).

    >>> import parlour
    >>> from parlour.ecarte import trick_ending
    >>> from parlour.tricks import solve
    >>> state = parlour.apply(parlour.new_game("ecarte", seed=4), "play QS")  # the lead
    >>> solution = solve(trick_ending(state))
    >>> solution.in_play, 0 <= solution.points <= 5
    (5, True)
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"the solver plays the card play, not the {state.phase.name.lower()}")
    leader = state.to_act if not state.trick else 1 - state.to_act
    return TrickEnding(
        evaluator=play_evaluator(state.table.options),
        scoring=SOLVER_SCORING,
        trump=state.table.trump,
        hands=state.hands,
        trick=state.trick,
        leader=leader,
    )
