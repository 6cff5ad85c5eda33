"""`deal_hidden`: constrained dealing, checked against an exhaustive search of every layout."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.base import (
    HiddenPlace,
    NoLayoutError,
    deal_hidden,
)


def every_layout(cards: list[int], places: list[HiddenPlace]) -> set[tuple[tuple[int, ...], ...]]:
    """Every way to deal ``cards`` into ``places`` (sizes kept, exclusions met), by brute force."""
    layouts = set()
    for owners in itertools.product(range(len(places)), repeat=len(cards)):
        groups: list[list[int]] = [[] for _ in places]
        for card, owner in zip(cards, owners, strict=True):
            groups[owner].append(card)
        if all(
            len(group) == place.size and not any(place.excluded >> card & 1 for card in group)
            for group, place in zip(groups, places, strict=True)
        ):
            layouts.add(tuple(tuple(sorted(group)) for group in groups))
    return layouts


@st.composite
def instances(draw: st.DrawFn) -> tuple[list[int], list[HiddenPlace]]:
    """Up to 7 cards (numbers up to 40) in up to 4 places with random exclusions."""
    cards = sorted(draw(st.sets(st.integers(0, 40), min_size=1, max_size=7)))
    count = draw(st.integers(1, 4))
    cuts = sorted(
        draw(st.lists(st.integers(0, len(cards)), min_size=count - 1, max_size=count - 1))
    )
    sizes = [high - low for low, high in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    places = [
        HiddenPlace(
            size=size,
            excluded=sum(
                1 << card for card in cards if draw(st.booleans()) and draw(st.booleans())
            ),
        )
        for size in sizes
    ]
    return cards, places


@given(instances(), st.integers(0, 2**32 - 1))
def test_a_deal_is_a_layout_meeting_every_constraint_or_none_exists(
    instance: tuple[list[int], list[HiddenPlace]], seed: int
) -> None:
    cards, places = instance
    layouts = every_layout(cards, places)
    if not layouts:
        with pytest.raises(NoLayoutError):
            deal_hidden(cards, places, random.Random(seed))
    else:
        assert deal_hidden(cards, places, random.Random(seed)) in layouts


def test_every_possible_layout_comes_out_and_nothing_else() -> None:
    # Cards 0 and 1 may only go to place 0; card 2 never to place 2; six cards, three places.
    places = [
        HiddenPlace(size=2),
        HiddenPlace(size=2, excluded=0b011),
        HiddenPlace(size=2, excluded=0b111),
    ]
    cards = [0, 1, 2, 3, 4, 5]
    possible = every_layout(cards, places)
    # Place 0 must take 0 and 1; then 2 goes to place 1 with one of 3, 4, 5 and the rest to 2.
    assert possible == {
        ((0, 1), (2, 3), (4, 5)),
        ((0, 1), (2, 4), (3, 5)),
        ((0, 1), (2, 5), (3, 4)),
    }
    rng = random.Random(5)
    seen = Counter(deal_hidden(cards, places, rng) for _ in range(300))
    assert set(seen) == possible


def test_without_constraints_every_layout_is_about_equally_likely() -> None:
    places = [HiddenPlace(size=2), HiddenPlace(size=1), HiddenPlace(size=1)]
    cards = [3, 7, 8, 20]
    rng = random.Random(11)
    seen = Counter(deal_hidden(cards, places, rng) for _ in range(2400))
    # 4!/(2!1!1!) = 12 layouts, 200 expected each.
    assert len(seen) == 12
    assert all(150 <= count <= 250 for count in seen.values()), seen


def test_the_same_rng_gives_the_same_deal() -> None:
    places = [HiddenPlace(size=3, excluded=0b1), HiddenPlace(size=3)]
    cards = [0, 1, 2, 3, 4, 5]
    first = deal_hidden(cards, places, random.Random(3))
    assert deal_hidden(cards, places, random.Random(3)) == first
    assert 0 in first[1]


def test_sizes_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError, match="3 hidden cards cannot fill places of sizes"):
        deal_hidden([1, 2, 3], [HiddenPlace(size=1), HiddenPlace(size=1)], random.Random(0))
