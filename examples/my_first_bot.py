"""A bot of your own, written against the `Agent` protocol, playing Écarté against a random one.

    python examples/my_first_bot.py [MATCHES]

The bot sees only its seat's view and the legal moves (see `FirstBot`). The matches (default
20) swap seats every other one; the last line is the bot's tally.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from parlour import Move, View, winners
from parlour.agents import Agent, RandomAgent, play_match
from parlour.base import (
    Card,
    Rank,
)
from parlour.ecarte import Discard, Play
from parlour.ecarte.rules import RANK_ORDER


class FirstBot:
    """Proposes and accepts with fewer than two trumps, throws what is neither trump nor king,
    marks the king, leads its best card and wins a trick as cheaply as the rules let it."""

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        trump = getattr(view, "trump", None)  # the Écarté view's own field

        def strength(card: Card) -> int:
            return (100 if card.suit == trump else 0) - RANK_ORDER.index(card.rank)

        weak_hand = sum(card.suit == trump for card in view.hand) < 2
        texts = [str(move) for move in legal_moves]
        for wanted in ("king", "propose" if weak_hand else "", "accept" if weak_hand else "refuse"):
            if wanted in texts:
                return legal_moves[texts.index(wanted)]
        discards = [move for move in legal_moves if isinstance(move, Discard)]
        if discards:
            weak = {card for card in view.hand if card.suit != trump and card.rank != Rank.KING}
            return max(discards, key=lambda move: (set(move.cards) <= weak, len(move.cards)))
        plays = [move for move in legal_moves if isinstance(move, Play)]
        if len(view.played) % 2 == 0:  # leading a trick
            return max(plays, key=lambda move: strength(move.card))
        return min(plays, key=lambda move: strength(move.card))  # the rules make it win if it can


def main(matches: int) -> None:
    """Play ``matches`` matches, the bot at seat 0 in even ones and seat 1 in odd ones."""
    wins = 0
    for number in range(matches):
        bot_seat = number % 2
        agents: list[Agent] = [FirstBot(), RandomAgent()]
        if bot_seat == 1:
            agents.reverse()
        final = play_match("ecarte", agents, seed=number // 2)
        wins += winners(final) == (bot_seat,)
    print(f"the bot won {wins} of {matches} matches against a random player")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
