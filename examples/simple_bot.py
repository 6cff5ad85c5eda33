"""A tiny Belote bot that sees only what its seat may see, playing against random players.

    python examples/simple_bot.py [MATCHES]

The bot decides from two things: ``view(state, seat)`` (its hand, the turn-up, the trick so
far, the trump) and ``legal_moves(state)``. It takes a contract when its hand is strong in the
proposed trump, wins a trick as cheaply as it can when an opponent is winning it, gives points
to its partner when the partner is winning, and otherwise throws its cheapest card.

Team 0 (seats 0 and 2) is the bot, team 1 (seats 1 and 3) plays uniformly at random. Each
match is played to the default target of 1000 from ``random.Random(match number)``, so the
output is the same on every run.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

from parlour import (
    Card,
    Move,
    Suit,
    apply,
    current_player,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    random_deal,
    score,
    view,
    winners,
)
from parlour.belote import BeloteView, Play, Take
from parlour.belote.rules import PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS

BOT_SEATS = (0, 2)
TAKE_THRESHOLD = 45
"""The hand strength (see `strength`) from which the bot takes a contract."""


def points(card: Card, trump: Suit) -> int:
    """The card points of ``card`` with ``trump`` as the trump suit."""
    return (TRUMP_POINTS if card.suit == trump else PLAIN_POINTS)[card.rank]


def power(card: Card, trump: Suit, led: Suit) -> int:
    """How strongly ``card`` bids for a trick led in ``led``: trumps above the suit led,
    cards of any other suit never win (power 0)."""
    if card.suit == trump:
        return 20 - TRUMP_ORDER.index(card.rank)
    if card.suit == led:
        return 10 - PLAIN_ORDER.index(card.rank)
    return 0


def strength(hand: Sequence[Card], trump: Suit) -> int:
    """A rough worth of a hand with ``trump``: its trump points, 5 per trump, 10 per side ace."""
    total = 0
    for card in hand:
        if card.suit == trump:
            total += points(card, trump) + 5
        elif card.rank.text == "A":
            total += 10
    return total


def choose_bid(seen: BeloteView, moves: Sequence[Move]) -> Move:
    """Take in the strongest suit on offer if it is strong enough, else pass (moves[0])."""
    assert seen.turnup is not None and seen.turnup.suit is not None
    hand = (*seen.hand, seen.turnup)  # the taker picks up the turn-up
    best_move, best_strength = moves[0], TAKE_THRESHOLD - 1
    for move in moves:
        if isinstance(move, Take):
            suit = seen.turnup.suit if move.suit is None else move.suit
            value = strength(hand, suit)
            if value > best_strength:
                best_move, best_strength = move, value
    return best_move


def choose_card(seen: BeloteView, moves: Sequence[Move]) -> Move:
    """Pick a card among the legal plays using only the seat's view."""
    assert seen.trump is not None and seen.seat is not None
    trump = seen.trump
    plays = [move for move in moves if isinstance(move, Play)]

    def cheapness(move: Play) -> tuple[int, int]:
        led = move.card.suit if move.card.suit is not None else trump
        return (points(move.card, trump), power(move.card, trump, led))

    if not seen.trick:  # leading: cash a side ace, else lead the cheapest card
        aces = [m for m in plays if m.card.rank.text == "A" and m.card.suit != trump]
        return aces[0] if aces else min(plays, key=cheapness)
    led = seen.trick[0][1].suit
    assert led is not None
    winner, best = max(seen.trick, key=lambda played: power(played[1], trump, led))
    if (winner - seen.seat) % 4 == 2:  # the partner is winning: give points, keep trumps
        discards = [m for m in plays if m.card.suit != trump] or plays
        return max(discards, key=cheapness)
    beating = [m for m in plays if power(m.card, trump, led) > power(best, trump, led)]
    return min(beating or plays, key=cheapness)


def bot_move(state: Any) -> Move:
    """The bot's move for the seat to act, from its view and the legal moves only."""
    seat = current_player(state)
    assert isinstance(seat, int)
    seen = view(state, seat)
    assert isinstance(seen, BeloteView)
    moves = legal_moves(state)
    if seen.phase == "play":
        return choose_card(seen, moves)
    return choose_bid(seen, moves)


def play_match(number: int) -> Any:
    """One match, bot team against random team; the final state."""
    rng = random.Random(number)
    state = new_game("belote", dealer=number % 4)
    while not is_over(state):
        if is_chance(state):
            state = apply(state, random_deal(state, rng))
        elif current_player(state) in BOT_SEATS:
            state = apply(state, bot_move(state))
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    return state


def main(matches: int) -> None:
    """Play ``matches`` matches and print each result and the total."""
    bot_wins = 0
    for number in range(matches):
        state = play_match(number)
        final = score(state)
        won = winners(state)[0] in BOT_SEATS
        bot_wins += won
        verdict = "bot" if won else "random"
        print(f"match {number:2}: bot {final[0]:4} - random {final[1]:4}, won by {verdict}")
    print(f"the bot won {bot_wins} of {matches} matches")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
