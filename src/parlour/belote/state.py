"""Belote's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed for a whole deal (the match score, the
contract, the options) lives in a `Table` shared by every state of that deal; what changes with
each card (hands, the trick) lives in `BeloteState` itself.
"""

from __future__ import annotations

import enum
import functools

import attrs

from parlour.belote.options import Options
from parlour.belote.play import play_evaluator
from parlour.cards import Card, Suit
from parlour.core import ScoreEvent
from parlour.records import JsonRecord

__all__ = ["BeloteState", "DealResult", "Phase", "Table"]


class Phase(enum.IntEnum):
    """Where a match stands."""

    DEAL_DUE = 0
    BID_ROUND_1 = 1
    BID_ROUND_2 = 2
    PLAY = 3
    OVER = 4


@attrs.frozen(slots=True)
class DealResult(JsonRecord):
    """The breakdown of one finished deal, for front-ends and logs.

    Teams are 0 (seats 0 and 2) and 1 (seats 1 and 3). ``outcome`` is ``"made"``, ``"failed"``,
    ``"litige"`` or ``"thrown_in"`` (all passed twice; nothing else is set). ``card_points``
    include the last trick (or the capot total); ``points`` are what each team scored in this
    deal, a litige award included; ``held`` is what stays held over after it.
    """

    number: int
    dealer: int
    outcome: str
    taker: int | None = None
    trump: Suit | None = None
    turnup: Card | None = None
    tricks: tuple[int, int] = (0, 0)
    card_points: tuple[int, int] = (0, 0)
    belote_team: int | None = None
    capot_team: int | None = None
    points: tuple[int, int] = (0, 0)
    held: int = 0
    awards: tuple[ScoreEvent, ...] = ()


@attrs.frozen(slots=True)
class Table:
    """What stays fixed during one deal: options, dealer, contract, match score, finished deals.

    ``trump``, ``taker`` and ``belote_holder`` are -1 until the contract is taken, and
    ``take_round`` (1 or 2) is 0; ``turnup`` is the turned-up card's index (-1 before the first
    deal); ``held`` is a litige's held points.
    """

    options: Options
    dealer: int
    deal_number: int = 0
    match_score: tuple[int, int] = (0, 0)
    held: int = 0
    deals: tuple[DealResult, ...] = ()
    turnup: int = -1
    trump: int = -1
    taker: int = -1
    belote_holder: int = -1
    take_round: int = 0


@attrs.frozen(slots=True)
class BeloteState:
    """A Belote match at one moment. Compare, hash and pickle freely; never mutated.

    ``hands`` are 32-bit masks by seat; ``stock`` lists card indexes top first (only during the
    bidding); ``trick`` the cards played to the current trick, led by ``leader``; ``won`` the
    masks of cards each team has taken; ``last_trick`` the previous trick as (leader, cards);
    ``rebelote_trick`` the trick in which belote was completed (0 if not yet).
    """

    table: Table
    phase: Phase
    to_act: int = -1
    hands: tuple[int, ...] = (0, 0, 0, 0)
    stock: tuple[int, ...] = ()
    trick: tuple[int, ...] = ()
    leader: int = -1
    won: tuple[int, int] = (0, 0)
    last_trick: tuple[int, tuple[int, ...]] | None = None
    rebelote_trick: int = 0

    @functools.cached_property
    def legal_mask(self) -> int:
        """The cards the seat to act may play (only meaningful in the play phase)."""
        table = self.table
        return play_evaluator(table.options).allowed(
            table.trump, self.hands[self.to_act], self.trick
        )

    @property
    def tricks_played(self) -> int:
        """Tricks completed in this deal."""
        return (self.won[0] | self.won[1]).bit_count() // 4
