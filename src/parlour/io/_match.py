"""`Match`: a small recorder that applies moves to a match and keeps them for logs and undo.

States keep no history (DESIGN.md §1.6); a `Match` holds the list of states it went through and
the canonical text of each move, so ``undo`` is a pop and ``to_log`` writes the moves as played.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from parlour.base import (
    IllegalMoveError,
    NotationError,
    options_to_json,
)
from parlour.engine import (
    Game,
    Move,
    check_seat,
    check_seed,
    get_game,
    new_game,
)
from parlour.io._log import (
    VERSION,
    GameLog,
    LogSource,
    fields_of,
    read_log,
    start_state,
)

__all__ = ["Match", "write_log"]


class Match:
    """A match being played: its current ``state`` and the canonical text of every move applied.

    ``Match("belote", options={...}, dealer=0, players=[...], seed=7)`` starts a match; with
    ``seed`` its first deal is drawn from ``random.Random(seed)`` and recorded as the first move.
    Bad options or an unknown game raise `OptionsError`.
    """

    __slots__ = ("_dealer", "_game", "_moves", "_players", "_states")

    def __init__(
        self,
        game: str,
        *,
        options: Mapping[str, Any] | Any | None = None,
        dealer: int = 0,
        players: Iterable[str] | None = None,
        seed: int | None = None,
    ) -> None:
        self._game: Game = get_game(game)
        check_seed(seed)
        names = None if players is None else _player_names(players)
        self._states: list[Any] = [new_game(game, options=options, dealer=dealer)]
        self._moves: list[str] = []
        self._dealer = dealer
        self._players = names
        if seed is not None:
            self.apply(self._game.random_deal(self.state, random.Random(seed)))

    @classmethod
    def from_log(cls, log: LogSource) -> Match:
        """A match rebuilt by replaying ``log``; raises as `parlour.replay` does.

        The moves are kept in canonical text; ``players`` are taken from the log.
        """
        game_log = log if isinstance(log, GameLog) else read_log(log)
        game, state = start_state(game_log)
        match = cls.__new__(cls)
        match._game = game
        match._states = [state]
        match._moves = []
        match._dealer = game_log.dealer
        match._players = game_log.players
        for text in game_log.moves:
            match.apply(text)
        return match

    @property
    def game(self) -> str:
        """The game's registered name."""
        return self._game.name

    @property
    def state(self) -> Any:
        """The current state."""
        return self._states[-1]

    @property
    def initial_state(self) -> Any:
        """The state before the first move."""
        return self._states[0]

    @property
    def moves(self) -> tuple[str, ...]:
        """The canonical text of every move applied so far, in order."""
        return tuple(self._moves)

    @property
    def players(self) -> tuple[str, ...] | None:
        """The players' names by seat, if given."""
        return self._players

    @property
    def dealer(self) -> int:
        """The seat that dealt first."""
        return self._dealer

    def apply(self, move: Move | str, *, seat: int | None = None) -> Any:
        """Apply ``move`` (a `Move` or its text) and record its canonical text; the new state.

        With ``seat``, a move by anyone but the seat to act is refused. On `NotationError` or
        `IllegalMoveError` (``move_index`` set to this move's index) nothing changes.
        """
        state = self.state
        if seat is not None:
            check_seat(seat, self._game.player_count(self._game.options(state)))
        if not isinstance(move, (Move, str)):
            raise TypeError(
                f"a move must be a parlour Move or its text, not {type(move).__name__}"
            )
        try:
            if isinstance(move, str):
                move = self._game.parse_move(state, move)
            after = self._game.apply(state, move, seat)
        except (NotationError, IllegalMoveError) as error:
            error.move_index = len(self._moves)
            raise
        self._states.append(after)
        self._moves.append(str(move))
        return after

    def undo(self) -> Any:
        """Take back the last move and return the state before it; `IndexError` if none."""
        if not self._moves:
            raise IndexError("there is no move to undo")
        self._moves.pop()
        self._states.pop()
        return self.state

    def to_log(self, *, result: bool = True) -> GameLog:
        """The match's log: fully resolved options, the moves, and the library version.

        With ``result`` (the default) the log claims the current score and, once the match is
        over, the winners.
        """
        return GameLog(
            game=self._game.name,
            options=options_to_json(self._game.options(self._states[0])),
            dealer=self._dealer,
            players=self._players,
            moves=tuple(self._moves),
            result=self._result() if result else None,
            parlour=VERSION,
        )

    def _result(self) -> dict[str, Any]:
        state = self.state
        claimed: dict[str, Any] = {"score": list(self._game.score(state))}
        if self._game.current_player(state) is None:
            claimed["winners"] = list(self._game.winners(state))
        return claimed

    def __repr__(self) -> str:
        return f"<Match {self._game.name}: {len(self._moves)} moves>"


def _player_names(players: Iterable[str]) -> tuple[str, ...]:
    """``players`` as a tuple of names; a plain `TypeError` naming the mistake when it is not
    an iterable of ``str`` (a log must be able to hold them)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise TypeError(f"players must be a list of names (str), not {type(players).__name__}")
    names = tuple(players)
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            raise TypeError(
                f"players must be names (str), but the name of seat {seat} is a "
                f"{type(name).__name__}"
            )
    return names


def write_log(log: GameLog | Match) -> str:
    """The canonical JSON text of a log: one line, no trailing newline, ``ensure_ascii=False``.

    Keys come in the format's order, unknown keys after them in their order. A `Match` is written
    through ``match.to_log()``: fully resolved options and the library version. Reading the text
    back and writing it again gives the same string. A `GameLog` built by hand is checked as if
    read (`read_log`, default limits): a field of the wrong type, an integer too long to print
    or nesting too deep is a `LogError`, so every log written can be read back. Anything else is
    a plain `TypeError`.

    Raises: `LogError` for a hand-built `GameLog` that could not be read back; `TypeError` for
    anything that is neither a `GameLog` nor a `Match`.

    >>> import parlour
    >>> parlour.write_log(parlour.GameLog(game="ecarte"))
    '{"format": "parlour-log/1", "game": "ecarte", "options": {}, "dealer": 0, "moves": []}'
    >>> parlour.read_log(parlour.write_log(parlour.Match("ecarte", seed=1))).moves[0][:11]
    'deal hands:'
    """
    if isinstance(log, Match):
        return log.to_log().to_json()
    if not isinstance(log, GameLog):
        raise TypeError(f"write_log needs a GameLog or a Match, not {type(log).__name__}")
    return read_log(fields_of(log)).to_json()
