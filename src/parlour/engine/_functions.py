"""The top-level functions of parlour, and the same functions bound to one game.

The top-level functions (`legal_moves`, `apply`, `view`, …) take a state of any registered game
and reach its game through the dispatch tables that `parlour.engine._game.register` fills, keyed
by the state's type. They check their arguments (seeds, generators, seats) before anything else.

Each game subpackage exposes the same functions (``parlour.belote.apply``, ``parlour.belote.view``,
…) through one `GameFunctions` object, so that a type checker knows that
``parlour.belote.apply`` takes and returns a ``BeloteState`` and that ``parlour.belote.view``
returns a ``BeloteView``. They behave as the top-level functions do, and also refuse a state of
another game with a `TypeError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from parlour.base import (
    IllegalMoveError,
    OptionsError,
    SeatError,
    SeedError,
    Teams,
    describe,
)
from parlour.engine._game import (
    APPLIERS_OF,
    APPLY_OF,
    LEGAL_OF,
    TURN_OF,
    View,
    game_of,
    get_game,
)
from parlour.engine._moves import (
    CHANCE,
    Chance,
    Deal,
    Move,
    ScoreEvent,
    StateT,
    Violation,
)

__all__ = [
    "GameFunctions",
    "apply",
    "check",
    "check_rng",
    "check_seat",
    "check_seed",
    "current_player",
    "deal_results",
    "format_move",
    "is_chance",
    "is_over",
    "legal_moves",
    "new_game",
    "options",
    "parse_move",
    "players",
    "raise_if_illegal",
    "random_deal",
    "resample_hidden",
    "score",
    "score_events",
    "teams",
    "view",
    "winners",
]

ViewT = TypeVar("ViewT")
OptionsT = TypeVar("OptionsT")


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
    turn = TURN_OF.get(type(state))
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
    turn = TURN_OF.get(type(state))
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
    turn = TURN_OF.get(type(state))
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
    legal = LEGAL_OF.get(type(state))
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
        appliers = APPLIERS_OF.get(type(state))
        if appliers is not None:
            applier = appliers.get(type(move))
            if applier is not None:  # a move of a type the game has met: its checked path
                applied_by_type: StateT = applier(state, move)
                return applied_by_type
    game_apply = APPLY_OF.get(type(state))
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


class GameFunctions(Generic[StateT, ViewT, OptionsT]):
    """The top-level functions of parlour restricted to the game ``name``.

    ``state_type`` is the game's state class: every function refuses any other state with a
    `TypeError` before doing anything else.
    """

    __slots__ = ("name", "state_type")

    def __init__(self, name: str, state_type: type[StateT]) -> None:
        self.name = name
        self.state_type = state_type

    def _own(self, state: StateT) -> StateT:
        """``state`` itself, after checking that it is one of this game's states."""
        if type(state) is not self.state_type:
            raise TypeError(
                f"{type(state).__name__} is not a {self.name} state "
                f"(expected {self.state_type.__name__})"
            )
        return state

    def new_game(
        self,
        *,
        options: Mapping[str, Any] | Any | None = None,
        seed: int | None = None,
        dealer: int = 0,
    ) -> StateT:
        """A new match of this game (see `parlour.new_game`)."""
        state: StateT = new_game(self.name, options=options, seed=seed, dealer=dealer)
        return state

    def current_player(self, state: StateT) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        return current_player(self._own(state))

    def is_chance(self, state: StateT) -> bool:
        """True when the next move is a deal."""
        return is_chance(self._own(state))

    def is_over(self, state: StateT) -> bool:
        """True once the match is over."""
        return is_over(self._own(state))

    def legal_moves(self, state: StateT) -> Sequence[Move]:
        """Every legal move, each once, in the game's documented order."""
        return legal_moves(self._own(state))

    def check(
        self, state: StateT, move: Move | str, *, seat: int | None = None
    ) -> Violation | None:
        """``None`` if ``move`` is legal, else the `Violation` saying why not."""
        return check(self._own(state), move, seat=seat)

    def apply(self, state: StateT, move: Move | str, *, seat: int | None = None) -> StateT:
        """The state after ``move``; raises `IllegalMoveError` or `NotationError`."""
        return apply(self._own(state), move, seat=seat)

    def parse_move(self, state: StateT, text: str) -> Move:
        """Parse a move's text in the context of ``state``; raises `NotationError`."""
        return parse_move(self._own(state), text)

    def random_deal(self, state: StateT, rng: random.Random) -> Deal:
        """A deal drawn with ``rng`` by the game's dealing procedure."""
        return random_deal(self._own(state), rng)

    def score(self, state: StateT) -> tuple[int, ...]:
        """Match points per seat won for good so far."""
        return score(self._own(state))

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats once the match is over; empty while it is not."""
        return winners(self._own(state))

    def score_events(self, state: StateT) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far, in the order the game records them."""
        return score_events(self._own(state))

    def deal_results(self, state: StateT) -> tuple[Any, ...]:
        """The breakdown of every finished deal."""
        return deal_results(self._own(state))

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` may see of ``state`` (``None``: a spectator)."""
        seen: ViewT = cast(ViewT, view(self._own(state), seat))
        return seen

    def resample_hidden(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        """A state ``seat`` cannot tell from ``state`` (see `parlour.resample_hidden`)."""
        return resample_hidden(self._own(state), seat, rng)

    def players(self, state: StateT) -> int:
        """The number of seats in the match."""
        return players(self._own(state))

    def teams(self, state: StateT) -> Teams:
        """The match's teams, each a tuple of seats."""
        return teams(self._own(state))

    def options(self, state: StateT) -> OptionsT:
        """The match's options record (the game's ``Options``)."""
        chosen: OptionsT = options(self._own(state))
        return chosen
