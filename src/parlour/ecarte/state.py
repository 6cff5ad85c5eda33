"""Écarté's state records: immutable, flat, built from small ints, tuples and frozen records.

A state keeps no move history. What stays fixed while the cards are played (the match score,
the turn-up, the options, the finished deals) lives in a `Table`; what the exchanges settle
(the talon, the discards, the proposals) in an `Exchange`; both are shared by every state of
the play. What changes with each card (hands, the trick) lives in `EcarteState` itself.
"""

from __future__ import annotations

import enum
import functools

import attrs

from parlour.cards import Card, Suit
from parlour.core import Move, ScoreEvent
from parlour.ecarte.moves import ACCEPT, PROPOSE, REFUSE
from parlour.ecarte.options import Options
from parlour.ecarte.play import discard_moves, king_then_plays, play_evaluator, play_moves
from parlour.ecarte.rules import KING_BIT, MAX_DISCARD
from parlour.records import JsonRecord

__all__ = ["DealResult", "EcarteState", "Exchange", "Phase", "Table"]


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


@attrs.frozen(slots=True)
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


@attrs.frozen(slots=True)
class Table:
    """What stays fixed while the cards of a deal are played.

    ``match_score`` counts every point won so far, this deal's kings included; ``awards`` are
    this deal's score events so far (kings); ``king`` is the seat that marked the king of
    trumps (-1: none); ``turnup`` and ``trump`` are -1 before the first deal.
    """

    options: Options
    dealer: int
    deal_number: int = 0
    match_score: tuple[int, int] = (0, 0)
    deals: tuple[DealResult, ...] = ()
    turnup: int = -1
    trump: int = -1
    awards: tuple[ScoreEvent, ...] = ()
    king: int = -1

    @property
    def nondealer(self) -> int:
        """The seat that does not deal: it proposes and leads the first trick."""
        return 1 - self.dealer


@attrs.frozen(slots=True)
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


_NO_EXCHANGE = Exchange(())
_RESPONSES = (ACCEPT, REFUSE)


@attrs.frozen(slots=True)
class EcarteState:
    """An Écarté match at one moment. Compare, hash and pickle freely; never mutated.

    ``hands`` are 32-bit masks by seat; ``trick`` the cards played to the current trick (led by
    the seat that is not to act, if it holds a card); ``won`` the masks of the cards each seat
    has taken; ``last_trick`` the previous trick as (leader, card, card), or ``()``.
    """

    table: Table
    phase: Phase
    to_act: int = -1
    hands: tuple[int, int] = (0, 0)
    exchange: Exchange = _NO_EXCHANGE
    trick: tuple[int, ...] = ()
    won: tuple[int, int] = (0, 0)
    last_trick: tuple[int, ...] = ()

    @functools.cached_property
    def play_mask(self) -> int:
        """The cards the seat to act may play now (0 when it is not the time to play a card)."""
        phase = self.phase
        if phase is not Phase.PLAY and phase is not Phase.DECIDE:
            return 0
        hand = self.hands[self.to_act]
        trick = self.trick
        if not trick:
            return hand
        table = self.table
        return play_evaluator(table.options).allowed(table.trump, hand, trick)

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves of the seat to act, in the documented order (computed once)."""
        phase = self.phase
        table = self.table
        if phase is Phase.PLAY or phase is Phase.DECIDE:
            allowed = self.play_mask
            hand = self.hands[self.to_act]
            if self.king_window_open and hand & KING_BIT[table.trump] and table.king < 0:
                moves: tuple[Move, ...] = king_then_plays(allowed)
            else:
                moves = play_moves(allowed)
            if phase is Phase.DECIDE:
                return (PROPOSE, *moves)
            return moves
        if phase is Phase.RESPOND:
            return _RESPONSES
        if phase is Phase.DISCARD_NONDEALER:
            most = min(MAX_DISCARD, len(self.exchange.talon))
            return discard_moves(self.hands[self.to_act], 1, most)
        if phase is Phase.DISCARD_DEALER:
            most = min(MAX_DISCARD, len(self.exchange.talon))
            fewest = min(table.options.dealer_min_exchange, most)
            return discard_moves(self.hands[self.to_act], fewest, most)
        return ()

    @property
    def king_window_open(self) -> bool:
        """Whether the seat to act may still mark the king of trumps: play has begun (or it is the
        non-dealer's decision) and no trick is complete, so it has not played its first card."""
        return (self.phase is Phase.PLAY or self.phase is Phase.DECIDE) and not (
            self.won[0] | self.won[1]
        )

    @property
    def tricks_played(self) -> int:
        """Tricks completed in this deal."""
        return (self.won[0] | self.won[1]).bit_count() // 2
