"""Bad input gets a specific answer and changes nothing: every refusal below names its rule id
(docs/burraco.md's violation table), `check` and `apply` agree on it, and the state is left as
it was. Notation that cannot say what it means is a `NotationError`; hand-built move objects
with wrong contents are refused like any other illegal move (a `Violation` from `check`, an
`IllegalMoveError` from `apply`), never with another exception.

Positions are stacked deals (`tests.burraco.helpers.start`); with two players seat 1 plays
first.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import parlour
from parlour import IllegalMoveError, NotationError
from parlour.base import (
    JOKER,
    Card,
    Rank,
    Suit,
    parse_card,
)
from parlour.belote import Play
from parlour.burraco import Add, BurracoState, Discard, Draw, Meld, PickUp
from parlour.burraco._faces import DECK, FACE_OF, pack
from parlour.engine import Move
from tests.burraco.helpers import seen, stacked_deal, start, state_of
from tests.helpers import cards, deal_text_of, legal_texts, refused, run, unchanged

SEAT_0 = "3S 4D 5C 6S 7D 9S 10D JS QH QC AC"
"""A hand for the seat that waits: it holds no meld."""

RUNNER = "3H 4H 5H 6H JK 8H 9H KS KH KD KC"
"""Seat 1's hand in most positions: a heart run with the joker as ♥7, and four kings."""


def drawn(stock_top: str = "10H", hand: str = RUNNER, **options: Any) -> BurracoState:
    """Seat 1 holds ``hand`` and has drawn the first card of ``stock_top``."""
    state = start([SEAT_0, hand], discard="8S", stock_top=stock_top, options=options)
    return state_of(parlour.apply(state, "draw"))


def refused_object(state: Any, move: Move, rule: str | None = None) -> None:
    """A hand-built move object: `check` gives a `Violation` (with ``rule``, if given) and
    `apply` an `IllegalMoveError` with the same rule, and the state is unchanged."""
    with unchanged(state):
        violation = parlour.check(state, move)
        assert violation is not None, "the move was accepted"
        assert violation.rule and violation.message
        if rule is not None:
            assert violation.rule == rule, violation
        with pytest.raises(IllegalMoveError) as raised:
            parlour.apply(state, move)
        assert raised.value.rule == violation.rule
        assert move not in parlour.legal_moves(state)


def after_pozzetto(pozzetto: str, **options: Any) -> BurracoState:
    """Seat 1 draws ♥10, melds the dirty burraco ♥3..♥10 (meld 1) and the four kings (meld 2),
    taking the top pozzetto ``pozzetto`` directly: the team has its pozzetto and a burraco."""
    state = start(
        [SEAT_0, RUNNER], discard="8S", stock_top="10H", pozzetti=(pozzetto, ()), options=options
    )
    state = run(state, ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H", "meld KS KH KD KC"])
    assert seen(state, 1).pozzetto_of_team == (0, 1)
    assert sorted(card.text for card in seen(state, 1).hand) == sorted(pozzetto.split())
    return state


# --- adding to a meld the team does not have ----------------------------------------------------


def test_add_with_no_meld_on_the_table() -> None:
    message = refused(drawn(), "add 1 3H", "burraco.no_such_meld")
    assert "none" in message


def test_add_names_only_the_teams_own_melds() -> None:
    """Seat 1 lays ♥3 ♥4 ♥5; seat 0 then lays ♠7 ♠8 ♠9 and three queens. Seat 0's ``add 1`` is
    its own spade run, and it has no meld 3 although three melds are on the table; seat 1 has
    only its meld 1, so it cannot reach seat 0's melds by number either."""
    state = start(
        ["7S 8S 9S QD QS QH 3D 5C 7D 10D 6H", "3H 4H 5H 7C 9H 10C JH AD KC 10S 8C"],
        discard="8D",
        stock_top="2C JC 6D",
    )
    state = run(state, ["draw", "meld 3H 4H 5H", "discard 2C", "draw", "meld 7S 8S 9S",
                        "meld QS QH QD"])  # fmt: skip
    # seat 0 holds ♥6, which fits seat 1's ♥3 ♥4 ♥5 but none of its own melds
    refused(state, "add 3 6H", "burraco.no_such_meld")
    refused(state, "add 1 6H", "burraco.does_not_fit")
    assert not any(text.startswith("add 3") for text in legal_texts(state))
    state = run(state, ["discard 6H", "draw"])
    assert parlour.current_player(state) == 1
    # seat 1 holds ♠10, which fits seat 0's spade run (its meld 1), not seat 1's hearts
    refused(state, "add 2 10S", "burraco.no_such_meld")
    refused(state, "add 1 10S", "burraco.does_not_fit")
    assert not any(text.startswith("add 2") for text in legal_texts(state))


# --- wild cards ---------------------------------------------------------------------------------


def test_a_second_wild_in_a_new_meld() -> None:
    state = drawn(stock_top="2S")
    refused(state, "meld 3H 4H 5H 6H JK 2S", "burraco.two_wilds")
    refused(state, "meld KS KH JK 2S", "burraco.two_wilds")


def test_a_second_wild_added_to_a_dirty_meld() -> None:
    state = drawn(stock_top="2S", hand="3H 4H 5H 6H JK 8H 9H KS KH KD 2C")
    state = run(state, ["meld 3H 4H 5H 6H JK"])
    refused(state, "add 1 2S = 3H 4H 5H 6H JK 2S", "burraco.two_wilds")
    refused(state, "add 1 2S = 2S 3H 4H 5H 6H JK", "burraco.two_wilds")
    state = run(state, ["meld KS KH 2C"])
    refused(state, "add 2 2S", "burraco.two_wilds")
    refused(state, "add 2 KD 2S", "burraco.two_wilds")
    assert "add 2 KD" in legal_texts(state)
    assert not any("2S" in text for text in legal_texts(state) if text.startswith("add"))


def test_a_meld_that_would_leave_only_a_wild_to_close_with() -> None:
    """Once the team has its pozzetto and a burraco, a meld or an add that leaves only a wild
    is refused at that move (Settled point 6): the closing discard may not be wild."""
    state = run(after_pozzetto("AS AH AD AC 5C 6C 7C 8C 9C 10C 2H"), ["meld AS AH AD AC"])
    refused(state, "meld 5C 6C 7C 8C 9C 10C", "burraco.close_on_wild")
    state = run(state, ["meld 5C 6C 7C 8C 9C"])
    refused(state, "add 4 10C", "burraco.close_on_wild")
    # keeping the natural card instead is fine: discard the 2 and play on
    assert parlour.check(state, "discard 2H") is None


def test_the_final_discard_may_not_be_a_wild() -> None:
    """A player with a single wild card in the play phase, the team having its pozzetto and a
    burraco, may not close on it. (In play such a position is prevented one move earlier, see
    above; it is built here by moving the other card of a real position to the stock's bottom.)"""
    state = after_pozzetto("AS AH AD AC 5C 6C 7C 8C 9C 10C JK")
    state = run(state, ["meld AS AH AD AC", "meld 5C 6C 7C 8C 9C"])
    ten = FACE_OF[parse_card("10C")]
    alone = attrs.evolve(
        state,
        hands=(state.hands[0], pack([FACE_OF[JOKER]])),
        hand_sizes=(state.hand_sizes[0], 1),
        stock=(*state.stock, ten),
    )
    refused(alone, "discard JK", "burraco.close_on_wild")


def test_a_wild_may_be_the_last_discard_before_the_pozzetto() -> None:
    """BU13: without the pozzetto, emptying the hand with a wild discard is allowed and takes
    the pozzetto on the discard."""
    state = drawn(hand="3H 4H 5H 6H 7H 8H 9H KS KH KD JK")
    state = run(state, ["meld 3H 4H 5H 6H 7H 8H 9H 10H", "meld KS KH KD", "discard JK"])
    assert seen(state, 1).pozzetto_unseen
    assert seen(state, 0).discard == (JOKER, parse_card("8S"))


# --- the order of a turn ----------------------------------------------------------------------


def test_melding_adding_or_discarding_before_drawing() -> None:
    state = start([SEAT_0, RUNNER], discard="8S")
    for move in ["meld KS KH KD", "add 1 KC", "discard KC", "meld 5H 4H 3H", "discard 7C"]:
        refused(state, move, "burraco.draw_first")
    assert legal_texts(state) == ["draw", "pickup"]


def test_drawing_twice() -> None:
    state = drawn()
    refused(state, "draw", "phase.wrong_move")
    refused(state, "pickup", "phase.wrong_move")
    state = parlour.apply(state, "meld KS KH KD KC")
    refused(state, "draw", "phase.wrong_move")


def test_discarding_the_single_card_piles_card() -> None:
    state = start([SEAT_0, "3H 4H 5H 7C 9H 10C JH AD KC 4S 8C"], discard="QS")
    state = parlour.apply(state, "pickup")
    refused(state, "discard QS", "burraco.no_rediscard")


def test_melding_the_last_cards_when_the_team_has_its_pozzetto() -> None:
    state = run(after_pozzetto("AS AH AD AC 5C 6C 7C 8C 9C 10C JC"), ["meld AS AH AD AC"])
    refused(state, "meld 5C 6C 7C 8C 9C 10C JC", "burraco.keep_a_card")
    state = run(state, ["meld 5C 6C 7C 8C 9C 10C"])
    refused(state, "add 4 JC", "burraco.keep_a_card")
    # the last card is discarded instead: a closing
    state = parlour.apply(state, "discard JC")
    assert parlour.is_over(state)
    assert parlour.deal_results(state)[0].ended_by == "closing"


# --- notation that does not say where a wild goes ------------------------------------------------


def test_an_add_that_displaces_the_wild_must_say_where_it_goes() -> None:
    state = run(drawn(hand="JK 4H 5H 6H 3H 9S 9D 10C JC 3D 5D", stock_top="4C"),
                ["meld JK 4H 5H 6H"])  # fmt: skip
    with unchanged(state), pytest.raises(NotationError) as raised:
        parlour.parse_move(state, "add 1 3H")
    message = str(raised.value)
    assert "JK 3H 4H 5H 6H" in message and "3H 4H 5H 6H JK" in message
    with pytest.raises(NotationError):
        parlour.apply(state, "add 1 3H")
    with pytest.raises(NotationError):
        parlour.check(state, "add 1 3H")
    # the same add built by hand is refused as a move, not with another exception
    refused_object(state, Add(1, (parse_card("3H"),)), "burraco.place_needed")
    # either arrangement, written out, is a legal move
    texts = legal_texts(state)
    assert "add 1 3H = JK 3H 4H 5H 6H" in texts and "add 1 3H = 3H 4H 5H 6H JK" in texts
    # an arrangement that is not the meld's cards plus the added ones
    refused(state, "add 1 3H = 3H 4H 5H 6H", "burraco.bad_arrangement")


def test_a_wild_added_to_a_clean_run_must_say_which_end() -> None:
    state = run(drawn(stock_top="4C"), ["meld 3H 4H 5H"])
    with pytest.raises(NotationError) as raised:
        parlour.parse_move(state, "add 1 JK")
    message = str(raised.value)
    assert "JK 3H 4H 5H" in message and "3H 4H 5H JK" in message
    assert {"add 1 JK = JK 3H 4H 5H", "add 1 JK = 3H 4H 5H JK"} <= set(legal_texts(state))


# --- cards and sequences -------------------------------------------------------------------------


def test_cards_not_held() -> None:
    state = drawn()
    refused(state, "meld QS QH QD", "card.not_held")
    refused(state, "discard 7C", "card.not_held")
    message = refused(state, "meld KS KS KH", "card.not_held")
    assert "2 ×" in message
    state = parlour.apply(state, "meld KS KH KD")
    refused(state, "add 2 KS", "burraco.no_such_meld")
    refused(state, "add 1 KS", "card.not_held")


@pytest.mark.parametrize(
    "move", ["meld 5H 4H 3H", "meld 3H 5H 4H", "meld JK 3H 5H", "meld 4H 5H 3H", "meld 9H JK 8H"]
)
def test_sequences_out_of_order(move: str) -> None:
    refused(drawn(), move, "burraco.out_of_order")


def test_other_bad_melds() -> None:
    state = drawn()
    refused(state, "meld KS KH", "burraco.meld_too_short")
    refused(state, "meld 3H 4H 6H", "burraco.not_consecutive")
    refused(state, "meld KS KH 3H", "burraco.not_a_meld")


# --- deals ---------------------------------------------------------------------------------------


def _deal_fields(text: str) -> list[tuple[str, list[list[str]]]]:
    fields = []
    for token in text.split()[1:]:
        name, _, body = token.partition(":")
        fields.append((name, [group.split(",") for group in body.split("/")]))
    return fields


def _four_player_deal() -> str:
    hands = ["3S 4D 5C 6S 7D 9S 10D JS QH QC AC", RUNNER, "3D 4S 5H 6D 7S 9D 10S JD KH KC AH",
             "3C 4H 5S 6C 7H 9C 10H JC KD KS AS"]  # fmt: skip
    return stacked_deal(hands, discard="8S")


def test_a_deal_with_wrong_zone_sizes() -> None:
    state = parlour.new_game("burraco")
    fields = _deal_fields(_four_player_deal())
    # one card moved from the first hand to the stock
    fields[0][1][0], moved = fields[0][1][0][1:], fields[0][1][0][0]
    fields[3][1][0].append(moved)
    refused(state, deal_text_of(fields), "deal.bad_layout")
    # one card moved from a pozzetto to the discard
    fields = _deal_fields(_four_player_deal())
    fields[2][1][0].append(fields[1][1][0].pop())
    refused(state, deal_text_of(fields), "deal.bad_layout")


def test_a_deal_that_is_not_the_deck() -> None:
    state = parlour.new_game("burraco")
    fields = _deal_fields(_four_player_deal())
    # a third ♠K (both are in hands) instead of the stock's last card: the sizes are right,
    # the cards are not
    stock = fields[3][1][0]
    assert "KS" not in stock
    stock[-1] = "KS"
    refused(state, deal_text_of(fields), "deal.not_the_deck")


def test_a_two_player_deal_for_a_four_player_match_and_the_reverse() -> None:
    two = stacked_deal([SEAT_0, RUNNER], discard="8S")
    refused(parlour.new_game("burraco"), two, "deal.bad_layout")
    refused(parlour.new_game("burraco", options={"players": 2}), _four_player_deal(),
            "deal.bad_layout")  # fmt: skip
    assert parlour.check(parlour.new_game("burraco", options={"players": 2}), two) is None


def test_deals_and_moves_out_of_place() -> None:
    fresh = parlour.new_game("burraco", options={"players": 2})
    refused(fresh, "draw", "turn.deal_due")
    state = drawn()
    refused(state, stacked_deal([SEAT_0, RUNNER], discard="8S"), "turn.no_deal_due")


def test_the_wrong_seat() -> None:
    state = start([SEAT_0, RUNNER], discard="8S")
    refused(state, "draw", "turn.not_your_turn", seat=0)
    state = parlour.apply(state, "draw", seat=1)
    refused(state, "meld KS KH KD", "turn.not_your_turn", seat=0)
    assert parlour.check(state, "meld KS KH KD", seat=1) is None


def test_moves_after_the_match_is_over() -> None:
    state = run(after_pozzetto("AS AH AD AC 5C 6C 7C 8C 9C 10C JC"),
                ["meld AS AH AD AC", "meld 5C 6C 7C 8C 9C 10C", "discard JC"])  # fmt: skip
    assert parlour.is_over(state)
    refused(state, "draw", "turn.match_over")


# --- hand-built move objects ---------------------------------------------------------------------

H6 = parse_card("6H")


@pytest.mark.parametrize(
    "move, rule",
    [
        (Add(0, (H6,)), "burraco.no_such_meld"),
        (Add(-1, (H6,)), "burraco.no_such_meld"),
        (Add(2, (H6,)), "burraco.no_such_meld"),
        (Add(10**9, (H6,)), "burraco.no_such_meld"),
        (Add(1, ()), None),
        (Add(1, (H6,), ()), None),
        (Add(1, (H6,), (H6,)), "burraco.bad_arrangement"),
        (Add(1, (H6,) * 40), "card.not_held"),
        (Add(1, (JOKER,)), "card.not_held"),
        (Meld(()), None),
        (Meld((H6,)), "burraco.meld_too_short"),
        (Meld(tuple(cards("KS KH"))), "burraco.meld_too_short"),
        (Meld(tuple(cards("KS")) * 40), "card.not_held"),
        (Meld(tuple(cards("KS KH KD KC KS KH KD KC KS KH"))), "card.not_held"),
        (Discard(parse_card("7C")), "card.not_held"),
        (Draw(), "phase.wrong_move"),
        (PickUp(), "phase.wrong_move"),
        (Play(parse_card("7H")), "phase.wrong_move"),
    ],
    ids=str,
)
def test_hand_built_moves_with_wrong_contents(move: Move, rule: str | None) -> None:
    """Seat 1 has laid 3♥ JK 5♥ (meld 1) and holds ♥6 among other cards."""
    state = run(drawn(hand="3H 5H JK 6H 8H KS KH KD KC 9C 4S"), ["meld 3H JK 5H"])
    refused_object(state, move, rule)


def test_hand_built_moves_before_the_draw() -> None:
    state = start([SEAT_0, RUNNER], discard="8S")
    for move in [Add(0, (H6,)), Add(1, ()), Meld(()), Discard(JOKER)]:
        refused_object(state, move, "burraco.draw_first")


@pytest.mark.parametrize(
    "rank, suit", [(Rank.JOKER, Suit.HEARTS), (Rank.ACE, None), ("A", Suit.SPADES), (14, None)]
)
def test_a_card_outside_any_deck_cannot_be_built(rank: Any, suit: Any) -> None:
    """A joker with a suit or an ace without one is no card at all (so no Burraco move can
    name a card outside its deck: every other `Card` is in it)."""
    with pytest.raises((ValueError, TypeError)):
        Card(rank, suit)
    assert all(Card.of(card.rank, card.suit) in DECK for card in DECK)


NOT_CARDS: list[Any] = ["6H", None, 6, ("6H",)]
"""Things that are not `Card` values, in a hand-built move."""


@pytest.mark.parametrize("thing", NOT_CARDS, ids=repr)
def test_moves_holding_things_that_are_not_cards(thing: Any) -> None:
    state = run(drawn(hand="3H 5H JK 6H 8H KS KH KD KC 9C 4S"), ["meld 3H JK 5H"])
    for move in [Discard(thing), Meld((thing, thing, thing)), Add(1, (thing,)),
                 Meld((*cards("KS KH"), thing)), Add(1, (thing, H6))]:  # fmt: skip
        refused_object(state, move)


@pytest.mark.parametrize("thing", NOT_CARDS, ids=repr)
def test_an_arrangement_holding_things_that_are_not_cards(thing: Any) -> None:
    state = run(drawn(hand="3H 5H JK 6H 8H KS KH KD KC 9C 4S"), ["meld 3H JK 5H"])
    refused_object(state, Add(1, (H6,), (*cards("3H JK 5H"), thing)))


@pytest.mark.parametrize(
    "number",
    [True, False, 1.0, "1", None],
    ids=repr,
)  # fmt: skip
def test_an_add_numbered_by_something_that_is_not_an_int(number: Any) -> None:
    """``Add(True, ...)`` would be meld 1 to Python (a bool is an int), but its text
    ``add True 6H`` is no notation: a log of it could not be replayed."""
    state = run(drawn(hand="3H 5H JK 6H 8H KS KH KD KC 9C 4S"), ["meld 3H JK 5H"])
    refused_object(state, Add(number, (H6,)))


def test_notation_errors_for_text_that_is_no_move() -> None:
    state = run(drawn(), ["meld 3H 4H 5H"])
    for text in ["add", "add x 6H", "add 0 6H", "add 1", "add 1 = 3H", "add 1 6H = ",
                 "add 1 6H = 3H = 4H", "discard", "discard 7C 8C", "draw now", "meld",
                 "meld 1H 2H 3H", "fold", "add 1 ZZ"]:  # fmt: skip
        with unchanged(state), pytest.raises(NotationError):
            parlour.apply(state, text)
