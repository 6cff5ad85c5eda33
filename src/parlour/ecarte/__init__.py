"""Écarté: two players, 32 cards, proposals and exchanges from a talon, the king of trumps, and
five tricks to the point or the vole.

The rules as implemented, every option and every violation id are in ``docs/ecarte.md``.
"""

from parlour.ecarte import rules
from parlour.ecarte._card_values import (
    card_strength,
)
from parlour.ecarte._game import (
    GAME,
    EcarteGame,
)
from parlour.ecarte._moves import (
    Accept,
    Discard,
    MarkKing,
    Play,
    Propose,
    Refuse,
)
from parlour.ecarte._options import Options
from parlour.ecarte._scoring import trick_ending
from parlour.ecarte._state import (
    DealResult,
    EcarteState,
    Exchange,
    Phase,
    Table,
)
from parlour.ecarte._view import EcarteView
from parlour.engine import GameFunctions

FUNCTIONS: GameFunctions[EcarteState, EcarteView, Options] = GameFunctions("ecarte", EcarteState)
"""The public functions typed for Ecarte (``parlour.ecarte.apply`` takes and returns a
``EcarteState``); they refuse another game's state."""
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

RANK_ORDER = rules.RANK_ORDER
"""The ranks of every suit, trumps included, highest first: K Q J A 10 9 8 7 (rules §2.1);
the card table (`parlour.ecarte.rules.CARD_TABLE`) is built from it."""

__all__ = [
    "FUNCTIONS",
    "GAME",
    "RANK_ORDER",
    "Accept",
    "DealResult",
    "Discard",
    "EcarteGame",
    "EcarteState",
    "EcarteView",
    "Exchange",
    "MarkKing",
    "Options",
    "Phase",
    "Play",
    "Propose",
    "Refuse",
    "Table",
    "apply",
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
