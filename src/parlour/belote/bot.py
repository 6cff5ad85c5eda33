"""A small rule-of-thumb Belote player, used by `parlour demo belote` and as a sparring partner.

It takes with a hand worth enough in the proposed trump, wins tricks as cheaply as it can,
gives points to its partner when the partner is winning, and otherwise throws its cheapest card.
It looks only at what its seat may see.
"""

from __future__ import annotations

import random

from parlour.belote.moves import PASS, PLAYS, Play, Take
from parlour.belote.rules import CARD_TABLE, DECK, PLAYERS, card_index, card_points
from parlour.belote.state import BeloteState, Phase
from parlour.cards import Rank
from parlour.core import Move, legal_moves

__all__ = ["TAKE_THRESHOLD", "bot_move", "hand_strength"]

TAKE_THRESHOLD = 56
"""The hand strength (see `hand_strength`) from which the bot takes."""


def hand_strength(hand: int, trump: int) -> int:
    """A rough worth of ``hand`` with ``trump``: trump card points, 5 per trump, 10 per side ace."""
    strength = 0
    for index in range(32):
        if hand >> index & 1:
            if CARD_TABLE.suit_of[index] == trump:
                strength += card_points(index, trump) + 5
            elif DECK[index].rank == Rank.ACE:
                strength += 10
    return strength


def _bid(state: BeloteState, moves: tuple[Move, ...]) -> Move:
    hand = state.hands[state.to_act]
    table = state.table
    best: tuple[int, Move] = (TAKE_THRESHOLD - 1, PASS)
    for move in moves:
        if not isinstance(move, Take):
            continue
        trump = CARD_TABLE.suit_of[table.turnup] if move.suit is None else int(move.suit)
        strength = hand_strength(hand | (1 << table.turnup), trump)
        if strength > best[0]:
            best = (strength, move)
    return best[1]


def _play(state: BeloteState, plays: list[int]) -> Move:
    table = state.table
    trump = table.trump
    power = CARD_TABLE.power[trump]
    trick = state.trick

    def cheapness(card: int) -> tuple[int, int]:
        return (card_points(card, trump), power[card])

    if not trick:
        aces = [c for c in plays if DECK[c].rank == Rank.ACE and CARD_TABLE.suit_of[c] != trump]
        return PLAYS[aces[0] if aces else min(plays, key=cheapness)]
    winner_position = CARD_TABLE.winning_index(trump, trick)
    partner_winning = (len(trick) - winner_position) % PLAYERS == 2
    if partner_winning and len(trick) == PLAYERS - 1:
        non_trumps = [c for c in plays if CARD_TABLE.suit_of[c] != trump] or plays
        return PLAYS[max(non_trumps, key=cheapness)]
    winning = [c for c in plays if CARD_TABLE.winning_index(trump, (*trick, c)) == len(trick)]
    if winning and not partner_winning:
        return PLAYS[min(winning, key=cheapness)]
    return PLAYS[min(plays, key=cheapness)]


def bot_move(state: BeloteState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the bot is deterministic)."""
    moves = tuple(legal_moves(state))
    if state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        return _bid(state, moves)
    plays = [card_index(move.card) for move in moves if isinstance(move, Play)]
    return _play(state, plays)
