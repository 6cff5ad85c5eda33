"""Écarté's events: the deal, the proposals and their answers, the discards (their cards for the
discarder only), the king marked, the cards played and tricks won, the deal's score and the
match's end (see `parlour.engine`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.base import (
    Card,
    sort_cards,
)
from parlour.ecarte._moves import (
    Accept,
    Discard,
    MarkKing,
    Play,
    Propose,
    Refuse,
)
from parlour.ecarte._state import (
    DealResult,
    EcarteState,
    Phase,
)
from parlour.ecarte.rules import DECK, KING_BIT, ScoreReasons, cards_in
from parlour.engine import (
    CardPlayed,
    Deal,
    DealStarted,
    Event,
    HandShown,
    MatchWon,
    Move,
    ScoreEvent,
    ScoreReason,
    TrickWon,
    added_cards,
    game_of,
    new_score_events,
    score_events,
    winners,
)

__all__ = [
    "Answered",
    "DealScored",
    "Discarded",
    "KingMarked",
    "PlayBegins",
    "Proposed",
    "TalonEmptied",
    "events",
]


@attrs.frozen(slots=True, kw_only=True)
class Proposed(Event):
    """The non-dealer ``seat`` proposed an exchange of cards."""

    kind: ClassVar[str] = "propose"
    seat: int


@attrs.frozen(slots=True, kw_only=True)
class Answered(Event):
    """The dealer ``seat`` answered a proposal: ``accepted`` or refused (play begins)."""

    kind: ClassVar[str] = "answer"
    seat: int
    accepted: bool


@attrs.frozen(slots=True, kw_only=True)
class Discarded(Event):
    """``seat`` discarded ``size`` cards and drew as many from the talon (``talon_left`` remain);
    which cards went and came (``drawn``: in canonical card order) only ``seat`` may see.
    Size 0: the dealer kept his hand."""

    kind: ClassVar[str] = "discard"
    hidden_fields: ClassVar[tuple[str, ...]] = ("cards", "drawn")
    seat: int
    size: int
    talon_left: int
    cards: tuple[Card, ...] | None
    drawn: tuple[Card, ...] | None

    @property
    def owner(self) -> int | None:
        return self.seat


@attrs.frozen(slots=True, kw_only=True)
class TalonEmptied(Event):
    """The talon ran out during the exchange: play begins."""

    kind: ClassVar[str] = "talon_empty"


@attrs.frozen(slots=True, kw_only=True)
class PlayBegins(Event):
    """The non-dealer ``seat`` starts the play: content after ``proposals`` proposals, or without
    proposing at all (0)."""

    kind: ClassVar[str] = "play_begins"
    seat: int
    proposals: int


@attrs.frozen(slots=True, kw_only=True)
class KingMarked(Event):
    """The king of trumps ``card`` was marked for ``seat`` (1 point): ``how`` is ``turnup`` (the
    dealer turned it up), ``marked`` (announced) or ``led`` (announced as it was led)."""

    kind: ClassVar[str] = "king_marked"
    seat: int
    card: Card
    how: str


@attrs.frozen(slots=True, kw_only=True)
class DealScored(Event):
    """A deal ended: its breakdown and the match score after it."""

    kind: ClassVar[str] = "deal_scored"
    result: DealResult
    match_score: tuple[int, int]


def events(before: EcarteState, move: Move, after: EcarteState) -> tuple[Event, ...]:
    """The events of ``move``, applied to ``before`` to give ``after``."""
    seat = before.to_act
    before_awards, after_awards = score_events(before), score_events(after)
    awards = after_awards[len(before_awards) :]
    found: list[Event] = []
    if isinstance(move, Deal):
        found.extend(_deal_events(before, move, after, awards))
    elif isinstance(move, Propose):
        found.append(Proposed(seat=seat))
    elif isinstance(move, (Accept, Refuse)):
        found.append(Answered(seat=seat, accepted=isinstance(move, Accept)))
    elif isinstance(move, Discard):
        found.extend(_discard_events(before, move, after))
    elif isinstance(move, MarkKing):
        if before.phase is Phase.DECIDE:
            found.append(PlayBegins(seat=seat, proposals=before.exchange.proposals))
        king = DECK[KING_BIT[before.table.trump].bit_length() - 1]
        found.append(KingMarked(seat=seat, card=king, how="marked"))
    elif isinstance(move, Play):
        found.extend(_play_events(before, move, after, awards))
    found.extend(new_score_events(before_awards, after_awards))
    for result in after.table.deals[len(before.table.deals) :]:
        found.append(DealScored(result=result, match_score=after.table.match_score))
    if after.phase is Phase.OVER:
        found.append(MatchWon(winners=winners(after), score=after.table.match_score))
    return tuple(found)


def _scored_for(awards: tuple[ScoreEvent, ...], reason: ScoreReason) -> bool:
    """Whether the move's ``awards`` score ``reason`` (what the transition decided)."""
    return any(award.reason == reason.id for award in awards)


def _deal_events(
    before: EcarteState, move: Deal, after: EcarteState, awards: tuple[ScoreEvent, ...]
) -> list[Event]:
    dealer = before.table.dealer
    turnup = move["turnup"][0][0]
    found: list[Event] = [
        DealStarted(
            deal=before.table.deal_number + 1, dealer=dealer, turnup=turnup, trump=turnup.suit
        )
    ]
    if after.phase is not Phase.OVER:
        for seat in (1 - dealer, dealer):
            cards = cards_in(after.hands[seat])
            found.append(HandShown(seat=seat, reason="deal", size=len(cards), cards=cards))
    if _scored_for(awards, ScoreReasons.TURNUP_KING):
        found.append(KingMarked(seat=dealer, card=turnup, how="turnup"))
    return found


def _discard_events(before: EcarteState, move: Discard, after: EcarteState) -> list[Event]:
    seat = before.to_act
    over = after.phase is Phase.OVER
    hand = f"hand {seat}"
    drawn = (
        ()
        if over
        else added_cards(
            game_of(before).card_zones(before)[hand], game_of(after).card_zones(after)[hand]
        )
    )
    found: list[Event] = [
        Discarded(
            seat=seat,
            size=len(move.cards),
            talon_left=0 if over else len(after.exchange.talon),
            cards=tuple(move.cards),
            drawn=sort_cards(drawn),
        )
    ]
    if after.phase is Phase.PLAY and not after.exchange.talon:
        found.append(TalonEmptied())
    return found


def _play_events(
    before: EcarteState, move: Play, after: EcarteState, awards: tuple[ScoreEvent, ...]
) -> list[Event]:
    seat = before.to_act
    found: list[Event] = []
    if before.phase is Phase.DECIDE:
        found.append(PlayBegins(seat=seat, proposals=before.exchange.proposals))
    found.append(CardPlayed(seat=seat, card=move.card))
    if not before.trick:
        if _scored_for(awards, ScoreReasons.KING):  # the king led to trick 1 marks it
            found.append(KingMarked(seat=seat, card=move.card, how="led"))
        return found
    leader = 1 - seat
    found.append(
        TrickWon(
            number=before.tricks_played + 1,
            seat=_trick_winner(before, after),
            cards=((leader, DECK[before.trick[0]]), (seat, move.card)),
        )
    )
    return found


def _trick_winner(before: EcarteState, after: EcarteState) -> int:
    """The seat the transition gave the trick just completed: the one it made lead next, or,
    when it was the deal's last, the one whose tricks the deal's result counts one more of than
    ``before`` had won."""
    finished = after.table.deals[len(before.table.deals) :]
    if not finished:
        return after.to_act
    tricks = finished[0].tricks
    return 0 if tricks[0] > before.won[0].bit_count() // 2 else 1
