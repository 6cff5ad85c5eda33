"""A game's canonical dealing procedure as data (`DealLayout`), read both ways by one piece of
code, and the shuffle it deals from.

The shuffle:

The positions of a deck shuffled by a `random.Random`: ``rng.shuffle`` of the positions.

A shuffle moves positions whatever they hold, so dealing ``DECK[order[p]]`` at position ``p``
gives the same deal as shuffling the list of cards itself.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from parlour.base import Card, moves_by_mask
from parlour.engine._moves import (
    Deal,
    DealField,
)

__all__ = [
    "DealLayout",
    "DealtIndexes",
    "seat_packet_positions",
    "shuffle_and_deal",
    "shuffled_positions",
]



def shuffled_positions(rng: random.Random, size: int = 32) -> list[int]:
    """The positions ``0..size-1`` in the order ``rng.shuffle`` leaves them."""
    order = list(range(size))
    rng.shuffle(order)
    return order


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
    """A function from a mask over ``cards`` to the cards of its set bits, in bit order, read
    from `moves_by_mask` tables 32 bits at a time."""
    chunks = [list(cards[start : start + 32]) for start in range(0, len(cards), 32)]
    readers = tuple(moves_by_mask(chunk + [chunk[0]] * (32 - len(chunk))) for chunk in chunks)
    if len(readers) == 1:
        return readers[0]
    if len(readers) == 2:
        low_cards, high_cards = readers
        return lambda mask: low_cards(mask & 0xFFFFFFFF) + high_cards(mask >> 32)

    def cards_of(mask: int) -> tuple[Card, ...]:
        found: tuple[Card, ...] = ()
        for reader in readers:
            found += reader(mask & 0xFFFFFFFF)
            mask >>= 32
        return found

    return cards_of


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
    later_fields: tuple[tuple[str, tuple[slice, ...], bool], ...]
    """Per field after the hands: its name, per group where its cards lie among the cards after
    the hands (a stepped slice for an alternating field), and whether its groups are listed in
    canonical order (an unordered field) rather than as dealt."""
    full_mask: int
    bit_of_code: tuple[int, ...]
    index_of_code: tuple[int, ...]
    """Per card code, its bit in a hand mask and its first deck index (0 and -1 for a card not
    in the deck)."""
    first_slot_of_code: tuple[int, ...]
    """Per card code, the first of the places its copies take in canonical order (they take the
    next places in deck order; 0 for a card not in the deck)."""
    index_of_slot: tuple[int, ...]
    """Per place in canonical order, the deck index there."""
    bit_of_index: tuple[int, ...]
    """Per deck index, its bit in a hand mask."""
    sorted_codes: list[int]
    """The deck's card codes, ascending (a card's code as many times as the deck holds it)."""
    hand_slices: tuple[slice, ...]
    pile_slices: tuple[slice, ...]
    """Where each hand, and each later group, lies among the deal's cards listed group after
    group."""


def _group_places(field: DealField, start: int, alternating: bool) -> tuple[slice, ...]:
    """Where each group of ``field`` lies among the cards after the hands when the field takes
    them from ``start`` on: one group after the other, or one card to each group in turn."""
    sizes = field.sizes
    if alternating:
        step = len(sizes)
        end = start + sum(sizes)
        return tuple(slice(start + group, end, step) for group in range(step))
    places = []
    for size in sizes:
        places.append(slice(start, start + size))
        start += size
    return tuple(places)


def _tables_of(
    deck: tuple[Card, ...], fields: tuple[DealField, ...], alternating: tuple[str, ...]
) -> _Tables:
    canonical = sorted(range(len(deck)), key=lambda index: (deck[index].sort_key, index))
    slot_of = [0] * len(deck)
    for slot, index in enumerate(canonical):
        slot_of[index] = slot
    first_slot_of_code = [0] * _CODES
    for slot, index in reversed(list(enumerate(canonical))):
        first_slot_of_code[deck[index].code] = slot
    distinct = len({card.code for card in deck}) == len(deck)
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
        places = _group_places(field, position, field.name in alternating)
        later.append((field.name, places, not field.ordered))
        position += sum(field.sizes)
    return _Tables(
        slot_of=tuple(slot_of),
        cards_of_slots=_cards_by_mask([deck[index] for index in canonical]),
        plain=canonical == list(range(len(deck))) and distinct,
        shape=tuple((field.name, field.sizes) for field in fields),
        hand_name=fields[0].name,
        hand_cards=hand_cards,
        later_fields=tuple(later),
        full_mask=(1 << len(deck)) - 1,
        bit_of_code=tuple(0 if index < 0 else 1 << index for index in index_of_code),
        index_of_code=tuple(index_of_code),
        first_slot_of_code=tuple(first_slot_of_code),
        index_of_slot=tuple(canonical),
        bit_of_index=tuple(1 << index for index in range(len(deck))),
        sorted_codes=sorted(card.code for card in deck),
        hand_slices=tuple(slices[:hands]),
        pile_slices=tuple(slices[hands:]),
    )


class _Memo:
    """What a layout remembers as it is used: hand positions per packets and dealer, and the
    last deal it made or read with that deal's fields and reading."""

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
    if not layout.deck:
        raise ValueError("a deal layout's deck has at least one card")


def _check_alternating(layout: DealLayout, attribute: object, names: tuple[str, ...]) -> None:
    later = {field.name: field for field in layout.fields[1:]}
    for name in names:
        field = later.get(name)
        if field is None:
            raise ValueError(f"a deal layout alternates only its later fields, not {name!r}")
        if len(set(field.sizes)) != 1:
            raise ValueError(f"the groups of the alternating field {name!r} are all of one size")


def _checked_tables(layout: DealLayout) -> _Tables:
    """The tables of ``layout``, once its fields pass their validators (which attrs runs only
    after every field, this one included, is set)."""
    _check_fields(layout, None, layout.fields)
    _check_alternating(layout, None, layout.alternating)
    return _tables_of(layout.deck, layout.fields, layout.alternating)


@attrs.frozen(kw_only=True)
class DealLayout:
    """Where the positions of ``deck`` (in the game's deck order), once shuffled, go in a deal
    of ``fields`` among ``players`` seats, as the module's docstring says: the later fields
    named in ``alternating`` take their cards one to each group in turn, the others group after
    group; each hand and each group of an unordered field is listed in canonical card order,
    each group of an ordered field as dealt, top first. Build one per game (or player count), by
    keyword: it keeps what it derives and remembers."""

    deck: tuple[Card, ...]
    players: int
    fields: tuple[DealField, ...] = attrs.field(validator=_check_fields)
    alternating: tuple[str, ...] = attrs.field(default=(), validator=_check_alternating)
    _tables: _Tables = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda layout: _checked_tables(layout), takes_self=True),
    )  # fmt: skip
    _memo: _Memo = attrs.field(init=False, eq=False, repr=False, factory=_Memo)

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
        cards_of_slots = tables.cards_of_slots
        hands = tuple(map(cards_of_slots, masks))
        deck = self.deck
        rest = order[tables.hand_cards :]
        rest_cards = [deck[index] for index in rest]
        fields = [(tables.hand_name, hands)]
        piles = []
        for name, places, canonical in tables.later_fields:
            groups = []
            if canonical:  # listed as a hand is: in canonical order, by its places
                slot_of = tables.slot_of
                for place in places:
                    mask = 0
                    for index in rest[place]:
                        mask |= 1 << slot_of[index]
                    groups.append(cards_of_slots(mask))
                    piles.append(tuple(sorted(rest[place])))  # the reading of a plain deck
            else:
                for place in places:
                    piles.append(tuple(rest[place]))
                    groups.append(tuple(rest_cards[place]))
            fields.append((name, tuple(groups)))
        deal = Deal(tuple(fields))
        if tables.plain:  # the masks over canonical places are the hand masks
            reading: DealtIndexes = (tuple(masks), tuple(piles))
        else:
            codes = [card.code for _, groups in fields for group in groups for card in group]
            reading = _read_copies(tables, codes)
        self._memo.last = (deal, deal.fields, reading)
        return deal

    def read(self, deal: Deal) -> DealtIndexes | None:
        """The reading of ``deal`` into deck indexes if it lays out exactly the deck in this
        layout's fields and group sizes, else ``None`` (the game's deal check then says what is
        wrong). The deal this layout made or read last, unchanged since (same object, same
        fields), is not read again (a deal read back from a log is read by the check, then by
        the transition)."""
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
            reading = _read_copies(tables, codes)
            self._memo.last = (deal, fields, reading)
            return reading
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
        reading = tuple(masks[:players]), piles
        self._memo.last = (deal, fields, reading)
        return reading


def _read_copies(tables: _Tables, codes: list[int]) -> DealtIndexes:
    """The reading of a deal of a deck with equal cards from its cards' ``codes``, group after
    group (exactly the deck's): the k-th copy of a card met reads as its k-th deck index, which
    is the k-th of the places its copies take in canonical order."""
    next_slot = list(tables.first_slot_of_code)
    index_of_slot = tables.index_of_slot
    indexes = []
    for code in codes:
        slot = next_slot[code]
        next_slot[code] = slot + 1
        indexes.append(index_of_slot[slot])
    bit_of = tables.bit_of_index.__getitem__
    hand_masks = tuple([sum(map(bit_of, indexes[hand])) for hand in tables.hand_slices])
    return hand_masks, tuple([tuple(indexes[pile]) for pile in tables.pile_slices])


def shuffle_and_deal(
    layout: DealLayout, rng: random.Random, *, packets: tuple[int, ...], dealer: int
) -> Deal:
    """The deal of ``rng.shuffle`` of ``layout.deck``, dealt by ``dealer`` in ``packets`` as the
    layout says: the same deal as shuffling the `Card` list itself and dealing it by hand."""
    return layout.deal_of_order(shuffled_positions(rng, len(layout.deck)), packets, dealer)
