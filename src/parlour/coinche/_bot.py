"""Coinche's rules of thumb: `HeuristicAgent`'s player, also used by `parlour demo coinche`.

In the auction it values its hand in each denomination it may bid (`hand_strength`: the card
points of its trumps, 5 a trump, 10 a side ace, with a partner's expected help) and bids the
lowest legal value its estimate reaches, never over its partner's bid; it coinches an
opponent's high bid when it holds the jack or the nine of their trumps and two side aces. In
play it leads a master card (no unseen card of its suit beats it) or its cheapest card, lets a
partner's winning trick be (giving it points when it plays last), wins an opponent's trick with
its cheapest winning card when it plays last or holds a master, else throws its cheapest card.
It reads only what its seat may see.
"""

from __future__ import annotations

import random

from parlour.base import Rank
from parlour.coinche._cardplay import trick_winner
from parlour.coinche._moves import COINCHE, PASS, PLAYS, Bid, Play
from parlour.coinche._state import CoincheState, Phase
from parlour.coinche.rules import (
    CARD_TABLE,
    DECK,
    PLAYERS,
    SA,
    TA,
    card_index,
    card_points,
    trick_trump,
)
from parlour.engine import Move

__all__ = ["PARTNER_HELP", "bot_move", "explained_move", "hand_strength"]

PARTNER_HELP = 30
"""What the bot counts on its partner for, in points, when it values its hand."""
COINCHE_FROM = 110
"""The least opponents' bid the bot coinches."""


def hand_strength(hand: int, denomination: int) -> int:
    """A rough worth of ``hand`` in a contract of ``denomination``: in a colour contract the
    trumps' card points, 5 a trump and 10 a side ace; in SA the aces and tens (twice); in TA
    the jacks and nines (twice)."""
    strength = 0
    for index in range(32):
        if not hand >> index & 1:
            continue
        rank = DECK[index].rank
        if denomination == SA:
            strength += 2 * card_points(index, SA) if rank in (Rank.ACE, Rank.TEN) else 0
        elif denomination == TA:
            strength += 2 * card_points(index, TA) if rank in (Rank.JACK, Rank.NINE) else 0
        elif CARD_TABLE.suit_of[index] == denomination:
            strength += card_points(index, denomination) + 5
        elif rank == Rank.ACE:
            strength += 10
    return strength


def _bid(state: CoincheState, moves: tuple[Move, ...]) -> tuple[Move, str]:
    seat = state.to_act
    hand = state.hands[seat]
    partner_bid = state.bid_seat >= 0 and (state.bid_seat - seat) % 2 == 0
    best: Move = PASS
    reason = "the hand reaches no bid above the standing one: pass"
    if partner_bid:
        reason = "your partner holds the bid: pass (never overbid your partner)"
    else:
        lowest: dict[int, tuple[int, Move]] = {}
        for move in moves:
            if isinstance(move, Bid) and move.value <= 160:
                estimate = hand_strength(hand, move.denomination) + PARTNER_HELP
                if move.value <= estimate and move.denomination not in lowest:
                    lowest[move.denomination] = (estimate, move)
        if lowest:  # the lowest legal bid of the denomination the hand values most
            estimate, best = max(lowest.values(), key=lambda pair: pair[0])
            reason = f"the hand is worth about {estimate} in that suit: the lowest bid it reaches"
    if best is PASS and COINCHE in moves and state.bid_value >= COINCHE_FROM:
        denomination = state.bid_denomination
        if denomination < 4:
            jack_or_nine = sum(
                1 for index in range(32)
                if hand >> index & 1 and CARD_TABLE.suit_of[index] == denomination
                and DECK[index].rank in (Rank.JACK, Rank.NINE)
            )  # fmt: skip
            aces = sum(
                1 for index in range(32)
                if hand >> index & 1 and CARD_TABLE.suit_of[index] != denomination
                and DECK[index].rank == Rank.ACE
            )  # fmt: skip
            if jack_or_nine and aces >= 2:
                return COINCHE, "a jack or nine of their trumps and two aces: coinche"
    return best, reason


def _play(state: CoincheState, plays: list[int]) -> tuple[Move, str]:
    denomination = state.bid_denomination
    trick = state.trick
    seen = state.hands[state.to_act]
    for seat in range(PLAYERS):
        seen |= state.dealt[seat] & ~state.hands[seat]
    unseen = ~seen & 0xFFFFFFFF
    trump = trick_trump(denomination, trick[0]) if trick else denomination

    def cheapness(card: int) -> tuple[int, int]:
        return (card_points(card, denomination), CARD_TABLE.power[trump][card])

    def is_master(card: int) -> bool:
        own_trump = trick_trump(denomination, card)
        return CARD_TABLE.beaten_by[own_trump][card] & unseen == 0

    if not trick:
        masters = [card for card in plays if is_master(card)]
        if masters:
            return PLAYS[max(masters, key=cheapness)], "a master card: lead it"
        return PLAYS[min(plays, key=cheapness)], "no master card: lead the cheapest"
    winner = trick_winner(denomination, state.leader, trick)
    last = len(trick) == PLAYERS - 1
    if (winner - state.to_act) % 2 == 0:
        if last:
            return PLAYS[max(plays, key=cheapness)], "your partner wins the trick: give it points"
        return PLAYS[min(plays, key=cheapness)], "your partner is winning: the cheapest card"
    winning = [
        card for card in plays
        if trick_winner(denomination, state.leader, (*trick, card)) == state.to_act
    ]  # fmt: skip
    safe = winning if last else [card for card in winning if is_master(card)]
    if safe:
        return PLAYS[min(safe, key=cheapness)], "the cheapest card sure to win the trick"
    return PLAYS[min(plays, key=cheapness)], "nothing wins the trick for sure: the cheapest card"


def bot_move(state: CoincheState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the bot is deterministic)."""
    return explained_move(state, rng)[0]


def explained_move(state: CoincheState, rng: random.Random) -> tuple[Move, str]:
    """The bot's move for the seat to act and the rule of thumb that chose it, in a line."""
    moves = state.legal
    if state.phase == Phase.AUCTION:
        return _bid(state, moves)
    return _play(state, [card_index(move.card) for move in moves if isinstance(move, Play)])
