"""The deal's cards in playing order: the view's ``played`` lists every card played to a trick
in the current deal (the current trick included), the state tells apart deals played in a
different order, and `sample_state` honours every void and duty that any play of the deal
revealed, not only those of the last two tricks.

The expectations come from an independent record kept by the test loop (the ``play`` moves
applied since the deal, and by whom) and from the follower's duties of rules §2.4, written out
here from the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import (
    Card,
    Rank,
    Suit,
)
from parlour.ecarte import EcarteState, Phase, Play
from parlour.ecarte._state import build_state
from parlour.engine import Deal
from tests.ecarte.helpers import start, view_of
from tests.helpers import cards, run
from tests.strategies import iter_playout

RANKS_HIGH_FIRST = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE,
                    Rank.EIGHT, Rank.SEVEN)  # fmt: skip
"""Rules §2.1: the rank order of every suit, trump included, highest first."""

ALL_CARDS = tuple(Card.of(rank, suit) for suit in Suit for rank in RANKS_HIGH_FIRST)

PRESETS: tuple[dict[str, Any], ...] = (
    {"target": 3},
    {"target": 3, "must_trump_when_void": True},
)

Record = list[tuple[int, Card]]
"""The cards played to tricks since the last deal, in order, with the seat that played each."""


def ranks_above(card: Card) -> int:
    """How many ranks of its suit beat ``card`` (rules §2.1)."""
    return RANKS_HIGH_FIRST.index(card.rank)


def random_match(seed: int, options: dict[str, Any]) -> Iterator[tuple[EcarteState, Record]]:
    """Every state of a uniform-random match, each with the record of its deal's plays."""
    record: Record = []
    yield parlour.new_game("ecarte", options=options), list(record)
    for step in iter_playout("ecarte", seed, options):
        move, seat, state = step.move, parlour.current_player(step.before), step.after
        if isinstance(move, Deal):
            record = []
        elif isinstance(move, Play):
            assert isinstance(seat, int)
            record.append((seat, move.card))
        yield state, list(record)


def in_deal(state: EcarteState) -> bool:
    return state.phase not in (Phase.DEAL_DUE, Phase.OVER)


@given(st.integers(0, 2**32 - 1), st.sampled_from(PRESETS))
def test_played_is_every_card_of_the_deal_in_playing_order(
    seed: int, options: dict[str, Any]
) -> None:
    for state, record in random_match(seed, options):
        expected = tuple(record) if in_deal(state) else ()
        for seat in (0, 1, None):
            seen = view_of(state, seat)
            assert seen.played == expected
            # the last trick and the current one are the tail of the deal's plays
            assert seen.played[len(seen.played) - len(seen.trick) :] == seen.trick
            finished = len(seen.played) - len(seen.trick)
            assert seen.played[max(0, finished - 2) : finished] == seen.last_trick


def test_states_that_differ_only_in_the_order_of_the_tricks_are_different() -> None:
    # the non-dealer (seat 1) leads three spades the dealer cannot follow: the same cards,
    # hands and tricks won after 9S-7D, 10S-8D as after 10S-8D, 9S-7D... built both ways
    state = start("9S 10S JS QS AS", "7D 8D 9D 10D JD", dealer=0, turnup="8H")
    first = run(state, ["play 9S", "play 7D", "play 10S", "play 8D"])
    second = run(state, ["play 10S", "play 8D", "play 9S", "play 7D"])
    assert first.hands == second.hands and first.won == second.won
    assert first != second
    assert [(s, c.text) for s, c in view_of(first, 0).played] == [
        (1, "9S"), (0, "7D"), (1, "10S"), (0, "8D"),
    ]  # fmt: skip
    rebuilt = build_state(
        table=first.table, phase=first.phase, to_act=first.to_act, hands=first.hands,
        exchange=first.exchange, trick=first.trick, won=first.won,
        finished_tricks=second.finished_tricks,
    )  # fmt: skip
    assert rebuilt == second


def test_a_new_deal_starts_with_nothing_played() -> None:
    state = start("9S 10S JS QS AS", "7D 8D 9D 10D JD", dealer=0, turnup="8H")
    state = run(state, [
        "play 9S", "play 7D", "play 10S", "play 8D", "play JS", "play 9D", "play QS", "play 10D",
        "play AS", "play JD",
    ])  # fmt: skip
    assert state.phase is Phase.DEAL_DUE
    state = parlour.apply(state, parlour.random_deal(state, random.Random(4)))
    assert view_of(state, None).played == ()
    assert state.finished_tricks == ()


def revealed_absent(record: Record, trump: Suit, must_trump: bool) -> dict[int, set[Card]]:
    """Per seat, the cards its plays in ``record`` show it no longer holds (rules §2.4): a
    follower who did not follow holds none of the suit led (and, when he had to trump and did
    not, no trump); one who followed under the card led holds no card of that suit above it."""
    absent: dict[int, set[Card]] = {0: set(), 1: set()}
    for position in range(1, len(record), 2):
        led = record[position - 1][1]
        seat, card = record[position]
        if card.suit != led.suit:
            absent[seat] |= {other for other in ALL_CARDS if other.suit == led.suit}
            if must_trump and card.suit != trump:
                absent[seat] |= {other for other in ALL_CARDS if other.suit == trump}
        elif ranks_above(card) > ranks_above(led):
            absent[seat] |= {
                other for other in ALL_CARDS
                if other.suit == led.suit and ranks_above(other) < ranks_above(led)
            }  # fmt: skip
    return absent


@given(st.integers(0, 2**32 - 1), st.sampled_from(PRESETS))
def test_no_sampled_hand_holds_a_card_its_owner_showed_it_lacks(
    seed: int, options: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    must_trump = bool(options.get("must_trump_when_void"))
    for state, record in random_match(seed, options):
        if state.phase is not Phase.PLAY:
            continue
        trump = view_of(state, None).trump
        assert trump is not None
        absent = revealed_absent(record, trump, must_trump)
        for seat in (0, 1, None):
            sampled = parlour.sample_state(state, seat, rng)
            assert parlour.view(sampled, seat) == parlour.view(state, seat)
            for other in (0, 1):
                held = set(view_of(sampled, other).hand)
                assert not held & absent[other], (record, other, held & absent[other])


def test_a_void_shown_in_the_first_trick_still_binds_at_the_fourth() -> None:
    # trump clubs (7C turned up); the non-dealer (seat 1) leads without proposing. Trick 1: 7H,
    # the dealer throws KD (void in hearts); trick 2: 9S, the dealer follows low with 8S;
    # tricks 3 and 4: 10S and JS, the dealer throws QD and JD (void in spades).
    state = start("7H 9S 10S JS QS", "KD QD JD AD 8S", dealer=0, turnup="7C")
    state = run(state, [
        "play 7H", "play KD", "play 9S", "play 8S", "play 10S", "play QD", "play JS", "play JD",
    ])  # fmt: skip
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert view_of(state, 1).hand_sizes == (1, 1)
    # the dealer's last card is any unseen card that is neither a heart nor a spade: the
    # talon's and his own, less the turn-up and the cards played
    seen = set(cards("7C 7H KD 9S 8S 10S QD JS JD QS"))
    allowed = {
        card for card in ALL_CARDS if card not in seen and card.suit in (Suit.DIAMONDS, Suit.CLUBS)
    }
    assert len(allowed) == 12  # 7D 8D 9D 10D AD, and the clubs but 7C
    rng = random.Random(9)
    landed = set()
    for _ in range(400):
        (card,) = view_of(parlour.sample_state(state, 1, rng), 0).hand
        landed.add(card)
    assert landed == allowed
