"""Coinche's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no history beyond the deal in progress. What stays fixed for a whole match
between deals (the options, the dealer, the match score, the finished deals) lives in a `Table`;
the deal in progress lives in `CoincheState` itself: the hands as dealt and as they are now, the
auction so far (each seat's moves, in order), the standing bid and its coinche level, the cards
played. The legal moves are derived once when a state is built (they take no part in equality).
Every record is built by keyword.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from parlour.base import JsonRecord, moves_by_mask
from parlour.coinche._auction import auction_moves
from parlour.coinche._cardplay import legal_cards
from parlour.coinche._moves import PLAYS
from parlour.coinche._options import Options
from parlour.coinche.rules import GENERALE, PLAYERS
from parlour.engine import (
    CHANCE,
    Chance,
    Move,
    ScoreEvent,
    StateJson,
)

__all__ = [
    "CoincheState",
    "DealResult",
    "Phase",
    "Table",
    "first_leader_of",
]


class Phase(enum.IntEnum):
    """Where a match stands."""

    DEAL_DUE = 0
    AUCTION = 1
    PLAY = 2
    OVER = 3


@attrs.frozen(slots=True, kw_only=True, weakref_slot=False)
class DealResult(JsonRecord):
    """The breakdown of one finished deal, for front-ends and logs.

    Teams are 0 (seats 0 and 2, N-S) and 1 (seats 1 and 3, E-W). ``outcome`` is ``"made"``,
    ``"failed"`` or ``"thrown_in"`` (four passes; nothing else is set). ``taker`` is the seat of
    the standing bid, ``value`` its value (250 capot, 500 générale), ``denomination`` its text
    (``"H"``, ``"SA"``), ``level`` 0, 1 (coinched) or 2 (surcoinched). ``card_points`` include the
    last trick (or ``capot_points`` on a capot); ``belote`` and ``announcements`` are each team's
    points of those, as held; ``points`` what each team scored in this deal.
    """

    number: int
    dealer: int
    outcome: str
    taker: int | None = None
    value: int | None = None
    denomination: str | None = None
    level: int = 0
    tricks: tuple[int, int] = (0, 0)
    card_points: tuple[int, int] = (0, 0)
    belote: tuple[int, int] = (0, 0)
    announcements: tuple[int, int] = (0, 0)
    capot_team: int | None = None
    points: tuple[int, int] = (0, 0)
    awards: tuple[ScoreEvent, ...] = ()


@attrs.frozen(slots=True, kw_only=True, cache_hash=True, weakref_slot=False)
class Table:
    """What stays fixed during one deal: options, dealer, deal number, match score, finished
    deals. The hash leaves out the finished ``deals`` (and is cached); equality compares them."""

    options: Options
    dealer: int
    deal_number: int = 0
    match_score: tuple[int, int] = (0, 0)
    deals: tuple[DealResult, ...] = attrs.field(default=(), hash=False)

    def __copy__(self) -> Table:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self


_plays = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order."""


def _legal(state: CoincheState) -> tuple[Move, ...]:
    """The legal moves: the auction's (`auction_moves`) or the play's (`legal_cards`)."""
    phase = state.phase
    options = state.table.options
    if phase == Phase.AUCTION:
        return auction_moves(options, state.bid_value, state.bid_seat, state.level, state.to_act)
    if phase == Phase.PLAY:
        hand = state.hands[state.to_act]
        return _plays(
            legal_cards(options, state.bid_denomination, hand, state.trick, state.leader)
        )
    return ()


def first_leader_of(dealer: int, value: int, bidder: int) -> int:
    """Who leads trick 1: the seat after the dealer, or a générale's bidder (rules C.3)."""
    return bidder if value == GENERALE else (dealer + 1) % PLAYERS


def _turn(state: CoincheState) -> int | Chance | None:
    phase = state.phase
    if phase == Phase.DEAL_DUE:
        return CHANCE
    if phase == Phase.OVER:
        return None
    return state.to_act


@attrs.frozen(slots=True, kw_only=True, weakref_slot=False)
class CoincheState(StateJson):
    """A Coinche match at one moment. Compare, hash and pickle freely; never mutated.

    ``dealt`` are the four hands as dealt and ``hands`` as they are now (32-bit masks by seat);
    ``auction`` lists this deal's auction as (seat, move); ``bid_value`` / ``bid_denomination`` /
    ``bid_seat`` the standing bid (0 / -1 / -1: none yet), ``level`` its coinche level (0, 1
    coinched, 2 surcoinched) and ``passes`` the passes since the last bid or the coinche;
    ``trick`` the cards of the current trick, led by ``leader``; ``won`` the masks of the cards
    each team has taken; ``played`` the cards of this deal's finished tricks in playing order.

    ``legal`` (derived, no part in equality) holds the legal moves; ``turn`` what
    `current_player` answers.
    """

    table: Table
    phase: Phase
    to_act: int = -1
    dealt: tuple[int, ...] = (0, 0, 0, 0)
    hands: tuple[int, ...] = (0, 0, 0, 0)
    auction: tuple[tuple[int, Move], ...] = ()
    bid_value: int = 0
    bid_denomination: int = -1
    bid_seat: int = -1
    level: int = 0
    passes: int = 0
    trick: tuple[int, ...] = ()
    leader: int = -1
    won: tuple[int, int] = (0, 0)
    played: tuple[int, ...] = ()
    legal: tuple[Move, ...] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_legal, takes_self=True)
    )
    turn: int | Chance | None = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_turn, takes_self=True)
    )

    @property
    def first_leader(self) -> int:
        """Who leads trick 1 (`first_leader_of`)."""
        return first_leader_of(self.table.dealer, self.bid_value, self.bid_seat)

    @property
    def tricks_played(self) -> int:
        """Tricks completed in this deal."""
        return len(self.played) // 4

    def __copy__(self) -> CoincheState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> CoincheState:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """What a pickle keeps: the fields the constructor takes (it derives the rest again)."""
        return _restore, ({name: getattr(self, name) for name in _GIVEN_FIELDS},)


_GIVEN_FIELDS = tuple(field.name for field in attrs.fields(CoincheState) if field.init)


def _restore(fields: dict[str, Any]) -> CoincheState:
    """The state of `CoincheState.__reduce__`'s fields (unpickling)."""
    return CoincheState(**fields)
