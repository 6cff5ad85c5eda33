"""What the fuzz tests start from: seeded valid logs and states of every game, and the game's
vocabulary (keywords, card tokens) for grammar-aware random texts.

Everything is built from fixed seeds (one ``random.Random`` each) and cached, so examples are
reproducible and cheap.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import parlour
from parlour import Match
from parlour.engine import get_game
from tests.strategies import play_on

__all__ = [
    "GAMES",
    "KEYWORDS",
    "card_tokens",
    "sample_log",
    "sample_log_text",
    "sample_states",
]

GAMES = tuple(parlour.game_names())

KEYWORDS = (
    "deal", "pass", "take", "play", "propose", "accept", "refuse", "discard", "king", "meld",
    "exchange", "show", "draw", "pickup", "add", "=", "bid", "coinche", "surcoinche", "capot",
)  # fmt: skip
"""Every keyword of every game's notation (the fuzzers mix them across games on purpose)."""

SAMPLE_OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "belote": ({"target": None}, {"target": 300}),
    "bezique": ({"target": None},),
    "ecarte": ({"target": None}, {"target": 7}),
    "burraco": ({"target": None}, {"target": None, "players": 2}),
    "coinche": ({"target": None}, {"target": 500}),
    "toy": ({"target": None}, {"target": 3}),
}
"""The options of the seeded matches the fuzzers mutate (single deals keep them short)."""

SAMPLE_VARIANTS = 3
"""How many seeded matches of each game there are to mutate."""


MAX_SAMPLE_MOVES = 150
"""A seeded match stops after this many moves (a Burraco hand can run to hundreds)."""


@functools.cache
def card_tokens(game: str) -> tuple[str, ...]:
    """The canonical text of every face of the game's deck, in deck order."""
    seen: dict[str, None] = {}
    for card in get_game(game).deck:
        seen.setdefault(card.text, None)
    return tuple(seen)


@functools.cache
def _match(game: str, variant: int) -> Match:
    options = SAMPLE_OPTIONS[game][variant % len(SAMPLE_OPTIONS[game])]
    return play_on(Match(game, options=options), 1000 + variant, max_moves=MAX_SAMPLE_MOVES)


def sample_log(game: str, variant: int = 0) -> dict[str, Any]:
    """A fresh copy of the JSON object of seeded match ``variant`` of ``game`` (with its
    result)."""
    data = json.loads(sample_log_text(game, variant))
    assert isinstance(data, dict)
    return data


@functools.cache
def sample_log_text(game: str, variant: int = 0) -> str:
    """The written log of seeded match ``variant`` of ``game``."""
    return parlour.write_log(_match(game, variant))


@functools.cache
def sample_states(game: str) -> tuple[Any, ...]:
    """States of the seeded matches of ``game`` at about a dozen points each: the first chance
    node, the first decisions, the middle, the end (over, or as far as the match went)."""
    marks = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144}
    states = []
    for variant in range(SAMPLE_VARIANTS):
        match = _match(game, variant)
        state = match.initial_state
        states.append(state)
        for index, text in enumerate(match.moves, start=1):
            state = parlour.apply(state, text)
            if index in marks:
                states.append(state)
        states.append(match.state)
    return tuple(states)
