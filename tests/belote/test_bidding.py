"""The two bidding rounds, completing the hands, the first lead, throw-ins and the belote holder
(belote.md §3.3, §3.5)."""

from __future__ import annotations

import pytest

import parlour
from parlour import IllegalMoveError
from parlour.base import (
    Suit,
    parse_card,
)
from parlour.belote import BeloteState, Phase, Take
from parlour.belote.rules import card_index
from tests.belote.helpers import deal_text, mask, new_match, start_deal
from tests.helpers import cards, legal_texts, run, snapshot

# Dealer 0: seat 1 bids first. The turn-up is K♥; Q♥ is the stock's last card (the dealer's).
DEAL = deal_text(
    ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH AH 7D", "8D 9D 10D JD QD"],
    "KH",
    "KD AD 7C 8C 9C 10C JC QC KC AC QH",
)
FIRST = ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH AH 7D", "8D 9D 10D JD QD"]


def dealt(options: dict[str, object] | None = None, dealer: int = 0) -> BeloteState:
    return run(new_match(options, dealer), [DEAL])


def hands_of(state: BeloteState) -> list[int]:
    return list(state.hands)


def test_after_the_deal_seat_after_the_dealer_bids_first() -> None:
    state = dealt()
    assert state.phase == Phase.BID_ROUND_1
    assert parlour.current_player(state) == 1
    assert hands_of(state) == [mask(hand) for hand in FIRST]
    stock = "KD AD 7C 8C 9C 10C JC QC KC AC QH"
    assert list(state.stock) == [card_index(one) for one in cards(stock)]
    assert state.table.turnup == card_index(parse_card("KH"))
    assert legal_texts(state) == ["pass", "take"]


@pytest.mark.parametrize("text", ["take", "take H", "TAKE h", "take ♥"])
def test_round_1_take_and_take_turnup_suit_are_the_same_move(text: str) -> None:
    state = dealt()
    move = parlour.parse_move(state, text)
    assert move == parlour.parse_move(state, "take")
    assert move == Take(None)
    assert str(move) == "take"
    assert parlour.check(state, move) is None


@pytest.mark.parametrize("suit", ["S", "D", "C"])
def test_round_1_other_suit_is_refused(suit: str) -> None:
    state = run(dealt(), ["pass"])
    violation = parlour.check(state, f"take {suit}")
    assert violation is not None
    assert violation.rule == "belote.take_turnup_suit"
    assert "♥" in violation.message
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as raised:
        parlour.apply(state, f"take {suit}")
    assert raised.value.rule == "belote.take_turnup_suit"
    assert snapshot(state) == before


def test_round_1_passes_go_round_to_the_dealer_then_round_2() -> None:
    state = dealt()
    seats = []
    for _ in range(4):
        assert state.phase == Phase.BID_ROUND_1
        seats.append(parlour.current_player(state))
        state = parlour.apply(state, "pass")
    assert seats == [1, 2, 3, 0]
    assert state.phase == Phase.BID_ROUND_2
    assert parlour.current_player(state) == 1


def test_round_2_legal_moves_exclude_the_turnup_suit() -> None:
    state = run(dealt(), ["pass"] * 4)
    assert legal_texts(state) == ["pass", "take S", "take D", "take C"]


def test_round_2_legal_moves_with_round2_allows_turnup_suit() -> None:
    state = run(dealt({"round2_allows_turnup_suit": True}), ["pass"] * 4)
    assert legal_texts(state) == ["pass", "take S", "take H", "take D", "take C"]


def test_round_2_take_alone_must_name_a_suit() -> None:
    state = run(dealt(), ["pass"] * 5)
    violation = parlour.check(state, "take")
    assert violation is not None
    assert violation.rule == "belote.name_a_suit"
    assert "take H" in violation.message


@pytest.mark.parametrize("allowed", [False, True])
def test_round_2_turnup_suit(allowed: bool) -> None:
    state = run(dealt({"round2_allows_turnup_suit": allowed}), ["pass"] * 4)
    move = parlour.parse_move(state, "take H")
    assert move == Take(Suit.HEARTS)
    assert str(move) == "take H"
    violation = parlour.check(state, move)
    if allowed:
        assert violation is None
        after = parlour.apply(state, move)
        assert (after.phase, after.table.trump, after.table.taker) == (Phase.PLAY, 1, 1)
        assert after.table.take_round == 2
    else:
        assert violation is not None
        assert violation.rule == "belote.not_turnup_suit"
        assert "♥" in violation.message


def test_a_first_round_take_ends_the_bidding_and_completes_the_hands() -> None:
    state = run(dealt(), ["take"])  # seat 1 takes at once
    assert state.phase == Phase.PLAY
    assert (state.table.taker, state.table.trump, state.table.take_round) == (1, 1, 1)
    assert state.stock == ()
    # stock KD AD | 7C 8C 9C | 10C JC QC | KC AC QH: taker 2, others 3, from seat 1 to seat 0
    assert hands_of(state) == [
        mask("7S 8S 9S 10S JS KC AC QH"),
        mask("QS KS AS 7H 8H KH KD AD"),
        mask("9H 10H JH AH 7D 7C 8C 9C"),
        mask("8D 9D 10D JD QD 10C JC QC"),
    ]
    assert parlour.current_player(state) == 1
    assert state.leader == 1
    assert state.table.belote_holder == -1
    assert legal_texts(state)[0] == "play QS"


def test_the_dealer_takes_the_turnup_king_and_holds_belote() -> None:
    state = run(dealt(), ["pass", "pass", "pass", "take"])
    assert state.table.taker == 0
    assert hands_of(state) == [
        mask("7S 8S 9S 10S JS KH AC QH"),
        mask("QS KS AS 7H 8H KD AD 7C"),
        mask("9H 10H JH AH 7D 8C 9C 10C"),
        mask("8D 9D 10D JD QD JC QC KC"),
    ]
    assert state.table.belote_holder == 0  # K♥ is the turn-up, Q♥ came from the stock
    assert parlour.current_player(state) == 1  # seat 1 leads, whoever took


def test_a_second_round_take_gives_the_taker_the_turnup_anyway() -> None:
    state = run(dealt(), ["pass"] * 4 + ["take S"])
    assert state.phase == Phase.PLAY
    assert (state.table.taker, state.table.trump, state.table.take_round) == (1, 0, 2)
    assert state.hands[1] == mask("QS KS AS 7H 8H KH KD AD")
    assert state.table.belote_holder == 1  # K♠ Q♠ with ♠ trump
    assert parlour.current_player(state) == 1


def test_a_second_round_take_by_the_dealer() -> None:
    state = run(dealt(), ["pass"] * 7 + ["take C"])
    assert (state.table.taker, state.table.trump) == (0, 3)
    assert [hand.bit_count() for hand in state.hands] == [8, 8, 8, 8]
    assert state.hands[0] == mask("7S 8S 9S 10S JS KH AC QH")
    assert state.hands[3] == mask("8D 9D 10D JD QD JC QC KC")
    assert state.table.belote_holder == 3  # a defender holds K♣ Q♣
    assert parlour.current_player(state) == 1


def test_a_second_round_take_in_the_middle() -> None:
    state = run(dealt(), ["pass"] * 6 + ["take D"])
    assert (state.table.taker, state.table.trump) == (3, 2)
    assert hands_of(state) == [
        mask("7S 8S 9S 10S JS KC AC QH"),
        mask("QS KS AS 7H 8H KD AD 7C"),
        mask("9H 10H JH AH 7D 8C 9C 10C"),
        mask("8D 9D 10D JD QD KH JC QC"),
    ]
    assert parlour.current_player(state) == 1


@pytest.mark.parametrize(
    ("all_pass", "next_dealer"), [("redeal_next_dealer", 1), ("redeal_same_dealer", 0)]
)
def test_eight_passes_throw_in(all_pass: str, next_dealer: int) -> None:
    state = dealt({"all_pass": all_pass})
    for _ in range(7):
        state = parlour.apply(state, "pass")
        assert state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2)
    state = parlour.apply(state, "pass")
    assert state.phase == Phase.DEAL_DUE
    assert parlour.current_player(state) is parlour.CHANCE
    assert state.table.dealer == next_dealer
    assert state.table.match_score == (0, 0)
    assert parlour.score_events(state) == ()
    thrown = state.table.deals[-1]
    assert (thrown.outcome, thrown.number, thrown.dealer) == ("thrown_in", 1, 0)
    assert thrown.turnup == parse_card("KH")
    state = parlour.apply(state, DEAL)
    assert state.table.deal_number == 2
    assert parlour.current_player(state) == (next_dealer + 1) % 4


def test_belote_holder_with_the_turnup_queen() -> None:
    hands = ["7S 8S 9S 10S JS QS KS AS", "7H 8H 9H 10H JH AH 7D 8D",
             "9D 10D JD QD KD AD 7C 8C", "9C 10C JC QC KC AC KH QH"]  # fmt: skip
    state = start_deal(hands, dealer=1, taker=3, turnup="QH")
    assert state.table.belote_holder == 3
    assert parlour.current_player(state) == 2


def test_no_belote_holder_when_the_turnup_queen_and_the_king_are_apart() -> None:
    hands = ["KH 8S 9S 10S JS QS KS AS", "7H 8H 9H 10H JH AH 7D 8D",
             "9D 10D JD QD KD AD 7C 8C", "9C 10C JC QC KC AC 7S QH"]  # fmt: skip
    state = start_deal(hands, dealer=1, taker=3, turnup="QH")
    assert state.table.belote_holder == -1


# A full deal: dealer 3, seat 0 takes 7♥; seat 1 plays Q♥ in trick 1 and K♥ in trick 2.
CAPOT_HANDS = [
    "JH 9H AH 10H 8H 7H AS AD",
    "KH QH 7S 8S 7D 8D 7C 8C",
    "9S 10S JS QS 9D 10D JD QD",
    "KS KD 9C 10C JC QC KC AC",
]
CAPOT_TRICKS = [
    "JH QH 9S 9C", "9H KH 10S 10C", "AH 7S JS JC", "10H 8S QS QC",
    "8H 7D 9D KC", "7H 8D 10D AC", "AS 7C JD KS", "AD 8C QD KD",
]  # fmt: skip


def test_belote_is_awarded_exactly_once_with_the_rebelote_trick() -> None:
    state = start_deal(CAPOT_HANDS, dealer=3, taker=0, turnup="7H")
    assert state.table.belote_holder == 1
    rebelote = []
    for number, trick in enumerate(CAPOT_TRICKS, start=1):
        for one in trick.split():
            state = parlour.apply(state, f"play {one}")
        rebelote.append((number, state.rebelote_trick))
    assert rebelote[:3] == [(1, 0), (2, 2), (3, 2)]
    assert state.phase == Phase.DEAL_DUE
    events = [e for e in parlour.score_events(state) if e.reason == "belote.belote"]
    assert [(e.seats, e.points, e.deal, e.trick) for e in events] == [((1, 3), 20, 1, 2)]
    assert parlour.score(state) == (252, 20, 252, 20)


def test_no_belote_when_king_and_queen_are_split() -> None:
    hands = ["KH 9H AH 10H 8H 7H AS AD", "JH QH 7S 8S 7D 8D 7C 8C",
             "9S 10S JS QS 9D 10D JD QD", "KS KD 9C 10C JC QC KC AC"]  # fmt: skip
    state = start_deal(hands, dealer=3, taker=0, turnup="7H")
    assert state.table.belote_holder == -1
    while state.phase == Phase.PLAY:
        state = parlour.apply(state, parlour.legal_moves(state)[0])
    assert [e for e in parlour.score_events(state) if e.reason == "belote.belote"] == []
    assert state.table.deals[-1].belote_team is None
