"""The card play of the Belote family (classic Belote and Coinche), written once: the rank
orders and card points of a trump contract, the piquet `CardTable` they give, the belote pair
of each suit, and the clauses of "follow, trump, overtrump" (belote.md §3.1, §3.4, §3.5).

Card ``i`` is ``PIQUET_DECK[i]`` (suits S H D C, each 7 8 9 10 J Q K A), so a hand is a 32-bit
mask and suit ``s`` occupies bits ``8*s .. 8*s+7``. A game takes its clauses from
`belote_clauses` under its own rule-id prefix and orders them into its `TrickRules`.
"""

from __future__ import annotations

from parlour.base import (
    PIQUET_DECK,
    Card,
    Rank,
    Suit,
    piquet_index,
)
from parlour.tricks._evaluator import CardTable, Condition, Demand, Obligation, Scope

__all__ = [
    "BELOTE_CARD_TABLE",
    "BELOTE_PAIR_POINTS",
    "BELOTE_PLAIN_ORDER",
    "BELOTE_PLAIN_POINTS",
    "BELOTE_TRUMP_ORDER",
    "BELOTE_TRUMP_POINTS",
    "KING_QUEEN_OF",
    "LAST_TRICK_BONUS",
    "belote_clauses",
    "rank_points_by_suit_pattern",
    "trump_contract_points",
]

LAST_TRICK_BONUS = 10
"""The dix de der: 10 points to the side that takes the last trick."""
BELOTE_PAIR_POINTS = 20
"""Belote-rebelote: the king and queen of trumps in one hand."""

BELOTE_TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                      Rank.EIGHT, Rank.SEVEN)  # fmt: skip
"""Trump ranks, highest first."""
BELOTE_PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                      Rank.EIGHT, Rank.SEVEN)  # fmt: skip
"""Ranks of the other suits, highest first."""

BELOTE_TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4,
                       Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0}  # fmt: skip
"""Card points of the trump suit (62 a suit)."""
BELOTE_PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                       Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}  # fmt: skip
"""Card points of a suit that is not trump (30 a suit)."""

BELOTE_CARD_TABLE = CardTable.build(PIQUET_DECK, BELOTE_TRUMP_ORDER, BELOTE_PLAIN_ORDER)
"""The piquet deck under each trump (0..3, or `NO_TRUMP`: every suit plain)."""


def rank_points_by_suit_pattern(points: dict[Rank, int]) -> tuple[int, ...]:
    """The points of each 8-bit pattern of one suit's cards, by a table of rank points."""
    ranks = [PIQUET_DECK[index].rank for index in range(8)]
    return tuple(
        sum(points[ranks[bit]] for bit in range(8) if byte >> bit & 1) for byte in range(256)
    )


_TRUMP_SUIT_POINTS = rank_points_by_suit_pattern(BELOTE_TRUMP_POINTS)
_PLAIN_SUIT_POINTS = rank_points_by_suit_pattern(BELOTE_PLAIN_POINTS)


def trump_contract_points(mask: int, trump: int) -> int:
    """The card points of every card in ``mask`` with ``trump`` as trump suit."""
    total = 0
    for suit in range(4):
        byte = (mask >> (8 * suit)) & 255
        total += _TRUMP_SUIT_POINTS[byte] if suit == trump else _PLAIN_SUIT_POINTS[byte]
    return total


KING_QUEEN_OF = tuple(
    (1 << piquet_index(Card.of(Rank.KING, suit))) | (1 << piquet_index(Card.of(Rank.QUEEN, suit)))
    for suit in Suit
)
"""The mask of the king and queen of each suit: belote-rebelote when that suit is trump."""


def belote_clauses(prefix: str) -> dict[str, Obligation]:
    """The clauses of belote.md §3.4 by name, their rule ids under ``prefix``
    (``"belote"`` → ``belote.must_follow``): ``follow``, ``overtrump_when_led``, ``trump``,
    ``overtrump``, ``undertrump`` and ``overtrump_if_trumping_over_partner``."""
    return {
        "follow": Obligation(
            rule=f"{prefix}.must_follow",
            demand=Demand.LED_SUIT,
            message="you must follow suit: {led_suit} was led and you hold {required}",
        ),
        "overtrump_when_led": Obligation(
            rule=f"{prefix}.must_overtrump",
            demand=Demand.OVERTRUMP,
            when=Condition.TRUMP_LED,
            message="trumps were led: you must play higher than {highest_trump} "
            "(you hold {required}), even over your partner",
        ),
        "trump": Obligation(
            rule=f"{prefix}.must_trump",
            demand=Demand.TRUMPS,
            when=Condition.PLAIN_LED | Condition.OPPONENT_WINNING | Condition.NO_TRUMP_IN_TRICK,
            message="you cannot follow {led_suit} and the opponents are winning: "
            "you must trump (you hold {required})",
        ),
        "overtrump": Obligation(
            rule=f"{prefix}.must_overtrump",
            demand=Demand.OVERTRUMP,
            when=Condition.PLAIN_LED | Condition.OPPONENT_WINNING | Condition.TRUMP_IN_TRICK,
            message="you must overtrump: you hold {required}, the highest trump played is "
            "{highest_trump}",
        ),
        "undertrump": Obligation(
            rule=f"{prefix}.must_undertrump",
            demand=Demand.TRUMPS,
            when=Condition.PLAIN_LED | Condition.OPPONENT_WINNING | Condition.TRUMP_IN_TRICK,
            message="you cannot overtrump {highest_trump}, but the opponents are winning: "
            "you must still play a trump (you hold {required})",
        ),
        "overtrump_if_trumping_over_partner": Obligation(
            rule=f"{prefix}.must_overtrump",
            demand=Demand.OVERTRUMP,
            when=Condition.PLAIN_LED | Condition.PARTNER_WINNING,
            scope=Scope.TRUMPS,
            message="your partner is winning, so you may discard, but a trump must beat "
            "{highest_trump} (you hold {required})",
        ),
    }
