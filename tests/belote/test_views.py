"""What each seat sees: its own hand only, sizes, turn-up, bids, trick, contract, belote, moves."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.base import (
    Suit,
    parse_card,
)
from parlour.belote import BeloteState, BeloteView, Phase
from tests.belote.helpers import deal_text, new_match, start_deal
from tests.helpers import cards, run

HANDS = ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH AH 7D", "8D 9D 10D JD QD"]
STOCK = "KD AD 7C 8C 9C 10C JC QC KC AC QH"
DEAL = deal_text(HANDS, "KH", STOCK)
# Seats 2 and 3 swap 7D and 8D; the stock is unchanged: seats 0 and 1 cannot tell.
DEAL_SWAPPED = deal_text(
    ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH AH 8D", "7D 9D 10D JD QD"], "KH", STOCK
)


def view_of(state: BeloteState, seat: int | None) -> BeloteView:
    result = parlour.view(state, seat)
    assert isinstance(result, BeloteView)
    return result


def bidding() -> BeloteState:
    return run(new_match(dealer=0), [DEAL])


def test_bidding_view_of_the_seat_to_act() -> None:
    view = view_of(bidding(), 1)
    assert view.seat == 1
    assert view.phase == "bidding_round_1"
    assert view.to_act == 1
    assert view.dealer == 0
    assert view.deal_number == 1
    assert view.hand == tuple(cards("QS KS AS 7H 8H"))
    assert view.hand_sizes == (5, 5, 5, 5)
    assert view.turnup == parse_card("KH")
    assert view.stock_size == 11
    assert view.bids == ()
    assert (view.trump, view.taker) == (None, None)
    assert view.trick == ()
    assert view.legal_moves == ("pass", "take")


def test_other_seats_see_their_own_hand_and_no_moves() -> None:
    state = bidding()
    for seat, hand in [(0, HANDS[0]), (2, HANDS[2]), (3, HANDS[3])]:
        view = view_of(state, seat)
        assert view.hand == tuple(cards(hand))
        assert view.legal_moves == ()
        assert view.to_act == 1


def test_a_spectator_sees_no_hand() -> None:
    view = view_of(bidding(), None)
    assert view.seat is None
    assert view.hand == ()
    assert view.hand_sizes == (5, 5, 5, 5)
    assert view.turnup == parse_card("KH")
    assert view.legal_moves == ()
    text = json.dumps(view.to_dict())
    for hand in HANDS:
        for one in cards(hand):
            assert f'"{one.text}"' not in text


def test_bids_are_shown_in_order() -> None:
    state = run(bidding(), ["pass", "pass", "pass", "pass", "pass"])
    view = view_of(state, 2)
    assert view.phase == "bidding_round_2"
    assert view.bids == ((1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert view.legal_moves == ("pass", "take S", "take D", "take C")


def test_after_a_second_round_take() -> None:
    state = run(bidding(), ["pass"] * 6 + ["take D"])
    view = view_of(state, 3)
    assert view.phase == "play"
    assert view.bids == (
        (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"),
        (1, "pass"), (2, "pass"), (3, "take D"),
    )  # fmt: skip
    assert (view.trump, view.taker) == (Suit.DIAMONDS, 3)
    assert view.hand == tuple(cards("KH 8D 9D 10D JD QD JC QC"))
    assert view.hand_sizes == (8, 8, 8, 8)
    assert view.stock_size == 0
    assert view.to_act == 1
    assert view.legal_moves == ()


def test_after_a_first_round_take_and_a_card() -> None:
    state = run(bidding(), ["pass", "take", "play QS"])  # seat 2 takes; seat 1 leads Q♠
    view = view_of(state, 2)
    assert view.bids == ((1, "pass"), (2, "take"))
    assert (view.trump, view.taker) == (Suit.HEARTS, 2)
    assert view.turnup == parse_card("KH")
    assert view.hand == tuple(cards("9H 10H JH KH AH 7D 8C 9C"))
    assert view.trick == ((1, parse_card("QS")),)
    assert view.to_act == 2
    assert view.hand_sizes == (8, 7, 8, 8)


def test_trick_and_legal_moves_during_play() -> None:
    state = run(bidding(), ["take", "play KS"])  # seat 1 takes and leads K♠
    view = view_of(state, 2)
    assert view.trick == ((1, parse_card("KS")),)
    assert view.to_act == 2
    assert view.hand_sizes == (8, 7, 8, 8)
    # seat 2: 9H 10H JH AH 7D + 7C 8C 9C: void in ♠, opponent winning: must trump
    assert view.legal_moves == ("play 9H", "play 10H", "play JH", "play AH")
    assert view_of(state, 3).legal_moves == ()
    state = run(state, ["play 9H", "play 10C", "play JS"])
    view = view_of(state, 0)
    assert view.trick == ()
    assert view.last_trick == (
        (1, parse_card("KS")), (2, parse_card("9H")), (3, parse_card("10C")),
        (0, parse_card("JS")),
    )  # fmt: skip
    assert view.tricks_won == (1, 0)
    assert view.to_act == 2


# Dealer 3, seat 0 takes 7♥; seat 1 holds K♥ Q♥ and plays Q♥ in trick 1, K♥ in trick 2.
BELOTE_HANDS = [
    "JH 9H AH 10H 8H 7H AS AD",
    "KH QH 7S 8S 7D 8D 7C 8C",
    "9S 10S JS QS 9D 10D JD QD",
    "KS KD 9C 10C JC QC KC AC",
]


def test_belote_is_announced_only_once_the_holder_plays_king_or_queen() -> None:
    state = start_deal(BELOTE_HANDS, dealer=3, taker=0, turnup="7H")
    assert state.table.belote_holder == 1
    for seat in (0, 1, 2, 3, None):
        assert view_of(state, seat).belote_announced is None
    state = run(state, ["play JH"])
    assert view_of(state, 0).belote_announced is None
    state = run(state, ["play QH"])
    for seat in (0, 1, 2, 3, None):
        assert view_of(state, seat).belote_announced == 1
    state = run(state, ["play 9S", "play 9C", "play 9H", "play KH"])
    assert view_of(state, 2).belote_announced == 1


def test_no_belote_announced_while_the_holder_plays_other_cards() -> None:
    hands = ["JH 9H AH 10H 8H 7H AS AD", "KH QH 7S 8S 7D 8D 7C 8C",
             "9S 10S JS QS 9D 10D JD QD", "KS KD 9C 10C JC QC KC AC"]  # fmt: skip
    state = start_deal(hands, dealer=3, taker=0, turnup="7H")
    state = run(state, ["play AS", "play 7S"])  # seat 1 follows with 7♠
    assert view_of(state, 0).belote_announced is None
    assert view_of(state, 1).belote_announced is None


def test_views_hide_the_other_hands() -> None:
    first = run(new_match(dealer=0), [DEAL])
    second = run(new_match(dealer=0), [DEAL_SWAPPED])
    assert first != second
    assert view_of(first, 0) == view_of(second, 0)
    assert view_of(first, 1) == view_of(second, 1)
    assert view_of(first, None) == view_of(second, None)
    assert view_of(first, 2) != view_of(second, 2)
    assert view_of(first, 3) != view_of(second, 3)


def test_view_when_a_deal_is_due() -> None:
    view = view_of(new_match(dealer=2), 0)
    assert view.phase == "deal_due"
    assert view.to_act is None
    assert view.hand == ()
    assert view.hand_sizes == (0, 0, 0, 0)
    assert view.turnup is None
    assert view.legal_moves == ()
    assert view.dealer == 2


@pytest.mark.parametrize("seat", [4, -1, "0", True])
def test_a_bad_seat(seat: object) -> None:
    with pytest.raises(ValueError, match="seat"):
        parlour.view(bidding(), seat)  # type: ignore[call-overload]


def test_to_dict_is_json_ready() -> None:
    state = run(bidding(), ["take", "play KS"])
    data = view_of(state, 2).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["seat"] == 2
    assert data["phase"] == "play"
    assert data["to_act"] == 2
    assert data["dealer"] == 0
    assert data["deal_number"] == 1
    assert data["hand"] == ["9H", "10H", "JH", "AH", "7D", "7C", "8C", "9C"]
    assert data["hand_sizes"] == [8, 7, 8, 8]
    assert data["turnup"] == "KH"
    assert data["stock_size"] == 0
    assert data["bids"] == [[1, "take"]]
    assert data["trump"] == "H"
    assert data["taker"] == 1
    assert data["trick"] == [[1, "KS"]]
    assert data["last_trick"] == []
    assert data["tricks_won"] == [0, 0]
    assert data["belote_announced"] is None
    assert data["match_score"] == [0, 0]
    assert data["held"] == 0
    assert data["deals"] == []
    assert data["legal_moves"] == ["play 9H", "play 10H", "play JH", "play AH"]


def test_to_dict_after_a_deal_lists_its_result() -> None:
    hands = BELOTE_HANDS
    state = start_deal(hands, dealer=3, taker=0, turnup="7H")
    while state.phase == Phase.PLAY:
        state = parlour.apply(state, parlour.legal_moves(state)[0])
    data = view_of(state, 0).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["phase"] == "deal_due"
    assert data["match_score"] == list(state.table.match_score)
    assert len(data["deals"]) == 1
    deal = data["deals"][0]
    assert deal["number"] == 1
    assert deal["dealer"] == 3
    assert deal["taker"] == 0
    assert deal["trump"] == "H"
    assert deal["turnup"] == "7H"
    assert deal["belote_team"] == 1
    assert sum(deal["card_points"]) in (162, 252)


def test_view_once_the_match_is_over() -> None:
    state = start_deal(BELOTE_HANDS, dealer=3, taker=0, turnup="7H", options={"target": None})
    while state.phase == Phase.PLAY:
        state = parlour.apply(state, parlour.legal_moves(state)[0])
    assert parlour.is_over(state)
    view = view_of(state, 1)
    assert view.phase == "over"
    assert view.to_act is None
    assert view.hand == ()
    assert view.legal_moves == ()
    assert view.match_score == state.table.match_score
    assert view.to_dict()["phase"] == "over"
