"""The deal and the proposals and exchanges (ecarte.md §2.2, §2.3, Settled point 3): the
canonical mapping, the state machine, who draws what, the flags, and a talon running out."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour import PIQUET_DECK
from parlour.ecarte import EcarteState, Phase
from tests.ecarte.helpers import deal_text, hand_texts, idx, mask, new_match, start
from tests.helpers import cards, legal_texts, refused, run

ND_HAND = "7S 8S 9S 10S JS"
D_HAND = "7D 8D 9D 10D JD"
# With these hands and the turn-up 8♥, the talon in deck order starts:
TALON = "QS KS AS 7H 9H 10H JH QH KH AH QD KD AD 7C 8C 9C 10C JC QC KC AC"


def dealt(dealer: int = 0, options: dict[str, Any] | None = None) -> EcarteState:
    return start(ND_HAND, D_HAND, dealer=dealer, options=options)


def test_the_talon_of_the_fixture() -> None:
    state = dealt()
    assert state.exchange.talon == tuple(idx(text) for text in TALON.split())


# --- the canonical deal --------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize(
    ("packets", "nondealer_slices", "dealer_slices"),
    [((3, 2), [(0, 3), (6, 8)], [(3, 6), (8, 10)]), ((2, 3), [(0, 2), (4, 7)], [(2, 4), (7, 10)])],
)
def test_random_deal_mapping(
    dealer: int,
    packets: tuple[int, int],
    nondealer_slices: list[tuple[int, int]],
    dealer_slices: list[tuple[int, int]],
) -> None:
    state = new_match({"deal_packets": list(packets)}, dealer=dealer)
    deal = parlour.random_deal(state, random.Random(11))
    deck = list(PIQUET_DECK)
    random.Random(11).shuffle(deck)
    hands = deal["hands"]
    nondealer_cards = [card for start, stop in nondealer_slices for card in deck[start:stop]]
    dealer_cards = [card for start, stop in dealer_slices for card in deck[start:stop]]
    assert set(hands[1 - dealer]) == set(nondealer_cards)
    assert set(hands[dealer]) == set(dealer_cards)
    assert list(hands[0]) == sorted(hands[0], key=PIQUET_DECK.index)  # sorted canonically
    assert deal["turnup"] == ((deck[10],),)
    assert deal["talon"] == (tuple(deck[11:]),)
    assert [name for name, _ in deal.fields] == ["hands", "turnup", "talon"]


def test_the_two_packet_options_deal_differently() -> None:
    first = parlour.random_deal(new_match({"deal_packets": [3, 2]}), random.Random(3))
    second = parlour.random_deal(new_match({"deal_packets": [2, 3]}), random.Random(3))
    assert first["hands"] != second["hands"]
    assert first["turnup"] == second["turnup"]
    assert first["talon"] == second["talon"]


def test_new_game_with_a_seed_is_new_game_then_random_deal() -> None:
    state = new_match(dealer=1)
    dealt_state = parlour.apply(state, parlour.random_deal(state, random.Random(7)))
    assert parlour.new_game("ecarte", seed=7, dealer=1) == dealt_state


def test_the_deal_starts_with_the_non_dealer_to_decide() -> None:
    state = dealt(dealer=1)
    assert state.phase == Phase.DECIDE
    assert parlour.current_player(state) == 0
    assert state.hands == (mask(ND_HAND), mask(D_HAND))
    assert len(state.exchange.talon) == 21
    assert legal_texts(state) == ["propose", *(f"play {card}" for card in ND_HAND.split())]


# --- one exchange ----------------------------------------------------------------------------


def test_a_full_exchange_draws_from_the_top_non_dealer_first() -> None:
    state = run(dealt(), ["propose"])
    assert (state.phase, state.to_act) == (Phase.RESPOND, 0)
    assert legal_texts(state) == ["accept", "refuse"]
    state = run(state, ["accept"])
    assert (state.phase, state.to_act) == (Phase.DISCARD_NONDEALER, 1)
    state = run(state, ["discard 7S 9S"])
    assert state.hands[1] == mask("8S 10S JS QS KS")
    assert (state.phase, state.to_act) == (Phase.DISCARD_DEALER, 0)
    assert state.exchange.exchanges == ((2, 0),)
    state = run(state, ["discard JD 7D 8D"])  # any order
    assert state.hands[0] == mask("9D 10D AS 7H 9H")
    assert state.exchange.discards == (mask("7D 8D JD"), mask("7S 9S"))
    assert state.exchange.exchanges == ((2, 3),)
    assert len(state.exchange.talon) == 16
    assert (state.phase, state.to_act) == (Phase.DECIDE, 1)
    assert state.exchange.proposals == 1


def test_the_dealer_may_keep_his_hand() -> None:
    state = run(dealt(), ["propose", "accept", "discard 7S"])
    assert legal_texts(state)[0] == "discard"
    state = run(state, ["discard"])
    assert state.hands[0] == mask(D_HAND)
    assert state.exchange.exchanges == ((1, 0),)
    assert len(state.exchange.talon) == 20


def test_discard_move_counts() -> None:
    state = run(dealt(), ["propose", "accept"])
    moves = legal_texts(state)
    assert len(moves) == 31  # every non-empty subset of five cards
    assert moves[:6] == ["discard 7S", "discard 8S", "discard 9S", "discard 10S", "discard JS",
                         "discard 7S 8S"]  # fmt: skip
    assert moves[-1] == "discard 7S 8S 9S 10S JS"
    state = run(state, ["discard 7S"])
    assert len(legal_texts(state)) == 32  # the dealer may also keep his hand


def test_repeated_proposals() -> None:
    state = run(dealt(), ["propose", "accept", "discard 7S", "discard 7D"])
    state = run(state, ["propose", "accept", "discard 8S 9S", "discard"])
    state = run(state, ["propose", "accept", "discard 10S", "discard 8D 9D"])
    assert state.exchange.proposals == 3
    assert state.exchange.exchanges == ((1, 1), (2, 0), (1, 2))
    assert len(state.exchange.talon) == 21 - 7
    assert state.phase == Phase.DECIDE
    state = run(state, ["play JS"])
    assert state.exchange.played_without_proposing is False
    assert state.phase == Phase.PLAY


def test_playing_at_the_first_decision_sets_the_flag() -> None:
    state = run(dealt(), ["play 7S"])
    assert state.exchange.played_without_proposing is True
    assert state.exchange.proposals == 0
    assert (state.phase, state.to_act, state.trick) == (Phase.PLAY, 0, (idx("7S"),))


def test_a_refusal_starts_the_play() -> None:
    state = run(dealt(), ["propose", "refuse"])
    assert (state.phase, state.to_act) == (Phase.PLAY, 1)
    assert state.exchange.refused == 1
    assert state.exchange.played_without_proposing is False
    assert legal_texts(state) == [f"play {card}" for card in ND_HAND.split()]
    refused(state, "propose", "phase.wrong_move")


def test_a_later_refusal_is_recorded_with_its_number() -> None:
    state = run(dealt(), ["propose", "accept", "discard 7S", "discard", "propose", "refuse"])
    assert state.exchange.refused == 2


# --- the talon running out (Settled point 3) ------------------------------------------------


def two_full_exchanges(options: dict[str, Any] | None = None) -> EcarteState:
    """Two exchanges of 5 and 5 cards: one card left in the talon, the non-dealer to decide."""
    state = dealt(options=options)
    for _ in range(2):
        state = run(state, ["propose", "accept"])
        state = run(state, [str(parlour.legal_moves(state)[-1])])  # all five cards
        state = run(state, [str(parlour.legal_moves(state)[-1])])
    assert state.exchange.exchanges == ((5, 5), (5, 5))
    assert len(state.exchange.talon) == 1
    assert state.phase == Phase.DECIDE
    return state


@pytest.mark.parametrize("minimum", [0, 1])
def test_the_dealer_is_skipped_when_the_non_dealer_empties_the_talon(minimum: int) -> None:
    state = run(two_full_exchanges({"dealer_min_exchange": minimum}), ["propose", "accept"])
    moves = legal_texts(state)
    assert len(moves) == 5 and all(len(move.split()) == 2 for move in moves)  # one card at most
    last = cards(TALON)[-1]  # the last card of the talon
    hand_before = state.hands[1]
    state = run(state, [moves[0]])
    assert state.phase == Phase.PLAY
    assert state.to_act == 1  # the non-dealer leads; the dealer had no turn
    assert state.exchange.talon == ()
    assert state.exchange.exchanges == ((5, 5), (5, 5), (1, 0))
    assert state.hands[1].bit_count() == 5
    assert state.hands[1] & ~hand_before == 1 << idx(last.text)
    refused(state, "propose", "ecarte.talon_empty")


def test_a_short_talon_caps_the_non_dealer() -> None:
    state = run(two_full_exchanges(), ["propose", "accept"])
    hand = hand_texts(state, 1)
    message = refused(state, f"discard {hand[0]} {hand[1]}", "ecarte.discard_count")
    assert "1" in message


def test_the_dealer_gets_at_most_what_is_left() -> None:
    state = dealt()
    state = run(state, ["propose", "accept", "discard 7S 8S 9S 10S JS", "discard 7D 8D 9D 10D JD"])
    state = run(state, ["propose", "accept"])
    state = run(state, [str(parlour.legal_moves(state)[-1])])  # five more: 6 left
    hand = hand_texts(state, 0)
    assert state.phase == Phase.DISCARD_DEALER
    assert len(state.exchange.talon) == 6
    state = run(state, [f"discard {hand[0]}"])  # 5 left
    state = run(state, ["propose", "accept"])
    nondealer_hand = hand_texts(state, 1)
    state = run(state, ["discard " + " ".join(nondealer_hand[:4])])  # 1 left for the dealer
    moves = legal_texts(state)
    assert moves[0] == "discard"
    assert len(moves) == 6  # keep, or one of five cards
    hand = hand_texts(state, 0)
    refused(state, f"discard {hand[0]} {hand[1]}", "ecarte.discard_count")
    state = run(state, [f"discard {hand[0]}"])
    assert state.exchange.talon == ()
    assert (state.phase, state.to_act) == (Phase.PLAY, 1)  # straight to play


def test_with_minimum_1_the_dealer_must_take_the_last_card() -> None:
    state = dealt(options={"dealer_min_exchange": 1})
    state = run(state, ["propose", "accept", "discard 7S 8S 9S 10S JS", "discard 7D 8D 9D 10D JD"])
    state = run(state, ["propose", "accept"])
    nondealer_hand = hand_texts(state, 1)
    state = run(state, ["discard " + " ".join(nondealer_hand)])  # 6 left
    moves = legal_texts(state)
    assert "discard" not in moves
    assert len(moves) == 31
    refused(state, "discard", "ecarte.discard_count")


def test_the_number_of_proposals_is_bounded_by_the_talon() -> None:
    state = dealt()
    proposals = 0
    while state.phase == Phase.DECIDE:
        state = run(state, ["propose", "accept"])
        proposals += 1
        state = run(state, [str(parlour.legal_moves(state)[0])])  # one card
        if state.phase == Phase.DISCARD_DEALER:
            state = run(state, [str(parlour.legal_moves(state)[1])])  # one card
    assert state.phase == Phase.PLAY
    assert proposals == 11  # ten exchanges of 1 + 1, then the last card to the non-dealer
    assert state.exchange.exchanges[-1] == (1, 0)
    assert sum(a + b for a, b in state.exchange.exchanges) == 21
    assert proposals <= 21
    state = run(state, ["play " + hand_texts(state, 1)[0]])
    assert state.exchange.played_without_proposing is False


def test_discards_are_out_of_play_and_counted() -> None:
    state = run(dealt(), ["propose", "accept", "discard 7S", "discard 7D"])
    zones = parlour.engine.get_game("ecarte").card_zones(state)
    assert zones["discards 1"] == tuple(cards("7S"))
    assert zones["discards 0"] == tuple(cards("7D"))
    assert len(zones["talon"]) == 19
    assert state.hands[1].bit_count() == state.hands[0].bit_count() == 5


def test_deal_text_helper_builds_a_valid_deal() -> None:
    text = deal_text(ND_HAND, D_HAND)
    assert parlour.check(new_match(), text) is None
