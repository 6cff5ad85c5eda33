"""Shared hypothesis strategies and random-playout helpers for every game's tests.

A playout is reproducible from its `PlayoutSpec` alone: one ``random.Random(seed)`` draws every
deal (through `parlour.random_deal`) and, unless the spec lists its ``choices``, every uniform
choice among `parlour.legal_moves`, so a failing example can be replayed with `random_playout`.

`iter_playout` takes optional hooks for the tests that need more than the uniform walk: a
``start`` state to play from (a seeded start, a position), a ``choose(state, moves, rng)``
callback that picks the move (an agent, a bias towards some moves), and a ``match`` (a
`parlour.Match`) to play on, so that the moves are recorded for a log. `playout_states` lists
the states a playout passes through, `final_state` gives where it ends, and `play_on` plays
a `Match` on (for the tests that write logs).

`shrinkable_playouts` lets hypothesis draw the move choices themselves (a list of indexes into
the legal moves, one per move a seat makes): a failing playout then shrinks to a short one made
of early moves, not only to a smaller seed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

import parlour
from parlour.base import option_checks
from parlour.engine import (
    Move,
    SupportsBot,
    game_of,
    get_game,
)

__all__ = [
    "Chooser",
    "PlayoutSpec",
    "Step",
    "bot_choice",
    "final_state",
    "game_options",
    "iter_playout",
    "option_presets",
    "option_values",
    "play_on",
    "playout_states",
    "playouts",
    "random_playout",
    "seats_of",
    "seeds",
    "shrinkable_playouts",
]

Chooser = Callable[[Any, Sequence[Move], random.Random], Move]
"""``choose(state, legal_moves, rng)``: the move a playout makes at a seat's turn."""


def bot_choice(state: Any, moves: Sequence[Move], rng: random.Random) -> Move:
    """A `Chooser` that plays the game's built-in bot (``bot_move``), checking that its move is
    one of the legal ``moves`` and that `parlour.check` accepts it."""
    game = game_of(state)
    assert isinstance(game, SupportsBot), f"{game.name} has no built-in bot"
    move = game.bot_move(state, rng)
    assert move in moves, f"the bot chose {move}, not a legal move"
    assert parlour.check(state, move) is None, move
    return move


MAX_PLAYOUT_MOVES = 100_000
"""A safety net: a playout that has not ended after this many moves is a bug (a match that
never ends), reported rather than looped on forever."""


@dataclass(frozen=True)
class Step:
    """One move of a playout: the state before it, the move, and the state after it."""

    before: Any
    move: Move
    after: Any


@dataclass(frozen=True)
class PlayoutSpec:
    """Everything a random playout is rebuilt from: game, seed, options and first dealer, and
    optionally the move choices (see `iter_playout`)."""

    game: str
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: int = 0
    max_moves: int | None = None
    choices: tuple[int, ...] | None = None

    def run(self) -> list[Step]:
        """The playout's steps (see `random_playout`)."""
        return random_playout(
            self.game,
            self.seed,
            self.options,
            dealer=self.dealer,
            max_moves=self.max_moves,
            choices=self.choices,
        )


def seeds() -> st.SearchStrategy[int]:
    """Seeds for ``random.Random``."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def option_values(game_name: str) -> dict[str, tuple[Any, ...]]:
    """Each option of the game with the values to exercise: its default first, then every other
    example value of its spec (duplicates dropped, order kept)."""
    specs = option_checks(get_game(game_name).options_type)
    values: dict[str, tuple[Any, ...]] = {}
    for name, (default, spec) in specs.items():
        chosen: list[Any] = [default]
        for example in spec.examples:
            if not any(type(example) is type(seen) and example == seen for seen in chosen):
                chosen.append(example)
        values[name] = tuple(chosen)
    return values


def option_presets(game_name: str) -> list[tuple[str, dict[str, Any]]]:
    """The game's option presets with an id each: the defaults (``{}``, id ``default``), then one
    preset per option value other than its default (id ``name=value``)."""
    presets: list[tuple[str, dict[str, Any]]] = [("default", {})]
    for name, values in option_values(game_name).items():
        for value in values[1:]:
            shown = list(value) if isinstance(value, tuple) else value
            presets.append((f"{name}={shown}", {name: value}))
    return presets


def game_options(game_name: str) -> st.SearchStrategy[dict[str, Any]]:
    """A valid options mapping for the game: every option drawn from its default and examples."""
    return st.fixed_dictionaries(
        {name: st.sampled_from(values) for name, values in option_values(game_name).items()}
    )


def seats_of(game_name: str, options: Mapping[str, Any]) -> int:
    """The number of seats of a match of the game with these options (Burraco: 4 or 2)."""
    state = parlour.new_game(game_name, options=options)
    count = getattr(parlour, "players", None)
    return int(count(state)) if count is not None else len(parlour.score(state))


@st.composite
def _specs(
    draw: st.DrawFn,
    game_name: str,
    max_moves: int | None,
    choices: st.SearchStrategy[tuple[int, ...]] | None,
) -> PlayoutSpec:
    options = draw(game_options(game_name), label="options")
    dealer = draw(st.integers(min_value=0, max_value=seats_of(game_name, options) - 1),
                  label="dealer")  # fmt: skip
    return PlayoutSpec(
        game_name,
        draw(seeds(), label="seed"),
        options,
        dealer,
        max_moves,
        None if choices is None else draw(choices, label="choices"),
    )


def playouts(game_name: str, *, max_moves: int | None = None) -> st.SearchStrategy[PlayoutSpec]:
    """A reproducible random playout of the game: seed, options and first dealer (a seat of a
    match with those options)."""
    return _specs(game_name, max_moves, None)


def shrinkable_playouts(game_name: str, *, moves: int) -> st.SearchStrategy[PlayoutSpec]:
    """A playout whose move choices hypothesis draws: up to ``moves`` indexes, one per move a
    seat makes (deals still come from the seed), so a failure shrinks to few, early moves."""
    return _specs(game_name, None, _choices(moves))


@st.composite
def _choices(draw: st.DrawFn, moves: int) -> tuple[int, ...]:
    """A length from 1 to ``moves`` (drawn first, so it shrinks), then that many indexes."""
    length = draw(st.integers(min_value=1, max_value=moves), label="length")
    index = st.integers(min_value=0, max_value=2**16 - 1)
    return tuple(draw(st.lists(index, min_size=length, max_size=length), label="indexes"))


def iter_playout(
    game_name: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    max_moves: int | None = None,
    choices: Sequence[int] | None = None,
    choose: Chooser | None = None,
    start: Any = None,
    match: parlour.Match | None = None,
) -> Iterator[Step]:
    """Play a match at random, one `Step` at a time, until it is over (or ``max_moves``).

    One ``random.Random(seed)`` draws the deals (`parlour.random_deal`) and picks uniformly among
    the legal moves (``moves[rng.randrange(len(moves))]``, the same draw as ``rng.choice``), so
    the same arguments always give the same steps. With ``choices``, the i-th move a seat makes
    is ``legal_moves[choices[i] % len(legal_moves)]`` instead, and the playout stops when the
    choices run out (at the next seat's turn). With ``choose``, the move at a seat's turn is
    ``choose(state, legal_moves, rng)`` (a legal move; the same ``rng`` draws the deals).

    The playout starts from ``start`` if given (then ``options`` and ``dealer`` are not used),
    else from ``parlour.new_game(game_name, options=options, dealer=dealer)``. With ``match``,
    it starts from ``match.state`` and every move goes through ``match.apply`` (recorded).
    """
    if choices is not None and choose is not None:
        raise ValueError("a playout takes choices or choose, not both")
    if match is not None and start is not None:
        raise ValueError("a playout starts from a start state or a match, not both")
    rng = random.Random(seed)
    if match is not None:
        start = match.state
    state = parlour.new_game(game_name, options=options, dealer=dealer) if start is None else start
    count = 0
    decisions = 0
    while not parlour.is_over(state) and (max_moves is None or count < max_moves):
        if count >= MAX_PLAYOUT_MOVES:
            raise AssertionError(
                f"{game_name} playout (seed {seed}, options {dict(options or {})}) did not end "
                f"after {MAX_PLAYOUT_MOVES} moves"
            )
        move: Move
        if parlour.is_chance(state):
            move = parlour.random_deal(state, rng)
        else:
            moves = parlour.legal_moves(state)
            if not moves:
                raise AssertionError(
                    f"no legal move while {parlour.current_player(state)!r} is to act "
                    f"(seed {seed}, move {count})"
                )
            if choose is not None:
                move = choose(state, moves, rng)
            elif choices is None:
                move = moves[rng.randrange(len(moves))]
            elif decisions < len(choices):
                move = moves[choices[decisions] % len(moves)]
                decisions += 1
            else:
                return
        after = parlour.apply(state, move) if match is None else match.apply(move)
        yield Step(state, move, after)
        state = after
        count += 1


def random_playout(
    game_name: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    max_moves: int | None = None,
    choices: Sequence[int] | None = None,
    choose: Chooser | None = None,
    start: Any = None,
) -> list[Step]:
    """Every step of `iter_playout`, as a list."""
    return list(
        iter_playout(
            game_name,
            seed,
            options,
            dealer=dealer,
            max_moves=max_moves,
            choices=choices,
            choose=choose,
            start=start,
        )
    )


def playout_states(
    game_name: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    max_moves: int | None = None,
    choose: Chooser | None = None,
    start: Any = None,
) -> Iterator[Any]:
    """Every state of the `iter_playout` with these arguments, in order: the first state, then
    the state after each move (deals included)."""
    state = parlour.new_game(game_name, options=options, dealer=dealer) if start is None else start
    yield state
    for step in iter_playout(
        game_name, seed, max_moves=max_moves, choose=choose, start=state
    ):  # fmt: skip
        yield step.after


def final_state(
    game_name: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    max_moves: int | None = None,
    choose: Chooser | None = None,
    start: Any = None,
) -> Any:
    """The last state of `playout_states` with these arguments: where the playout ends."""
    states = playout_states(
        game_name, seed, options, dealer=dealer, max_moves=max_moves, choose=choose, start=start
    )
    return deque(states, maxlen=1)[0]


def play_on(
    match: parlour.Match,
    seed: int,
    *,
    max_moves: int | None = None,
    choose: Chooser | None = None,
) -> parlour.Match:
    """``match`` played on by the `iter_playout` of ``seed`` (uniform choices, or ``choose``)
    until it is over or ``max_moves`` more moves are made; every move is recorded in it."""
    for _ in iter_playout(
        match.game, seed, max_moves=max_moves, choose=choose, match=match
    ):  # fmt: skip
        pass
    return match
