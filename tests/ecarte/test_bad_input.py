"""Bad input: each gives its specific error and leaves the state exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import parlour
from parlour import IllegalMoveError, NotationError, OptionsError
from parlour.base import parse_card
from parlour.ecarte import Discard, EcarteState, Phase, Play
from tests.ecarte.helpers import deal_text, hand_texts, new_match, play_forced_deal
from tests.helpers import refused, run

ND_HAND = "7S 8S 9S 10S JS"
D_HAND = "KS 8D 9D 10D JD"
DEAL = deal_text(ND_HAND, D_HAND)  # dealer 0, turn-up 8♥; the non-dealer is seat 1


def deal_due() -> EcarteState:
    return new_match(dealer=0)


def deciding() -> EcarteState:
    return run(deal_due(), [DEAL])


def responding() -> EcarteState:
    return run(deciding(), ["propose"])


def nondealer_discarding() -> EcarteState:
    return run(responding(), ["accept"])


def dealer_discarding() -> EcarteState:
    return run(nondealer_discarding(), ["discard 7S"])


def playing() -> EcarteState:
    return run(deciding(), ["propose", "refuse", "play 7S"])  # the dealer to follow


def over() -> EcarteState:
    state = play_forced_deal(3, "normal", {"target": None})
    assert parlour.is_over(state)
    return state


STATES: dict[str, Callable[[], EcarteState]] = {
    "deal_due": deal_due,
    "deciding": deciding,
    "responding": responding,
    "nondealer_discarding": nondealer_discarding,
    "dealer_discarding": dealer_discarding,
    "playing": playing,
    "over": over,
}


# --- notation (the shapes every game shares are in tests/conformance/test_notation_shapes.py) ---


def test_notation_error_messages_name_the_problem() -> None:
    state = deciding()
    with pytest.raises(NotationError, match="7S twice"):
        parlour.parse_move(state, "discard 7S 7s")
    with pytest.raises(NotationError, match="at most 5"):
        parlour.parse_move(state, "discard 7S 8S 9S 10S JS QS")
    with pytest.raises(NotationError, match="takes no argument"):
        parlour.parse_move(state, "king KH")


def test_notation_is_case_and_space_tolerant_and_canonical() -> None:
    state = deciding()
    assert str(parlour.parse_move(state, "discard jd 7s 10S")) == "discard 7S 10S JD"
    assert parlour.parse_move(state, "discard JD 7S") == parlour.parse_move(state, "discard 7S JD")
    assert parlour.parse_move(state, "discard 2H 7S") == Discard(
        (parse_card("7S"), parse_card("2H"))
    )


# --- turn --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "move", "seat"),
    [(deciding, "propose", 0), (responding, "accept", 1), (nondealer_discarding, "discard 7S", 0),
     (dealer_discarding, "discard", 1), (playing, "play KS", 1)],
)  # fmt: skip
def test_out_of_turn(make: Callable[[], EcarteState], move: str, seat: int) -> None:
    state = make()
    message = refused(state, move, "turn.not_your_turn", seat=seat)
    assert f"seat {1 - seat}'s turn" in message
    assert parlour.check(state, move, seat=1 - seat) is None


def test_deal_with_a_seat() -> None:
    refused(deal_due(), DEAL, "turn.not_your_turn", seat=0)


@pytest.mark.parametrize(
    "move", ["propose", "accept", "refuse", "king", "discard", "play 7S", DEAL]
)
def test_moves_after_the_match_is_over(move: str) -> None:
    assert "over" in refused(over(), move, "turn.match_over")


@pytest.mark.parametrize("move", ["propose", "accept", "refuse", "king", "discard", "play 7S"])
def test_a_move_while_a_deal_is_due(move: str) -> None:
    refused(deal_due(), move, "turn.deal_due")


@pytest.mark.parametrize("phase", ["deciding", "responding", "dealer_discarding", "playing"])
def test_a_deal_when_none_is_due(phase: str) -> None:
    refused(STATES[phase](), DEAL, "turn.no_deal_due")


# --- moves of the wrong phase ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("phase", "move", "words"),
    [
        ("deciding", "accept", "no proposal"),
        ("deciding", "refuse", "no proposal"),
        ("deciding", "discard 7S", "no exchange"),
        ("responding", "propose", "accept or refuse"),
        ("responding", "play KS", "accept or refuse"),
        ("responding", "discard KS", "no exchange"),
        ("nondealer_discarding", "play 7S", "exchange is not complete"),
        ("nondealer_discarding", "propose", "discard first"),
        ("nondealer_discarding", "accept", "no proposal"),
        ("dealer_discarding", "play KS", "exchange is not complete"),
        ("dealer_discarding", "refuse", "no proposal"),
        ("playing", "propose", "play has begun"),
        ("playing", "accept", "no proposal"),
        ("playing", "discard KS", "no exchange"),
    ],
)
def test_wrong_phase(phase: str, move: str, words: str) -> None:
    assert words in refused(STATES[phase](), move, "phase.wrong_move")


def test_playing_before_the_exchange_is_complete_is_refused_with_a_clear_message() -> None:
    message = refused(nondealer_discarding(), "play 7S", "phase.wrong_move")
    assert message == "the exchange is not complete: discard first (for example 'discard 7S 8H')"


# --- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phase", "move", "shown"),
    [
        ("deciding", "play KS", "K♠"),
        ("deciding", "play 2H", "2♥"),
        ("deciding", "play JK", "🃏"),
        ("playing", "play 7S", "7♠"),  # already played
        ("nondealer_discarding", "discard 7S KS", "K♠"),
        ("nondealer_discarding", "discard 2H", "2♥"),
        ("dealer_discarding", "discard 7S", "7♠"),  # the non-dealer's card
        ("dealer_discarding", "discard KS JS", "J♠"),
    ],
)
def test_cards_not_held(phase: str, move: str, shown: str) -> None:
    assert shown in refused(STATES[phase](), move, "card.not_held")


def test_a_play_record_of_a_card_outside_the_deck() -> None:
    violation = parlour.check(deciding(), Play(parse_card("2C")))
    assert violation is not None and violation.rule == "card.not_held"


def test_too_few_cards_discarded() -> None:
    message = refused(nondealer_discarding(), "discard", "ecarte.discard_count")
    assert "at least one" in message


def test_too_many_cards_for_the_talon() -> None:
    """The talon holds 1 card after two exchanges of 5 and 5: two cards are too many."""
    state = deciding()
    for _ in range(2):
        state = run(state, ["propose", "accept"])
        for _ in range(2):
            state = parlour.apply(state, parlour.legal_moves(state)[-1])  # all five cards
    assert len(state.exchange.talon) == 1
    state = run(state, ["propose", "accept"])
    hand = hand_texts(state, 1)
    message = refused(state, f"discard {hand[0]} {hand[1]}", "ecarte.discard_count")
    assert message == "the talon holds 1 card(s): discard at most 1"


def test_a_legal_discard_after_the_refusals_still_applies() -> None:
    state = nondealer_discarding()
    refused(state, "discard 7S KS", "card.not_held")
    after = run(state, ["discard 7S 8S"])
    assert after.phase == Phase.DISCARD_DEALER


# --- deals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        (DEAL.replace("/7S,", "/KS,"), "deal.not_the_deck", ["KS", "7S"]),
        (deal_text("7S 8S 9S 10S", "KS 8D 9D 10D JD JS"), "deal.bad_layout", ["hands"]),
        (DEAL.replace("turnup:8H", "turnup:8H,QS").replace(",QS,", ",", 1), "deal.bad_layout",
         ["turnup"]),
        (DEAL.rsplit(",", 1)[0], "deal.bad_layout", ["talon"]),
        (DEAL.replace("turnup:8H", "turnup:2H"), "deal.not_the_deck", ["2H", "8H"]),
        (DEAL.replace("turnup:8H", "turnup:7S"), "deal.not_the_deck", ["7S", "8H"]),
    ],
)  # fmt: skip
def test_bad_deals(text: str, rule: str, words: list[str]) -> None:
    message = refused(deal_due(), text, rule)
    for word in words:
        assert word in message


def test_a_good_deal_is_accepted() -> None:
    assert parlour.apply(deal_due(), DEAL).phase == Phase.DECIDE


# --- new_game --------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [2, -1, True, "0", None])
def test_new_game_with_a_bad_dealer(dealer: object) -> None:
    with pytest.raises(OptionsError, match="dealer"):
        parlour.new_game("ecarte", dealer=dealer)  # type: ignore[call-overload]


def test_new_game_with_the_accented_name() -> None:
    with pytest.raises(OptionsError, match="ecarte"):
        parlour.new_game("écarté")


def test_no_legal_moves_at_a_chance_node_or_once_over() -> None:
    assert tuple(parlour.legal_moves(deal_due())) == ()
    assert tuple(parlour.legal_moves(over())) == ()
    assert parlour.current_player(over()) is None


def test_illegal_move_error_carries_the_move() -> None:
    state = nondealer_discarding()
    with pytest.raises(IllegalMoveError) as raised:
        parlour.apply(state, "discard")
    assert raised.value.rule == "ecarte.discard_count"
    assert str(raised.value.move) == "discard"


def test_a_discard_record_naming_a_card_twice_is_refused() -> None:
    state = nondealer_discarding()
    seven = parse_card("7S")
    violation = parlour.check(state, Discard((seven, seven)))
    assert violation is not None
    assert (violation.rule, violation.message) == ("card.not_held", "you hold 7♠ only once")


def test_a_discard_record_keeps_its_cards_in_canonical_order() -> None:
    eight, seven = parse_card("8S"), parse_card("7S")
    assert Discard((eight, seven)) == Discard((seven, eight))
    assert str(Discard((eight, seven))) == "discard 7S 8S"
    assert Discard((eight, seven)) in parlour.legal_moves(nondealer_discarding())
