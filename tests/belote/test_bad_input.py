"""Bad input: each gives its specific error and leaves the state exactly as it was."""

from __future__ import annotations

import copy

import pytest

import parlour
from parlour import IllegalMoveError, NotationError, OptionsError, ParlourError
from parlour.belote import BeloteState, Phase, Play
from parlour.cards import parse_card
from tests.belote.helpers import deal_text, new_match, play_example, run, snapshot

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


STATES = {"deal_due": deal_due, "bidding": bidding, "playing": playing, "over": over}


def refused(state: BeloteState, move: str, rule: str, *, seat: int | None = None) -> str:
    """Assert that ``move`` is refused with ``rule`` and changes nothing; return the message."""
    before = snapshot(state)
    twin = copy.deepcopy(state)
    violation = parlour.check(state, move, seat=seat)
    assert violation is not None
    assert violation.rule == rule
    with pytest.raises(IllegalMoveError) as raised:
        parlour.apply(state, move, seat=seat)
    error = raised.value
    assert error.rule == rule
    assert error.message == violation.message
    assert str(error.move) == str(parlour.parse_move(state, move))
    assert rule in str(error)
    assert isinstance(error, ValueError)
    assert isinstance(error, ParlourError)
    assert snapshot(state) == before
    assert state == twin
    return violation.message


# --- notation ---------------------------------------------------------------------------------

BAD_TEXTS = [
    "",
    "   ",
    "meld JH",
    "discard 7S",
    "bid 80 H",
    "play",
    "play ZZ",
    "play 1H",
    "play 11H",
    "play JH QH",
    "play H",
    "take X",
    "take H S",
    "take 10",
    "pass now",
    "pass pass",
    "deal",
    # a missing field
    "deal hands:" + "/".join(h.replace(" ", ",") for h in HANDS) + " turnup:KH",
    # a repeated field
    "deal hands:7S/8S hands:7S/8S stock:7C",
    # an unknown field
    "deal hands:"
    + "/".join(h.replace(" ", ",") for h in HANDS)
    + " turnup:KH talon:"
    + STOCK.replace(" ", ","),
    # misordered fields
    "deal turnup:KH hands:"
    + "/".join(h.replace(" ", ",") for h in HANDS)
    + " stock:"
    + STOCK.replace(" ", ","),
    # a field without its name
    "deal "
    + "/".join(h.replace(" ", ",") for h in HANDS)
    + " turnup:KH stock:"
    + STOCK.replace(" ", ","),
    # a bad card token inside a deal
    DEAL.replace("7S", "XS"),
    # one field too many
    DEAL + " extra:7S",
]


@pytest.mark.parametrize("phase", list(STATES))
@pytest.mark.parametrize("text", BAD_TEXTS)
def test_malformed_text_is_a_notation_error(phase: str, text: str) -> None:
    state = STATES[phase]()
    before = snapshot(state)
    with pytest.raises(NotationError) as raised:
        parlour.apply(state, text)
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, ParlourError)
    with pytest.raises(NotationError):
        parlour.parse_move(state, text)
    with pytest.raises(NotationError):
        parlour.check(state, text)
    assert snapshot(state) == before


def test_notation_error_messages_name_the_problem() -> None:
    state = bidding()
    with pytest.raises(NotationError, match="meld"):
        parlour.apply(state, "meld JH")
    with pytest.raises(NotationError, match="ZZ"):
        parlour.apply(state, "play ZZ")
    with pytest.raises(NotationError, match="X"):
        parlour.apply(state, "take X")
    with pytest.raises(NotationError, match="stock"):
        parlour.apply(deal_due(), "deal hands:7S/8S/9S/10S turnup:KH")


def test_a_move_that_is_not_text_or_a_move() -> None:
    with pytest.raises(NotationError):
        parlour.parse_move(bidding(), 42)  # type: ignore[arg-type]


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


@pytest.mark.parametrize("name", ["bridge", "Belote", "", "belote "])
def test_new_game_with_a_bad_name(name: str) -> None:
    with pytest.raises(OptionsError) as raised:
        parlour.new_game(name)
    assert "belote" in str(raised.value)


@pytest.mark.parametrize("dealer", [4, -1, True, "0", 1.0, None])
def test_new_game_with_a_bad_dealer(dealer: object) -> None:
    with pytest.raises(OptionsError, match="dealer"):
        parlour.new_game("belote", dealer=dealer)  # type: ignore[arg-type]


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
