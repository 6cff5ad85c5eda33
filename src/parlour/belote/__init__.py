"""Belote: four players in two partnerships, 32 cards, two bidding rounds on a turned-up card.

The rules as implemented, every option and every violation id are in ``docs/belote.md``.
"""

from parlour.belote.game import GAME, BeloteGame
from parlour.belote.moves import Pass, Play, Take
from parlour.belote.options import Options
from parlour.belote.state import BeloteState, DealResult, Phase
from parlour.belote.view import BeloteView
from parlour.core import register

register(GAME)

__all__ = [
    "GAME",
    "BeloteGame",
    "BeloteState",
    "BeloteView",
    "DealResult",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "Take",
]
