"""What the event tests share: random playouts of a game and the cards a dict mentions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from parlour import Move
from tests.strategies import iter_playout

__all__ = ["SINGLE_DEAL", "Step", "cards_mentioned", "playout"]

SINGLE_DEAL: dict[str, dict[str, Any]] = {
    "belote": {"target": None},
    "bezique": {"target": None},
    "ecarte": {"target": None},
    "burraco": {"target": None, "players": 2},
    "coinche": {"target": None},
}
"""Options for a one-deal match of each game (two-handed Burraco keeps its playouts short)."""

_CARD_TEXT = re.compile(r"(10|[2-9JQKA])[SHDC]|JK")
"""The canonical text of a card (what `to_dict` writes for one)."""

Step = tuple[Any, Move, Any]
"""A state, the move applied to it, the state after."""


def playout(game: str, seed: int, options: dict[str, Any]) -> Iterator[Step]:
    """The steps of a match of ``game`` played to its end by uniformly random legal moves."""
    for step in iter_playout(game, seed, options):
        yield step.before, step.move, step.after


def cards_mentioned(data: Any) -> set[str]:
    """Every card text anywhere in JSON-ready ``data`` (a string that is a card's notation)."""
    if isinstance(data, str):
        return {data} if _CARD_TEXT.fullmatch(data) else set()
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        found: set[str] = set()
        for item in data:
            found |= cards_mentioned(item)
        return found
    return set()

