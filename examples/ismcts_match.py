"""An Écarté match between the ISMCTS agent and the heuristic one, told deal by deal.

    python examples/ismcts_match.py [SEED]

`ISMCTSAgent` searches 100 determinizations per move (states the seat cannot tell from the
real one, drawn with `parlour.sample_state`), with the game's rules of thumb as its rollouts;
`HeuristicAgent` plays those rules of thumb directly. Each agent gets only its seat's view and
the legal moves from `play_match`, which checks every answer.
"""

from __future__ import annotations

import sys
from typing import Any

from parlour import Move, score, winners
from parlour.agents import HeuristicAgent, ISMCTSAgent, play_match

NAMES = ("ISMCTS", "heuristic")


def report_deals(before: Any, move: Move, after: Any) -> None:
    """Print the score whenever a deal ends (the match score moved)."""
    if score(after) != score(before):
        points = ", ".join(f"{NAMES[seat]} {total}" for seat, total in enumerate(score(after)))
        print(f"after '{move}': {points}")


def main(seed: int) -> None:
    """Play one match from ``seed`` and print its course and its winner."""
    agents = [ISMCTSAgent(iterations=100, rollout="heuristic"), HeuristicAgent()]
    final = play_match("ecarte", agents, seed=seed, on_move=report_deals)
    print(f"winner: {' and '.join(NAMES[seat] for seat in winners(final))}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
