"""Écarté's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history beyond the cards of the current deal's tricks (what every
player has seen played). What stays fixed while the cards are played (the match score, the
turn-up, the options, the finished deals) lives in a `Table`; what the exchanges settle (the
talon, the discards, the proposals) in an `Exchange`; both are shared by every state of the
play. What changes with each card (hands, the trick, the finished tricks) lives in
`EcarteState` itself.
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
from parlour.ecarte._moves import (
    ACCEPT,
    PROPOSE,
    REFUSE,
)
from parlour.ecarte._options import Options
from parlour.ecarte._play import (
    FOLLOWING,
    discard_moves,
    king_then_plays,
    play_moves,
)
from parlour.ecarte.rules import KING_BIT, MAX_DISCARD
from parlour.engine import (
    CHANCE,
    Chance,
    Move,
    ScoreEvent,
    StateJson,
)

__all__ = [
    "PHASE_NAMES",
    "DealResult",
    "EcarteState",
    "Exchange",
    "Phase",
    "Table",
    "build_state",
    "build_state_by_position",
    "moves_of",
    "play_mask_of",
    "turn_of",
]


class Phase(enum.IntEnum):
    """Where a match stands."""

    DEAL_DUE = 0
    DECIDE = 1
    """the non-dealer proposes, or plays (by leading a card, or by marking the king); the talon
    always holds a card here (an exchange that empties it goes straight to the play)"""
    RESPOND = 2
    """the dealer accepts or refuses the proposal"""
    DISCARD_NONDEALER = 3
    DISCARD_DEALER = 4
    PLAY = 5
    OVER = 6


PHASE_NAMES: dict[Phase, str] = {
    Phase.DEAL_DUE: "deal_due",
    Phase.DECIDE: "decide",
    Phase.RESPOND: "respond",
    Phase.DISCARD_NONDEALER: "discard_nondealer",
    Phase.DISCARD_DEALER: "discard_dealer",
    Phase.PLAY: "play",
    Phase.OVER: "over",
}
"""Each phase's name in views and positions."""


@attrs.frozen(slots=True, kw_only=True)
class DealResult(JsonRecord):
    """The breakdown of one finished deal, for front-ends and logs.

    ``outcome`` is ``"point"`` (3 or 4 tricks decided it), ``"vole"`` (all five) or
    ``"stopped"`` (the match ended mid-deal when a king reached the target; no trick score).
    ``exchanges`` gives, per accepted proposal, the cards exchanged by the non-dealer and by the
    dealer; ``refused`` is the number of the refused proposal (1 = the first), if any;
    ``king`` is the seat that marked the king of trumps; ``tricks`` and ``points`` are by seat.
    """

    number: int
    dealer: int
    outcome: str
    turnup: Card
    trump: Suit
    proposals: int = 0
    exchanges: tuple[tuple[int, int], ...] = ()
    played_without_proposing: bool = False
    refused: int | None = None
    turnup_king: bool = False
    king: int | None = None
    tricks: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    awards: tuple[ScoreEvent, ...] = ()


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class Table:
    """What stays fixed while the cards of a deal are played.

    ``match_score`` counts every point won so far, this deal's kings included; ``awards`` are
    this deal's score events so far (kings); ``king`` is the seat that marked the king of
    trumps (-1: none); ``turnup`` and ``trump`` are -1 before the first deal. The finished
    ``deals`` are compared but left out of the hash, which is computed once per table: hashing
    costs the same on the first deal and the last.
    """

    options: Options
    dealer: int
    deal_number: int = 0
    match_score: tuple[int, int] = (0, 0)
    deals: tuple[DealResult, ...] = attrs.field(default=(), hash=False)
    turnup: int = -1
    trump: int = -1
    awards: tuple[ScoreEvent, ...] = ()
    king: int = -1

    @property
    def nondealer(self) -> int:
        """The seat that does not deal: it proposes and leads the first trick."""
        return 1 - self.dealer

    def __copy__(self) -> Table:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class Exchange:
    """What the proposals and exchanges of a deal have settled so far.

    ``talon`` lists card indexes top first; ``discards`` are masks by seat; ``exchanges`` gives,
    per accepted proposal, (cards exchanged by the non-dealer, by the dealer; 0 while pending or
    skipped); ``refused`` is the number of the refused proposal (0: none);
    ``played_without_proposing`` is set when the non-dealer's first decision was to play.
    """

    talon: tuple[int, ...]
    discards: tuple[int, int] = (0, 0)
    exchanges: tuple[tuple[int, int], ...] = ()
    proposals: int = 0
    refused: int = 0
    played_without_proposing: bool = False

    def __copy__(self) -> Exchange:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Exchange:
        return self


# The phases as module constants: reading ``Phase.PLAY`` goes through the enum's metaclass
# (about ten times the cost of a global), and the hot paths read them on every move.
_DEAL_DUE = Phase.DEAL_DUE
_OVER = Phase.OVER
_DECIDE = Phase.DECIDE
_RESPOND = Phase.RESPOND
_DISCARD_NONDEALER = Phase.DISCARD_NONDEALER
_DISCARD_DEALER = Phase.DISCARD_DEALER
_PLAY = Phase.PLAY

_NO_EXCHANGE = Exchange(talon=())
_RESPONSES = (ACCEPT, REFUSE)


class _EcarteStateFields(NamedTuple):
    table: Table
    phase: Phase
    to_act: int
    hands: tuple[int, int]
    exchange: Exchange
    trick: tuple[int, ...]
    won: tuple[int, int]
    finished_tricks: tuple[tuple[int, int, int], ...]
    play_mask: int
    legal: tuple[Move, ...]
    turn: int | Chance | None


class EcarteState(TupleRecord, _EcarteStateFields, StateJson):
    """An Écarté match at one moment. Compare, hash and pickle freely; never mutated (`copy.copy`
    and `copy.deepcopy` return the state itself); ``to_dict()`` and ``from_dict`` write and
    read it as a position (`parlour.engine`; the keys are in docs/ecarte.md).

    ``hands`` are 32-bit masks by seat; ``trick`` the cards played to the current trick (led by
    the seat that is not to act, if it holds a card); ``won`` the masks of the cards each seat
    has taken; ``finished_tricks`` this deal's finished tricks in playing order, each as
    (leader, card led, card played to it): with the current trick, every card of the deal played
    so far and who played it. Each is appended once, when its trick is complete.

    ``play_mask`` (the cards the seat to act may play now, 0 when it is not the time to play a
    card: `play_mask_of`), ``legal`` (its legal moves, in the documented order: `moves_of`) and
    ``turn`` (`current_player`: the seat to act, `CHANCE` when a deal is due, ``None`` once the
    match is over: `turn_of`) are derived when the state is built, by those functions (the
    constructor and ``_replace`` derive them; a pickle leaves them out).

    A tuple-backed record (`parlour.base.TupleRecord`): equal only to an `EcarteState`.
    """

    __slots__ = ()
    _derived_fields = ("play_mask", "legal", "turn")

    def __new__(
        cls,
        *,
        table: Table,
        phase: Phase,
        to_act: int = -1,
        hands: tuple[int, int] = (0, 0),
        exchange: Exchange = _NO_EXCHANGE,
        trick: tuple[int, ...] = (),
        won: tuple[int, int] = (0, 0),
        finished_tricks: tuple[tuple[int, int, int], ...] = (),
    ) -> EcarteState:
        return build_state_by_position(
            table, phase, to_act, hands, exchange, trick, won, finished_tricks
        )

    @property
    def king_window_open(self) -> bool:
        """Whether the seat to act may still mark the king of trumps: play has begun (or it is the
        non-dealer's decision) and no trick is complete, so it has not played its first card."""
        return (self.phase is _PLAY or self.phase is _DECIDE) and not (self.won[0] | self.won[1])

    @property
    def last_trick(self) -> tuple[int, ...]:
        """The last finished trick of this deal as (leader, card led, card played to it), or
        ``()`` before the first is complete."""
        tricks = self.finished_tricks
        return tricks[-1] if tricks else ()

    @property
    def tricks_played(self) -> int:
        """Tricks completed in this deal."""
        return (self.won[0] | self.won[1]).bit_count() // 2


_build: Callable[..., EcarteState] = record_builder(EcarteState, positional=True)


def build_state(
    *,
    table: Table,
    phase: Phase,
    to_act: int = -1,
    hands: tuple[int, int] = (0, 0),
    exchange: Exchange = _NO_EXCHANGE,
    trick: tuple[int, ...] = (),
    won: tuple[int, int] = (0, 0),
    finished_tricks: tuple[tuple[int, int, int], ...] = (),
) -> EcarteState:
    """The same state as `EcarteState` of these fields, its derived ones computed first by the
    same functions (`play_mask_of`, `moves_of`, `turn_of`): the transitions' constructor, built
    at a fraction of the cost of attrs' frozen ``__init__`` (see `parlour.base`)."""
    return build_state_by_position(
        table, phase, to_act, hands, exchange, trick, won, finished_tricks
    )


def build_state_by_position(
    table: Table,
    phase: Phase,
    to_act: int,
    hands: tuple[int, int],
    exchange: Exchange,
    trick: tuple[int, ...],
    won: tuple[int, int],
    finished_tricks: tuple[tuple[int, int, int], ...],
) -> EcarteState:
    """`build_state` taking every field by position, in the class's order (the state built on
    every card played)."""
    play_mask = play_mask_of_fields(table, phase, to_act, hands, trick)
    return _build(
        table, phase, to_act, hands, exchange, trick, won, finished_tricks, play_mask,
        moves_of_fields(table, phase, to_act, hands, exchange, won, play_mask),
        turn_of(phase, to_act),
    )  # fmt: skip


def turn_of(phase: Phase, to_act: int) -> int | Chance | None:
    """`current_player` in ``phase`` with ``to_act`` the seat to act."""
    return CHANCE if phase is _DEAL_DUE else None if phase is _OVER else to_act


def play_mask_of(state: EcarteState) -> int:
    """The cards the seat to act may play now (0 when it is not the time to play a card)."""
    return play_mask_of_fields(state.table, state.phase, state.to_act, state.hands, state.trick)


def play_mask_of_fields(
    table: Table, phase: Phase, to_act: int, hands: tuple[int, int], trick: tuple[int, ...]
) -> int:
    """`play_mask_of` from the fields it reads."""
    if phase is not _PLAY and phase is not _DECIDE:
        return 0
    hand = hands[to_act]
    if not trick:
        return hand
    led = trick[0]  # the one card led wins the trick so far, and no partner shares it
    return FOLLOWING[table.options.must_trump_when_void](table.trump, hand, led, led, False)


def moves_of(state: EcarteState, play_mask: int) -> tuple[Move, ...]:
    """The legal moves of the seat to act in the documented order, ``play_mask`` its cards
    that may be played (`play_mask_of`)."""
    return moves_of_fields(
        state.table, state.phase, state.to_act, state.hands, state.exchange, state.won, play_mask
    )


def moves_of_fields(
    table: Table,
    phase: Phase,
    to_act: int,
    hands: tuple[int, int],
    exchange: Exchange,
    won: tuple[int, int],
    play_mask: int,
) -> tuple[Move, ...]:
    """`moves_of` from the fields it reads."""
    if phase is _PLAY or phase is _DECIDE:
        if hands[to_act] & KING_BIT[table.trump] and table.king < 0 and not (won[0] | won[1]):
            moves: tuple[Move, ...] = king_then_plays(play_mask)
        else:
            moves = play_moves(play_mask)
        if phase is _DECIDE:
            return (PROPOSE, *moves)
        return moves
    if phase is _RESPOND:
        return _RESPONSES
    if phase is _DISCARD_NONDEALER:
        most = min(MAX_DISCARD, len(exchange.talon))
        return discard_moves(hands[to_act], 1, most)
    if phase is _DISCARD_DEALER:
        most = min(MAX_DISCARD, len(exchange.talon))
        fewest = min(table.options.dealer_min_exchange, most)
        return discard_moves(hands[to_act], fewest, most)
    return ()
