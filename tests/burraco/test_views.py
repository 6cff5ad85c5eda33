"""What a seat sees (`parlour.view`) and what it cannot tell apart (`parlour.resample_hidden`),
per the issue's item 7 and rules §4.6: its own hand, both teams' melds as laid with each wild's
place, the whole open discard pile, the sizes of the stock, the pozzetti left and every hand,
which pozzetti are taken; never another hand, the stock's order, a pozzetto's cards, or (for its
owner) a pozzetto taken on the discard before his next turn.

Secrecy is checked independently of the view code's own reasoning: two states that differ only
in cards hidden from a seat (built with `attrs.evolve`, moving cards between a hand, the stock
and the pozzetti) must give that seat equal views, and states that differ in what it may see
must not.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest

import parlour
from parlour.base import Card
from parlour.burraco import BurracoState, BurracoView, MeldView
from parlour.burraco._faces import DECK, FACE_CARDS, FACE_OF, faces_of, pack
from parlour.engine import get_game
from tests.burraco.helpers import seen, start, state_of
from tests.helpers import cards, run

SEAT_0 = "7S 8S 9S QS QH QC 3D 5C 7D 10D 6H"
SEAT_1 = "3H 5H JK KS KH 2D 9C 4S 8H QD 7C"


def texts(group: tuple[Card, ...]) -> list[str]:
    return [card.text for card in group]


def laid_position() -> BurracoState:
    """Two players. Seat 1 draws ♥10, lays 3♥ JK 5♥ (the joker as ♥4) and K♠ K♥ 2♦ and
    discards 9♣; seat 0 draws Q♦, lays ♠7 ♠8 ♠9 and three queens and discards 3♦. Seat 1 is
    to draw."""
    state = start([SEAT_0, SEAT_1], discard="8C", stock_top="10H QD")
    moves = ["draw", "meld 3H JK 5H", "meld KS KH 2D", "discard 9C", "draw", "meld 7S 8S 9S",
             "meld QS QH QC", "discard 3D"]  # fmt: skip
    return state_of(run(state, moves))


def unseen_position(players: int = 2) -> BurracoState:
    """Seat 1 melds all but K♣ and discards it: it takes the top pozzetto on the discard (the
    pozzetto holds three aces and, from the deck's order, eight spades); seat 2 is to act
    (seat 0 with two players)."""
    hands = ["3S 4D 5C 6S 7D 9S 10D JS QH QC AC", "3H 4H 5H 6H 6S 7S 8S 9D 10D JD KC",
             "3D 4S 5H 6D 7S 9D 10S JD KH KS AH", "3C 4H 5S 6C 7H 9C 10H JC KD QS AS"]  # fmt: skip
    state = start(hands[:players], discard="8C", stock_top="QD 2D", pozzetti=("AS AH AD", ()))
    state = run(state, ["draw", "meld 3H 4H 5H 6H", "meld 6S 7S 8S", "meld 9D 10D JD QD",
                        "discard KC"])  # fmt: skip
    return state_of(state)


# --- what a seat sees -----------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_the_sizes_of_everything_else() -> None:
    state = start([SEAT_0, SEAT_1], discard="8C", stock_top="10H")
    for seat, dealt in enumerate([SEAT_0, SEAT_1]):
        shown = seen(state, seat)
        assert sorted(texts(shown.hand)) == sorted(dealt.split())
        assert shown.hand_sizes == (11, 11)
        assert (shown.stock_size, shown.pozzetti_left, shown.pozzetto_of_team) == (63, 2, (0, 0))
        assert texts(shown.discard) == ["8C"]
        assert shown.seat == seat and shown.to_act == 1 and shown.phase == "draw"
    state = state_of(parlour.apply(state, "draw"))
    shown = seen(state, 1)
    assert "10H" in texts(shown.hand) and len(shown.hand) == 12
    assert shown.hand_sizes == (11, 12) and shown.stock_size == 62 and shown.phase == "play"


def test_both_teams_melds_are_shown_as_laid_with_each_wilds_place() -> None:
    state = laid_position()
    for seat in (0, 1, None):
        melds = seen(state, seat).melds
        assert melds[1] == (
            MeldView(kind="sequence", cards=tuple(cards("3H JK 5H")), wild_position=4,
                     burraco=False, clean=False),
            MeldView(kind="set", cards=tuple(cards("KS KH 2D")), wild_position=-1,
                     burraco=False, clean=False),
        )  # fmt: skip
        assert [(meld.kind, sorted(texts(meld.cards)), meld.wild_position, meld.clean)
                for meld in melds[0]] == [
            ("sequence", ["7S", "8S", "9S"], None, True),
            ("set", ["QC", "QH", "QS"], None, True),
        ]  # fmt: skip
        assert texts(melds[0][0].cards) == ["7S", "8S", "9S"]


def test_the_whole_discard_pile_is_open_top_first() -> None:
    state = laid_position()
    for seat in (0, 1, None):
        assert texts(seen(state, seat).discard) == ["3D", "9C", "8C"]
    # taking it moves all of it to the hand that took it, which only that seat sees
    state = state_of(parlour.apply(state, "pickup"))
    assert seen(state, 0).discard == () and seen(state, 0).hand_sizes == (5, 5 + 3)
    assert {"3D", "9C", "8C"} <= set(texts(seen(state, 1).hand))
    assert seen(state, 1).took_pile


def test_sizes_after_play() -> None:
    state = laid_position()
    shown = seen(state, 1)
    # seat 1: 11 + 1 − 3 − 3 − 1 = 5; seat 0: 11 + 1 − 3 − 3 − 1 = 5; two stock draws
    assert shown.hand_sizes == (5, 5)
    assert shown.stock_size == 61 and shown.pozzetti_left == 2
    assert shown.to_act == 1 and shown.phase == "draw"


def test_which_pozzetti_are_taken() -> None:
    state = unseen_position()
    for seat in (0, 1, None):
        shown = seen(state, seat)
        assert shown.pozzetto_of_team == (0, 1) and shown.pozzetti_left == 1
        assert shown.hand_sizes == (11, 11)


def test_the_spectator_sees_no_hand() -> None:
    for state in (laid_position(), unseen_position(), unseen_position(4)):
        shown = seen(state, None)
        assert shown.seat is None and shown.hand == () and not shown.pozzetto_unseen
        assert len(shown.hand_sizes) == parlour.players(state)


def test_a_pozzetto_taken_on_the_discard_is_hidden_from_its_owner_until_his_turn() -> None:
    state = unseen_position(4)
    owner = seen(state, 1)
    assert owner.hand == () and owner.pozzetto_unseen
    assert owner.hand_sizes[1] == 11
    # the partner does not see it either, nor does anyone else
    assert not seen(state, 3).pozzetto_unseen
    assert all(card not in seen(state, 3).hand for card in cards("AD"))
    # seats 2, 3 and 0 play; at seat 1's next turn it is his hand
    for seat in (2, 3, 0):
        assert seen(state, 1).hand == () and seen(state, 1).pozzetto_unseen
        assert parlour.current_player(state) == seat
        state = state_of(run(state, ["draw"]))
        discards = [m for m in parlour.legal_moves(state) if str(m).startswith("discard")]
        state = state_of(parlour.apply(state, discards[0]))
    assert parlour.current_player(state) == 1
    owner = seen(state, 1)
    assert not owner.pozzetto_unseen
    assert Counter(texts(owner.hand)) >= Counter(["AS", "AH", "AD"]) and len(owner.hand) == 11


def test_to_dict_is_json_ready() -> None:
    for state in (laid_position(), unseen_position(4)):
        for seat in (*range(parlour.players(state)), None):
            shown = seen(state, seat)
            data = shown.to_dict()
            assert json.loads(json.dumps(data)) == data
            assert data["seat"] == seat
            assert data["hand"] == texts(shown.hand)
            assert data["discard"] == texts(shown.discard)
            assert data["hand_sizes"] == list(shown.hand_sizes)
    data = seen(laid_position(), 0).to_dict()
    assert data["melds"][1][0] == {
        "kind": "sequence", "cards": ["3H", "JK", "5H"], "wild_position": 4, "burraco": False,
        "clean": False,
    }  # fmt: skip


def test_a_view_names_a_seat_of_the_match() -> None:
    state = laid_position()
    for bad in (2, -1, 4):
        with pytest.raises(ValueError):
            parlour.view(state, bad)


def test_between_hands_no_hand_is_shown() -> None:
    state = start([SEAT_0, SEAT_1], discard="8C", options={"target": 5000, "stalemate_turns": 1})
    state = run(state, ["pickup", "discard 9C"])
    assert parlour.is_chance(state)
    for seat in (0, 1, None):
        shown = seen(state, seat)
        assert shown.hand == () and shown.hand_sizes == (0, 0) and shown.to_act is None
        assert len(shown.results) == 1


# --- secrecy, checked by twin states --------------------------------------------------------------


def _moved(hand: int, out: int, into: int) -> int:
    """The packed hand with one ``out`` face replaced by ``into``."""
    return hand - pack([out]) + pack([into])


def swap_hand_and_stock(state: BurracoState, seat: int, hand_index: int, stock_index: int) -> Any:
    """``state`` with the ``hand_index``-th card of ``seat``'s hand exchanged for the card
    ``stock_index`` places below the stock's top."""
    held = faces_of(state.hands[seat])[hand_index]
    at = state.drawn + stock_index
    under = state.stock[at]
    assert held != under
    stock = (*state.stock[:at], held, *state.stock[at + 1 :])
    hands = list(state.hands)
    hands[seat] = _moved(hands[seat], held, under)
    return attrs.evolve(state, hands=tuple(hands), stock=stock)


def swap_stock_and_pozzetto(state: BurracoState, pozzetto: int, index: int) -> Any:
    taken = state.pozzetti_taken
    assert pozzetto >= taken
    pile = list(state.pozzetti[pozzetto])
    at = state.drawn
    pile[index], top = state.stock[at], pile[index]
    assert top != pile[index]
    stock = (*state.stock[:at], top, *state.stock[at + 1 :])
    pozzetti = list(state.pozzetti)
    pozzetti[pozzetto] = tuple(pile)
    return attrs.evolve(state, stock=stock, pozzetti=tuple(pozzetti))


def views(state: Any) -> list[BurracoView]:
    return [seen(state, seat) for seat in (*range(parlour.players(state)), None)]


def test_another_hand_is_secret() -> None:
    state = laid_position()
    twin = swap_hand_and_stock(state, 0, 0, 5)
    assert twin != state
    assert seen(twin, 1) == seen(state, 1) and seen(twin, None) == seen(state, None)
    assert seen(twin, 0) != seen(state, 0)  # the owner does see the difference
    twin = swap_hand_and_stock(state, 1, 2, 0)
    assert seen(twin, 0) == seen(state, 0) and seen(twin, 1) != seen(state, 1)


def test_the_order_of_the_stock_is_secret() -> None:
    state = laid_position()
    rest = state.stock[state.drawn :]
    twin = attrs.evolve(state, stock=(*state.stock[: state.drawn], *reversed(rest)))
    assert twin.stock != state.stock
    assert views(twin) == views(state)


def test_the_pozzetti_are_secret() -> None:
    state = laid_position()
    assert views(swap_stock_and_pozzetto(state, 0, 3)) == views(state)
    assert views(swap_stock_and_pozzetto(state, 1, 10)) == views(state)
    # and so is which pozzetto holds what
    exchanged = attrs.evolve(state, pozzetti=(state.pozzetti[1], state.pozzetti[0]))
    assert exchanged != state and views(exchanged) == views(state)
    # the pozzetto not yet taken stays secret after the other is taken
    taken = unseen_position()
    assert views(swap_stock_and_pozzetto(taken, 1, 0)) == views(taken)


def test_an_unseen_pozzetto_is_secret_from_its_owner_too() -> None:
    state = unseen_position()
    twin = swap_hand_and_stock(state, 1, 0, 0)
    assert views(twin) == views(state)
    # once seen (at the owner's next turn) the same exchange shows
    later = state_of(run(state, ["draw"]))
    discards = [m for m in parlour.legal_moves(later) if str(m).startswith("discard")]
    later = state_of(parlour.apply(later, discards[0]))
    assert parlour.current_player(later) == 1
    assert seen(swap_hand_and_stock(later, 1, 0, 0), 1) != seen(later, 1)


def test_the_visible_parts_do_show_a_difference() -> None:
    """The twin-state checks can fail: a change in the discard pile or the melds shows in
    every view."""
    state = laid_position()
    pile = attrs.evolve(state, discard=(FACE_OF[cards("4C")[0]], *state.discard[1:]))
    assert all(a != b for a, b in zip(views(pile), views(state), strict=True))
    melds = attrs.evolve(state, melds=(state.melds[0][:1], state.melds[1]))
    assert all(a != b for a, b in zip(views(melds), views(state), strict=True))


# --- resample_hidden -----------------------------------------------------------------------------


def _zones_counter(state: Any) -> Counter[Card]:
    total: Counter[Card] = Counter()
    for zone in get_game("burraco").card_zones(state).values():
        total.update(zone)
    return total


@pytest.mark.parametrize("position", ["laid", "unseen2", "unseen4"])
def test_resample_hidden_keeps_each_seats_view(position: str) -> None:
    state = {"laid": laid_position(), "unseen2": unseen_position(),
             "unseen4": unseen_position(4)}[position]  # fmt: skip
    for seat in (*range(parlour.players(state)), None):
        changed = 0
        for seed in range(5):
            twin = parlour.resample_hidden(state, seat, random.Random(seed))
            assert seen(twin, seat) == seen(state, seat)
            assert _zones_counter(twin) == Counter(DECK)
            if seat is not None:
                # the hidden cards are redealt: other hands (as the seat cannot see them) move
                others = [other for other in range(parlour.players(state)) if other != seat]
                changed += any(twin.hands[other] != state.hands[other] for other in others)
        if seat is not None:
            assert changed >= 4
        # what the seat holds (when it may look at it) never changes
        if seat is not None and not seen(state, seat).pozzetto_unseen:
            twin = parlour.resample_hidden(state, seat, random.Random(9))
            assert twin.hands[seat] == state.hands[seat]


def test_resample_hidden_redeals_an_unseen_pozzetto_for_its_owner() -> None:
    state = unseen_position()
    owner_hands = {parlour.resample_hidden(state, 1, random.Random(seed)).hands[1]
                   for seed in range(5)}  # fmt: skip
    assert len(owner_hands) > 1
    assert all(len(faces_of(hand)) == 11 for hand in owner_hands)
    # the pile and the melds stay where they are
    twin = parlour.resample_hidden(state, 1, random.Random(0))
    assert twin.discard == state.discard and twin.melds == state.melds
    assert [FACE_CARDS[face] for face in twin.discard] == cards("KC 8C")
