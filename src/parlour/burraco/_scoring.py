"""The score of a Burraco hand (rules §4.9) and the end of the match (§4.10).

`score_hand` is a pure function of what lies on the table and in the hands when a hand ends, so
the rules' worked example can be checked against it directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import Card, Teams
from parlour.burraco._faces import CARD_VALUE, FACE_OF
from parlour.burraco._meld_tables import Meld
from parlour.burraco._state import TeamScore
from parlour.burraco.rules import BURRACO_BONUS, CLOSING_BONUS, NO_POZZETTO_PENALTY, ScoreReasons
from parlour.engine import ScoreEvent

__all__ = ["deal_scale", "hand_awards", "match_winner", "score_hand", "score_team"]


def _value(cards: Sequence[Card]) -> int:
    return sum(CARD_VALUE[FACE_OF[card]] for card in cards)


def score_team(
    *,
    team: int,
    seats: tuple[int, ...],
    melds: Sequence[Meld],
    in_hand: Sequence[Card],
    took_pozzetto: bool,
    closed: bool,
) -> TeamScore:
    """One team's score: its melded cards, 200 per clean and 100 per dirty burraco, 100 for
    closing, less its players' cards in hand and 100 if it never took its pozzetto."""
    melded = sum(meld.value for meld in melds)
    clean = sum(1 for meld in melds if meld.is_burraco and meld.is_clean)
    dirty = sum(1 for meld in melds if meld.is_burraco and not meld.is_clean)
    bonus = clean * BURRACO_BONUS[True] + dirty * BURRACO_BONUS[False]
    closing = CLOSING_BONUS if closed else 0
    held = _value(in_hand)
    penalty = 0 if took_pozzetto else NO_POZZETTO_PENALTY
    return TeamScore(
        team=team,
        seats=seats,
        melded=melded,
        clean_burracos=clean,
        dirty_burracos=dirty,
        burraco_bonus=bonus,
        closing=closing,
        in_hand=held,
        pozzetto_penalty=penalty,
        total=melded + bonus + closing - held - penalty,
    )


def score_hand(
    *,
    teams: Teams,
    melds: Sequence[Sequence[Meld]],
    hands: Sequence[Sequence[Card]],
    took_pozzetto: Sequence[bool],
    closed_by: int | None,
) -> tuple[TeamScore, ...]:
    """Every team's score for a hand: ``melds`` and ``took_pozzetto`` by team, ``hands`` by
    seat (an unseen pozzetto counts as cards in hand), ``closed_by`` the closing team or None."""
    return tuple(
        score_team(
            team=team,
            seats=seats,
            melds=melds[team],
            in_hand=[card for seat in seats for card in hands[seat]],
            took_pozzetto=took_pozzetto[team],
            closed=closed_by == team,
        )
        for team, seats in enumerate(teams)
    )


_AWARD_ITEMS: tuple[tuple[str, str, int], ...] = (
    ("melded", ScoreReasons.MELDED_CARDS.id, 1),
    ("burraco_bonus", ScoreReasons.BURRACO_BONUS.id, 1),
    ("closing", ScoreReasons.CLOSING.id, 1),
    ("in_hand", ScoreReasons.CARDS_IN_HAND.id, -1),
    ("pozzetto_penalty", ScoreReasons.NO_POZZETTO.id, -1),
)
"""Each item of a team's score with its score-event reason and its sign."""


def hand_awards(scores: Sequence[TeamScore], hand_number: int) -> tuple[ScoreEvent, ...]:
    """The score events of a hand: one per non-zero item of each team's score, in the order of
    §4.9 (melded cards, burraco bonuses, closing, cards in hand, pozzetto penalty)."""
    events = []
    for score in scores:
        for item, reason, sign in _AWARD_ITEMS:
            points = getattr(score, item)
            if points:
                events.append(
                    ScoreEvent(seats=score.seats, points=sign * points, reason=reason,
                               deal=hand_number, trick=None)
                )  # fmt: skip
    return tuple(events)


def deal_scale(options: object) -> int:
    """A large hand's points margin (a hand has no maximum): a closing, the pozzetto penalty and
    two clean burracos (600)."""
    return CLOSING_BONUS + NO_POZZETTO_PENALTY + 2 * BURRACO_BONUS[True]


def match_winner(target: int | None, match_score: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """Whether the match is over after a hand, and the winning teams.

    With a target: over once a team has reached it and one team has the strictly highest total
    (a tie on top plays another hand). With no target: over after one hand; a level hand is won
    by every team (a draw).
    """
    best = max(match_score)
    leaders = tuple(team for team, total in enumerate(match_score) if total == best)
    if target is None:
        return True, leaders
    if best >= target and len(leaders) == 1:
        return True, leaders
    return False, ()
