"""Coinche's rules as data: the contract kinds and their point tables, the bid ladder, the deal
layout, the play obligations (classic Belote's clauses, `parlour.tricks.belote_clauses`), the
score reasons.

Coinche shares classic Belote's deck, seating, rank orders, trump-contract card points, trick
winner, obligation clauses and belote pair (rules C.1, C.4, C.5): both games read them from
`parlour.tricks`, never a copy. Card ``i`` is ``DECK[i]`` (suits S H D C, each 7 8 9 10
J Q K A), so a hand is a 32-bit mask.

A trick is won by the rank tables of Belote's `CARD_TABLE` under the trick's own trump
(`trick_trump`): the contract's suit in a colour contract, `NO_TRUMP` in Sans-Atout (every suit
ranks as a plain suit) and the suit led in Tout-Atout (every suit ranks as trumps, and only the
suit led can win).
"""

from __future__ import annotations

from parlour.base import (
    PIQUET_DECK,
    Card,
    Rank,
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
    BELOTE_TRUMP_ORDER,
    KING_QUEEN_OF,
    LAST_TRICK_BONUS,
    NO_TRUMP,
    Obligation,
    TrickEvaluator,
    TrickRules,
    belote_clauses,
    rank_points_by_suit_pattern,
    trump_contract_points,
)

__all__ = [
    "BELOTE_POINTS",
    "BID_VALUES",
    "CAPOT",
    "CARD_TABLE",
    "DEAL_FIELDS",
    "DEAL_LAYOUT",
    "DECK",
    "DENOMINATIONS",
    "GENERALE",
    "KING_QUEEN_OF",
    "LAST_TRICK_BONUS",
    "LEVEL_WORDS",
    "NAME",
    "PLAIN_ORDER",
    "PLAYERS",
    "SA",
    "SCORE_REASONS",
    "TA",
    "TEAMS",
    "TRICK_TRUMPS",
    "TRUMP_ORDER",
    "ScoreReasons",
    "belote_suits",
    "card_index",
    "card_points",
    "cards_in",
    "mask_points",
    "trick_trump",
]

NAME = "coinche"
"""The game's registered name (``parlour.new_game("coinche")``, a view's ``game``)."""
DECK: tuple[Card, ...] = PIQUET_DECK
PLAYERS = 4
TEAMS = partnership_teams(PLAYERS)
"""The teams: partners opposite, seats 0 and 2 (N-S) against 1 and 3 (E-W)."""
TRICKS_PER_DEAL = 8
CARDS_PER_HAND = 8
CARD_TABLE = BELOTE_CARD_TABLE
"""Classic Belote's ranks under each trump (`parlour.tricks`), read with `trick_trump`."""
TRUMP_ORDER = BELOTE_TRUMP_ORDER
"""The ranks of the trump suit, highest first (classic Belote's, rules C.1): J 9 A 10 K Q 8 7;
every suit ranks so in Tout-Atout. `CARD_TABLE` is built from it."""
PLAIN_ORDER = BELOTE_PLAIN_ORDER
"""The ranks of the other suits, highest first (classic Belote's, rules C.1): A 10 K Q J 9 8 7;
every suit ranks so in Sans-Atout. `CARD_TABLE` is built from it."""
BELOTE_POINTS = BELOTE_PAIR_POINTS
ANNOUNCEMENT_WORDS: tuple[str, str] = ("belote", "rebelote")
"""What the holder of a belote pair says on playing the first of the two, and the second."""
card_index = piquet_index
"""The index of a piquet card in `DECK` (its bit in a hand mask)."""
cards_in = piquet_cards
"""The cards of a hand mask, in the deck's canonical order."""

SA = 4
"""The denomination Sans-Atout (no trump); denominations 0..3 are the suits S H D C."""
TA = 5
"""The denomination Tout-Atout (every suit ranks as trumps)."""
DENOMINATIONS = ("S", "H", "D", "C", "SA", "TA")
"""The denominations' texts, by index: the four suits, then SA and TA (rules C.10)."""

BID_VALUES: tuple[int, ...] = tuple(range(80, 161, 10))
"""The numbered bids, 80 to 160 in tens (rules C.3)."""
CAPOT = 250
"""The value of a capot bid (rules C.3)."""
GENERALE = 500
"""The value of a générale bid (option ``generale``, rules C.9)."""
VALUE_WORDS = {CAPOT: "capot", GENERALE: "generale"}
"""How a bid of a value above 160 is written."""

LEVEL_WORDS = ("", "coinched", "surcoinched")
"""How a contract's coinche level reads, by level: 0 plain, 1 coinched, 2 surcoinched (rules
C.4); its multiplier is 1, 2 or ``surcoinche_multiplier`` (rules C.6)."""

ALL_TRICKS_KINDS = (CAPOT, GENERALE)
"""The contract values made only by taking every trick (rules C.6)."""

SA_POINTS = {Rank.ACE: 19, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
             Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}  # fmt: skip
"""Card points in Sans-Atout, every suit (rules C.1): 38 a suit."""
TA_POINTS = {Rank.JACK: 14, Rank.NINE: 9, Rank.ACE: 6, Rank.TEN: 5, Rank.KING: 3,
             Rank.QUEEN: 1, Rank.EIGHT: 0, Rank.SEVEN: 0}  # fmt: skip
"""Card points in Tout-Atout, every suit (rules C.1): 38 a suit."""

DEAL_FIELDS = (DealField("hands", (8, 8, 8, 8), ordered=False),)
"""The deal move's layout: four 8-card hands in seat order (rules C.2)."""
DEAL_LAYOUT = DealLayout(deck=DECK, players=PLAYERS, fields=DEAL_FIELDS)
"""The canonical deal of a shuffled deck: packets (the ``packets`` option) from the dealer's
next seat round to the dealer (rules C.2.2)."""


SA_SUIT_POINTS = rank_points_by_suit_pattern(SA_POINTS)
TA_SUIT_POINTS = rank_points_by_suit_pattern(TA_POINTS)


def mask_points(mask: int, denomination: int) -> int:
    """The card points of the cards of ``mask`` in a contract of ``denomination``: Belote's
    table in a colour contract (`parlour.tricks.trump_contract_points`), else the SA or TA one."""
    if denomination < 4:
        return trump_contract_points(mask, denomination)
    table = SA_SUIT_POINTS if denomination == SA else TA_SUIT_POINTS
    return sum(table[(mask >> (8 * suit)) & 255] for suit in range(4))


def card_points(card: int, denomination: int) -> int:
    """The points card ``card`` is worth in a contract of ``denomination``."""
    return mask_points(1 << card, denomination)


def trick_trump(denomination: int, led_card: int) -> int:
    """The trump index a trick is won and followed under (`CARD_TABLE`): the contract's suit,
    `NO_TRUMP` in SA, the suit led in TA."""
    if denomination < 4:
        return denomination
    if denomination == SA:
        return NO_TRUMP
    return CARD_TABLE.suit_of[led_card]


TRICK_TRUMPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(trick_trump(denomination, card) for card in range(len(DECK)))
    for denomination in range(len(DENOMINATIONS))
)
"""`trick_trump` of each denomination and card led, as a table (read on every card played)."""


def belote_suits(denomination: int) -> tuple[int, ...]:
    """The suits whose king and queen make a belote (rules C.5): the trump suit, none in SA,
    every suit in TA."""
    if denomination < 4:
        return (denomination,)
    return () if denomination == SA else (0, 1, 2, 3)


_CLAUSES: dict[str, Obligation] = belote_clauses("coinche")
"""Classic Belote's §3.4 clauses, under Coinche's rule ids (``coinche.must_follow``, …)."""


def colour_rules(partner_winning: str, must_undertrump: bool) -> TrickRules:
    """A colour contract's duties (rules C.4): Belote's §3.4 tuple for ``partner_winning``,
    without its last clause (undertrump) unless ``must_undertrump``."""
    names = ["follow", "overtrump_when_led", "trump", "overtrump"]
    if must_undertrump:
        names.append("undertrump")
    if partner_winning == "seed_overtrump_if_trumping":
        names.append("overtrump_if_trumping_over_partner")
    return TrickRules(tuple(_CLAUSES[name] for name in names), teams=TEAMS)


SA_RULES = TrickRules((_CLAUSES["follow"],), teams=TEAMS)
"""Sans-Atout (rules C.4): follow suit if able, else any card (played under `NO_TRUMP`)."""
TA_RULES = TrickRules((_CLAUSES["follow"], _CLAUSES["overtrump_when_led"]), teams=TEAMS)
"""Tout-Atout (rules C.4): follow suit and beat the best card of the suit led if able, else any
card: Belote's "trumps led" clauses, played with the suit led as the trick's trump."""

COLOUR_EVALUATORS = {
    (partner_winning, undertrump): TrickEvaluator(
        CARD_TABLE, colour_rules(partner_winning, undertrump)
    )
    for partner_winning in ("free", "seed_overtrump_if_trumping")
    for undertrump in (False, True)
}
"""The colour contract's evaluator for each (``partner_winning``, ``must_undertrump``)."""
SA_EVALUATOR = TrickEvaluator(CARD_TABLE, SA_RULES)
TA_EVALUATOR = TrickEvaluator(CARD_TABLE, TA_RULES)


class ScoreReasons:
    """Coinche's score reasons (rules C.6): the ``reason`` of each kind of `ScoreEvent`."""

    CARD_POINTS = ScoreReason(
        id="coinche.card_points",
        points=None,
        rule="C.6: the card points of the side's tricks with the last trick (capot_points on a "
        "capot)",
    )
    CONTRACT = ScoreReason(
        id="coinche.contract",
        points=None,
        rule="C.6: the contract's value, times the coinche multiplier, to the side that wins it",
    )
    BASE = ScoreReason(
        id="coinche.base",
        points=None,
        rule="C.6: deal_base (capot_points on the takers' capot) to the side that wins a failed "
        "or coinched deal",
    )
    BELOTE = ScoreReason(
        id="coinche.belote", points=BELOTE_POINTS, rule="C.5: the king and queen of trumps"
    )
    ANNOUNCEMENTS = ScoreReason(
        id="coinche.announcements", points=None, rule="C.9: the scoring side's melds"
    )
    ROUNDING = ScoreReason(
        id="coinche.rounding",
        points=None,
        rule="C.6: round_scores, the change that rounds the side's deal score to the nearest "
        "ten (negative when it rounds down)",
    )


SCORE_REASONS: tuple[ScoreReason, ...] = reasons_of(ScoreReasons)
"""Every Coinche score reason, in the order a deal awards them."""
