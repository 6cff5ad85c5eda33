"""The match part of an Écarté position: the finished deals' records and the match score.

Each finished deal's record is rebuilt from its facts (number, dealer, turn-up, proposals and
exchanges, refusal, playing without proposing, the king, the tricks, whether it was stopped) by
the game's own scoring, and must equal the record given; the deals must follow one another as
a match does (numbered from 1, the deal alternating, none after the match ended, a stopped deal
only when a king brought a player to the target).
"""

from __future__ import annotations

import attrs

from parlour.base import (
    PIQUET_INDEX_OF,
    Card,
    PositionError,
    describe,
    to_json,
)
from parlour.ecarte._options import Options
from parlour.ecarte._position_exchanges import (
    ExchangeFacts,
    talon_left,
)
from parlour.ecarte._scoring import (
    king_award,
    match_over_after_deal,
    scored_deal,
    stopped_result,
    target_reached,
    turnup_king_award,
)
from parlour.ecarte._state import (
    DealResult,
    Exchange,
    Phase,
    Table,
)
from parlour.ecarte.rules import CARD_TABLE, KING_BIT, TRICKS_PER_DEAL, ScoreReasons
from parlour.engine import ScoreEvent

__all__ = [
    "OUTCOMES",
    "check_finished_deals",
    "deck_index",
    "expected_result",
    "kings_at_deal",
    "plus",
    "points_of",
]

OUTCOMES = ("point", "vole", "stopped")
"""The values of a deal record's ``outcome``."""

_KINGS = sum(KING_BIT)
_KING_REASONS = (ScoreReasons.TURNUP_KING.id, ScoreReasons.KING.id)
"""The awards made before the tricks are scored: a deal stops when they reach the target."""


def deck_index(card: Card, path: str) -> int:
    """The deck index of ``card``; `PositionError` at ``path`` if it is not an Écarté card."""
    index = PIQUET_INDEX_OF.get(card)
    if index is None:
        raise PositionError(f"{card.text} is not a card of the Écarté deck", path)
    return index


def plus(score: tuple[int, int], points: tuple[int, int]) -> tuple[int, int]:
    """Two scores added seat by seat."""
    return (score[0] + points[0], score[1] + points[1])


def kings_at_deal(dealer: int, number: int, turnup: int) -> tuple[ScoreEvent, ...]:
    """The awards made when deal ``number`` is dealt: the dealer's point for a king turned up."""
    return (turnup_king_award(dealer, number),) if _KINGS >> turnup & 1 else ()


def check_finished_deals(
    options: Options, deals: tuple[DealResult, ...], dealer: int, phase: Phase
) -> tuple[int, int]:
    """The match score the finished ``deals`` add up to, once each record is checked against
    its facts and the sequence against the match (``dealer``: the dealer of the deal in
    progress or due; ``phase``: the position's); `PositionError` otherwise."""
    score = (0, 0)
    ended = False
    count = len(deals)
    for position, record in enumerate(deals):
        where = f"deals[{position}]"
        if ended:
            raise PositionError("the match was over after the deal before: no deal follows", where)
        dealt_by = dealer if (count - position) % 2 == 0 else 1 - dealer
        expected = expected_result(options, record, position + 1, dealt_by, where)
        _compare(expected, record, where)
        with_kings = plus(score, points_of(record.awards, _KING_REASONS))
        stopped = record.outcome == "stopped"
        if stopped != target_reached(options, with_kings):
            raise PositionError(
                "a deal stops exactly when a king brings a player to the target under "
                f"stop_at_target 'immediate': the score then is {list(with_kings)}",
                f"{where}.outcome",
            )
        score = plus(score, record.points)
        ended = stopped or match_over_after_deal(options, score)
    if ended and phase is not Phase.OVER:
        raise PositionError(
            f"must be 'over': the match ended with the last finished deal ({list(score)})", "phase"
        )
    if not ended and phase is Phase.OVER:
        raise PositionError(f"the match is not over after these deals ({list(score)})", "phase")
    return score


def expected_result(
    options: Options, record: DealResult, number: int, dealer: int, where: str
) -> DealResult:
    """The record of deal ``number`` dealt by ``dealer`` that the game would write from
    ``record``'s facts; `PositionError` for a fact that cannot be."""
    if record.number != number:
        raise PositionError(f"must be {number}, not {describe(record.number)}", f"{where}.number")
    if record.dealer != dealer:
        raise PositionError(
            f"must be {dealer}: the deal alternates, not {describe(record.dealer)}",
            f"{where}.dealer",
        )
    turnup = deck_index(record.turnup, f"{where}.turnup")
    if record.outcome not in OUTCOMES:
        raise PositionError(
            f"must be one of {', '.join(OUTCOMES)}; not {describe(record.outcome)}",
            f"{where}.outcome",
        )
    stopped = record.outcome == "stopped"
    king = record.king
    if king is not None and king not in (0, 1):
        raise PositionError(f"must be 0, 1 or null, not {describe(king)}", f"{where}.king")
    if king is not None and _KINGS >> turnup & 1:
        raise PositionError(
            "must be null: the king of trumps is the turn-up, scored for the dealer",
            f"{where}.king",
        )
    tricks = record.tricks
    if not all(0 <= taken <= TRICKS_PER_DEAL for taken in tricks):
        raise PositionError(f"must be from 0 to 5 each, not {list(tricks)}", f"{where}.tricks")
    if stopped and tricks != (0, 0):
        raise PositionError(
            "must be [0, 0]: a deal stops by a king, before the first trick is complete",
            f"{where}.tricks",
        )
    if not stopped and sum(tricks) != TRICKS_PER_DEAL:
        raise PositionError(f"must add up to 5, not {list(tricks)}", f"{where}.tricks")
    refused = record.refused
    if refused is not None and refused < 1:
        raise PositionError(f"must be null or at least 1, not {refused}", f"{where}.refused")
    facts = ExchangeFacts(
        proposals=record.proposals,
        exchanges=record.exchanges,
        refused=refused or 0,
        played_without_proposing=record.played_without_proposing,
    )
    dealt_only = stopped and not record.proposals and not record.played_without_proposing
    talon_left(options, facts, Phase.DECIDE if dealt_only else Phase.PLAY, where)
    awards = kings_at_deal(dealer, number, turnup)
    if king is not None:
        awards = (*awards, king_award(king, number))
    table = Table(
        options=options, dealer=dealer, deal_number=number, turnup=turnup,
        trump=CARD_TABLE.suit_of[turnup], awards=awards, king=-1 if king is None else king,
    )  # fmt: skip
    exchange = Exchange(
        talon=(), exchanges=facts.exchanges, proposals=facts.proposals, refused=facts.refused,
        played_without_proposing=facts.played_without_proposing,
    )  # fmt: skip
    if stopped:
        return stopped_result(table, exchange, tricks)
    return scored_deal(table, exchange, tricks)


def _compare(expected: DealResult, record: DealResult, where: str) -> None:
    """Refuse the first field of ``record`` that differs from ``expected``."""
    for field in attrs.fields(DealResult):
        wanted = getattr(expected, field.name)
        given = getattr(record, field.name)
        if wanted != given:
            raise PositionError(
                f"must be {describe(to_json(wanted))} (from the deal's facts), "
                f"not {describe(to_json(given))}",
                f"{where}.{field.name}",
            )


def points_of(
    awards: tuple[ScoreEvent, ...], reasons: tuple[str, ...] | None = None
) -> tuple[int, int]:
    """The points of ``awards`` (only those made for one of ``reasons``, if given), by seat."""
    points = [0, 0]
    for award in awards:
        if reasons is None or award.reason in reasons:
            for seat in award.seats:
                points[seat] += award.points
    return (points[0], points[1])
