"""Belote's rules of thumb: `HeuristicAgent`'s player, also used by `parlour demo belote`.

It takes with a hand worth enough in the proposed trump. In play it leads a master (a card no
unseen card of its suit can beat): the master trump to draw the opponents' trumps when its team
took, else a side master, else its cheapest card. Following, it lets its partner's winning trick
be (giving it points when it plays last), wins a trick an opponent holds with its cheapest
master, or its cheapest winning card when it plays last, and otherwise throws its cheapest card.
It reads only what its seat may see: its own hand, the bidding, and the cards played this deal.
"""

from __future__ import annotations

import random

from parlour.base import Rank
from parlour.belote._moves import (
    PASS,
    PLAYS,
    Play,
    Take,
)
from parlour.belote._state import (
    PARTNER_OF,
    BeloteState,
    Phase,
    takes_lead,
)
from parlour.belote.rules import CARD_TABLE, DECK, PLAYERS, card_index, card_points
from parlour.engine import (
    Move,
    legal_moves,
)

__all__ = ["TAKE_THRESHOLD", "bot_move", "explained_move", "hand_strength"]

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


def _bid(state: BeloteState, moves: tuple[Move, ...]) -> tuple[Move, str]:
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
    strength, move = best
    if move is PASS:
        return PASS, f"no trump makes the hand worth {TAKE_THRESHOLD} (trump points, 5 a " \
            "trump, 10 a side ace)"
    return move, f"with that trump the hand is worth {strength}, at least {TAKE_THRESHOLD}"


def _unseen(state: BeloteState) -> int:
    """The cards the seat to act has not seen: neither in its hand nor played this deal."""
    played = state.won[0] | state.won[1]
    for card in state.trick:
        played |= 1 << card
    return ~(played | state.hands[state.to_act]) & 0xFFFFFFFF


def _play(state: BeloteState, plays: list[int]) -> tuple[Move, str]:
    table = state.table
    trump = table.trump
    power = CARD_TABLE.power[trump]
    beaten_by = CARD_TABLE.beaten_by[trump]
    trick = state.trick
    unseen = _unseen(state)

    def cheapness(card: int) -> tuple[int, int]:
        return (card_points(card, trump), power[card])

    def is_master(card: int) -> bool:
        return beaten_by[card] & unseen == 0

    def is_trump(card: int) -> bool:
        return CARD_TABLE.suit_of[card] == trump

    if not trick:
        our_contract = (table.taker - state.to_act) % 2 == 0
        trumps_out = CARD_TABLE.suit_masks[trump] & unseen
        master_trumps = [c for c in plays if is_trump(c) and is_master(c)]
        if our_contract and trumps_out and master_trumps:
            return PLAYS[max(master_trumps, key=lambda card: power[card])], \
                "the master trump, to draw the opponents' trumps (your team took)"
        side_masters = [c for c in plays if not is_trump(c) and is_master(c)]
        if side_masters:
            return PLAYS[max(side_masters, key=cheapness)], \
                "a master: no card still unseen in its suit beats it"
        side = [c for c in plays if not is_trump(c)] or plays
        return PLAYS[min(side, key=cheapness)], "no master to lead: the cheapest card"
    last = len(trick) == PLAYERS - 1
    if state.trick_winner == PARTNER_OF[state.to_act]:
        non_trumps = [c for c in plays if not is_trump(c)] or plays
        if last:
            return PLAYS[max(non_trumps, key=cheapness)], \
                "your partner wins the trick and you play last: give it points"
        return PLAYS[min(non_trumps, key=cheapness)], \
            "your partner holds the trick: keep your good cards"
    winning = [c for c in plays if takes_lead(trump, state.winning_card, c)]
    safe = winning if last else [c for c in winning if is_master(c)]
    if safe:
        why = "the cheapest card that wins the trick, played last" if last else \
            "the cheapest master that wins the trick from the opponents"
        return PLAYS[min(safe, key=cheapness)], why
    return PLAYS[min(plays, key=cheapness)], "you cannot be sure to win it: the cheapest card"


def bot_move(state: BeloteState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the bot is deterministic)."""
    return explained_move(state, rng)[0]


def explained_move(state: BeloteState, rng: random.Random) -> tuple[Move, str]:
    """The bot's move for the seat to act and the rule of thumb that chose it, in a line."""
    moves = tuple(legal_moves(state))
    if state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        return _bid(state, moves)
    plays = [card_index(move.card) for move in moves if isinstance(move, Play)]
    return _play(state, plays)
