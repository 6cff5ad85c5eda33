"""The ``parlour`` command: ``games``, ``demo``, ``play``, ``arena``, ``validate`` and ``render``.
"""

from parlour.cli._arena import (
    add_arena_parser,
    arena_table,
    run_arena,
)
from parlour.cli._main import (
    main,
)
from parlour.cli._play import (
    MAX_LINE_CHARS,
    add_play_parser,
    run_play,
)
from parlour.cli._progress import (
    ProgressBar,
    ProgressDisplay,
    bar_text,
    is_terminal,
    progress_text,
)
from parlour.cli._validate import (
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    add_validate_parser,
    printable,
    run_validate,
)

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_USAGE",
    "MAX_LINE_CHARS",
    "ProgressBar",
    "ProgressDisplay",
    "add_arena_parser",
    "add_play_parser",
    "add_validate_parser",
    "arena_table",
    "bar_text",
    "is_terminal",
    "main",
    "printable",
    "progress_text",
    "run_arena",
    "run_play",
    "run_validate",
]
