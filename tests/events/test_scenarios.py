"""Events of positions worked out by hand from the rules: a Belote trick's winner and points,
belote and rebelote, an Écarté discard seen by each seat, a Burraco draw seen by each seat."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.base import parse_card
from parlour.belote._events import BeloteDeclared
from parlour.ecarte._events import Discarded
from parlour.engine import (
    CardPlayed,
    Event,
    TrickWon,
)
from tests.belote.helpers import start_deal
from tests.ecarte.helpers import start

# Dealer 3; seat 0 takes the turn-up Q♥ in round 1 (hearts are trumps) and leads.
BELOTE_HANDS = [
    "7D QH 10S 9S KH 7S KC 8S",
    "KS QC 9C AS KD QD 7C 10C",
    "8D AC JS 8C 10D 7H JH 10H",
    "9H 9D AH QS 8H JD AD JC",
]


def play(state: Any, text: str) -> tuple[Any, tuple[Event, ...]]:
    """Apply ``text`` and return the state after it with the move's events."""
    move = parlour.parse_move(state, text)
    after = parlour.apply(state, move)
    return after, parlour.events(state, move, after)


def only(found: tuple[Event, ...], kind: type[Event]) -> list[Any]:
    return [event for event in found if isinstance(event, kind)]


def test_a_belote_trick_is_won_by_the_highest_card_of_the_suit_led_with_its_points() -> None:
    state = start_deal(BELOTE_HANDS, dealer=3, taker=0, turnup="QH")
    found: tuple[Event, ...] = ()
    for text in ("play 10S", "play AS", "play JS", "play QS"):
        state, found = play(state, text)
    # No trump played: the ace of the suit led wins; 10 + 11 + 2 + 3 points (plain values).
    assert only(found, TrickWon) == [
        TrickWon(
            number=1,
            seat=1,
            cards=tuple(enumerate(map(parse_card, ["10S", "AS", "JS", "QS"]))),
            points=26,
        )
    ]
    assert only(found, CardPlayed) == [CardPlayed(seat=3, card=parse_card("QS"))]


def test_a_trumped_trick_goes_to_the_highest_trump_and_belote_then_rebelote_are_declared() -> None:
    state = start_deal(BELOTE_HANDS, dealer=3, taker=0, turnup="QH")
    for text in ("play 10S", "play AS", "play JS", "play QS"):
        state, _ = play(state, text)
    for text in ("play KD", "play 10D", "play AD", "play 7D", "play 8H"):
        state, _ = play(state, text)
    state, found = play(state, "play KH")  # seat 0 holds K♥ and Q♥ of trumps
    assert only(found, BeloteDeclared) == [
        BeloteDeclared(seat=0, card=parse_card("KH"), word="belote")
    ]
    state, _ = play(state, "play QC")
    state, found = play(state, "play JH")
    # The jack is the highest trump: 20 + 4 (K♥) + 0 (8♥) + 3 (Q♣).
    assert [(t.number, t.seat, t.points) for t in only(found, TrickWon)] == [(3, 2, 27)]
    state, _ = play(state, "play 10H")
    state, _ = play(state, "play 9H")
    state, found = play(state, "play QH")
    assert only(found, BeloteDeclared) == [
        BeloteDeclared(seat=0, card=parse_card("QH"), word="rebelote")
    ]


def test_an_ecarte_discard_shows_its_cards_to_the_discarder_and_only_its_size_to_the_other() -> (
    None
):
    state = start("7S 8S 7D 8D 9C", "7H 9H 10H JH QH", turnup="8H", talon_top="AS KS")
    state, _ = play(state, "propose")
    state, _ = play(state, "accept")
    move = parlour.parse_move(state, "discard 7S 8S")
    after = parlour.apply(state, move)
    # 32 cards - 10 dealt - the turn-up - the 2 drawn from the top of the talon = 19 left.
    mine = only(parlour.events_for(state, move, after, 1), Discarded)
    assert mine == [
        Discarded(
            seat=1,
            size=2,
            talon_left=19,
            cards=(parse_card("7S"), parse_card("8S")),
            drawn=(parse_card("KS"), parse_card("AS")),  # in canonical order
        )
    ]
    for other in (0, None):
        (theirs,) = only(parlour.events_for(state, move, after, other), Discarded)
        assert theirs == Discarded(seat=1, size=2, talon_left=19, cards=None, drawn=None)
        assert theirs.to_dict() == {
            "kind": "discard",
            "seat": 1,
            "size": 2,
            "talon_left": 19,
            "cards": None,
            "drawn": None,
        }


def test_a_burraco_draw_shows_the_card_to_the_drawer_only() -> None:
    state = parlour.new_game("burraco", seed=5)
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    move = parlour.parse_move(state, "draw")
    after = parlour.apply(state, move)
    before_hand = list(parlour.view(state, seat).hand)
    gained = list(parlour.view(after, seat).hand)
    for card in before_hand:
        gained.remove(card)
    stock = parlour.view(state, seat).to_dict()["stock_size"]
    for viewer in (None, *range(parlour.players(state))):
        (drew,) = parlour.events_for(state, move, after, viewer)
        data = drew.to_dict()
        assert data["kind"] == "draw" and data["seat"] == seat
        assert data["stock_left"] == stock - 1
        assert data["card"] == (gained[0].text if viewer == seat else None)
