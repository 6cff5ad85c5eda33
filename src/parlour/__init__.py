"""parlour: rules engines for classic card games (Belote first; Bezique, Écarté, Burraco next).

The facade re-exports the public API; each game also lives in its own subpackage
(``parlour.belote``). See the README and ``docs/`` for the contract.
"""

# Load the games (and with them every submodule, such as the module ``parlour.options``) before
# binding the public names below, so that no submodule import can rebind a public name such as
# the function ``options`` afterwards.
from parlour import games as _games  # noqa: F401

# isort: split
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
    options,
    parse_move,
    players,
    random_deal,
    resample_hidden,
    score,
    score_events,
    teams,
    winners,
)
from parlour.errors import (
    IllegalMoveError,
    LogError,
    NotationError,
    OptionsError,
    ParlourError,
    PositionError,
    SeatError,
    SeedError,
)
from parlour.events import Event, events, events_for
from parlour.games import new_game, view  # (importing it registers the built-in games)
from parlour.limits import Limits, LimitsError
from parlour.log import GameLog, read_log, read_logs, replay, validate, validate_files, write_log
from parlour.match import Match
from parlour.match_outcome import Outcome, outcome
from parlour.option_catalog import OptionSpec, option_specs
from parlour.positions import state_from_dict, state_to_dict
from parlour.sampling import agent_view, sample_state
from parlour.view_schemas import view_schema

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "JOKER",
    "PIQUET_DECK",
    "Card",
    "Chance",
    "Deal",
    "Event",
    "GameLog",
    "IllegalMoveError",
    "Limits",
    "LimitsError",
    "LogError",
    "Match",
    "Move",
    "NotationError",
    "OptionSpec",
    "OptionsError",
    "Outcome",
    "ParlourError",
    "PositionError",
    "Problem",
    "Rank",
    "Report",
    "ScoreEvent",
    "SeatError",
    "SeedError",
    "Suit",
    "View",
    "Violation",
    "__version__",
    "agent_view",
    "apply",
    "check",
    "current_player",
    "deal_results",
    "events",
    "events_for",
    "format_move",
    "game_names",
    "is_chance",
    "is_over",
    "legal_moves",
    "new_game",
    "option_specs",
    "options",
    "outcome",
    "parse_card",
    "parse_move",
    "players",
    "random_deal",
    "read_log",
    "read_logs",
    "replay",
    "resample_hidden",
    "sample_state",
    "score",
    "score_events",
    "state_from_dict",
    "state_to_dict",
    "teams",
    "validate",
    "validate_files",
    "view",
    "view_schema",
    "winners",
    "write_log",
]
