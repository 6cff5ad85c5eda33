"""Bad input: each gives its specific error and leaves the state exactly as it was."""

from __future__ import annotations

import pytest

import parlour
from parlour import IllegalMoveError, NotationError, OptionsError, ParlourError
from parlour.base import parse_card
from parlour.belote import BeloteState, Phase, Play
from tests.belote.helpers import deal_text, new_match, play_example
from tests.helpers import refused, run

HANDS = ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH AH 7D", "8D 9D 10D JD QD"]
STOCK = "KD AD 7C 8C 9C 10C JC QC KC AC QH"
DEAL = deal_text(HANDS, "KH", STOCK)


def deal_due() -> BeloteState:
    return new_match(dealer=0)


def bidding() -> BeloteState:
    return run(deal_due(), [DEAL])  # seat 1 to bid


def playing() -> BeloteState:
    return run(bidding(), ["take"])  # seat 1 took and leads: QS KS AS 7H 8H KH KD AD


def over() -> BeloteState:
    state = play_example("ex1", {"target": None})
    assert parlour.is_over(state)
    return state


# --- notation (the shapes every game shares are in tests/conformance/test_notation_shapes.py) ---


def test_a_bad_suit_after_take_is_named() -> None:
    with pytest.raises(NotationError, match="X"):
        parlour.apply(bidding(), "take X")


# --- turn --------------------------------------------------------------------------------------


def test_bid_out_of_turn() -> None:
    state = bidding()
    message = refused(state, "pass", "turn.not_your_turn", seat=2)
    assert "seat 1" in message
    assert "seat 2" in message
    refused(state, "take", "turn.not_your_turn", seat=0)
    assert parlour.check(state, "pass", seat=1) is None
    assert parlour.apply(state, "pass", seat=1).to_act == 2


def test_play_out_of_turn() -> None:
    state = playing()
    assert parlour.current_player(state) == 1
    refused(state, "play QS", "turn.not_your_turn", seat=3)
    assert parlour.apply(state, "play QS", seat=1).to_act == 2


def test_deal_with_a_seat_is_not_your_turn() -> None:
    refused(deal_due(), DEAL, "turn.not_your_turn", seat=0)


@pytest.mark.parametrize("move", ["pass", "take", "take S", "play JH", DEAL])
def test_moves_after_the_match_is_over(move: str) -> None:
    state = over()
    assert "over" in refused(state, move, "turn.match_over")


@pytest.mark.parametrize("move", ["pass", "take", "take S", "play JH"])
def test_a_move_while_a_deal_is_due(move: str) -> None:
    refused(deal_due(), move, "turn.deal_due")


@pytest.mark.parametrize("make", [bidding, playing])
def test_a_deal_when_none_is_due(make: object) -> None:
    assert callable(make)
    state = make()
    refused(state, DEAL, "turn.no_deal_due")


# --- cards and phases ----------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "shown"), [("AC", "A♣"), ("JH", "J♥"), ("2H", "2♥")])
def test_a_card_not_held(card: str, shown: str) -> None:
    message = refused(playing(), f"play {card}", "card.not_held")
    assert shown in message


def test_a_joker_is_not_held() -> None:
    refused(playing(), "play JK", "card.not_held")


@pytest.mark.parametrize("move", ["play QS", "play 7S"])
def test_play_during_bidding(move: str) -> None:
    refused(bidding(), move, "phase.wrong_move")


@pytest.mark.parametrize("move", ["pass", "take", "take S"])
def test_bids_during_play(move: str) -> None:
    state = playing()
    assert state.phase == Phase.PLAY
    refused(state, move, "phase.wrong_move")


def test_play_move_record_of_an_unknown_card() -> None:
    state = playing()
    violation = parlour.check(state, Play(parse_card("2C")))
    assert violation is not None
    assert violation.rule == "card.not_held"


# --- deals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (deal_text(["7S 7S 9S 10S JS", *HANDS[1:]], "KH", STOCK), ["7S", "8S"]),  # duplicate
        (deal_text(["2H 8S 9S 10S JS", *HANDS[1:]], "KH", STOCK), ["2H", "7S"]),
        (deal_text(HANDS, "JK", STOCK), ["JK", "KH"]),
        (deal_text(HANDS, "QH", STOCK), ["QH", "KH"]),  # Q♥ twice, K♥ missing
    ],
)
def test_a_deal_that_is_not_the_deck(text: str, words: list[str]) -> None:
    message = refused(deal_due(), text, "deal.not_the_deck")
    for word in words:
        assert word in message


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        (deal_text(["7S 8S 9S 10S JS KD", *HANDS[1:]], "KH", STOCK.replace("KD ", "")), "hands"),
        ("deal hands:" + "/".join(h.replace(" ", ",") for h in HANDS[:3])
         + " turnup:KH stock:" + STOCK.replace(" ", ","), "hands"),
        (deal_text(HANDS, "KH,QH", STOCK.replace(" QH", "")), "turnup"),
        (deal_text(HANDS, "KH", STOCK.replace(" QH", "")), "stock"),
        (deal_text(["7S 8S 9S 10S", *HANDS[1:]], "KH", STOCK), "hands"),
    ],
)  # fmt: skip
def test_a_deal_with_wrong_zone_sizes(text: str, zone: str) -> None:
    message = refused(deal_due(), text, "deal.bad_layout")
    assert zone in message


def test_a_good_deal_is_accepted() -> None:
    state = parlour.apply(deal_due(), DEAL)
    assert state.phase == Phase.BID_ROUND_1


# --- new_game ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [4, -1, True, "0", 1.0, None])
def test_new_game_with_a_bad_dealer(dealer: object) -> None:
    with pytest.raises(OptionsError, match="dealer"):
        parlour.new_game("belote", dealer=dealer)  # type: ignore[call-overload]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_new_game_with_each_dealer(dealer: int) -> None:
    state = parlour.new_game("belote", dealer=dealer)
    assert state.table.dealer == dealer
    assert parlour.current_player(state) is parlour.CHANCE


def test_error_classes() -> None:
    for cls in (NotationError, IllegalMoveError, OptionsError, parlour.LogError):
        assert issubclass(cls, ParlourError)
        assert issubclass(cls, ValueError)
    error = IllegalMoveError("belote.must_follow", "you must follow", "play JH")
    assert (error.rule, error.message, error.move) == ("belote.must_follow", "you must follow",
                                                       "play JH")  # fmt: skip
    assert str(error) == "you must follow [belote.must_follow]"


def test_no_legal_moves_at_a_chance_node_or_once_over() -> None:
    assert tuple(parlour.legal_moves(deal_due())) == ()
    assert tuple(parlour.legal_moves(over())) == ()
    assert parlour.is_chance(deal_due())
    assert parlour.current_player(over()) is None
