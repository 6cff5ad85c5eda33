"""Bezique: two players, 64 cards (two piquet packs), melds, the seven of trumps, and a strict
last stage of eight tricks.

The rules as implemented, the meld table, the reuse rules, every option and every violation id
are in ``docs/bezique.md``.
"""

from parlour.bezique import rules
from parlour.bezique._card_values import (
    card_points,
    card_strength,
)
from parlour.bezique._game import (
    GAME,
    BeziqueGame,
)
from parlour.bezique._last_stage import trick_ending
from parlour.bezique._moves import (
    Draw,
    Exchange,
    Meld,
    Play,
    Show,
)
from parlour.bezique._options import Options
from parlour.bezique._state import (
    BeziqueState,
    DealResult,
    Declaration,
    Phase,
)
from parlour.bezique._view import BeziqueView
from parlour.engine import GameFunctions

FUNCTIONS: GameFunctions[BeziqueState, BeziqueView, Options] = GameFunctions(
    "bezique", BeziqueState
)
"""The public functions typed for Bezique (``parlour.bezique.apply`` takes and returns a
``BeziqueState``); they refuse another game's state."""
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

RANK_ORDERS = rules.RANK_ORDERS
"""The ranks of every suit, trumps included, highest first, by the ``rank_order`` option:
A 10 K Q J 9 8 7 (``"A-10-K"``, the default) or A K Q J 10 9 8 7 (``"seed_A-K-Q-J-10"``);
the card tables (`parlour.bezique.rules.CARD_TABLES`) are built from them."""

__all__ = [
    "FUNCTIONS",
    "GAME",
    "RANK_ORDERS",
    "BeziqueGame",
    "BeziqueState",
    "BeziqueView",
    "DealResult",
    "Declaration",
    "Draw",
    "Exchange",
    "Meld",
    "Options",
    "Phase",
    "Play",
    "Show",
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
