"""Burraco (Italian rules): 4 players in partnerships or 2 alone, 108 cards with four jokers,
sets and sequences with one wild card each, two pozzetti, and the match to 2000.

The rules as implemented, the meld notation, every option and every violation id are in
``docs/burraco.md``.
"""

from parlour.burraco._game import GAME, BurracoGame
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._meld_tables import MeldKind
from parlour.burraco._moves import Add, Discard, Draw, Meld, PickUp
from parlour.burraco._options import Options
from parlour.burraco._state import BurracoState, HandResult, Phase, Table, TeamScore, Turn
from parlour.burraco._view import BurracoView, MeldView
from parlour.engine import GameFunctions

FUNCTIONS: GameFunctions[BurracoState, BurracoView, Options] = GameFunctions(
    "burraco", BurracoState
)
"""The public functions typed for Burraco (``parlour.burraco.apply`` takes and returns a
``BurracoState``); they refuse another game's state."""
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

__all__ = [
    "FUNCTIONS",
    "GAME",
    "Add",
    "BurracoGame",
    "BurracoState",
    "BurracoView",
    "Discard",
    "Draw",
    "HandResult",
    "Meld",
    "MeldKind",
    "MeldView",
    "Options",
    "Phase",
    "PickUp",
    "Table",
    "TableMeld",
    "TeamScore",
    "Turn",
    "apply",
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
    "view",
    "winners",
]
