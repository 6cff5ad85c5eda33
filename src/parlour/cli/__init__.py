"""The ``parlour`` command: ``games``, ``demo``, ``play``, ``validate`` and ``render``.
"""

from parlour.cli._main import (
    main,
)
from parlour.cli._play import (
    MAX_LINE_CHARS,
    add_play_parser,
    run_play,
)
from parlour.cli._progress import (
    ProgressDisplay,
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
    "ProgressDisplay",
    "add_play_parser",
    "add_validate_parser",
    "is_terminal",
    "main",
    "printable",
    "progress_text",
    "run_play",
    "run_validate",
]
