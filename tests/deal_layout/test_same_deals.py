"""The deal layout deals exactly as the games dealt before it became data: for each trick game,
each packets option and dealer, many seeds, `random_deal` equals the old function (kept in
`old_random_deals` as the oracle), and the deal it makes reads back into the same state as an
equal deal read afresh."""

from __future__ import annotations

import itertools
import random

import pytest

import parlour
from tests.deal_layout.deals import copy_of
from tests.deal_layout.old_random_deals import (
    old_belote_deal_cards,
    old_bezique_random_deal,
    old_ecarte_random_deal,
)

SEEDS = range(40)


def _compositions(total: int) -> list[tuple[int, ...]]:
    """Every way of writing ``total`` as an ordered sum of positive packets."""
    found = []
    for cuts in itertools.product((False, True), repeat=total - 1):
        packets, size = [], 1
        for cut in cuts:
            if cut:
                packets.append(size)
                size = 1
            else:
                size += 1
        found.append((*packets, size))
    return found


def _assert_same_deals(game: str, option: str, packets: tuple[int, ...], dealer: int,
                       old: object, seeds: range = SEEDS) -> None:  # fmt: skip
    state = parlour.new_game(game, options={option: list(packets)}, dealer=dealer)
    for seed in seeds:
        expected = old(packets, dealer, random.Random(seed))  # type: ignore[operator]
        rng = random.Random(seed)
        made = parlour.random_deal(state, rng)
        assert made == expected, (game, packets, dealer, seed)
        after_old = random.Random(seed)
        old(packets, dealer, after_old)  # type: ignore[operator]
        assert rng.random() == after_old.random()  # the same draws were taken from rng
        assert parlour.apply(state, made) == parlour.apply(state, copy_of(made))


@pytest.mark.parametrize("packets", [(3, 2), (2, 3)])
@pytest.mark.parametrize("dealer", range(4))
def test_belote_deals_as_before(packets: tuple[int, int], dealer: int) -> None:
    _assert_same_deals("belote", "first_packets", packets, dealer, old_belote_deal_cards)


@pytest.mark.parametrize("packets", [(3, 2), (2, 3)])
@pytest.mark.parametrize("dealer", range(2))
def test_ecarte_deals_as_before(packets: tuple[int, int], dealer: int) -> None:
    _assert_same_deals("ecarte", "deal_packets", packets, dealer, old_ecarte_random_deal)


@pytest.mark.parametrize("packets", [(3, 2, 3), (2, 3, 3), (8,), (1,) * 8, (4, 4), (1, 7)])
@pytest.mark.parametrize("dealer", range(2))
def test_bezique_deals_as_before(packets: tuple[int, ...], dealer: int) -> None:
    _assert_same_deals("bezique", "deal_packets", packets, dealer, old_bezique_random_deal)


@pytest.mark.parametrize("dealer", range(2))
def test_bezique_deals_as_before_with_every_packets_option(dealer: int) -> None:
    for packets in _compositions(8):
        _assert_same_deals("bezique", "deal_packets", packets, dealer, old_bezique_random_deal,
                           range(3))  # fmt: skip


class DrawsDifferently(random.Random):
    """A subclass of `random.Random` whose ``shuffle`` is its own: the deal must follow it."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()
        super().shuffle(x)


@pytest.mark.parametrize(
    ("game", "option", "old"),
    [
        ("belote", "first_packets", old_belote_deal_cards),
        ("ecarte", "deal_packets", old_ecarte_random_deal),
        ("bezique", "deal_packets", old_bezique_random_deal),
    ],
)
def test_a_subclass_shuffle_is_followed(game: str, option: str, old: object) -> None:
    packets = (3, 2) if game != "bezique" else (3, 2, 3)
    state = parlour.new_game(game, options={option: list(packets)}, dealer=1)
    for seed in range(10):
        expected = old(packets, 1, DrawsDifferently(seed))  # type: ignore[operator]
        assert parlour.random_deal(state, DrawsDifferently(seed)) == expected
