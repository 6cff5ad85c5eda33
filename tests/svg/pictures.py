"""The fixed seeded positions that are pictured: one per game, the state after a number of
uniform random moves from a seed (`tests.strategies.final_state`). Their pictures are the
regression goldens of ``tests/golden/svg/`` (seat 0's view and a spectator's) and the pictures of
the games' pages, ``docs/_static/svg/<game>.svg`` (seat 0's view).

Regenerate both (a deliberate act: review the pictures, then commit them on their own) with
``PARLOUR_REGENERATE_GOLDENS=1 python -m pytest tests/svg/test_goldens.py`` or
``python -m tests.svg.pictures`` from the repository root.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import parlour
from parlour.svg import view_svg
from tests.strategies import final_state

__all__ = ["DOCS_PICTURES", "GOLDENS", "PICTURED", "REGENERATE", "pictures", "state_of", "write"]

ROOT = Path(__file__).resolve().parent.parent.parent
GOLDENS = ROOT / "tests" / "golden" / "svg"
DOCS_PICTURES = ROOT / "docs" / "_static" / "svg"
REGENERATE = "PARLOUR_REGENERATE_GOLDENS"
"""The environment variable that makes the golden tests write the pictures instead of
comparing them."""

PICTURED: dict[str, tuple[int, int]] = {
    "belote": (1, 11),
    "bezique": (1, 26),
    "burraco": (1, 182),
    "coinche": (1, 17),
    "ecarte": (1, 8),
}
"""For each game, the seed and the number of moves (deals included) of its pictured position:
a trick under way (Burraco: both teams' melds and a discard pile), chosen once by hand."""


def state_of(game: str) -> Any:
    """The pictured position of ``game``."""
    seed, moves = PICTURED[game]
    return final_state(game, seed, max_moves=moves)


def pictures(game: str) -> dict[Path, str]:
    """Every committed picture of ``game``'s position, by the file that holds it."""
    state = state_of(game)
    seat_view = view_svg(parlour.view(state, 0))
    return {
        GOLDENS / f"{game}.svg": seat_view,
        GOLDENS / f"{game}-spectator.svg": view_svg(parlour.view(state, None)),
        DOCS_PICTURES / f"{game}.svg": seat_view,
    }


def write(game: str) -> None:
    """Write every picture of ``game`` (UTF-8, as `view_svg` gives it)."""
    for path, text in pictures(game).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    for name in PICTURED:
        write(name)
