"""`parlour.engine`: where the rules put each position of a shuffled deck, and the reading
of a deal back into deck indexes, which must agree with the readers the games had before (kept
in `old_random_deals`) on good deals and on every kind of bad one."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import parlour
from parlour.base import (
    JOKER,
    PIQUET_DECK,
    Card,
    parse_card,
)
from parlour.belote._dealing import stock_shares
from parlour.belote.rules import DEAL_LAYOUT as BELOTE_LAYOUT
from parlour.bezique.rules import DEAL_LAYOUT as BEZIQUE_LAYOUT
from parlour.ecarte.rules import DEAL_LAYOUT as ECARTE_LAYOUT
from parlour.engine import (
    Deal,
    DealField,
    DealLayout,
    DealtIndexes,
    seat_packet_positions,
    shuffled_positions,
)
from tests.deal_layout.deals import copy_of, with_group
from tests.deal_layout.old_random_deals import (
    old_belote_read_deal,
    old_bezique_deck_layout,
    old_ecarte_deck_layout,
)

OldReading = tuple[tuple[int, ...], int, tuple[int, ...]]


def _as_old(reading: DealtIndexes | None) -> OldReading | None:
    """A reading in the games' old form: hand masks, the turn-up's index, the pile's indexes."""
    if reading is None:
        return None
    hands, ((turnup,), pile) = reading
    return hands, turnup, pile


def _bad_deals(deal: Deal) -> list[Deal]:
    """Deals that are not the deck in the layout: every way the readers refuse one."""
    fields = deal.fields
    hands = fields[0][1]
    first, second = hands[0], hands[1]
    pile = fields[2][1][0]
    return [
        Deal(fields[:2]),  # a field missing
        Deal((fields[1], fields[0], fields[2])),  # fields out of order
        Deal((("hand", hands), *fields[1:])),  # a wrong name
        Deal(((1, hands), *fields[1:])),  # type: ignore[arg-type]  # a name that is not text
        Deal(list(fields)),  # type: ignore[arg-type]  # a list of fields
        Deal(((fields[0][0], hands, ()), *fields[1:])),  # type: ignore[arg-type]  # a triple
        Deal(((fields[0][0], list(hands)), *fields[1:])),  # type: ignore[arg-type]
        with_group(deal, 0, 0, list(first)),  # a hand as a list
        with_group(deal, 0, 0, first[:-1]),  # a hand short of a card
        with_group(deal, 0, 0, (*first[:-1], second[0])),  # a card twice, one missing
        with_group(deal, 0, 0, (*first[:-1], JOKER)),  # a card of another deck
        with_group(deal, 0, 0, (*first[:-1], parse_card("2H"))),
        with_group(deal, 0, 0, (*first[:-1], "AS")),  # not a Card
        with_group(deal, 2, 0, (*pile[:-1], first[0])),  # a card twice across fields
        Deal((fields[0], fields[1], (fields[2][0], (pile, ())))),  # a group too many
    ]


READERS: list[tuple[str, DealLayout, Callable[[Deal], OldReading | None]]] = [
    ("belote", BELOTE_LAYOUT, old_belote_read_deal),
    ("ecarte", ECARTE_LAYOUT, old_ecarte_deck_layout),
    ("bezique", BEZIQUE_LAYOUT, old_bezique_deck_layout),
]


@pytest.mark.parametrize(("game", "layout", "old_read"), READERS)
def test_reading_a_deal_is_as_the_old_reader_read_it(
    game: str, layout: DealLayout, old_read: Callable[[Deal], OldReading | None]
) -> None:
    for seed in range(25):
        state = parlour.new_game(game, dealer=seed % 2)
        made = parlour.random_deal(state, random.Random(seed))
        expected = old_read(made)
        assert expected is not None
        assert _as_old(layout.read(made)) == expected  # remembered when it was made
        fresh = copy_of(made)
        assert _as_old(layout.read(fresh)) == expected  # read afresh
        assert _as_old(layout.read(fresh)) == expected  # remembered when it was read
        for bad in _bad_deals(made):
            assert old_read(bad) is None
            assert layout.read(bad) is None
            assert layout.read(bad) is None  # a refused deal is not remembered as read
        assert _as_old(layout.read(made)) == expected  # read again, others read since


def test_bezique_copies_read_first_met_first() -> None:
    """Each face is in the deck twice: the first copy met (hands in seat order, then the turn-up,
    then the stock) is copy 0 (bit ``face``), the second copy 1 (bit ``face + 32``)."""
    order = list(range(64))
    order[0], order[32] = order[32], order[0]  # the second 7S on top, the first inside the deck
    made = BEZIQUE_LAYOUT.deal_of_order(order, (8,), 1)  # seat 0 first: positions 0-7
    seven_of_spades = PIQUET_DECK[0]
    assert made["hands"][0][0] == seven_of_spades
    reading = BEZIQUE_LAYOUT.read(made)
    assert reading is not None
    hands, _ = reading
    assert hands[0] & 1 and not hands[0] >> 32 & 1  # read as copy 0, though it was card 32
    assert BEZIQUE_LAYOUT.read(copy_of(made)) == reading
    both = BEZIQUE_LAYOUT.deal_of_order([0, 32, *range(1, 32), *range(33, 64)], (8,), 1)
    read_both = BEZIQUE_LAYOUT.read(both)
    assert read_both is not None
    assert read_both[0][0] & (1 | 1 << 32) == 1 | 1 << 32  # one hand holds both 7S


def test_hand_positions_follow_the_packets_from_the_dealers_next_seat() -> None:
    """Belote §3.2: 5 cards each in packets of 3 then 2, from the seat after the dealer; the
    21st card (position 20) is the turn-up."""
    assert BELOTE_LAYOUT.hand_positions((3, 2), 0) == (
        (9, 10, 11, 18, 19),
        (0, 1, 2, 12, 13),
        (3, 4, 5, 14, 15),
        (6, 7, 8, 16, 17),
    )
    assert ECARTE_LAYOUT.hand_positions((2, 3), 1) == ((0, 1, 4, 5, 6), (2, 3, 7, 8, 9))
    order = list(range(32))
    made = BELOTE_LAYOUT.deal_of_order(order, (3, 2), 0)
    assert made["turnup"] == ((PIQUET_DECK[20],),)
    assert made["stock"] == (PIQUET_DECK[21:],)


def test_the_stock_goes_out_three_to_each_seat_and_two_to_the_taker() -> None:
    """Belote §3.2 END_BIDDING: from the top of the stock, seat after the dealer first, ending
    with the dealer, 3 cards to each seat but 2 to the taker."""
    assert stock_shares(0, 2) == ((8, 9, 10), (0, 1, 2), (3, 4), (5, 6, 7))
    assert stock_shares(3, 3) == ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10))
    assert seat_packet_positions([(1, 2, 3)], 0, 3, start=5) == ((10,), (5, 6), (7, 8, 9))


def test_packets_that_do_not_make_a_hand_are_refused() -> None:
    with pytest.raises(ValueError, match="do not make a hand"):
        ECARTE_LAYOUT.hand_positions((3, 3), 0)


@pytest.mark.parametrize(
    "fields",
    [
        (DealField("hands", (5, 5, 5), ordered=False), DealField("stock", (17,), ordered=True)),
        (DealField("hands", (5, 5), ordered=True), DealField("stock", (22,), ordered=True)),
        (DealField("hands", (5, 6), ordered=False), DealField("stock", (21,), ordered=True)),
        (DealField("hands", (5, 5), ordered=False), DealField("stock", (21,), ordered=True)),
        (),
    ],
)
def test_a_layout_that_is_not_hands_then_the_rest_of_the_deck_is_refused(
    fields: tuple[DealField, ...],
) -> None:
    with pytest.raises(ValueError, match="deal layout"):
        DealLayout(deck=PIQUET_DECK, players=2, fields=fields)


def test_a_layout_of_an_unsorted_deck_lists_hands_canonically_and_reads_by_deck_index() -> None:
    deck: tuple[Card, ...] = tuple(reversed(PIQUET_DECK))
    layout = DealLayout(
        deck=deck, players=2,
        fields=(DealField("hands", (4, 4), ordered=False), DealField("rest", (24,), ordered=True)),
    )  # fmt: skip
    made = layout.deal_of_order(list(range(32)), (4,), 1)
    assert made["hands"] == (tuple(reversed(deck[:4])), tuple(reversed(deck[4:8])))
    assert made["rest"] == (deck[8:],)
    reading = layout.read(made)
    assert reading == ((0b1111, 0b11110000), (tuple(range(8, 32)),))
    assert layout.read(copy_of(made)) == reading


class OwnDraws(random.Random):
    """A subclass of `random.Random`: its ``shuffle`` is called itself."""


@pytest.mark.parametrize("size", [1, 2, 5, 32, 64, 100])
def test_shuffled_positions_are_those_rng_shuffle_leaves(size: int) -> None:
    for seed in range(10):
        for kind in (random.Random, OwnDraws):
            expected = list(range(size))
            kind(seed).shuffle(expected)
            rng = kind(seed)
            assert shuffled_positions(rng, size) == expected
            after = kind(seed)
            after.shuffle(list(range(size)))
            assert rng.random() == after.random()  # the same numbers were drawn
