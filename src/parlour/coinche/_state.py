"""Coinche's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no history beyond the deal in progress. What stays fixed for a whole match
between deals (the options, the dealer, the match score, the finished deals) lives in a `Table`;
the deal in progress lives in `CoincheState` itself: the hands as dealt and as they are now, the
auction so far (each seat's moves, in order), the standing bid and its coinche level, the cards
played. What follows from those (the card winning the trick, the cards and the moves the seat to
act may play, whose turn it is) is derived once, when a state is built, by `build_state`. Every
record is built by keyword.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, NamedTuple

import attrs

from parlour.base import JsonRecord, TupleRecord, moves_by_mask, record_builder
from parlour.coinche._auction import auction_moves
from parlour.coinche._cardplay import FOLLOWING, winning_card_after
from parlour.coinche._moves import PLAYS
from parlour.coinche._options import Options
from parlour.coinche.rules import GENERALE, PLAYERS, TRICK_TRUMPS
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
    "build_state",
    "build_table",
    "first_leader_of",
    "turn_of",
    "winning_card_of",
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


_DEAL_DUE = Phase.DEAL_DUE
_AUCTION = Phase.AUCTION
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_plays = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order."""


def winning_card_of(denomination: int, trick: tuple[int, ...]) -> int:
    """The card winning ``trick`` (-1: none), by `winning_card_after` card by card."""
    winning = -1
    for card in trick:
        winning = winning_card_after(denomination, trick, winning, card)
    return winning


def first_leader_of(dealer: int, value: int, bidder: int) -> int:
    """Who leads trick 1: the seat after the dealer, or a générale's bidder (rules C.3)."""
    return bidder if value == GENERALE else (dealer + 1) % PLAYERS


def turn_of(phase: Phase, to_act: int) -> int | Chance | None:
    """What `current_player` answers: `CHANCE` when a deal is due, ``None`` once over."""
    if phase == _DEAL_DUE:
        return CHANCE
    if phase == _OVER:
        return None
    return to_act


class _CoincheStateFields(NamedTuple):
    table: Table
    phase: Phase
    to_act: int
    dealt: tuple[int, ...]
    hands: tuple[int, ...]
    auction: tuple[tuple[int, Move], ...]
    bid_value: int
    bid_denomination: int
    bid_seat: int
    level: int
    passes: int
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, int]
    played: tuple[int, ...]
    winning_card: int
    legal_mask: int
    legal: tuple[Move, ...]
    turn: int | Chance | None


class CoincheState(TupleRecord, _CoincheStateFields, StateJson):
    """A Coinche match at one moment. Compare, hash and pickle freely; never mutated.

    ``dealt`` are the four hands as dealt and ``hands`` as they are now (32-bit masks by seat);
    ``auction`` lists this deal's auction as (seat, move); ``bid_value`` / ``bid_denomination`` /
    ``bid_seat`` the standing bid (0 / -1 / -1: none yet), ``level`` its coinche level (0, 1
    coinched, 2 surcoinched) and ``passes`` the passes since the last bid or the coinche;
    ``trick`` the cards of the current trick, led by ``leader``; ``won`` the masks of the cards
    each team has taken; ``played`` the cards of this deal's finished tricks in playing order.

    The rest follows from those fields: ``winning_card``, the card winning the current trick
    (-1: none; `winning_card_of`); ``legal_mask``, the cards the seat to act may play (0
    outside the play; any card to lead, else the contract's duties:
    `parlour.coinche._cardplay.FOLLOWING`); ``legal``, the legal moves
    (the auction's, `parlour.coinche._auction.auction_moves`, or the plays of ``legal_mask``);
    ``turn``, what `current_player` answers (`turn_of`). The constructor (and ``_replace``)
    derives them by `build_state`; the transitions, which know the winning card from the
    previous state's (`winning_card_after`), call `build_state` with it.

    A tuple-backed record (`parlour.base.TupleRecord`): equal only to a `CoincheState`; its
    hash reads the fields the constructor takes.
    """

    __slots__ = ()
    _derived_fields = ("winning_card", "legal_mask", "legal", "turn")
    _hash_length = 15

    def __new__(
        cls,
        *,
        table: Table,
        phase: Phase,
        to_act: int = -1,
        dealt: tuple[int, ...] = (0, 0, 0, 0),
        hands: tuple[int, ...] = (0, 0, 0, 0),
        auction: tuple[tuple[int, Move], ...] = (),
        bid_value: int = 0,
        bid_denomination: int = -1,
        bid_seat: int = -1,
        level: int = 0,
        passes: int = 0,
        trick: tuple[int, ...] = (),
        leader: int = -1,
        won: tuple[int, int] = (0, 0),
        played: tuple[int, ...] = (),
    ) -> CoincheState:
        return build_state(
            table, phase, to_act, dealt, hands, auction, bid_value, bid_denomination, bid_seat,
            level, passes, trick, leader, won, played,
            winning_card_of(bid_denomination, trick),
        )  # fmt: skip

    @property
    def first_leader(self) -> int:
        """Who leads trick 1 (`first_leader_of`)."""
        return first_leader_of(self.table.dealer, self.bid_value, self.bid_seat)

    @property
    def tricks_played(self) -> int:
        """Tricks completed in this deal."""
        return len(self.played) // 4


_build: Callable[..., CoincheState] = record_builder(CoincheState, positional=True)


def build_state(
    table: Table, phase: Phase, to_act: int, dealt: tuple[int, ...], hands: tuple[int, ...],
    auction: tuple[tuple[int, Move], ...], bid_value: int, bid_denomination: int,
    bid_seat: int, level: int, passes: int, trick: tuple[int, ...], leader: int,
    won: tuple[int, int], played: tuple[int, ...], winning_card: int,
) -> CoincheState:  # fmt: skip
    """The state of these fields, by position in the class's order, ``winning_card`` the card
    winning ``trick`` (`winning_card_of`): the one place its other fields are derived (see
    `CoincheState`), for the constructor and for every transition."""
    if phase == _PLAY:
        legal_mask = hands[to_act]  # any card to lead
        if trick:  # else the contract's duties under the trick's trump (rules C.4)
            led = trick[0]
            options = table.options
            following = FOLLOWING[options.partner_winning][options.must_undertrump]
            partner_winning = (leader + trick.index(winning_card) - to_act) % 2 == 0
            legal_mask = following[bid_denomination](
                TRICK_TRUMPS[bid_denomination][led], legal_mask, led, winning_card, partner_winning
            )
        return _build(
            table, phase, to_act, dealt, hands, auction, bid_value, bid_denomination, bid_seat,
            level, passes, trick, leader, won, played, winning_card, legal_mask,
            _plays(legal_mask), to_act,
        )  # fmt: skip
    legal: tuple[Move, ...] = ()
    if phase == _AUCTION:
        legal = auction_moves(table.options, bid_value, bid_seat, level, to_act)
    return _build(
        table, phase, to_act, dealt, hands, auction, bid_value, bid_denomination, bid_seat,
        level, passes, trick, leader, won, played, winning_card, 0, legal,
        turn_of(phase, to_act),
    )  # fmt: skip


build_table: Callable[..., Table] = record_builder(Table)
"""A `Table` of every field by keyword (`parlour.base`)."""
