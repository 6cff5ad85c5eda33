"""The toy game's immutable states: frozen attrs records holding cards, never masks."""

from __future__ import annotations

import enum

import attrs

from parlour.base import (
    Card,
    JsonRecord,
    Suit,
)
from parlour.engine import ScoreEvent, StateJson
from tests.toy.options import Options

__all__ = ["PHASE_NAMES", "DealResult", "Phase", "ToyState", "Trick"]


class Phase(enum.Enum):
    """Where a match stands."""

    DEAL_DUE = "deal_due"
    PLAY = "play"
    OVER = "over"


PHASE_NAMES: dict[Phase, str] = {phase: phase.value for phase in Phase}
"""The phase names the views and positions write, in the game's order."""


@attrs.frozen(slots=True, kw_only=True)
class Trick:
    """A finished trick: who led, the two cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, Card]
    winner: int


@attrs.frozen(slots=True, kw_only=True)
class DealResult(JsonRecord):
    """One finished deal: its 1-based number, the dealer, the tricks and points of each seat,
    its awards and its ``outcome`` (always ``"played"``: a toy deal is never cut short)."""

    number: int
    dealer: int
    tricks: tuple[int, int]
    points: tuple[int, int]
    awards: tuple[ScoreEvent, ...]
    outcome: str = "played"


@attrs.frozen(slots=True, kw_only=True)
class ToyState(StateJson):
    """A toy match: the options and the deals so far, and the deal in progress (if any).

    ``hands`` are in canonical order; ``trick`` is the current trick (none or the leader's
    card), led by ``leader``; ``tricks`` the deal's finished tricks; ``awards`` the deal's
    awards so far; ``deal_number`` counts the deals begun.
    """

    options: Options
    phase: Phase
    dealer: int
    deal_number: int = 0
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    turnup: Card | None = None
    widow: Card | None = None
    leader: int = 0
    trick: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    match_score: tuple[int, int] = (0, 0)
    awards: tuple[ScoreEvent, ...] = ()
    deals: tuple[DealResult, ...] = ()

    @property
    def to_act(self) -> int:
        """The seat to play next in the deal: the leader, or the other seat once it has led."""
        return self.leader if not self.trick else 1 - self.leader

    @property
    def trump(self) -> Suit | None:
        """The turn-up's suit while a deal is on."""
        return None if self.turnup is None else self.turnup.suit
