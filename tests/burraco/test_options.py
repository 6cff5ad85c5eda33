"""Every option of the rules' Settled point 1, each value shown to make its difference in play
from stacked positions (`tests.burraco.helpers.start`), plus the match-end rule of
`parlour.burraco._scoring.match_winner` checked directly (rules §4.10, Settled point 9).

Expected numbers come from the rules: card values (joker 30, 2 → 20, ace 15, K..8 → 10,
7..3 → 5), the pozzetto penalty (100), the closing bonus (100), the burraco bonuses (clean 200,
dirty 100), the deal (11 cards a hand, two pozzetti of 11, one discard; the stock 41 with four
players and 63 with two) and the stalemate default (2 × players stalled turns).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import parlour
from parlour.base import OptionsError
from parlour.burraco import BurracoState
from parlour.burraco._faces import DECK
from parlour.burraco._scoring import match_winner
from parlour.engine import (
    CHANCE,
    get_game,
)
from tests.burraco.helpers import seen, start, state_of
from tests.helpers import assert_option_defaults, cards, legal_texts, refused, run

SEAT_0 = "3S 4D 5C 6S 7D 9S 10D JS QH QC AC"
"""A hand that holds no meld: 5 × 5 + 5 × 10 + 15 = 90 points."""

FOUR_HANDS = [
    SEAT_0,
    "3H 4C 5D 6H 7C 9H 10C JH QD QS AD",
    "3D 4S 5H 6D 7S 9D 10S JD KH KC AH",
    "3C 4H 5S 6C 7H 9C 10H JC KD KS AS",
]
"""Four hands without a meld between them, for positions where nobody melds."""


def stall(state: Any, turns: int) -> Any:
    """``turns`` turns that each take the one-card pile and discard (melding nothing)."""
    for _ in range(turns):
        state = parlour.apply(state, "pickup")
        discards = [text for text in legal_texts(state) if text.startswith("discard")]
        state = parlour.apply(state, discards[0])
    return state


def hand_of(state: Any, seat: int) -> list[str]:
    return sorted(card.text for card in seen(state, seat).hand)


# --- the option set itself -------------------------------------------------------------------


def test_the_options_are_exactly_those_of_settled_point_1_with_their_defaults() -> None:
    assert_option_defaults(
        "burraco",
        {
            "target": 2000,
            "players": 4,
            "close_requires": "any_burraco",
            "ace_to_ace_run": False,
            "allow_duplicate_set_rank": False,
            "single_card_pile_no_rediscard": True,
            "must_meld_after_taking_pile": False,
            "wild_rearrangement": "tournament",
            "stalemate_turns": None,
        },
    )


@pytest.mark.parametrize(
    "name, value",
    [
        ("players", 3),
        ("players", 6),
        ("target", 0),
        ("target", -5),
        ("close_requires", "clean"),
        ("wild_rearrangement", "any"),
        ("stalemate_turns", 0),
        ("stalemate_turns", -1),
        ("ace_to_ace_run", "yes"),
    ],
)
def test_values_outside_the_settled_points_are_refused(name: str, value: object) -> None:
    with pytest.raises(OptionsError):
        parlour.new_game("burraco", options={name: value})


# --- target ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target, totals, over, winners",
    [
        # no target: one hand, the higher total wins, a level hand is won by both (a draw)
        (None, (-190, 425), True, (1,)),
        (None, (-100, -100), True, (0, 1)),
        (None, (0, 0), True, (0, 1)),
        # a target: over once a team has reached it with the strictly higher total
        (2000, (1999, 1500), False, ()),
        (2000, (2000, 1500), True, (0,)),
        (2000, (1500, 2450), True, (1,)),
        (2000, (2100, 2050), True, (0,)),
        (2000, (2050, 2100), True, (1,)),
        # a tie at or above the target plays another hand; below it, play goes on anyway
        (2000, (2000, 2000), False, ()),
        (2000, (2300, 2300), False, ()),
        (2000, (1500, 1500), False, ()),
        # the higher total wins even if the other team has passed the target too
        (600, (650, 600), True, (0,)),
    ],
)
def test_match_winner(
    target: int | None, totals: tuple[int, int], over: bool, winners: tuple[int, ...]
) -> None:
    assert match_winner(target, totals) == (over, winners)


def closing_hand(options: dict[str, Any], dealer: int = 0) -> BurracoState:
    """Two players; seat 1 draws 10♥, melds a dirty burraco ♥3..♥10 (♥7 the joker) and four
    kings (taking the top pozzetto directly), melds from it and closes on J♦. Seat 1 scores
    80 + 40 + 60 + 45 + 100 (dirty burraco) + 100 (closing) = 425; seat 0 keeps 90 points in
    hand and never took a pozzetto: −190. (With ``dealer=1`` seat 0 plays it, seat 1 waits.)"""
    closer = (dealer + 1) % 2
    hands = [SEAT_0, "3H 4H 5H 6H JK 8H 9H KS KH KD KC"]
    if closer == 0:
        hands.reverse()
    state = start(
        hands,
        discard="8S",
        stock_top="10H",
        pozzetti=("AS AH AD AC 5C 6C 7C 8C 9C 10C JD", ()),
        options=options,
        dealer=dealer,
    )
    return run(
        state,
        ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H", "meld KS KH KD KC", "meld AS AH AD AC",
         "meld 5C 6C 7C 8C 9C 10C", "discard JD"],
    )  # fmt: skip


def test_no_target_plays_a_single_hand() -> None:
    state = closing_hand({"target": None})
    assert parlour.is_over(state)
    assert parlour.score(state) == (-190, 425)
    assert parlour.winners(state) == (1,)
    assert len(parlour.deal_results(state)) == 1


def test_a_target_not_reached_goes_on_to_the_next_hand_with_the_next_dealer() -> None:
    """425 is short of 500: a new hand is due, dealt by the seat after the first dealer, and
    its first player is the seat after that one (rules §4.2 item 2, §4.10)."""
    state = closing_hand({"target": 500})
    assert not parlour.is_over(state)
    assert parlour.current_player(state) is CHANCE
    assert parlour.winners(state) == ()
    assert parlour.score(state) == (-190, 425)
    assert seen(state, None).dealer == 1
    state = parlour.apply(state, parlour.random_deal(state, random.Random(3)))
    assert parlour.current_player(state) == 0
    assert seen(state, 0).hand_number == 2
    assert seen(state, 0).hand_sizes == (11, 11)
    assert seen(state, 0).stock_size == 63


def test_a_target_reached_with_the_higher_total_ends_the_match() -> None:
    state = closing_hand({"target": 400})
    assert parlour.is_over(state)
    assert parlour.winners(state) == (1,)


def test_a_match_to_a_target_over_two_hands_adds_the_hands() -> None:
    """Seat 1 closes for 425 (−190 for seat 0), then, dealt by seat 1, seat 0 closes the same
    way: both have 235 after two hands, short of 500, so a third hand is due, dealt by seat 0."""
    first = closing_hand({"target": 500})
    assert seen(first, None).dealer == 1
    alone = closing_hand({"target": 500}, dealer=1)
    assert parlour.score(alone) == (425, -190)
    state = _second_hand_after(first)
    assert parlour.score(state) == (235, 235)
    assert not parlour.is_over(state)
    assert seen(state, None).dealer == 0
    assert len(parlour.deal_results(state)) == 2


def _second_hand_after(first: BurracoState) -> BurracoState:
    """The hand of ``closing_hand(dealer=1)`` dealt on the match ``first`` left."""
    template = start(
        ["3H 4H 5H 6H JK 8H 9H KS KH KD KC", SEAT_0],
        discard="8S",
        stock_top="10H",
        pozzetti=("AS AH AD AC 5C 6C 7C 8C 9C 10C JD", ()),
        options={"target": 500},
        dealer=1,
    )
    deal = _deal_of(template)
    state = state_of(parlour.apply(first, deal))
    assert parlour.current_player(state) == 0
    return run(
        state,
        ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H", "meld KS KH KD KC", "meld AS AH AD AC",
         "meld 5C 6C 7C 8C 9C 10C", "discard JD"],
    )  # fmt: skip


def _deal_of(state: BurracoState) -> str:
    """The deal text that produced the (just dealt) ``state``, rebuilt from its zones."""
    zones = get_game("burraco").card_zones(state)
    players = parlour.players(state)
    hands = "/".join(
        ",".join(card.text for card in zones[f"hand {seat}"]) for seat in range(players)
    )
    pozzetti = "/".join(
        ",".join(card.text for card in zones[f"pozzetto {index}"]) for index in (1, 2)
    )
    discard = ",".join(card.text for card in zones["discard"])
    stock = ",".join(card.text for card in zones["stock"])
    return f"deal hands:{hands} pozzetti:{pozzetti} discard:{discard} stock:{stock}"


def _stalemate_hand(
    options: dict[str, Any], match_score: tuple[int, int], discard: str
) -> BurracoState:
    """Two players, one stalled turn ends the hand (``stalemate_turns = 1``): seat 1 takes the
    one-card pile 8♠ (10) and discards ``discard``. The match score before the hand is set to
    ``match_score`` (as if earlier hands had been played). Both pay the pozzetto penalty; seat
    0 keeps 90 points in hand, seat 1 90 + 10 − the discard's value."""
    state = parlour.new_game(
        "burraco", options={"players": 2, "stalemate_turns": 1, **options}, dealer=0
    )
    state = attrs.evolve(state, table=attrs.evolve(state.table, match_score=match_score))
    template = start([SEAT_0, "3H 4C 5D 6H 7C 9H 10C JH QD QS AD"], discard="8S")
    state = parlour.apply(state, _deal_of(template))
    state = state_of(run(state, ["pickup", f"discard {discard}"]))
    results = parlour.deal_results(state)
    assert results[-1].ended_by == "stalemate"
    return state


def test_a_tie_at_or_above_the_target_plays_another_hand() -> None:
    """From 2300 all, both lose 190 (a 10 picked up, a 10 discarded): 2110 all is a tie above
    2000, so another hand is dealt; discarding a 3 instead leaves seat 1 at 2105 and seat 0
    wins (rules §4.10, BU14)."""
    tie = _stalemate_hand({"target": 2000}, (2300, 2300), "9H")
    assert parlour.score(tie) == (2110, 2110)
    assert not parlour.is_over(tie) and parlour.current_player(tie) is CHANCE
    assert parlour.winners(tie) == ()
    ahead = _stalemate_hand({"target": 2000}, (2300, 2300), "3H")
    assert parlour.score(ahead) == (2110, 2105)
    assert parlour.is_over(ahead) and parlour.winners(ahead) == (0,)


def test_a_level_single_hand_is_a_draw() -> None:
    """Settled point 9: with no target, a hand that ends level has every seat as a winner."""
    level = _stalemate_hand({"target": None}, (0, 0), "9H")
    assert parlour.score(level) == (-190, -190)
    assert parlour.is_over(level) and parlour.winners(level) == (0, 1)
    unequal = _stalemate_hand({"target": None}, (0, 0), "3H")
    assert parlour.winners(unequal) == (0,)


def test_four_player_hands_rotate_the_deal_to_the_next_seat() -> None:
    """Dealer 3: seat 0 plays first; after the hand seat 0 deals and seat 1 plays first."""
    state = start(FOUR_HANDS, discard="8S", dealer=3,
                  options={"target": 600, "stalemate_turns": 1})  # fmt: skip
    assert parlour.current_player(state) == 0
    state = stall(state, 1)
    assert parlour.current_player(state) is CHANCE
    assert seen(state, None).dealer == 0
    assert parlour.deal_results(state)[-1].dealer == 3
    state = parlour.apply(state, parlour.random_deal(state, random.Random(1)))
    assert parlour.current_player(state) == 1
    assert seen(state, None).dealer == 0


# --- players -----------------------------------------------------------------------------------


def _mapping(players: int, dealer: int, seed: int) -> dict[str, Any]:
    """The canonical layout of rules §4.2 item 5 / Settled points 2–3 applied to the deck as
    ``Random(seed)`` shuffles it."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    dealt = players * 11
    hands: list[list[str]] = [[] for _ in range(players)]
    for index in range(dealt):
        hands[(dealer + 1 + index) % players].append(deck[index].text)
    pozzetti = deck[dealt : dealt + 22]
    return {
        "hands": [sorted(hand) for hand in hands],
        "pozzetti": [sorted(c.text for c in pozzetti[start::2]) for start in (0, 1)],
        "discard": [deck[dealt + 22].text],
        "stock": [card.text for card in deck[dealt + 23 :]],
    }


@pytest.mark.parametrize(
    "players, dealer, teams, stock",
    [(4, 0, ((0, 2), (1, 3)), 41), (4, 2, ((0, 2), (1, 3)), 41), (2, 0, ((0,), (1,)), 63),
     (2, 1, ((0,), (1,)), 63)],
)  # fmt: skip
def test_players_sets_the_deal_layout_and_the_teams(
    players: int, dealer: int, teams: tuple[tuple[int, ...], ...], stock: int
) -> None:
    state = parlour.new_game("burraco", options={"players": players}, dealer=dealer)
    assert parlour.players(state) == players
    assert parlour.teams(state) == teams
    deal = parlour.random_deal(state, random.Random(11))
    expected = _mapping(players, dealer, 11)
    assert [sorted(card.text for card in hand) for hand in deal["hands"]] == expected["hands"]
    assert [sorted(card.text for card in p) for p in deal["pozzetti"]] == expected["pozzetti"]
    assert [card.text for card in deal["discard"][0]] == expected["discard"]
    assert [card.text for card in deal["stock"][0]] == expected["stock"]
    assert len(expected["stock"]) == stock
    dealt = parlour.apply(state, deal)
    shown = seen(dealt, None)
    assert shown.hand_sizes == (11,) * players
    assert (shown.stock_size, shown.pozzetti_left, len(shown.discard)) == (stock, 2, 1)
    assert shown.teams == teams
    assert parlour.current_player(dealt) == (dealer + 1) % players
    assert len(parlour.score(dealt)) == players


@pytest.mark.parametrize("players", [4, 2])
def test_play_passes_to_the_next_seat(players: int) -> None:
    state = start(FOUR_HANDS[:players], discard="8S", dealer=0)
    order = []
    for _ in range(2 * players):
        seat = parlour.current_player(state)
        order.append(seat)
        state = parlour.apply(state, "draw")
        discards = [text for text in legal_texts(state) if text.startswith("discard")]
        state = parlour.apply(state, discards[-1])
    assert order == [(1 + turn) % players for turn in range(2 * players)]


def test_four_players_partners_share_melds_and_score_two_players_do_not() -> None:
    """With four players seat 3 may add to the meld seat 1 laid; with two, a seat's melds are
    its own, and each side has its own pozzetto."""
    four = start(
        [SEAT_0, "3H 4H 5H 7C 9H 10C JH QD QS AD KC", FOUR_HANDS[2], "6H 4C 5S 6C 7H 9C 10H JC"
         " KD KS AS"],
        discard="8S",
        stock_top="8C 8D 8H",
    )  # fmt: skip
    four = run(four, ["draw", "meld 3H 4H 5H", "discard 8C", "draw", "discard 8D", "draw"])
    assert parlour.current_player(four) == 3
    assert parlour.check(four, "add 1 6H") is None
    after = parlour.apply(four, "add 1 6H")
    assert [meld.cards for meld in seen(after, 0).melds[1]] == [tuple(cards("3H 4H 5H 6H"))]
    two = start([SEAT_0.replace("6S", "6H"), "3H 4H 5H 7C 9H 10C JH QD QS AD KC"],
                discard="8S", stock_top="8C")  # fmt: skip
    two = run(two, ["draw", "meld 3H 4H 5H", "discard 8C", "draw"])
    assert parlour.current_player(two) == 0
    refused(two, "add 1 6H", "burraco.no_such_meld")


# --- close_requires -----------------------------------------------------------------------------


def _to_last_add(run_text: str, close_requires: str) -> BurracoState:
    """Seat 1 draws 10♥, melds ``run_text`` (♥3..♥10) and four kings (the top pozzetto
    directly), then from it four aces and ♣5..♣9, holding ♣10 J♦."""
    state = start(
        [SEAT_0, run_text.replace(" 10H", "") + " KS KH KD KC"],
        discard="8S",
        stock_top="10H",
        pozzetti=("AS AH AD AC 5C 6C 7C 8C 9C 10C JD", ()),
        options={"close_requires": close_requires},
    )
    return run(state, ["draw", f"meld {run_text}", "meld KS KH KD KC", "meld AS AH AD AC",
                       "meld 5C 6C 7C 8C 9C"])  # fmt: skip


DIRTY_RUN = "3H 4H 5H 6H JK 8H 9H 10H"
CLEAN_RUN = "3H 4H 5H 6H 7H 8H 9H 10H"


def test_close_requires_any_burraco_closes_with_a_dirty_one() -> None:
    state = _to_last_add(DIRTY_RUN, "any_burraco")
    state = run(state, ["add 4 10C", "discard JD"])
    (result,) = parlour.deal_results(state)
    assert result.ended_by == "closing" and result.closed_by == 1
    # ♥ run 80 + kings 40 + aces 60 + ♣5..♣10 45, dirty burraco 100, closing 100
    assert result.teams[1].total == 80 + 40 + 60 + 45 + 100 + 100


def test_close_requires_clean_burraco_refuses_to_close_with_a_dirty_one() -> None:
    """The add that would leave J♦ alone is refused at that move (Settled point 6); the player
    may still discard with two cards and play on."""
    state = _to_last_add(DIRTY_RUN, "clean_burraco")
    refused(state, "add 4 10C", "burraco.close_needs_burraco")
    assert "add 4 10C" not in legal_texts(state)
    state = parlour.apply(state, "discard JD")
    assert not parlour.is_over(state)
    assert seen(state, 1).hand_sizes == (11, 1)


def test_close_requires_clean_burraco_closes_with_a_clean_one() -> None:
    state = _to_last_add(CLEAN_RUN, "clean_burraco")
    state = run(state, ["add 4 10C", "discard JD"])
    (result,) = parlour.deal_results(state)
    assert result.ended_by == "closing"
    assert result.teams[1].clean_burracos == 1 and result.teams[1].closing == 100


# --- ace_to_ace_run -----------------------------------------------------------------------------


def _king_high_run(ace_to_ace: bool) -> BurracoState:
    """Seat 1 melds ♥2..♥K (all twelve cards after drawing ♥K, so it takes the top pozzetto,
    which holds both ♥A)."""
    state = start(
        [SEAT_0, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"],
        discard="8S",
        stock_top="KH",
        pozzetti=("AH AH 3C 5C 7C 9C JC 4D 6D 8D 10D", ()),
        options={"ace_to_ace_run": ace_to_ace},
    )
    state = run(state, ["draw", "meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"])
    assert hand_of(state, 1).count("AH") == 2
    return state


def test_ace_to_ace_run_off_refuses_the_fourteen_card_run() -> None:
    state = _king_high_run(False)
    refused(state, "add 1 AH AH", "burraco.sequence_too_long")
    # one ace still goes at either end
    assert "add 1 AH = AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH" in legal_texts(state)
    assert "add 1 AH = 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH" in legal_texts(state)


def test_ace_to_ace_run_on_allows_the_fourteen_card_run() -> None:
    state = _king_high_run(True)
    assert "add 1 AH AH" in legal_texts(state)
    state = parlour.apply(state, "add 1 AH AH")
    (meld,) = seen(state, 1).melds[1]
    assert list(meld.cards) == cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert meld.clean and meld.burraco and meld.wild_position is None


# --- allow_duplicate_set_rank ---------------------------------------------------------------------


def _kings(allow: bool) -> BurracoState:
    state = start(
        [SEAT_0, "KS KH KD KC KC 2D 3H 5H 7H 9H JH"],
        discard="8S",
        stock_top="4C",
        options={"allow_duplicate_set_rank": allow},
    )
    return run(state, ["draw", "meld KS KH KD"])


def test_a_second_set_of_kings_is_refused_by_default() -> None:
    state = _kings(False)
    refused(state, "meld KC KC 2D", "burraco.duplicate_set")
    # the kings go on the existing set instead
    assert "add 1 2D KC KC" in legal_texts(state)
    assert str(parlour.parse_move(state, "add 1 KC KC 2D")) == "add 1 2D KC KC"


def test_the_duplicate_set_message_names_the_rank_of_the_set() -> None:
    message = refused(_kings(False), "meld KC KC 2D", "burraco.duplicate_set")
    assert "2s" not in message
    assert "Ks" in message or "kings" in message


def test_a_second_set_of_kings_is_allowed_with_the_option() -> None:
    state = _kings(True)
    state = parlour.apply(state, "meld KC KC 2D")
    sets = seen(state, 1).melds[1]
    assert [sorted(card.text for card in meld.cards) for meld in sets] == [
        ["KD", "KH", "KS"],
        ["2D", "KC", "KC"],
    ]


def test_the_opponents_set_of_a_rank_does_not_block_ours() -> None:
    """The restriction is per team (rules §4.4): seat 0 melds kings after seat 1 has."""
    state = start(
        ["KS KH KD 4D 5C 6S 7D 9S 10D QH QC", "KS KH KD 3H 5H 7H 9H JH 4S 6D 8C"],
        discard="8S",
        stock_top="4C 10C",
    )
    state = run(state, ["draw", "meld KS KH KD", "discard 4C", "draw"])
    assert parlour.check(state, "meld KS KH KD") is None


# --- single_card_pile_no_rediscard ---------------------------------------------------------------


def _took_queen(no_rediscard: bool) -> BurracoState:
    """Seat 1 holds ♥3..♥Q and ♠Q and takes the one-card pile ♠Q: two ♠Q in hand."""
    state = start(
        [SEAT_0.replace("QH", "KH"), "3H 4H 5H 6H 7H 8H 9H 10H JH QH QS"],
        discard="QS",
        options={"single_card_pile_no_rediscard": no_rediscard},
    )
    state = state_of(parlour.apply(state, "pickup"))
    assert hand_of(state, 1).count("QS") == 2
    return state


def test_single_card_pile_no_rediscard_on_forbids_both_copies() -> None:
    state = _took_queen(True)
    refused(state, "discard QS", "burraco.no_rediscard")
    assert seen(state, 1).no_discard == cards("QS")[0]
    # neither copy may be the card kept either: melding the hearts would leave only ♠Q ♠Q
    refused(state, "meld 3H 4H 5H 6H 7H 8H 9H 10H JH QH", "burraco.no_rediscard")
    state = parlour.apply(state, "meld 3H 4H 5H 6H 7H 8H 9H 10H JH")
    refused(state, "discard QS", "burraco.no_rediscard")
    assert [text for text in legal_texts(state) if text.startswith("discard")] == ["discard QH"]


def test_single_card_pile_no_rediscard_off_allows_the_card_back() -> None:
    state = _took_queen(False)
    assert seen(state, 1).no_discard is None
    assert "discard QS" in legal_texts(state)
    state = run(state, ["meld 3H 4H 5H 6H 7H 8H 9H 10H JH QH", "discard QS"])
    assert seen(state, 0).discard == tuple(cards("QS"))
    assert seen(state, 0).hand_sizes == (11, 1)


def test_a_larger_pile_may_be_rediscarded_from() -> None:
    """The rule is about a one-card pile only: with two cards in the pile either may go back."""
    state = start([SEAT_0, "3H 4H 5H 6H 7H 8H 9H 10H JH QH QS"], discard="QS", stock_top="8D")
    state = run(state, ["draw", "discard 8D", "pickup"])
    assert seen(state, 0).took_pile and hand_of(state, 0).count("QS") == 1
    texts = legal_texts(state)
    assert "discard QS" in texts and "discard 8D" in texts


# --- must_meld_after_taking_pile -----------------------------------------------------------------

CAN_MELD = "3H 4H 6S 8D 10C QS KD 5C 7D 9S JS"
"""With ♥5 from the pile, ♥3 ♥4 ♥5 is a meld (and nothing else is)."""


def test_must_meld_after_taking_pile_on_refuses_a_discard_before_a_meld() -> None:
    state = start([SEAT_0, CAN_MELD], discard="5H", options={"must_meld_after_taking_pile": True})
    state = parlour.apply(state, "pickup")
    refused(state, "discard QS", "burraco.must_meld_first")
    assert not any(text.startswith("discard") for text in legal_texts(state))
    state = parlour.apply(state, "meld 3H 4H 5H")
    assert parlour.check(state, "discard QS") is None


def test_must_meld_after_taking_pile_on_does_not_bind_a_draw() -> None:
    state = start([SEAT_0, CAN_MELD], discard="5H", stock_top="2C",
                  options={"must_meld_after_taking_pile": True})  # fmt: skip
    state = parlour.apply(state, "draw")
    assert parlour.check(state, "discard QS") is None


def test_must_meld_after_taking_pile_on_refuses_a_pickup_with_no_meld_to_follow() -> None:
    state = start([CAN_MELD, SEAT_0], discard="8H", options={"must_meld_after_taking_pile": True})
    refused(state, "pickup", "burraco.pickup_needs_meld")
    assert legal_texts(state) == ["draw"]


def test_must_meld_after_taking_pile_off_allows_both() -> None:
    state = start([CAN_MELD, SEAT_0], discard="8H")
    assert legal_texts(state) == ["draw", "pickup"]
    state = start([SEAT_0, CAN_MELD], discard="5H")
    state = parlour.apply(state, "pickup")
    state = parlour.apply(state, "discard QS")
    assert parlour.current_player(state) == 0
    assert seen(state, 0).discard == tuple(cards("QS"))


# --- wild_rearrangement --------------------------------------------------------------------------


def _joker_as_three(rearrangement: str) -> BurracoState:
    """Seat 1 has laid JK ♥4 ♥5 ♥6 (the joker as ♥3) and holds ♥7 and ♥3."""
    state = start(
        [SEAT_0, "JK 4H 5H 6H 7H 3H 9D 10C JC 3D 5D"],
        discard="8S",
        stock_top="4C",
        options={"wild_rearrangement": rearrangement},
    )
    return run(state, ["draw", "meld JK 4H 5H 6H"])


def test_tournament_keeps_the_wild_in_place_when_its_natural_card_is_not_added() -> None:
    state = _joker_as_three("tournament")
    refused(state, "add 1 7H = 4H 5H 6H 7H JK", "burraco.wild_cannot_move")
    # the canonical add needs no '=': ♥7 can only go above ♥6 with the joker staying as ♥3
    state = parlour.apply(state, "add 1 7H")
    (meld,) = seen(state, 1).melds[1]
    assert [card.text for card in meld.cards] == ["JK", "4H", "5H", "6H", "7H"]
    assert meld.wild_position == 3


def test_free_rearrangement_lets_the_wild_move_to_the_other_end() -> None:
    state = _joker_as_three("free")
    with pytest.raises(parlour.NotationError):
        parlour.parse_move(state, "add 1 7H")
    texts = legal_texts(state)
    assert "add 1 7H = JK 4H 5H 6H 7H" in texts and "add 1 7H = 4H 5H 6H 7H JK" in texts
    state = parlour.apply(state, "add 1 7H = 4H 5H 6H 7H JK")
    (meld,) = seen(state, 1).melds[1]
    assert [card.text for card in meld.cards] == ["4H", "5H", "6H", "7H", "JK"]
    assert meld.wild_position == 8


@pytest.mark.parametrize("rearrangement", ["tournament", "free"])
def test_both_rules_move_the_wild_when_its_natural_card_is_added(rearrangement: str) -> None:
    """♥3 takes the joker's place; the joker goes to either end (rules §4.5.4)."""
    state = _joker_as_three(rearrangement)
    texts = legal_texts(state)
    assert "add 1 3H = JK 3H 4H 5H 6H" in texts
    assert "add 1 3H = 3H 4H 5H 6H JK" in texts
    state = parlour.apply(state, "add 1 3H = 3H 4H 5H 6H JK")
    (meld,) = seen(state, 1).melds[1]
    assert meld.wild_position == 7


# --- stalemate_turns -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, stalemate_turns, limit",
    [(4, None, 8), (2, None, 4), (4, 3, 3), (2, 3, 3), (2, 1, 1), (4, 10, 10)],
)
def test_stalemate_turns(players: int, stalemate_turns: int | None, limit: int) -> None:
    """The hand ends after ``limit`` consecutive turns that take a one-card pile and meld
    nothing (``None``: 2 × players), scored like the stock end: no closing bonus, the
    pozzetto penalty for both teams (rules §4.8)."""
    state = start(FOUR_HANDS[:players], discard="8S",
                  options={"stalemate_turns": stalemate_turns})  # fmt: skip
    state = stall(state, limit - 1)
    assert not parlour.is_over(state)
    state = stall(state, 1)
    assert parlour.is_over(state)
    (result,) = parlour.deal_results(state)
    assert result.ended_by == "stalemate" and result.closed_by is None
    assert all(team.pozzetto_penalty == 100 and team.closing == 0 for team in result.teams)
    # nobody melded: each team's total is minus its cards in hand and the penalty
    assert all(team.total == -team.in_hand - 100 for team in result.teams)
    assert all(team.melded == 0 and team.burraco_bonus == 0 for team in result.teams)
