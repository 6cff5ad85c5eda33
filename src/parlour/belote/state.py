"""Belote's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed for a whole deal (the match score, the
contract, the options) lives in a `Table` shared by every state of that deal; what changes with
each card (hands, the trick) lives in `BeloteState` itself, together with what the next move
needs and would otherwise re-derive: the legal cards, who is winning the trick, whose turn it
is. Every record is built by keyword.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from parlour.belote.moves import PASS, TAKE_TURNUP, TAKES
from parlour.belote.options import Options
from parlour.belote.play import play_evaluator
from parlour.belote.rules import CARD_TABLE, PLAYERS, TEAMS
from parlour.cards import Card, Suit
from parlour.core import CHANCE, Chance, Move, ScoreEvent
from parlour.filling import filling_class
from parlour.positions import StateJson
from parlour.records import JsonRecord

__all__ = [
    "PARTNER_OF",
    "BeloteState",
    "DealResult",
    "Phase",
    "Table",
    "bid_moves",
    "build_deal_result",
    "build_state",
    "build_table",
    "turn_of",
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


def turn_of(phase: Phase, to_act: int) -> int | Chance | None:
    """What `current_player` answers: `CHANCE` when a deal is due, ``None`` once the match is
    over, else the seat to act."""
    if phase == _DEAL_DUE:
        return CHANCE
    if phase == _OVER:
        return None
    return to_act


@attrs.frozen(slots=True, kw_only=True, weakref_slot=False)
class BeloteState(StateJson):
    """A Belote match at one moment. Compare, hash and pickle freely; never mutated.

    ``hands`` are 32-bit masks by seat; ``stock`` lists card indexes top first (only during the
    bidding); ``trick`` the cards played to the current trick, led by ``leader``; ``won`` the
    masks of cards each team has taken; ``rebelote_trick`` the trick in which belote was
    completed (0 if not yet); ``played`` the cards of this deal's finished tricks in playing
    order, four per trick, appended when a trick is complete (who played each follows from the
    first leader and each trick's winner: see `parlour.belote.history`).

    The rest follows from those fields and is set when the state is built (it takes no part in
    equality or hashing): ``legal_mask``, the cards the seat to act may play (0 outside the
    play); ``trick_winner`` and ``winning_card``, the seat and card winning the current trick
    (-1 when it is empty); ``turn``, what `current_player` answers. The transitions build states
    with `build_state`, which sets these from what the previous state knew; the constructor (and
    `attrs.evolve`) derives them.

    ``to_dict()`` and ``BeloteState.from_dict(data)`` write and read the state's position
    (`parlour.positions`; the keys are in ``docs/belote.md``).
    """

    table: Table
    phase: Phase
    to_act: int = -1
    hands: tuple[int, ...] = (0, 0, 0, 0)
    stock: tuple[int, ...] = ()
    trick: tuple[int, ...] = ()
    leader: int = -1
    won: tuple[int, int] = (0, 0)
    rebelote_trick: int = 0
    played: tuple[int, ...] = ()
    legal_mask: int = attrs.field(init=False, eq=False, repr=False)
    trick_winner: int = attrs.field(init=False, eq=False, repr=False)
    winning_card: int = attrs.field(init=False, eq=False, repr=False)
    turn: int | Chance | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        table = self.table
        trick = self.trick
        legal_mask = 0
        winner = winning_card = -1
        if self.phase == _PLAY:
            hand = self.hands[self.to_act]
            legal_mask = hand
            if trick:
                position = CARD_TABLE.winning_index(table.trump, trick)
                winner = (self.leader + position) % PLAYERS
                winning_card = trick[position]
                legal_mask = play_evaluator(table.options).following(
                    table.trump, hand, trick[0], winning_card, winner == PARTNER_OF[self.to_act]
                )
        derived = {
            "legal_mask": legal_mask,
            "trick_winner": winner,
            "winning_card": winning_card,
            "turn": turn_of(self.phase, self.to_act),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

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

    def __copy__(self) -> BeloteState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> BeloteState:
        return self

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: the fields the constructor takes (the rest is derived again)."""
        return {name: getattr(self, name) for name in _GIVEN_FIELDS}

    def __setstate__(self, given: dict[str, Any]) -> None:
        for name in _GIVEN_FIELDS:
            object.__setattr__(self, name, given[name])
        self.__attrs_post_init__()


_GIVEN_FIELDS = tuple(field.name for field in attrs.fields(BeloteState) if field.init)


_new_object = object.__new__
FillingState = filling_class(BeloteState)
"""`BeloteState`'s twin to fill field by field, every field, before turning it into a
`BeloteState` (``__class__`` assignment; see `parlour.filling`)."""
_FillingTable = filling_class(Table)
_FillingDealResult = filling_class(DealResult)


def build_state(
    *,
    table: Table,
    phase: Phase,
    to_act: int,
    hands: tuple[int, ...],
    stock: tuple[int, ...],
    trick: tuple[int, ...],
    leader: int,
    won: tuple[int, int],
    rebelote_trick: int,
    played: tuple[int, ...],
    legal_mask: int,
    trick_winner: int,
    winning_card: int,
    turn: int | Chance | None,
) -> BeloteState:
    """A `BeloteState` with every field given, derived ones included (the transitions know them
    from the previous state): the value the constructor would build, at a third of its cost
    (see `parlour.filling`)."""
    state: Any = _new_object(FillingState)
    state.table = table
    state.phase = phase
    state.to_act = to_act
    state.hands = hands
    state.stock = stock
    state.trick = trick
    state.leader = leader
    state.won = won
    state.rebelote_trick = rebelote_trick
    state.played = played
    state.legal_mask = legal_mask
    state.trick_winner = trick_winner
    state.winning_card = winning_card
    state.turn = turn
    state.__class__ = BeloteState
    built: BeloteState = state
    return built


def build_table(
    *,
    options: Options,
    dealer: int,
    deal_number: int,
    match_score: tuple[int, int],
    held: int,
    deals: tuple[DealResult, ...],
    turnup: int = -1,
    trump: int = -1,
    taker: int = -1,
    belote_holder: int = -1,
    take_round: int = 0,
) -> Table:
    """A `Table` with these fields: the value the constructor would build, without its cost
    (see `parlour.filling`)."""
    table: Any = _new_object(_FillingTable)
    table.options = options
    table.dealer = dealer
    table.deal_number = deal_number
    table.match_score = match_score
    table.held = held
    table.deals = deals
    table.turnup = turnup
    table.trump = trump
    table.taker = taker
    table.belote_holder = belote_holder
    table.take_round = take_round
    table._attrs_cached_hash = None
    table.__class__ = Table
    built: Table = table
    return built


def build_deal_result(
    *,
    number: int,
    dealer: int,
    outcome: str,
    taker: int | None,
    trump: Suit | None,
    turnup: Card | None,
    tricks: tuple[int, int],
    card_points: tuple[int, int],
    belote_team: int | None,
    capot_team: int | None,
    points: tuple[int, int],
    held: int,
    awards: tuple[ScoreEvent, ...],
) -> DealResult:
    """A `DealResult` with every field given: the value the constructor would build, without
    its cost (see `parlour.filling`)."""
    result: Any = _new_object(_FillingDealResult)
    result.number = number
    result.dealer = dealer
    result.outcome = outcome
    result.taker = taker
    result.trump = trump
    result.turnup = turnup
    result.tricks = tricks
    result.card_points = card_points
    result.belote_team = belote_team
    result.capot_team = capot_team
    result.points = points
    result.held = held
    result.awards = awards
    result.__class__ = DealResult
    built: DealResult = result
    return built
