"""Bezique's events: the deal, the cards played and tricks won, the melds and sevens scored, the
draws (each card for its drawer only), the last stage, the deal's score and the match's end
(see `parlour.engine`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.base import (
    Card,
    Rank,
    Suit,
    sort_cards,
)
from parlour.bezique._moves import (
    Draw,
    Exchange,
    Meld,
    Play,
    Show,
)
from parlour.bezique._state import (
    BeziqueState,
    DealResult,
    Phase,
)
from parlour.bezique.rules import (
    DECK,
    MELD_BY_REASON,
    PLAYERS,
    RANK_ORDERS,
    ScoreReasons,
    cards_in,
)
from parlour.engine import (
    CardPlayed,
    Deal,
    DealStarted,
    Event,
    HandShown,
    MatchWon,
    Move,
    ScoreEvent,
    TrickWon,
    added_cards,
    game_of,
    new_score_events,
    score_events,
    winners,
)

__all__ = [
    "DealScored",
    "DealStopped",
    "Drew",
    "LastCardsDrawn",
    "LastStageBegins",
    "MeldDeclared",
    "SevenExchanged",
    "SevenShown",
    "TrickStopped",
    "TrickWonWithNotes",
    "events",
]


@attrs.frozen(slots=True, kw_only=True)
class TrickWonWithNotes(TrickWon):
    """A Bezique trick won: ``points`` are the brisques it scored at once (0 when they count
    at the end), ``sevens`` the seats that scored 10 for the seven of trumps in it."""

    sevens: tuple[int, ...] = ()


@attrs.frozen(slots=True, kw_only=True)
class TrickStopped(Event):
    """Trick ``number`` ended the match as it was led: ``seat`` led ``card`` and the points of
    its seven of trumps (``sevens``: who scored them) reached the target."""

    kind: ClassVar[str] = "trick_stopped"
    number: int
    seat: int
    card: Card
    sevens: tuple[int, ...]


@attrs.frozen(slots=True, kw_only=True)
class MeldDeclared(Event):
    """``seat`` declared the meld ``name`` (a `MELD_TABLE` name) of ``cards`` for ``points``."""

    kind: ClassVar[str] = "meld"
    seat: int
    name: str | None
    cards: tuple[Card, ...]
    points: int


@attrs.frozen(slots=True, kw_only=True)
class SevenExchanged(Event):
    """``seat`` exchanged the seven of trumps for the turn-up, scoring ``points`` (10 or 0)."""

    kind: ClassVar[str] = "seven_exchanged"
    seat: int
    seven: Card
    turnup: Card
    points: int


@attrs.frozen(slots=True, kw_only=True)
class SevenShown(Event):
    """``seat`` showed the seven of trumps (it stays in the hand) for 10."""

    kind: ClassVar[str] = "seven_shown"
    seat: int
    seven: Card


@attrs.frozen(slots=True, kw_only=True)
class Drew(Event):
    """``seat`` drew ``card`` from the stock, ``order`` 1 (the trick's winner) or 2, after trick
    ``trick``, leaving ``stock_left``; only ``seat`` may see the card."""

    kind: ClassVar[str] = "draw"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    order: int
    trick: int
    stock_left: int
    card: Card | None

    @property
    def owner(self) -> int | None:
        return self.seat


@attrs.frozen(slots=True, kw_only=True)
class LastCardsDrawn(Event):
    """``seat`` took the last stock card (shown to all when ``shown``) and ``other`` took the
    turn-up."""

    kind: ClassVar[str] = "last_draw"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    card: Card | None
    shown: bool
    other: int
    turnup: Card

    @property
    def owner(self) -> int | None:
        return self.seat

    def redacted(self, seat: int | None) -> Event:
        """The event itself when the card was shown, else the base redaction."""
        return self if self.shown else Event.redacted(self, seat)


@attrs.frozen(slots=True, kw_only=True)
class LastStageBegins(Event):
    """The stock is exhausted: melds go back into the hands; follow suit and win if you can."""

    kind: ClassVar[str] = "last_stage"


@attrs.frozen(slots=True, kw_only=True)
class DealStopped(Event):
    """``seat`` reached the ``target``: the deal stops there."""

    kind: ClassVar[str] = "deal_stopped"
    seat: int
    target: int | None


@attrs.frozen(slots=True, kw_only=True)
class DealScored(Event):
    """A deal ended: its breakdown and the match score after it."""

    kind: ClassVar[str] = "deal_scored"
    result: DealResult
    match_score: tuple[int, int]


def _new_awards(before: BeziqueState, after: BeziqueState) -> tuple[ScoreEvent, ...]:
    """The awards the move made, whether or not it also ended the deal."""
    finished = after.table.deals[len(before.table.deals) :]
    awards = finished[0].awards if finished else after.awards
    return awards[len(before.awards) :]


def events(before: BeziqueState, move: Move, after: BeziqueState) -> tuple[Event, ...]:
    """The events of ``move``, applied to ``before`` to give ``after``."""
    awards = _new_awards(before, after)
    seat = before.to_act
    found: list[Event] = []
    if isinstance(move, Deal):
        found.extend(_deal_events(before, move))
    elif isinstance(move, Play):
        found.extend(_play_events(before, move, after, awards))
    elif isinstance(move, Meld):
        kind = MELD_BY_REASON[awards[0].reason] if awards else None
        order = RANK_ORDERS[before.table.options.rank_order]
        shown = sorted(move.cards, key=lambda card: (order.index(card.rank), card.sort_key))
        found.append(
            MeldDeclared(
                seat=seat,
                name=None if kind is None else kind.name,
                cards=tuple(shown),
                points=0 if kind is None else kind.points,
            )
        )
    elif isinstance(move, Exchange):
        found.append(
            SevenExchanged(
                seat=seat,
                seven=Card.of(Rank.SEVEN, Suit(before.table.trump)),
                turnup=DECK[before.turnup],
                points=sum(a.points for a in awards if a.reason == ScoreReasons.SEVEN_EXCHANGE.id),
            )
        )
    elif isinstance(move, Show):
        found.append(SevenShown(seat=seat, seven=Card.of(Rank.SEVEN, Suit(before.table.trump))))
    elif isinstance(move, Draw):
        found.extend(_draw_events(before, after))
    found.extend(new_score_events(score_events(before), score_events(after)))
    finished = after.table.deals[len(before.table.deals) :]
    if finished:
        if finished[0].outcome == "stopped":
            # The deal stops on the award that reached the target: its last.
            reached = finished[0].awards[-1].seats[0]
            found.append(DealStopped(seat=reached, target=after.table.options.target))
        found.append(DealScored(result=finished[0], match_score=after.scores))
    if after.phase == Phase.OVER and before.phase != Phase.OVER:
        found.append(MatchWon(winners=winners(after), score=after.scores))
    return tuple(found)


def _deal_events(before: BeziqueState, move: Deal) -> list[Event]:
    table = before.table
    turnup = move["turnup"][0][0]
    found: list[Event] = [
        DealStarted(
            deal=table.deal_number + 1, dealer=table.dealer, turnup=turnup, trump=turnup.suit
        )
    ]
    for seat, hand in enumerate(move["hands"]):
        found.append(HandShown(seat=seat, reason="deal", size=len(hand), cards=sort_cards(hand)))
    return found


def _play_events(
    before: BeziqueState, move: Play, after: BeziqueState, awards: tuple[ScoreEvent, ...]
) -> list[Event]:
    number = before.tricks + 1
    sevens = (
        *(
            d.seat
            for d in before.declarations
            if d.name == ScoreReasons.SEVEN_PLAY.name and d.trick == number
        ),
        *(award.seats[0] for award in awards if award.reason == ScoreReasons.SEVEN_PLAY.id),
    )
    found: list[Event] = [CardPlayed(seat=before.to_act, card=move.card)]
    if not before.trick:
        if len(after.table.deals) != len(before.table.deals):
            found.append(
                TrickStopped(number=number, seat=before.to_act, card=move.card, sevens=sevens)
            )
        return found
    leader = before.leader
    follower = 1 - leader
    brisques = sum(
        award.points
        for award in awards
        if award.reason == ScoreReasons.BRISQUES.id and award.trick is not None
    )
    found.append(
        TrickWonWithNotes(
            number=number,
            seat=_trick_winner(before, after),
            cards=((leader, DECK[before.trick[0]]), (follower, move.card)),
            points=brisques,
            sevens=sevens,
        )
    )
    return found


def _trick_winner(before: BeziqueState, after: BeziqueState) -> int:
    """The seat the transition gave the trick just completed: the one it made lead next, or, when
    the trick's awards ended the deal, the one whose tricks the deal's result counts one more
    of than ``before`` had won."""
    finished = after.table.deals[len(before.table.deals) :]
    if not finished:
        return after.leader
    tricks = finished[0].tricks
    return 0 if tricks[0] > before.won[0].bit_count() // 2 else 1


def _draw_events(before: BeziqueState, after: BeziqueState) -> list[Event]:
    winner = before.to_act
    if after.phase == Phase.LAST_STAGE:
        found: list[Event] = [
            LastCardsDrawn(
                seat=winner,
                card=DECK[before.table.stock[before.drawn]],
                shown=before.table.options.reveal_last_stock_card,
                other=1 - winner,
                turnup=DECK[before.turnup],
            ),
            LastStageBegins(),
        ]
        for seat in range(PLAYERS):
            cards = cards_in(after.hands[seat])
            found.append(HandShown(seat=seat, reason="last_stage", size=len(cards), cards=cards))
        return found
    zones_before = game_of(before).card_zones(before)
    zones_after = game_of(after).card_zones(after)
    stock_left = len(zones_before["stock"])
    found = []
    for order, seat in enumerate((winner, 1 - winner), start=1):
        drawn = added_cards(zones_before[f"hand {seat}"], zones_after[f"hand {seat}"])
        stock_left -= len(drawn)
        for card in drawn:
            found.append(
                Drew(seat=seat, order=order, trick=after.tricks, stock_left=stock_left, card=card)
            )
    return found
