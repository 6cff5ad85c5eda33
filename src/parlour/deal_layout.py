"""A trick game's canonical dealing procedure as data, read both ways by one piece of code.

A `DealLayout` says where each position of a shuffled deck goes in the game's `Deal` move: the
first field holds the hands, one group per seat, dealt from the top of the deck in rounds of
packets (each round gives every seat one packet, from the dealer's next seat round to the
dealer); each later field (turn-up, talon, stock) takes the next cards in order, top first.
`shuffle_and_deal` shuffles the deck exactly as ``rng.shuffle`` would and lays it out;
`DealLayout.read` reads a deal back into deck indexes (the deal the layout made last without
reading it again).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from parlour.cards import Card
from parlour.core import Deal, DealField
from parlour.masks import moves_by_mask
from parlour.shuffling import shuffled_positions

__all__ = ["DealLayout", "DealtIndexes", "seat_packet_positions", "shuffle_and_deal"]

DealtIndexes = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
"""A deal read into deck indexes: the hand masks by seat (bit ``i``: deck card ``i``), then each
later group's deck indexes, top first. Of equal cards, the k-th met (hands in seat order, each
in canonical order, then the later groups) reads as the k-th deck index holding that card."""

_CODES = 80
"""Card codes are below 80 (`Card.code`: suit * 16 + rank, jokers 64 + 15)."""


def seat_packet_positions(
    rounds: Sequence[Sequence[int]], dealer: int, players: int, start: int = 0
) -> tuple[tuple[int, ...], ...]:
    """Per seat, the deck positions it receives when the cards from ``start`` on are dealt in
    ``rounds``: in each round, seat ``s`` gets the next ``round[s]`` cards, the seats in turn from
    the dealer's next seat round to the dealer."""
    by_seat: list[list[int]] = [[] for _ in range(players)]
    position = start
    for sizes in rounds:
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            by_seat[seat].extend(range(position, position + sizes[seat]))
            position += sizes[seat]
    return tuple(tuple(positions) for positions in by_seat)


def _cards_by_mask(cards: Sequence[Card]) -> Callable[[int], tuple[Card, ...]]:
    """A function from a mask over ``cards`` (at most 64) to the cards of its set bits, in bit
    order, read from `moves_by_mask` tables 32 bits at a time."""
    low, high = (list(cards[start : start + 32]) for start in (0, 32))
    low_cards = moves_by_mask(low + [low[0]] * (32 - len(low)))
    if not high:
        return low_cards
    high_cards = moves_by_mask(high + [high[0]] * (32 - len(high)))
    return lambda mask: low_cards(mask & 0xFFFFFFFF) + high_cards(mask >> 32)


@attrs.frozen(kw_only=True)
class _Tables:
    """What a layout derives once from its deck and fields, for dealing and reading."""

    slot_of: tuple[int, ...]
    """Per deck index, its place in the deck sorted canonically (equal cards in deck order)."""
    cards_of_slots: Callable[[int], tuple[Card, ...]]
    """The cards of a mask over those places, in canonical order."""
    plain: bool
    """Whether the deck is of distinct cards in canonical order: a place is then the deck index,
    and reading a card is looking up its index."""
    shape: tuple[tuple[str, tuple[int, ...]], ...]
    """Per field, its name and group sizes."""
    hand_name: str
    """The name of the hands' field."""
    hand_cards: int
    """The cards of all the hands: the later fields take the deck from there on."""
    later_fields: tuple[tuple[str, tuple[slice, ...]], ...]
    """Per field after the hands: its name, and per group where it lies among the cards after
    the hands."""
    full_mask: int
    bit_of_code: tuple[int, ...]
    index_of_code: tuple[int, ...]
    """Per card code, its bit in a hand mask and its first deck index (0 and -1 for a card not
    in the deck)."""
    copies_of_code: dict[int, tuple[int, ...]]
    """Per card code, every deck index holding that card, ascending."""
    sorted_codes: list[int]
    """The deck's card codes, ascending (a code twice for a card held twice)."""
    hand_slices: tuple[slice, ...]
    pile_slices: tuple[slice, ...]
    """Where each hand, and each later group, lies among the deal's cards listed group after
    group."""


def _tables_of(deck: tuple[Card, ...], fields: tuple[DealField, ...]) -> _Tables:
    canonical = sorted(range(len(deck)), key=lambda index: (deck[index].sort_key, index))
    slot_of = [0] * len(deck)
    for slot, index in enumerate(canonical):
        slot_of[index] = slot
    copies: dict[int, tuple[int, ...]] = {}
    for index, card in enumerate(deck):
        copies[card.code] = (*copies.get(card.code, ()), index)
    index_of_code = [-1] * _CODES
    for index, card in reversed(list(enumerate(deck))):
        index_of_code[card.code] = index
    sizes = [size for field in fields for size in field.sizes]
    ends = itertools.accumulate(sizes)
    slices = [slice(end - size, end) for end, size in zip(ends, sizes, strict=True)]
    hands = len(fields[0].sizes)
    hand_cards = sum(fields[0].sizes)
    later = []
    position = 0
    for field in fields[1:]:
        places = []
        for size in field.sizes:
            places.append(slice(position, position + size))
            position += size
        later.append((field.name, tuple(places)))
    return _Tables(
        slot_of=tuple(slot_of),
        cards_of_slots=_cards_by_mask([deck[index] for index in canonical]),
        plain=canonical == list(range(len(deck))) and len(copies) == len(deck),
        shape=tuple((field.name, field.sizes) for field in fields),
        hand_name=fields[0].name,
        hand_cards=hand_cards,
        later_fields=tuple(later),
        full_mask=(1 << len(deck)) - 1,
        bit_of_code=tuple(0 if index < 0 else 1 << index for index in index_of_code),
        index_of_code=tuple(index_of_code),
        copies_of_code=copies,
        sorted_codes=sorted(card.code for card in deck),
        hand_slices=tuple(slices[:hands]),
        pile_slices=tuple(slices[hands:]),
    )


class _Memo:
    """What a layout remembers as it is used: hand positions per packets and dealer, and the
    last deal it made with that deal's fields and reading."""

    __slots__ = ("hand_positions", "last")

    def __init__(self) -> None:
        self.hand_positions: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
        self.last: tuple[Deal | None, object, DealtIndexes] = (None, None, ((), ()))


def _check_fields(layout: DealLayout, attribute: object, fields: tuple[DealField, ...]) -> None:
    if not fields or len(fields[0].sizes) != layout.players or fields[0].ordered:
        raise ValueError("the first field of a deal layout holds one unordered hand per seat")
    if len(set(fields[0].sizes)) != 1:
        raise ValueError("the hands of a deal layout are all of one size")
    if sum(sum(field.sizes) for field in fields) != len(layout.deck):
        raise ValueError("a deal layout's groups must hold the whole deck")
    if not 0 < len(layout.deck) <= 64:
        raise ValueError("a deal layout's deck has 1 to 64 cards")


@attrs.frozen(kw_only=True)
class DealLayout:
    """Where the positions of ``deck`` (in the game's deck order), once shuffled, go in a deal
    of ``fields`` among ``players`` seats, as the module's docstring says; each hand is listed in
    canonical card order, each later group in deck order, top first. Build one per game, by
    keyword: it keeps what it derives and remembers."""

    deck: tuple[Card, ...]
    players: int
    fields: tuple[DealField, ...] = attrs.field(validator=_check_fields)
    _tables: _Tables = attrs.field(init=False, eq=False, repr=False)
    _memo: _Memo = attrs.field(init=False, eq=False, repr=False, factory=_Memo)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_tables", _tables_of(self.deck, self.fields))

    def hand_positions(self, packets: tuple[int, ...], dealer: int) -> tuple[tuple[int, ...], ...]:
        """Per seat, the deck positions of its hand when ``dealer`` deals in ``packets`` (one
        round per packet size; ``ValueError`` if they do not make a hand)."""
        key = (packets, dealer)
        found = self._memo.hand_positions.get(key)
        if found is None:
            hand_size = self.fields[0].sizes[0]
            if sum(packets) != hand_size:
                raise ValueError(f"packets {packets} do not make a hand of {hand_size}")
            rounds = [(size,) * self.players for size in packets]
            found = seat_packet_positions(rounds, dealer, self.players)
            self._memo.hand_positions[key] = found
        return found

    def deal_of_order(self, order: Sequence[int], packets: tuple[int, ...], dealer: int) -> Deal:
        """The deal of a deck whose position ``p`` holds deck card ``order[p]``, dealt by
        ``dealer`` in ``packets``; remembered with its reading (see `read`)."""
        tables = self._tables
        hand_positions = self._memo.hand_positions.get((packets, dealer))
        if hand_positions is None:
            hand_positions = self.hand_positions(packets, dealer)
        masks = []
        if tables.plain:  # a card's place in canonical order is its deck index
            for positions in hand_positions:
                mask = 0
                for position in positions:
                    mask |= 1 << order[position]
                masks.append(mask)
        else:
            slot_of = tables.slot_of
            for positions in hand_positions:
                mask = 0
                for position in positions:
                    mask |= 1 << slot_of[order[position]]
                masks.append(mask)
        hands = tuple(map(tables.cards_of_slots, masks))
        deck = self.deck
        rest = order[tables.hand_cards :]
        rest_cards = [deck[index] for index in rest]
        fields = [(tables.hand_name, hands)]
        piles = []
        for name, places in tables.later_fields:
            groups = []
            for place in places:
                piles.append(tuple(rest[place]))
                groups.append(tuple(rest_cards[place]))
            fields.append((name, tuple(groups)))
        deal = Deal(tuple(fields))
        if tables.plain:  # the masks over canonical places are the hand masks
            reading: DealtIndexes = (tuple(masks), tuple(piles))
        else:
            codes = [card.code for hand in hands for card in hand]
            codes += [card.code for card in rest_cards]
            reading = _read_copies(tables, codes)
        self._memo.last = (deal, deal.fields, reading)
        return deal

    def read(self, deal: Deal) -> DealtIndexes | None:
        """The reading of ``deal`` into deck indexes if it lays out exactly the deck in this
        layout's fields and group sizes, else ``None`` (the game's deal check then says what is
        wrong). The deal this layout made last, unchanged since (same object, same fields), is
        not read again."""
        last_deal, last_fields, reading = self._memo.last
        fields = deal.fields
        if deal is last_deal and fields is last_fields:
            return reading
        tables = self._tables
        if type(fields) is not tuple or len(fields) != len(tables.shape):
            return None
        zones: list[tuple[Any, ...]] = []
        for entry, (name, sizes) in zip(fields, tables.shape, strict=True):
            if type(entry) is not tuple or len(entry) != 2:
                return None
            field_name, groups = entry
            if type(field_name) is not str or field_name != name or type(groups) is not tuple:
                return None
            if len(groups) != len(sizes):
                return None
            for group, size in zip(groups, sizes, strict=True):
                if type(group) is not tuple or len(group) != size:
                    return None
            zones.extend(groups)
        if not tables.plain:
            codes = [card.code for zone in zones for card in zone if type(card) is Card]
            if len(codes) != len(self.deck) or sorted(codes) != tables.sorted_codes:
                return None  # not every card of the deck as many times as it holds it
            return _read_copies(tables, codes)
        bit_of = tables.bit_of_code
        masks = []
        seen = 0
        for zone in zones:
            mask = 0
            for card in zone:
                if type(card) is not Card:
                    return None
                mask |= bit_of[card.code]
            if seen & mask:
                return None
            seen |= mask
            masks.append(mask)
        if seen != tables.full_mask:
            return None  # with as many cards as the deck: a card twice, or one not in the deck
        index_of = tables.index_of_code
        players = self.players
        piles = tuple([tuple([index_of[card.code] for card in pile]) for pile in zones[players:]])
        return tuple(masks[:players]), piles


def _read_copies(tables: _Tables, codes: list[int]) -> DealtIndexes:
    """The reading of a deal of a deck with equal cards from its cards' ``codes``, group after
    group (exactly the deck's): the k-th copy of a card met reads as its k-th deck index."""
    copies = tables.copies_of_code
    met: dict[int, int] = {}
    indexes = []
    for code in codes:
        count = met.get(code, 0)
        met[code] = count + 1
        indexes.append(copies[code][count])
    hand_masks = []
    for hand in tables.hand_slices:
        mask = 0
        for index in indexes[hand]:
            mask |= 1 << index
        hand_masks.append(mask)
    return tuple(hand_masks), tuple([tuple(indexes[pile]) for pile in tables.pile_slices])


def shuffle_and_deal(
    layout: DealLayout, rng: random.Random, *, packets: tuple[int, ...], dealer: int
) -> Deal:
    """The deal of ``rng.shuffle`` of ``layout.deck``, dealt by ``dealer`` in ``packets`` as the
    layout says: the same deal as shuffling the `Card` list itself and dealing it by hand."""
    return layout.deal_of_order(shuffled_positions(rng, len(layout.deck)), packets, dealer)
