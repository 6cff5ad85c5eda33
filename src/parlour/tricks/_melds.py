"""The Belote family's announcements (melds, belote.md §3.8) as data, and the functions that
find them in a hand and pick the side that scores: sequences (tierce 20, cinquante 50, cent
100), carrés (jacks 200, nines 150, aces, tens, kings or queens 100; eights and sevens nothing).

Card ``i`` is ``PIQUET_DECK[i]`` (suits S H D C, each 7 8 9 10 J Q K A), so within a suit the
bits run in the natural order of a sequence (7 8 9 10 J Q K A): a sequence is a run of
consecutive bits of one suit's byte, and a card's "height" in a sequence is its bit within
the suit (7 is 0, ace 7).

Comparison (§3.8, one key, `meld_key`): higher points; then the higher top card (for a carré,
its rank; tierces and cinquantes of equal points have equal lengths, so this is §3.8 step 2,
and it also orders cents of different lengths and a carré against a cent of 100); then, when
the contract has a trump suit, a trump sequence before anything else; then the seat earlier in
playing order from the first leader. The key is a total order, so "the single best
announcement" is always one seat's.

A card in two announcements (option ``card_in_two_announcements``): when allowed, every carré
and every maximal run of the hand count; when not, the hand's melds are the split with the
most points among "these carrés kept (all four cards each), sequences from the other cards";
on equal points the split whose best meld has the higher `meld_key`; still equal, the one
keeping more carrés (the first split tried: carrés are tried all kept first).
"""

from __future__ import annotations

import itertools

import attrs

from parlour.base import PIQUET_DECK, Rank

__all__ = [
    "CARRE_POINTS",
    "MELD_WORDS",
    "SEQUENCE_POINTS",
    "Meld",
    "hand_melds",
    "meld_key",
    "scoring_side",
]

SEQUENCE_POINTS: tuple[tuple[int, str, int], ...] = (
    (5, "cent", 100),
    (4, "cinquante", 50),
    (3, "tierce", 20),
)
"""(least length, name, points) of the sequences, longest first: a run of 5 or more cards is a
cent (§3.8)."""
CARRE_POINTS: dict[Rank, int] = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
"""The carrés that score (§3.8); four eights or four sevens score nothing."""
MELD_WORDS = ("tierce", "cinquante", "cent", "carre")
"""Every meld kind's word, as `Meld.kind` spells it."""

_SUITS = 4
_RANKS = 8
_HEIGHT_OF_RANK = {PIQUET_DECK[height].rank: height for height in range(_RANKS)}
_CARRES: tuple[tuple[int, int, int], ...] = tuple(
    (_HEIGHT_OF_RANK[rank], sum(1 << (_RANKS * suit + _HEIGHT_OF_RANK[rank])
                                for suit in range(_SUITS)), points)
    for rank, points in CARRE_POINTS.items()
)  # fmt: skip
"""(height, mask of the four cards, points) of each scoring carré."""


@attrs.frozen(slots=True, kw_only=True)
class Meld:
    """One announcement: ``kind`` (`MELD_WORDS`), its ``cards`` (a mask), ``points``, the
    ``top`` card's height in its suit (7 is 0, ace 7; a carré: its rank's height) and the
    ``suit`` of a sequence (-1 for a carré)."""

    kind: str
    cards: int
    points: int
    top: int
    suit: int


def _sequences(mask: int) -> list[Meld]:
    """The maximal runs of 3 or more cards of one suit among ``mask``."""
    found: list[Meld] = []
    for suit in range(_SUITS):
        byte = mask >> (_RANKS * suit) & 255
        height = 0
        while height < _RANKS:
            if not byte >> height & 1:
                height += 1
                continue
            end = height
            while end + 1 < _RANKS and byte >> (end + 1) & 1:
                end += 1
            length = end - height + 1
            for least, word, points in SEQUENCE_POINTS:
                if length >= least:
                    run = ((1 << length) - 1) << (_RANKS * suit + height)
                    found.append(Meld(kind=word, cards=run, points=points, top=end, suit=suit))
                    break
            height = end + 1
    return found


def _carres(mask: int) -> list[Meld]:
    return [
        Meld(kind="carre", cards=four, points=points, top=height, suit=-1)
        for height, four, points in _CARRES
        if mask & four == four
    ]


def meld_key(meld: Meld, trump: int, order: int) -> tuple[int, int, int, int]:
    """The comparison key of §3.8 (higher wins): points, top card, a sequence of the ``trump``
    suit (-1: no trump suit, step 3 skipped), then the earlier ``order`` (the seat's place in
    playing order from the first leader, 0 to 3)."""
    return (meld.points, meld.top, int(trump >= 0 and meld.suit == trump), -order)


def hand_melds(hand: int, card_in_two: bool) -> tuple[Meld, ...]:
    """The announcements of an 8-card ``hand`` (a mask), carrés first then sequences by suit
    (see the module docstring for how a card is kept out of two when ``card_in_two`` is
    false)."""
    carres = _carres(hand)
    if card_in_two or not carres:
        return (*carres, *_sequences(hand))
    best: tuple[Meld, ...] = ()
    best_rank: tuple[int, tuple[int, int]] = (-1, (-1, -1))
    for size in range(len(carres), -1, -1):
        for kept in itertools.combinations(carres, size):
            used = sum(meld.cards for meld in kept)
            melds = (*kept, *_sequences(hand & ~used))
            rank = (
                sum(meld.points for meld in melds),
                max(((meld.points, meld.top) for meld in melds), default=(-1, -1)),
            )
            if rank > best_rank:
                best, best_rank = melds, rank
    return best


def scoring_side(
    melds: tuple[tuple[Meld, ...], ...], trump: int, first_leader: int, teams: int = 2
) -> int | None:
    """The team (seat % ``teams``) whose single best announcement is the best of all (§3.8), or
    ``None`` if no seat has one; ``melds`` are each seat's, ``trump`` -1 when the contract has
    no trump suit."""
    seats = len(melds)
    keyed = [
        (meld_key(meld, trump, (seat - first_leader) % seats), seat)
        for seat in range(seats)
        for meld in melds[seat]
    ]
    if not keyed:
        return None
    _, seat = max(keyed)
    return seat % teams
