"""Burraco's events: the deal, draws (the card for its drawer only) and pickups, melds laid and
cards added (burracos completed), discards, pozzetti taken, the hand closed, each hand's score
and the match's end (see `parlour.engine`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.base import Card, IllegalMoveError, JsonRecord
from parlour.burraco._faces import FACE_CARDS
from parlour.burraco._judgement import judge
from parlour.burraco._legal import TEAM_OF
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import (
    ADD,
    DISCARD,
    DRAW_CARD,
    MELD,
    PICKUP_PILE,
    Judgement,
)
from parlour.burraco._state import BurracoState, HandResult, Phase
from parlour.engine import (
    Deal,
    Event,
    HandShown,
    MatchWon,
    Move,
    Violation,
    game_of,
    new_score_events,
    score_events,
    winners,
)

__all__ = [
    "BurracoCompleted",
    "CardsAdded",
    "Discarded",
    "Drew",
    "HandClosed",
    "HandScored",
    "HandStarted",
    "MeldLaid",
    "MeldShape",
    "PileTaken",
    "PozzettoTaken",
    "events",
]


@attrs.frozen(slots=True, kw_only=True)
class HandStarted(Event):
    """Hand ``deal`` (1-based) began: ``dealer`` dealt, ``discard`` starts the pile, ``first``
    plays first."""

    kind: ClassVar[str] = "deal_started"
    deal: int
    dealer: int
    discard: Card
    first: int


@attrs.frozen(slots=True, kw_only=True)
class Drew(Event):
    """``seat`` drew ``card`` from the stock, leaving ``stock_left``; only ``seat`` sees it."""

    kind: ClassVar[str] = "draw"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    stock_left: int
    card: Card | None

    @property
    def owner(self) -> int | None:
        return self.seat


@attrs.frozen(slots=True, kw_only=True)
class PileTaken(Event):
    """``seat`` took the whole discard pile, ``cards`` top first."""

    kind: ClassVar[str] = "pickup"
    seat: int
    size: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True, kw_only=True)
class MeldShape(JsonRecord):
    """A meld on the table as it now lies: its ``cards``, a ``set`` or a ``sequence``,
    ``clean`` (no wild card standing in), ``burraco`` (seven cards or more)."""

    cards: tuple[Card, ...]
    kind: str
    clean: bool
    burraco: bool

    @classmethod
    def of(cls, meld: TableMeld) -> MeldShape:
        """The shape of a table meld."""
        return cls(
            cards=tuple(meld.cards),
            kind="set" if meld.kind.value == "set" else "sequence",
            clean=meld.is_clean,
            burraco=meld.is_burraco,
        )


@attrs.frozen(slots=True, kw_only=True)
class MeldLaid(Event):
    """``seat`` laid ``meld``, number ``number`` of ``team``'s melds."""

    kind: ClassVar[str] = "meld"
    seat: int
    team: int
    number: int
    meld: MeldShape


@attrs.frozen(slots=True, kw_only=True)
class CardsAdded(Event):
    """``seat`` added ``added`` to its team's meld ``number``, which now lies as ``meld``."""

    kind: ClassVar[str] = "add"
    seat: int
    team: int
    number: int
    added: tuple[Card, ...]
    meld: MeldShape


@attrs.frozen(slots=True, kw_only=True)
class BurracoCompleted(Event):
    """``team``'s meld ``number`` became a burraco (``clean`` or dirty)."""

    kind: ClassVar[str] = "burraco"
    team: int
    number: int
    clean: bool


@attrs.frozen(slots=True, kw_only=True)
class Discarded(Event):
    """``seat`` discarded ``card``, ending the turn."""

    kind: ClassVar[str] = "discard"
    seat: int
    card: Card


@attrs.frozen(slots=True, kw_only=True)
class PozzettoTaken(Event):
    """``seat`` took pozzetto ``which`` (1: the top one, 2: the second) of ``size`` cards:
    ``on_discard`` (unseen until its next turn) or directly, playing on."""

    kind: ClassVar[str] = "pozzetto"
    seat: int
    which: int
    size: int
    on_discard: bool


@attrs.frozen(slots=True, kw_only=True)
class HandClosed(Event):
    """``team`` closed the hand (``seat`` went out)."""

    kind: ClassVar[str] = "closed"
    seat: int
    team: int


@attrs.frozen(slots=True, kw_only=True)
class HandScored(Event):
    """A hand ended: its score sheet and the match score after it (by team)."""

    kind: ClassVar[str] = "deal_scored"
    result: HandResult
    players: int
    match_score: tuple[int, ...]


def events(before: BurracoState, move: Move, after: BurracoState) -> tuple[Event, ...]:
    """The events of ``move``, applied to ``before`` to give ``after``: read from the judgement
    the transition recorded (``after.judged``: what the move drew, laid, added, took, closed),
    or, for a state that keeps none, from the judgement of ``move`` on ``before``."""
    players = before.table.options.players
    if isinstance(move, Deal):
        table = after.table
        found: list[Event] = [
            HandStarted(
                deal=table.hand_number,
                dealer=table.dealer,
                discard=move["discard"][0][0],
                first=after.to_act,
            )
        ]
        zones = game_of(after).card_zones(after)
        for seat in range(players):
            cards = zones[f"hand {seat}"]
            found.append(HandShown(seat=seat, reason="deal", size=len(cards), cards=cards))
        return tuple(found)
    judged = _judgement_of(before, move, after)
    seat = before.to_act
    team = TEAM_OF[players][seat]
    found = []
    kind = judged.kind
    if kind == DRAW_CARD:
        card = FACE_CARDS[judged.face]
        found.append(Drew(seat=seat, stock_left=before.stock_left - 1, card=card))
    elif kind == PICKUP_PILE:
        pile = tuple(FACE_CARDS[face] for face in before.discard)
        found.append(PileTaken(seat=seat, size=len(pile), cards=pile))
    elif kind in (MELD, ADD):
        meld = judged.meld
        assert meld is not None
        if kind == MELD:
            laid: Event = MeldLaid(
                seat=seat, team=team, number=judged.number, meld=MeldShape.of(meld)
            )
        else:
            assert judged.addition is not None
            laid = CardsAdded(
                seat=seat, team=team, number=judged.number, added=judged.addition.added,
                meld=MeldShape.of(meld),
            )  # fmt: skip
        found.append(laid)
        if judged.completes_burraco:
            found.append(BurracoCompleted(team=team, number=judged.number, clean=meld.is_clean))
    elif kind == DISCARD:
        found.append(Discarded(seat=seat, card=FACE_CARDS[judged.face]))
    in_play = after.phase is Phase.DRAW or after.phase is Phase.PLAY
    if in_play and judged.pozzetto >= 0:
        found.append(
            PozzettoTaken(
                seat=seat,
                which=judged.pozzetto + 1,
                size=len(after.pozzetti[judged.pozzetto]),
                on_discard=kind == DISCARD,
            )
        )
    found.extend(new_score_events(score_events(before), score_events(after)))
    if after.phase is Phase.DEAL_DUE or after.phase is Phase.OVER:
        result = after.table.results[-1]
        if result.closed_by is not None:
            found.append(HandClosed(seat=seat, team=result.closed_by))
        found.append(
            HandScored(result=result, players=players, match_score=after.table.match_score)
        )
    if after.phase is Phase.OVER:
        found.append(MatchWon(winners=winners(after), score=after.table.match_score))
    return tuple(found)


def _judgement_of(before: BurracoState, move: Move, after: BurracoState) -> Judgement:
    """The judgement of ``move``: the one ``after`` recorded when its transition made it from
    this move, else ``move`` judged on ``before`` (a state read from a position)."""
    judged = after.judged
    if judged is not None and (judged.move is move or judged.move == move):
        return judged
    found = judge(before, move, None)
    if isinstance(found, Violation):
        raise IllegalMoveError(found.rule, found.message, move)
    return found
