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

from parlour.base import JsonRecord, moves_by_mask, record_builder
from parlour.coinche._auction import auction_moves
from parlour.coinche._cardplay import legal_cards, winning_card_after
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
    "legal_of",
    "make_state",
    "turn_of",
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
    points of those, as held (announcements: only the side with the best one has any, rules
    C.9); ``points`` what each team scored in this deal.
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


_AUCTION = Phase.AUCTION
_PLAY = Phase.PLAY
_plays = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order."""


def legal_of(
    phase: Phase, options: Options, to_act: int, hands: tuple[int, ...], bid_value: int,
    bid_denomination: int, bid_seat: int, level: int, trick: tuple[int, ...], leader: int,
    winning_card: int,
) -> tuple[Move, ...]:  # fmt: skip
    """The legal moves: the auction's (`auction_moves`) or the play's (`legal_cards`)."""
    if phase == _AUCTION:
        return auction_moves(options, bid_value, bid_seat, level, to_act)
    if phase == _PLAY:
        partner_winning = bool(trick) and (
            leader + trick.index(winning_card) - to_act) % 2 == 0  # fmt: skip
        return _plays(
            legal_cards(options, bid_denomination, hands[to_act], trick, winning_card,
                        partner_winning)
        )
    return ()


def _winning_card(state: CoincheState) -> int:
    """The card winning the current trick (-1: none), by `winning_card_after` card by card."""
    winning = -1
    for card in state.trick:
        winning = winning_card_after(state.bid_denomination, state.trick, winning, card)
    return winning


def _legal(state: CoincheState) -> tuple[Move, ...]:
    return legal_of(
        state.phase, state.table.options, state.to_act, state.hands, state.bid_value,
        state.bid_denomination, state.bid_seat, state.level, state.trick, state.leader,
        state.winning_card,
    )  # fmt: skip


def first_leader_of(dealer: int, value: int, bidder: int) -> int:
    """Who leads trick 1: the seat after the dealer, or a générale's bidder (rules C.3)."""
    return bidder if value == GENERALE else (dealer + 1) % PLAYERS


def turn_of(phase: Phase, to_act: int) -> int | Chance | None:
    """What `current_player` answers: `CHANCE` when a deal is due, ``None`` once over."""
    if phase == Phase.DEAL_DUE:
        return CHANCE
    if phase == Phase.OVER:
        return None
    return to_act


def _turn(state: CoincheState) -> int | Chance | None:
    return turn_of(state.phase, state.to_act)


@attrs.frozen(slots=True, kw_only=True, weakref_slot=False)
class CoincheState(StateJson):
    """A Coinche match at one moment. Compare, hash and pickle freely; never mutated.

    ``dealt`` are the four hands as dealt and ``hands`` as they are now (32-bit masks by seat);
    ``auction`` lists this deal's auction as (seat, move); ``bid_value`` / ``bid_denomination`` /
    ``bid_seat`` the standing bid (0 / -1 / -1: none yet), ``level`` its coinche level (0, 1
    coinched, 2 surcoinched) and ``passes`` the passes since the last bid or the coinche;
    ``trick`` the cards of the current trick, led by ``leader``; ``won`` the masks of the cards
    each team has taken; ``played`` the cards of this deal's finished tricks in playing order.

    Derived (no part in equality): ``winning_card``, the card winning the current trick (-1:
    none); ``legal``, the legal moves; ``turn``, what `current_player` answers.
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
    winning_card: int = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_winning_card, takes_self=True)
    )
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


_build = record_builder(CoincheState, positional=True)


def make_state(
    table: Table, phase: Phase, to_act: int, dealt: tuple[int, ...], hands: tuple[int, ...],
    auction: tuple[tuple[int, Move], ...], bid_value: int, bid_denomination: int,
    bid_seat: int, level: int, passes: int, trick: tuple[int, ...], leader: int,
    won: tuple[int, int], played: tuple[int, ...], winning_card: int,
) -> CoincheState:  # fmt: skip
    """The state of these fields, its legal moves and turn derived by the functions the
    constructor uses (`legal_of`, `turn_of`), built by `parlour.base.record_builder` (the state
    built on every move, at a fraction of the constructor's cost)."""
    legal = legal_of(phase, table.options, to_act, hands, bid_value, bid_denomination,
                     bid_seat, level, trick, leader, winning_card)  # fmt: skip
    return _build(
        table, phase, to_act, dealt, hands, auction, bid_value, bid_denomination, bid_seat,
        level, passes, trick, leader, won, played, winning_card, legal, turn_of(phase, to_act),
    )  # fmt: skip
