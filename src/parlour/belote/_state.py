"""Belote's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed for a whole deal (the match score, the
contract, the options) lives in a `Table` shared by every state of that deal; what changes with
each card (hands, the trick) lives in `BeloteState` itself, together with what the next move
needs and would otherwise re-derive: the legal cards, who is winning the trick, whose turn it
is. Every record is built by keyword.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, NamedTuple

import attrs

from parlour.base import (
    Card,
    JsonRecord,
    Suit,
    TupleRecord,
    record_builder,
)
from parlour.belote._moves import (
    PASS,
    TAKE_TURNUP,
    TAKES,
)
from parlour.belote._options import Options
from parlour.belote._play import FOLLOWING
from parlour.belote.rules import CARD_TABLE, KING_QUEEN_OF, PLAYERS, TEAMS
from parlour.engine import (
    CHANCE,
    Chance,
    Move,
    ScoreEvent,
    StateJson,
)

__all__ = [
    "PARTNER_OF",
    "BeloteState",
    "DealResult",
    "Phase",
    "Table",
    "belote_holder_of",
    "bid_moves",
    "build_deal_result",
    "build_state",
    "build_state_by_position",
    "build_table",
    "legal_cards",
    "takes_lead",
    "trick_winner_of",
    "turn_of",
    "winning_card_of",
]


class Phase(enum.IntEnum):
    """Where a match stands."""

    DEAL_DUE = 0
    BID_ROUND_1 = 1
    BID_ROUND_2 = 2
    PLAY = 3
    OVER = 4


@attrs.frozen(slots=True, kw_only=True, weakref_slot=False)
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


@attrs.frozen(slots=True, kw_only=True, cache_hash=True, weakref_slot=False)
class Table:
    """What stays fixed during one deal: options, dealer, contract, match score, finished deals.

    ``trump``, ``taker`` and ``belote_holder`` are -1 until the contract is taken, and
    ``take_round`` (1 or 2) is 0; ``turnup`` is the turned-up card's index (-1 before the first
    deal); ``held`` is a litige's held points. The hash leaves out the finished ``deals`` (and is
    cached), so it costs the same in the first deal of a match and the fiftieth; equality
    compares them.
    """

    options: Options
    dealer: int
    deal_number: int = 0
    match_score: tuple[int, int] = (0, 0)
    held: int = 0
    deals: tuple[DealResult, ...] = attrs.field(default=(), hash=False)
    turnup: int = -1
    trump: int = -1
    taker: int = -1
    belote_holder: int = -1
    take_round: int = 0

    def __copy__(self) -> Table:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self


# An enum member read through its class costs about 0.3 µs in Python 3.11: read them once.
_DEAL_DUE = Phase.DEAL_DUE
_BID_ROUND_1 = Phase.BID_ROUND_1
_BID_ROUND_2 = Phase.BID_ROUND_2
_PLAY = Phase.PLAY
_OVER = Phase.OVER

_ROUND_2_MOVES = {
    (allow_turnup_suit, turnup_suit): (
        PASS,
        *(TAKES[suit] for suit in range(4) if allow_turnup_suit or suit != turnup_suit),
    )
    for allow_turnup_suit in (False, True)
    for turnup_suit in range(4)
}
_ROUND_1_MOVES: tuple[Move, ...] = (PASS, TAKE_TURNUP)
_TAKES_FROM = CARD_TABLE.takes_from


def bid_moves(phase: Phase, table: Table) -> tuple[Move, ...]:
    """The legal moves of a bidding round (empty outside the bidding), in the documented order:
    ``pass``, then ``take`` (first round) or the suits that may be named (second round)."""
    if phase == _BID_ROUND_1:
        return _ROUND_1_MOVES
    if phase == _BID_ROUND_2:
        turnup_suit = CARD_TABLE.suit_of[table.turnup]
        return _ROUND_2_MOVES[(table.options.round2_allows_turnup_suit, turnup_suit)]
    return ()


def _partner_of_each_seat() -> tuple[int, ...]:
    partner = [-1] * PLAYERS
    for first, second in TEAMS:
        partner[first], partner[second] = second, first
    return tuple(partner)


PARTNER_OF = _partner_of_each_seat()
"""Each seat's partner (the seat opposite)."""


def belote_holder_of(trump: int, hands: tuple[int, ...] | list[int]) -> int:
    """The seat holding both the king and the queen of ``trump`` (-1: none does)."""
    king_queen = KING_QUEEN_OF[trump]
    for seat, hand in enumerate(hands):
        if hand & king_queen == king_queen:
            return seat
    return -1


def turn_of(phase: Phase, to_act: int) -> int | Chance | None:
    """What `current_player` answers: `CHANCE` when a deal is due, ``None`` once the match is
    over, else the seat to act."""
    if phase == _DEAL_DUE:
        return CHANCE
    if phase == _OVER:
        return None
    return to_act


def takes_lead(trump: int, winning_card: int, card: int) -> bool:
    """Whether ``card`` wins the trick from ``winning_card`` (-1: ``card`` leads it) under
    ``trump``: the rule of who is winning a trick, read from `CardTable.takes_from`."""
    return winning_card < 0 or bool(_TAKES_FROM[trump][winning_card] >> card & 1)


def legal_cards(
    table: Table, hand: int, trick: tuple[int, ...], winning_card: int, partner_winning: bool
) -> int:
    """The cards of ``hand`` the seat to act may play to ``trick`` (any card to lead), by the
    options' follow duties (`FOLLOWING`)."""
    if not trick:
        return hand
    return FOLLOWING[table.options.partner_winning](
        table.trump, hand, trick[0], winning_card, partner_winning
    )


def winning_card_of(trump: int, trick: tuple[int, ...]) -> int:
    """The card winning ``trick`` (-1: none), by `takes_lead` card after card."""
    winning_card = -1
    for card in trick:
        if takes_lead(trump, winning_card, card):
            winning_card = card
    return winning_card


def trick_winner_of(leader: int, trick: tuple[int, ...], winning_card: int) -> int:
    """The seat that played ``winning_card`` to ``trick``, led by ``leader`` (-1: empty)."""
    if not trick:
        return -1
    return (leader + trick.index(winning_card)) % PLAYERS


class _BeloteStateFields(NamedTuple):
    table: Table
    phase: Phase
    to_act: int
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, int]
    rebelote_trick: int
    played: tuple[int, ...]
    winning_card: int
    trick_winner: int
    legal_mask: int
    turn: int | Chance | None


class BeloteState(TupleRecord, _BeloteStateFields, StateJson):
    """A Belote match at one moment. Compare, hash and pickle freely; never mutated.

    ``hands`` are 32-bit masks by seat; ``stock`` lists card indexes top first (only during the
    bidding); ``trick`` the cards played to the current trick, led by ``leader``; ``won`` the
    masks of cards each team has taken; ``rebelote_trick`` the trick in which belote was
    completed (0 if not yet); ``played`` the cards of this deal's finished tricks in playing
    order, four per trick, appended when a trick is complete (who played each follows from the
    first leader and each trick's winner: see `parlour.belote._history`).

    The rest follows from those fields: ``winning_card`` and ``trick_winner``, the card and
    seat winning the current trick (-1 when it is empty; `takes_lead`); ``legal_mask``, the
    cards the seat to act may play (0 outside the play; `legal_cards`); ``turn``, what
    `current_player` answers (`turn_of`). The constructor (and ``_replace``) derives them by
    those functions; the transitions, which know them from the previous state by the same
    functions, pass them to `build_state`.

    A tuple-backed record (`parlour.base.TupleRecord`): equal only to a `BeloteState`.
    ``to_dict()`` and ``BeloteState.from_dict(data)`` write and read the state's position
    (`parlour.engine`; the keys are in ``docs/belote.md``).
    """

    __slots__ = ()
    _derived_fields = ("winning_card", "trick_winner", "legal_mask", "turn")

    def __new__(
        cls,
        *,
        table: Table,
        phase: Phase,
        to_act: int = -1,
        hands: tuple[int, ...] = (0, 0, 0, 0),
        stock: tuple[int, ...] = (),
        trick: tuple[int, ...] = (),
        leader: int = -1,
        won: tuple[int, int] = (0, 0),
        rebelote_trick: int = 0,
        played: tuple[int, ...] = (),
    ) -> BeloteState:
        winning_card = winning_card_of(table.trump, trick)
        trick_winner = trick_winner_of(leader, trick, winning_card)
        legal_mask = 0
        if phase == _PLAY:
            legal_mask = legal_cards(
                table, hands[to_act], trick, winning_card, trick_winner == PARTNER_OF[to_act]
            )
        return build_state_by_position(
            table, phase, to_act, hands, stock, trick, leader, won, rebelote_trick, played,
            winning_card, trick_winner, legal_mask, turn_of(phase, to_act),
        )  # fmt: skip

    @property
    def tricks_played(self) -> int:
        """Tricks completed in this deal."""
        return (self.won[0] | self.won[1]).bit_count() // 4

    @property
    def last_trick(self) -> tuple[int, tuple[int, ...]] | None:
        """The deal's last finished trick as (leader, cards), ``None`` before the first is
        complete: its winner leads now, so its leader is found from the winning card's place."""
        if not self.played:
            return None
        cards = self.played[-PLAYERS:]
        position = CARD_TABLE.winning_index(self.table.trump, cards)
        return ((self.leader - position) % PLAYERS, cards)


build_state = record_builder(BeloteState)
"""A `BeloteState` of every field by keyword, derived ones included (the transitions know them
from the previous state): the value the constructor would build, at a third of its cost
(`parlour.base`)."""
build_state_by_position: Callable[..., BeloteState] = record_builder(BeloteState, positional=True)
"""`build_state` taking the fields by position, in the class's order (the state built on every
card played)."""
build_table = record_builder(Table)
"""A `Table` of every field by keyword (`parlour.base`)."""
build_deal_result = record_builder(DealResult)
"""A `DealResult` of every field by keyword (`parlour.base`)."""
