"""parlour's games as PettingZoo AEC environments (the optional extra ``parlour[pettingzoo]``).

``BeloteEnv()``, ``BeziqueEnv()``, ``EcarteEnv()``, ``BurracoEnv()`` and ``CoincheEnv()`` (or
``env("belote")``) are turn-based (AEC) environments with one agent per seat (``player_0``…):

* **Actions** are the ids of `parlour.encoding` (``Discrete(num_actions)``); a Burraco meld or
  an Écarté discard takes several steps of the same agent (sub-actions), and parlour applies the
  move once its ids are complete.
* **Observations** are dicts: ``observation``, the float32 vector of `Encoding.observation`
  (built only from `parlour.view`, with the agent's pending sub-actions), and ``action_mask``,
  an int8 vector with 1 for each id the agent may take now (all zeros for the others).
* **Rewards** come at the end of each deal (and when the match ends): for each seat, the match
  points its side won in the deal minus those of the best other side.
* **Infos**: the agent to act gets ``{"action_texts": {id: text}}``, the move's text beside each
  legal id (for an id that does not complete a move, the sub-action's name and ``…``).
* **Chance**: deals are drawn inside the environment with `parlour.random_deal` and a
  `random.Random` seeded by ``reset(seed=...)``.

``options`` are the match's parlour options (``{"target": None}`` plays a single deal).
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import parlour
from parlour.base import (
    OptionsError,
    describe,
)
from parlour.encoding import Encoding, encoding_for
from parlour.engine import check_seed
from parlour.integrations.actions import checked_action

__all__ = [
    "ENVIRONMENTS",
    "BeloteEnv",
    "BeziqueEnv",
    "BurracoEnv",
    "CoincheEnv",
    "EcarteEnv",
    "ParlourEnv",
    "env",
]


def agent_name(seat: int) -> str:
    """The agent of seat ``seat``: ``player_<seat>``."""
    return f"player_{seat}"


class ParlourEnv(AECEnv):  # type: ignore[misc]
    """One parlour game as a PettingZoo AEC environment (see the module docstring)."""

    base_metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.parlour_options: dict[str, Any] = {}
        if options is not None and not isinstance(options, dict):
            raise OptionsError(f"options must be a dict, not {type(options).__name__}")
        options = dict(options or {})
        self.encoding: Encoding = encoding_for(game)
        self.metadata = {**self.base_metadata, "name": f"parlour_{game}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {describe(render_mode)}")
        self.render_mode = render_mode
        self._set_options(options)
        self._rng = random.Random()
        self._state: Any = None
        self._prefix: tuple[int, ...] = ()
        self._scored: tuple[int, ...] = ()

    def _set_options(self, options: dict[str, Any]) -> None:
        """Use parlour ``options`` for the matches from now on (checked by `parlour.new_game`:
        `OptionsError` for a bad name or value), with the agents and spaces of their seats."""
        seats = parlour.players(parlour.new_game(self.game, options=options))
        self.parlour_options = dict(options)
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, actions = self.encoding.observation_size, self.encoding.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def parlour_state(self) -> Any:
        """The parlour state of the match (after any deal drawn inside the environment)."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; ``seed`` seeds the generator that draws the deals.

        ``options``, when given, are parlour options (a mapping) for this match and the ones
        after it, replacing those the environment was made with (the agents change with the
        number of seats); a bad name or value is an `OptionsError`, a seed that is not an int a
        `SeedError`, and the environment is then left as it was.
        """
        check_seed(seed)
        if options is not None:
            if not isinstance(options, dict):
                raise OptionsError(
                    f"reset options must be a dict of parlour options, not {type(options).__name__}"
                )
            self._set_options(options)
        if seed is not None:
            self._rng = random.Random(seed)
        self._state = self._dealt(parlour.new_game(self.game, options=self.parlour_options))
        self._prefix = ()
        self._scored = parlour.score(self._state)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.agent_selection = self._to_act()
        self._update_infos()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat_of[agent]
        acting = agent == self.agent_selection and not parlour.is_over(self._state)
        prefix = self._prefix if acting else ()
        observation = np.asarray(
            self.encoding.observation(self._state, seat, prefix), dtype=np.float32
        )
        mask = self.encoding.legal_mask(self._state, prefix) if acting else None
        action_mask = (
            np.asarray(mask, dtype=np.int8)
            if mask is not None
            else np.zeros(self.encoding.num_actions, np.int8)
        )
        return {"observation": observation, "action_mask": action_mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        chosen = checked_action(action, self.encoding.num_actions)
        if chosen not in self.encoding.legal_actions(state, self._prefix):
            raise ValueError(f"action {chosen} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        prefix = (*self._prefix, chosen)
        move = self.encoding.complete(state, prefix)
        if move is None:
            self._prefix = prefix
        else:
            self._prefix = ()
            deals_before = len(parlour.deal_results(state))
            state = parlour.apply(state, move)
            if parlour.is_over(state) or len(parlour.deal_results(state)) > deals_before:
                self._reward_deal(state)
            self._state = state = self._dealt(state)
            if parlour.is_over(state):
                self.terminations = {name: True for name in self.agents}
            else:
                self.agent_selection = self._to_act()
        self._accumulate_rewards()
        self._update_infos()

    def render(self) -> str | None:
        """The spectator's view as JSON text (``render_mode="ansi"``), else ``None``."""
        if self.render_mode is None:
            return None
        return json.dumps(parlour.view(self._state, None).to_dict())

    def close(self) -> None:
        """Nothing to release."""

    def _dealt(self, state: Any) -> Any:
        """``state`` with any due deal drawn from the environment's generator."""
        while parlour.is_chance(state):
            state = parlour.apply(state, parlour.random_deal(state, self._rng))
        return state

    def _to_act(self) -> str:
        seat = parlour.current_player(self._state)
        return agent_name(seat) if isinstance(seat, int) else self.agent_selection

    def _reward_deal(self, state: Any) -> None:
        """Reward each seat with its side's points since the last reward, minus the best other
        side's."""
        now = parlour.score(state)
        gained = [after - before for after, before in zip(now, self._scored, strict=True)]
        self._scored = now
        teams = parlour.teams(state)
        for team in teams:
            others = [gained[seat] for other in teams if other != team for seat in other]
            for seat in team:
                self.rewards[agent_name(seat)] = float(gained[seat] - max(others, default=0))

    def _update_infos(self) -> None:
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        agent = self.agent_selection
        if not parlour.is_over(self._state) and agent in infos:
            infos[agent] = {"action_texts": self._action_texts()}
        self.infos = infos

    def _action_texts(self) -> dict[int, str]:
        state, prefix = self._state, self._prefix
        texts: dict[int, str] = {}
        for action in self.encoding.legal_actions(state, prefix):
            move = self.encoding.complete(state, (*prefix, action))
            texts[action] = (
                str(move) if move is not None else (f"{self.encoding.action_names[action]} …")
            )
        return texts


class BeloteEnv(ParlourEnv):
    """Belote as a PettingZoo AEC environment (four agents)."""

    def __init__(self, options: dict[str, Any] | None = None, render_mode: str | None = None):
        super().__init__("belote", options, render_mode)


class BeziqueEnv(ParlourEnv):
    """Bezique as a PettingZoo AEC environment (two agents)."""

    def __init__(self, options: dict[str, Any] | None = None, render_mode: str | None = None):
        super().__init__("bezique", options, render_mode)


class EcarteEnv(ParlourEnv):
    """Écarté as a PettingZoo AEC environment (two agents)."""

    def __init__(self, options: dict[str, Any] | None = None, render_mode: str | None = None):
        super().__init__("ecarte", options, render_mode)


class BurracoEnv(ParlourEnv):
    """Burraco as a PettingZoo AEC environment (four agents, or two with ``players=2``)."""

    def __init__(self, options: dict[str, Any] | None = None, render_mode: str | None = None):
        super().__init__("burraco", options, render_mode)


class CoincheEnv(ParlourEnv):
    """Coinche as a PettingZoo AEC environment (four agents)."""

    def __init__(self, options: dict[str, Any] | None = None, render_mode: str | None = None):
        super().__init__("coinche", options, render_mode)


class EnvironmentClass(Protocol):
    """What `ENVIRONMENTS` holds: a game's environment class, called with its options."""

    def __call__(
        self, options: dict[str, Any] | None = None, render_mode: str | None = None
    ) -> ParlourEnv: ...


ENVIRONMENTS: dict[str, EnvironmentClass] = {
    "belote": BeloteEnv,
    "bezique": BeziqueEnv,
    "ecarte": EcarteEnv,
    "burraco": BurracoEnv,
    "coinche": CoincheEnv,
}
"""The environment class of each game."""


def env(game: str, options: dict[str, Any] | None = None, render_mode: str | None = None) -> Any:
    """A new environment of parlour game ``game`` with parlour ``options`` (`EncodingError` for
    a game with no encoding)."""
    environment = ENVIRONMENTS.get(game)
    if environment is None:
        return ParlourEnv(game, options, render_mode)
    return environment(options, render_mode)
