"""The Burraco meld engine (rules §4.4, §4.5 and Settled point 5): reading melds, listing every
new meld a hand can lay down and every way it can add to a meld on the table.

**Melds.** A *set* is 3..9 cards of one rank other than 2 with at most one wild card (a joker
or a 2 of any suit; in a set every 2 is wild). A *sequence* is 3..13 cards of one suit on
consecutive *positions* (1 = ace low, 2..13 = ranks 2..K, 14 = ace high; with the option
``ace_to_ace_run`` also the 14-card run 1..14; never a wrap K A 2). A card at position ``p`` of
a sequence of suit ``s`` is *natural* when it is of suit ``s`` and its rank is ``p`` (the ace at
1 or 14, the 2 of the suit at 2); any other card *acts as a wild*, which only a joker or a 2 may
do. Every meld holds at most one card acting as a wild: *clean* without one, *dirty* with one,
a *burraco* from 7 cards. A sequence may hold two 2s of its suit: one natural at 2, one wild.

**Notation.** A new meld is written card by card: a set in any order, a sequence in ascending
order with each wild at the place it stands for (``3H JK 5H``: the joker is the 4H; ``JK 3H 4H``:
it is the 2H; ``2H 3H 4H`` is clean, ``2S 3H 4H`` dirty). `read_meld` reads written cards as a
set when every card that is not a 2 or a joker has the same rank and the cards form a valid set,
otherwise as the sequence that the positions of its natural cards force; no cards can be read
both ways. An add is written ``add <n> <cards>``, the added cards in ascending order of the
position they take in the result (a set: canonical card order). When the same cards can leave
the meld in more than one arrangement, the canonical text ends with `` = <the result>``, e.g.
``add 2 6H = JK 5H 6H 7H``; without it such an add is a `NotationError` naming the choices.

**Adding to a sequence** (option ``wild_rearrangement``). The result is a valid sequence of the
same suit holding the old cards and the added ones.

* ``"tournament"`` (default): every old card keeps its position, except that (a) when an added
  natural card takes the place of the old wild, the wild moves to any other position of the
  result (a 2 of the suit landing at 2 becomes natural, and the meld may then take another
  wild), and (b) when the meld has no wild and starts with the natural 2 of its suit, that 2
  may leave position 2 to act as the wild higher up (rules §4.5.4). Aces keep their place.
* ``"free"``: any valid arrangement of all the old and added cards.

Two adds are the same move exactly when they leave the same arrangement (identical copies are
interchangeable). When ``R`` holds two copies of an added face, the added copy is taken to be
the one that is not an old card staying in its place, and otherwise the lower one.

**Orders** (deterministic, no set iteration):

* `new_melds`: every set first, by rank (3 … K, A), then by the natural cards (fewer first, then
  the canonical order of their suits), the clean set before the dirty ones by wild face (2S 2H
  2D 2C JK); then every sequence by suit (S H D C), low position, length, the clean one first,
  then by wild position and wild face.
* `additions` to a set: by the natural cards added (fewer first, then their suits' canonical
  order), adding no wild before adding each wild face in order; to a sequence: by the result's
  low position, length, clean before dirty, wild position and wild face.

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

Performance: hands are packed multisets (`parlour.burraco._faces`); sequences are found by
scanning each suit's 14 positions once per low end with at most one hole for a wild, so the work
follows what the hand holds, not every window.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterator, Sequence

import attrs

from parlour.burraco._faces import (
    COPIES,
    FACE_BY_CODE,
    FACE_CARDS,
    WILD_FACES,
    contains,
    excess_face,
    face_rank,
    face_suit,
    is_wild_face,
    pack,
    size,
)
from parlour.burraco._faces import value as hand_value
from parlour.cards import Card, Rank, Suit, format_cards, parse_card
from parlour.core import Violation
from parlour.errors import NotationError, OptionsError

__all__ = [
    "BURRACO_LENGTH",
    "MAX_SEQUENCE_LENGTH",
    "MAX_SET_LENGTH",
    "MIN_MELD_LENGTH",
    "REARRANGEMENT_KEEPS_PLACES",
    "SUIT_MASKS",
    "WILD_FIELDS",
    "Addition",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "MeldRules",
    "addition_text",
    "additions",
    "natural_card",
    "new_melds",
    "new_sequence_at",
    "new_sequences_of_suit",
    "new_sets_of_rank",
    "rank_key",
    "read_addition",
    "read_meld",
    "sequence_addition_at",
    "sequence_addition_shapes",
    "sequence_meld",
    "set_addition_at",
    "set_rank_mask",
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
_ALL_POSITIONS = sum(1 << p for p in _POSITIONS)

_SUITS: tuple[Suit, ...] = tuple(Suit)
_RANK_OF: dict[int, Rank] = {int(rank): rank for rank in Rank}
_UNIT: tuple[int, ...] = tuple(1 << (3 * face) for face in range(53))
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_RANK_NAMES = {
    3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s", 10: "10s",
    11: "jacks", 12: "queens", 13: "kings", 14: "aces",
}  # fmt: skip


def _natural_face(suit: int, position: int) -> int:
    if position in (ACE_LOW, ACE_HIGH):
        return suit * 13 + 12
    if TWO_POSITION <= position < ACE_HIGH:
        return suit * 13 + position - 2
    return -1


_NATURAL_FACE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_natural_face(suit, position) for position in range(16)) for suit in range(4)
)
"""The natural face at each position 0..15 of a sequence of each suit (-1 off the ends)."""

_NATURAL_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(FACE_CARDS[face] for face in faces) for faces in _NATURAL_FACE
)
"""The natural card at each position of a sequence of each suit (index 0 and 15, off the ends,
hold a placeholder that is never read)."""

_RUN_PACKED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            pack(faces[p] for p in range(low, high + 1)) if 1 <= low <= high <= ACE_HIGH else 0
            for high in range(16)
        )
        for low in range(16)
    )
    for faces in _NATURAL_FACE
)
"""The packed natural cards of positions low..high of a sequence of each suit."""

_OUTSIDE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_ALL_POSITIONS & ~sum(1 << p for p in range(low, high + 1)) for high in range(16))
    for low in range(16)
)
"""The positions outside low..high, as a mask."""


_SUIT_FIELDS = (1 << 39) - 1
_WILD_FIELDS = sum(7 << (3 * face) for face in WILD_FACES)
_SUIT_MASKS = tuple(_SUIT_FIELDS << (39 * suit) for suit in range(4))
"""The count fields of each suit's 13 faces (2 up to A)."""
_RANK_MASKS = {
    rank: sum(7 << (3 * (suit * 13 + rank - 2)) for suit in range(4)) for rank in range(2, 15)
}
"""The count fields of each rank's four faces."""
_SUIT_LOW_BITS = sum(1 << (3 * offset) for offset in range(13))
_POSITION_BITS: tuple[int, ...] = tuple(
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
    return _NATURAL_CARDS[suit][position]


# --- records ----------------------------------------------------------------------------------


class MeldKind(enum.Enum):
    """The two kinds of meld."""

    SET = "set"
    SEQUENCE = "sequence"


def _packed_cards(cards: tuple[Card, ...]) -> int:
    """``cards`` (a meld's, already bounded by the deck's copies) as a packed multiset."""
    unit = _UNIT
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
"""Why cards form no meld or cannot be added: the shared `parlour.core.Violation` (a stable
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


def _suit_of(meld: Meld) -> int:
    suit = meld.suit
    if suit is None:
        raise ValueError(f"{meld.text} is not a sequence")
    return int(suit)


def _rank_of(meld: Meld) -> int:
    rank = meld.rank
    if rank is None:
        raise ValueError(f"{meld.text} is not a set")
    return int(rank)


def _problem(rule: str, message: str) -> MeldProblem:
    return MeldProblem(rule=f"burraco.{rule}", message=message)


def _cards_text(cards: Sequence[Card]) -> str:
    return format_cards(cards, " ")


# --- sequence shapes --------------------------------------------------------------------------


def _presence(pool: int, suit: int, fewest: int) -> int:
    """The positions (bits 1..14) of a sequence of ``suit`` whose natural card ``pool`` holds,
    or 0 when it holds fewer than ``fewest`` distinct natural faces of the suit."""
    held = pool >> (39 * suit) & _SUIT_FIELDS
    held = (held | held >> 1 | held >> 2) & _SUIT_LOW_BITS
    if held.bit_count() < fewest:
        return 0
    present = 0
    while held:
        lowest = held & -held
        present |= _POSITION_BITS[lowest.bit_length()]
        held ^= lowest
    return present


def sequence_reach(present: int, low: int, wild_held: bool, max_length: int) -> tuple[int, int]:
    """From a sequence's low end ``low`` over the mask ``present`` of the natural ranks held:
    the first hole above the run of held naturals (``ACE_HIGH + 1`` when no wild is held to fill
    it, or the run reaches past the ace) and the highest rank a sequence from ``low`` can reach
    (through that one hole with a wild, at most ``max_length`` cards, never past the ace)."""
    ahead = present >> low
    run = (ahead ^ (ahead + 1)).bit_length() - 1
    hole = low + run
    if wild_held and hole <= ACE_HIGH:
        ahead >>= run + 1
        top = hole + (ahead ^ (ahead + 1)).bit_length() - 1
    else:
        hole = ACE_HIGH + 1
        top = low + run - 1
    return hole, min(top, ACE_HIGH, low + max_length - 1)


def _shapes(
    pool: int,
    suit: int,
    max_length: int,
    min_length: int,
    low_max: int,
    high_min: int,
    wild_places: int,
) -> Iterator[tuple[int, int, int, int]]:
    """Every valid sequence of ``suit`` whose cards the packed ``pool`` holds.

    Yields ``(low, high, wild_position, wild_face)`` (0 and -1 when clean), in the order low,
    high, clean first, wild position, wild face, for lengths ``min_length..max_length`` with
    ``low <= low_max`` and ``high >= high_min``, the wild only at a position of the mask
    ``wild_places``. Only low ends that the pool's natural cards allow are visited; from each,
    the run of held naturals and, with a wild held, the one hole after it bound the windows.
    """
    if min_length > max_length:  # more cards than any sequence holds (a long add)
        return
    wilds = [face for face in WILD_FACES if pool >> (3 * face) & 7]
    # a sequence of n cards holds n - 1 distinct natural faces with a wild, n without one
    # (less one for the run from ace to ace, whose ace is one face in two places)
    present = _presence(pool, suit, min(min_length, 13) - (1 if wilds else 0))
    if not present:
        return
    naturals = _NATURAL_FACE[suit]
    two = naturals[TWO_POSITION]
    two_is_single = pool >> (3 * two) & 7 < 2
    ace_is_single = pool >> (3 * naturals[ACE_LOW]) & 7 < 2
    lows = present | present >> 1 if wilds else present
    lows &= (2 << min(low_max, ACE_HIGH + 1 - min_length)) - 2
    while lows:
        lowest = lows & -lows
        lows ^= lowest
        low = lowest.bit_length() - 1
        hole, top = sequence_reach(present, low, bool(wilds), max_length)
        for high in range(max(low + min_length - 1, high_min), top + 1):
            both_aces = ace_is_single and low == ACE_LOW and high == ACE_HIGH
            two_taken = two_is_single and low <= TWO_POSITION <= high
            if high >= hole:
                if not wild_places >> hole & 1 or both_aces:
                    continue
                for face in wilds:
                    if not (two_taken and face == two):
                        yield low, high, hole, face
                continue
            if not both_aces:
                yield low, high, 0, -1
            for position in range(low, high + 1):
                if not wild_places >> position & 1:
                    continue
                if both_aces and position != ACE_LOW and position != ACE_HIGH:
                    continue
                natural = naturals[position]
                for face in wilds:
                    if face != natural and not (two_taken and face == two):
                        yield low, high, position, face


def _sequence_meld(suit: int, low: int, high: int, wild_position: int, wild_face: int) -> Meld:
    naturals = _NATURAL_CARDS[suit]
    if wild_position:
        cards = (
            *naturals[low:wild_position],
            FACE_CARDS[wild_face],
            *naturals[wild_position + 1 : high + 1],
        )
        return Meld(
            kind=MeldKind.SEQUENCE,
            cards=cards,
            suit=_SUITS[suit],
            rank=None,
            low=low,
            wild_position=wild_position,
        )
    return Meld(
        kind=MeldKind.SEQUENCE,
        cards=naturals[low : high + 1],
        suit=_SUITS[suit],
        rank=None,
        low=low,
        wild_position=None,
    )


# --- sets -------------------------------------------------------------------------------------

_SUB_SUITS: dict[int, tuple[tuple[int, ...], ...]] = {}
_SET_NATURALS: dict[int, tuple[tuple[tuple[Card, ...], tuple[int, ...]], ...]] = {}


def _sub_suits(key: int) -> tuple[tuple[int, ...], ...]:
    """Every sub-multiset of the suits counted by ``key`` (3 bits per suit S H D C), each as a
    sorted tuple of suit numbers, ordered by size and then lexicographically."""
    found = _SUB_SUITS.get(key)
    if found is None:
        limits = [key >> (3 * suit) & 7 for suit in range(4)]
        subsets = [
            (0,) * spades + (1,) * hearts + (2,) * diamonds + (3,) * clubs
            for spades in range(limits[0] + 1)
            for hearts in range(limits[1] + 1)
            for diamonds in range(limits[2] + 1)
            for clubs in range(limits[3] + 1)
        ]
        subsets.sort(key=lambda suits: (len(suits), suits))
        found = _SUB_SUITS[key] = tuple(subsets)
    return found


def _set_naturals(rank: int, key: int) -> tuple[tuple[tuple[Card, ...], tuple[int, ...]], ...]:
    """The natural cards of each sub-multiset of `_sub_suits`, for one rank, with the index at
    which each wild face (2S 2H 2D 2C JK) is inserted to keep canonical card order."""
    cache_key = key * 16 + rank
    found = _SET_NATURALS.get(cache_key)
    if found is None:
        offset = rank - 2
        found = _SET_NATURALS[cache_key] = tuple(
            (
                tuple(FACE_CARDS[suit * 13 + offset] for suit in suits),
                (*(sum(1 for s in suits if s < wild) for wild in range(4)), len(suits)),
            )
            for suits in _sub_suits(key)
        )
    return found


def _set_ranks(hand: int) -> int:
    """The ranks 3..A of which ``hand`` holds at least 2 natural cards, as a mask with bit
    ``rank - 2``.

    The counts of spades and hearts, and of diamonds and clubs, are added field by field (each
    sum is at most 4, so no field overflows); a rank has two naturals when either sum is 2 or
    more, or both are at least 1.
    """
    fields = _SUIT_FIELDS
    upper = (hand >> 39 & fields) + (hand & fields)
    lower = (hand >> 117 & fields) + (hand >> 78 & fields)
    low_bits = _SUIT_LOW_BITS
    some_upper = (upper | upper >> 1 | upper >> 2) & low_bits
    some_lower = (lower | lower >> 1 | lower >> 2) & low_bits
    many = (upper >> 1 | upper >> 2 | lower >> 1 | lower >> 2) & low_bits
    return _compress_ranks((many | (some_upper & some_lower)) & ~1)


def _compress_ranks(spread: int) -> int:
    """A mask with a bit every 3 (one per rank offset) packed into consecutive bits."""
    packed = 0
    while spread:
        lowest = spread & -spread
        spread ^= lowest
        packed |= 1 << ((lowest.bit_length() - 1) // 3)
    return packed


def _rank_key(hand: int, rank: int) -> int:
    offset = 3 * (rank - 2)
    return (
        (hand >> offset & 7)
        | (hand >> (offset + 39) & 7) << 3
        | (hand >> (offset + 78) & 7) << 6
        | (hand >> (offset + 117) & 7) << 9
    )


def _held_wilds(hand: int) -> list[tuple[int, Card, int]]:
    """The distinct wild faces held, in face order, each with its card and its insertion slot
    (its suit, 4 for the joker)."""
    return [
        (face, FACE_CARDS[face], slot)
        for slot, face in enumerate(WILD_FACES)
        if hand >> (3 * face) & 7
    ]


# --- new melds --------------------------------------------------------------------------------


def new_melds(hand: int, rules: MeldRules) -> tuple[Meld, ...]:
    """Every distinct legal new meld that the packed ``hand`` can lay down, each once.

    Every set and every sequence, with every distinct wild face held at every place it could
    stand (also for a natural card the hand holds), in the order of the module docstring.
    """
    melds: list[Meld] = []
    wild_part = hand & _WILD_FIELDS
    ranks = _set_ranks(hand)
    while ranks:
        lowest = ranks & -ranks
        ranks ^= lowest
        rank = lowest.bit_length() + 1
        melds.extend(_rank_sets(rank, _rank_key(hand, rank), wild_part))
    max_length = rules.max_sequence_length
    for suit in range(4):
        melds.extend(_suit_sequences(hand & _SUIT_MASKS[suit] | wild_part, suit, max_length))
    return tuple(melds)


_CACHE_SIZE = 8192
"""How many results each of the meld engine's caches keeps (least recently used go first)."""


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _rank_sets(rank: int, key: int, wild_part: int) -> tuple[Meld, ...]:
    """Every new set of ``rank``: ``key`` holds the counts of its four faces (3 bits each, see
    `_rank_key`) and ``wild_part`` the wild cards of the hand."""
    melds: list[Meld] = []
    append = melds.append
    wilds = _held_wilds(wild_part)
    set_kind = MeldKind.SET
    rank_member = _RANK_OF[rank]
    for naturals, slots in _set_naturals(rank, key):
        held = len(naturals)
        if held < MIN_MELD_LENGTH - MAX_WILDS:
            continue
        if held >= MIN_MELD_LENGTH:
            append(
                Meld(
                    kind=set_kind, cards=naturals, suit=None, rank=rank_member, low=0,
                    wild_position=None,
                )
            )  # fmt: skip
        if held < MAX_SET_LENGTH:
            for _face, card, slot in wilds:
                at = slots[slot]
                append(
                    Meld(
                        kind=set_kind, cards=(*naturals[:at], card, *naturals[at:]), suit=None,
                        rank=rank_member, low=0, wild_position=-1,
                    )
                )  # fmt: skip
    return tuple(melds)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _suit_sequences(pool: int, suit: int, max_length: int) -> tuple[Meld, ...]:
    """Every new sequence of ``suit`` from ``pool``, a packed hand reduced to that suit's cards
    and the wild cards (all a sequence of the suit can use), so that hands which differ only
    in other suits share one result."""
    return tuple(
        _sequence_meld(suit, low, high, wild_position, wild_face)
        for low, high, wild_position, wild_face in _shapes(
            pool, suit, max_length, MIN_MELD_LENGTH, ACE_HIGH, 0, _ALL_POSITIONS
        )
    )


# --- the blocks of new melds, for a legal set built block by block ----------------------------

WILD_FIELDS = _WILD_FIELDS
"""The count fields of the wild faces in a packed hand."""
SUIT_MASKS = _SUIT_MASKS
"""The count fields of each suit's 13 faces in a packed hand."""
set_rank_mask = _set_ranks
"""The ranks of which a packed hand could lay a set (bit ``rank - 2``): `new_melds` lists the
sets of these ranks, lowest first."""
rank_key = _rank_key
"""A rank's four counts in a packed hand, 3 bits a suit (the ``key`` of `new_sets_of_rank`)."""
new_sets_of_rank = _rank_sets
"""``new_sets_of_rank(rank, key, wild_part)``: the new sets of one rank in `new_melds`."""
new_sequences_of_suit = _suit_sequences
"""``new_sequences_of_suit(pool, suit, max_length)``: the new sequences of one suit in
`new_melds`, from the hand's cards of that suit and its wild cards."""


sequence_meld = _sequence_meld
"""``sequence_meld(suit, low, high, wild_position, wild_face)``: the sequence of ``suit`` on
low..high with ``wild_face`` acting as the wild at ``wild_position`` (0 and -1: clean)."""


def new_sequence_at(pool: int, suit: int, max_length: int, index: int) -> Meld:
    """``new_sequences_of_suit(pool, suit, max_length)[index]``, building only that meld;
    `IndexError` past the end."""
    shapes = _shapes(pool, suit, max_length, MIN_MELD_LENGTH, ACE_HIGH, 0, _ALL_POSITIONS)
    for shape in itertools.islice(shapes, index, None):
        return _sequence_meld(suit, *shape)
    raise IndexError(f"no new sequence number {index}")


def set_addition_at(meld: Meld, hand: int, index: int) -> Addition:
    """``additions(meld, hand, rules)[index]`` for a set ``meld``, building only that
    addition; `IndexError` past the end."""
    for faces, wild in itertools.islice(_set_addition_shapes(meld, hand), index, None):
        return _set_result(meld, faces, wild)
    raise IndexError(f"no addition number {index}")


def sequence_addition_shapes(
    meld: Meld, pool: int, rules: MeldRules
) -> tuple[tuple[int, int, int, int, int], ...]:
    """The shapes ``(low, high, wild_position, wild_face, packed result)`` of the adds onto
    the sequence ``meld`` from ``pool``, the hand's cards of its suit and its wild cards, one
    per add in the order of `additions`."""
    suit = _suit_of(meld)
    return tuple(
        _sequence_addition_shapes(meld, _within_reach(meld, suit, pool) | pool & _WILD_FIELDS,
                                  rules)
    )  # fmt: skip


def sequence_addition_at(
    meld: Meld, shapes: Sequence[tuple[int, int, int, int, int]], index: int
) -> Addition:
    """``additions(meld, hand, rules)[index]`` for a sequence ``meld``, from the ``shapes`` of
    `sequence_addition_shapes` for that hand, building only that addition."""
    shape = shapes[index]
    result = shape[4]
    ambiguous = sum(1 for other in shapes if other[4] == result) > 1
    return _sequence_addition(meld, shape, result - meld.packed, ambiguous)


# --- reading a meld ---------------------------------------------------------------------------


def read_meld(cards: Sequence[Card], rules: MeldRules) -> Meld | MeldProblem:
    """The meld that ``cards``, written in this order, form, or the problem that stops them.

    A set may be written in any order; a sequence only ascending, each wild at its place.
    """
    if len(cards) < MIN_MELD_LENGTH:
        return _problem(
            "meld_too_short",
            f"a meld needs at least 3 cards: {_cards_text(cards)} has {len(cards)}",
        )
    by_code = FACE_BY_CODE
    faces = [by_code[card.code] for card in cards]
    excess = excess_face(faces)
    if excess >= 0:
        return _too_many_copies(cards, excess)
    natural_faces = [face for face in faces if not is_wild_face(face)]
    ranks = {face_rank[face] for face in natural_faces}
    if len(ranks) <= 1:
        as_set = _read_set(cards, faces, natural_faces)
        if isinstance(as_set, Meld) or not natural_faces:
            return as_set
        suit = face_suit[natural_faces[0]]
        as_sequence = _read_sequence(cards, faces, suit, rules)
        if as_sequence is not None:
            return as_sequence
        example = _arrangement(faces, suit, rules)
        if example is not None:
            return _out_of_order(cards, example)
        return as_set
    suits = {face_suit[face] for face in natural_faces}
    if len(suits) > 1:
        if len(set(natural_faces)) < len(natural_faces) or len(ranks) < len(natural_faces):
            return _problem(
                "not_a_meld",
                f"{_cards_text(cards)} is neither a set (cards of one rank) "
                "nor a sequence (consecutive cards of one suit)",
            )
        return _problem(
            "mixed_suits",
            f"the cards of a sequence must be of one suit: {_cards_text(cards)} mixes "
            + " and ".join(_SUIT_NAMES[suit] for suit in sorted(suits)),
        )
    suit = face_suit[natural_faces[0]]
    as_sequence = _read_sequence(cards, faces, suit, rules)
    if as_sequence is not None:
        return as_sequence
    return _sequence_problem(cards, faces, suit, rules)


def _read_set(
    cards: Sequence[Card], faces: list[int], natural_faces: list[int]
) -> Meld | MeldProblem:
    if not natural_faces:
        return _problem(
            "set_of_twos",
            f"{_cards_text(cards)} holds only wild cards: there is no set of 2s or of jokers",
        )
    if len(faces) > MAX_SET_LENGTH:
        return _problem("set_too_long", f"a set has at most 9 cards, not {len(faces)}")
    wild_cards = [card for card, face in zip(cards, faces, strict=True) if is_wild_face(face)]
    if len(wild_cards) > MAX_WILDS:
        return _two_wilds(wild_cards)
    return Meld(
        kind=MeldKind.SET,
        cards=tuple(FACE_CARDS[face] for face in sorted(faces)),
        suit=None,
        rank=_RANK_OF[face_rank[natural_faces[0]]],
        low=0,
        wild_position=-1 if wild_cards else None,
    )


def _read_sequence(
    cards: Sequence[Card], faces: list[int], suit: int, rules: MeldRules
) -> Meld | None:
    """The sequence of ``suit`` that the written cards form, or None.

    The first card that is not a 2 or a joker fixes the offset (an ace allows two); each
    consistent reading is tried and the valid one, which is unique, returned.
    """
    length = len(faces)
    if length > rules.max_sequence_length:
        return None
    naturals = _NATURAL_FACE[suit]
    index, anchor = next((i, face) for i, face in enumerate(faces) if not is_wild_face(face))
    rank = face_rank[anchor]
    for position in (ACE_LOW, ACE_HIGH) if rank == ACE_HIGH else (rank,):
        low = position - index
        if low < ACE_LOW or low + length - 1 > ACE_HIGH:
            continue
        wild_position = 0
        for offset, face in enumerate(faces):
            if face == naturals[low + offset]:
                continue
            if wild_position or not is_wild_face(face):
                break
            wild_position = low + offset
        else:
            return Meld(
                kind=MeldKind.SEQUENCE,
                cards=tuple(cards),
                suit=_SUITS[suit],
                rank=None,
                low=low,
                wild_position=wild_position or None,
            )
    return None


def _arrangement(faces: Sequence[int], suit: int, rules: MeldRules) -> Meld | None:
    """A valid sequence of ``suit`` made of exactly ``faces`` in some order, or None."""
    length = len(faces)
    if length > rules.max_sequence_length:
        return None
    for shape in _shapes(pack(faces), suit, length, length, ACE_HIGH, 0, _ALL_POSITIONS):
        return _sequence_meld(suit, *shape)
    return None


def _out_of_order(cards: Sequence[Card], example: Meld) -> MeldProblem:
    return _problem(
        "out_of_order",
        f"a sequence is written in ascending order, each wild at its place: "
        f"{_cards_text(cards)} should be written like {example.text}",
    )


def _two_wilds(wild_cards: Sequence[Card]) -> MeldProblem:
    names = ", ".join(card.text for card in wild_cards[:-1]) + " and " + wild_cards[-1].text
    return _problem(
        "two_wilds",
        f"a meld may hold only one wild card: {names} "
        + ("both act" if len(wild_cards) == 2 else "all act")
        + " as wilds",
    )


def _forced_wilds(cards: Sequence[Card], suit: int) -> list[Card]:
    """The cards that must act as wilds in a sequence of ``suit``: jokers, 2s of other suits
    and every 2 of the suit after the first."""
    two = _NATURAL_FACE[suit][TWO_POSITION]
    forced: list[Card] = []
    seen_two = False
    for card in cards:
        face = FACE_BY_CODE[card.code]
        if not is_wild_face(face):
            continue
        if face == two and not seen_two:
            seen_two = True
            continue
        forced.append(card)
    return forced


def _sequence_problem(
    cards: Sequence[Card], faces: list[int], suit: int, rules: MeldRules
) -> MeldProblem:
    """Why cards of one suit that read as no sequence fail, the most specific reason first."""
    length = len(faces)
    if length > rules.max_sequence_length:
        hint = " (an ace-to-ace run needs the option ace_to_ace_run)" if length == 14 else ""
        return _problem(
            "sequence_too_long",
            f"a sequence has at most {rules.max_sequence_length} cards, not {length}{hint}",
        )
    example = _arrangement(faces, suit, rules)
    if example is not None:
        return _out_of_order(cards, example)
    forced = _forced_wilds(cards, suit)
    if len(forced) > MAX_WILDS:
        return _two_wilds(forced)
    naturals = _NATURAL_FACE[suit]
    held = set(faces)
    ace = naturals[ACE_LOW]
    if ace in held and {naturals[2], naturals[3]} & held and {naturals[12], naturals[13]} & held:
        return _problem(
            "ace_both_ends",
            f"{_cards_text(cards)}: an ace is low (A 2 3) or high (Q K A), never both, "
            "and a sequence does not turn the corner (K A 2)",
        )
    repeated = next(
        (
            card
            for index, card in enumerate(cards)
            if not is_wild_face(faces[index]) and faces[index] in faces[:index]
        ),
        None,
    )
    if repeated is not None:
        return _problem(
            "not_consecutive",
            f"{_cards_text(cards)} holds {repeated.text} twice: a sequence has one card per place",
        )
    return _problem(
        "not_consecutive",
        f"{_cards_text(cards)} is not consecutive: a sequence has no gap "
        "except one that its single wild card fills",
    )


# --- additions --------------------------------------------------------------------------------


def _places_kept(
    low: int,
    high: int,
    wild_position: int,
    wild_face: int,
    old_low: int,
    old_high: int,
    old_wild: int,
    old_wild_face: int,
    two_face: int,
) -> bool:
    """Whether the result low..high (wild at ``wild_position``) of a sequence follows the
    tournament rule from the old sequence old_low..old_high (wild at ``old_wild``, 0 if none),
    given that it holds every old card.

    Either every old card stays (the old wild included), or only the old wild moves because a
    natural takes its place (the result then has no wild inside the old span), or the meld has no
    wild and starts with its natural 2, which leaves for a wild place above the old high end.
    """
    if low <= old_low and high >= old_high:
        if old_wild and wild_position == old_wild:
            return wild_face == old_wild_face
        return not old_low <= wild_position <= old_high
    return (
        not old_wild
        and old_low == TWO_POSITION
        and low == TWO_POSITION + 1
        and wild_position > old_high
        and wild_face == two_face
    )


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _sequence_frame(
    meld: Meld, keeps_places: bool
) -> tuple[int, int, int, int, int, int, int, int, int]:
    """What `_sequence_results` needs of the sequence ``meld`` whatever the hand: its suit, low
    and high positions, wild position (0 if clean), packed cards, wild face (-1 if clean), and
    the bounds of a result (the highest low end, the lowest high end, the wild's possible
    places as a mask), with the old cards keeping their places when ``keeps_places``."""
    suit = _suit_of(meld)
    old_low = meld.low
    old_high = old_low + len(meld.cards) - 1
    old_wild = meld.wild_position or 0
    by_code = FACE_BY_CODE
    old_faces = [by_code[card.code] for card in meld.cards]
    old = pack(old_faces)
    old_wild_face = old_faces[old_wild - old_low] if old_wild else -1
    if keeps_places:
        low_max = TWO_POSITION + 1 if not old_wild and old_low == TWO_POSITION else old_low
        high_min = old_high
        wild_places = _OUTSIDE[old_low][old_high] | (1 << old_wild if old_wild else 0)
    else:
        fixed = [
            position
            for position in range(max(old_low, 3), min(old_high, 13) + 1)
            if position != old_wild
        ]
        low_max = fixed[0] if fixed else ACE_HIGH
        high_min = fixed[-1] if fixed else 0
        wild_places = _ALL_POSITIONS & ~sum(1 << position for position in fixed)
    return (
        suit, old_low, old_high, old_wild, old, old_wild_face, low_max, high_min, wild_places
    )  # fmt: skip


def _sequence_results(
    meld: Meld, pool: int, rules: MeldRules, min_length: int, keeps_places: bool
) -> list[tuple[int, int, int, int, int]]:
    """The legal results of adding cards of ``pool`` (which holds the meld's own cards too) to
    the sequence ``meld``: ``(low, high, wild_position, wild_face, packed result)`` for every
    valid sequence of at least ``min_length`` cards holding every old card and, when
    ``keeps_places``, following the tournament rule."""
    suit, old_low, old_high, old_wild, old, old_wild_face, low_max, high_min, wild_places = (
        _sequence_frame(meld, keeps_places)
    )
    naturals = _NATURAL_FACE[suit]
    run = _RUN_PACKED[suit]
    unit = _UNIT
    results = []
    for low, high, wild_position, wild_face in _shapes(
        pool, suit, rules.max_sequence_length, min_length, low_max, high_min, wild_places
    ):
        result = run[low][high]
        if wild_position:
            result += unit[wild_face] - unit[naturals[wild_position]]
        if not contains(result, old):
            continue
        if keeps_places and not _places_kept(
            low,
            high,
            wild_position,
            wild_face,
            old_low,
            old_high,
            old_wild,
            old_wild_face,
            naturals[TWO_POSITION],
        ):
            continue
        results.append((low, high, wild_position, wild_face, result))
    return results


def _sequence_addition(
    meld: Meld, shape: tuple[int, int, int, int, int], added: int, ambiguous: bool
) -> Addition:
    """The `Addition` of one result shape: the added cards in ascending order of the positions
    they take, an old card being taken to stay wherever the result holds its face there."""
    low, high, wild_position, wild_face, _packed = shape
    suit = _suit_of(meld)
    naturals = _NATURAL_FACE[suit]
    old_low = meld.low
    old_cards = meld.cards
    old_high = old_low + len(old_cards) - 1
    by_code = FACE_BY_CODE
    remaining = added
    added_cards: list[Card] = []
    for position in range(low, high + 1):
        face = wild_face if position == wild_position else naturals[position]
        if old_low <= position <= old_high and by_code[old_cards[position - old_low].code] == face:
            continue
        if remaining >> (3 * face) & 7:
            remaining -= _UNIT[face]
            added_cards.append(FACE_CARDS[face])
    return Addition(
        added=tuple(added_cards),
        result=_sequence_meld(suit, low, high, wild_position, wild_face),
        ambiguous=ambiguous,
    )


def _sequence_addition_shapes(
    meld: Meld, hand: int, rules: MeldRules
) -> list[tuple[int, int, int, int, int]]:
    """The result shapes (see `_sequence_results`) of every add onto the sequence ``meld`` from
    the packed ``hand``, in the order of `additions`: one shape per distinct add."""
    # with no card of the suit only a wild can go on, and under the tournament rule only onto a
    # clean meld (freely, a 2 of the suit acting as the wild may go home to 2 to make room)
    if not hand >> (39 * _suit_of(meld)) & _SUIT_FIELDS and (
        not hand & _WILD_FIELDS or (meld.wild_position is not None and rules.keeps_places)
    ):
        return []
    return _sequence_results(
        meld, meld.packed + hand, rules, len(meld.cards) + 1, rules.keeps_places
    )


def _sequence_additions(meld: Meld, hand: int, rules: MeldRules) -> tuple[Addition, ...]:
    shapes = _sequence_addition_shapes(meld, hand, rules)
    if not shapes:
        return ()
    old = meld.packed
    arrangements: dict[int, int] = {}
    for shape in shapes:
        added = shape[4] - old
        arrangements[added] = arrangements.get(added, 0) + 1
    return tuple(
        _sequence_addition(meld, shape, shape[4] - old, arrangements[shape[4] - old] > 1)
        for shape in shapes
    )


def _set_result(meld: Meld, added_faces: Sequence[int], wild: bool) -> Addition:
    by_code = FACE_BY_CODE
    faces = sorted([*(by_code[card.code] for card in meld.cards), *added_faces])
    return Addition(
        added=tuple(FACE_CARDS[face] for face in sorted(added_faces)),
        result=Meld(
            kind=MeldKind.SET,
            cards=tuple(FACE_CARDS[face] for face in faces),
            suit=None,
            rank=meld.rank,
            low=0,
            wild_position=-1 if wild else None,
        ),
        ambiguous=False,
    )


def _set_addition_shapes(meld: Meld, hand: int) -> Iterator[tuple[list[int], bool]]:
    """The adds onto the set ``meld`` from ``hand`` in order (see `_set_additions`), each as
    the faces added and whether the result holds a wild."""
    rank = _rank_of(meld)
    length = len(meld.cards)
    has_wild = meld.wild_position is not None
    wilds = [] if has_wild else _held_wilds(hand)
    key = _rank_key(hand, rank)
    if not key and not wilds:
        return
    offset = rank - 2
    for suits in _sub_suits(key):
        total = length + len(suits)
        if total > MAX_SET_LENGTH:
            break
        naturals = [suit * 13 + offset for suit in suits]
        if suits:
            yield naturals, has_wild
        if total < MAX_SET_LENGTH:
            for face, _card, _slot in wilds:
                yield [*naturals, face], True


def _set_additions(meld: Meld, hand: int) -> tuple[Addition, ...]:
    return tuple(_set_result(meld, faces, wild) for faces, wild in _set_addition_shapes(meld, hand))


def additions(meld: Meld, hand: int, rules: MeldRules) -> tuple[Addition, ...]:
    """Every distinct legal add onto ``meld`` from the packed ``hand``, each once.

    Two adds are distinct when they leave different arrangements; the order is that of the
    module docstring.
    """
    wild_part = hand & _WILD_FIELDS
    if meld.kind is MeldKind.SET:
        rank_part = hand & _RANK_MASKS[_rank_of(meld)]
        if not rank_part and (not wild_part or meld.wild_position is not None):
            return ()  # no card of the rank, and no wild it may take
        return _cached_set_additions(meld, rank_part | wild_part)
    suit = _suit_of(meld)
    suit_part = hand & _SUIT_MASKS[suit]
    if not suit_part and not wild_part:
        return ()  # no card of the suit and no wild
    return _sequence_additions_from(meld, suit_part | wild_part, rules)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _sequence_additions_from(meld: Meld, pool: int, rules: MeldRules) -> tuple[Addition, ...]:
    """The additions onto the sequence ``meld`` from ``pool`` (the hand's cards of its suit and
    its wilds), found through the cards within reach (`_within_reach`), which more hands share."""
    suit = _suit_of(meld)
    wild_part = pool & _WILD_FIELDS
    return _cached_sequence_additions(meld, _within_reach(meld, suit, pool) | wild_part, rules)


def _within_reach(meld: Meld, suit: int, hand: int) -> int:
    """The cards of ``suit`` in ``hand`` that some add onto the sequence ``meld`` could use:
    those at the places from its ends outwards while the hand holds them (one missing place
    may be bridged when a wild is held, or the meld has one or a natural 2; the meld's own 2 of
    the suit may stand at 2), and the natural card of its wild's place. No valid result can
    reach a card beyond: a sequence has no gap and one wild."""
    naturals = _NATURAL_FACE[suit]
    two_held = meld.packed >> (3 * naturals[TWO_POSITION]) & 7
    home = TWO_POSITION if two_held else -1  # the meld's own 2 may stand at 2
    can_bridge = (
        hand & _WILD_FIELDS or meld.wild_position is not None or meld.low == TWO_POSITION
    )  # a wild held, the meld's own wild, or its natural 2, which may become the wild
    bridges = 1 if can_bridge else 0
    reach = 0
    for start, step in ((meld.low - 1, -1), (meld.high + 1, 1)):
        position, gaps = start, bridges
        while ACE_LOW <= position <= ACE_HIGH:
            field = 7 << (3 * naturals[position])
            if hand & field:
                reach |= field
            elif position == home:
                pass
            elif gaps:
                gaps -= 1
            else:
                break
            position += step
    if meld.wild_position:
        reach |= 7 << (3 * naturals[meld.wild_position])
    if meld.low == TWO_POSITION + 1 or meld.low == TWO_POSITION:
        reach |= 7 << (3 * naturals[TWO_POSITION])  # the 2 may go home, or join as natural
    return hand & reach


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _cached_set_additions(meld: Meld, pool: int) -> tuple[Addition, ...]:
    """`_set_additions` from ``pool``, a hand reduced to the set's rank and the wild cards."""
    return _set_additions(meld, pool)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _cached_sequence_additions(meld: Meld, pool: int, rules: MeldRules) -> tuple[Addition, ...]:
    """`_sequence_additions` from ``pool``, a hand reduced to the meld's suit and the wild
    cards."""
    return _sequence_additions(meld, pool, rules)


def addition_text(number: int, addition: Addition) -> str:
    """The canonical text of an add onto the team's meld ``number``: ``add <n> <cards>``, with
    `` = <result>`` when the same cards allow other arrangements."""
    text = f"add {number} {_cards_text(addition.added)}"
    if addition.ambiguous:
        return f"{text} = {addition.result.text}"
    return text


def _results_for(meld: Meld, added: int, rules: MeldRules, keeps_places: bool) -> list[Addition]:
    """The legal adds of exactly the packed cards ``added`` onto ``meld``."""
    if meld.kind is MeldKind.SET:
        found = [
            addition
            for addition in _set_additions(meld, added)
            if addition.result.packed == meld.packed + added
        ]
        return found[:1]
    old = meld.packed
    pool = old + added
    shapes = _sequence_results(meld, pool, rules, size(pool), keeps_places)
    return [_sequence_addition(meld, shape, added, len(shapes) > 1) for shape in shapes]


def read_addition(
    meld: Meld, tokens: Sequence[str], rules: MeldRules, *, number: int | None = None
) -> Addition | MeldProblem:
    """The add that ``tokens`` (the words after ``add <n>``) describe onto ``meld``.

    The tokens are card texts in any order, optionally followed by ``=`` and the resulting meld
    written out in full. Raises `NotationError` for a bad card token, a misplaced ``=``, or an
    add that allows several arrangements when no ``=`` says which (``number`` is the meld's
    number, used in that message); cards that cannot be added give a `MeldProblem`. Whether the
    player holds the cards is not checked here.
    """
    words = list(tokens)
    if words.count("=") > 1:
        raise NotationError("an add takes at most one '=' (then the meld as it will be)")
    if "=" not in words:
        if not words:
            raise NotationError("an add names the cards to add, e.g. 'add 1 6H'")
        added_cards = [parse_card(word) for word in words]
        return _copies_problem(added_cards, None) or _resolve_addition(
            meld, added_cards, None, rules, number
        )
    split = words.index("=")
    if split == 0:
        raise NotationError(
            "an add names the cards to add before '=', e.g. 'add 1 6H = 5H 6H 7H JK'"
        )
    if split == len(words) - 1:
        raise NotationError(
            "'=' is followed by the meld as it will be, e.g. 'add 1 6H = 5H 6H 7H JK'"
        )
    added_cards = [parse_card(word) for word in words[:split]]
    shown = [parse_card(word) for word in words[split + 1 :]]
    problem = _copies_problem(added_cards, shown)
    if problem is not None:
        return problem
    by_code = FACE_BY_CODE
    added = pack(by_code[card.code] for card in added_cards)
    if pack(by_code[card.code] for card in shown) != meld.packed + added:
        return _problem(
            "bad_arrangement",
            f"after '=', write the meld as it will be: its cards {meld.text} "
            f"and the added {_cards_text(added_cards)}",
        )
    return _resolve_addition(meld, added_cards, shown, rules, number)


def _too_many_copies(cards: Sequence[Card], face: int) -> MeldProblem:
    card = FACE_CARDS[face]
    return _problem(
        "too_many_copies",
        f"{_cards_text(cards)} names {card.text} {cards.count(card)} times; the deck has "
        f"{COPIES[face]}",
    )


def _copies_problem(
    added_cards: Sequence[Card], shown: Sequence[Card] | None
) -> MeldProblem | None:
    """``burraco.too_many_copies`` if the added cards or the meld as shown name a card more often
    than the deck holds it (checked before either is packed; the meld's own cards are bounded
    where it was read)."""
    by_code = FACE_BY_CODE
    for cards in (added_cards, shown or ()):
        excess = excess_face([by_code[card.code] for card in cards])
        if excess >= 0:
            return _too_many_copies(cards, excess)
    return None


def _resolve_addition(
    meld: Meld,
    added_cards: Sequence[Card],
    shown: Sequence[Card] | None,
    rules: MeldRules,
    number: int | None,
) -> Addition | MeldProblem:
    """The add of ``added_cards`` onto ``meld`` leaving it as ``shown`` (when given)."""
    by_code = FACE_BY_CODE
    added = pack(by_code[card.code] for card in added_cards)
    found = _results_for(meld, added, rules, rules.keeps_places)
    if not found:
        return _addition_problem(meld, added_cards, added, rules)
    if shown is None:
        if len(found) == 1:
            return found[0]
        label = "n" if number is None else str(number)
        choices = " or as ".join(addition.result.text for addition in found)
        example = f"add {label} {_cards_text(found[-1].added)} = {found[-1].result.text}"
        raise NotationError(
            f"add {label} {_cards_text(added_cards)} can leave the meld as {choices}: "
            f"write which, e.g. '{example}'"
        )
    shown_meld = read_meld(shown, rules)
    for addition in found:
        if addition.result == shown_meld:
            return addition
    if isinstance(shown_meld, MeldProblem):
        return shown_meld
    return _cannot_move(meld, shown_meld)


def _cannot_move(meld: Meld, result: Meld | None) -> MeldProblem:
    wild = meld.wild_card
    target = "" if result is None else f" {meld.text} cannot become {result.text}:"
    if wild is not None and meld.wild_position is not None and meld.suit is not None:
        stands_for = natural_card(meld.suit, meld.wild_position)
        reason = (
            f" {wild.text} keeps its place as {stands_for.text} unless {stands_for.text} is added"
        )
    else:
        reason = " the cards of a meld keep their places (only a natural 2 at the low end may move)"
    return _problem("wild_cannot_move", f"under the tournament rule{target}{reason}")


def _addition_problem(
    meld: Meld, added_cards: Sequence[Card], added: int, rules: MeldRules
) -> MeldProblem:
    """Why the cards cannot be added to ``meld``, the most specific reason first."""
    by_code = FACE_BY_CODE
    all_cards = [*meld.cards, *added_cards]
    if meld.kind is MeldKind.SET:
        rank = _rank_of(meld)
        for card in added_cards:
            face = by_code[card.code]
            if not is_wild_face(face) and face_rank[face] != rank:
                return _problem(
                    "does_not_fit", f"{card.text} does not fit a set of {_RANK_NAMES[rank]}"
                )
        wild_cards = [card for card in all_cards if is_wild_face(by_code[card.code])]
        if len(wild_cards) > MAX_WILDS:
            return _two_wilds(wild_cards)
        return _problem(
            "set_too_long", f"a set has at most 9 cards: {meld.text} cannot take {len(added_cards)}"
        )
    suit = _suit_of(meld)
    for card in added_cards:
        face = by_code[card.code]
        if not is_wild_face(face) and face_suit[face] != suit:
            return _problem(
                "does_not_fit", f"{card.text} does not fit a sequence of {_SUIT_NAMES[suit]}"
            )
    forced = _forced_wilds(all_cards, suit)
    if len(forced) > MAX_WILDS:
        return _two_wilds(forced)
    if len(all_cards) > rules.max_sequence_length:
        return _problem(
            "sequence_too_long",
            f"a sequence has at most {rules.max_sequence_length} cards: "
            f"{meld.text} cannot take {len(added_cards)} more",
        )
    if rules.keeps_places and _results_for(meld, added, rules, keeps_places=False):
        return _cannot_move(meld, None)
    return _problem(
        "does_not_fit",
        f"{_cards_text(added_cards)} cannot be added to {meld.text}: a sequence takes cards "
        "that extend it or fill its places, with at most one wild",
    )
