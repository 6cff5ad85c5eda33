"""Coinche (Belote contrée): four players in two partnerships, 32 cards dealt before an auction
of contracts from 80 to 160 and capot, coinche and surcoinche, classic Belote's card play.

The rules as implemented, every option and every violation id are in ``docs/coinche.md``.
"""

from parlour.coinche import rules
from parlour.coinche._card_values import (
    card_points,
    card_strength,
)
from parlour.coinche._game import (
    GAME,
    CoincheGame,
)
from parlour.coinche._moves import (
    Bid,
    Coinche,
    Pass,
    Play,
    Surcoinche,
)
from parlour.coinche._options import Options
from parlour.coinche._scoring import trick_ending
from parlour.coinche._state import (
    CoincheState,
    DealResult,
    Phase,
)
from parlour.coinche._view import CoincheView
from parlour.engine import GameFunctions

FUNCTIONS: GameFunctions[CoincheState, CoincheView, Options] = GameFunctions(
    "coinche", CoincheState
)
"""The public functions typed for Coinche (``parlour.coinche.apply`` takes and returns a
``CoincheState``); they refuse another game's state."""
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
"""The ranks of the trump suit, highest first: J 9 A 10 K Q 8 7, classic Belote's (rules
C.1); every suit ranks so in Tout-Atout. The card table is built from it."""
PLAIN_ORDER = rules.PLAIN_ORDER
"""The ranks of the other suits, highest first: A 10 K Q J 9 8 7, classic Belote's (rules
C.1); every suit ranks so in Sans-Atout. The card table is built from it."""

__all__ = [
    "FUNCTIONS",
    "GAME",
    "PLAIN_ORDER",
    "TRUMP_ORDER",
    "Bid",
    "Coinche",
    "CoincheGame",
    "CoincheState",
    "CoincheView",
    "DealResult",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "Surcoinche",
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
