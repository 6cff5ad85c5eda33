"""Helpers for exact Belote scenarios: deal texts, scripted moves, mid-trick states.

Cards are written in the notation (``"JH"``, ``"10S"``); a group of cards may be given as one
string separated by spaces or commas, or as a sequence of card texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import parlour
from parlour.base import (
    Card,
    Suit,
    parse_card,
    parse_suit,
)
from parlour.belote import BeloteState, DealResult, Options, Phase
from parlour.belote._state import Table
from parlour.belote.rules import card_index
from tests.helpers import Cards, card_mask, cards, deal_text_of, run

__all__ = [
    "EXAMPLE_DEALS",
    "bidding",
    "deal_for_final_hands",
    "deal_text",
    "first_legal_play_out",
    "idx",
    "last_deal",
    "mask",
    "new_match",
    "play_example",
    "play_state",
    "rotated",
    "start_deal",
]


def idx(text: str) -> int:
    """The index of a card in the Belote deck (its bit in a hand mask)."""
    return card_index(parse_card(text))


def mask(group: Cards) -> int:
    """The hand mask of a group of cards."""
    return card_mask(group, card_index)


def deal_text(hands: Sequence[Cards], turnup: str, stock: Cards) -> str:
    """The text of a deal move: four 5-card hands in seat order, the turn-up, the stock top
    first (no check: bad layouts are allowed, to test them)."""
    return deal_text_of([("hands", hands), ("turnup", [turnup]), ("stock", [stock])])


def deal_for_final_hands(
    final_hands: Sequence[Cards], *, dealer: int, taker: int, turnup: str
) -> str:
    """The deal text after which, once ``taker`` takes, each seat holds ``final_hands[seat]``.

    ``turnup`` must be in the taker's final hand. Each seat keeps the first five of its other
    cards as its first hand; the rest go to the stock in the dealing order (seat after the
    dealer first, ending with the dealer: 3 cards to each non-taker, 2 to the taker).
    """
    turn = parse_card(turnup)
    groups = [cards(hand) for hand in final_hands]
    assert all(len(group) == 8 for group in groups), "final hands hold 8 cards"
    assert turn in groups[taker], "the turn-up ends in the taker's hand"
    groups[taker] = [one for one in groups[taker] if one != turn]
    first = [group[:5] for group in groups]
    stock: list[Card] = []
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        stock.extend(groups[seat][5:])
    assert len(stock) == 11
    return deal_text(
        [[one.text for one in hand] for hand in first], turn.text, [one.text for one in stock]
    )


def bidding(dealer: int, taker: int, suit: str | None = None) -> list[str]:
    """The bids that let ``taker`` take: in round 1 (``suit`` None) or round 2 (``take S``)."""
    first = (dealer + 1) % 4
    passes = (taker - first) % 4
    if suit is None:
        return ["pass"] * passes + ["take"]
    return ["pass"] * (4 + passes) + [f"take {suit}"]


def new_match(options: dict[str, Any] | Options | None = None, dealer: int = 0) -> BeloteState:
    """A new Belote match with a deal due."""
    state: BeloteState = parlour.new_game("belote", options=options, dealer=dealer)
    return state


def start_deal(
    final_hands: Sequence[Cards],
    *,
    dealer: int,
    taker: int,
    turnup: str,
    suit: str | None = None,
    options: dict[str, Any] | Options | None = None,
    state: BeloteState | None = None,
) -> BeloteState:
    """Deal, bid (``taker`` takes in round 1, or round 2 naming ``suit``) and return the state
    at the first lead; ``state`` (a deal due, with that dealer) defaults to a new match."""
    if state is None:
        state = new_match(options, dealer)
    assert state.table.dealer == dealer
    text = deal_for_final_hands(final_hands, dealer=dealer, taker=taker, turnup=turnup)
    state = run(state, [text, *bidding(dealer, taker, suit)])
    assert state.phase == Phase.PLAY
    return state


def first_legal_play_out(state: BeloteState) -> BeloteState:
    """Play the first legal card (canonical order) until the deal is over."""
    while state.phase == Phase.PLAY:
        state = parlour.apply(state, parlour.legal_moves(state)[0])
    return state


def last_deal(state: BeloteState) -> DealResult:
    """The breakdown of the last finished deal."""
    return state.table.deals[-1]


def play_state(
    *,
    trump: str,
    hands: Sequence[Cards],
    trick: Cards = (),
    leader: int = 0,
    taker: int = 0,
    dealer: int = 3,
    options: Options | None = None,
) -> BeloteState:
    """A play-phase state in the first trick: ``trick`` was led by ``leader``; the seat after
    the last card played is to act. Hands need not hold 8 cards."""
    trump_suit: Suit = parse_suit(trump)
    played = [card_index(one) for one in cards(trick)]
    hand_masks = tuple(mask(hand) for hand in hands)
    trump_index = int(trump_suit)
    king_queen = mask([f"K{trump_suit.letter}", f"Q{trump_suit.letter}"])
    holder = next((seat for seat in range(4) if hand_masks[seat] & king_queen == king_queen), -1)
    turnup = card_index(parse_card(f"7{trump_suit.letter}"))
    table = Table(
        options=options if options is not None else Options(),
        dealer=dealer,
        deal_number=1,
        turnup=turnup,
        trump=trump_index,
        taker=taker,
        belote_holder=holder,
        take_round=1,
    )
    to_act = (leader + len(played)) % 4
    return BeloteState(
        table=table, phase=Phase.PLAY, to_act=to_act, hands=hand_masks, trick=tuple(played),
        leader=leader,
    )  # fmt: skip


# Final 8-card hands (seats 0..3) of real deals: dealer 3, seat 0 takes the turn-up ♥ in round 1
# and leads; every card is the first legal one. Found by search; the resulting card points are
# those of the worked examples.
EXAMPLE_DEALS: dict[str, tuple[list[str], str]] = {
    # N-S 97 (incl. the last trick), E-W 65; seat 0 holds K♥ Q♥.
    "ex1": (["7D QH 10S 9S KH 7S KC 8S", "KS QC 9C AS KD QD 7C 10C",
             "8D AC JS 8C 10D 7H JH 10H", "9H 9D AH QS 8H JD AD JC"], "QH"),
    # N-S 72 + belote, E-W 90.
    "ex2": (["QD KH QH 7C 10S 7D 8H 9D", "KD 9S 10H 7S AH JS 9C KC",
             "8D QC JH 8C 10D 8S 10C JD", "JC AS 9H AD QS 7H AC KS"], "KH"),
    # N-S 70 + belote (seat 2 holds K♥ Q♥), E-W 92.
    "ex3": (["7S 8S 10H 9C 8D 8C 10D JD", "JH AD KS AS 9H 9D 7H JC",
             "QH AH KH 9S 10C QC 7D AC", "KD 8H JS QS 10S 7C KC QD"], "10H"),
    # 81 / 81, E-W hold belote (seat 1).
    "ex4": (["JD JC 10S 8S 8D AH 8H 7H", "QS QH KH KD 9D JH 9S 7C",
             "QC 10H 10C AC JS AS QD 10D", "KC 7D 7S 8C 9C AD 9H KS"], "AH"),
    # 81 / 81, no belote.
    "ex5": (["7C QD AD JH QS QH 8H 9D", "7H 7S AS KD KS 9C KC KH",
             "10D 8D JS JC 9H 10S 10H 8C", "AH 7D 9S JD QC 8S AC 10C"], "JH"),
    # N-S take all eight tricks; seat 0 holds every trump.
    "ex6": (["JH AH 10H KH 9H 8H QH 7H", "KD 10C JD KC 9S 8S 9C JS",
             "AS AC 10D AD 10S KS JC 9D", "QD QS QC 7D 8C 7C 8D 7S"], "JH"),
}  # fmt: skip


def rotated(hands: list[str], by: int) -> list[str]:
    """The same hands moved ``by`` seats on (seat s's hand goes to seat s + by)."""
    result = [""] * 4
    for seat, hand in enumerate(hands):
        result[(seat + by) % 4] = hand
    return result


def play_example(
    name: str,
    options: dict[str, Any] | Options | None = None,
    *,
    state: BeloteState | None = None,
    rotate: int = 0,
) -> BeloteState:
    """Play example ``name`` (first legal cards) and return the state after the deal.

    With ``rotate``, every seat (the dealer included) is moved on, so the play is the same.
    """
    hands, turnup = EXAMPLE_DEALS[name]
    started = start_deal(
        rotated(hands, rotate),
        dealer=(3 + rotate) % 4,
        taker=rotate % 4,
        turnup=turnup,
        options=options,
        state=state,
    )
    assert started.table.trump == int(Suit.HEARTS)
    return first_legal_play_out(started)
