"""The trick-game machinery that Belote, Bezique and Écarté share: rank tables and the trick
winner, the evaluator of obligation records, the trick-game skeleton (`TrickGame`) with its
play verdicts, what a card played reveals about a hand, and the trick zones of a seat's screen.
"""

from parlour.tricks._evaluator import (
    NO_TRUMP,
    CardTable,
    Condition,
    Demand,
    FollowSteps,
    Obligation,
    Scope,
    TrickEvaluator,
    TrickRules,
)
from parlour.tricks._inference import (
    PlayedTrick,
    excluded_by_play,
)
from parlour.tricks._screen import (
    last_trick_text,
    played_text,
    trick_zones,
)
from parlour.tricks._skeleton import (
    MoveCheck,
    MoveParser,
    MoveTransition,
    OpeningStates,
    StateFreeParser,
    TrickGame,
    broken_obligation,
    keyword_parser,
    not_a_card,
    not_held,
    play_parser,
    seat_to_act,
)

__all__ = [
    "NO_TRUMP",
    "CardTable",
    "Condition",
    "Demand",
    "FollowSteps",
    "MoveCheck",
    "MoveParser",
    "MoveTransition",
    "Obligation",
    "OpeningStates",
    "PlayedTrick",
    "Scope",
    "StateFreeParser",
    "TrickEvaluator",
    "TrickGame",
    "TrickRules",
    "broken_obligation",
    "excluded_by_play",
    "keyword_parser",
    "last_trick_text",
    "not_a_card",
    "not_held",
    "play_parser",
    "played_text",
    "seat_to_act",
    "trick_zones",
]
