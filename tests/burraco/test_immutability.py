"""Burraco's records are immutable: nothing writes to a state, a meld or a legal-move list once
it is built, so they can be shared between threads."""

from __future__ import annotations

import threading

import attrs
import pytest

import parlour
from parlour.burraco import BurracoState
from parlour.burraco._legal_set import LegalMoves
from tests.burraco.helpers import start, state_of

SEAT_0 = "3S 4D 5C 6S 7D 9S 10D JS QH QC AC"
RUNNER = "3H 4H 5H 6H JK 8H 9H KS KH KD KC"


def play_state() -> BurracoState:
    state = start([SEAT_0, RUNNER], discard="8S", stock_top="10H")
    return state_of(parlour.apply(state, "draw"))


def test_a_state_holds_only_its_fields() -> None:
    state = play_state()
    before = attrs.asdict(state, recurse=False)
    moves = parlour.legal_moves(state)
    assert attrs.asdict(state, recurse=False) == before
    assert not hasattr(state, "legal_cache")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.to_act = 0  # type: ignore[misc]
    assert parlour.legal_moves(state) is moves  # listed once per state


def test_legal_moves_are_not_written_by_reading() -> None:
    moves = parlour.legal_moves(play_state())
    assert isinstance(moves, LegalMoves)
    assert not hasattr(moves, "__dict__")
    slots = {name: getattr(moves, name) for name in LegalMoves.__slots__}
    for index in range(len(moves)):
        assert moves[index] in moves
    assert {name: getattr(moves, name) for name in LegalMoves.__slots__} == slots


def test_legal_moves_read_from_threads_agree() -> None:
    state = play_state()
    moves = parlour.legal_moves(state)
    expected = [str(move) for move in moves]
    seen: list[list[str]] = []

    def read() -> None:
        got = [str(moves[index]) for index in reversed(range(len(moves)))][::-1]
        seen.append(got)
        for index in range(len(moves)):
            parlour.apply(state, moves[index])

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [expected] * 4
    # rules §4.5: every card of the hand may be discarded; discards come last, the joker last
    assert expected[-1] == "discard JK"
