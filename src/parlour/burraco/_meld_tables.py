"""What a Burraco meld may be (rules §4.4, §4.5 and Settled point 5): the rule tables, the
tables of positions and count fields the rest of the meld engine reads, and its records
(`Meld`, `Addition`, `MeldRules`, `MeldKind`, `MeldProblem`). The engine by job: the shapes a
hand's cards can take (`parlour.burraco._meld_shapes`), reading written melds and adds
(`parlour.burraco._meld_reading`), listing every new meld (`parlour.burraco._meld_listing`) and
every add (`parlour.burraco._meld_adding`), counting them (`parlour.burraco._counts`).

**Melds.** A *set* is 3..9 cards of one rank other than 2 with at most one wild card (a joker
or a 2 of any suit; in a set every 2 is wild). A *sequence* is 3..13 cards of one suit on
consecutive *positions* (1 = ace low, 2..13 = ranks 2..K, 14 = ace high; with the option
``ace_to_ace_run`` also the 14-card run 1..14; never a wrap K A 2). A card at position ``p`` of
a sequence of suit ``s`` is *natural* when it is of suit ``s`` and its rank is ``p`` (the ace at
1 or 14, the 2 of the suit at 2); any other card *acts as a wild*, which only a joker or a 2 may
do. Every meld holds at most one card acting as a wild: *clean* without one, *dirty* with one,
a *burraco* from 7 cards. A sequence may hold two 2s of its suit: one natural at 2, one wild.

**Rule ids** of a `MeldProblem`:

==========================  ================================================================
id                          meaning
==========================  ================================================================
burraco.meld_too_short      fewer than 3 cards
burraco.two_wilds           more than one card would act as a wild
burraco.set_of_twos         a set with no natural card (only 2s and jokers)
burraco.set_too_long        a set of more than 9 cards
burraco.mixed_suits         cards of different ranks and suits (a sequence has one suit)
burraco.not_a_meld          cards repeating a rank and mixing ranks and suits: no set, no sequence
burraco.out_of_order        the cards form a sequence, but not in the order written (ascending)
burraco.not_consecutive     a sequence with a gap no single wild fills, or a repeated card
burraco.ace_both_ends       a sequence with the ace at both ends or turning the corner (K A 2)
burraco.sequence_too_long   more than 13 cards (14 only with ``ace_to_ace_run``)
burraco.does_not_fit        cards that the meld on the table cannot take
burraco.wild_cannot_move    an add needing a rearrangement the tournament rule forbids
burraco.bad_arrangement     an ``=`` arrangement that is not the meld's cards plus the added
==========================  ================================================================
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from parlour.base import (
    Card,
    OptionsError,
    Rank,
    Suit,
    format_cards,
)
from parlour.burraco._faces import FACE_BY_CODE, FACE_CARDS, WILD_FACES, is_wild_face, pack
from parlour.burraco._faces import value as hand_value
from parlour.engine import Violation

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "ALL_POSITIONS",
    "BURRACO_LENGTH",
    "CACHE_SIZE",
    "MAX_SEQUENCE_LENGTH",
    "MAX_SET_LENGTH",
    "MAX_WILDS",
    "MIN_MELD_LENGTH",
    "NATURAL_CARDS",
    "NATURAL_FACE",
    "OUTSIDE",
    "POSITION_BITS",
    "RANK_MASKS",
    "RANK_OF",
    "REARRANGEMENT_KEEPS_PLACES",
    "RUN_PACKED",
    "SUITS",
    "SUIT_FIELDS",
    "SUIT_LOW_BITS",
    "SUIT_MASKS",
    "TWO_POSITION",
    "UNIT",
    "WILD_FIELDS",
    "Addition",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "MeldRules",
    "cards_text",
    "meld_problem",
    "natural_card",
    "rank_of",
    "suit_of",
]

# --- rule tables ------------------------------------------------------------------------------

MIN_MELD_LENGTH = 3
"""The fewest cards of any meld."""

MAX_SET_LENGTH = 9
"""The most cards of a set (8 naturals of two packs and one wild)."""

BURRACO_LENGTH = 7
"""A meld of this many cards or more is a burraco."""

MAX_WILDS = 1
"""The most cards acting as a wild in one meld."""

MAX_SEQUENCE_LENGTH: dict[bool, int] = {False: 13, True: 14}
"""The longest sequence by the option ``ace_to_ace_run`` (14 is only the run A 2 … K A)."""

REARRANGEMENT_KEEPS_PLACES: dict[str, bool] = {"tournament": True, "free": False}
"""Whether the old cards of a sequence keep their places when cards are added (by option
``wild_rearrangement``); see the module docstring for the tournament rule's two exceptions."""

ACE_LOW = 1
ACE_HIGH = 14
TWO_POSITION = 2
_POSITIONS = range(ACE_LOW, ACE_HIGH + 1)
ALL_POSITIONS = sum(1 << p for p in _POSITIONS)

SUITS: tuple[Suit, ...] = tuple(Suit)
RANK_OF: dict[int, Rank] = {int(rank): rank for rank in Rank}
UNIT: tuple[int, ...] = tuple(1 << (3 * face) for face in range(53))


def _natural_face(suit: int, position: int) -> int:
    if position in (ACE_LOW, ACE_HIGH):
        return suit * 13 + 12
    if TWO_POSITION <= position < ACE_HIGH:
        return suit * 13 + position - 2
    return -1


NATURAL_FACE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_natural_face(suit, position) for position in range(16)) for suit in range(4)
)
"""The natural face at each position 0..15 of a sequence of each suit (-1 off the ends)."""

NATURAL_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(FACE_CARDS[face] for face in faces) for faces in NATURAL_FACE
)
"""The natural card at each position of a sequence of each suit (index 0 and 15, off the ends,
hold a placeholder that is never read)."""

RUN_PACKED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            pack(faces[p] for p in range(low, high + 1)) if 1 <= low <= high <= ACE_HIGH else 0
            for high in range(16)
        )
        for low in range(16)
    )
    for faces in NATURAL_FACE
)
"""The packed natural cards of positions low..high of a sequence of each suit."""

OUTSIDE: tuple[tuple[int, ...], ...] = tuple(
    tuple(ALL_POSITIONS & ~sum(1 << p for p in range(low, high + 1)) for high in range(16))
    for low in range(16)
)
"""The positions outside low..high, as a mask."""


SUIT_FIELDS = (1 << 39) - 1
WILD_FIELDS = sum(7 << (3 * face) for face in WILD_FACES)
SUIT_MASKS = tuple(SUIT_FIELDS << (39 * suit) for suit in range(4))
"""The count fields of each suit's 13 faces (2 up to A)."""
RANK_MASKS = {
    rank: sum(7 << (3 * (suit * 13 + rank - 2)) for suit in range(4)) for rank in range(2, 15)
}
"""The count fields of each rank's four faces."""
SUIT_LOW_BITS = sum(1 << (3 * offset) for offset in range(13))
POSITION_BITS: tuple[int, ...] = tuple(
    sum(1 << position for position in _POSITIONS if _natural_face(0, position) == offset)
    if length == 3 * offset + 1
    else 0
    for length in range(3 * 13 + 1)
    for offset in [(length - 1) // 3]
)
"""The positions of a sequence at which a face is natural, indexed by the bit length of the
lowest bit of its count field within its suit's 39 bits (``3 * (rank - 2) + 1``): ranks 2..K
at the position of their rank, the ace at 1 and 14."""


def natural_card(suit: Suit, position: int) -> Card:
    """The card that is natural at ``position`` (1..14) of a sequence of ``suit``."""
    return NATURAL_CARDS[suit][position]


# --- records ----------------------------------------------------------------------------------


class MeldKind(enum.Enum):
    """The two kinds of meld."""

    SET = "set"
    SEQUENCE = "sequence"


def _packed_cards(cards: tuple[Card, ...]) -> int:
    """``cards`` (a meld's, already bounded by the deck's copies) as a packed multiset."""
    unit = UNIT
    by_code = FACE_BY_CODE
    return sum(unit[by_code[card.code]] for card in cards)


@attrs.frozen(slots=True, cache_hash=True)
class MeldRules:
    """The meld rules of one set of options, compiled once.

    ``ace_to_ace_run`` allows the 14-card run A 2 … K A; ``wild_rearrangement`` is
    ``"tournament"`` or ``"free"`` (see the module docstring). The derived fields are the tables'
    values for those options.
    """

    ace_to_ace_run: bool = False
    wild_rearrangement: str = "tournament"
    max_sequence_length: int = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda rules: _max_sequence_length(rules.ace_to_ace_run),
                              takes_self=True),
    )  # fmt: skip
    keeps_places: bool = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda rules: _keeps_places(rules.wild_rearrangement),
                              takes_self=True),
    )  # fmt: skip


def _max_sequence_length(ace_to_ace_run: object) -> int:
    """`MAX_SEQUENCE_LENGTH` for the option; `OptionsError` unless it is a bool."""
    if not isinstance(ace_to_ace_run, bool):
        raise OptionsError(f"ace_to_ace_run must be true or false, not {ace_to_ace_run!r}")
    return MAX_SEQUENCE_LENGTH[ace_to_ace_run]


def _keeps_places(wild_rearrangement: str) -> bool:
    """`REARRANGEMENT_KEEPS_PLACES` for the option; `OptionsError` for an unknown value."""
    keeps = REARRANGEMENT_KEEPS_PLACES.get(wild_rearrangement)
    if keeps is None:
        raise OptionsError(
            f"wild_rearrangement must be 'tournament' or 'free', not {wild_rearrangement!r}"
        )
    return keeps


@attrs.frozen(kw_only=True, slots=True, repr=False, cache_hash=True)
class Meld:
    """One meld: a set or a sequence, with the place of its wild card.

    ``cards`` is in position order for a sequence (low to high) and in canonical card order for
    a set. ``suit`` is a sequence's suit and ``rank`` a set's rank (the other is None). ``low``
    is a sequence's first position (1..14; 0 for a set). ``wild_position`` is the position of
    the card acting as a wild in a sequence, -1 for a set with a wild, None when clean.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    suit: Suit | None
    rank: Rank | None
    low: int
    wild_position: int | None
    packed: int = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda meld: _packed_cards(meld.cards), takes_self=True),
    )  # fmt: skip
    """The meld's cards as a packed multiset of faces (computed as the record is built)."""

    @property
    def is_clean(self) -> bool:
        """Whether no card acts as a wild."""
        return self.wild_position is None

    @property
    def is_burraco(self) -> bool:
        """Whether the meld has 7 or more cards."""
        return len(self.cards) >= BURRACO_LENGTH

    @property
    def wild_count(self) -> int:
        """The number of cards acting as a wild: 0 or 1."""
        return 0 if self.wild_position is None else 1

    @property
    def wild_card(self) -> Card | None:
        """The card acting as a wild, or None."""
        position = self.wild_position
        if position is None:
            return None
        if position < 0:
            by_code = FACE_BY_CODE
            return next(card for card in self.cards if is_wild_face(by_code[card.code]))
        return self.cards[position - self.low]

    @property
    def value(self) -> int:
        """The sum of the card values (rules §4.1)."""
        return hand_value(self.packed)

    @property
    def high(self) -> int:
        """A sequence's last position (``low + len(cards) - 1``); 0 for a set."""
        return self.low + len(self.cards) - 1 if self.kind is MeldKind.SEQUENCE else 0

    @property
    def text(self) -> str:
        """The meld in the notation of a new meld: its card texts in order, space-separated."""
        return format_cards(self.cards, " ")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Meld({self.text})"


MeldProblem = Violation
"""Why cards form no meld or cannot be added: the shared `parlour.engine.Violation` (a stable
dotted rule id and a sentence), which the game returns as it is."""


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Addition:
    """One legal add onto a meld: the cards added, the meld that results, and whether the
    canonical text needs ``= <result>`` because the same cards allow other arrangements.

    ``added`` is in ascending order of the positions the cards take in ``result`` (for a set:
    canonical card order).
    """

    added: tuple[Card, ...]
    result: Meld
    ambiguous: bool
    added_packed: int = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda addition: _packed_cards(addition.added), takes_self=True),
    )  # fmt: skip
    """The added cards as a packed multiset of faces (computed as the record is built)."""

    def __repr__(self) -> str:
        return f"Addition({format_cards(self.added, ' ')} -> {self.result.text})"


def suit_of(meld: Meld) -> int:
    suit = meld.suit
    if suit is None:
        raise ValueError(f"{meld.text} is not a sequence")
    return int(suit)


def rank_of(meld: Meld) -> int:
    rank = meld.rank
    if rank is None:
        raise ValueError(f"{meld.text} is not a set")
    return int(rank)


def meld_problem(rule: str, message: str) -> MeldProblem:
    return MeldProblem(rule=f"burraco.{rule}", message=message)


def cards_text(cards: Sequence[Card]) -> str:
    return format_cards(cards, " ")


CACHE_SIZE = 8192
"""How many results each of the meld engine's caches keeps (least recently used go first)."""
