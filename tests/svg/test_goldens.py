"""Regression goldens: the pictures of one fixed seeded position per game (`tests.svg.pictures`)
as committed in ``tests/golden/svg/`` (seat 0's view and a spectator's), and the pictures of the
games' pages in ``docs/_static/svg/`` kept up to date with the code that draws them.

These files are regression goldens, not a statement of the rules: they record what the
pictures looked like when they were last reviewed. When a change to the drawing is intended,
regenerate them with ``PARLOUR_REGENERATE_GOLDENS=1 python -m pytest tests/svg/test_goldens.py``
(or ``python -m tests.svg.pictures``), look at them, and commit them on their own.
"""

from __future__ import annotations

import os

import pytest

from tests.svg.helpers import Picture
from tests.svg.pictures import PICTURED, REGENERATE, pictures, write


@pytest.mark.parametrize("game", sorted(PICTURED))
def test_the_pictures_of_each_game_are_the_committed_ones(game: str) -> None:
    if os.environ.get(REGENERATE) == "1":
        write(game)
    for path, text in pictures(game).items():
        assert path.is_file(), f"{path} is missing: regenerate with {REGENERATE}=1"
        committed = path.read_text(encoding="utf-8")
        assert committed == text, (
            f"{path.name} differs from the picture drawn now; if the change is intended, "
            f"regenerate with {REGENERATE}=1 python -m pytest {__file__}, review and commit"
        )
        Picture(committed)  # and it is still a well-formed SVG document
