"""Belote: four players in two partnerships, 32 cards, two bidding rounds on a turned-up card.

The rules as implemented, every option and every violation id are in ``docs/belote.md``.
"""

from parlour.belote import rules
from parlour.belote._card_values import (
    card_points,
    card_strength,
)
from parlour.belote._game import (
    GAME,
    BeloteGame,
)
from parlour.belote._moves import (
    Pass,
    Play,
    Take,
)
from parlour.belote._options import Options
from parlour.belote._scoring import trick_ending
from parlour.belote._state import (
    BeloteState,
    DealResult,
    Phase,
)
from parlour.belote._view import BeloteView
from parlour.engine import GameFunctions

FUNCTIONS: GameFunctions[BeloteState, BeloteView, Options] = GameFunctions("belote", BeloteState)
"""The public functions typed for Belote (``parlour.belote.apply`` takes and returns a
``BeloteState``); they refuse another game's state."""
new_game = FUNCTIONS.new_game
current_player = FUNCTIONS.current_player
is_chance = FUNCTIONS.is_chance
is_over = FUNCTIONS.is_over
legal_moves = FUNCTIONS.legal_moves
check = FUNCTIONS.check
apply = FUNCTIONS.apply
parse_move = FUNCTIONS.parse_move
random_deal = FUNCTIONS.random_deal
score = FUNCTIONS.score
winners = FUNCTIONS.winners
score_events = FUNCTIONS.score_events
deal_results = FUNCTIONS.deal_results
view = FUNCTIONS.view
resample_hidden = FUNCTIONS.resample_hidden
players = FUNCTIONS.players
teams = FUNCTIONS.teams
options = FUNCTIONS.options

TRUMP_ORDER = rules.TRUMP_ORDER
"""The ranks of the trump suit, highest first: J 9 A 10 K Q 8 7 (rules §3.1); the card
table (`parlour.belote.rules.CARD_TABLE`) is built from it."""
PLAIN_ORDER = rules.PLAIN_ORDER
"""The ranks of the other suits, highest first: A 10 K Q J 9 8 7 (rules §3.1); the card
table is built from it."""

__all__ = [
    "FUNCTIONS",
    "GAME",
    "PLAIN_ORDER",
    "TRUMP_ORDER",
    "BeloteGame",
    "BeloteState",
    "BeloteView",
    "DealResult",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "Take",
    "apply",
    "card_points",
    "card_strength",
    "check",
    "current_player",
    "deal_results",
    "is_chance",
    "is_over",
    "legal_moves",
    "new_game",
    "options",
    "parse_move",
    "players",
    "random_deal",
    "resample_hidden",
    "score",
    "score_events",
    "teams",
    "trick_ending",
    "view",
    "winners",
]
