"""The game protocol, the registry, and the top-level functions that dispatch to each game.

Nothing here names a particular game: a game is one subpackage that builds a `Game` object and
calls `register`. The top-level functions (`legal_moves`, `apply`, …) look the game up from the
state's type, so they work on any registered game's state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import attrs

from parlour.cards import Card, format_cards
from parlour.errors import IllegalMoveError, OptionsError, SeatError, SeedError, describe
from parlour.records import JsonRecord
from parlour.seating import Teams
from parlour.views import View

__all__ = [
    "CHANCE",
    "Chance",
    "Deal",
    "DealField",
    "Game",
    "Move",
    "Problem",
    "Report",
    "ScoreEvent",
    "SupportsBot",
    "SupportsNarration",
    "SupportsRollout",
    "View",
    "Violation",
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


class Chance:
    """The type of `CHANCE`, the 'player' to act when a deal is due."""

    _instance: ClassVar[Chance | None] = None

    def __new__(cls) -> Chance:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "CHANCE"

    def __reduce__(self) -> str:
        return "CHANCE"


CHANCE = Chance()
"""The sentinel returned by `current_player` when the next move is a `Deal`."""

StateT = TypeVar("StateT")
"""A game's state type: `apply` and `resample_hidden` return the type they are given."""


@attrs.frozen(slots=True)
class Violation:
    """Why a move is illegal: a stable dotted rule id and a sentence a player understands."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


@attrs.frozen(slots=True, kw_only=True)
class ScoreEvent(JsonRecord):
    """One award of points: who, how many, why (a rule id), in which deal and trick.

    ``seats`` are all the seats credited (both partners in a partnership game); ``deal`` is
    1-based; ``trick`` is the 1-based trick number, or ``None`` for an award made at the deal or
    at its end.
    """

    seats: tuple[int, ...]
    points: int
    reason: str
    deal: int
    trick: int | None = None


class Move:
    """Base class of every move. ``str(move)`` is its canonical notation."""

    __slots__ = ()


@attrs.frozen(slots=True)
class DealField:
    """The shape of one field of a deal: its name, how many groups, and whether order matters.

    ``sizes`` gives the expected number of cards in each group; ``ordered`` is false for hands
    (their order does not matter and the canonical text sorts them) and true for piles, which list
    their top card first.
    """

    name: str
    sizes: tuple[int, ...]
    ordered: bool


@attrs.frozen(slots=True, repr=False)
class Deal(Move):
    """The chance move: the layout of a fresh deal, field by field (hands, turn-up, stock, …).

    ``fields`` pairs each field name with its groups of cards (hands separated by ``/`` in the
    text; a pile is one group). Build one with the game's ``random_deal`` or by parsing its text.
    """

    fields: tuple[tuple[str, tuple[tuple[Card, ...], ...]], ...]

    def __getitem__(self, name: str) -> tuple[tuple[Card, ...], ...]:
        for field_name, groups in self.fields:
            if field_name == name:
                return groups
        raise KeyError(name)

    def __str__(self) -> str:
        parts = ["deal"]
        for name, groups in self.fields:
            parts.append(f"{name}:" + "/".join(format_cards(group) for group in groups))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Deal({str(self)!r})"


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
        `parlour.positions.PositionCodec`)."""
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
        """What ``move`` did to ``before`` (the `parlour.events.Event` records)."""
        ...


@runtime_checkable
class SupportsNarration(Protocol):
    """A game that can tell a move in words (``parlour demo`` uses it)."""

    def narrate(self, before: Any, move: Move, after: Any) -> list[str]: ...


@runtime_checkable
class SupportsBot(Protocol):
    """A game with a built-in bot that picks a move for the seat to act."""

    def bot_move(self, state: Any, rng: random.Random) -> Move: ...


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


def register(game: Game) -> None:
    """Make ``game`` available under ``game.name`` and for dispatch on its state type.

    A game whose states hold the answer of `current_player` (or of `legal_moves`) in a field
    may name it in ``turn_field`` (``legal_field``): the field is then read directly, without
    a call of the game's method.
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


def game_names() -> tuple[str, ...]:
    """The registered game names, in registration order."""
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
    """The seat to act, `CHANCE` when a deal is due, or ``None`` once the match is over."""
    turn = _TURN_OF.get(type(state))
    if turn is None:
        turn = game_of(state).current_player
    return turn(state)


def players(state: Any) -> int:
    """The number of seats in the match (Burraco: 4 or 2, by its ``players`` option)."""
    game = game_of(state)
    return game.player_count(game.options(state))


def teams(state: Any) -> Teams:
    """The match's teams, each a tuple of seats (partners share a score), by lowest seat."""
    game = game_of(state)
    return game.teams(game.options(state))


def options(state: Any) -> Any:
    """The match's options record (the game's ``Options``)."""
    return game_of(state).options(state)


def is_chance(state: Any) -> bool:
    """True when the next move is a deal."""
    turn = _TURN_OF.get(type(state))
    if turn is None:
        turn = game_of(state).current_player
    return turn(state) is CHANCE


def is_over(state: Any) -> bool:
    """True once the match is over."""
    turn = _TURN_OF.get(type(state))
    if turn is None:
        turn = game_of(state).current_player
    return turn(state) is None


def legal_moves(state: Any) -> Sequence[Move]:
    """Every legal move, each once, in the game's documented order (empty at a chance node)."""
    legal = _LEGAL_OF.get(type(state))
    if legal is None:
        legal = game_of(state).legal_moves
    return legal(state)


def parse_move(state: Any, text: str) -> Move:
    """Parse a move's text in the context of ``state``; raises `NotationError`."""
    return game_of(state).parse_move(state, text)


def format_move(move: Move) -> str:
    """The canonical text of a move (the same as ``str(move)``)."""
    return str(move)


def check(state: Any, move: Move | str, *, seat: int | None = None) -> Violation | None:
    """``None`` if ``move`` is legal, else the `Violation` saying why not.

    Text is parsed first (and raises `NotationError` if it does not parse).
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
    Raises `IllegalMoveError` (with ``rule``) or `NotationError`; a ``seat`` that is not one of
    the match's (out of range, a bool, a float) is a `SeatError`.
    """
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
    """
    game = game_of(state)
    check_rng(rng)
    return game.random_deal(state, rng)


def score(state: Any) -> tuple[int, ...]:
    """Match points per seat won for good so far (partners show the same number)."""
    return game_of(state).score(state)


def winners(state: Any) -> tuple[int, ...]:
    """The winning seats once the match is over; empty while it is not."""
    return game_of(state).winners(state)


def score_events(state: Any) -> tuple[ScoreEvent, ...]:
    """Every award of the match so far, deal by deal, in the order the game records them."""
    return game_of(state).score_events(state)


def deal_results(state: Any) -> tuple[Any, ...]:
    """The breakdown of every finished deal (the game's own ``DealResult`` records)."""
    return game_of(state).deal_results(state)


def resample_hidden(state: StateT, seat: int | None, rng: random.Random) -> StateT:
    """A state that ``seat`` cannot tell from ``state``: every card hidden from it is redealt at
    random (``rng``) among the places hidden from it, each keeping its size.

    It goes by what the seat can see, not by what it could infer from the play (a player who
    showed out of a suit may be dealt that suit). Search bots use it to sample a determinization.
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
