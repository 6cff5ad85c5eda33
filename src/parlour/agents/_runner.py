"""Playing a match between agents: each is given its seat's view and the legal moves, and every
answer is checked before it is applied.

Randomness is split so that no agent can learn from another's draws: the deals come from one
`random.Random`, each seat's agent from its own, and the ``sampled`` state of each view from
another; all of them are drawn from ``seed``, so a match is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from parlour.agents._base import (
    Agent,
    AgentError,
    AgentSpecError,
    check_agents,
)
from parlour.engine import (
    CHANCE,
    Move,
    agent_view,
    apply,
    check,
    check_seed,
    current_player,
    game_of,
    get_game,
    legal_moves,
    new_game,
    players,
)

__all__ = ["MatchRandomness", "agent_move", "play_match"]


class MatchRandomness:
    """The independent random streams of one match, all drawn from ``seed``: ``deals`` for the
    chance moves, ``views`` for the views' ``sampled`` states, and one per seat in ``seats``."""

    __slots__ = ("deals", "seats", "views")

    def __init__(self, seed: int, players: int) -> None:
        master = random.Random(seed)
        self.deals = random.Random(master.getrandbits(64))
        self.views = random.Random(master.getrandbits(64))
        self.seats = tuple(random.Random(master.getrandbits(64)) for _ in range(players))


def agent_move(agent: Agent, state: Any, randomness: MatchRandomness) -> Move:
    """The move ``agent`` chooses for the seat to act in ``state``, from that seat's view and the
    legal moves only; `AgentError` if it is not a legal move for that seat."""
    if not isinstance(agent, Agent):
        raise TypeError(
            f"the agent must be an Agent (with choose(view, legal_moves, rng)), "
            f"not {type(agent).__name__}"
        )
    if not isinstance(randomness, MatchRandomness):
        raise TypeError(f"randomness must be a MatchRandomness, not {type(randomness).__name__}")
    seat = current_player(state)
    if type(seat) is not int:
        raise AgentError(f"no seat is to act (current player: {seat!r})")
    seen = agent_view(state, seat, randomness.views)
    move = agent.choose(seen, legal_moves(state), randomness.seats[seat])
    if not isinstance(move, Move):
        raise AgentError(
            f"seat {seat}'s agent {agent!r} answered {type(move).__name__}, not a parlour Move"
        )
    violation = check(state, move, seat=seat)
    if violation is not None:
        raise AgentError(
            f"seat {seat}'s agent {agent!r} chose {move}, which is illegal: {violation.message}",
            violation.rule,
        )
    return move


def play_match(
    game: str,
    agents: Sequence[Agent],
    *,
    options: Mapping[str, Any] | Any | None = None,
    seed: int = 0,
    dealer: int = 0,
    on_move: Callable[[Any, Move, Any], None] | None = None,
) -> Any:
    """Play a match of ``game`` to its end, ``agents[i]`` playing seat ``i``; the final state.

    Deals are drawn at random from ``seed``; every agent's answer is checked (`AgentError` for an
    illegal one). ``on_move(before, move, after)`` is called after each move, deals included.
    A wrong number of agents or bad options raise `AgentSpecError` / `OptionsError`; agents
    that are not a sequence of `Agent` objects, or an ``on_move`` that is not callable, a plain
    `TypeError`.

    Raises: `AgentError` for an agent's answer that is not a legal move (its ``rule`` is the
    violation id, one of the shared ids
    ``turn.not_your_turn``, ``turn.match_over``, ``turn.deal_due``, ``turn.no_deal_due``,
    ``deal.not_the_deck``, ``deal.bad_layout``, ``card.not_held``, ``phase.wrong_move``, and
    the game's own ``<game>.<duty>`` ids, listed in each game's rules page.
    ``None`` for an answer that is not a `Move`); `AgentSpecError` for a wrong number of agents;
    `OptionsError` for an unknown game, bad options or dealer; `SeedError` or `TypeError` for a
    bad ``seed``; `TypeError` for bad ``agents`` or ``on_move``.

    >>> import parlour
    >>> from parlour.agents import RandomAgent, play_match
    >>> agents = [RandomAgent(), RandomAgent()]
    >>> final = play_match("ecarte", agents, options={"target": None}, seed=3)
    >>> parlour.is_over(final), parlour.score(final), parlour.winners(final)
    (True, (0, 3), (1,))
    >>> play_match("ecarte", [RandomAgent()])
    Traceback (most recent call last):
      ...
    parlour.agents.AgentSpecError: ecarte with these options has 2 seats, but 1 agents were given
    """
    agents = check_agents(agents)
    if on_move is not None and not callable(on_move):
        raise TypeError(f"on_move must be callable or None, not {type(on_move).__name__}")
    check_seed(seed)
    if seed is None:
        raise TypeError("seed must be an int, not None: a match between agents is seeded")
    state = new_game(game, options=options, dealer=dealer)
    seats = players(state)
    if len(agents) != seats:
        raise AgentSpecError(
            f"{get_game(game).name} with these options has {seats} seats, "
            f"but {len(agents)} agents were given"
        )
    randomness = MatchRandomness(seed, seats)
    while True:
        player = current_player(state)
        if player is None:
            return state
        if player is CHANCE:
            move: Move = game_of(state).random_deal(state, randomness.deals)
        else:
            assert type(player) is int
            move = agent_move(agents[player], state, randomness)
        after = apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
