"""Burraco's events: the deal, draws (the card for its drawer only) and pickups, melds laid and
cards added (burracos completed), discards, pozzetti taken, the hand closed, each hand's score
and the match's end (see `parlour.events`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from parlour.burraco._faces import FACE_CARDS
from parlour.burraco._legal import TEAM_OF
from parlour.burraco._melds import Meld as TableMeld
from parlour.burraco._moves import Add, Discard, Draw, Meld, PickUp
from parlour.burraco._state import BurracoState, HandResult, Phase
from parlour.cards import Card
from parlour.core import Deal, Move, game_of, score_events, winners
from parlour.events import Event, HandShown, MatchWon, added_cards, new_score_events
from parlour.records import JsonRecord

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
    """The events of ``move``, applied to ``before`` to give ``after``."""
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
    seat = before.to_act
    team = TEAM_OF[players][seat]
    found = []
    if isinstance(move, Draw):
        hand = f"hand {seat}"
        drawn = added_cards(
            game_of(before).card_zones(before)[hand], game_of(after).card_zones(after)[hand]
        )
        found.append(
            Drew(seat=seat, stock_left=before.stock_left - 1, card=drawn[0] if drawn else None)
        )
    elif isinstance(move, PickUp):
        pile = tuple(FACE_CARDS[face] for face in before.discard)
        found.append(PileTaken(seat=seat, size=len(pile), cards=pile))
    elif isinstance(move, Meld):
        number = len(after.melds[team])
        found.append(
            MeldLaid(seat=seat, team=team, number=number, meld=MeldShape.of(after.melds[team][-1]))
        )
        found.extend(_burracos(before, after, team))
    elif isinstance(move, Add):
        meld = after.melds[team][move.number - 1]
        found.append(
            CardsAdded(
                seat=seat,
                team=team,
                number=move.number,
                added=tuple(move.cards),
                meld=MeldShape.of(meld),
            )
        )
        found.extend(_burracos(before, after, team))
    elif isinstance(move, Discard):
        found.append(Discarded(seat=seat, card=move.card))
    in_play = after.phase is Phase.DRAW or after.phase is Phase.PLAY
    if in_play and after.pozzetti_taken != before.pozzetti_taken:
        found.append(
            PozzettoTaken(
                seat=seat,
                which=after.pozzetti_taken,
                size=len(after.pozzetti[after.pozzetti_taken - 1]),
                on_discard=bool(after.unseen >> seat & 1),
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


def _burracos(before: BurracoState, after: BurracoState, team: int) -> list[Event]:
    """A `BurracoCompleted` for each of ``team``'s melds that became a burraco."""
    old = before.melds[team]
    found: list[Event] = []
    for index, meld in enumerate(after.melds[team]):
        was = index < len(old) and old[index].is_burraco
        if meld.is_burraco and not was:
            found.append(BurracoCompleted(team=team, number=index + 1, clean=meld.is_clean))
    return found
