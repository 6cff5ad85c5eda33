"""Play one Belote match between four random players and print how it went.

    python examples/random_match.py [SEED]

Every seat picks uniformly among its legal moves, and every deal is drawn with
`parlour.random_deal`; both use one `random.Random(SEED)` (default 2024), so the same seed
always prints the same match. The per-deal lines come from the deal breakdowns in the
spectator's view; the last line is the final score.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from parlour import (
    apply,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    random_deal,
    score,
    view,
    winners,
)
from parlour.belote import BeloteView, DealResult


def play_random_match(seed: int) -> Any:
    """Play a full match (to the default target of 1000) and return the final state."""
    rng = random.Random(seed)
    state = new_game("belote", dealer=0)
    while not is_over(state):
        if is_chance(state):
            state = apply(state, random_deal(state, rng))
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    return state


def describe(deal: DealResult) -> str:
    """One line for one finished deal."""
    head = f"deal {deal.number:2} (dealer {deal.dealer}):"
    if deal.outcome == "thrown_in":
        return f"{head} everyone passed twice, thrown in"
    assert deal.trump is not None
    extras = []
    if deal.belote_team is not None:
        extras.append(f"belote team {deal.belote_team}")
    if deal.capot_team is not None:
        extras.append(f"capot team {deal.capot_team}")
    if deal.held:
        extras.append(f"{deal.held} held over")
    notes = f" ({', '.join(extras)})" if extras else ""
    return (
        f"{head} seat {deal.taker} took {deal.trump.symbol}, "
        f"card points {deal.card_points[0]}-{deal.card_points[1]}, {deal.outcome}, "
        f"scored {deal.points[0]}-{deal.points[1]}{notes}"
    )


def main(seed: int) -> None:
    """Play the match for ``seed`` and print every deal and the result."""
    state = play_random_match(seed)
    spectator = view(state, None)
    assert isinstance(spectator, BeloteView)
    print(f"Belote, four random players, seed {seed}")
    for deal in spectator.deals:
        print(describe(deal))
    final = score(state)
    seats = winners(state)
    print(f"final score: team 0 (seats 0 & 2) {final[0]}, team 1 (seats 1 & 3) {final[1]}")
    print(f"winners: seats {seats[0]} and {seats[1]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2024)
