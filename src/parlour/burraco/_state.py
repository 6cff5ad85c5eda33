"""Burraco's state records: the match (`Table`), what the current turn has done (`Turn`), the
state of a hand in play (`BurracoState`), and the score of a finished hand (`HandResult`).

Hands are packed multisets of faces (`parlour.burraco._faces`); piles are tuples of faces, top
first. Every record is frozen and built by keyword. Finished hands live in the `Table`, whose hash
is cached, so hashing a state costs the same in the first hand and the tenth.
"""

from __future__ import annotations

import enum

import attrs

from parlour.base import JsonRecord
from parlour.burraco._meld_tables import Meld
from parlour.burraco._moves import Judgement
from parlour.burraco._options import Options
from parlour.engine import ScoreEvent, StateJson

__all__ = ["BurracoState", "HandResult", "Phase", "Table", "TeamScore", "Turn"]


class Phase(enum.Enum):
    """Where a match stands."""

    DEAL_DUE = "deal_due"
    """a hand is to be dealt (a chance move)"""
    DRAW = "draw"
    """the seat to act must draw from the stock or take the discard pile"""
    PLAY = "play"
    """the seat to act has drawn: it may meld and add, and ends its turn with a discard"""
    OVER = "over"
    """the match is over"""


@attrs.frozen(slots=True, kw_only=True)
class TeamScore(JsonRecord):
    """One team's score for a hand, item by item (rules §4.9).

    ``total`` is ``melded + burraco_bonus + closing - in_hand - pozzetto_penalty``.
    """

    team: int
    seats: tuple[int, ...]
    melded: int
    clean_burracos: int
    dirty_burracos: int
    burraco_bonus: int
    closing: int
    in_hand: int
    pozzetto_penalty: int
    total: int


@attrs.frozen(slots=True, kw_only=True)
class HandResult(JsonRecord):
    """A finished hand: how it ended, each team's score, and the awards as score events.

    ``ended_by`` is ``"closing"``, ``"stock"`` (the stock was down to two cards) or
    ``"stalemate"``; ``closed_by`` is the closing team, else ``None``.
    """

    number: int
    dealer: int
    ended_by: str
    closed_by: int | None
    teams: tuple[TeamScore, ...]
    awards: tuple[ScoreEvent, ...]


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class Table:
    """What lasts for the whole match: options, the dealer of the current (or next) hand, the
    match score per team, and every finished hand."""

    options: Options
    dealer: int
    hand_number: int = 0
    match_score: tuple[int, ...]
    results: tuple[HandResult, ...] = ()


@attrs.frozen(slots=True, kw_only=True)
class Turn:
    """What the seat to act has done in this turn so far.

    ``no_discard_face`` is the face that may not be discarded this turn (taken as a one-card
    pile, when ``single_card_pile_no_rediscard`` is on), else -1. ``last_turn`` is set when the
    draw left two cards in the stock: the hand ends after this turn's discard.
    ``pile_to_meld`` is the packed pile just taken while ``must_meld_after_taking_pile`` still
    asks for one of its cards to be melded or added this turn (rules §4.12, F.I.Bur.: the pile
    "may be taken only when at least one of its cards is melded at once"), else 0.
    """

    took_pile: bool = False
    single_card_pile: bool = False
    no_discard_face: int = -1
    melded: bool = False
    last_turn: bool = False
    pile_to_meld: int = 0


NEW_TURN = Turn()
"""A turn that has done nothing yet."""


@attrs.frozen(slots=True, kw_only=True)
class BurracoState(StateJson):
    """A Burraco match at one moment.

    * ``hands``: each seat's packed hand (`parlour.burraco._faces`); ``hand_sizes`` their sizes.
    * ``melds``: each team's melds, in the order they were laid down (``add n`` names the n-th).
    * ``discard``: the discard pile, top first (it is open: everyone sees all of it).
    * ``stock`` and ``drawn``: the stock as dealt, top first, and how many cards were drawn.
    * ``pozzetti``: the two pozzetti as dealt, the top one first; ``pozzetto_of_team``: the
      pozzetto each team took (0 the top one, 1 the other) or -1; ``unseen``: a bit per seat
      holding a pozzetto taken on the discard that it has not yet looked at.
    * ``stalled``: consecutive turns that took a one-card pile and melded nothing.
    * ``known``: each seat's packed cards that everybody knows it holds (the discard pile it
      took, less one copy of each face it has since melded, added or discarded).

    * ``judged``: the judgement of the move that made this state (what it laid, added, drew,
      took, closed; `parlour.burraco._judgement`), which the events read; None for a state
      read from a position or built by hand. It is not part of the state's value: not
      compared, not hashed, not written in a position.

    The record holds no cache: its legal moves are kept, once computed, in a bounded cache of
    `parlour.burraco._legal` keyed by the state.
    """

    table: Table
    phase: Phase
    to_act: int = 0
    hands: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    melds: tuple[tuple[Meld, ...], ...] = ()
    discard: tuple[int, ...] = ()
    stock: tuple[int, ...] = ()
    drawn: int = 0
    pozzetti: tuple[tuple[int, ...], ...] = ()
    pozzetto_of_team: tuple[int, ...] = ()
    unseen: int = 0
    turn: Turn = NEW_TURN
    stalled: int = 0
    known: tuple[int, ...] = ()
    judged: Judgement | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def stock_left(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.drawn

    @property
    def pozzetti_taken(self) -> int:
        """How many pozzetti have been taken (they are taken top first)."""
        return sum(1 for taken in self.pozzetto_of_team if taken >= 0)
