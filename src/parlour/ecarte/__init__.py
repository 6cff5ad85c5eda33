"""Écarté: two players, 32 cards, proposals and exchanges from a talon, the king of trumps, and
five tricks to the point or the vole.

The rules as implemented, every option and every violation id are in ``docs/ecarte.md``.
"""

from parlour.core import register
from parlour.ecarte.game import GAME, EcarteGame
from parlour.ecarte.moves import Accept, Discard, MarkKing, Play, Propose, Refuse
from parlour.ecarte.options import Options
from parlour.ecarte.state import DealResult, EcarteState, Exchange, Phase, Table
from parlour.ecarte.view import EcarteView

register(GAME)

__all__ = [
    "GAME",
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
]
