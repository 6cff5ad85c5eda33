"""Bezique: two players, 64 cards (two piquet packs), melds, the seven of trumps, and a strict
last stage of eight tricks.

The rules as implemented, the meld table, the reuse rules, every option and every violation id
are in ``docs/bezique.md``.
"""

from parlour.bezique.game import GAME, BeziqueGame
from parlour.bezique.moves import Draw, Exchange, Meld, Play, Show
from parlour.bezique.options import Options
from parlour.bezique.state import BeziqueState, DealResult, Declaration, Phase
from parlour.core import register

register(GAME)

__all__ = [
    "GAME",
    "BeziqueGame",
    "BeziqueState",
    "DealResult",
    "Declaration",
    "Draw",
    "Exchange",
    "Meld",
    "Options",
    "Phase",
    "Play",
    "Show",
]
