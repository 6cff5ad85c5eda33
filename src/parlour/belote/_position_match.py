"""The match level of a Belote position: the finished deals' results, read back and checked
against the rules, and what follows from them (the match score, the held litige points, the
next dealer, the deal number, whether the match is over).

Each played deal's result must be one the rules can give: its card points fit its tricks (162
in all, or the capot total to a team that took all 8), its outcome is the contract test of
rules §3.6 under the match's options, its points and held points are what that outcome awards
(the litige points held before it included), and its awards add up to its points.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from parlour.base import PIQUET_INDEX_BY_CODE, Card
from parlour.belote._options import Options
from parlour.belote._scoring import (
    contract_outcome,
    match_winner_team,
)
from parlour.belote._state import (
    DealResult,
    Phase,
)
from parlour.belote.rules import (
    BELOTE_POINTS,
    CARD_POINTS_TOTAL,
    PLAYERS,
    SCORE_REASONS,
    TEAMS,
    TRICKS_PER_DEAL,
)
from parlour.engine import PositionReader

__all__ = ["MatchFacts", "check_match", "check_match_state", "is_belote_card"]

_PLAYED_OUTCOMES = ("made", "failed", "litige")
_OUTCOMES = (*_PLAYED_OUTCOMES, "thrown_in")
_AWARD_REASONS = tuple(reason.id for reason in SCORE_REASONS)
_TEAM_SEATS = tuple(tuple(team) for team in TEAMS)
_IN_DEAL = (Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.PLAY)


def is_belote_card(card: Card) -> bool:
    """Whether ``card`` is one of Belote's 32 cards."""
    return PIQUET_INDEX_BY_CODE[card.code] >= 0


@attrs.frozen(kw_only=True)
class MatchFacts:
    """What the finished deals imply for the state: the match score, the points held over, the
    seat that deals now, and whether the match is over."""

    match_score: tuple[int, int]
    held: int
    dealer: int | None
    over: bool


def check_match(
    reader: PositionReader, options: Options, deals: Sequence[DealResult]
) -> MatchFacts:
    """Check every finished deal in turn (see the module docstring) and return what they
    imply; `PositionError` naming the deal's key for the first one the rules cannot give."""
    score = [0, 0]
    held = 0
    dealer: int | None = None
    over = False
    for index, deal in enumerate(deals):
        where = f"deals[{index}]"
        if over:
            raise reader.fail(f"the match was over after deal {index}: no deal follows", where)
        if deal.number != index + 1:
            raise reader.fail(f"must be {index + 1} (deals are numbered from 1)", f"{where}.number")
        if not 0 <= deal.dealer < PLAYERS:
            raise reader.fail(f"must be a seat from 0 to {PLAYERS - 1}", f"{where}.dealer")
        if dealer is not None and deal.dealer != dealer:
            raise reader.fail(f"must be {dealer}, who deals after deal {index}", f"{where}.dealer")
        if deal.outcome not in _OUTCOMES:
            raise reader.fail(f"must be one of {', '.join(_OUTCOMES)}", f"{where}.outcome")
        if deal.turnup is None or not is_belote_card(deal.turnup):
            raise reader.fail("must be a card of Belote (the deal's turn-up)", f"{where}.turnup")
        if deal.outcome == "thrown_in":
            _check_thrown_in(reader, where, deal)
            same = options.all_pass == "redeal_same_dealer"
            dealer = deal.dealer if same else (deal.dealer + 1) % PLAYERS
            continue
        held = _check_played(reader, options, where, deal, held)
        score[0] += deal.points[0]
        score[1] += deal.points[1]
        dealer = (deal.dealer + 1) % PLAYERS
        over = match_winner_team(options, (score[0], score[1]), deal) is not None
    return MatchFacts(match_score=(score[0], score[1]), held=held, dealer=dealer, over=over)


def check_match_state(
    reader: PositionReader,
    facts: MatchFacts,
    *,
    phase: Phase,
    dealer: int,
    deal_number: int,
    match_score: tuple[int, int],
    held: int,
    deals: int,
) -> None:
    """The position's match keys agree with what its finished deals imply."""
    if facts.over != (phase is Phase.OVER):
        said = "is over" if facts.over else "is not over"
        raise reader.fail(f"does not fit the deals: after them the match {said}", "phase")
    if match_score != facts.match_score:
        raise reader.fail(
            f"must be {list(facts.match_score)}, the sum of the finished deals' points",
            "match_score",
        )
    if held != facts.held:
        raise reader.fail(
            f"must be {facts.held}, the litige points the finished deals leave held", "held"
        )
    if facts.dealer is not None and dealer != facts.dealer:
        raise reader.fail(f"must be {facts.dealer}, who deals after the last finished deal",
                          "dealer")  # fmt: skip
    expected_number = deals + 1 if phase in _IN_DEAL else deals
    if deal_number != expected_number:
        where = "this deal is" if phase in _IN_DEAL else "the last finished deal is"
        raise reader.fail(f"must be {expected_number}: {where} deal {expected_number}",
                          "deal_number")  # fmt: skip


def _check_thrown_in(reader: PositionReader, where: str, deal: DealResult) -> None:
    """A throw-in records only its number, dealer and turn-up: everything else is unset."""
    expected = DealResult(
        number=deal.number, dealer=deal.dealer, outcome="thrown_in", turnup=deal.turnup
    )
    for field in attrs.fields(DealResult):
        if getattr(deal, field.name) != getattr(expected, field.name):
            raise reader.fail(
                f"must be {getattr(expected, field.name)!r}: nothing is scored in a throw-in",
                f"{where}.{field.name}",
            )


def _check_played(
    reader: PositionReader, options: Options, where: str, deal: DealResult, held_before: int
) -> int:
    """Check one played deal's result; return the litige points held after it."""
    if deal.taker is None or not 0 <= deal.taker < PLAYERS:
        raise reader.fail(f"must be a seat from 0 to {PLAYERS - 1}", f"{where}.taker")
    if deal.trump is None:
        raise reader.fail("must be the trump suit of a played deal", f"{where}.trump")
    first, second = deal.tricks
    if not (0 <= first <= TRICKS_PER_DEAL and first + second == TRICKS_PER_DEAL):
        raise reader.fail(f"must be two counts from 0 to 8 that add up to {TRICKS_PER_DEAL}",
                          f"{where}.tricks")  # fmt: skip
    capot = next((team for team in (0, 1) if deal.tricks[team] == TRICKS_PER_DEAL), None)
    if deal.capot_team != capot:
        raise reader.fail(f"must be {capot}, from the tricks {list(deal.tricks)}",
                          f"{where}.capot_team")  # fmt: skip
    _check_card_points(reader, options, where, deal, capot)
    if deal.belote_team not in (None, 0, 1):
        raise reader.fail("must be a team (0 or 1) or null", f"{where}.belote_team")
    takers = deal.taker % 2
    defenders = 1 - takers
    belote = [BELOTE_POINTS if deal.belote_team == team else 0 for team in (0, 1)]
    counted = belote if options.belote_counts_for_contract else [0, 0]
    outcome = contract_outcome(
        options,
        deal.card_points[takers] + counted[takers],
        deal.card_points[defenders] + counted[defenders],
    )
    if deal.outcome != outcome:
        raise reader.fail(
            f"must be {outcome!r}: the contract test of these card points under the options",
            f"{where}.outcome",
        )
    points = [0, 0]
    held = held_before
    if outcome == "failed":
        points[defenders] = options.capot_points if capot == defenders else CARD_POINTS_TOTAL
        if deal.belote_team is not None:
            kept = options.belote_on_failure == "kept_by_holder"
            points[deal.belote_team if kept else defenders] += BELOTE_POINTS
    else:
        for team in (defenders,) if outcome == "litige" else (takers, defenders):
            points[team] = deal.card_points[team] + belote[team]
    if outcome == "litige":
        held += deal.card_points[takers] + belote[takers]
    elif held:
        points[takers if outcome == "made" else defenders] += held
        held = 0
    if list(deal.points) != points:
        raise reader.fail(f"must be {points}: what the rules award for this deal",
                          f"{where}.points")  # fmt: skip
    if deal.held != held:
        raise reader.fail(f"must be {held}, the litige points held after this deal",
                          f"{where}.held")  # fmt: skip
    _check_awards(reader, where, deal)
    return held


def _check_card_points(
    reader: PositionReader, options: Options, where: str, deal: DealResult, capot: int | None
) -> None:
    if capot is not None:
        expected = [0, 0]
        expected[capot] = options.capot_points
        if list(deal.card_points) != expected:
            raise reader.fail(f"must be {expected}: team {capot} took every trick (capot)",
                              f"{where}.card_points")  # fmt: skip
        return
    low, high = deal.card_points
    if min(low, high) < 0 or low + high != CARD_POINTS_TOTAL:
        raise reader.fail(
            f"must be two numbers from 0 up that add up to {CARD_POINTS_TOTAL}",
            f"{where}.card_points",
        )


def _check_awards(reader: PositionReader, where: str, deal: DealResult) -> None:
    """Each award goes to a team of this deal for a Belote reason, and they add up to the
    deal's points."""
    totals = [0, 0]
    for number, award in enumerate(deal.awards):
        at = f"{where}.awards[{number}]"
        if award.seats not in _TEAM_SEATS:
            raise reader.fail("must be a team's seats, [0, 2] or [1, 3]", f"{at}.seats")
        if award.reason not in _AWARD_REASONS:
            raise reader.fail(f"must be one of {', '.join(_AWARD_REASONS)}", f"{at}.reason")
        if award.deal != deal.number:
            raise reader.fail(f"must be {deal.number}, the deal's number", f"{at}.deal")
        if award.points <= 0:
            raise reader.fail("must be a positive number of points", f"{at}.points")
        if award.trick is not None and not 1 <= award.trick <= TRICKS_PER_DEAL:
            raise reader.fail("must be a trick number from 1 to 8, or null", f"{at}.trick")
        totals[_TEAM_SEATS.index(award.seats)] += award.points
    if totals != list(deal.points):
        raise reader.fail(f"must add up to the deal's points {list(deal.points)}, not {totals}",
                          f"{where}.awards")  # fmt: skip
