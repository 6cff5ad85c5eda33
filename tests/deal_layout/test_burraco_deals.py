"""Burraco deals through the shared deal layout exactly as it dealt before (the oracle in
`old_burraco_deal`), for four and two players and every dealer; its deal check accepts and
refuses deals as the shared `deal_violation` did, with the same ids and messages; and the
layout reads a Burraco deal the same whether it made it or reads it afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.base import (
    JOKER,
    Card,
    parse_card,
)
from parlour.burraco._faces import DECK
from parlour.burraco.rules import DEAL_LAYOUTS
from parlour.engine import Deal, deal_violation
from tests.deal_layout.deals import copy_of, with_group
from tests.deal_layout.old_burraco_deal import old_burraco_deal_fields, old_burraco_random_deal

SEEDS = range(60)


def _state(players: int, dealer: int) -> Any:
    return parlour.new_game("burraco", options={"players": players}, dealer=dealer)


@pytest.mark.parametrize(("players", "dealer"), [(4, 0), (4, 1), (4, 2), (4, 3), (2, 0), (2, 1)])
def test_burraco_deals_as_before(players: int, dealer: int) -> None:
    state = _state(players, dealer)
    for seed in SEEDS:
        expected = old_burraco_random_deal(players, dealer, random.Random(seed))
        rng = random.Random(seed)
        made = parlour.random_deal(state, rng)
        assert made == expected, (players, dealer, seed)
        assert str(made) == str(expected)
        after_old = random.Random(seed)
        old_burraco_random_deal(players, dealer, after_old)
        assert rng.random() == after_old.random()  # the same draws were taken from rng
        assert parlour.apply(state, made) == parlour.apply(state, copy_of(made))


class DrawsDifferently(random.Random):
    """A subclass of `random.Random` whose ``shuffle`` is its own: the deal must follow it."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()
        super().shuffle(x)


@pytest.mark.parametrize("players", [4, 2])
def test_a_subclass_shuffle_is_followed(players: int) -> None:
    state = _state(players, 1)
    for seed in range(10):
        expected = old_burraco_random_deal(players, 1, DrawsDifferently(seed))
        assert parlour.random_deal(state, DrawsDifferently(seed)) == expected


def _deck_cards_of(mask: int) -> list[Card]:
    return [DECK[index] for index in range(len(DECK)) if mask >> index & 1]


@pytest.mark.parametrize("players", [4, 2])
def test_a_deal_reads_into_the_deck_indexes_of_its_cards(players: int) -> None:
    layout = DEAL_LAYOUTS[players]
    state = _state(players, 0)
    for seed in range(20):
        made = parlour.random_deal(state, random.Random(seed))
        reading = layout.read(made)
        assert reading is not None
        assert layout.read(copy_of(made)) == reading
        masks, piles = reading
        for mask, hand in zip(masks, made["hands"], strict=True):
            assert sorted(_deck_cards_of(mask), key=lambda card: card.sort_key) == list(hand)
        groups = [*made["pozzetti"], *made["discard"], *made["stock"]]
        for pile, group in zip(piles, groups, strict=True):
            assert [DECK[index] for index in pile] == list(group)
        dealt = [index for mask in masks for index in range(108) if mask >> index & 1]
        dealt += [index for pile in piles for index in pile]
        assert sorted(dealt) == list(range(108))  # each deck card read once


def _bad_deals(deal: Deal) -> list[Deal]:
    """Deals that do not lay out Burraco's deck in its zones, one of each kind."""
    fields = deal.fields
    hands = fields[0][1]
    first = hands[0]
    pozzetto = fields[1][1][0]
    stock = fields[3][1][0]
    not_a_joker = next(card for card in first if card != JOKER)
    third = next(card for card in stock if card not in first)
    return [
        Deal(fields[:3]),  # a field missing
        Deal((fields[1], fields[0], *fields[2:])),  # fields out of order
        Deal((("hand", hands), *fields[1:])),  # a wrong name
        Deal(list(fields)),  # type: ignore[arg-type]  # a list of fields
        with_group(deal, 0, 0, list(first)),  # a hand as a list
        with_group(deal, 0, 0, first[:-1]),  # a hand short of a card
        with_group(deal, 0, 0, (*first, pozzetto[0])),  # a hand with a card too many
        with_group(deal, 1, 0, pozzetto[1:]),  # a pozzetto short of a card
        with_group(deal, 0, 0, (*first[:-1], "AS")),  # not a Card
        with_group(deal, 3, 0, (*stock[:-1], third)),  # a third copy of a card
        with_group(deal, 0, 0, tuple(JOKER if card == not_a_joker else card for card in first)),
        with_group(deal, 0, 0, (*first[:-1], parse_card("2S"), parse_card("3S"))),
        Deal((*fields[:2], (fields[2][0], (fields[2][1][0], ())), fields[3])),  # a group too many
    ]


@pytest.mark.parametrize("players", [4, 2])
def test_the_deal_check_is_the_shared_checks_verdict(players: int) -> None:
    """A deal the layout cannot read is refused by the shared check's id and message (as before
    the layout), one it reads is legal; a deal of other groups of the same deck is legal."""
    layout = DEAL_LAYOUTS[players]
    fields = old_burraco_deal_fields(players)
    state = _state(players, 0)
    for seed in range(5):
        made = parlour.random_deal(state, random.Random(seed))
        assert parlour.check(state, made) is None
        for bad in _bad_deals(made):
            expected = deal_violation(bad, fields, DECK)
            assert expected is not None
            assert layout.read(bad) is None
            assert parlour.check(state, bad) == expected
        hand, pozzetto = made["hands"][0], made["pozzetti"][1]
        swapped = with_group(
            with_group(made, 0, 0, (pozzetto[0], *hand[1:])), 1, 1, (hand[0], *pozzetto[1:])
        )
        assert layout.read(swapped) is not None
        assert parlour.check(state, swapped) is None
        assert parlour.view(parlour.apply(state, swapped), 0).hand == tuple(
            sorted((pozzetto[0], *hand[1:]), key=lambda card: card.sort_key)
        )


def test_a_deal_is_refused_when_none_is_due_or_by_a_seat() -> None:
    state = _state(4, 0)
    made = parlour.random_deal(state, random.Random(3))
    violation = parlour.check(state, made, seat=1)
    assert violation is not None and violation.rule == "turn.not_your_turn"
    dealt = parlour.apply(state, made)
    violation = parlour.check(dealt, made)
    assert violation is not None and violation.rule == "turn.no_deal_due"
