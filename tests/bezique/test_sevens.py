"""The seven of trumps (bezique.md §1.5.4 and Settled point 3): the turn-up seven, the exchange,
the show and the play, each physical seven scoring once, and the options that change them."""

from __future__ import annotations

import parlour
from parlour.bezique import GAME, BeziqueState, Declaration, Phase
from tests.bezique.helpers import (
    awards,
    bit,
    draw,
    held_faces,
    play_to_end,
    play_to_last_stage,
    play_to_trick,
    start,
    trick,
    win_with,
)
from tests.helpers import card, legal_texts, refused, run

JUNK = "7S 8S 9S 7C 8C 9C 7D 8D"
SEVEN_H0 = bit("7H")
SEVEN_H1 = bit("7H", 1)


def hand(state: BeziqueState, seat: int = 0) -> list[str]:
    return held_faces(state.hands[seat])


def seven_points(state: BeziqueState) -> int:
    return sum(p for _, p, reason, _ in awards(state) if reason.startswith("bezique.seven_"))


# --- the turn-up seven -------------------------------------------------------------------------


def test_a_turned_up_seven_gives_the_dealer_10() -> None:
    for dealer in (0, 1):
        state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "7H", dealer=dealer)
        expected = (10, 0) if dealer == 0 else (0, 10)
        assert parlour.score(state) == expected
        assert awards(state) == [(dealer, 10, "bezique.seven_turnup", None)]
        assert state.declarations == (
            Declaration(
                seat=dealer, name="seven_turnup", cards=(card("7H"),), points=10, trick=None
            ),
        )


def test_no_turnup_bonus_with_the_option_at_0() -> None:
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "7H", options={"turnup_seven_bonus": 0})
    assert parlour.score(state) == (0, 0)
    assert awards(state) == [] and state.declarations == ()


def test_no_bonus_for_another_turnup() -> None:
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "8H")
    assert parlour.score(state) == (0, 0) and awards(state) == []


# --- the exchange ------------------------------------------------------------------------------


def test_the_exchange_scores_10_and_swaps_the_seven_for_the_turnup() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = win_with(state, "AC")
    assert legal_texts(state) == ["exchange", "show", "draw"]
    turnup = state.turnup
    state = run(state, "exchange")
    assert parlour.score(state) == (10, 0)
    assert awards(state) == [(0, 10, "bezique.seven_exchange", 1)]
    assert state.declarations == (
        Declaration(seat=0, name="seven_exchange", cards=(card("7H"),), points=10, trick=1),
    )
    assert hand(state) == ["QS", "AS", "KH", "AH", "AD", "8C", "9C"]
    assert state.hands[0] >> turnup & 1
    assert state.known[0] >> turnup & 1  # seat 1 saw the turn-up go into seat 0's hand
    assert state.turnup == SEVEN_H0.bit_length() - 1  # the seven is the new turn-up
    assert GAME.card_zones(state)["turnup"] == (card("7H"),)
    assert legal_texts(state) == ["draw"]
    refused(state, "exchange", "bezique.no_seven")


def test_a_seven_that_scored_may_still_be_exchanged_for_nothing() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = run(win_with(state, "AC"), "show")
    assert parlour.score(state) == (10, 0)
    assert legal_texts(state) == ["exchange", "draw"]
    state = run(state, "exchange")
    assert parlour.score(state) == (10, 0)
    assert [reason for _, _, reason, _ in awards(state)] == ["bezique.seven_show"]
    assert "KH" in hand(state) and "7H" not in hand(state)
    assert GAME.card_zones(state)["turnup"] == (card("7H"),)


def test_a_seven_shown_at_one_trick_is_exchanged_at_a_later_one_for_nothing() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = draw(run(win_with(state, "AC"), "show"))
    state = run(win_with(state, "AD"), "exchange")
    assert parlour.score(state) == (10, 0)
    assert "KH" in hand(state)


def test_no_exchange_when_the_turnup_is_a_seven() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "7H")
    state = win_with(state, "AC")
    assert legal_texts(state) == ["show", "draw"]
    message = refused(state, "exchange", "bezique.turnup_is_seven")
    assert "seven" in message
    state = run(state, "show")
    assert parlour.score(state) == (10, 10)  # the dealer's turn-up seven and seat 0's show


def test_no_exchange_or_show_without_the_seven() -> None:
    state = win_with(start(["QS AC AD AS AH 8C 9C 10C", JUNK], "KH"), "AC")
    assert legal_texts(state) == ["draw"]
    assert "7♥" in refused(state, "exchange", "bezique.no_seven")
    refused(state, "show", "bezique.no_seven")


def test_the_exchange_gives_up_a_fresh_seven_when_the_exchange_scores() -> None:
    state = start(["7H 7H QS AC AD AS AH 8C", JUNK], "KH")
    state = run(win_with(state, "AC"), "show")  # one seven scores by the show
    shown = state.sevens_scored
    state = run(state, "exchange")  # the other one goes, and scores
    assert parlour.score(state) == (20, 0)
    assert state.hands[0] & (SEVEN_H0 | SEVEN_H1) == shown
    assert state.turnup != shown.bit_length() - 1
    refused(state, "show", "bezique.seven_scored")


def test_the_exchange_keeps_the_fresh_seven_when_the_exchange_does_not_score() -> None:
    options = {"seven_scoring": ["show", "play"]}
    state = start(["7H 7H QS AC AD AS AH 8C", JUNK], "KH", options=options)
    state = run(win_with(state, "AC"), "show")
    shown = state.sevens_scored
    state = run(state, "exchange")  # gives up the shown seven, for nothing
    assert parlour.score(state) == (10, 0)
    assert state.turnup == shown.bit_length() - 1
    state = run(state, "show")  # the one kept is still fresh
    assert parlour.score(state) == (20, 0)


# --- the show ----------------------------------------------------------------------------------


def test_the_show_scores_10_and_the_seven_stays_in_the_hand() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = run(win_with(state, "AC"), "show")
    assert parlour.score(state) == (10, 0)
    assert awards(state) == [(0, 10, "bezique.seven_show", 1)]
    assert "7H" in hand(state)
    assert state.known[0] & SEVEN_H0  # it has been seen
    assert state.sevens_scored == SEVEN_H0
    refused(state, "show", "bezique.seven_scored")
    assert legal_texts(state) == ["exchange", "draw"]


def test_both_sevens_shown_then_played_score_20_in_all() -> None:
    state = start(["7H 7H QS AC AD AS AH 8C", JUNK], "KH")
    state = run(win_with(state, "AC"), "show")
    assert legal_texts(state) == ["exchange", "show", "draw"]
    state = run(state, "show")
    assert parlour.score(state) == (20, 0)
    state = draw(run(state, "exchange"))  # for nothing: both sevens have scored
    state = trick(state, "7H", "8D")  # a scored seven played: nothing
    assert parlour.score(state) == (20, 0)
    assert seven_points(state) == 20


# --- the play ----------------------------------------------------------------------------------


def test_a_trump_seven_played_scores_10_to_its_player_even_when_it_loses() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", "8H 8S 9S 7C 8C 9C 7D 8D"], "KH")
    state = parlour.apply(state, "play 7H")
    assert parlour.score(state) == (10, 0)  # at once, as it is played
    assert awards(state) == [(0, 10, "bezique.seven_play", 1)]
    state = parlour.apply(state, "play 8H")
    assert state.to_act == 1  # seat 1 won the trick
    assert parlour.score(state) == (10, 0)
    assert state.declarations == (
        Declaration(seat=0, name="seven_play", cards=(card("7H"),), points=10, trick=1),
    )


def test_a_trump_seven_played_scores_10_to_the_winner_too() -> None:
    state = start(["QS AC AD AS AH 8C 9C 10C", "7H 8S 9S 7C 8C 9C 7D 8D"], "KH")
    state = trick(state, "AC", "7H", winner=1)
    assert parlour.score(state) == (0, 10)
    assert awards(state) == [(1, 10, "bezique.seven_play", 1)]


def test_a_shown_seven_played_later_scores_nothing_more() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = draw(run(win_with(state, "AC"), "show"))
    state = win_with(state, "7H")
    assert parlour.score(state) == (10, 0)
    assert "7H" not in hand(state)


def test_a_play_takes_the_seven_that_scores_by_being_played() -> None:
    state = start(["7H 7H QS AC AD AS AH 8C", JUNK], "KH")
    state = draw(run(win_with(state, "AC"), "show"))
    shown = state.sevens_scored
    state = parlour.apply(state, "play 7H")
    assert parlour.score(state) == (20, 0)
    assert state.hands[0] & (SEVEN_H0 | SEVEN_H1) == shown


def test_no_seven_scores_in_the_last_stage() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = play_to_last_stage(state, keep="7H")
    assert state.phase == Phase.LAST_STAGE
    holder = 0 if state.hands[0] & SEVEN_H0 else 1
    assert state.hands[holder] & SEVEN_H0
    before = parlour.score(state)
    while state.phase == Phase.LAST_STAGE and state.hands[holder] & SEVEN_H0:
        if state.to_act == holder and "play 7H" in legal_texts(state):
            state = parlour.apply(state, "play 7H")
        else:
            state = parlour.apply(state, parlour.legal_moves(state)[0])
    assert not state.hands[holder] & SEVEN_H0  # it was played in the last stage
    assert parlour.score(state) == before
    assert "bezique.seven_play" not in [reason for _, _, reason, _ in awards(state)]


# --- the options -------------------------------------------------------------------------------


def test_seven_scoring_exchange_and_play_only() -> None:
    options = {"seven_scoring": ["play", "exchange"]}  # order does not matter
    state = start(["7H 7H QS AC AD AS AH 8C", JUNK], "KH", options=options)
    assert state.table.options.seven_scoring == ("exchange", "play")
    state = win_with(state, "AC")
    assert legal_texts(state) == ["exchange", "draw"]
    message = refused(state, "show", "bezique.show_not_scoring")
    assert "does not score" in message
    state = draw(run(state, "exchange"))
    state = parlour.apply(state, "play 7H")
    assert parlour.score(state) == (20, 0)
    assert [reason for _, _, reason, _ in awards(state)] == [
        "bezique.seven_exchange",
        "bezique.seven_play",
    ]


def test_seven_scoring_none_still_allows_the_exchange() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH", options={"seven_scoring": []})
    state = win_with(state, "AC")
    assert legal_texts(state) == ["exchange", "draw"]
    state = draw(run(state, "exchange"))
    assert "KH" in hand(state)
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH", options={"seven_scoring": []})
    state = trick(state, "7H", "8D")
    assert parlour.score(state) == (0, 0) and awards(state) == []


def test_a_seven_and_a_meld_in_one_window_by_default() -> None:
    state = start(["7H 7H KS QS AC AD AS AH", JUNK], "KH")
    state = win_with(state, "AC")
    state = run(state, ["exchange", "meld KS QS", "show"])
    assert parlour.score(state) == (40, 0)
    assert legal_texts(state) == ["draw"]
    refused(state, "exchange", "bezique.turnup_is_seven")  # one exchange: the turn-up is a 7


def test_seven_counts_as_meld_the_exchange_takes_the_declaration() -> None:
    options = {"seven_counts_as_meld": True}
    state = start(["7H KS QS AC AD AS AH 8C", JUNK], "KH", options=options)
    state = run(win_with(state, "AC"), "exchange")
    assert parlour.score(state) == (10, 0)
    assert legal_texts(state) == ["draw"]
    refused(state, "meld KS QS", "bezique.one_declaration")


def test_seven_counts_as_meld_a_meld_bars_the_exchange_and_the_show() -> None:
    options = {"seven_counts_as_meld": True}
    state = start(["7H KS QS AC AD AS AH 8C", JUNK], "KH", options=options)
    state = run(win_with(state, "AC"), "meld KS QS")
    assert legal_texts(state) == ["draw"]
    assert "seven" in refused(state, "exchange", "bezique.one_declaration")
    refused(state, "show", "bezique.one_declaration")


def test_seven_counts_as_meld_the_show_takes_the_declaration() -> None:
    options = {"seven_counts_as_meld": True}
    state = start(["7H 7H KS QS AC AD AS AH", JUNK], "KH", options=options)
    state = run(win_with(state, "AC"), "show")
    assert legal_texts(state) == ["draw"]
    refused(state, "show", "bezique.one_declaration")
    refused(state, "meld KS QS", "bezique.one_declaration")


# --- the exchanged seven at the end of the first stage -------------------------------------------


def test_the_loser_of_trick_24_takes_the_exchanged_seven() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH", bottom="QH")
    state = run(win_with(state, "AC"), "exchange")
    seven = state.turnup
    assert GAME.card_zones(state)["turnup"] == (card("7H"),)
    state = play_to_trick(draw(state), 24)
    assert state.phase == Phase.DECLARE and state.turnup == seven
    winner = state.to_act
    last_card = state.table.stock[-1]
    state = draw(state)
    assert state.phase == Phase.LAST_STAGE
    assert state.hands[1 - winner] >> seven & 1
    assert state.hands[winner] >> last_card & 1
    assert held_faces(1 << last_card) == ["QH"]
    assert state.turnup == -1
    assert parlour.score(state) == (10, 0)
    assert play_to_end(state).phase in (Phase.DEAL_DUE, Phase.OVER)


def test_an_exchange_after_trick_24_gives_the_loser_that_seven() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH", bottom="QD")
    state = play_to_trick(state, 24, keep="7H")
    winner = state.to_act
    assert winner == 0 and "exchange" in legal_texts(state)
    state = run(state, "exchange")  # still possible: the turn-up is still on the table
    assert parlour.score(state) == (10, 0)
    seven = state.turnup
    state = draw(state)
    assert state.phase == Phase.LAST_STAGE
    assert state.hands[1] >> seven & 1
    assert held_faces(state.hands[0]).count("KH") == 1 and "QD" in held_faces(state.hands[0])
