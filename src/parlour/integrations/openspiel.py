"""parlour's games as OpenSpiel games (the optional extra ``parlour[openspiel]``).

Importing this module registers ``parlour_belote``, ``parlour_bezique``, ``parlour_ecarte``,
``parlour_burraco`` and ``parlour_coinche`` with `pyspiel.register_game`; load one with
``pyspiel.load_game("parlour_belote")`` or `load_game`. Each is a sequential,
imperfect-information game with explicit chance:

* **Chance.** A deal is dealt one card per chance node: each outcome is a face (its index in the
  game's distinct faces, canonical order), drawn with probability (copies left) / (cards left).
  Once the whole deck is drawn, the drawn order is handed to `parlour.random_deal` as its
  shuffle, so parlour's own canonical dealing procedure lays it out.
* **Actions** are the ids of `parlour.encoding`; a Burraco meld or an Écarté discard is several
  actions in a row by the same player (sub-actions), applied to parlour once complete.
* **Returns** are given once the match is over: +1 to each winning seat, -1 to each other seat,
  0 to everyone when every seat wins (a drawn single deal); the game is zero-sum.
* **Observations** come only from `parlour.view`: the observation string is the view's JSON
  (with the player's pending sub-actions), the tensor is `Encoding.observation`. The
  information-state string adds a digest chaining every view the player has had since the
  match began, so it has perfect recall; the information-state tensor is
  `Encoding.information_state`: the observation followed by the deal's cards in the order
  played (in Burraco, which has no tricks, the cards each hand is known to hold since it took
  the pile).
* **Clone** shares the parlour state (immutable) and the history records with the original;
  only the small wrapper is new. Serialization pickles the same records.

The game parameter ``options`` is a JSON object of parlour options (default ``"{}"``, the
game's defaults), e.g. ``{"options": '{"target": null}'}`` for a single deal; the game's own
parameters hold it percent-encoded (`options_parameter`) so that game strings parse back.

In open-spiel 2.0.x the C++ ``MCTSBot`` and ``ISMCTSBot`` crash on any Python game (OpenSpiel's
own included); use the Python bots of ``open_spiel.python.algorithms.mcts`` and ``.ismcts``.
"""

from __future__ import annotations

import hashlib
import json
import random
import urllib.parse
from collections.abc import MutableSequence
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found]

import parlour
from parlour.base import (
    Card,
    LogError,
    OptionsError,
)
from parlour.encoding import Encoding, encoding_for
from parlour.engine import (
    game_names,
    games,
    get_game,
)
from parlour.integrations.actions import checked_action
from parlour.io import (
    DEFAULT_LIMITS,
    FORMAT,
    _parse_json,
    read_log,
)

__all__ = [
    "GAME_NAMES",
    "ParlourGame",
    "ParlourState",
    "load_game",
    "options_parameter",
    "register_with_openspiel",
    "short_name",
]

GAME_NAMES: tuple[str, ...] = tuple(game.name for game in games() if game.encoding is not None)
"""The parlour games registered with OpenSpiel: every registered game with an action encoding
(read from the game objects when this module is imported)."""

MAX_GAME_LENGTH = 100_000
"""OpenSpiel needs a bound on a match's length: a cap far above any match seen (a match has no
bound in principle: Belote's throw-ins can repeat)."""


def short_name(game: str) -> str:
    """The OpenSpiel short name of parlour game ``game`` (``parlour_belote``…)."""
    return f"parlour_{game}"


class ReplayedShuffle(random.Random):
    """A `random.Random` whose ``shuffle`` applies a fixed permutation instead of a random one:
    position ``i`` of the shuffled list receives the item at ``permutation[i]``. Given to
    `parlour.random_deal` (which shuffles the deck in canonical order and deals it by the
    game's canonical procedure), it deals the cards in the order drawn at the chance nodes."""

    def __init__(self, permutation: tuple[int, ...]) -> None:
        super().__init__(0)
        self._permutation = permutation

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        if len(x) != len(self._permutation):
            raise ValueError(f"expected a deck of {len(self._permutation)} to shuffle")
        items = list(x)
        x[:] = [items[position] for position in self._permutation]


def deck_permutation(deck: tuple[Card, ...], drawn: tuple[Card, ...]) -> tuple[int, ...]:
    """The permutation that puts ``deck`` (canonical order) in the order ``drawn`` (a
    rearrangement of it): the copies of a face are taken in deck order."""
    positions: dict[Card, list[int]] = {}
    for index, card in enumerate(deck):
        positions.setdefault(card, []).append(index)
    for queue in positions.values():
        queue.reverse()
    return tuple(positions[card].pop() for card in drawn)


@attrs.frozen(slots=True, eq=False)
class History:
    """The parlour states after each complete move of the match, newest first (a linked list
    shared between clones), with each seat's chained view digest cached on demand."""

    state: Any
    previous: History | None
    digests: dict[int, str] = attrs.field(factory=dict)

    def digest(self, seat: int) -> str:
        """A hash of every view ``seat`` has had up to this point of the match."""
        pending: list[History] = []
        node: History | None = self
        while node is not None and seat not in node.digests:
            pending.append(node)
            node = node.previous
        digest = "" if node is None else node.digests[seat]
        for item in reversed(pending):
            seen = json.dumps(parlour.view(item.state, seat).to_dict())
            digest = hashlib.sha256((digest + seen).encode()).hexdigest()[:32]
            item.digests[seat] = digest
        return digest

    def states(self) -> tuple[Any, ...]:
        """The parlour states of the match, oldest first."""
        found = []
        node: History | None = self
        while node is not None:
            found.append(node.state)
            node = node.previous
        return tuple(reversed(found))

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle the list flat: a long match would exceed the recursion limit link by link.
        return (history_of, (self.states(),))


def history_of(states: tuple[Any, ...]) -> History:
    """The `History` of ``states`` (oldest first; at least one)."""
    node: History | None = None
    for state in states:
        node = History(state=state, previous=node)
    assert node is not None, "a history holds at least the match's first state"
    return node


@attrs.frozen(slots=True)
class Position:
    """Where an OpenSpiel state stands: the match so far, the pending sub-actions of the seat
    to act, and the cards drawn so far for a deal being dealt. Immutable, so clones share it."""

    history: History
    prefix: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self


def _faces(name: str) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The game's distinct faces in canonical deck order and the copies of each in the deck."""
    deck = get_game(name).deck
    faces = tuple(dict.fromkeys(deck))
    return faces, tuple(deck.count(face) for face in faces)


def _options_of_parameter(parameter: Any) -> dict[str, Any]:
    """The parlour options of the ``options`` game parameter: a JSON object, percent-encoded or
    not, read within the log limits (`parlour.io.read_log`'s own checks: no nesting or integer
    that could break the decoder); anything else is an `OptionsError`."""
    if not isinstance(parameter, str):
        kind = type(parameter).__name__
        raise OptionsError(f"the options parameter must be JSON text, not {kind}")
    text = urllib.parse.unquote(parameter)
    try:
        options = _parse_json(text, DEFAULT_LIMITS)
        log = read_log({"format": FORMAT, "game": "-", "moves": [], "options": options})
    except LogError as error:
        raise OptionsError(
            f"the options parameter is not a JSON object of options: {error}"
        ) from None
    return log.options


def _game_type(name: str) -> Any:
    counts = get_game(name).player_counts
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"parlour {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}"},
    )


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """One parlour game as an OpenSpiel game; ``params["options"]`` is a JSON object of the
    match's parlour options."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.parlour_name = name
        self.parlour_options: dict[str, Any] = _options_of_parameter(given.get("options", "{}"))
        start = parlour.new_game(name, options=self.parlour_options)
        self.encoding: Encoding = encoding_for(name)
        self.faces, self.copies = _faces(name)
        self.deck: tuple[Card, ...] = get_game(name).deck
        self.deck_size = len(self.deck)
        players = parlour.players(start)
        self.start = History(state=start, previous=None)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=len(self.faces),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        parameters = {"options": options_parameter(self.parlour_options)}
        super().__init__(_GAME_TYPES[name], info, parameters)

    def new_initial_state(self) -> ParlourState:
        """A new match, its first deal due (a chance node)."""
        return ParlourState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ParlourObserver:
        """The observer OpenSpiel asks for: perfect recall gives the information state."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ParlourObserver(self, perfect_recall)


class ParlourState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an immutable `Position` (clones share it)."""

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self.position = Position(history=game.start)

    @property
    def parlour_state(self) -> Any:
        """The parlour state (before the deal being drawn, while one is)."""
        return self.position.history.state

    def _game(self) -> ParlourGame:
        game: ParlourGame = self.get_game()
        return game

    def current_player(self) -> int:
        state = self.parlour_state
        seat = parlour.current_player(state)
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if isinstance(seat, int):
            return seat
        return int(pyspiel.PlayerId.CHANCE)

    def _legal_actions(self, player: int) -> list[int]:
        encoding = self._game().encoding
        return list(encoding.legal_actions(self.parlour_state, self.position.prefix))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self._game()
        left = list(game.copies)
        for face in self.position.drawn:
            left[face] -= 1
        total = sum(left)
        return [(face, count / total) for face, count in enumerate(left) if count]

    def apply_action(self, action: Any) -> None:
        """Apply ``action`` (an id, checked first: `ActionError` for a bool, a float, NaN or an
        id out of range; a numpy integer or 0-d integer array is taken)."""
        super().apply_action(checked_action(action, self._action_count()))

    def action_to_string(self, *arguments: Any) -> str:
        """The text of an action, ``(player, action)`` or ``(action)`` for the player to act;
        the action is checked as `apply_action` checks it."""
        if len(arguments) not in (1, 2):
            raise TypeError("action_to_string takes (player, action) or (action)")
        *player, action = arguments
        chosen = checked_action(action, self._action_count(*player))
        text: str = super().action_to_string(*player, chosen)
        return text

    def _action_count(self, *player: Any) -> int:
        """The number of action ids for ``player`` (the player to act by default): the faces
        at a chance node, the encoding's actions otherwise."""
        game = self._game()
        who = player[0] if player else self.current_player()
        if who == pyspiel.PlayerId.CHANCE:
            return len(game.faces)
        return int(game.encoding.num_actions)

    def _apply_action(self, action: int) -> None:
        game = self._game()
        position = self.position
        state = position.history.state
        if parlour.is_chance(state):
            if action not in dict(self.chance_outcomes()):
                raise ValueError(f"{action} is not a face left to deal")
            drawn = (*position.drawn, action)
            if len(drawn) < game.deck_size:
                self.position = attrs.evolve(position, drawn=drawn)
                return
            order = deck_permutation(game.deck, tuple(game.faces[face] for face in drawn))
            after = parlour.apply(state, parlour.random_deal(state, ReplayedShuffle(order)))
            self.position = Position(history=History(state=after, previous=position.history))
            return
        prefix = (*position.prefix, action)
        if action not in game.encoding.legal_actions(state, position.prefix):
            raise ValueError(f"action {action} is not legal here")
        move = game.encoding.complete(state, prefix)
        if move is None:
            self.position = attrs.evolve(position, prefix=prefix)
            return
        after = parlour.apply(state, move)
        self.position = Position(history=History(state=after, previous=position.history))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._game()
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {game.faces[action].text}"
        return game.encoding.action_names[action]

    def is_terminal(self) -> bool:
        return bool(parlour.is_over(self.parlour_state))

    def returns(self) -> list[float]:
        state = self.parlour_state
        seats = parlour.players(state)
        winners = set(parlour.winners(state))
        if not parlour.is_over(state) or len(winners) == seats:
            return [0.0] * seats
        return [1.0 if seat in winners else -1.0 for seat in range(seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A state ``player_id`` cannot tell from this one: the cards hidden from it redealt
        among the layouts consistent with everything it has seen, the voids its play revealed
        included (`parlour.sample_state`), with a generator seeded from
        ``probability_sampler``."""
        rng = random.Random(int(probability_sampler() * 2**53))
        clone: ParlourState = self.clone()
        position = self.position
        history = position.history
        if position.drawn or not isinstance(parlour.current_player(history.state), int):
            return clone
        resampled = parlour.sample_state(history.state, player_id, rng)
        clone.position = attrs.evolve(
            position, history=History(state=resampled, previous=history.previous)
        )
        if player_id in history.digests:  # the player's views are the same in both worlds
            clone.position.history.digests[player_id] = history.digests[player_id]
        return clone

    def __str__(self) -> str:
        position = self.position
        text = json.dumps(parlour.view(position.history.state, None).to_dict())
        return f"{text} drawn:{len(position.drawn)} prefix:{list(position.prefix)}"


class ParlourObserver:
    """OpenSpiel's Python observer: strings and tensors built from `parlour.view`."""

    def __init__(self, game: ParlourGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        encoding = game.encoding
        size = encoding.information_state_size if perfect_recall else encoding.observation_size
        self.tensor: Any = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {"info_state" if perfect_recall else "observation": self.tensor}

    def _prefix(self, state: ParlourState, player: int) -> tuple[int, ...]:
        return state.position.prefix if state.current_player() == player else ()

    def set_from(self, state: ParlourState, player: int) -> None:
        """Fill ``tensor`` with `Encoding.observation` of ``state`` for ``player`` (for the
        information state, `Encoding.information_state`)."""
        encoding = self.game.encoding
        build = encoding.information_state if self.perfect_recall else encoding.observation
        self.tensor[:] = build(state.parlour_state, player, self._prefix(state, player))

    def string_from(self, state: ParlourState, player: int) -> str:
        """The view's JSON for ``player`` with its pending sub-actions (and, for the
        information state, the digest of its past views)."""
        position = state.position
        text = json.dumps(parlour.view(position.history.state, player).to_dict())
        text += f" dealt:{len(position.drawn)} prefix:{list(self._prefix(state, player))}"
        if self.perfect_recall:
            text += f" history:{position.history.digest(player)}"
        return text


GAME_CLASSES: dict[str, type[ParlourGame]] = {}
"""The OpenSpiel game class of each parlour game registered with OpenSpiel so far (a class
per game, made from the game's name; registering a class, as OpenSpiel's own Python games do,
keeps the interpreter's exit clean)."""

_GAME_TYPES: dict[str, Any] = {}
"""The OpenSpiel game type of each parlour game registered with OpenSpiel so far."""


def _game_class(name: str) -> type[ParlourGame]:
    """The OpenSpiel game class of parlour game ``name`` (made once, kept in `GAME_CLASSES`)."""
    found = GAME_CLASSES.get(name)
    if found is None:

        def init(self: ParlourGame, params: dict[str, Any] | None = None) -> None:
            ParlourGame.__init__(self, name, params)

        doc = f"parlour's {name} as an OpenSpiel game (``{short_name(name)}``)."
        found = type(f"ParlourGame_{name}", (ParlourGame,), {"__init__": init, "__doc__": doc})
        GAME_CLASSES[name] = found
    return found


def register_with_openspiel(name: str) -> None:
    """Register parlour game ``name`` (which must have an action encoding) with OpenSpiel as
    ``parlour_<name>``, once: `load_game` calls it, so that a game registered with parlour
    after this module was imported loads too."""
    if name not in _GAME_TYPES:
        game_type = _game_type(name)
        pyspiel.register_game(game_type, _game_class(name))
        _GAME_TYPES[name] = game_type


for _name in GAME_NAMES:
    register_with_openspiel(_name)


def options_parameter(options: dict[str, Any]) -> str:
    """The ``options`` game parameter for parlour ``options``: their JSON, percent-encoded so
    that OpenSpiel's game strings (``parlour_burraco(options=...)``) parse back. Plain JSON is
    accepted too."""
    return urllib.parse.quote(json.dumps(options, separators=(",", ":")), safe="")


def load_game(name: str, options: dict[str, Any] | None = None) -> Any:
    """The OpenSpiel game of parlour game ``name`` with parlour ``options`` (a game registered
    with parlour after this module was imported is registered with OpenSpiel first)."""
    if name not in _GAME_TYPES and name in game_names():
        register_with_openspiel(name)
    return pyspiel.load_game(short_name(name), {"options": options_parameter(options or {})})
