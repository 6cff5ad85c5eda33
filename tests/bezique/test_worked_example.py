"""The worked example of bezique.md §1.6, played move by move from a constructed deal.

♦ trumps; A = seat 0, the non-dealer; B = seat 1, the dealer. The turn-up 7♦ gives B 10.
A: royal marriage at trick 3 (40), sequence at trick 7 (250, K♦ Q♦ reused upward), bezique at
trick 9 with the J♦ of the sequence (40), double bezique at trick 12 (500), four jacks at trick
15 with both J♦ from the table (40), the last trick (10), brisques 90: 970.
B: the other 7♦ shown at trick 5 (10), K♣ Q♣ at trick 18 (20), four aces at trick 21 (100),
brisques 70: 210.

The deal and every move are in ``worked_example.py``.
"""

from __future__ import annotations

import parlour
from parlour.base import Suit
from parlour.bezique import BeziqueState, Declaration, Phase
from parlour.bezique.rules import Use
from parlour.engine import ScoreEvent
from tests.bezique.helpers import held_faces, last_deal, new_match
from tests.bezique.worked_example import DEAL, STAGE_ONE, STAGE_TWO, A, B, play_example
from tests.helpers import card, cards


def start() -> BeziqueState:
    state: BeziqueState = parlour.apply(new_match({"target": None}, dealer=B), DEAL)
    assert state.phase == Phase.PLAY
    assert state.table.trump == Suit.DIAMONDS
    assert parlour.current_player(state) == A  # the non-dealer leads
    assert parlour.score(state) == (0, 10)  # the turn-up 7♦ scored for the dealer
    return state


def play_stage_one(state: BeziqueState, upto: int = 24) -> BeziqueState:
    for number, (lead, follow, winner, declarations) in enumerate(STAGE_ONE[:upto], start=1):
        state = parlour.apply(state, f"play {lead}")
        state = parlour.apply(state, f"play {follow}")
        assert state.phase == Phase.DECLARE
        assert state.tricks == number
        assert state.to_act == winner, f"trick {number}"
        for move in declarations:
            state = parlour.apply(state, move)
        state = parlour.apply(state, "draw")
    return state


def table_faces(state: BeziqueState, seat: int) -> list[str]:
    return held_faces(state.tables[seat])


def test_the_whole_deal() -> None:
    state = play_stage_one(start())
    assert state.phase == Phase.LAST_STAGE
    assert state.to_act == A  # A won trick 24 and leads the last stage
    for number, (lead, follow, winner) in enumerate(STAGE_TWO, start=25):
        state = parlour.apply(state, f"play {lead}")
        state = parlour.apply(state, f"play {follow}")
        if number < 32:
            assert state.to_act == winner, f"trick {number}"
    assert parlour.is_over(state)
    assert parlour.score(state) == (970, 210)
    assert parlour.winners(state) == (A,)

    events = [
        (1, 10, "bezique.seven_turnup", None),
        (0, 40, "bezique.royal_marriage", 3),
        (1, 10, "bezique.seven_show", 5),
        (0, 250, "bezique.sequence", 7),
        (0, 40, "bezique.bezique", 9),
        (0, 500, "bezique.double_bezique", 12),
        (0, 40, "bezique.four_jacks", 15),
        (1, 20, "bezique.common_marriage", 18),
        (1, 100, "bezique.four_aces", 21),
        (0, 10, "bezique.last_trick", 32),
        (0, 90, "bezique.brisques", None),  # the non-dealer counts first
        (1, 70, "bezique.brisques", None),
    ]
    expected_awards = tuple(
        ScoreEvent(seats=(seat,), points=points, reason=reason, deal=1, trick=trick)
        for seat, points, reason, trick in events
    )
    assert parlour.score_events(state) == expected_awards

    result = last_deal(state)
    assert result.number == 1
    assert result.dealer == B
    assert result.outcome == "played"
    assert result.trump == Suit.DIAMONDS
    assert result.turnup == card("7D")
    assert result.brisques == (90, 70)
    assert sum(result.brisques) == 160
    assert result.last_trick_seat == A
    assert result.points == (970, 210)
    assert sum(result.tricks) == 32
    assert result.tricks == (17, 15)
    assert result.awards == expected_awards
    assert result.declarations == (
        Declaration(seat=B, name="seven_turnup", cards=tuple(cards("7D")), points=10, trick=None),
        Declaration(seat=A, name="royal_marriage", cards=tuple(cards("QD KD")), points=40, trick=3),
        Declaration(seat=B, name="seven_show", cards=tuple(cards("7D")), points=10, trick=5),
        Declaration(
            seat=A, name="sequence", cards=tuple(cards("10D JD QD KD AD")), points=250, trick=7
        ),
        Declaration(seat=A, name="bezique", cards=tuple(cards("QS JD")), points=40, trick=9),
        Declaration(
            seat=A, name="double_bezique", cards=tuple(cards("QS QS JD JD")), points=500, trick=12
        ),
        Declaration(
            seat=A, name="four_jacks", cards=tuple(cards("JH JD JD JC")), points=40, trick=15
        ),
        Declaration(
            seat=B, name="common_marriage", cards=tuple(cards("QC KC")), points=20, trick=18
        ),
        Declaration(
            seat=B, name="four_aces", cards=tuple(cards("AS AS AC AC")), points=100, trick=21
        ),
    )
    assert result.to_dict()["points"] == [970, 210]
    assert parlour.deal_results(state) == (result,)


USE = {use: index for index, use in enumerate(Use)}


def play_trick(state: BeziqueState, number: int) -> BeziqueState:
    """Trick ``number`` of stage one, up to the winner's window (no declaration yet)."""
    lead, follow, winner, _ = STAGE_ONE[number - 1]
    assert state.tricks == number - 1
    state = parlour.apply(state, f"play {lead}")
    state = parlour.apply(state, f"play {follow}")
    assert state.to_act == winner
    return state


def declare(state: BeziqueState, number: int) -> BeziqueState:
    for move in STAGE_ONE[number - 1][3]:
        state = parlour.apply(state, move)
    return state


def test_running_scores_and_the_cards_each_meld_moved() -> None:
    state = play_stage_one(start(), 2)
    # Trick 3: the royal marriage, both cards from the hand.
    state = declare(play_trick(state, 3), 3)
    assert table_faces(state, A) == ["QD", "KD"]
    assert held_faces(state.uses[USE[Use.ROYAL]]) == ["QD", "KD"]
    assert parlour.score(state) == (40, 10)
    state = parlour.apply(state, "draw")
    # Trick 5: B shows the 7♦, which stays in B's hand.
    for number in (4, 5):
        state = parlour.apply(declare(play_trick(state, number), number), "draw")
    assert "7D" in held_faces(state.hands[B])
    assert state.sevens_scored.bit_count() == 2  # the turn-up and B's
    assert parlour.score(state) == (40, 20)
    # Trick 7: the sequence takes A♦ 10♦ J♦ from the hand and reuses the royal K♦ Q♦.
    state = parlour.apply(play_trick(state, 6), "draw")
    before = play_trick(state, 7)
    state = declare(before, 7)
    assert held_faces(before.hands[A] & ~state.hands[A]) == ["10D", "JD", "AD"]
    assert table_faces(state, A) == ["10D", "JD", "QD", "KD", "AD"]
    assert state.uses[USE[Use.SEQUENCE]] == state.tables[A]
    assert state.uses[USE[Use.ROYAL]] == before.tables[A]  # the same K♦ Q♦
    assert parlour.score(state) == (290, 20)
    # Trick 9: only Q♠ comes from the hand; the J♦ is the sequence's.
    state = parlour.apply(play_trick(parlour.apply(state, "draw"), 8), "draw")
    before = play_trick(state, 9)
    state = declare(before, 9)
    assert held_faces(before.hands[A] & ~state.hands[A]) == ["QS"]
    bezique = state.uses[USE[Use.BEZIQUE]]
    assert held_faces(bezique) == ["QS", "JD"]
    assert held_faces(bezique & state.uses[USE[Use.SEQUENCE]]) == ["JD"]
    assert parlour.score(state) == (330, 20)
    # Trick 12: the second Q♠ and J♦ from the hand make the double bezique.
    state = parlour.apply(state, "draw")
    for number in (10, 11):
        state = parlour.apply(play_trick(state, number), "draw")
    before = play_trick(state, 12)
    state = declare(before, 12)
    assert held_faces(before.hands[A] & ~state.hands[A]) == ["QS", "JD"]
    assert held_faces(state.uses[USE[Use.DOUBLE_BEZIQUE]]) == ["QS", "QS", "JD", "JD"]
    assert state.uses[USE[Use.BEZIQUE]] & state.uses[USE[Use.DOUBLE_BEZIQUE]] == bezique
    assert parlour.score(state) == (830, 20)
    # Trick 15: four jacks with both J♦ from the table and J♥ J♣ from the hand.
    state = parlour.apply(state, "draw")
    for number in (13, 14):
        state = parlour.apply(play_trick(state, number), "draw")
    before = play_trick(state, 15)
    state = declare(before, 15)
    assert held_faces(before.hands[A] & ~state.hands[A]) == ["JH", "JC"]
    assert held_faces(state.uses[USE[Use.QUARTET_JACKS]]) == ["JH", "JD", "JD", "JC"]
    assert parlour.score(state) == (870, 20)
    # B: K♣ Q♣ at trick 18, four aces at trick 21.
    state = parlour.apply(state, "draw")
    for number in range(16, 22):
        state = parlour.apply(declare(play_trick(state, number), number), "draw")
    assert parlour.score(state) == (870, 140)
    assert held_faces(state.tables[B]) == ["AS", "AS", "QC", "AC", "AC"]  # K♣ played at 20


def test_the_shared_replay_plays_the_same_deal() -> None:
    state = play_example({"target": None})
    assert parlour.is_over(state)
    assert parlour.score(state) == (970, 210)
    assert last_deal(state).declarations == last_deal(play_whole_deal()).declarations


def play_whole_deal() -> BeziqueState:
    state = play_stage_one(start())
    for lead, follow, _ in STAGE_TWO:
        state = parlour.apply(parlour.apply(state, f"play {lead}"), f"play {follow}")
    return state
