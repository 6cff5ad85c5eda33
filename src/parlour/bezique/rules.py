"""Bezique's rules as data: the 64-card deck, rank orders, brisques, the deal layout, the meld
table with its reuse classes, and the play duties of the last stage.

Card ``i`` is copy ``i // 32`` of the face ``PIQUET_DECK[i % 32]`` (suits S H D C, each
7 8 9 10 J Q K A), so a holding is a 64-bit mask: the first pack in bits 0..31, the second in
bits 32..63. The two copies of a face are interchangeable except where the meld history tells
them apart (see `bezique.melds`).
"""

from __future__ import annotations

import enum

import attrs

from parlour.base import (
    PIQUET_DECK,
    Card,
    Rank,
    Suit,
    partnership_teams,
    piquet_index,
)
from parlour.engine import (
    DealField,
    DealLayout,
    ScoreReason,
    reasons_of,
)
from parlour.tricks import CardTable, Condition, Demand, Obligation, TrickRules

NAME = "bezique"
"""The game's registered name (``parlour.new_game("bezique")``, a view's ``game``)."""
DECK: tuple[Card, ...] = PIQUET_DECK + PIQUET_DECK
"""The deck in canonical order: the whole first pack, then the second."""
PLAYERS = 2
TEAMS = partnership_teams(PLAYERS)
"""The teams: each player alone."""
FACES = 32
CARDS_PER_HAND = 8
STAGE_ONE_TRICKS = 24
STAGE_TWO_TRICKS = 8
TRICKS_PER_DEAL = STAGE_ONE_TRICKS + STAGE_TWO_TRICKS
STOCK_SIZE = 47
"""Face-down cards after the deal; with the turn-up, 48 cards: 24 draws for each player."""
BRISQUE_POINTS = 10
BRISQUES_TOTAL = 160
LAST_TRICK_BONUS = 10
SEVEN_POINTS = 10

DEAL_FIELDS = (
    DealField("hands", (8, 8), ordered=False),
    DealField("turnup", (1,), ordered=True),
    DealField("stock", (STOCK_SIZE,), ordered=True),
)
"""The deal move's layout: two 8-card hands in seat order, the turn-up, the stock top first."""
DEAL_LAYOUT = DealLayout(deck=DECK, players=PLAYERS, fields=DEAL_FIELDS)
"""The canonical deal of a shuffled deck: the hands in packets (the ``deal_packets`` option) to
the non-dealer and the dealer in turn, the next card turned up, the rest the stock, top first."""

RANK_ORDERS: dict[str, tuple[Rank, ...]] = {
    "A-10-K": (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
               Rank.SEVEN),
    "seed_A-K-Q-J-10": (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                        Rank.EIGHT, Rank.SEVEN),
}  # fmt: skip
"""The rank order of every suit, trumps included, highest first, for each ``rank_order``."""


CARD_TABLES: dict[str, CardTable] = {
    name: CardTable.build(DECK, order, order) for name, order in RANK_ORDERS.items()
}


def face_of(card: int) -> int:
    """The face (0..31, an index into `PIQUET_DECK`) of card ``card``."""
    return card & 31


face_index = piquet_index
"""The face number of a piquet card: its index in `PIQUET_DECK`."""


def copies_of(face: int) -> int:
    """The mask of both copies of a face."""
    return (1 << face) | (1 << (face + FACES))


def faces_in(mask: int) -> int:
    """The 32-bit mask of the faces present in a 64-bit card mask."""
    return (mask | (mask >> FACES)) & 0xFFFFFFFF


def cards_in(mask: int) -> tuple[Card, ...]:
    """The faces of a card mask in canonical order (suits S H D C, ranks low to high), each copy
    listed."""
    first_pack = mask & 0xFFFFFFFF
    second_pack = mask >> FACES
    both = first_pack & second_pack
    remaining = first_pack | second_pack
    cards: list[Card] = []
    while remaining:
        lowest = remaining & -remaining
        card = PIQUET_DECK[lowest.bit_length() - 1]
        cards.append(card)
        if both & lowest:
            cards.append(card)
        remaining ^= lowest
    return tuple(cards)


def _face(rank: Rank, suit: Suit) -> int:
    return face_index(Card.of(rank, suit))


BRISQUES_MASK = sum(copies_of(_face(rank, suit)) for suit in Suit for rank in (Rank.ACE, Rank.TEN))
"""Every ace and ten: the brisques, worth 10 each when taken in a trick."""
SEVENS_OF = tuple(copies_of(_face(Rank.SEVEN, suit)) for suit in Suit)
"""Both sevens of each suit: the seven of trumps is ``SEVENS_OF[trump]``."""


def brisques_in(mask: int) -> int:
    """The brisque points of the cards in ``mask``."""
    return (mask & BRISQUES_MASK).bit_count() * BRISQUE_POINTS


# --- melds ------------------------------------------------------------------------------------


class Use(enum.IntFlag):
    """The meld classes a card on the table has scored in (its reuse history, §1.5.3)."""

    MARRIAGE = 1
    ROYAL = 2
    SEQUENCE = 4
    BEZIQUE = 8
    DOUBLE_BEZIQUE = 16
    QUARTET_ACES = 32
    QUARTET_KINGS = 64
    QUARTET_QUEENS = 128
    QUARTET_JACKS = 256


USES: tuple[Use, ...] = tuple(Use)
"""Every use flag, in the order the state keeps one card mask per flag."""


class Shape(enum.IntEnum):
    """Which cards make a meld, given the trump suit and the bezique pair."""

    PLAIN_MARRIAGE = 0
    """K and Q of one suit that is not trumps"""
    TRUMP_MARRIAGE = 1
    """K and Q of trumps"""
    TRUMP_SEQUENCE = 2
    """A 10 K Q J of trumps"""
    BEZIQUE_PAIR = 3
    """the bezique queen and jack"""
    DOUBLE_BEZIQUE_PAIR = 4
    """both bezique queens and both bezique jacks"""
    QUARTET = 5
    """any four cards of ``quartet_rank`` (copies of one suit allowed)"""


@attrs.frozen(slots=True, kw_only=True)
class MeldKind:
    """One row of the meld table: its name, class, points, cards, reuse rule and texts.

    ``adds`` is the use flag its cards receive; ``forbidden`` the flags that bar a card from it
    (the same class at its own level or above: only upward reuse is allowed within a class).
    ``declared_as`` names the meld in a narration ("declares a royal marriage"), ``barred_by``
    the melds whose cards it refuses ("has already scored in a royal marriage or a sequence").
    """

    name: str
    meld_class: str
    points: int
    shape: Shape
    adds: Use
    forbidden: Use
    declared_as: str
    barred_by: str
    quartet_rank: Rank | None = None

    @property
    def rule(self) -> str:
        """The reason id of its score events: ``bezique.<name>``."""
        return f"bezique.{self.name}"


MELD_TABLE: tuple[MeldKind, ...] = (
    MeldKind(
        name="common_marriage", meld_class="A", points=20, shape=Shape.PLAIN_MARRIAGE,
        adds=Use.MARRIAGE, forbidden=Use.MARRIAGE,
        declared_as="a marriage", barred_by="a marriage",
    ),
    MeldKind(
        name="royal_marriage", meld_class="A", points=40, shape=Shape.TRUMP_MARRIAGE,
        adds=Use.ROYAL, forbidden=Use.ROYAL | Use.SEQUENCE,
        declared_as="a royal marriage", barred_by="a royal marriage or a sequence",
    ),
    MeldKind(
        name="sequence", meld_class="A", points=250, shape=Shape.TRUMP_SEQUENCE,
        adds=Use.SEQUENCE, forbidden=Use.SEQUENCE,
        declared_as="the sequence", barred_by="a sequence",
    ),
    MeldKind(
        name="bezique", meld_class="B", points=40, shape=Shape.BEZIQUE_PAIR,
        adds=Use.BEZIQUE, forbidden=Use.BEZIQUE | Use.DOUBLE_BEZIQUE,
        declared_as="bezique", barred_by="a bezique or a double bezique",
    ),
    MeldKind(
        name="double_bezique", meld_class="B", points=500, shape=Shape.DOUBLE_BEZIQUE_PAIR,
        adds=Use.DOUBLE_BEZIQUE, forbidden=Use.DOUBLE_BEZIQUE,
        declared_as="double bezique", barred_by="a double bezique",
    ),
    MeldKind(
        name="four_aces", meld_class="C", points=100, shape=Shape.QUARTET,
        adds=Use.QUARTET_ACES, forbidden=Use.QUARTET_ACES, quartet_rank=Rank.ACE,
        declared_as="four aces", barred_by="four aces",
    ),
    MeldKind(
        name="four_kings", meld_class="C", points=80, shape=Shape.QUARTET,
        adds=Use.QUARTET_KINGS, forbidden=Use.QUARTET_KINGS, quartet_rank=Rank.KING,
        declared_as="four kings", barred_by="four kings",
    ),
    MeldKind(
        name="four_queens", meld_class="C", points=60, shape=Shape.QUARTET,
        adds=Use.QUARTET_QUEENS, forbidden=Use.QUARTET_QUEENS, quartet_rank=Rank.QUEEN,
        declared_as="four queens", barred_by="four queens",
    ),
    MeldKind(
        name="four_jacks", meld_class="C", points=40, shape=Shape.QUARTET,
        adds=Use.QUARTET_JACKS, forbidden=Use.QUARTET_JACKS, quartet_rank=Rank.JACK,
        declared_as="four jacks", barred_by="four jacks",
    ),
)  # fmt: skip
"""The meld table (§1.5.1). Class A: marriages and the sequence; B: bezique; C: quartets.

Reuse (§1.5.3) is read from ``forbidden``: a card may join a meld of another class freely, and
a meld of its own class only upward (royal marriage → sequence, bezique → double bezique)."""

DEAL_SCALE = BRISQUES_TOTAL + LAST_TRICK_BONUS + max(kind.points for kind in MELD_TABLE)
"""A large deal's points margin (a deal has no fixed maximum): every brisque, the last trick and
the largest meld (670)."""

MELD_BY_NAME = {kind.name: kind for kind in MELD_TABLE}
MELD_BY_REASON = {kind.rule: kind for kind in MELD_TABLE}
"""The meld kind whose score events carry this reason id."""


class ScoreReasons:
    """Bezique's score reasons besides the melds' (rules §1.5.4, §1.6): the ``reason`` of each
    kind of `ScoreEvent`, with the points it is worth. A seven's declaration has the reason's
    ``name`` (``seven_show``). Award sites read them here; ``docs/bezique.md`` documents them."""

    SEVEN_TURNUP = ScoreReason(
        id="bezique.seven_turnup",
        points=None,
        rule="§1.5.4: the turn-up a seven of trumps, turnup_seven_bonus to the dealer",
    )
    SEVEN_EXCHANGE = ScoreReason(
        id="bezique.seven_exchange",
        points=SEVEN_POINTS,
        rule="§1.5.4: the seven of trumps exchanged for the turn-up",
    )
    SEVEN_SHOW = ScoreReason(
        id="bezique.seven_show", points=SEVEN_POINTS, rule="§1.5.4: the seven of trumps shown"
    )
    SEVEN_PLAY = ScoreReason(
        id="bezique.seven_play",
        points=SEVEN_POINTS,
        rule="§1.5.4: the seven of trumps played to a first-stage trick",
    )
    LAST_TRICK = ScoreReason(
        id="bezique.last_trick", points=LAST_TRICK_BONUS, rule="§1.6: the last trick"
    )
    BRISQUES = ScoreReason(
        id="bezique.brisques",
        points=None,
        rule="§1.6: 10 for each ace and ten in the tricks won",
    )


SEVEN_REASONS: tuple[ScoreReason, ...] = (
    ScoreReasons.SEVEN_TURNUP,
    ScoreReasons.SEVEN_EXCHANGE,
    ScoreReasons.SEVEN_SHOW,
    ScoreReasons.SEVEN_PLAY,
)
"""The awards of a seven of trumps, each also a declaration named after it."""
SCORE_REASONS: tuple[ScoreReason, ...] = (
    *(
        ScoreReason(id=kind.rule, points=kind.points, rule="§1.5.1: the meld table")
        for kind in MELD_TABLE
    ),
    *reasons_of(ScoreReasons),
)
"""Every Bezique score reason: the melds' in table order, then the sevens', the last trick's
and the brisques'."""

BEZIQUE_PAIRS: dict[str, tuple[tuple[int, int], ...]] = {
    "fixed_QS_JD": tuple((_face(Rank.QUEEN, Suit.SPADES), _face(Rank.JACK, Suit.DIAMONDS))
                         for _ in Suit),
    "by_trump": tuple(
        (_face(Rank.QUEEN, Suit.CLUBS), _face(Rank.JACK, Suit.HEARTS))
        if trump in (Suit.SPADES, Suit.DIAMONDS)
        else (_face(Rank.QUEEN, Suit.SPADES), _face(Rank.JACK, Suit.DIAMONDS))
        for trump in Suit
    ),
}  # fmt: skip
"""The bezique queen and jack faces for each trump suit, by the ``bezique_cards`` option."""

SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def fixed_melds(
    trump: int, bezique_pair: tuple[int, int]
) -> tuple[tuple[MeldKind, tuple[int, ...]], ...]:
    """Every meld of a fixed card list under ``trump``: (kind, faces with repeats), in table
    order (common marriages in suit order S H D C)."""
    melds: list[tuple[MeldKind, tuple[int, ...]]] = []
    queen, jack = bezique_pair
    for kind in MELD_TABLE:
        if kind.shape == Shape.PLAIN_MARRIAGE:
            for suit in Suit:
                if suit != trump:
                    melds.append((kind, (_face(Rank.KING, suit), _face(Rank.QUEEN, suit))))
        elif kind.shape == Shape.TRUMP_MARRIAGE:
            melds.append((kind, (_face(Rank.KING, Suit(trump)), _face(Rank.QUEEN, Suit(trump)))))
        elif kind.shape == Shape.TRUMP_SEQUENCE:
            melds.append((kind, tuple(_face(rank, Suit(trump)) for rank in SEQUENCE_RANKS)))
        elif kind.shape == Shape.BEZIQUE_PAIR:
            melds.append((kind, (queen, jack)))
        elif kind.shape == Shape.DOUBLE_BEZIQUE_PAIR:
            melds.append((kind, (queen, queen, jack, jack)))
    return tuple(melds)


QUARTET_KINDS: tuple[MeldKind, ...] = tuple(k for k in MELD_TABLE if k.shape == Shape.QUARTET)
QUARTET_FACES: dict[Rank, tuple[int, ...]] = {
    rank: tuple(_face(rank, suit) for suit in Suit) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN,
                                                                Rank.JACK)
}  # fmt: skip
"""The four faces (one per suit) of each quartet rank."""

# --- the last stage's play duties ------------------------------------------------------------

_BEAT = Obligation(
    rule="bezique.must_beat",
    demand=Demand.BEAT_LED_CARD,
    message="in the last stage you must follow {led_suit} and beat {led_card} when you can "
    "(you hold {required})",
)
_FOLLOW = Obligation(
    rule="bezique.must_follow",
    demand=Demand.LED_SUIT,
    message="in the last stage you must follow suit: {led_suit} was led and you hold {required}",
)
_TRUMP = Obligation(
    rule="bezique.must_trump",
    demand=Demand.TRUMPS,
    when=Condition.PLAIN_LED,
    message="in the last stage you must trump when you cannot follow {led_suit} "
    "(you hold {required})",
)
STAGE_TWO_RULES = TrickRules((_BEAT, _FOLLOW, _TRUMP), teams=TEAMS)
"""The last stage's duties, in the order they are checked: beat the card led if able, else
follow suit, else trump if able. The first stage has none: any card may be played."""
