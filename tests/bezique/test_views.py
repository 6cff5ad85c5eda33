"""What a seat sees (`parlour.view`): its own hand, both tables with their meld history, the cards
the opponent has had to show, the turn-up and the stock's size; never the other hand or the
stock's order."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import parlour
from parlour.base import Suit
from parlour.bezique import BeziqueState, BeziqueView, Phase
from parlour.bezique._view import TableCard
from tests.bezique.helpers import held_faces, play_to_trick, start, win_with
from tests.bezique.worked_example import A, B, play_example
from tests.helpers import card, cards, run

JUNK = "7S 8S 9S 7C 8C 9C 7D 8D"


def bezique_view(state: BeziqueState, seat: int | None) -> BeziqueView:
    seen = parlour.view(state, seat)
    assert isinstance(seen, BeziqueView)
    return seen


def test_a_seat_sees_its_hand_both_tables_the_turnup_and_the_stock_size() -> None:
    state = play_example(tricks=7)  # A has just melded the sequence and drawn
    seen = bezique_view(state, B)
    assert seen.seat == B and seen.phase == "play" and seen.to_act == A
    assert seen.dealer == B and seen.deal_number == 1 and seen.trump == Suit.DIAMONDS
    assert seen.hand == tuple(cards(held_faces(state.hands[B])))
    assert seen.tables[A] == (
        TableCard(card("10D"), ("sequence",)),
        TableCard(card("JD"), ("sequence",)),
        TableCard(card("QD"), ("royal_marriage", "sequence")),
        TableCard(card("KD"), ("royal_marriage", "sequence")),
        TableCard(card("AD"), ("sequence",)),
    )
    assert seen.tables[B] == ()
    assert seen.turnup == card("7D")
    assert seen.stock_size == 47 - 14
    assert seen.hand_sizes == (3, 8) and seen.holding_sizes == (8, 8)
    assert seen.tricks_won == (5, 2)
    assert seen.match_score == (290, 20)
    assert seen.sevens_scored == 2
    assert seen.legal_moves == ()
    assert bezique_view(state, A).legal_moves == tuple(
        str(move) for move in parlour.legal_moves(state)
    )
    # JSON-ready, and without the other hand or the stock
    data = seen.to_dict()
    json.dumps(data)
    assert tuple(data) == BeziqueView.json_keys()
    assert data["hand"] == [one.text for one in seen.hand]
    assert "stock" not in data and "hands" not in data


def test_a_spectator_sees_no_hand() -> None:
    seen = bezique_view(play_example(tricks=3), None)
    assert seen.hand == () and seen.legal_moves == ()
    assert seen.tables[A] == (
        TableCard(card("QD"), ("royal_marriage",)),
        TableCard(card("KD"), ("royal_marriage",)),
    )


def swapped(state: BeziqueState, seat: int) -> BeziqueState:
    """``state`` with one card of ``seat``'s unknown hand cards swapped with a stock card of
    another face (a difference hidden from the other seat)."""
    stock = list(state.table.stock)
    hidden = state.hands[seat] & ~state.known[seat]
    for mine in range(64):
        if not hidden >> mine & 1:
            continue
        for position in range(state.drawn, len(stock)):
            theirs = stock[position]
            if theirs % 32 != mine % 32 and not (state.sevens_scored >> mine & 1):
                hands = list(state.hands)
                hands[seat] = (hands[seat] & ~(1 << mine)) | 1 << theirs
                stock[position] = mine
                table = attrs.evolve(state.table, stock=tuple(stock))
                return state._replace(table=table, hands=(hands[0], hands[1]))
    raise AssertionError("nothing to swap")


@pytest.mark.parametrize("tricks", [0, 3, 7, 12, 20])
def test_hidden_cards_do_not_change_the_other_seats_view(tricks: int) -> None:
    state = play_example(tricks=tricks)
    assert state.phase == Phase.PLAY
    for seat in (A, B):
        other = swapped(state, seat)
        assert other != state
        assert bezique_view(other, 1 - seat) == bezique_view(state, 1 - seat)
        assert bezique_view(other, None) == bezique_view(state, None)
        assert bezique_view(other, seat) != bezique_view(state, seat)
    # only the stock's order differs
    stock = list(state.table.stock)
    stock[-1], stock[-2] = stock[-2], stock[-1]
    reordered = state._replace(table=attrs.evolve(state.table, stock=tuple(stock)))
    for viewer in (A, B, None):
        assert bezique_view(reordered, viewer) == bezique_view(state, viewer)


def test_resampled_states_look_the_same_to_the_seat() -> None:
    state = play_example(tricks=15)
    rng = random.Random(3)
    for seat in (A, B):
        for _ in range(3):
            other = parlour.resample_hidden(state, seat, rng)
            assert bezique_view(other, seat) == bezique_view(state, seat)


def test_the_exchanged_turnup_is_known_to_the_opponent() -> None:
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = run(win_with(state, "AC"), "exchange")
    seen = bezique_view(state, 1)
    assert seen.known == ((card("KH"),), ())
    assert seen.turnup == card("7H")
    assert card("KH") not in seen.hand
    # a shown seven is known too
    state = start(["7H QS AC AD AS AH 8C 9C", JUNK], "KH")
    state = run(win_with(state, "AC"), "show")
    assert bezique_view(state, 1).known == ((card("7H"),), ())


@pytest.mark.parametrize("reveal", [True, False])
def test_the_last_stock_card_is_shown_to_the_opponent_by_default(reveal: bool) -> None:
    options = {"reveal_last_stock_card": reveal}
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "KH", bottom="QD", options=options)
    state = play_to_trick(state, 24)
    winner = state.to_act
    state = parlour.apply(state, "draw")
    seen = bezique_view(state, 1 - winner)
    assert (card("QD") in seen.known[winner]) == reveal
    assert card("KH") in seen.known[1 - winner]  # the turn-up the loser took
    assert seen.turnup is None and seen.stock_size == 0
    assert seen.phase == "last_stage"
    assert seen.tables == ((), ())


def test_a_view_between_deals_and_at_the_end() -> None:
    state = play_example()
    seen = bezique_view(state, A)
    assert seen.phase == "deal_due" and seen.to_act is None
    assert seen.hand == () and seen.trump is None and seen.stock_size == 0
    assert len(seen.deals) == 1 and seen.deals[0].points == (970, 210)
    assert seen.match_score == (970, 210)
    final = bezique_view(play_example({"target": None}), B)
    assert final.phase == "over" and final.to_act is None and final.legal_moves == ()
