"""Coinche's rules of thumb: `HeuristicAgent`'s player, also used by `parlour demo coinche`.

In the auction it values its hand in each denomination it may bid (`hand_strength`: the card
points of its trumps, 5 a trump, 10 a side ace, with a partner's expected help) and bids the
lowest legal value its estimate reaches, never over its partner's bid.

It coinches an opponent's contract it cannot overbid when its tricks against it make a failure
likely enough to pay: a coinche wins the defence about V more when the contract fails and costs
it about V plus twice its card points when it is made, so it needs roughly three failures in
four. Measured on the bot's own contracts (which fail about one time in eight), a defender's
trumps are what decides: with `trump_tricks` of 3 (the jack; the nine with two more trumps;
each trump beyond the third) the contract fails often enough, and from a bid of 100
(`COINCHE_HIGH_FROM`) with 2; side aces barely move it. An SA or TA contract is coinched with 3
`sure_tricks` (aces, and tens with their aces; in TA jacks, and nines with their jacks), a capot
or a générale with one (a single trick beats it). It surcoinches, as the bidder or the bidder's
partner, when its side holds clearly more than the bid: the bidder's own estimate
(`hand_strength` plus `PARTNER_HELP`), or the partner's hand added to what the bid
shows of the bidder's (V − `PARTNER_HELP`), reaches V + `SURCOINCHE_MARGIN`. In
play it leads a master card (no unseen card of its suit beats it) or its cheapest card, lets a
partner's winning trick be (giving it points when it plays last), wins an opponent's trick with
its cheapest winning card when it plays last or holds a master, else throws its cheapest card.
It reads only what its seat may see.
"""

from __future__ import annotations

import random

from parlour.base import Rank
from parlour.coinche._cardplay import trick_winner
from parlour.coinche._moves import COINCHE, PASS, PLAYS, SURCOINCHE, Bid, Play
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

__all__ = [
    "PARTNER_HELP",
    "bot_move",
    "coinches",
    "explained_move",
    "hand_strength",
    "sure_tricks",
    "trump_tricks",
]

PARTNER_HELP = 30
"""What the bot counts on its partner for, in points, when it values its hand."""
COINCHE_TRUMP_TRICKS = 3
"""The trump tricks against a colour contract that make the bot coinche it at any value."""
COINCHE_HIGH_FROM = 100
"""From this bid a colour contract is also coinched with one trump trick fewer."""
COINCHE_NO_TRUMP_TRICKS = 3
"""The sure tricks against an SA or TA contract that make the bot coinche it."""
SURCOINCHE_MARGIN = 40
"""How far above the bid the bidding side's estimate must be for the bot to surcoinche."""
_HIGH_BIDS = 250
"""A capot (250) or générale (500): made only by taking every trick."""


def _suit_cards(hand: int, suit: int) -> list[Rank]:
    return [DECK[index].rank for index in range(8 * suit, 8 * suit + 8) if hand >> index & 1]


def trump_tricks(hand: int, trump: int) -> int:
    """The tricks a defender's trumps should take against a colour contract in ``trump``: the
    jack; the nine with two more trumps (the jack cannot draw it); each trump beyond the third
    (the takers run out first)."""
    ranks = _suit_cards(hand, trump)
    return (Rank.JACK in ranks) + (Rank.NINE in ranks and len(ranks) >= 3) + max(0, len(ranks) - 3)


def sure_tricks(hand: int, denomination: int) -> int:
    """The tricks ``hand`` should take in defence against a contract of ``denomination``: in a
    colour contract its `trump_tricks` and its side aces; in SA each ace, and the ten with its
    ace; in TA each jack, and the nine with its jack."""
    if denomination < 4:
        aces = sum(Rank.ACE in _suit_cards(hand, suit) for suit in range(4) if suit != denomination)
        return trump_tricks(hand, denomination) + aces
    high, second = (Rank.ACE, Rank.TEN) if denomination == SA else (Rank.JACK, Rank.NINE)
    tricks = 0
    for suit in range(4):
        ranks = _suit_cards(hand, suit)
        tricks += (high in ranks) + (high in ranks and second in ranks)
    return tricks


def coinches(hand: int, value: int, denomination: int) -> bool:
    """Whether the bot, defending with ``hand``, coinches a contract of ``value`` in
    ``denomination`` (see the module docstring)."""
    if value >= _HIGH_BIDS:
        return sure_tricks(hand, denomination) >= 1
    if denomination >= 4:
        return sure_tricks(hand, denomination) >= COINCHE_NO_TRUMP_TRICKS
    trumps = trump_tricks(hand, denomination)
    if trumps >= COINCHE_TRUMP_TRICKS:
        return True
    return value >= COINCHE_HIGH_FROM and trumps == COINCHE_TRUMP_TRICKS - 1


def _side_estimate(state: CoincheState) -> int:
    """What the bidding side holds by the bot's reckoning: the bidder's own estimate, or the
    partner's hand and what the bid shows of the bidder's."""
    hand = state.hands[state.to_act]
    strength = hand_strength(hand, state.bid_denomination)
    if state.to_act == state.bid_seat:
        return strength + PARTNER_HELP
    return strength + state.bid_value - PARTNER_HELP


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
    if best is PASS and COINCHE in moves and coinches(
        hand, state.bid_value, state.bid_denomination
    ):  # fmt: skip
        tricks = sure_tricks(hand, state.bid_denomination)
        return COINCHE, f"{tricks} tricks against their contract, trumps included: coinche"
    if SURCOINCHE in moves:
        estimate = _side_estimate(state)
        if estimate >= state.bid_value + SURCOINCHE_MARGIN:
            return SURCOINCHE, f"your side holds about {estimate}, well over the bid: surcoinche"
        return PASS, "your side does not hold clearly more than the bid: pass"
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
