"""parlour: rules engines for classic card games (Belote first; Bezique, Écarté, Burraco next).

The facade re-exports the public API; each game also lives in its own subpackage
(``parlour.belote``). See the README and ``docs/`` for the contract.
"""

from parlour import games as _games  # noqa: F401  (registers the built-in games)
from parlour.cards import JOKER, PIQUET_DECK, Card, Rank, Suit, parse_card
from parlour.core import (
    CHANCE,
    Chance,
    Deal,
    Move,
    Problem,
    Report,
    ScoreEvent,
    View,
    Violation,
    apply,
    check,
    current_player,
    deal_results,
    format_move,
    game_names,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    random_deal,
    resample_hidden,
    score,
    score_events,
    view,
    winners,
)
from parlour.errors import IllegalMoveError, LogError, NotationError, OptionsError, ParlourError
from parlour.log import GameLog, read_log, read_logs, replay, validate, validate_files, write_log
from parlour.match import Match

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "JOKER",
    "PIQUET_DECK",
    "Card",
    "Chance",
    "Deal",
    "GameLog",
    "IllegalMoveError",
    "LogError",
    "Match",
    "Move",
    "NotationError",
    "OptionsError",
    "ParlourError",
    "Problem",
    "Rank",
    "Report",
    "ScoreEvent",
    "Suit",
    "View",
    "Violation",
    "__version__",
    "apply",
    "check",
    "current_player",
    "deal_results",
    "format_move",
    "game_names",
    "is_chance",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_card",
    "parse_move",
    "random_deal",
    "read_log",
    "read_logs",
    "replay",
    "resample_hidden",
    "score",
    "score_events",
    "validate",
    "validate_files",
    "view",
    "winners",
    "write_log",
]
