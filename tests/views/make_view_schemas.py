"""Rewrite the shipped view schemas, src/parlour/schemas/<game>.view.schema.json.

    python tests/views/make_view_schemas.py             # every registered game
    python tests/views/make_view_schemas.py ecarte      # only the games named

Run it from the repository root after changing a view record; review the diff. The test
``tests/views/test_view_shape.py`` fails while a shipped file differs from what this writes.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import parlour
from parlour.engine import (
    schema_file_name,
    schema_text,
)

FOLDER = Path(parlour.__file__).parent / "schemas"


def main(argv: Sequence[str]) -> int:
    """Write the schema file of each game named (default: every registered game)."""
    for game_name in list(argv) or list(parlour.game_names()):
        (FOLDER / schema_file_name(game_name)).write_text(schema_text(game_name), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
