"""Belote's deal move, both ways: drawing one from a shuffle (`deal_cards`) and reading one back
into hand masks (`read_deal`), on card indexes rather than by sorting `Card` records.

The layout comes from the rules' `DEAL_FIELDS` and the ``first_packets`` option: the hands
are dealt in packets from the top of the shuffled deck, the next card is the turn-up and the
rest is the stock, top first.
"""

from __future__ import annotations

import operator
import random

from parlour.belote.rules import DEAL_FIELDS, DECK, PLAYERS
from parlour.cards import Card
from parlour.core import Deal
from parlour.masks import moves_by_mask
from parlour.notation import deal_in_packets

__all__ = ["INDEX_BY_CODE", "DealtCards", "deal_cards", "read_deal", "shuffled_positions"]

INDEX_BY_CODE: tuple[int, ...] = tuple(
    next((index for index, card in enumerate(DECK) if card.code == code), -1) for code in range(80)
)
"""The deck index of each card code (-1 for a card that is not in the deck)."""

_FULL_DECK = (1 << len(DECK)) - 1
_HANDS, _TURNUP, _STOCK = DEAL_FIELDS
_HAND_CARDS = sum(_HANDS.sizes)
"""Cards dealt to the hands before the turn-up is turned."""
_TURNUP_POSITION = _HAND_CARDS
_LAYOUT = tuple((field.name, field.sizes) for field in DEAL_FIELDS)
_BIT_OF_CODE = tuple(0 if index < 0 else 1 << index for index in INDEX_BY_CODE)
"""The bit of each card code in a hand mask (0 for a card that is not in the deck)."""
_code = operator.attrgetter("code")
_cards_of = moves_by_mask(DECK)
"""The cards of a mask, in the deck's (canonical) order."""

DealtCards = tuple[tuple[int, ...], int, tuple[int, ...]]
"""A deal read into card indexes: the hand masks by seat, the turn-up, the stock top first."""


_HAND_POSITIONS: dict[tuple[tuple[int, int], int], tuple[tuple[int, ...], ...]] = {}
"""Per packets option and dealer: each seat's deck positions (see `_hand_positions`)."""


def _hand_positions(packets: tuple[int, int], dealer: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the deck positions its hand is dealt from."""
    found = _HAND_POSITIONS.get((packets, dealer))
    if found is None:
        # Deal the deck's first cards themselves: card i of DECK stands for position i.
        dealt = deal_in_packets(DECK[:_HAND_CARDS], packets, dealer, PLAYERS)
        found = tuple(tuple(INDEX_BY_CODE[card.code] for card in hand) for hand in dealt)
        _HAND_POSITIONS[(packets, dealer)] = found
    return found


def _fisher_yates(rng: random.Random) -> list[int]:
    """The deck positions in the order `random.Random.shuffle` leaves them, drawing the same
    numbers from ``rng.getrandbits`` as it does (without its call per card)."""
    order = list(range(len(DECK)))
    getrandbits = rng.getrandbits
    for i in range(len(DECK) - 1, 0, -1):
        bound = i + 1
        bits = _BITS_BELOW[bound]
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


def _shuffled_by_shuffle(rng: random.Random) -> list[int]:
    order = list(range(len(DECK)))
    rng.shuffle(order)
    return order


_BITS_BELOW = tuple(bound.bit_length() for bound in range(len(DECK) + 1))
_SAME_AS_SHUFFLE = all(
    _fisher_yates(random.Random(seed)) == _shuffled_by_shuffle(random.Random(seed))
    for seed in range(8)
)
"""Whether this Python's `random.Random.shuffle` is the algorithm `_fisher_yates` copies (true
of CPython 3.10 to 3.13); if not, `shuffled_positions` calls ``rng.shuffle`` itself."""


def shuffled_positions(rng: random.Random) -> list[int]:
    """The deck positions 0..31 shuffled by ``rng`` exactly as ``rng.shuffle`` would shuffle
    them: for a plain `random.Random`, by the same draws without the call per position; for a
    subclass (which may draw differently), by ``rng.shuffle`` itself."""
    if type(rng) is random.Random and _SAME_AS_SHUFFLE:
        return _fisher_yates(rng)
    return _shuffled_by_shuffle(rng)


_last_dealt: tuple[Deal | None, object, DealtCards] = (None, None, ((), -1, ()))
"""The last deal `deal_cards` made, its fields, and their reading: `read_deal` of that very
deal (same object, same fields tuple, so the same cards) answers without reading it again."""


def deal_cards(packets: tuple[int, int], dealer: int, rng: random.Random) -> Deal:
    """The deal of ``rng.shuffle`` of the deck in canonical order, dealt by ``dealer`` in
    ``packets`` (the same deal as shuffling the `Card` list itself: the shuffle moves positions,
    whatever they hold)."""
    global _last_dealt
    order = shuffled_positions(rng)
    masks = []
    for positions in _hand_positions(packets, dealer):
        mask = 0
        for position in positions:
            mask |= 1 << order[position]
        masks.append(mask)
    turnup = order[_TURNUP_POSITION]
    stock = tuple(order[_TURNUP_POSITION + 1 :])
    fields = (
        (_HANDS.name, tuple(map(_cards_of, masks))),
        (_TURNUP.name, ((DECK[turnup],),)),
        (_STOCK.name, (tuple([DECK[index] for index in stock]),)),
    )
    deal = Deal(fields)
    _last_dealt = (deal, fields, (tuple(masks), turnup, stock))
    return deal


def read_deal(deal: Deal) -> DealtCards | None:
    """The cards of ``deal`` as indexes if it lays out exactly the deck in Belote's fields and
    zone sizes; ``None`` for anything else (then `parlour.notation.deal_violation` says what is
    wrong)."""
    fields = deal.fields
    last_deal, last_fields, last_cards = _last_dealt
    if deal is last_deal and fields is last_fields:
        return last_cards
    if type(fields) is not tuple or len(fields) != len(_LAYOUT):
        return None
    zones: list[tuple[Card, ...]] = []
    for entry, (name, sizes) in zip(fields, _LAYOUT, strict=True):
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
            mask |= _BIT_OF_CODE[card.code]
        if seen & mask:
            return None
        seen |= mask
        masks.append(mask)
    if seen != _FULL_DECK:
        return None  # with as many cards as the deck: a card twice, or one not in the deck
    hands = tuple(masks[:PLAYERS])
    turnup = INDEX_BY_CODE[zones[PLAYERS][0].code]
    stock = tuple([INDEX_BY_CODE[card.code] for card in zones[PLAYERS + 1]])
    return hands, turnup, stock
