"""The trick-game machinery that Belote, Bezique and Écarté share: rank tables and the trick
winner, the evaluator of obligation records, the trick-game skeleton (`TrickGame`) with its
play verdicts, what a card played reveals about a hand, the trick zones of a seat's screen, the
trick helpers of a view (`TrickView`: the suit led, the trick's winner, a partner winning), and
the card play of the Belote family (classic Belote and Coinche: rank orders, card points, the
belote pair, the §3.4 clauses and the §3.8 announcements).
"""

from parlour.tricks._belote_family import (
    BELOTE_CARD_TABLE,
    BELOTE_PAIR_POINTS,
    BELOTE_PLAIN_ORDER,
    BELOTE_PLAIN_POINTS,
    BELOTE_TRUMP_ORDER,
    BELOTE_TRUMP_POINTS,
    KING_QUEEN_OF,
    LAST_TRICK_BONUS,
    belote_clauses,
    rank_points_by_suit_pattern,
    trump_contract_points,
)
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
from parlour.tricks._melds import (
    CARRE_POINTS,
    MELD_WORDS,
    SEQUENCE_POINTS,
    Meld,
    hand_melds,
    meld_key,
    scoring_side,
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
from parlour.tricks._solver import (
    Solution,
    SupportsSolver,
    TrickEnding,
    TrickScoring,
    solve,
    taken_by,
)
from parlour.tricks._trick_view import (
    TrickView,
    card_strength_in,
    trump_index,
)

__all__ = [
    "BELOTE_CARD_TABLE",
    "BELOTE_PAIR_POINTS",
    "BELOTE_PLAIN_ORDER",
    "BELOTE_PLAIN_POINTS",
    "BELOTE_TRUMP_ORDER",
    "BELOTE_TRUMP_POINTS",
    "CARRE_POINTS",
    "KING_QUEEN_OF",
    "LAST_TRICK_BONUS",
    "MELD_WORDS",
    "NO_TRUMP",
    "SEQUENCE_POINTS",
    "CardTable",
    "Condition",
    "Demand",
    "FollowSteps",
    "Meld",
    "MoveCheck",
    "MoveParser",
    "MoveTransition",
    "Obligation",
    "OpeningStates",
    "PlayedTrick",
    "Scope",
    "Solution",
    "StateFreeParser",
    "SupportsSolver",
    "TrickEnding",
    "TrickEvaluator",
    "TrickGame",
    "TrickRules",
    "TrickScoring",
    "TrickView",
    "belote_clauses",
    "broken_obligation",
    "card_strength_in",
    "excluded_by_play",
    "hand_melds",
    "keyword_parser",
    "last_trick_text",
    "meld_key",
    "not_a_card",
    "not_held",
    "play_parser",
    "played_text",
    "rank_points_by_suit_pattern",
    "scoring_side",
    "seat_to_act",
    "solve",
    "taken_by",
    "trick_zones",
    "trump_contract_points",
    "trump_index",
]
