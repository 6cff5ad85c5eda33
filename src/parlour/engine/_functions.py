"""The public functions bound to one game and typed with its state and view types.

Each game subpackage exposes the same functions as the top level (``parlour.belote.apply``,
``parlour.belote._view``, …) through one `GameFunctions` object, so that a type checker knows
that ``parlour.belote.apply`` takes and returns a ``BeloteState`` and that
``parlour.belote._view`` returns a ``BeloteView``. They behave as the top-level functions do,
and also refuse a state of another game with a `TypeError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from parlour.base import Teams
from parlour.engine import _game as dispatch
from parlour.engine._moves import (
    Chance,
    Deal,
    Move,
    ScoreEvent,
    Violation,
)

__all__ = ["GameFunctions"]

StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
OptionsT = TypeVar("OptionsT")


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
        state: StateT = dispatch.new_game(self.name, options=options, seed=seed, dealer=dealer)
        return state

    def current_player(self, state: StateT) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        return dispatch.current_player(self._own(state))

    def is_chance(self, state: StateT) -> bool:
        """True when the next move is a deal."""
        return dispatch.is_chance(self._own(state))

    def is_over(self, state: StateT) -> bool:
        """True once the match is over."""
        return dispatch.is_over(self._own(state))

    def legal_moves(self, state: StateT) -> Sequence[Move]:
        """Every legal move, each once, in the game's documented order."""
        return dispatch.legal_moves(self._own(state))

    def check(
        self, state: StateT, move: Move | str, *, seat: int | None = None
    ) -> Violation | None:
        """``None`` if ``move`` is legal, else the `Violation` saying why not."""
        return dispatch.check(self._own(state), move, seat=seat)

    def apply(self, state: StateT, move: Move | str, *, seat: int | None = None) -> StateT:
        """The state after ``move``; raises `IllegalMoveError` or `NotationError`."""
        return dispatch.apply(self._own(state), move, seat=seat)

    def parse_move(self, state: StateT, text: str) -> Move:
        """Parse a move's text in the context of ``state``; raises `NotationError`."""
        return dispatch.parse_move(self._own(state), text)

    def random_deal(self, state: StateT, rng: random.Random) -> Deal:
        """A deal drawn with ``rng`` by the game's dealing procedure."""
        return dispatch.random_deal(self._own(state), rng)

    def score(self, state: StateT) -> tuple[int, ...]:
        """Match points per seat won for good so far."""
        return dispatch.score(self._own(state))

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats once the match is over; empty while it is not."""
        return dispatch.winners(self._own(state))

    def score_events(self, state: StateT) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far, in the order the game records them."""
        return dispatch.score_events(self._own(state))

    def deal_results(self, state: StateT) -> tuple[Any, ...]:
        """The breakdown of every finished deal."""
        return dispatch.deal_results(self._own(state))

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` may see of ``state`` (``None``: a spectator)."""
        seen: ViewT = cast(ViewT, dispatch.view(self._own(state), seat))
        return seen

    def resample_hidden(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        """A state ``seat`` cannot tell from ``state`` (see `parlour.resample_hidden`)."""
        return dispatch.resample_hidden(self._own(state), seat, rng)

    def players(self, state: StateT) -> int:
        """The number of seats in the match."""
        return dispatch.players(self._own(state))

    def teams(self, state: StateT) -> Teams:
        """The match's teams, each a tuple of seats."""
        return dispatch.teams(self._own(state))

    def options(self, state: StateT) -> OptionsT:
        """The match's options record (the game's ``Options``)."""
        chosen: OptionsT = dispatch.options(self._own(state))
        return chosen
