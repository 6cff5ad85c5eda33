"""Coinche: the heuristic bot's coinche and surcoinche rule against the rule it replaced.

    python benchmarks/coinche_coinche_rule.py [--deals N] [--seed S] [--option NAME=JSON ...]

Both sides play the built-in heuristic (`parlour.coinche._bot`): the same bids and the same card
play. The baseline side ("old") differs only where the bot would pass, coinche or surcoinche:
it coinches an opponent's bid of 110 or more when it holds the jack or the nine of their trumps
and two side aces, never in SA or TA, and never surcoinches (the rule before issue 24);
``--baseline no_surcoinche`` plays the new rule without its surcoinche instead, to measure that
alone. Each deal is a single-deal match (``target=null``) played twice over the same cards,
the new rule at the even seats (N-S) and then at the odd ones (E-W), so neither side gains from
its seat or its cards (`parlour.agents.play_pair`). It prints the new rule's score rate over
those matches (a tie counts half; Wilson 95 % interval; a match is won by the higher deal score,
rules C.8), its mean deal-score margin per deal, the two seatings of a deal averaged (a paired
estimate: a deal where the rules agree adds 0), with a 95 % Student t interval, and how often
each side coinched and surcoinched.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.agents import Agent, HeuristicAgent, play_pair
from parlour.base import Rank
from parlour.coinche.rules import DECK
from parlour.engine import Move

OLD_COINCHE_FROM = 110


def old_rule_coinches(state: Any) -> bool:
    """The replaced rule: an opponent's colour bid of 110 or more, with the jack or nine of its
    trumps and two side aces."""
    denomination = state.bid_denomination
    if state.bid_value < OLD_COINCHE_FROM or denomination >= 4:
        return False
    hand = state.hands[state.to_act]
    held = [DECK[index] for index in range(32) if hand >> index & 1]
    suit = DECK[8 * denomination].suit
    trump_suit = [card for card in held if card.suit == suit]
    jack_or_nine = any(card.rank in (Rank.JACK, Rank.NINE) for card in trump_suit)
    aces = sum(1 for card in held if card.rank == Rank.ACE and card not in trump_suit)
    return jack_or_nine and aces >= 2


class Counting(Agent):
    """An agent that counts the coinches and surcoinches it says."""

    def __init__(self, old: bool, tally: Counter[str], baseline: str = "old") -> None:
        self.inner = HeuristicAgent()
        self.old = old
        self.tally = tally
        self.baseline = baseline

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        move = self.inner.choose(view, legal_moves, rng)
        if self.old and self.baseline == "no_surcoinche" and str(move) == "surcoinche":
            move = legal_moves[0]
        elif self.old and self.baseline == "old" and str(move) in ("pass", "coinche", "surcoinche"):
            state = view.sampled
            coinche = [m for m in legal_moves if str(m) == "coinche"]
            move = coinche[0] if coinche and old_rule_coinches(state) else legal_moves[0]
            assert str(move) in ("pass", "coinche")
        if str(move) in ("coinche", "surcoinche"):
            self.tally[f"{'old' if self.old else 'new'} {move}"] += 1
        return move


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    parser.add_argument("--baseline", choices=("old", "no_surcoinche"), default="old")
    arguments = parser.parse_args(argv)
    options: dict[str, Any] = {"target": None}
    for text in arguments.option:
        name, _, value = text.partition("=")
        options[name] = json.loads(value)
    tally: Counter[str] = Counter()
    new, old = Counting(False, tally), Counting(True, tally, arguments.baseline)
    pairing = play_pair("coinche", new, old, deals=arguments.deals, seed=arguments.seed,
                        options=options)  # fmt: skip
    summary = pairing.summary()
    low, high = summary.score_interval
    mean, interval = summary.mean_margin, summary.margin_interval or (math.nan, math.nan)
    margins = [record.margin for record in pairing.deals]
    differing = sum(1 for i in range(0, len(margins), 2) if margins[i] + margins[i + 1])
    print(f"{arguments.deals} deals x 2 seatings, seed {arguments.seed}, options {options}, "
          f"baseline {arguments.baseline}")  # fmt: skip
    print(f"new rule scores {summary.score_rate:.1%} [{low:.1%}, {high:.1%}]  "
          f"{summary.wins}-{summary.losses}-{summary.ties} of {summary.matches}")  # fmt: skip
    print(f"mean deal-score margin per deal (the two seatings averaged) {mean:+.2f} "
          f"[{interval[0]:+.2f}, {interval[1]:+.2f}]; {differing} deals where the rules "
          f"made a difference")  # fmt: skip
    print("calls:", dict(sorted(tally.items())))


if __name__ == "__main__":
    main()
