"""What the shared deal layout does beyond the trick games: fields dealt alternately into their
groups, unordered later fields listed canonically, a deck of more than 64 cards, and equal
cards held more than twice (Burraco, rules §4.2 item 5 and Settled points 2-3)."""

from __future__ import annotations

import pytest

from parlour.base import (
    JOKER,
    PIQUET_DECK,
    Card,
    parse_card,
    sort_cards,
)
from parlour.burraco._faces import DECK
from parlour.burraco.rules import DEAL_LAYOUTS, HAND_PACKETS
from parlour.engine import DealField, DealLayout
from tests.deal_layout.deals import copy_of

IN_DECK_ORDER = list(range(108))
"""A shuffle that leaves the deck as it is: position ``p`` holds ``DECK[p]``."""


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


def test_four_players_deal_one_card_each_then_alternately_into_the_pozzetti() -> None:
    """Positions 0-43 one at a time from the seat after dealer 0 (seat 1 takes 0, 4, ... 40);
    44-65 alternately into the top pozzetto (even) and the other (odd); 66 the discard; 67 on
    the stock. ``DECK`` is the first pack (suits S H D C, 2 to A), the second, four jokers."""
    made = DEAL_LAYOUTS[4].deal_of_order(IN_DECK_ORDER, HAND_PACKETS, 0)
    assert made["hands"][1] == _cards("2S 6S 10S AS 5H 9H KH 4D 8D QD 3C")
    assert made["hands"][2] == _cards("3S 7S JS 2H 6H 10H AH 5D 9D KD 4C")
    assert made["pozzetti"] == (
        _cards("2S 4S 6S 8S 10S QS AS 7C 9C JC KC"),
        _cards("3S 5S 7S 9S JS KS 2H 8C 10C QC AC"),
    )
    assert made["discard"] == ((parse_card("3H"),),)
    assert made["stock"] == (DECK[67:],)
    assert made["stock"][0][-4:] == (JOKER,) * 4 and len(made["stock"][0]) == 41


def test_two_players_deal_from_the_dealers_next_seat_and_keep_63_for_the_stock() -> None:
    made = DEAL_LAYOUTS[2].deal_of_order(IN_DECK_ORDER, HAND_PACKETS, 1)
    assert made["hands"] == (sort_cards(DECK[0:22:2]), sort_cards(DECK[1:22:2]))
    assert made["pozzetti"] == (sort_cards(DECK[22:44:2]), sort_cards(DECK[23:44:2]))
    assert made["discard"] == ((DECK[44],),)
    assert made["stock"] == (DECK[45:],)


def test_the_kth_copy_met_reads_as_the_kth_deck_index_of_that_card() -> None:
    """The four jokers are deck cards 104-107: the first met (seat 1's, when the last joker is
    dealt to it) reads as 104; the three in the stock as 105, 106, 107. The first 2S (deck card
    0), now dealt last, is the second 2S met (the other, card 52, is in the top pozzetto): it
    reads as 52."""
    order = list(IN_DECK_ORDER)
    order[0], order[107] = order[107], order[0]  # the last joker on top: seat 1's first card
    layout = DEAL_LAYOUTS[4]
    made = layout.deal_of_order(order, HAND_PACKETS, 0)
    assert made["hands"][1][-1] == JOKER
    reading = layout.read(made)
    assert reading is not None
    assert layout.read(copy_of(made)) == reading
    masks, piles = reading
    assert masks[1] >> 104 & 1 and not masks[1] >> 107 & 1
    stock = piles[-1]
    assert stock[-4:] == (105, 106, 107, 52)
    assert piles[0][0] == 0  # the top pozzetto's 2S, met first


def _small_layout(*later: DealField, alternating: tuple[str, ...] = ()) -> DealLayout:
    hands = DealField("hands", (4, 4), ordered=False)
    return DealLayout(deck=PIQUET_DECK, players=2, fields=(hands, *later), alternating=alternating)


def test_an_ordered_alternating_field_lists_each_group_as_dealt() -> None:
    layout = _small_layout(
        DealField("piles", (3, 3, 3), ordered=True), DealField("rest", (15,), ordered=True),
        alternating=("piles",),
    )  # fmt: skip
    order = list(reversed(range(32)))
    made = layout.deal_of_order(order, (4,), 1)
    # the piles take positions 8-16, one to each pile in turn: pile 0 gets 8, 11, 14
    assert made["piles"] == tuple(
        tuple(PIQUET_DECK[31 - position] for position in range(start, 17, 3))
        for start in (8, 9, 10)
    )
    assert layout.read(made) == layout.read(copy_of(made))
    reading = layout.read(copy_of(made))
    assert reading is not None
    assert reading[1][:3] == ((23, 20, 17), (22, 19, 16), (21, 18, 15))


def test_an_unordered_later_field_is_listed_canonically() -> None:
    layout = _small_layout(
        DealField("widow", (4,), ordered=False), DealField("rest", (20,), ordered=True)
    )
    order = list(reversed(range(32)))
    made = layout.deal_of_order(order, (4,), 0)
    assert made["widow"] == (PIQUET_DECK[20:24],)  # positions 8-11 hold cards 23 down to 20
    assert made["rest"] == (tuple(reversed(PIQUET_DECK[:20])),)
    reading = layout.read(made)
    assert reading is not None and reading[1][0] == (20, 21, 22, 23)
    assert layout.read(copy_of(made)) == reading


@pytest.mark.parametrize(
    ("alternating", "message"),
    [
        (("hands",), "later fields"),
        (("talon",), "later fields"),
        (("piles",), "of one size"),
    ],
)
def test_an_alternating_field_must_be_a_later_field_of_equal_groups(
    alternating: tuple[str, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _small_layout(
            DealField("piles", (3, 4), ordered=True), DealField("rest", (17,), ordered=True),
            alternating=alternating,
        )  # fmt: skip
