"""The built-in games, registered in one place (`GAMES`), and the typed entry points that name
them.

`new_game` is overloaded on the game's name and `view` on the state's type, so that a type
checker knows that ``new_game("belote")`` is a ``BeloteState`` and ``view(state, 1)`` a
``BeloteView``; at run time both are `parlour.engine.new_game` and `parlour.engine.view`.
Adding a game is one new subpackage plus one line in `GAMES` (its overloads here only add the
precise static types; without them the game is typed as any state).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, overload

from parlour import (
    belote,
    bezique,
    burraco,
    coinche,
    ecarte,
    engine,
)
from parlour.engine import View

__all__ = ["GAMES", "AnyState", "new_game", "view"]

GAMES: tuple[engine.Game, ...] = (
    belote.GAME,
    bezique.GAME,
    burraco.GAME,
    coinche.GAME,
    ecarte.GAME,
)
"""Every built-in game object, in the order `parlour.game_names` lists them: the one place a
game is registered."""

for _game in GAMES:
    engine.register(_game)

AnyState = (
    belote.BeloteState
    | bezique.BeziqueState
    | ecarte.EcarteState
    | burraco.BurracoState
    | coinche.CoincheState
)
"""The state of any built-in game."""


@overload
def new_game(
    name: Literal["belote"],
    *,
    options: Mapping[str, Any] | belote.Options | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> belote.BeloteState: ...
@overload
def new_game(
    name: Literal["bezique"],
    *,
    options: Mapping[str, Any] | bezique.Options | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> bezique.BeziqueState: ...
@overload
def new_game(
    name: Literal["ecarte"],
    *,
    options: Mapping[str, Any] | ecarte.Options | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> ecarte.EcarteState: ...
@overload
def new_game(
    name: Literal["burraco"],
    *,
    options: Mapping[str, Any] | burraco.Options | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> burraco.BurracoState: ...
@overload
def new_game(
    name: Literal["coinche"],
    *,
    options: Mapping[str, Any] | coinche.Options | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> coinche.CoincheState: ...
@overload
def new_game(
    name: str,
    *,
    options: Mapping[str, Any] | Any | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> Any: ...
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
    >>> state = parlour.new_game("belote", seed=7)
    >>> parlour.current_player(state), [str(move) for move in parlour.legal_moves(state)]
    (1, ['pass', 'take'])
    >>> parlour.current_player(parlour.new_game("belote"))
    CHANCE
    >>> parlour.new_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    parlour.OptionsError: unknown game 'chess'; the games are: belote, bezique, ...
    """
    return engine.new_game(name, options=options, seed=seed, dealer=dealer)


@overload
def view(state: belote.BeloteState, seat: int | None) -> belote.BeloteView: ...
@overload
def view(state: bezique.BeziqueState, seat: int | None) -> bezique.BeziqueView: ...
@overload
def view(state: ecarte.EcarteState, seat: int | None) -> ecarte.EcarteView: ...
@overload
def view(state: burraco.BurracoState, seat: int | None) -> burraco.BurracoView: ...
@overload
def view(state: coinche.CoincheState, seat: int | None) -> coinche.CoincheView: ...
@overload
def view(state: Any, seat: int | None) -> View: ...
def view(state: Any, seat: int | None) -> View:
    """What ``seat`` may see of ``state`` (``None``: a spectator, who sees no hidden card).

    A seat that is not one of the match's (out of range, a bool, a float) is a `SeatError`
    (a `ParlourError` and a `ValueError`).

    Raises: `SeatError` for a ``seat`` that is not one of the match's; `TypeError` if ``state``
    is not a parlour state.

    >>> import parlour
    >>> state = parlour.new_game("ecarte", seed=1)
    >>> parlour.view(state, 0).hand
    (Card(8S), Card(AS), Card(9H), Card(7D), Card(JC))
    >>> parlour.view(state, None).hand, parlour.view(state, None).hand_sizes
    ((), (5, 5))
    >>> parlour.view(state, 2)
    Traceback (most recent call last):
      ...
    parlour.SeatError: seat must be None or a seat from 0 to 1, not 2
    """
    return engine.view(state, seat)
