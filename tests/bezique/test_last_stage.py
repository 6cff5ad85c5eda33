"""The last stage (bezique.md §1.3, §1.4): the draw after trick 24, the table cards going back
to the hands, the follow / beat / trump duties with their rule ids, no melding, and the last
trick."""

from __future__ import annotations

import pytest

import parlour
from parlour.bezique import GAME, Phase
from tests.bezique.helpers import (
    awards,
    held_faces,
    last_deal,
    last_stage_state,
    play_to_end,
    play_to_last_stage,
    play_to_trick,
    start,
    win_with,
)
from tests.helpers import legal_texts, refused, run

JUNK = "7S 8S 9S 7C 8C 9C 7D 8D"


def test_the_draw_after_trick_24_and_the_table_cards_back_in_the_hands() -> None:
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH", bottom="QD")
    state = run(win_with(state, "AC"), "meld KS QS")
    state = play_to_trick(parlour.apply(state, "draw"), 24, keep="KS QS")
    assert state.phase == Phase.DECLARE  # melding is still allowed after trick 24
    assert held_faces(state.tables[0]) == ["QS", "KS"]
    assert len(state.table.stock) - state.drawn == 1  # one face-down card and the turn-up
    winner = state.to_act
    # both have played to trick 24: seven cards each, hand and table
    assert [state.hands[s].bit_count() + state.tables[s].bit_count() for s in (0, 1)] == [7, 7]
    turnup = state.turnup
    last = state.table.stock[-1]
    before_hands = state.hands
    before_tables = state.tables
    state = parlour.apply(state, "draw")
    assert state.phase == Phase.LAST_STAGE
    assert state.to_act == winner and state.leader == winner
    assert state.turnup == -1
    assert state.tables == (0, 0)
    assert state.hands[winner] == before_hands[winner] | before_tables[winner] | 1 << last
    assert state.hands[1 - winner] == (
        before_hands[1 - winner] | before_tables[1 - winner] | 1 << turnup
    )
    assert [hand.bit_count() for hand in state.hands] == [8, 8]
    assert held_faces(1 << last) == ["QD"] and held_faces(1 << turnup) == ["KH"]
    zones = GAME.card_zones(state)
    assert zones["stock"] == () and zones["turnup"] == ()
    assert sum(len(cards) for cards in zones.values()) == 64
    # What the opponent knows: the turn-up the loser took, the melds picked up, and (by
    # default) the last stock card the winner showed.
    assert state.known[1 - winner] >> turnup & 1
    assert state.known[0] & before_tables[0] == before_tables[0]
    assert state.known[winner] >> last & 1
    assert parlour.legal_moves(state)  # the winner of trick 24 leads


def test_the_last_stock_card_is_not_shown_with_the_option_off() -> None:
    options = {"reveal_last_stock_card": False}
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH", bottom="QD", options=options)
    state = play_to_trick(state, 24)
    winner = state.to_act
    last = state.table.stock[-1]
    state = parlour.apply(state, "draw")
    assert state.hands[winner] >> last & 1
    assert not state.known[winner] >> last & 1
    assert state.known[1 - winner] >> state.table.first_turnup & 1


def test_no_declaring_or_drawing_in_the_last_stage() -> None:
    state = play_to_last_stage(start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH"), keep="KS QS")
    assert state.phase == Phase.LAST_STAGE
    holder = 0 if "KS" in held_faces(state.hands[0]) else 1
    if state.to_act != holder:
        state = parlour.apply(state, parlour.legal_moves(state)[0])
    for text in ("meld QS KS", "draw", "exchange", "show"):
        message = refused(state, text, "phase.wrong_move")
        assert "first-stage" in message
    assert all(text.startswith("play ") for text in legal_texts(state))


# --- the duties, on positions built directly (trump ♥) -----------------------------------------


@pytest.mark.parametrize(
    ("hand", "led", "legal", "refusals"),
    [
        # must beat the card led when able
        ("AS 9S 7H 8C", "10S", ["AS"], {"9S": "must_beat", "7H": "must_beat", "8C": "must_beat"}),
        # cannot beat: must still follow
        ("KS 9S 7H 8C", "10S", ["9S", "KS"], {"7H": "must_follow", "8C": "must_follow"}),
        # void: must trump
        ("7H 8H 8C 9D", "10S", ["7H", "8H"], {"8C": "must_trump", "9D": "must_trump"}),
        # void and no trump: anything
        ("8C 9D", "10S", ["9D", "8C"], {}),
        # trumps led: beat if able, else follow
        ("7H 10H 8C", "9H", ["10H"], {"7H": "must_beat", "8C": "must_beat"}),
        ("7H 8C", "9H", ["7H"], {"8C": "must_follow"}),
        # the identical card does not beat
        ("10S AS", "10S", ["AS"], {"10S": "must_beat"}),
        ("10S 9S 8C", "10S", ["9S", "10S"], {"8C": "must_follow"}),
    ],
)
def test_the_last_stage_duties(
    hand: str, led: str, legal: list[str], refusals: dict[str, str]
) -> None:
    state = last_stage_state(trump="H", hands=["AC", hand], trick=led)
    assert state.to_act == 1
    assert legal_texts(state) == [f"play {text}" for text in legal]
    for text, duty in refusals.items():
        message = refused(state, f"play {text}", f"bezique.{duty}")
        suit = parlour.parse_card(led).suit
        assert suit is not None and suit.symbol in message  # names the suit led


def test_the_messages_name_the_cards() -> None:
    state = last_stage_state(trump="H", hands=["AC", "AS 9S 7H 8C"], trick="10S")
    assert parlour.check(state, "play 9S") == parlour.Violation(
        "bezique.must_beat",
        "in the last stage you must follow ♠ and beat 10♠ when you can (you hold A♠)",
    )
    state = last_stage_state(trump="H", hands=["AC", "7H 8H 8C"], trick="10S")
    assert parlour.check(state, "play 8C") == parlour.Violation(
        "bezique.must_trump",
        "in the last stage you must trump when you cannot follow ♠ (you hold 7♥ 8♥)",
    )


def test_an_identical_card_loses_to_the_card_led() -> None:
    state = last_stage_state(trump="H", hands=["AC", "10S 9S"], trick="10S")
    state = parlour.apply(state, "play 10S")
    assert state.to_act == 0 and state.tricks == 25


def test_the_leader_is_free() -> None:
    state = last_stage_state(trump="H", hands=["AS 7H 8C 9D", "10S"])
    assert state.to_act == 0
    assert legal_texts(state) == ["play AS", "play 7H", "play 9D", "play 8C"]


def test_seed_rank_order_a_king_beats_a_ten_in_the_last_stage() -> None:
    options = {"rank_order": "seed_A-K-Q-J-10"}
    state = last_stage_state(trump="H", hands=["AC", "KS 9S"], trick="10S", options=options)
    assert legal_texts(state) == ["play KS"]
    refused(state, "play 9S", "bezique.must_beat")
    default = last_stage_state(trump="H", hands=["AC", "KS 9S"], trick="10S")
    assert legal_texts(default) == ["play 9S", "play KS"]


# --- the last trick ---------------------------------------------------------------------------


def test_the_last_trick_scores_10() -> None:
    state = play_to_end(start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH", options={"target": None}))
    assert parlour.is_over(state)
    result = last_deal(state)
    last = [award for award in awards(state) if award[2] == "bezique.last_trick"]
    assert last == [(result.last_trick_seat, 10, "bezique.last_trick", 32)]
    assert sum(result.brisques) == 160
    assert sum(result.points) == 170


def test_the_last_trick_option_24() -> None:
    options = {"target": None, "last_trick": 24}
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH", options=options)
    state = play_to_trick(state, 24)
    winner = state.to_act
    assert awards(state) == [(winner, 10, "bezique.last_trick", 24)]
    state = play_to_end(state)
    assert [a for a in awards(state) if a[2] == "bezique.last_trick"] == [
        (winner, 10, "bezique.last_trick", 24)
    ]
    assert last_deal(state).last_trick_seat == winner
    assert sum(last_deal(state).points) == 170


def test_melding_after_trick_24_then_the_meld_goes_back_to_the_hand() -> None:
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = play_to_trick(state, 24, keep="KS QS")
    assert state.to_act == 0
    assert legal_texts(state) == [
        "meld QS KS",
        "meld QC KC",
        "exchange",
        "show",
        "draw",
    ]
    state = run(state, "meld QS KS")
    assert parlour.score(state) == (20, 0)
    assert awards(state) == [(0, 20, "bezique.common_marriage", 24)]
    state = parlour.apply(state, "draw")
    assert state.phase == Phase.LAST_STAGE and state.tables == (0, 0)
    assert {"QS", "KS"} <= set(held_faces(state.hands[0]))
