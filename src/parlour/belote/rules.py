"""Belote's rules as data: rank orders, card points, the deal layout and the play obligations.

Card ``i`` is ``PIQUET_DECK[i]`` (suits S H D C, each 7 8 9 10 J Q K A), so a hand is a 32-bit
mask and suit ``s`` occupies bits ``8*s .. 8*s+7``.
"""

from __future__ import annotations

from parlour.base import (
    PIQUET_DECK,
    Card,
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
from parlour.tricks import (
    BELOTE_CARD_TABLE,
    BELOTE_PAIR_POINTS,
    BELOTE_PLAIN_ORDER,
    BELOTE_PLAIN_POINTS,
    BELOTE_TRUMP_ORDER,
    BELOTE_TRUMP_POINTS,
    TrickRules,
    belote_clauses,
    trump_contract_points,
)
from parlour.tricks import KING_QUEEN_OF as KING_QUEEN_OF  # the belote pair of each suit
from parlour.tricks import LAST_TRICK_BONUS as LAST_TRICK_BONUS  # the dix de der

NAME = "belote"
"""The game's registered name (``parlour.new_game("belote")``, a view's ``game``)."""
DECK: tuple[Card, ...] = PIQUET_DECK
PLAYERS = 4
TEAMS = partnership_teams(PLAYERS)
"""The teams: partners opposite, seats 0 and 2 against 1 and 3."""
TRICKS_PER_DEAL = 8
CARDS_PER_HAND = 8
BELOTE_POINTS = BELOTE_PAIR_POINTS
CARD_POINTS_TOTAL = 162
"""152 card points in the pack plus 10 for the last trick."""


class ScoreReasons:
    """Belote's score reasons (rules §3.5-3.7): the ``reason`` of each kind of `ScoreEvent`, with
    the points it is worth. Award sites read them here; ``docs/belote.md`` documents them."""

    CARD_POINTS = ScoreReason(
        id="belote.card_points",
        points=None,
        rule="§3.6: the card points in the team's tricks, without the last-trick bonus",
    )
    CAPOT = ScoreReason(
        id="belote.capot",
        points=None,
        rule="§3.6: the capot team's capot_points less the 152 card points of its tricks",
    )
    LAST_TRICK = ScoreReason(
        id="belote.last_trick", points=LAST_TRICK_BONUS, rule="§3.6: the dix de der, trick 8"
    )
    BELOTE = ScoreReason(
        id="belote.belote", points=BELOTE_POINTS, rule="§3.5: the king and queen of trumps"
    )
    CONTRACT_FAILED = ScoreReason(
        id="belote.contract_failed",
        points=None,
        rule="§3.6: dedans, the defenders score 162 (capot_points after a capot)",
    )
    LITIGE = ScoreReason(
        id="belote.litige",
        points=None,
        rule="§3.7: the points held after a litige, to the winner of the next played deal",
    )


SCORE_REASONS: tuple[ScoreReason, ...] = reasons_of(ScoreReasons)
"""Every Belote score reason, in the order a deal awards them (the capot replaces the last
trick; a position's check lists them in this order)."""

ANNOUNCEMENT_WORDS: tuple[str, str] = ("belote", "rebelote")
"""What the holder of the king and queen of trumps says on playing the first of the two, and
the second (rules §3.5)."""

TRUMP_ORDER = BELOTE_TRUMP_ORDER
"""Trump ranks, highest first."""
PLAIN_ORDER = BELOTE_PLAIN_ORDER
"""Ranks of the other suits, highest first."""

TRUMP_POINTS = BELOTE_TRUMP_POINTS
PLAIN_POINTS = BELOTE_PLAIN_POINTS

DEAL_FIELDS = (
    DealField("hands", (5, 5, 5, 5), ordered=False),
    DealField("turnup", (1,), ordered=True),
    DealField("stock", (11,), ordered=True),
)
"""The deal move's layout: four 5-card hands in seat order, the turn-up, the stock top first."""
DEAL_LAYOUT = DealLayout(deck=DECK, players=PLAYERS, fields=DEAL_FIELDS)
"""The canonical deal of a shuffled deck: the hands in packets (the ``first_packets`` option)
from the dealer's next seat round to the dealer, the next card turned up, the rest the stock."""

STOCK_PACKET_TO_TAKER = 2
STOCK_PACKET_TO_OTHERS = 3
"""After a take, the stock goes out in seat order from the dealer's next seat, ending with the
dealer: 3 cards to each non-taker, 2 to the taker (who also receives the turn-up)."""

CARD_TABLE = BELOTE_CARD_TABLE


card_index = piquet_index
"""The index of a piquet card in `DECK` (its bit in a hand mask)."""
cards_in = piquet_cards
"""The cards of a hand mask, in the deck's canonical order."""


def card_points(card: int, trump: int) -> int:
    """The points card ``card`` is worth with ``trump`` as trump suit."""
    table = TRUMP_POINTS if CARD_TABLE.suit_of[card] == trump else PLAIN_POINTS
    return table[DECK[card].rank]


mask_points = trump_contract_points
"""The card points of every card in a mask with a trump suit (`parlour.tricks`)."""

_CLAUSES = belote_clauses("belote")
_FOLLOW = _CLAUSES["follow"]
_OVERTRUMP_WHEN_LED = _CLAUSES["overtrump_when_led"]
_TRUMP = _CLAUSES["trump"]
_OVERTRUMP = _CLAUSES["overtrump"]
_UNDERTRUMP = _CLAUSES["undertrump"]
_OVERTRUMP_IF_TRUMPING_OVER_PARTNER = _CLAUSES["overtrump_if_trumping_over_partner"]

PLAY_RULES: dict[str, TrickRules] = {
    "seed_overtrump_if_trumping": TrickRules(
        (_FOLLOW, _OVERTRUMP_WHEN_LED, _TRUMP, _OVERTRUMP, _UNDERTRUMP,
         _OVERTRUMP_IF_TRUMPING_OVER_PARTNER),
        teams=TEAMS,
    ),
    "free": TrickRules(
        (_FOLLOW, _OVERTRUMP_WHEN_LED, _TRUMP, _OVERTRUMP, _UNDERTRUMP),
        teams=TEAMS,
    ),
}  # fmt: skip
"""The play obligations, in the order they are checked, for each ``partner_winning`` option."""
