"""Agents: players that see only their seat, and a runner that plays matches between them.

* `Agent`: the protocol, ``choose(view, legal_moves, rng) -> Move``.
* `RandomAgent`, `HeuristicAgent` (each game's rules of thumb), `ISMCTSAgent` (information-set
  Monte Carlo tree search over determinizations).
* `make_agent` builds one from a spec such as ``heuristic`` or ``ismcts:200``; `play_match`
  plays a match between agents, giving each `parlour.agent_view` and the legal moves and checking
  every answer.
"""

from parlour.agents.base import Agent, AgentError, AgentSpecError, RandomAgent
from parlour.agents.heuristic import HeuristicAgent
from parlour.agents.ismcts import ISMCTSAgent
from parlour.agents.runner import MatchRandomness, agent_move, play_match
from parlour.agents.specs import SPEC_HELP, make_agent, make_agents

__all__ = [
    "SPEC_HELP",
    "Agent",
    "AgentError",
    "AgentSpecError",
    "HeuristicAgent",
    "ISMCTSAgent",
    "MatchRandomness",
    "RandomAgent",
    "agent_move",
    "make_agent",
    "make_agents",
    "play_match",
]
