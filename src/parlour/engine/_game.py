"""The game protocol, the one registry of game objects, the view base, and the top-level
functions that dispatch to each game.

Nothing here names a particular game: a game is one subpackage that builds a `Game` object
(which carries everything the game provides), and `parlour.games` registers the built-in ones.
The top-level functions (`legal_moves`, `apply`, …) look the game up from the state's type, so
they work on any registered game's state.

The view base, `View`:

The one view shape: the fields every game's view has, and its JSON form.

`View` is the base record of every game's view (``BeloteView``, ``BeziqueView``, ``EcarteView``,
``BurracoView`` extend it). A generic front-end or bot reads the base fields and never needs to
know the game:

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
    IllegalMoveError,
    OptionsError,
    SeatError,
    SeedError,
    Teams,
    describe,
    to_json,
)
from parlour.engine._moves import (
    CHANCE,
    Chance,
    Deal,
    DealField,
    Move,
    ScoreEvent,
    StateT,
    Violation,
)
from parlour.engine._reading import read_view

__all__ = [
    "Game",
    "Problem",
    "Report",
    "SupportsBot",
    "SupportsNarration",
    "SupportsRollout",
    "View",
    "apply",
    "check",
    "current_player",
    "deal_results",
    "format_move",
    "game_names",
    "game_of",
    "game_of_view_type",
    "games",
    "get_game",
    "is_chance",
    "is_over",
    "legal_moves",
    "move_texts",
    "new_game",
    "options",
    "parse_move",
    "players",
    "random_deal",
    "register",
    "resample_hidden",
    "score",
    "score_events",
    "teams",
    "view",
    "winners",
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
        game's move parser)."""
        return read_view(cls, data, game_of_view_type(cls).parse_move)

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
_TURN_OF: dict[type[Any], Callable[[Any], int | Chance | None]] = {}
"""Per state type, the reader of the seat to act (`current_player`, `is_chance`, `is_over`)."""
_LEGAL_OF: dict[type[Any], Callable[[Any], Sequence[Move]]] = {}
"""Per state type, the reader of the legal moves."""
_APPLY_OF: dict[type[Any], Callable[[Any, Move, int | None], Any]] = {}
"""Per state type, its game's `Game.apply`."""
_APPLIERS_OF: dict[type[Any], Mapping[type[Any], Callable[[Any, Any], Any]]] = {}
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
    _TURN_OF[state_type] = game.current_player if turn_field is None else attrgetter(turn_field)
    _LEGAL_OF[state_type] = game.legal_moves if legal_field is None else attrgetter(legal_field)
    _APPLY_OF[state_type] = game.apply
    appliers = getattr(game, "move_appliers", None)
    if appliers is not None:
        _APPLIERS_OF[state_type] = appliers


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


def new_game(
    name: str,
    *,
    options: Mapping[str, Any] | Any | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> Any:
    """A new match of game ``name``; with ``seed``, its first deal drawn from ``Random(seed)``.

    ``options`` is a mapping of option names (or the game's ``Options`` record). Without a seed,
    `current_player` is `CHANCE`: apply a `Deal` (see `random_deal`) to start.

    Raises: `OptionsError` for an unknown game, bad options or a ``dealer`` that is not a seat;
    `SeedError` for a seed that is neither an int nor ``None``.

    >>> import parlour
    >>> parlour.current_player(parlour.new_game("belote", seed=7))
    1
    >>> parlour.current_player(parlour.new_game("belote"))
    CHANCE
    """
    game = get_game(name)
    check_seed(seed)
    built = game.make_options(options)
    seats = game.player_count(built)
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise OptionsError(f"dealer must be a seat from 0 to {seats - 1}, not {describe(dealer)}")
    state = game.new_game(built, dealer)
    if seed is not None:
        state = game.apply(state, game.random_deal(state, random.Random(seed)), None)
    return state


def check_seed(seed: object) -> None:
    """Refuse a seed that is not an int or ``None`` (a bool, a str…) with `SeedError`."""
    if seed is not None and type(seed) is not int:
        raise SeedError(f"a seed must be an int or None, not {type(seed).__name__}")


def check_rng(rng: object) -> None:
    """Refuse anything that is not a `random.Random` with a plain `TypeError`."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")


def check_seat(seat: object, seats: int) -> None:
    """Refuse a ``seat`` that is neither ``None`` nor an int from 0 to ``seats - 1`` (a bool, a
    float, out of range) with `SeatError`."""
    if seat is None:
        return
    if type(seat) is not int or not 0 <= seat < seats:
        raise SeatError(f"seat must be None or a seat from 0 to {seats - 1}, not {describe(seat)}")


def current_player(state: Any) -> int | Chance | None:
    """The seat to act, `CHANCE` when a deal is due, or ``None`` once the match is over.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.current_player(parlour.new_game("belote", seed=7))
    1
    >>> parlour.current_player(parlour.new_game("ecarte"))
    CHANCE
    """
    turn = _TURN_OF.get(type(state))
    if turn is None:
        turn = game_of(state).current_player
    return turn(state)


def players(state: Any) -> int:
    """The number of seats in the match (Burraco: 4 or 2, by its ``players`` option).

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.players(parlour.new_game("belote", seed=7))
    4
    >>> parlour.players(parlour.new_game("burraco", options={"players": 2}))
    2
    """
    game = game_of(state)
    return game.player_count(game.options(state))


def teams(state: Any) -> Teams:
    """The match's teams, each a tuple of seats (partners share a score), by lowest seat.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.teams(parlour.new_game("belote", seed=7))
    ((0, 2), (1, 3))
    >>> parlour.teams(parlour.new_game("ecarte", seed=7))
    ((0,), (1,))
    """
    game = game_of(state)
    return game.teams(game.options(state))


def options(state: Any) -> Any:
    """The match's options record (the game's ``Options``).

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.options(parlour.new_game("ecarte", options={"target": 7})).target
    7
    """
    return game_of(state).options(state)


def is_chance(state: Any) -> bool:
    """True when the next move is a deal.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.is_chance(parlour.new_game("belote"))
    True
    >>> parlour.is_chance(parlour.new_game("belote", seed=7))
    False
    """
    turn = _TURN_OF.get(type(state))
    if turn is None:
        turn = game_of(state).current_player
    return turn(state) is CHANCE


def is_over(state: Any) -> bool:
    """True once the match is over.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.is_over(parlour.new_game("belote", seed=7))
    False
    """
    turn = _TURN_OF.get(type(state))
    if turn is None:
        turn = game_of(state).current_player
    return turn(state) is None


def legal_moves(state: Any) -> Sequence[Move]:
    """Every legal move, each once, in the game's documented order (empty at a chance node).

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> [str(move) for move in parlour.legal_moves(parlour.new_game("belote", seed=7))]
    ['pass', 'take']
    >>> parlour.legal_moves(parlour.new_game("belote"))
    ()
    """
    legal = _LEGAL_OF.get(type(state))
    if legal is None:
        legal = game_of(state).legal_moves
    return legal(state)


def parse_move(state: Any, text: str) -> Move:
    """Parse a move's text in the context of ``state``.

    Raises: `NotationError` for text that is not a move of the game; `TypeError` if ``state``
    is not a parlour state.

    >>> import parlour
    >>> state = parlour.new_game("belote", seed=7)
    >>> parlour.parse_move(state, "take")
    Take('take')
    >>> parlour.parse_move(state, "bogus")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    parlour.NotationError: 'bogus' is not a Belote move (the moves are deal, pass, take, ...
    """
    return game_of(state).parse_move(state, text)


def format_move(move: Move) -> str:
    """The canonical text of a move (the same as ``str(move)``).

    Raises: nothing.

    >>> import parlour
    >>> state = parlour.new_game("belote", seed=7)
    >>> parlour.format_move(parlour.legal_moves(state)[1])
    'take'
    """
    return str(move)


def check(state: Any, move: Move | str, *, seat: int | None = None) -> Violation | None:
    """``None`` if ``move`` is legal, else the `Violation` saying why not.

    Text is parsed first (and raises `NotationError` if it does not parse). With ``seat``, a
    move by anyone but the seat to act is refused.

    Raises: `NotationError` for text that does not parse; `SeatError` for a ``seat`` that is
    not one of the match's; `TypeError` for a state or a move that is not parlour's. An illegal
    move is not raised but returned, as a `Violation` whose ``rule`` is its id.
    The shared violation ids: ``turn.not_your_turn``, ``turn.match_over``, ``turn.deal_due``,
    ``turn.no_deal_due``, ``deal.not_the_deck``, ``deal.bad_layout``, ``card.not_held``,
    ``phase.wrong_move``, and the game's own ``<game>.<duty>`` ids, listed in each game's rules
    page.

    >>> import parlour
    >>> state = parlour.new_game("belote", seed=7)
    >>> parlour.check(state, "take") is None
    True
    >>> parlour.check(state, "take", seat=0)
    Violation(rule='turn.not_your_turn', message="it is seat 1's turn, not seat 0's")
    """
    game = game_of(state)
    if seat is not None:
        check_seat(seat, game.player_count(game.options(state)))
    if isinstance(move, str):
        move = game.parse_move(state, move)
    elif not isinstance(move, Move):
        raise _not_a_move(move)
    return game.check(state, move, seat)


def apply(state: StateT, move: Move | str, *, seat: int | None = None) -> StateT:
    """The state after ``move``; the input state is never changed.

    ``move`` may be text. With ``seat``, a move by anyone but the seat to act is refused.

    Raises: `IllegalMoveError` (with ``rule``, the violation id) for an illegal move;
    `NotationError` for text that does not parse; `SeatError` for a ``seat`` that is not one of
    the match's (out of range, a bool, a float); `TypeError` for a state or a move that is not
    parlour's.
    The shared violation ids: ``turn.not_your_turn``, ``turn.match_over``, ``turn.deal_due``,
    ``turn.no_deal_due``, ``deal.not_the_deck``, ``deal.bad_layout``, ``card.not_held``,
    ``phase.wrong_move``, and the game's own ``<game>.<duty>`` ids, listed in each game's rules
    page.

    >>> import parlour
    >>> state = parlour.new_game("belote", seed=7)
    >>> parlour.current_player(parlour.apply(state, "pass"))
    2
    >>> parlour.apply(state, "pass", seat=0)
    Traceback (most recent call last):
      ...
    parlour.IllegalMoveError: it is seat 1's turn, not seat 0's [turn.not_your_turn]
    """
    if seat is None:
        appliers = _APPLIERS_OF.get(type(state))
        if appliers is not None:
            applier = appliers.get(type(move))
            if applier is not None:  # a move of a type the game has met: its checked path
                applied_by_type: StateT = applier(state, move)
                return applied_by_type
    game_apply = _APPLY_OF.get(type(state))
    if game_apply is not None and seat is None and isinstance(move, Move):
        applied: StateT = game_apply(state, move, None)
        return applied
    game = game_of(state)
    if seat is not None:
        check_seat(seat, game.player_count(game.options(state)))
    if not isinstance(move, Move):
        if not isinstance(move, str):
            raise _not_a_move(move)
        move = game.parse_move(state, move)
    after: StateT = game.apply(state, move, seat)
    return after


def _not_a_move(value: object) -> TypeError:
    """The error for a value passed as a move that is neither a `Move` nor its text."""
    return TypeError(f"a move must be a parlour Move or its text, not {type(value).__name__}")


def random_deal(state: Any, rng: random.Random) -> Deal:
    """A deal drawn by ``rng.shuffle`` of the deck, mapped by the game's dealing procedure.

    ``rng`` must be a `random.Random` (a plain `TypeError` otherwise).

    Raises: `TypeError` for an ``rng`` that is not a `random.Random` or a ``state`` that is not
    a parlour state.

    >>> import parlour, random
    >>> state = parlour.new_game("ecarte")
    >>> deal = parlour.random_deal(state, random.Random(1))
    >>> str(deal)[:36]
    'deal hands:8S,AS,9H,7D,JC/JS,QS,10H,'
    >>> parlour.current_player(parlour.apply(state, deal))
    1
    """
    game = game_of(state)
    check_rng(rng)
    return game.random_deal(state, rng)


def score(state: Any) -> tuple[int, ...]:
    """Match points per seat won for good so far (partners show the same number).

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.score(parlour.new_game("belote", seed=7))
    (0, 0, 0, 0)
    """
    return game_of(state).score(state)


def winners(state: Any) -> tuple[int, ...]:
    """The winning seats once the match is over; empty while it is not.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.winners(parlour.new_game("belote", seed=7))
    ()
    """
    return game_of(state).winners(state)


def score_events(state: Any) -> tuple[ScoreEvent, ...]:
    """Every award of the match so far, deal by deal, in the order the game records them.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.score_events(parlour.new_game("belote", seed=7))
    ()
    """
    return game_of(state).score_events(state)


def deal_results(state: Any) -> tuple[Any, ...]:
    """The breakdown of every finished deal (the game's own ``DealResult`` records).

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> parlour.deal_results(parlour.new_game("belote", seed=7))
    ()
    """
    return game_of(state).deal_results(state)


def resample_hidden(state: StateT, seat: int | None, rng: random.Random) -> StateT:
    """A state that ``seat`` cannot tell from ``state``: every card hidden from it is redealt at
    random (``rng``) among the places hidden from it, each keeping its size.

    It goes by what the seat can see, not by what it could infer from the play (a player who
    showed out of a suit may be dealt that suit). Search bots use it to sample a determinization.

    Raises: `SeatError` for a ``seat`` that is not one of the match's; `TypeError` for an
    ``rng`` that is not a `random.Random` or a ``state`` that is not a parlour state.

    >>> import parlour, random
    >>> state = parlour.new_game("belote", seed=7)
    >>> other = parlour.resample_hidden(state, 0, random.Random(1))
    >>> parlour.view(other, 0) == parlour.view(state, 0), other == state
    (True, False)
    """
    game = game_of(state)
    check_seat(seat, game.player_count(game.options(state)))
    check_rng(rng)
    resampled: StateT = game.resample_hidden(state, seat, rng)
    return resampled


def view(state: Any, seat: int | None) -> View:
    """What ``seat`` may see of ``state`` (``None``: a spectator, who sees no hidden card).

    A seat that is not one of the match's (out of range, a bool, a float) is a `SeatError`
    (a `ParlourError` and a `ValueError`).

    Raises: `SeatError` for a ``seat`` that is not one of the match's; `TypeError` if ``state``
    is not a parlour state.

    >>> import parlour
    >>> seen = parlour.view(parlour.new_game("ecarte", seed=1), 0)
    >>> seen.hand, seen.hand_sizes
    ((Card(8S), Card(AS), Card(9H), Card(7D), Card(JC)), (5, 5))
    >>> parlour.view(parlour.new_game("ecarte", seed=1), None).hand
    ()
    """
    game = game_of(state)
    check_seat(seat, game.player_count(game.options(state)))
    return game.view(state, seat)


def raise_if_illegal(violation: Violation | None, move: Move) -> None:
    """Raise `IllegalMoveError` for ``violation`` (a helper for games' ``apply``)."""
    if violation is not None:
        raise IllegalMoveError(violation.rule, violation.message, move)


@attrs.frozen(slots=True, kw_only=True)
class Problem:
    """What is wrong with a log: its kind, where, the move text, the rule id and a message.

    ``kind`` is one of ``format``, ``options``, ``notation``, ``illegal``, ``result``.
    """

    kind: str
    message: str
    move_index: int | None = None
    move: str | None = None
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The problem as a JSON-ready dict (absent fields are left out)."""
        result: dict[str, Any] = {"kind": self.kind}
        if self.move_index is not None:
            result["move_index"] = self.move_index
        if self.move is not None:
            result["move"] = self.move
        if self.rule is not None:
            result["rule"] = self.rule
        result["message"] = self.message
        return result


@attrs.frozen(slots=True, kw_only=True)
class Report:
    """The verdict on one log: valid or not, how far replay got, the first problem, the score."""

    ok: bool
    moves_applied: int
    error: Problem | None
    score: tuple[int, ...] | None
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The report as a JSON-ready dict (``source`` first when known)."""
        result: dict[str, Any] = {}
        if self.source is not None:
            result["source"] = self.source
        result["ok"] = self.ok
        result["moves_applied"] = self.moves_applied
        result["error"] = None if self.error is None else self.error.to_dict()
        result["score"] = None if self.score is None else list(self.score)
        return result
