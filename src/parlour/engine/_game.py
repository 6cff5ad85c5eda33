"""The game protocol, the one registry of game objects, and the view base.

Nothing here names a particular game: a game is one subpackage that builds a `Game` object
(which carries everything the game provides), and `parlour.games` registers the built-in ones.
`register` also fills the dispatch tables (``TURN_OF``, ``LEGAL_OF``, ``APPLY_OF``,
``APPLIERS_OF``) through which the top-level functions of `parlour.engine._functions` reach a
state's game from the state's type.

The view base, `View`:

The one view shape: the fields every game's view has, and its JSON form.

`View` is the base record of every game's view (``BeloteView``, ``BeziqueView``, ``EcarteView``,
``BurracoView`` extend it). A generic front-end or bot reads the base fields and never needs to
know the game:

* ``game``: the registered name of the game (``"belote"``, …); ``options``: the match's
  options record (the game's ``Options``; in ``to_dict`` the dict of every option, as positions
  and logs write them, and ``from_dict`` reads it back through the game's option checks).
* ``seat``: the viewer (``None``: a spectator); ``phase``: the game's phase name;
  ``to_act``: the seat to act (``None`` between deals and once the match is over);
  ``dealer``.
* ``hand``: the viewer's own hand; ``hand_sizes``: every seat's hand size, by seat.
* ``teams``: the match's teams (tuples of seats, by lowest seat); ``match_score``: the match
  points of each team, in the order of ``teams``.
* ``played``: every card played to a trick in the current deal, in playing order, each as
  (seat, card), the current trick's included; empty between deals and in Burraco, which has
  no tricks.
* ``moves``: the viewer's legal moves as `Move` objects when it is the seat to act, else empty;
  their texts only on request, through ``legal_moves``.
* ``deal_results`` (a property): the finished deals' results, whatever the game calls them.
* ``sampled``: set only by `parlour.agent_view`: one full state drawn at random among those the
  viewer cannot tell from the real one (see `parlour.engine`). It takes no part in equality,
  hashing, ``repr`` or ``to_dict``.

``to_dict()`` is JSON-ready and stable: the base fields first in the order above (``moves``
under the key ``legal_moves``, as their texts), then the game's own fields in declaration
order; ``from_dict`` (on the game's view class, e.g. ``BeloteView.from_dict``) reads it back
into an equal view, checking every key and type (`PositionError` otherwise). Two views are
equal when their fields are and their moves have the same texts. Views are immutable:
``copy.copy`` and ``copy.deepcopy`` return the view itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import attrs

from parlour.base import (
    Card,
    OptionsError,
    Teams,
    describe,
    to_json,
)
from parlour.engine._moves import (
    Chance,
    Deal,
    DealField,
    Move,
    ScoreEvent,
    Violation,
)
from parlour.engine._reading import read_view

__all__ = [
    "Game",
    "SupportsBot",
    "SupportsDealScale",
    "SupportsNarration",
    "SupportsRollout",
    "View",
    "game_names",
    "game_of",
    "game_of_view_type",
    "games",
    "get_game",
    "move_texts",
    "register",
]


_NOT_IN_JSON = "not_in_json"
"""Metadata key of a view field that ``to_dict`` leaves out."""

_JSON_KEYS = {"moves": "legal_moves"}
"""View fields written under another key by ``to_dict`` (the moves, as their texts)."""


def move_texts(moves: Sequence[Move]) -> tuple[str, ...]:
    """The canonical texts of ``moves``, in order."""
    return tuple(str(move) for move in moves)


@attrs.frozen(slots=True, kw_only=True)
class View:
    """What one seat may see of a state: the fields every game's view has (see the module
    docstring); each game's view adds its own."""

    game: str
    options: Any
    seat: int | None
    phase: str
    to_act: int | None
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    match_score: tuple[int, ...]
    played: tuple[tuple[int, Card], ...]
    moves: Sequence[Move] = attrs.field(eq=move_texts)
    sampled: Any = attrs.field(
        default=None, eq=False, hash=False, repr=False, metadata={_NOT_IN_JSON: True}
    )

    _deal_results_field: ClassVar[str] = "deals"
    """The name of the game's own field holding the finished deals' results."""

    @property
    def deal_results(self) -> tuple[Any, ...]:
        """The finished deals' results, the same as `parlour.deal_results` (the game's field
        holding them is ``deals``, in Burraco ``results``)."""
        results: tuple[Any, ...] = getattr(self, self._deal_results_field)
        return results

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """The texts of ``moves`` (the viewer's legal moves when it is to act, else empty)."""
        return move_texts(self.moves)

    @classmethod
    def json_keys(cls) -> tuple[str, ...]:
        """The keys of ``to_dict()``, in their order."""
        return tuple(
            _JSON_KEYS.get(field.name, field.name)
            for field in attrs.fields(cls)
            if not field.metadata.get(_NOT_IN_JSON)
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data, its keys in the order of `json_keys`."""
        result: dict[str, Any] = {}
        for field in attrs.fields(type(self)):
            if field.metadata.get(_NOT_IN_JSON):
                continue
            value = getattr(self, field.name)
            if field.name == "moves":
                result[_JSON_KEYS["moves"]] = list(move_texts(value))
            else:
                result[_JSON_KEYS.get(field.name, field.name)] = to_json(value)
        return result

    @classmethod
    def from_dict(cls: type[ViewT], data: object) -> ViewT:
        """The view whose `to_dict` is ``data``; `PositionError` naming the key at fault for a
        missing or unknown key or a value of the wrong type (its moves are read with the
        game's move parser, its ``options`` by the game's option checks)."""
        return read_view(cls, data, game_of_view_type(cls))

    def __copy__(self) -> View:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> View:
        return self


ViewT = TypeVar("ViewT", bound=View)





class Game(Protocol):
    """What every game provides. States are the game's own frozen records.

    The number of seats, the teams and the deal's layout belong to the match: they are read
    from its options (Burraco has 4 or 2 players). ``player_counts`` lists every number of
    players the game can be played with. `narrate` and `bot_move` are optional capabilities:
    a game offers them by also being a `SupportsNarration` or a `SupportsBot`.

    The game object is the one registry entry of a game: besides its rules it carries
    everything the layers above read (its view type, position codec, sampler, events,
    narration, encoding and bot), so that adding a game is one subpackage plus the line that
    registers its object (`parlour.games.GAMES`).
    """

    name: str
    deck: tuple[Card, ...]
    state_type: type[Any]
    options_type: type[Any]

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    def make_options(self, given: Mapping[str, Any] | Any | None) -> Any: ...
    def player_count(self, options: Any) -> int: ...
    def teams(self, options: Any) -> Teams: ...
    def deal_fields(self, options: Any) -> tuple[DealField, ...]: ...
    def new_game(self, options: Any, dealer: int) -> Any: ...
    def options(self, state: Any) -> Any: ...
    def current_player(self, state: Any) -> int | Chance | None: ...
    def legal_moves(self, state: Any) -> Sequence[Move]: ...
    def check(self, state: Any, move: Move, seat: int | None) -> Violation | None: ...
    def apply(self, state: Any, move: Move, seat: int | None) -> Any: ...
    def parse_move(self, state: Any, text: str) -> Move: ...
    def random_deal(self, state: Any, rng: random.Random) -> Deal: ...
    def score(self, state: Any) -> tuple[int, ...]: ...
    def winners(self, state: Any) -> tuple[int, ...]: ...
    def score_events(self, state: Any) -> tuple[ScoreEvent, ...]: ...
    def deal_results(self, state: Any) -> tuple[Any, ...]: ...
    def view(self, state: Any, seat: int | None) -> View: ...
    def card_zones(self, state: Any) -> dict[str, tuple[Card, ...]]: ...
    def resample_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any: ...

    # --- what the game provides beyond its rules, read by the layers above -----------------
    @property
    def view_type(self) -> type[View]:
        """The game's view record (a `View` subclass; ``from_dict`` reads it back)."""
        ...

    @property
    def view_phases(self) -> tuple[str, ...]:
        """The names the ``phase`` field of the game's views takes, in the game's order."""
        ...

    @property
    def position_codec(self) -> Any:
        """How the game's states are written as positions and read back (a
        `parlour.engine.PositionCodec`)."""
        ...

    @property
    def encoding(self) -> Any:
        """The game's action encoding (a `parlour.encoding.Encoding`), or ``None``."""
        ...

    def sample_state(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``, drawn among the layouts consistent
        with everything the seat has seen (`parlour.sample_state`)."""
        ...

    def events(self, before: Any, move: Move, after: Any) -> tuple[Any, ...]:
        """What ``move`` did to ``before`` (the `parlour.engine.Event` records)."""
        ...


@runtime_checkable
class SupportsNarration(Protocol):
    """A game that can tell a move in words (``parlour demo`` uses it): ``narrate`` tells a
    move, ``sentences`` maps each event kind to its sentence template (``parlour play`` tells
    events one at a time with them)."""

    @property
    def sentences(self) -> Mapping[str, Any]: ...

    def narrate(self, before: Any, move: Move, after: Any) -> list[str]: ...


@runtime_checkable
class SupportsBot(Protocol):
    """A game with a built-in bot that picks a move for the seat to act."""

    def bot_move(self, state: Any, rng: random.Random) -> Move: ...


@runtime_checkable
class SupportsDealScale(Protocol):
    """A game that says what a deal's points are worth: ``deal_scale(options)`` is the points
    margin that counts as a whole deal won (the most a deal gives a team, or in a game whose
    deals have no maximum, a large deal's margin). Search rewards are read in this scale."""

    def deal_scale(self, options: Any) -> int: ...


@runtime_checkable
class SupportsRollout(Protocol):
    """A game whose bot searches, with a cheaper player for search rollouts."""

    def rollout_move(self, state: Any, rng: random.Random) -> Move: ...


_BY_NAME: dict[str, Game] = {}
_BY_STATE_TYPE: dict[type[Any], Game] = {}
TURN_OF: dict[type[Any], Callable[[Any], int | Chance | None]] = {}
"""Per state type, the reader of the seat to act (`current_player`, `is_chance`, `is_over`)."""
LEGAL_OF: dict[type[Any], Callable[[Any], Sequence[Move]]] = {}
"""Per state type, the reader of the legal moves."""
APPLY_OF: dict[type[Any], Callable[[Any, Move, int | None], Any]] = {}
"""Per state type, its game's `Game.apply`."""
APPLIERS_OF: dict[type[Any], Mapping[type[Any], Callable[[Any, Any], Any]]] = {}
"""Per state type whose game has them, its ``move_appliers``: the checked path of each move
type, one call ``(state, move)`` (no seat given)."""


def register(game: Game) -> None:
    """Make ``game`` available under ``game.name`` and for dispatch on its state type.

    A game whose states hold the answer of `current_player` (or of `legal_moves`) in a field
    may name it in ``turn_field`` (``legal_field``): the field is then read directly, without
    a call of the game's method. A game may give ``move_appliers``, a mapping from a move type
    to the checked path of its moves, ``(state, move)`` to the state after it (what
    ``apply(state, move, None)`` does): `apply` calls it directly for a move of a type listed.
    """
    known = _BY_NAME.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"another game is registered as {game.name!r}")
    if not (isinstance(game.view_type, type) and issubclass(game.view_type, View)):
        raise TypeError(f"the {game.name} view type does not extend parlour.View")
    _BY_NAME[game.name] = game
    state_type = game.state_type
    _BY_STATE_TYPE[state_type] = game
    turn_field = getattr(game, "turn_field", None)
    legal_field = getattr(game, "legal_field", None)
    TURN_OF[state_type] = game.current_player if turn_field is None else attrgetter(turn_field)
    LEGAL_OF[state_type] = game.legal_moves if legal_field is None else attrgetter(legal_field)
    APPLY_OF[state_type] = game.apply
    appliers = getattr(game, "move_appliers", None)
    if appliers is not None:
        APPLIERS_OF[state_type] = appliers


def game_names() -> tuple[str, ...]:
    """The registered game names, in registration order (the built-in games first).

    Raises: nothing.

    >>> import parlour
    >>> parlour.game_names()[:5]
    ('belote', 'bezique', 'burraco', 'coinche', 'ecarte')
    """
    return tuple(_BY_NAME)


def games() -> tuple[Game, ...]:
    """The registered game objects, in registration order."""
    return tuple(_BY_NAME.values())


def get_game(name: str) -> Game:
    """The game registered as ``name``; `OptionsError` if there is none."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        known = ", ".join(_BY_NAME)
        raise OptionsError(f"unknown game {describe(name)}; the games are: {known}") from None


def game_of_view_type(record: type[Any]) -> Game:
    """The game whose view record is ``record``; `TypeError` for any other class."""
    for game in _BY_NAME.values():
        if game.view_type is record:
            return game
    raise TypeError(f"{record.__name__} is not the view type of a game: use the game's view class")


def game_of(state: Any) -> Game:
    """The game a state belongs to; `TypeError` for anything that is not a parlour state."""
    try:
        return _BY_STATE_TYPE[type(state)]
    except KeyError:
        raise TypeError(f"{type(state).__name__} is not a parlour game state") from None
