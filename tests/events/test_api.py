"""The events API: exported names, its refusal of mismatched arguments, redaction's identity."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.engine import HandShown


def test_states_of_two_games_are_refused() -> None:
    belote = parlour.new_game("belote", seed=1)
    ecarte = parlour.new_game("ecarte", seed=1)
    move = parlour.legal_moves(belote)[0]
    with pytest.raises(TypeError, match="same game"):
        parlour.events(belote, move, ecarte)


def test_a_move_given_as_text_is_refused() -> None:
    state = parlour.new_game("belote", seed=1)
    after = parlour.apply(state, "pass")
    with pytest.raises(TypeError, match="Move"):
        parlour.events(state, "pass", after)  # type: ignore[arg-type]


def test_a_hand_is_blanked_for_everyone_but_its_owner_and_public_events_are_kept() -> None:
    state = parlour.new_game("belote")
    move = parlour.random_deal(state, random.Random(4))
    after = parlour.apply(state, move)
    hands = [event for event in parlour.events(state, move, after) if isinstance(event, HandShown)]
    assert [hand.seat for hand in hands] == [0, 1, 2, 3]
    for hand in hands:
        assert hand.cards == parlour.view(after, hand.seat).hand
        assert hand.redacted(hand.seat) is hand
        for other in (None, *(seat for seat in range(4) if seat != hand.seat)):
            assert hand.redacted(other) == HandShown(
                seat=hand.seat, reason="deal", size=5, cards=None
            )
    started = parlour.events(state, move, after)[0]
    assert started.redacted(None) is started
