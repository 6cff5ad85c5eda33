"""Match: the recorder that applies moves, keeps them for logs and undo, and replays logs."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour import (
    GameLog,
    IllegalMoveError,
    Match,
    NotationError,
    OptionsError,
    read_log,
    validate,
    write_log,
)
from tests.strategies import play_on


def test_seeded_match_starts_like_new_game_with_the_seed_and_records_the_deal() -> None:
    match = Match("belote", seed=7)
    assert match.state == parlour.new_game("belote", seed=7)
    assert len(match.moves) == 1
    assert match.moves[0].startswith("deal hands:")
    assert match.initial_state == parlour.new_game("belote")
    assert match.game == "belote"
    assert match.dealer == 0
    assert match.players is None


def test_unseeded_match_waits_for_a_deal() -> None:
    match = Match("belote", dealer=2, players=["Ann", "Bob", "Cid", "Dee"])
    assert parlour.is_chance(match.state)
    assert match.moves == ()
    assert match.dealer == 2
    assert match.players == ("Ann", "Bob", "Cid", "Dee")


def test_apply_records_the_canonical_text() -> None:
    match = Match("belote", seed=3)
    assert parlour.legal_moves(match.state)[1] == parlour.parse_move(match.state, "take")
    match.apply("  TAKE   ")
    assert match.moves[1] == "take"
    card = str(parlour.legal_moves(match.state)[0])
    assert card.startswith("play ")
    after = match.apply(card.replace("play ", "PLAY  ").lower())
    assert match.moves[2] == card
    assert match.state is after


def test_a_failed_move_changes_nothing_and_carries_its_index() -> None:
    match = Match("belote", seed=3)
    state, moves = match.state, match.moves
    with pytest.raises(IllegalMoveError) as illegal:
        match.apply("take H")
    assert illegal.value.rule == "belote.take_turnup_suit"
    assert illegal.value.move_index == 1
    with pytest.raises(NotationError) as notation:
        match.apply("bid 80")
    assert notation.value.move_index == 1
    assert match.state is state
    assert match.moves == moves


def test_apply_with_seat_refuses_a_move_out_of_turn() -> None:
    match = Match("belote", seed=3)
    to_act = parlour.current_player(match.state)
    assert to_act == 1
    with pytest.raises(IllegalMoveError) as caught:
        match.apply("pass", seat=2)
    assert caught.value.rule == "turn.not_your_turn"
    match.apply("pass", seat=1)
    assert match.moves[1:] == ("pass",)


def test_undo_takes_back_moves_one_by_one() -> None:
    match = Match("belote", seed=3)
    dealt, deal_text = match.state, match.moves[0]
    match.apply("pass")
    after_one_pass = match.state
    match.apply("pass")
    assert match.undo() == after_one_pass
    assert match.undo() == dealt
    assert list(match.moves) == [deal_text]
    assert match.undo() == parlour.new_game("belote")
    assert not match.moves
    with pytest.raises(IndexError, match="no move to undo"):
        match.undo()


def test_to_log_holds_resolved_options_version_and_result() -> None:
    match = Match("belote", options={"target": 500}, players=["A", "B", "C", "D"], seed=1)
    log = match.to_log()
    assert log.game == "belote"
    assert log.options["target"] == 500
    assert log.options["tie_rule"] == "takers_win"
    assert log.options["first_packets"] == [3, 2]
    assert len(log.options) == 9
    assert log.players == ("A", "B", "C", "D")
    assert log.moves == match.moves
    assert log.result == {"score": [0, 0, 0, 0]}
    assert log.parlour == parlour.__version__
    assert match.to_log(result=False).result is None


def test_finished_match_log_claims_winners_and_validates() -> None:
    match = Match("belote", options={"target": None})
    play_on(match, 5)
    assert parlour.is_over(match.state)
    log = match.to_log()
    assert log.result is not None
    assert log.result["winners"] == list(parlour.winners(match.state))
    assert log.result["score"] == list(parlour.score(match.state))
    report = validate(log)
    assert report.ok is True
    assert report.moves_applied == len(match.moves)


def test_from_log_rebuilds_the_match() -> None:
    match = Match("belote", dealer=1, players=["A", "B", "C", "D"])
    play_on(match, 6, max_moves=50)
    again = Match.from_log(write_log(match))
    assert again.state == match.state
    assert again.moves == match.moves
    assert again.dealer == 1
    assert again.players == ("A", "B", "C", "D")
    assert write_log(again) == write_log(match)
    assert again.undo() == Match.from_log(match.to_log()).undo()


def test_from_log_canonicalises_move_texts() -> None:
    dealt = Match("belote", seed=3)
    data = json.loads(write_log(dealt))
    data["moves"] += ["PASS", "  pass "]
    again = Match.from_log(data)
    assert again.moves[1:] == ("pass", "pass")


def test_from_log_raises_the_first_bad_move_with_its_index() -> None:
    data = json.loads(write_log(Match("belote", seed=3)))
    data["moves"] += ["pass", "take H"]
    with pytest.raises(IllegalMoveError) as caught:
        Match.from_log(data)
    assert caught.value.move_index == 2


def test_bad_options_and_unknown_game() -> None:
    with pytest.raises(OptionsError, match="unknown option 'trump'"):
        Match("belote", options={"trump": "H"})
    with pytest.raises(OptionsError, match="unknown game 'chess'"):
        Match("chess")


def test_write_log_of_a_match_equals_write_log_of_its_log() -> None:
    match = Match("belote", seed=9)
    assert write_log(match) == write_log(match.to_log())
    assert read_log(write_log(match)) == match.to_log()
    assert isinstance(match.to_log(), GameLog)
