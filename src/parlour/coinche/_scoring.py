"""Scoring a finished Coinche deal (rules C.6) and deciding the match (C.8): pure functions of
the deal's facts and the options."""

from __future__ import annotations

import attrs

from parlour.base import record_builder
from parlour.coinche._cardplay import evaluator_for
from parlour.coinche._options import Options
from parlour.coinche._state import CoincheState, DealResult, Phase
from parlour.coinche.rules import (
    CAPOT,
    DECK,
    DENOMINATIONS,
    GENERALE,
    LAST_TRICK_BONUS,
    TA,
    TEAMS,
    ScoreReasons,
    card_points,
    mask_points,
)
from parlour.engine import ScoreEvent, ScoreReason, build_score_event
from parlour.tricks import NO_TRUMP, TrickEnding, TrickScoring, taken_by

__all__ = [
    "DealFacts",
    "build_deal_facts",
    "build_deal_result",
    "match_winner_team",
    "multiplier",
    "score_deal",
    "team_seats",
    "trick_ending",
]

FULL_DECK = (1 << len(DECK)) - 1
MIN_82 = 82
"""pagat's least total for a contract of 80 (``contract_test = "reach_bid_min_82"``)."""


def team_seats(team: int) -> tuple[int, int]:
    """The two seats of team 0 (seats 0, 2) or team 1 (seats 1, 3)."""
    first, second = TEAMS[team]
    return (first, second)


@attrs.frozen(slots=True, kw_only=True)
class DealFacts:
    """What the auction and the play of one deal established, before any scoring rule."""

    number: int
    dealer: int
    value: int
    denomination: int
    taker: int
    level: int
    won: tuple[int, int]
    last_trick_team: int
    bidder_tricks: int | None
    """The tricks the bidder himself took, counted for a générale (made only with all 8;
    ``None`` for any other contract, which no rule counts them for)."""
    belote: tuple[int, int]
    """Each team's belote points (rules C.5)."""
    announcements: tuple[int, int] = (0, 0)


build_deal_facts = record_builder(DealFacts)
"""A `DealFacts` of every field by keyword (`parlour.base`)."""
build_deal_result = record_builder(DealResult)
"""A `DealResult` of every field by keyword (`parlour.base`)."""


def multiplier(options: Options, level: int) -> int:
    """``m`` of rules C.6: 1, 2 if coinched, ``surcoinche_multiplier`` if surcoinched."""
    return (1, 2, options.surcoinche_multiplier)[level]


def _made(options: Options, facts: DealFacts, card_points: list[int], takers: int) -> bool:
    """The contract test of rules C.6."""
    won_all = facts.won[takers] == FULL_DECK
    if facts.value == CAPOT:
        return won_all
    if facts.value == GENERALE:
        return facts.bidder_tricks == 8
    defenders = 1 - takers
    counted = facts.belote if options.belote_counts_for_contract else (0, 0)
    total = [card_points[team] + counted[team] + facts.announcements[team] for team in (0, 1)]
    needed = facts.value
    if options.contract_test == "reach_bid_min_82":
        needed = max(needed, MIN_82)
    if total[takers] < needed:
        return False
    return options.contract_test != "reach_bid_and_beat_defence" or (
        total[takers] > total[defenders]
    )


def _rounded(points: int) -> int:
    """To the nearest ten: ending 5 or below down, 6 or above up (rules C.6)."""
    return (points + 4) // 10 * 10


def score_deal(options: Options, facts: DealFacts) -> DealResult:
    """Apply the contract test and the scoring table of rules C.6 to one played deal."""
    takers = facts.taker % 2
    defenders = 1 - takers
    won = facts.won
    capot_team = 0 if won[0] == FULL_DECK else 1 if won[1] == FULL_DECK else None
    card_points = [mask_points(won[0], facts.denomination), mask_points(won[1], facts.denomination)]
    if capot_team is not None:
        card_points[capot_team] = options.capot_points
        card_points[1 - capot_team] = 0
    else:
        card_points[facts.last_trick_team] += LAST_TRICK_BONUS
    made = _made(options, facts, card_points, takers)
    m = multiplier(options, facts.level)
    value = facts.value
    belote = facts.belote
    announcements = facts.announcements
    kept = options.belote_on_failure == "kept_by_holder"
    awards: list[ScoreEvent] = []
    points = [0, 0]

    def award(team: int, amount: int, reason: ScoreReason) -> None:
        if amount:
            awards.append(
                build_score_event(
                    seats=team_seats(team), points=amount, reason=reason.id, deal=facts.number
                )
            )
            points[team] += amount

    def award_belotes(winner: int | None) -> None:
        """Each belote to ``winner`` (``None``: to its holder's side, or when ``kept``)."""
        for team in (0, 1):
            if belote[team]:
                award(team if winner is None or kept else winner, belote[team],
                      ScoreReasons.BELOTE)  # fmt: skip

    def award_announcements(winner: int | None) -> None:
        for team in (0, 1):
            award(team if winner is None else winner, announcements[team],
                  ScoreReasons.ANNOUNCEMENTS)  # fmt: skip

    contract_only = options.scoring == "contract_only"
    times_base = options.coinche_multiplies == "base_and_contract"
    if made and m == 1:
        if not contract_only:
            award(takers, card_points[takers], ScoreReasons.CARD_POINTS)
            award(defenders, card_points[defenders], ScoreReasons.CARD_POINTS)
        award(takers, value, ScoreReasons.CONTRACT)
        award_belotes(None)
        award_announcements(None)
    else:
        winner = takers if made else defenders
        if not contract_only:
            base = options.capot_points if made and capot_team == takers else options.deal_base
            award(winner, base * m if times_base else base, ScoreReasons.BASE)
        award(winner, value * m, ScoreReasons.CONTRACT)
        award_belotes(winner)
        award_announcements(winner)
    if options.round_scores == "nearest_ten":
        for team in (0, 1):
            award(team, _rounded(points[team]) - points[team], ScoreReasons.ROUNDING)
    return build_deal_result(
        number=facts.number,
        dealer=facts.dealer,
        outcome="made" if made else "failed",
        taker=facts.taker,
        value=value,
        denomination=DENOMINATIONS[facts.denomination],
        level=facts.level,
        tricks=(won[0].bit_count() // 4, won[1].bit_count() // 4),
        card_points=(card_points[0], card_points[1]),
        belote=belote,
        announcements=announcements,
        capot_team=capot_team,
        points=(points[0], points[1]),
        awards=tuple(awards),
    )


def match_winner_team(
    options: Options, match_score: tuple[int, int], last: DealResult
) -> int | None:
    """The team that has won the match after the played deal ``last``, or ``None`` if play goes
    on (rules C.8): a team at or over the target wins if it is ahead (an exact tie plays another
    deal); a single deal is won by the side with the higher deal score (on equal scores, the
    takers if their contract was made, else the defenders)."""
    if options.target is None:
        assert last.taker is not None
        first, second = last.points
        if first != second:
            return 0 if first > second else 1
        takers = last.taker % 2
        return takers if last.outcome == "made" else 1 - takers
    if max(match_score) < options.target or match_score[0] == match_score[1]:
        return None
    return 0 if match_score[0] > match_score[1] else 1


def _solver_scoring(denomination: int, capot_points: int) -> TrickScoring:
    """What a trick is worth to the solver in a contract of ``denomination``: the card points
    of that denomination (C.3), 10 for the last trick, ``capot_points`` for all eight."""
    return TrickScoring(
        card_values=tuple(card_points(card, denomination) for card in range(len(DECK))),
        last_trick=LAST_TRICK_BONUS,
        all_tricks=capot_points,
    )


_SOLVER_SCORING = {
    (denomination, capot): _solver_scoring(denomination, capot)
    for denomination in range(6)
    for capot in (252, 250)
}


def trick_ending(state: CoincheState) -> TrickEnding:
    """The state's card play as a perfect-information position for ``parlour.tricks.solve``:
    every hand as it is, the trick under way, who has taken tricks so far (for capot), under
    the contract's denomination (a colour's trumps, none in Sans-Atout, the suit led in
    Tout-Atout). ``solve`` gives the card points (with the last trick's 10, or capot) the first
    team, seats 0 and 2, takes from here on with best play: the scale of colver's
    ``solve_scores``. Belotes and announcements are not counted (they do not depend on the
    play); a générale is solved as its side's capot.

    Raises `ValueError` outside the card play.

    >>> import parlour
    >>> from parlour.coinche import trick_ending
    >>> from parlour.tricks import solve
    >>> state = parlour.new_game("coinche", seed=3)
    >>> for move in ("bid 80 H", "pass", "pass", "pass"):
    ...     state = parlour.apply(state, move)
    >>> for _ in range(24):  # six tricks, each seat playing its first legal card
    ...     state = parlour.apply(state, parlour.legal_moves(state)[0])
    >>> solve(trick_ending(state)).in_play  # the cards of two tricks, and the last trick's 10
    35
    """
    if state.phase != Phase.PLAY:
        raise ValueError(f"the solver plays the card play, not the {state.phase.name.lower()}")
    options = state.table.options
    denomination = state.bid_denomination
    return TrickEnding(
        evaluator=evaluator_for(options, denomination),
        scoring=_SOLVER_SCORING[(denomination, options.capot_points)],
        trump=denomination if denomination < 4 else NO_TRUMP,
        trump_led=denomination == TA,
        hands=state.hands,
        trick=state.trick,
        leader=state.leader,
        taken=taken_by(state.won),
    )
