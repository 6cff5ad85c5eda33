"""The follower's duties (ecarte.md §2.4): follow suit and beat the card led if able, and, with
``must_trump_when_void``, trump when void; the rank order K Q J A 10 9 8 7; trick winners."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.ecarte.rules import PLAY_RULES, RANK_ORDER
from tests.ecarte.helpers import start, view_of
from tests.helpers import legal_texts, refused, run

# Trump ♥ (turn-up 8♥). The non-dealer (seat 1) holds one card of each kind it may lead.
ND = "9S JS 10S 10C 9H"


def after_lead(led: str, dealer_hand: str, **options: Any) -> Any:
    """The dealer (seat 0) to follow ``led``, played by the non-dealer at once."""
    state = start(ND, dealer_hand, options=options or None)
    return run(state, [f"play {led}"])


@pytest.mark.parametrize(
    ("led", "dealer_hand", "options", "legal", "refusals"),
    [
        # holds a higher card of the suit led: only those
        ("9S", "7S JS QH 8D 9C".replace("JS", "KS"), {}, ["KS"],
         {"7S": "ecarte.must_beat", "QH": "ecarte.must_follow", "8D": "ecarte.must_follow"}),
        # the ace ranks below the jack: A♠ cannot beat J♠, so any spade
        ("JS", "7S AS QH 8D 9C", {}, ["7S", "AS"], {"QH": "ecarte.must_follow"}),
        # ... but it beats the ten
        ("10S", "7S AS QH 8D 9C", {}, ["AS"], {"7S": "ecarte.must_beat"}),
        # void in the suit led: any card (seed default)
        ("10C", "7S AS QH 8D JD", {}, ["7S", "AS", "QH", "8D", "JD"], {}),
        # void, with the club-code rule: must trump
        ("10C", "7S AS QH 8D JD", {"must_trump_when_void": True}, ["QH"],
         {"7S": "ecarte.must_trump", "JD": "ecarte.must_trump"}),
        # void in the suit led and in trumps: any card under both rules
        ("10C", "7S AS 9D 8D JD", {"must_trump_when_void": True}, ["7S", "AS", "8D", "9D", "JD"],
         {}),
        # trumps led: follow with a higher trump if able
        ("9H", "7H JH 8D 9D 10D", {}, ["JH"],
         {"7H": "ecarte.must_beat", "8D": "ecarte.must_follow"}),
        # only lower cards of the suit: any of them
        ("9H", "7H 7D 8D 9D 10D", {"must_trump_when_void": True}, ["7H"],
         {"7D": "ecarte.must_follow"}),
    ],
)  # fmt: skip
def test_follower_duties(
    led: str, dealer_hand: str, options: dict[str, Any], legal: list[str],
    refusals: dict[str, str],
) -> None:  # fmt: skip
    state = after_lead(led, dealer_hand, **options)
    order = [card.text for card in parlour.PIQUET_DECK]
    assert legal_texts(state) == [f"play {card}" for card in sorted(legal, key=order.index)]
    for card, rule in refusals.items():
        refused(state, f"play {card}", rule)


def test_the_messages_name_the_cards() -> None:
    state = after_lead("9S", "7S KS QH 8D 9C")
    assert refused(state, "play QH", "ecarte.must_follow") == (
        "you must follow suit: ♠ was led and you hold 7♠ K♠"
    )
    assert refused(state, "play 7S", "ecarte.must_beat") == (
        "you must beat 9♠ when you can: you hold K♠"
    )
    state = after_lead("10C", "7S AS QH 8D JD", must_trump_when_void=True)
    assert refused(state, "play 7S", "ecarte.must_trump") == (
        "you cannot follow ♣: you must trump (you hold Q♥)"
    )


def test_the_leader_is_free() -> None:
    state = start(ND, "7S KS QH 8D 9C")
    leads = ["play 9S", "play 10S", "play JS", "play 9H", "play 10C"]
    assert legal_texts(state) == ["propose", *leads]


@pytest.mark.parametrize(
    ("led", "follow", "winner"),
    [
        ("9S", "KS", 0),  # a higher card of the suit led wins
        ("JS", "AS", 1),  # the ace is below the jack
        ("10C", "QH", 0),  # a trump wins over a plain suit
        ("10C", "7S", 1),  # a card of another suit never wins
        ("9H", "JH", 0),  # higher trump
    ],
)
def test_trick_winner(led: str, follow: str, winner: int) -> None:
    hands = {"KS": "7S KS QH 8D 9C", "AS": "7S AS QH 8D 9C", "QH": "7S AS QH 8D JD",
             "7S": "7S AS QH 8D JD", "JH": "7H JH 8D 9D 10D"}  # fmt: skip
    state = run(after_lead(led, hands[follow]), [f"play {follow}"])
    assert state.to_act == winner
    assert state.tricks_played == 1
    assert state.won[winner].bit_count() == 2
    assert view_of(state, None).last_trick[0][0] == 1  # the non-dealer led it


def test_the_rank_order_and_the_two_rule_tuples() -> None:
    assert [rank.text for rank in RANK_ORDER] == ["K", "Q", "J", "A", "10", "9", "8", "7"]
    assert [o.rule for o in PLAY_RULES[False].obligations] == [
        "ecarte.must_follow",
        "ecarte.must_beat",
    ]
    assert [o.rule for o in PLAY_RULES[True].obligations] == [
        "ecarte.must_follow",
        "ecarte.must_beat",
        "ecarte.must_trump",
    ]
    assert PLAY_RULES[True].players == 2
    assert PLAY_RULES[True].partnerships is False
