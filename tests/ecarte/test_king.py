"""Marking the king of trumps (ecarte.md §2.5, Settled points 1 and 2): who may, when, and the
immediate stop at the target."""

from __future__ import annotations

import pytest

import parlour
from parlour.ecarte import GAME, EcarteState, Phase
from parlour.ecarte.rules import DECK
from tests.ecarte.helpers import idx, last_deal, new_match, play_forced_deal, start
from tests.helpers import legal_texts, refused, run

# Trump ♥ (turn-up 8♥). The non-dealer (seat 1) holds K♥; the dealer (seat 0) does not.
ND_KING = ("KH 7S 8S 9S 10S", "QH 7D 8D 9D 10D")
# The dealer holds K♥.
D_KING = ("7S 8S 9S 10S JS", "KH 7D 8D 9D 10D")


def nd_holds_king() -> EcarteState:
    return start(*ND_KING)


def d_holds_king() -> EcarteState:
    return start(*D_KING)


# --- the non-dealer ----------------------------------------------------------------------------


def test_non_dealer_marks_at_his_decision_which_means_play() -> None:
    state = nd_holds_king()
    assert legal_texts(state)[:2] == ["propose", "king"]
    state = run(state, ["king"])
    assert state.phase == Phase.PLAY
    assert parlour.score(state) == (0, 1)
    assert state.table.king == 1
    assert state.exchange.played_without_proposing is True
    refused(state, "propose", "phase.wrong_move")  # no proposal may follow (Settled point 2)
    assert "king" not in legal_texts(state)
    assert legal_texts(state) == ["play 7S", "play 8S", "play 9S", "play 10S", "play KH"]


def test_non_dealer_marks_after_an_exchange_before_his_lead() -> None:
    state = run(
        nd_holds_king(), ["propose", "accept", "discard 7S", "discard", "propose", "refuse"]
    )
    assert state.phase == Phase.PLAY
    assert legal_texts(state)[0] == "king"
    state = run(state, ["king"])
    assert parlour.score(state) == (0, 1)
    assert state.exchange.played_without_proposing is False
    state = run(state, ["play 8S"])
    refused(state, "king", "ecarte.king_not_held")  # the dealer does not hold it


def test_marking_at_a_later_decision_is_not_playing_without_proposing() -> None:
    state = run(nd_holds_king(), ["propose", "accept", "discard 7S", "discard", "king"])
    assert state.phase == Phase.PLAY
    assert state.exchange.played_without_proposing is False
    assert state.exchange.proposals == 1


def test_leading_the_king_to_trick_1_marks_it() -> None:
    state = run(nd_holds_king(), ["play KH"])
    assert parlour.score(state) == (0, 1)
    assert state.table.king == 1
    events = parlour.score_events(state)
    assert [(e.seats, e.points, e.reason, e.trick) for e in events] == [((1,), 1, "ecarte.king", 1)]


def test_leading_the_king_after_marking_it_scores_once() -> None:
    state = run(nd_holds_king(), ["king", "play KH"])
    assert parlour.score(state) == (0, 1)
    assert len(parlour.score_events(state)) == 1


def test_the_non_dealer_may_keep_the_king_hidden_and_lose_the_right() -> None:
    state = run(nd_holds_king(), ["play 7S", "play 7D"])  # seat 1 wins trick 1 and leads again
    assert state.to_act == 1
    assert "king" not in legal_texts(state)
    refused(state, "king", "ecarte.king_window_closed")
    state = run(state, ["play KH"])  # leading it to trick 2 does not mark it
    assert parlour.score(state) == (0, 0)


# --- the dealer ---------------------------------------------------------------------------------


def test_dealer_marks_before_his_card_to_trick_1() -> None:
    state = d_holds_king()
    refused(state, "king", "turn.not_your_turn", seat=0)
    state = run(state, ["play 7S"])
    assert legal_texts(state)[0] == "king"
    state = run(state, ["king"])
    assert parlour.score(state) == (1, 0)
    assert state.to_act == 0  # still his card to play
    assert "king" not in legal_texts(state)
    refused(state, "king", "ecarte.king_already_marked")
    state = run(state, ["play 7D"])
    assert parlour.score(state) == (1, 0)


def test_dealer_right_is_lost_after_his_first_card() -> None:
    state = run(d_holds_king(), ["play 7S", "play 7D", "play 8S"])
    assert state.to_act == 0
    assert "king" not in legal_texts(state)
    refused(state, "king", "ecarte.king_window_closed")


def test_dealer_cannot_mark_during_proposals_and_exchanges() -> None:
    state = run(d_holds_king(), ["propose"])
    refused(state, "king", "ecarte.king_too_early")
    state = run(state, ["accept"])
    refused(state, "king", "ecarte.king_too_early")  # the non-dealer, who does not hold it
    state = run(state, ["discard 7S"])
    assert state.phase == Phase.DISCARD_DEALER
    refused(state, "king", "ecarte.king_too_early")


def test_non_dealer_cannot_mark_during_the_exchanges() -> None:
    state = run(nd_holds_king(), ["propose", "accept"])
    refused(state, "king", "ecarte.king_too_early")


def test_a_non_holder_is_refused() -> None:
    state = d_holds_king()  # the non-dealer is to decide and does not hold K♥
    message = refused(state, "king", "ecarte.king_not_held")
    assert "K♥" in message


def test_a_discarded_king_does_not_count() -> None:
    state = run(nd_holds_king(), ["propose", "accept", "discard KH", "discard"])
    assert state.phase == Phase.DECIDE
    message = refused(state, "king", "ecarte.king_not_held")
    assert "discarded" in message
    assert "king" not in legal_texts(state)


def test_a_king_drawn_during_the_exchange_counts() -> None:
    state = start("7S 8S 9S 10S JS", "QH 7D 8D 9D 10D", talon_top="KH")
    assert "king" not in legal_texts(state)
    state = run(state, ["propose", "accept", "discard JS"])
    assert state.hands[1] & (1 << idx("KH"))
    refused(state, "king", "ecarte.king_too_early")  # the dealer's discard comes first
    state = run(state, ["discard"])
    assert legal_texts(state)[:2] == ["propose", "king"]
    state = run(state, ["king"])
    assert parlour.score(state) == (0, 1)


def test_the_turned_up_king_cannot_be_marked() -> None:
    state = start("7S 8S 9S 10S JS", "QH 7D 8D 9D 10D", turnup="KH")
    message = refused(state, "king", "ecarte.king_not_held")
    assert "turn-up" in message


# --- the immediate stop -------------------------------------------------------------------------


def _at_four_for_seat_1() -> EcarteState:
    """Seat 1 has 4 points (two voles) and is the non-dealer of deal 3."""
    state = play_forced_deal(5, "normal", dealer=0)  # seat 1 takes a vole: 2
    state = play_forced_deal(0, "normal", dealer=1, state=state)  # seat 1 deals, vole: 4
    assert parlour.score(state) == (0, 4)
    return state


def test_a_king_mark_reaching_the_target_ends_the_match_at_once() -> None:
    state = start(*ND_KING, state=_at_four_for_seat_1())
    state = run(state, ["king"])
    assert parlour.is_over(state)
    assert parlour.score(state) == (0, 5)
    assert parlour.winners(state) == (1,)
    result = last_deal(state)
    assert result.outcome == "stopped"
    assert result.king == 1
    assert result.tricks == (0, 0)
    assert [(a.reason, a.points) for a in result.awards] == [("ecarte.king", 1)]


def test_leading_the_king_to_the_target_ends_the_match() -> None:
    state = run(start(*ND_KING, state=_at_four_for_seat_1()), ["play KH"])
    assert parlour.is_over(state)
    assert last_deal(state).outcome == "stopped"
    assert parlour.score(state) == (0, 5)
    assert GAME.card_zones(state) == {"pack": DECK}


@pytest.mark.parametrize("move", ["king", "play KH"])
def test_with_end_of_deal_the_deal_goes_on(move: str) -> None:
    options = {"stop_at_target": "end_of_deal"}
    state = play_forced_deal(5, "normal", dealer=0, options=options)
    state = play_forced_deal(0, "normal", dealer=1, state=state)
    state = run(start(*ND_KING, state=state), [move])
    assert parlour.score(state) == (0, 5)
    assert not parlour.is_over(state)


def test_king_refused_outside_a_deal() -> None:
    refused(new_match(), "king", "turn.deal_due")
