"""A small rule-of-thumb Écarté player, used by `parlour demo ecarte` and as a sparring partner.

It proposes with a weak hand and plays with a strong one, accepts a proposal when its own hand is
weak, discards the side cards below the queen, marks the king of trumps, leads trumps from three
trumps up and else the top of its longest side suit, and wins tricks as cheaply as it can. It
looks only at what its seat may see: its own hand, the trump, the trick and the talon's size.
"""

from __future__ import annotations

import random

from parlour.base import Rank
from parlour.ecarte._moves import (
    ACCEPT,
    KING,
    PLAYS,
    PROPOSE,
    REFUSE,
    Discard,
    Play,
)
from parlour.ecarte._state import (
    EcarteState,
    Phase,
)
from parlour.ecarte.rules import CARD_TABLE, DECK, card_index
from parlour.engine import (
    Move,
    legal_moves,
)

__all__ = ["PLAY_THRESHOLD", "bot_move", "explained_move", "hand_strength"]

PLAY_THRESHOLD = 7
"""The hand strength (see `hand_strength`) from which the bot plays rather than proposes, and
refuses rather than accepts."""

_TRUMP_WEIGHT = {Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 3}
_PLAIN_WEIGHT = {Rank.KING: 2, Rank.QUEEN: 1}


def hand_strength(hand: int, trump: int) -> int:
    """A rough worth of ``hand``: per trump 4 for the K, 3 for the Q or J, 2 for the others;
    per side card 2 for a K, 1 for a Q."""
    strength = 0
    for index in range(32):
        if hand >> index & 1:
            rank = DECK[index].rank
            if CARD_TABLE.suit_of[index] == trump:
                strength += _TRUMP_WEIGHT.get(rank, 2)
            else:
                strength += _PLAIN_WEIGHT.get(rank, 0)
    return strength


def _weakest_first(cards: list[int], trump: int) -> list[int]:
    power = CARD_TABLE.power[trump]
    return sorted(cards, key=lambda card: (power[card], card))


def _discard(state: EcarteState, moves: tuple[Move, ...]) -> Move:
    trump = state.table.trump
    hand = [index for index in range(32) if state.hands[state.to_act] >> index & 1]
    discards = [move for move in moves if isinstance(move, Discard)]
    fewest = min(len(move.cards) for move in discards)
    most = max(len(move.cards) for move in discards)
    weak = [
        card
        for card in hand
        if CARD_TABLE.suit_of[card] != trump and DECK[card].rank not in (Rank.KING, Rank.QUEEN)
    ]
    chosen = _weakest_first(weak, trump)[:most]
    if len(chosen) < fewest:
        rest = [card for card in _weakest_first(hand, trump) if card not in chosen]
        chosen += rest[: fewest - len(chosen)]
    wanted = {DECK[card] for card in chosen}
    return next(move for move in discards if set(move.cards) == wanted)


LEAD_TRUMPS_FROM = 3
"""The trumps held from which the bot leads trumps (highest first) to draw the other's."""


def _lead(plays: list[int], trump: int) -> int:
    """With `LEAD_TRUMPS_FROM` trumps or more, the highest trump; else the highest card of the
    longest side suit (the strongest such suit on a tie), keeping the trumps to ruff with."""
    power = CARD_TABLE.power[trump]
    suit_of = CARD_TABLE.suit_of
    trumps = [card for card in plays if suit_of[card] == trump]
    side = [card for card in plays if suit_of[card] != trump]
    if len(trumps) >= LEAD_TRUMPS_FROM or not side:
        return max(trumps or plays, key=lambda card: (power[card], card))
    length = {suit: sum(1 for card in side if suit_of[card] == suit) for suit in range(4)}
    return max(side, key=lambda card: (length[suit_of[card]], power[card], card))


def _play(state: EcarteState, plays: list[int]) -> tuple[Move, str]:
    trump = state.table.trump
    power = CARD_TABLE.power[trump]
    if not state.trick:
        card = _lead(plays, trump)
        if CARD_TABLE.suit_of[card] == trump:
            return PLAYS[card], f"with {LEAD_TRUMPS_FROM} trumps or more (or only trumps), lead " \
                "the highest to draw the other's"
        return PLAYS[card], "the highest card of your longest side suit: keep the trumps to ruff"
    led = state.trick[0]
    winning = [c for c in plays if CARD_TABLE.winning_index(trump, (led, c)) == 1]
    cheapest = min(winning or plays, key=lambda card: (power[card], card))
    if winning:
        return PLAYS[cheapest], "the cheapest card that wins the trick"
    return PLAYS[cheapest], "nothing wins the trick: the cheapest card"


def bot_move(state: EcarteState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the bot is deterministic)."""
    return explained_move(state, rng)[0]


def explained_move(state: EcarteState, rng: random.Random) -> tuple[Move, str]:
    """The bot's move for the seat to act and the rule of thumb that chose it, in a line."""
    moves = tuple(legal_moves(state))
    phase = state.phase
    strength = hand_strength(state.hands[state.to_act], state.table.trump)
    worth = f"the hand is worth {strength}"
    if phase is Phase.RESPOND:
        if strength < PLAY_THRESHOLD:
            return ACCEPT, f"{worth}, under {PLAY_THRESHOLD}: exchange cards"
        return REFUSE, f"{worth}, at least {PLAY_THRESHOLD}: play it as it is"
    if phase is Phase.DISCARD_NONDEALER or phase is Phase.DISCARD_DEALER:
        return _discard(state, moves), "discard the weakest cards that are neither trumps nor " \
            "kings or queens"
    if PROPOSE in moves and strength < PLAY_THRESHOLD:
        return PROPOSE, f"{worth}, under {PLAY_THRESHOLD}: ask for new cards"
    if KING in moves:
        return KING, "the king of trumps scores 1 when marked"
    plays = [card_index(move.card) for move in moves if isinstance(move, Play)]
    return _play(state, plays)
