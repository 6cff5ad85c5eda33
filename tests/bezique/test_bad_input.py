"""Bad input: each gives its specific error and leaves the state exactly as it was."""

from __future__ import annotations

import pytest

import parlour
from parlour import PIQUET_DECK, NotationError
from parlour.bezique import BeziqueState, Phase
from tests.bezique.helpers import (
    deal_text,
    held_faces,
    new_match,
    play_to_end,
    play_to_last_stage,
    start,
    stock_for,
    win_with,
)
from tests.helpers import refused

HANDS = ["KS QS AC AD AS AH 8C 9C", "7S 8S 9S 7C 8C 9C 7D 8D"]
STOCK = stock_for(HANDS, "KH")
DEAL = deal_text(HANDS, "KH", STOCK)


def deal_due() -> BeziqueState:
    return new_match()


def playing() -> BeziqueState:
    state: BeziqueState = parlour.apply(deal_due(), DEAL)  # seat 0 leads
    return state


def following() -> BeziqueState:
    state: BeziqueState = parlour.apply(playing(), "play AC")  # seat 1 follows
    return state


def declaring() -> BeziqueState:
    state = win_with(playing(), "AC")  # seat 0 won trick 1
    assert state.phase == Phase.DECLARE and state.to_act == 0
    return state


def last_stage() -> BeziqueState:
    state = play_to_last_stage(playing())
    assert state.phase == Phase.LAST_STAGE
    return state


def over() -> BeziqueState:
    state = play_to_end(start(HANDS, "KH", options={"target": None}))
    assert parlour.is_over(state)
    return state


STATES = {
    "deal_due": deal_due,
    "playing": playing,
    "following": following,
    "declaring": declaring,
    "last_stage": last_stage,
    "over": over,
}

# --- notation (the shapes every game shares are in tests/conformance/test_notation_shapes.py) ---


def test_notation_error_messages_say_what_the_move_takes() -> None:
    state = declaring()
    with pytest.raises(NotationError, match="one card"):
        parlour.apply(state, "play QS KS")
    with pytest.raises(NotationError, match="no argument"):
        parlour.apply(state, "draw now")


def test_notation_is_case_and_space_insensitive() -> None:
    state = declaring()
    assert str(parlour.parse_move(state, "  MELD   ks  Q♠ ")) == "meld QS KS"
    assert str(parlour.parse_move(state, "Meld TS 10s")) == "meld 10S 10S"
    assert str(parlour.parse_move(state, "DRAW")) == "draw"
    assert str(parlour.parse_move(state, "Exchange")) == "exchange"
    assert str(parlour.parse_move(state, "play t♥")) == "play 10H"


def test_a_meld_of_six_cards_forms_no_meld() -> None:
    """Settled point 5: cards named in ``meld`` that form no meld are an illegal move
    (``bezique.not_a_meld``), not a notation problem."""
    state = declaring()
    refused(state, "meld KS QS AC AD AS AH", "bezique.not_a_meld")


# --- turn ---------------------------------------------------------------------------------------


def test_play_out_of_turn() -> None:
    state = playing()
    message = refused(state, "play 7S", "turn.not_your_turn", seat=1)
    assert "seat 0" in message and "seat 1" in message
    assert parlour.apply(state, "play AC", seat=0).to_act == 1
    refused(following(), "play AS", "turn.not_your_turn", seat=0)


def test_the_trick_loser_cannot_declare_or_draw() -> None:
    state = declaring()
    for text in ("draw", "meld KS QS", "exchange", "show", "play 7S"):
        refused(state, text, "turn.not_your_turn", seat=1)
    assert parlour.apply(state, "draw", seat=0).phase == Phase.PLAY


def test_deal_with_a_seat_is_not_your_turn() -> None:
    refused(deal_due(), DEAL, "turn.not_your_turn", seat=0)


@pytest.mark.parametrize("move", ["play QS", "meld KS QS", "exchange", "show", "draw", DEAL])
def test_moves_after_the_match_is_over(move: str) -> None:
    assert "over" in refused(over(), move, "turn.match_over")


@pytest.mark.parametrize("move", ["play QS", "meld KS QS", "exchange", "show", "draw"])
def test_a_move_while_a_deal_is_due(move: str) -> None:
    refused(deal_due(), move, "turn.deal_due")


@pytest.mark.parametrize("make", ["playing", "declaring", "last_stage"])
def test_a_deal_when_none_is_due(make: str) -> None:
    refused(STATES[make](), DEAL, "turn.no_deal_due")


# --- phases and cards -----------------------------------------------------------------------------


def test_playing_during_the_declare_window() -> None:
    state = declaring()
    message = refused(state, "play KS", "phase.wrong_move")
    assert "draw" in message
    refused(state, "play 7S", "phase.wrong_move")  # seat 0 does not hold it: the phase first


@pytest.mark.parametrize("move", ["draw", "meld KS QS", "exchange", "show"])
@pytest.mark.parametrize("make", ["playing", "following", "last_stage"])
def test_window_moves_outside_the_window(make: str, move: str) -> None:
    message = refused(STATES[make](), move, "phase.wrong_move")
    assert "winner" in message


@pytest.mark.parametrize(("card", "shown"), [("KH", "K♥"), ("7S", "7♠"), ("2H", "2♥")])
def test_a_card_not_held(card: str, shown: str) -> None:
    message = refused(playing(), f"play {card}", "card.not_held")
    assert shown in message


def test_a_card_not_held_in_the_last_stage() -> None:
    state = last_stage()
    holding = held_faces(state.hands[state.to_act])
    missing = next(card.text for card in PIQUET_DECK if card.text not in holding)
    refused(state, f"play {missing}", "card.not_held")


def test_a_joker_is_not_held() -> None:
    refused(playing(), "play JK", "card.not_held")


# --- bad deals ----------------------------------------------------------------------------------


def test_a_deal_with_the_wrong_zone_sizes() -> None:
    short = deal_text([HANDS[0], HANDS[1] + " 9D"], "KH", STOCK[1:])
    message = refused(deal_due(), short, "deal.bad_layout")
    assert "8/9" in message
    assert "47" in refused(deal_due(), deal_text(HANDS, "KH", STOCK[:-1]), "deal.bad_layout")
    hands = "/".join(hand.replace(" ", ",") for hand in HANDS)
    two_turnups = f"deal hands:{hands} turnup:KH,{STOCK[-1]} stock:{','.join(STOCK[:-1])}"
    assert "turnup" in refused(deal_due(), two_turnups, "deal.bad_layout")


def test_a_deal_that_is_not_the_deck() -> None:
    third_king = deal_text(HANDS, "KH", ["KS", *STOCK[1:]])  # a third K♠, one card missing
    message = refused(deal_due(), third_king, "deal.not_the_deck")
    assert "KS" in message and STOCK[0] in message
    foreign = deal_text(HANDS, "KH", ["2S", *STOCK[1:]])
    assert "2S" in refused(deal_due(), foreign, "deal.not_the_deck")
