"""Agents: players that see only their seat, and a runner that plays matches between them.

* `Agent`: the protocol, ``choose(view, legal_moves, rng) -> Move``.
* `RandomAgent`, `HeuristicAgent` (each game's rules of thumb), `ISMCTSAgent` (information-set
  Monte Carlo tree search over determinizations; `ISMCTSAgent.search` gives the root's
  `SearchStats` of `MoveStats`, an `Evaluator` plugs priors and values in, `DEFAULT_ROLLOUTS`
  is its per-game rollout table), `PIMCAgent` (the perfect-information solver
  over sampled worlds, late in the card play).
* `make_agent` builds one from a spec such as ``heuristic`` or ``ismcts:200``; `play_match`
  plays a match between agents, giving each `parlour.agent_view` and the legal moves and checking
  every answer.
* The arena: `play_pair` plays seat-swapped matches over shared deals between two agents
  (`Pairing`, its `DealRecord` per match and `PairSummary`: score rate with its Wilson interval,
  mean margin, CPU time per decision), `round_robin` every pairing of several agents
  (`RoundRobin`, rated by `bradley_terry` on the Elo scale).
"""

from parlour.agents._arena import (
    DealRecord,
    Pairing,
    PairSummary,
    RoundRobin,
    bradley_terry,
    mean_interval,
    play_pair,
    round_robin,
    wilson_interval,
)
from parlour.agents._base import (
    Agent,
    AgentError,
    AgentSpecError,
    RandomAgent,
)
from parlour.agents._heuristic import HeuristicAgent
from parlour.agents._ismcts import (
    DEFAULT_ROLLOUTS,
    Evaluator,
    ISMCTSAgent,
    MoveStats,
    SearchStats,
)
from parlour.agents._pimc import PIMCAgent
from parlour.agents._runner import (
    MatchRandomness,
    agent_move,
    play_match,
)
from parlour.agents._specs import (
    SPEC_HELP,
    make_agent,
    make_agents,
)

__all__ = [
    "DEFAULT_ROLLOUTS",
    "SPEC_HELP",
    "Agent",
    "AgentError",
    "AgentSpecError",
    "DealRecord",
    "Evaluator",
    "HeuristicAgent",
    "ISMCTSAgent",
    "MatchRandomness",
    "MoveStats",
    "PIMCAgent",
    "PairSummary",
    "Pairing",
    "RandomAgent",
    "RoundRobin",
    "SearchStats",
    "agent_move",
    "bradley_terry",
    "make_agent",
    "make_agents",
    "mean_interval",
    "play_match",
    "play_pair",
    "round_robin",
    "wilson_interval",
]
