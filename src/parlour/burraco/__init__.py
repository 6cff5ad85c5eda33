"""Burraco (Italian rules): 4 players in partnerships or 2 alone, 108 cards with four jokers,
sets and sequences with one wild card each, two pozzetti, and the match to 2000.

The rules as implemented, the meld notation, every option and every violation id are in
``docs/burraco.md``.
"""

from parlour.burraco.game import GAME, BurracoGame
from parlour.burraco.melds import Meld as TableMeld
from parlour.burraco.melds import MeldKind
from parlour.burraco.moves import Add, Discard, Draw, Meld, PickUp
from parlour.burraco.options import Options
from parlour.burraco.state import BurracoState, HandResult, Phase, Table, TeamScore, Turn
from parlour.burraco.view import BurracoView, MeldView
from parlour.core import register

register(GAME)

__all__ = [
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
]
