"""Shared hypothesis strategies and random-playout helpers for every game's tests.

A playout is reproducible from its `PlayoutSpec` alone: one ``random.Random(seed)`` draws every
deal (through `parlour.random_deal`) and every uniform choice among `parlour.legal_moves`, so a
failing example can be replayed with `random_playout`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

import parlour
from parlour.core import Move, get_game
from parlour.options import option_specs

__all__ = [
    "PlayoutSpec",
    "Step",
    "game_options",
    "iter_playout",
    "option_presets",
    "option_values",
    "playouts",
    "random_playout",
    "seeds",
]

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
    """Everything a random playout is rebuilt from: game, seed, options and first dealer."""

    game: str
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: int = 0
    max_moves: int | None = None

    def run(self) -> list[Step]:
        """The playout's steps (see `random_playout`)."""
        return random_playout(
            self.game, self.seed, self.options, dealer=self.dealer, max_moves=self.max_moves
        )


def seeds() -> st.SearchStrategy[int]:
    """Seeds for ``random.Random``."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def option_values(game_name: str) -> dict[str, tuple[Any, ...]]:
    """Each option of the game with the values to exercise: its default first, then every other
    example value of its spec (duplicates dropped, order kept)."""
    specs = option_specs(get_game(game_name).options_type)
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


def playouts(game_name: str, *, max_moves: int | None = None) -> st.SearchStrategy[PlayoutSpec]:
    """A reproducible random playout of the game: seed, options and first dealer."""
    players = get_game(game_name).players
    return st.builds(
        PlayoutSpec,
        game=st.just(game_name),
        seed=seeds(),
        options=game_options(game_name),
        dealer=st.integers(min_value=0, max_value=players - 1),
        max_moves=st.just(max_moves),
    )


def iter_playout(
    game_name: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    max_moves: int | None = None,
) -> Iterator[Step]:
    """Play a match at random, one `Step` at a time, until it is over (or ``max_moves``).

    One ``random.Random(seed)`` draws the deals (`parlour.random_deal`) and picks uniformly among
    the legal moves, so the same arguments always give the same steps.
    """
    rng = random.Random(seed)
    state = parlour.new_game(game_name, options=options, dealer=dealer)
    count = 0
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
            move = moves[rng.randrange(len(moves))]
        after = parlour.apply(state, move)
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
) -> list[Step]:
    """Every step of `iter_playout`, as a list."""
    return list(iter_playout(game_name, seed, options, dealer=dealer, max_moves=max_moves))
