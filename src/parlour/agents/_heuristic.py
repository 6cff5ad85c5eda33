"""`HeuristicAgent`: each game's rule-of-thumb player, run on what its seat may see.

Each built-in game's ``bot.py`` holds its rules of thumb as ``bot_move(state, rng)``, written to
read only what the seat to act may see (its own hand and the public cards). The agent runs that
function on the view's ``sampled`` state, a determinization that agrees with everything the seat
knows and is random in everything else, so the move it gets is the move the rules of thumb make
for this seat, whatever the hidden cards are. The same functions serve as the rollout policy of
`parlour.agents.ISMCTSAgent`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.agents._base import (
    Agent,
    AgentSpecError,
    check_choice,
    sampled_state,
)
from parlour.engine import (
    Move,
    SupportsBot,
    SupportsRollout,
    game_of,
    get_game,
)

__all__ = ["HeuristicAgent", "heuristic_move", "supports_heuristic"]


def supports_heuristic(game_name: str) -> bool:
    """Whether game ``game_name`` has rules of thumb (a ``bot_move``); `OptionsError` for an
    unknown game."""
    return isinstance(get_game(game_name), SupportsBot)


def heuristic_move(state: Any, rng: random.Random, *, cheap: bool = False) -> Move:
    """The rules-of-thumb move of the game of ``state`` for its seat to act; with ``cheap``,
    the game's cheaper version for search rollouts where it has one (a game object that is a
    `SupportsRollout`: Bezique's bot searches the last stage's tricks exactly)."""
    game = game_of(state)
    if cheap and isinstance(game, SupportsRollout):
        return game.rollout_move(state, rng)
    if not isinstance(game, SupportsBot):
        raise AgentSpecError(f"{game.name} has no heuristic player")
    return game.bot_move(state, rng)


class HeuristicAgent(Agent):
    """The game's rules of thumb (see the module docstring); ``rng`` breaks ties where the game's
    rules of thumb leave a choice."""

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The rules-of-thumb move for ``view.seat``, one of ``legal_moves``.

        Raises: `AgentError` for a state instead of a view, a spectator's view, a view of a
        seat that is not to act, no legal move (see `check_choice`), or a plain view without a
        ``sampled`` state (from `parlour.view` rather than `parlour.agent_view`); `TypeError`
        for a ``view`` that is neither a view nor a state, ``legal_moves`` that are not a
        sequence or an ``rng`` that is not a `random.Random`.

        >>> import parlour, random
        >>> from parlour.agents import HeuristicAgent
        >>> state = parlour.new_game("ecarte", seed=1)
        >>> seen = parlour.agent_view(state, 1, random.Random(0))
        >>> HeuristicAgent().choose(seen, parlour.legal_moves(state), random.Random(0))
        Propose()
        """
        check_choice(view, legal_moves, rng)
        return heuristic_move(sampled_state(view), rng)

    def __repr__(self) -> str:
        return "HeuristicAgent()"
