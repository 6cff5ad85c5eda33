"""`deal_hidden`: constrained dealing, checked against an exhaustive search of every layout.

Every deal is a layout meeting the constraints (or `NoLayoutError` when none exists), and every
layout is equally likely: on small cases (two and three constrained places, mixed and random
exclusions) the layouts are enumerated here and a chi-square test at a fixed seed, with 30
draws expected per layout, must not reject uniformity at 0.001. The earlier room-weighted rule
is worked out exactly on the two-voids case to show the test would reject it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.base import (
    HiddenPlace,
    NoLayoutError,
    deal_hidden,
)
from tests.views.uniformity import chi_square_tail, uniformity_p


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


# --- uniformity ----------------------------------------------------------------------------------

Layout = tuple[tuple[int, ...], ...]


def layouts_by_places(cards: list[int], places: list[HiddenPlace]) -> list[Layout]:
    """Every layout, by choosing each place's cards in turn among those left (combinations):
    the same set as `every_layout`, fast enough for a dozen cards."""
    found: list[Layout] = []

    def choose(index: int, left: tuple[int, ...], chosen: Layout) -> None:
        if index == len(places):
            found.append(chosen)
            return
        place = places[index]
        for group in itertools.combinations(left, place.size):
            if not any(place.excluded >> card & 1 for card in group):
                rest = tuple(card for card in left if card not in group)
                choose(index + 1, rest, (*chosen, group))

    choose(0, tuple(sorted(cards)), ())
    return found


def mask(*cards: int) -> int:
    return sum(1 << card for card in cards)


# Two seats void in different suits (cards 0-2 a suit place 0 showed out of, 3-5 a suit place 1
# showed out of, 6-8 free), three hands of three: 147 layouts.
TWO_VOIDS = [
    HiddenPlace(size=3, excluded=mask(0, 1, 2)),
    HiddenPlace(size=3, excluded=mask(3, 4, 5)),
    HiddenPlace(size=3),
]

UNIFORMITY_CASES = {
    "two voids": (list(range(9)), TWO_VOIDS),
    # Three hands each out of a different suit (0-1, 2-3, 4-5) and a free stock of one: 232.
    "three voids and a stock": (
        list(range(8)),
        [
            HiddenPlace(size=2, excluded=mask(0, 1)),
            HiddenPlace(size=2, excluded=mask(2, 3)),
            HiddenPlace(size=3, excluded=mask(4, 5)),
            HiddenPlace(size=1),
        ],
    ),
    # Mixed: card 0 only in the stock, 1 and 2 never in place 0, 3 never in 1 or 2, place 1 out
    # of 4-6 as well, card 7 never in the stock; cards numbered with gaps.
    "mixed exclusions": (
        [0, 1, 2, 3, 4, 5, 6, 7, 12, 30],
        [
            HiddenPlace(size=3, excluded=mask(0, 1, 2)),
            HiddenPlace(size=3, excluded=mask(0, 3, 4, 5, 6)),
            HiddenPlace(size=2, excluded=mask(0, 3)),
            HiddenPlace(size=2, excluded=mask(7)),
        ],
    ),
}


def test_the_chi_square_tail_matches_known_values() -> None:
    # Two degrees of freedom: exactly exp(-x / 2); four: exp(-x / 2) (1 + x / 2).
    for statistic in (0.5, 3.0, 9.0, 40.0):
        assert chi_square_tail(statistic, 2) == pytest.approx(math.exp(-statistic / 2))
        assert chi_square_tail(statistic, 4) == pytest.approx(
            math.exp(-statistic / 2) * (1 + statistic / 2)
        )
    # The 5 % points of the tables: 3.841 (1 degree), 18.307 (10), 124.342 (100).
    assert chi_square_tail(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_tail(18.307038, 10) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_tail(124.342113, 100) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_tail(0.0, 5) == 1.0


@pytest.mark.parametrize("case", sorted(UNIFORMITY_CASES))
def test_every_consistent_layout_is_equally_likely(case: str) -> None:
    cards, places = UNIFORMITY_CASES[case]
    layouts = layouts_by_places(cards, places)
    if len(cards) <= 9:  # the product over every owner of every card: 4**10 is too slow
        assert set(layouts) == every_layout(cards, places)
    draws = 30 * len(layouts)
    rng = random.Random(2026)
    seen = Counter(deal_hidden(cards, places, rng) for _ in range(draws))
    assert set(seen) == set(layouts)
    assert uniformity_p(seen, layouts) > 0.001


def room_weighted_distribution(
    cards: list[int], places: list[HiddenPlace]
) -> dict[Layout, Fraction]:
    """The exact distribution of the earlier rule, for comparison: the most constrained cards
    first (then by number), each to a place it may go to with the deal still completable,
    chosen in proportion to the room left there; once only free cards are left, a uniform
    filling of the room."""
    layouts = layouts_by_places(cards, places)
    allowed = {
        card: [index for index, place in enumerate(places) if not place.excluded >> card & 1]
        for card in cards
    }
    order = sorted(cards, key=lambda card: (len(allowed[card]), card))
    chances: dict[Layout, Fraction] = {}

    def completions(placed: dict[int, int]) -> list[Layout]:
        return [
            layout
            for layout in layouts
            if all(card in layout[index] for card, index in placed.items())
        ]

    def walk(step: int, placed: dict[int, int], chance: Fraction) -> None:
        if step == len(order) or len(allowed[order[step]]) == len(places):
            rest = completions(placed)
            for layout in rest:
                chances[layout] = chances.get(layout, Fraction(0)) + chance / len(rest)
            return
        card = order[step]
        taken = list(placed.values())
        room = [place.size - taken.count(index) for index, place in enumerate(places)]
        open_places = [index for index in allowed[card] if completions({**placed, card: index})]
        total = sum(room[index] for index in open_places)
        for index in open_places:
            walk(step + 1, {**placed, card: index}, chance * Fraction(room[index], total))

    walk(0, {}, Fraction(1))
    return chances


def test_the_room_weighted_rule_would_fail_where_the_exact_draw_passes() -> None:
    cards, places = UNIFORMITY_CASES["two voids"]
    layouts = layouts_by_places(cards, places)
    assert len(layouts) == 147
    old = room_weighted_distribution(cards, places)
    assert sum(old.values()) == 1
    distance = sum(abs(old.get(layout, Fraction(0)) - Fraction(1, 147)) for layout in layouts) / 2
    assert distance > Fraction(1, 5)
    # Card 0 (of the suit place 0 is out of) is in place 1 in 92 of the 147 layouts (0.626);
    # the room-weighted rule sends it there half the time.
    exact = Fraction(sum(1 for layout in layouts if 0 in layout[1]), 147)
    assert exact == Fraction(92, 147)
    assert sum(chance for layout, chance in old.items() if 0 in layout[1]) == Fraction(1, 2)
    # At the sample size of the uniformity test, chi-square rejects the old rule outright...
    draws = 30 * len(layouts)
    rng = random.Random(2026)
    weights = [float(old.get(layout, 0)) for layout in layouts]
    old_seen = Counter(rng.choices(layouts, weights=weights, k=draws))
    assert uniformity_p(old_seen, layouts) < 1e-9
    # ... while the sampler's marginal is within 0.03 of the exact 0.626 (the old one is 0.5).
    new_seen = Counter(deal_hidden(cards, places, rng) for _ in range(draws))
    marginal = sum(count for layout, count in new_seen.items() if 0 in layout[1]) / draws
    assert abs(marginal - 92 / 147) < 0.03


def random_instance(seed: int) -> tuple[list[int], list[HiddenPlace]]:
    """Nine cards (numbers up to 31) in three or four places of at least one card, each card
    excluded from each place with chance 0.3, drawn from ``seed`` until it has between 30 and
    400 layouts."""
    rng = random.Random(seed)
    while True:
        cards = sorted(rng.sample(range(32), 9))
        count = rng.randint(3, 4)
        cuts = sorted(rng.sample(range(1, 9), count - 1))
        sizes = [high - low for low, high in zip([0, *cuts], [*cuts, 9], strict=True)]
        places = [
            HiddenPlace(size=size, excluded=sum(1 << card for card in cards if rng.random() < 0.3))
            for size in sizes
        ]
        if 30 <= len(layouts_by_places(cards, places)) <= 400:
            return cards, places


@pytest.mark.parametrize("seed", range(6))
def test_random_exclusions_give_equally_likely_layouts(seed: int) -> None:
    cards, places = random_instance(seed)
    layouts = layouts_by_places(cards, places)
    rng = random.Random(seed)
    seen = Counter(deal_hidden(cards, places, rng) for _ in range(30 * len(layouts)))
    assert set(seen) == set(layouts)
    assert uniformity_p(seen, layouts) > 0.001
