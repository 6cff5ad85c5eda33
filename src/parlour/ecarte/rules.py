"""Écarté's rules as data: the rank order, the deal layout, the play obligations and the
trick-score table of the rules' §2.6.

Card ``i`` is ``PIQUET_DECK[i]`` (suits S H D C, each 7 8 9 10 J Q K A), so a hand is a 32-bit
mask and suit ``s`` occupies bits ``8*s .. 8*s+7``.
"""

from __future__ import annotations

import attrs

from parlour.base import (
    PIQUET_DECK,
    Card,
    Rank,
    Suit,
    partnership_teams,
    piquet_cards,
    piquet_index,
)
from parlour.engine import (
    DealField,
    DealLayout,
    ScoreReason,
    reasons_of,
)
from parlour.tricks import CardTable, Condition, Demand, Obligation, TrickRules

__all__ = [
    "CARDS_PER_HAND",
    "CARD_TABLE",
    "DEAL_FIELDS",
    "DEAL_LAYOUT",
    "DECK",
    "KING_BIT",
    "KING_POINTS",
    "MAX_DISCARD",
    "NAME",
    "PLAYERS",
    "PLAY_RULES",
    "RANK_ORDER",
    "SCORE_REASONS",
    "TALON_SIZE",
    "TRICKS_PER_DEAL",
    "TRICK_AWARDS",
    "ScoreReasons",
    "TrickAward",
    "card_index",
    "cards_in",
    "trick_outcome",
]

NAME = "ecarte"
"""The game's registered name (``parlour.new_game("ecarte")``, a view's ``game``)."""
DECK: tuple[Card, ...] = PIQUET_DECK
PLAYERS = 2
TEAMS = partnership_teams(PLAYERS)
"""The teams: each player alone."""
CARDS_PER_HAND = 5
TRICKS_PER_DEAL = 5
TALON_SIZE = 21
MAX_DISCARD = 5
"""A player never discards more than his five cards, nor more than the talon can replace."""

RANK_ORDER = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE, Rank.EIGHT,
              Rank.SEVEN)  # fmt: skip
"""Ranks in every suit, trump included, highest first: the ace sits between jack and ten."""

DEAL_FIELDS = (
    DealField("hands", (CARDS_PER_HAND, CARDS_PER_HAND), ordered=False),
    DealField("turnup", (1,), ordered=True),
    DealField("talon", (TALON_SIZE,), ordered=True),
)
"""The deal move's layout: two 5-card hands in seat order, the turn-up, the talon top first."""
DEAL_LAYOUT = DealLayout(deck=DECK, players=PLAYERS, fields=DEAL_FIELDS)
"""The canonical deal of a shuffled deck: the hands in packets (the ``deal_packets`` option) to
the non-dealer then the dealer, the next card turned up, the rest the talon, top first."""

CARD_TABLE = CardTable.build(DECK, RANK_ORDER, RANK_ORDER)


card_index = piquet_index
"""The index of a piquet card in `DECK` (its bit in a hand mask)."""
cards_in = piquet_cards
"""The cards of a hand mask, in the deck's canonical order."""


KING_BIT: tuple[int, ...] = tuple(1 << card_index(Card.of(Rank.KING, suit)) for suit in Suit)
"""The mask of the king of each suit: the king of trumps under that trump."""
KING_POINTS = 1
"""A king turned up, or the king of trumps marked, scores 1 (rules §2.6)."""

# --- the play obligations ------------------------------------------------------------------------

_FOLLOW = Obligation(
    rule="ecarte.must_follow",
    demand=Demand.LED_SUIT,
    message="you must follow suit: {led_suit} was led and you hold {required}",
)
_BEAT = Obligation(
    rule="ecarte.must_beat",
    demand=Demand.BEAT_LED_CARD,
    message="you must beat {led_card} when you can: you hold {required}",
)
_TRUMP = Obligation(
    rule="ecarte.must_trump",
    demand=Demand.TRUMPS,
    when=Condition.PLAIN_LED,
    message="you cannot follow {led_suit}: you must trump (you hold {required})",
)

PLAY_RULES: dict[bool, TrickRules] = {
    False: TrickRules((_FOLLOW, _BEAT), teams=TEAMS),
    True: TrickRules((_FOLLOW, _BEAT, _TRUMP), teams=TEAMS),
}
"""The follower's duties, in the order they are checked, for each ``must_trump_when_void``
value. The leader of a trick is free."""

# --- the score reasons and the trick score (rules §2.6) ------------------------------------------


class ScoreReasons:
    """Écarté's score reasons (rules §2.5-2.6): the ``reason`` of each kind of `ScoreEvent`, with
    the points it is worth. Award sites read them here; ``docs/ecarte.md`` documents them."""

    TURNUP_KING = ScoreReason(
        id="ecarte.turnup_king", points=KING_POINTS, rule="§2.6: a king turned up, to the dealer"
    )
    KING = ScoreReason(id="ecarte.king", points=KING_POINTS, rule="§2.5: the king of trumps marked")
    POINT = ScoreReason(id="ecarte.point", points=1, rule="§2.6: 3 or 4 of the five tricks")
    VOLE = ScoreReason(id="ecarte.vole", points=2, rule="§2.6: all five tricks")
    PENALTY = ScoreReason(
        id="ecarte.penalty",
        points=2,
        rule="§2.6: a penalty row of the table (playing without proposing, a refusal)",
    )


SCORE_REASONS: tuple[ScoreReason, ...] = reasons_of(ScoreReasons)
"""Every Écarté score reason: the kings' (scored as they are marked), then the tricks'."""


@attrs.frozen(slots=True)
class TrickAward:
    """Who scores for the tricks of a deal (``"nondealer"`` or ``"dealer"``), how much, and why."""

    side: str
    points: int
    reason: str


def trick_outcome(nondealer_tricks: int) -> str:
    """The column of the §2.6 table: who took the majority of the five tricks, and whether all."""
    if nondealer_tricks == TRICKS_PER_DEAL:
        return "nondealer_vole"
    if nondealer_tricks >= 3:
        return "nondealer_point"
    if nondealer_tricks >= 1:
        return "dealer_point"
    return "dealer_vole"


def _trick_award(side: str, reason: ScoreReason) -> TrickAward:
    assert reason.points is not None
    return TrickAward(side=side, points=reason.points, reason=reason.id)


_ND_POINT = _trick_award("nondealer", ScoreReasons.POINT)
_ND_VOLE = _trick_award("nondealer", ScoreReasons.VOLE)
_ND_PENALTY = _trick_award("nondealer", ScoreReasons.PENALTY)
_D_POINT = _trick_award("dealer", ScoreReasons.POINT)
_D_VOLE = _trick_award("dealer", ScoreReasons.VOLE)
_D_PENALTY = _trick_award("dealer", ScoreReasons.PENALTY)

TRICK_AWARDS: dict[tuple[str, str, str], TrickAward] = {
    # (penalty_rule, situation, outcome): award.  Situations: "normal" (at least one proposal
    # accepted and no penalised refusal), "played_without_proposing" (the non-dealer's first
    # decision was to play), "refused" (a refusal that refusal_penalty penalises).
    ("classic", "normal", "nondealer_vole"): _ND_VOLE,
    ("classic", "normal", "nondealer_point"): _ND_POINT,
    ("classic", "normal", "dealer_point"): _D_POINT,
    ("classic", "normal", "dealer_vole"): _D_VOLE,
    ("classic", "played_without_proposing", "nondealer_vole"): _ND_VOLE,
    ("classic", "played_without_proposing", "nondealer_point"): _ND_POINT,
    ("classic", "played_without_proposing", "dealer_point"): _D_PENALTY,
    ("classic", "played_without_proposing", "dealer_vole"): _D_VOLE,
    ("classic", "refused", "nondealer_vole"): _ND_VOLE,
    ("classic", "refused", "nondealer_point"): _ND_PENALTY,
    ("classic", "refused", "dealer_point"): _D_POINT,
    ("classic", "refused", "dealer_vole"): _D_VOLE,
    ("seed_literal", "normal", "nondealer_vole"): _ND_VOLE,
    ("seed_literal", "normal", "nondealer_point"): _ND_POINT,
    ("seed_literal", "normal", "dealer_point"): _D_POINT,
    ("seed_literal", "normal", "dealer_vole"): _D_VOLE,
    ("seed_literal", "played_without_proposing", "nondealer_vole"): _ND_VOLE,
    ("seed_literal", "played_without_proposing", "nondealer_point"): _ND_PENALTY,
    ("seed_literal", "played_without_proposing", "dealer_point"): _D_POINT,
    ("seed_literal", "played_without_proposing", "dealer_vole"): _D_VOLE,
    ("seed_literal", "refused", "nondealer_vole"): _ND_VOLE,
    ("seed_literal", "refused", "nondealer_point"): _ND_PENALTY,
    ("seed_literal", "refused", "dealer_point"): _D_POINT,
    ("seed_literal", "refused", "dealer_vole"): _D_VOLE,
}
"""The trick score of §2.6, row by row. A penalty row never raises a vole above 2: where it
gives 2 to a side that took all five tricks, the award is recorded as the vole it also is."""
