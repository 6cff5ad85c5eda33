"""Belote's play obligations (belote.md §3.4), accepted and refused, with rule ids and messages.

Every scenario has ♥ as trump and seat 0 leading the first trick; the seat after the last card
played is to act. `legal_moves` must list exactly the expected cards (in the canonical order
S H D C, 7 up to A) and `check` must agree with it card by card.
"""

from __future__ import annotations

import attrs
import pytest

import parlour
from parlour import IllegalMoveError
from parlour.belote import BeloteState, Options
from tests.belote.helpers import idx, play_state
from tests.helpers import cards, legal_texts, snapshot

SEED = "seed_overtrump_if_trumping"
FREE = "free"


@attrs.frozen
class Scenario:
    """A position: the trick so far (led by ``leader``), the hand of the seat to act, the cards
    it may play, and for some refused cards the rule id and words the message must contain."""

    name: str
    trick: str
    hand: str
    legal: str
    refused: dict[str, tuple[str, tuple[str, ...]]]
    leader: int = 0
    partner_winning: str = SEED


SCENARIOS = [
    Scenario(
        "leader plays anything",
        trick="",
        hand="AS 7H JH 8D KC",
        legal="AS 7H JH 8D KC",
        refused={},
    ),
    Scenario(
        "must follow the suit led, with no duty to beat",
        trick="KS",
        hand="7S AS JH 8D",
        legal="7S AS",
        refused={
            "JH": ("belote.must_follow", ("♠", "7♠ A♠")),
            "8D": ("belote.must_follow", ("♠", "7♠ A♠")),
        },
    ),
    Scenario(
        "trumps led: must go over the partner's trump",
        trick="9H 7H",  # seat 0 (partner of seat 2) leads 9H and is winning
        hand="8H JH AS",
        legal="JH",
        refused={
            "8H": ("belote.must_overtrump", ("9♥", "J♥", "partner")),
            "AS": ("belote.must_follow", ("♥",)),
        },
    ),
    Scenario(
        "trumps led: must go over the opponent's trump",
        trick="QH",
        hand="7H 8H 10H AH 9D",
        legal="10H AH",
        refused={
            "7H": ("belote.must_overtrump", ("Q♥", "10♥ A♥")),
            "8H": ("belote.must_overtrump", ("Q♥", "10♥ A♥")),
            "9D": ("belote.must_follow", ("♥",)),
        },
    ),
    Scenario(
        "trumps led, unable to go over: any trump",
        trick="JH",
        hand="7H KH AS",
        legal="7H KH",
        refused={"AS": ("belote.must_follow", ("♥", "7♥ K♥"))},
    ),
    Scenario(
        "trumps led and void in trumps: any card",
        trick="JH",
        hand="AS 7D 8C",
        legal="AS 7D 8C",
        refused={},
    ),
    Scenario(
        "void, opponent winning, no trump played: must trump (any trump)",
        trick="AS",
        hand="7H QH 8D 9C",
        legal="7H QH",
        refused={
            "8D": ("belote.must_trump", ("♠", "7♥ Q♥")),
            "9C": ("belote.must_trump", ("♠", "7♥ Q♥")),
        },
    ),
    Scenario(
        "void, opponent trumped: must overtrump",
        trick="AS 9H",  # seat 1 (opponent of seat 2) trumps
        hand="8H JH 7D",
        legal="JH",
        refused={
            "8H": ("belote.must_overtrump", ("J♥", "9♥")),
            "7D": ("belote.must_overtrump", ("J♥", "9♥")),
        },
    ),
    Scenario(
        "void, opponent trumped, unable to overtrump: must undertrump",
        trick="AS JH",
        hand="8H QH 7D",
        legal="8H QH",
        refused={"7D": ("belote.must_undertrump", ("J♥", "8♥ Q♥"))},
    ),
    Scenario(
        "void, opponent over-trumped the partner: must undertrump",
        trick="AS 9H JH",  # seat 3 leads, seat 0 trumps, seat 1 over-trumps; seat 2 to act
        leader=3,
        hand="8H 7D",
        legal="8H",
        refused={"7D": ("belote.must_undertrump", ("J♥", "8♥"))},
    ),
    Scenario(
        "void, opponent winning, no trumps at all: any card",
        trick="AS 9H",
        hand="7D 8C KC",
        legal="7D 8C KC",
        refused={},
    ),
    Scenario(
        "void, partner winning with a plain card: discard or any trump (seed)",
        trick="AS 7S",
        hand="8H JH 7D",
        legal="8H JH 7D",
        refused={},
    ),
    Scenario(
        "void, partner trumped: discard, or overtrump if trumping (seed)",
        trick="AS 9H 7S",  # seat 3 leads, partner seat 0 trumps, seat 1 follows
        leader=3,
        hand="8H JH 7D 9C",
        legal="JH 7D 9C",
        refused={"8H": ("belote.must_overtrump", ("partner", "9♥", "J♥"))},
    ),
    Scenario(
        "void, partner trumped, unable to overtrump: any card (seed)",
        trick="AS 9H 7S",
        leader=3,
        hand="8H QH 7D",
        legal="8H QH 7D",
        refused={},
    ),
    Scenario(
        "void, partner trumped, only trumps, unable to overtrump: any trump (seed)",
        trick="AS 9H 7S",
        leader=3,
        hand="8H QH",
        legal="8H QH",
        refused={},
    ),
    Scenario(
        "void, partner trumped: anything, under-trump included (free)",
        trick="AS 9H 7S",
        leader=3,
        hand="8H JH 7D 9C",
        legal="8H JH 7D 9C",
        refused={},
        partner_winning=FREE,
    ),
    Scenario(
        "void, partner winning with a plain card: anything (free)",
        trick="AS 7S",
        hand="8H JH 7D",
        legal="8H JH 7D",
        refused={},
        partner_winning=FREE,
    ),
    Scenario(
        "free changes nothing when an opponent wins: must overtrump",
        trick="AS 9H",
        hand="8H JH 7D",
        legal="JH",
        refused={"8H": ("belote.must_overtrump", ("J♥", "9♥"))},
        partner_winning=FREE,
    ),
    Scenario(
        "free changes nothing when trumps are led: over the partner",
        trick="9H 7H",
        hand="8H JH AS",
        legal="JH",
        refused={"8H": ("belote.must_overtrump", ("9♥", "J♥"))},
        partner_winning=FREE,
    ),
    Scenario(
        "free changes nothing when an opponent wins: must undertrump",
        trick="AS JH",
        hand="8H 7D",
        legal="8H",
        refused={"7D": ("belote.must_undertrump", ("J♥", "8♥"))},
        partner_winning=FREE,
    ),
    Scenario(
        "plain led, holding the suit: follow even with trumps in hand and a trump played",
        trick="10D 9H",
        hand="7D JH AC",
        legal="7D",
        refused={"JH": ("belote.must_follow", ("♦", "7♦"))},
    ),
]


def state_for(scenario: Scenario) -> BeloteState:
    to_act = (scenario.leader + len(scenario.trick.split())) % 4
    hands = ["", "", "", ""]
    hands[to_act] = scenario.hand
    return play_state(
        trump="H",
        hands=hands,
        trick=scenario.trick,
        leader=scenario.leader,
        options=Options(partner_winning=scenario.partner_winning),
    )


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_legal_moves_are_exactly_the_expected_cards(scenario: Scenario) -> None:
    state = state_for(scenario)
    assert legal_texts(state) == [f"play {one.text}" for one in cards(scenario.legal)]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_check_agrees_with_legal_moves(scenario: Scenario) -> None:
    state = state_for(scenario)
    legal = set(parlour.legal_moves(state))
    for one in cards(scenario.hand):
        move = parlour.parse_move(state, f"play {one.text}")
        violation = parlour.check(state, move)
        assert (violation is None) == (move in legal), one.text
        if violation is not None:
            assert violation.rule.startswith("belote.must_")


@pytest.mark.parametrize(
    "scenario", [s for s in SCENARIOS if s.refused], ids=[s.name for s in SCENARIOS if s.refused]
)
def test_refused_cards_name_the_rule_and_the_cards(scenario: Scenario) -> None:
    state = state_for(scenario)
    for text, (rule, words) in scenario.refused.items():
        violation = parlour.check(state, f"play {text}")
        assert violation is not None, text
        assert violation.rule == rule, text
        for word in words:
            assert word in violation.message, (text, violation.message)
        before = snapshot(state)
        with pytest.raises(IllegalMoveError) as raised:
            parlour.apply(state, f"play {text}")
        assert raised.value.rule == rule
        assert raised.value.message == violation.message
        assert str(raised.value.move) == f"play {text}"
        assert snapshot(state) == before


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_legal_cards_are_applied(scenario: Scenario) -> None:
    state = state_for(scenario)
    seat = state.to_act
    for one in cards(scenario.legal):
        after = parlour.apply(state, f"play {one.text}")
        assert after.hands[seat] == state.hands[seat] & ~(1 << idx(one.text))
        played = (*state.trick, idx(one.text))
        if len(played) < 4:
            assert after.trick == played
        else:
            assert (after.trick, after.last_trick) == ((), (state.leader, played))


def test_overtrump_message_example() -> None:
    state = state_for(SCENARIOS[7])  # void, opponent trumped with 9H, holding JH
    violation = parlour.check(state, "play 8H")
    assert violation is not None
    assert violation.message == "you must overtrump: you hold J♥, the highest trump played is 9♥"


def test_the_trick_goes_to_the_highest_trump_and_the_winner_leads() -> None:
    state = play_state(
        trump="H",
        hands=["AS", "9H", "JH", "KS"],
        trick="",
        leader=0,
    )
    for move in ["play AS", "play 9H", "play JH", "play KS"]:
        state = parlour.apply(state, move)
    assert state.leader == 2
    assert state.to_act == 2
    assert state.trick == ()
    assert state.last_trick is not None
    assert state.last_trick[0] == 0
