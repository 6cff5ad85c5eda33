"""Test oracles: the three trick games' ``random_deal`` and deal readers as they were before
the deal layout became data, copied from ``git show cfd7681`` of ``belote/dealing.py``,
``ecarte/game.py`` with ``ecarte/rules.py``, ``bezique/game.py`` with ``bezique/rules.py``
and ``deal_shape.py`` (the dealing functions take the packets option and dealer instead of a
state)."""

from __future__ import annotations

import operator
import random
from typing import Any

from parlour.base import Card, moves_by_mask
from parlour.belote.rules import DECK as BELOTE_DECK
from parlour.belote.rules import PLAYERS as BELOTE_PLAYERS
from parlour.bezique.rules import DECK as BEZIQUE_DECK
from parlour.ecarte.rules import DECK as ECARTE_DECK
from parlour.engine import Deal, deal_in_packets

__all__ = [
    "old_belote_deal_cards",
    "old_belote_read_deal",
    "old_bezique_deck_layout",
    "old_bezique_random_deal",
    "old_ecarte_deck_layout",
    "old_ecarte_random_deal",
]

# --- Belote (belote/dealing.py) ------------------------------------------------------------

_INDEX_BY_CODE: tuple[int, ...] = tuple(
    next((index for index, card in enumerate(BELOTE_DECK) if card.code == code), -1)
    for code in range(80)
)
_HAND_CARDS = 20
_TURNUP_POSITION = _HAND_CARDS
_cards_of = moves_by_mask(BELOTE_DECK)


def _hand_positions(packets: tuple[int, int], dealer: int) -> tuple[tuple[int, ...], ...]:
    dealt = deal_in_packets(BELOTE_DECK[:_HAND_CARDS], packets, dealer, BELOTE_PLAYERS)
    return tuple(tuple(_INDEX_BY_CODE[card.code] for card in hand) for hand in dealt)


def _fisher_yates(rng: random.Random) -> list[int]:
    order = list(range(len(BELOTE_DECK)))
    getrandbits = rng.getrandbits
    for i in range(len(BELOTE_DECK) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


def _shuffled_by_shuffle(rng: random.Random) -> list[int]:
    order = list(range(len(BELOTE_DECK)))
    rng.shuffle(order)
    return order


_SAME_AS_SHUFFLE = all(
    _fisher_yates(random.Random(seed)) == _shuffled_by_shuffle(random.Random(seed))
    for seed in range(8)
)


def _shuffled_positions(rng: random.Random) -> list[int]:
    if type(rng) is random.Random and _SAME_AS_SHUFFLE:
        return _fisher_yates(rng)
    return _shuffled_by_shuffle(rng)


def old_belote_deal_cards(packets: tuple[int, int], dealer: int, rng: random.Random) -> Deal:
    """Belote's ``deal_cards`` before the layout record."""
    order = _shuffled_positions(rng)
    masks = []
    for positions in _hand_positions(packets, dealer):
        mask = 0
        for position in positions:
            mask |= 1 << order[position]
        masks.append(mask)
    turnup = order[_TURNUP_POSITION]
    stock = tuple(order[_TURNUP_POSITION + 1 :])
    return Deal(
        (
            ("hands", tuple(map(_cards_of, masks))),
            ("turnup", ((BELOTE_DECK[turnup],),)),
            ("stock", (tuple([BELOTE_DECK[index] for index in stock]),)),
        )
    )


# --- Écarté (ecarte/game.py, ecarte/rules.py) ----------------------------------------------

_ECARTE_TURNUP_POSITION = 10
_ECARTE_TALON_START = 11
_CODE = operator.attrgetter("code")


def _ecarte_deal_slices(packets: tuple[int, int], dealer: int) -> tuple[tuple[int, ...], ...]:
    hands = deal_in_packets(ECARTE_DECK, packets, dealer, 2)
    return tuple(tuple(ECARTE_DECK.index(card) for card in hand) for hand in hands)


def old_ecarte_random_deal(packets: tuple[int, int], dealer: int, rng: random.Random) -> Deal:
    """Écarté's ``random_deal`` before the layout record."""
    deck = list(ECARTE_DECK)
    rng.shuffle(deck)
    hands = tuple(
        tuple(sorted([deck[position] for position in positions], key=_CODE))
        for positions in _ecarte_deal_slices(packets, dealer)
    )
    return Deal(
        (
            ("hands", hands),
            ("turnup", ((deck[_ECARTE_TURNUP_POSITION],),)),
            ("talon", (tuple(deck[_ECARTE_TALON_START:]),)),
        )
    )


# --- Bezique (bezique/game.py, bezique/rules.py) -------------------------------------------

_BEZIQUE_TURNUP_POSITION = 16
_BEZIQUE_STOCK_START = 17


def _bezique_deal_slices(packets: tuple[int, ...], dealer: int) -> tuple[tuple[int, ...], ...]:
    positions: Any = range(len(BEZIQUE_DECK))
    hands: list[list[Any]] = deal_in_packets(positions, packets, dealer, 2)
    return tuple(tuple(hand) for hand in hands)


def _code(card: Card) -> int:
    return card.code


def old_bezique_random_deal(packets: tuple[int, ...], dealer: int, rng: random.Random) -> Deal:
    """Bezique's ``random_deal`` before the layout record."""
    deck = list(BEZIQUE_DECK)
    rng.shuffle(deck)
    hands = tuple(
        tuple(sorted([deck[position] for position in positions], key=_code))
        for positions in _bezique_deal_slices(tuple(packets), dealer)
    )
    return Deal(
        (
            ("hands", hands),
            ("turnup", ((deck[_BEZIQUE_TURNUP_POSITION],),)),
            ("stock", (tuple(deck[_BEZIQUE_STOCK_START:]),)),
        )
    )


# --- the readers of a deal back into deck indexes (same files, and parlour/deal_shape.py) ---

_TUPLE_TYPE = {tuple}
_CARD_TYPE = {Card}


def cards_in_shape(
    deal: Deal,
    names: tuple[str, ...],
    groups_per_field: tuple[int, ...],
    group_sizes: tuple[int, ...],
) -> tuple[Card, ...] | None:
    """``parlour.deal_shape.cards_in_shape``, which the Écarté and Bezique readers called."""
    fields: Any = deal.fields
    if type(fields) is not tuple or set(map(type, fields)) != _TUPLE_TYPE:
        return None
    if set(map(len, fields)) != {2} or len(fields) != len(names):
        return None
    field_names, zones = zip(*fields, strict=True)
    if field_names != names or set(map(type, zones)) != _TUPLE_TYPE:
        return None
    if tuple(map(len, zones)) != groups_per_field:
        return None
    groups = tuple(group for zone in zones for group in zone)
    if set(map(type, groups)) != _TUPLE_TYPE or tuple(map(len, groups)) != group_sizes:
        return None
    cards: tuple[Card, ...] = sum(groups, ())
    if set(map(type, cards)) != _CARD_TYPE:
        return None
    return cards


_BELOTE_FULL_DECK = (1 << 32) - 1
_BELOTE_LAYOUT = (("hands", (5, 5, 5, 5)), ("turnup", (1,)), ("stock", (11,)))
_BELOTE_BIT_OF_CODE = tuple(0 if index < 0 else 1 << index for index in _INDEX_BY_CODE)


def old_belote_read_deal(deal: Deal) -> tuple[tuple[int, ...], int, tuple[int, ...]] | None:
    """Belote's ``read_deal`` before the layout record (without its memory of the last deal)."""
    fields = deal.fields
    if type(fields) is not tuple or len(fields) != len(_BELOTE_LAYOUT):
        return None
    zones: list[tuple[Card, ...]] = []
    for entry, (name, sizes) in zip(fields, _BELOTE_LAYOUT, strict=True):
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
    masks = []
    seen = 0
    for zone in zones:
        mask = 0
        for card in zone:
            if type(card) is not Card:
                return None
            mask |= _BELOTE_BIT_OF_CODE[card.code]
        if seen & mask:
            return None
        seen |= mask
        masks.append(mask)
    if seen != _BELOTE_FULL_DECK:
        return None
    hands = tuple(masks[:BELOTE_PLAYERS])
    turnup = _INDEX_BY_CODE[zones[BELOTE_PLAYERS][0].code]
    stock = tuple([_INDEX_BY_CODE[card.code] for card in zones[BELOTE_PLAYERS + 1]])
    return hands, turnup, stock


_ECARTE_FIELDS = ("hands", "turnup", "talon")
_ECARTE_INDEX_BY_CODE = {card.code: index for index, card in enumerate(ECARTE_DECK)}
_ECARTE_BIT_BY_CODE = {card.code: 1 << index for index, card in enumerate(ECARTE_DECK)}
_ECARTE_DECK_CODES = {card.code for card in ECARTE_DECK}


def old_ecarte_deck_layout(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """Écarté's ``_deck_layout`` before the layout record."""
    cards = cards_in_shape(deal, _ECARTE_FIELDS, (2, 1, 1), (5, 5, 1, 21))
    if cards is None:
        return None
    codes = [card.code for card in cards]
    if set(codes) != _ECARTE_DECK_CODES:
        return None
    bit_of = _ECARTE_BIT_BY_CODE.__getitem__
    hands = (sum(map(bit_of, codes[:5])), sum(map(bit_of, codes[5:10])))
    talon = tuple(map(_ECARTE_INDEX_BY_CODE.__getitem__, codes[11:]))
    return hands, _ECARTE_INDEX_BY_CODE[codes[10]], talon


_BEZIQUE_FIELDS = ("hands", "turnup", "stock")
_FACE_BY_CODE = {card.code: face for face, card in enumerate(BEZIQUE_DECK[:32])}
_BEZIQUE_DECK_CODES = sorted(card.code for card in BEZIQUE_DECK)


def old_bezique_deck_layout(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """Bezique's ``_deck_layout`` before the layout record."""
    cards = cards_in_shape(deal, _BEZIQUE_FIELDS, (2, 1, 1), (8, 8, 1, 47))
    if cards is None:
        return None
    codes = [card.code for card in cards]
    if sorted(codes) != _BEZIQUE_DECK_CODES:
        return None
    seen = 0
    indexes = []
    for face in map(_FACE_BY_CODE.__getitem__, codes):
        if seen >> face & 1:
            indexes.append(face + 32)
        else:
            seen |= 1 << face
            indexes.append(face)
    first = second = 0
    for index in indexes[:8]:
        first |= 1 << index
    for index in indexes[8:16]:
        second |= 1 << index
    return (first, second), indexes[16], tuple(indexes[17:])
