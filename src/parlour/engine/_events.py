"""Events as data: records of what a move did, for front-ends, logs and the demo's narration.

`events(before, move, after)` returns the frozen `Event` records of one move, in the order
they happened: a card played, a trick won, a bid, a meld scored, a deal scored, the match
won... Each record has a stable ``kind`` id (the table in ``docs/front-end.md``), typed fields
and a JSON-ready ``to_dict()``. Every award of points also appears as a `Scored` event (one per
`ScoreEvent` the move added), so the events of a match account for its whole score.

Some events carry cards only one seat may see (a hand dealt, a card drawn, an Écarté discard):
their class names those fields in ``hidden_fields`` and the seat that may see them in
``owner``. `Event.redacted(seat)` (and `events_for`) blanks those fields to ``None`` for every
other seat and for spectators, keeping the sizes.

Each game derives its events from the states before and after the move, in its own module
(``parlour.<game>.events``); the game object carries that function (its ``events``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import attrs

from parlour.base import (
    Card,
    Suit,
    to_json,
)
from parlour.engine._game import game_of
from parlour.engine._moves import (
    Move,
    ScoreEvent,
)

__all__ = [
    "CardPlayed",
    "DealStarted",
    "Event",
    "HandShown",
    "MatchWon",
    "Scored",
    "TrickWon",
    "added_cards",
    "events",
    "events_for",
    "new_score_events",
    "render",
]

class Event:
    """The base of every event record: a ``kind`` id, and the fields hidden from all but one seat.

    Subclasses are frozen keyword-only attrs records. ``hidden_fields`` name the fields only
    the seat ``owner`` may see (``owner`` is ``None`` when every field is public).
    """

    __slots__ = ()
    kind: ClassVar[str]
    hidden_fields: ClassVar[tuple[str, ...]] = ()

    @property
    def owner(self) -> int | None:
        """The one seat that may see ``hidden_fields`` (``None``: the event has none)."""
        return None

    def redacted(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: a spectator): hidden fields blanked to
        ``None`` unless ``seat`` is the owner; the event itself when nothing is hidden."""
        if not self.hidden_fields or seat == self.owner:
            return self
        return attrs.evolve(self, **dict.fromkeys(self.hidden_fields))  # type: ignore[misc]

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., <fields in declaration order>}``, JSON-ready (cards as their text)."""
        result: dict[str, Any] = {"kind": self.kind}
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            result[field.name] = to_json(getattr(self, field.name))
        return result


@attrs.frozen(slots=True, kw_only=True)
class DealStarted(Event):
    """A deal began: its 1-based number, the dealer, the turned-up card and trumps (if any)."""

    kind: ClassVar[str] = "deal_started"
    deal: int
    dealer: int
    turnup: Card | None = None
    trump: Suit | None = None


@attrs.frozen(slots=True, kw_only=True)
class HandShown(Event):
    """A seat's whole hand at a point of the deal (``reason``: ``deal``, ``stock_dealt``,
    ``last_stage``...); its cards only the seat itself may see."""

    kind: ClassVar[str] = "hand"
    hidden_fields: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    reason: str
    size: int
    cards: tuple[Card, ...] | None

    @property
    def owner(self) -> int | None:
        return self.seat


@attrs.frozen(slots=True, kw_only=True)
class CardPlayed(Event):
    """``seat`` played ``card`` to the current trick."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card: Card


@attrs.frozen(slots=True, kw_only=True)
class TrickWon(Event):
    """Trick ``number`` (1-based) was won by ``seat``; ``cards`` are (seat, card) in playing
    order; ``points`` its card points where the game counts them trick by trick."""

    kind: ClassVar[str] = "trick_won"
    number: int
    seat: int
    cards: tuple[tuple[int, Card], ...]
    points: int | None = None


@attrs.frozen(slots=True, kw_only=True)
class Scored(Event):
    """One award of points (the fields of its `ScoreEvent`)."""

    kind: ClassVar[str] = "scored"
    seats: tuple[int, ...]
    points: int
    reason: str
    deal: int
    trick: int | None = None

    @classmethod
    def of(cls, award: ScoreEvent) -> Scored:
        """The event of ``award``."""
        return cls(
            seats=award.seats,
            points=award.points,
            reason=award.reason,
            deal=award.deal,
            trick=award.trick,
        )


@attrs.frozen(slots=True, kw_only=True)
class MatchWon(Event):
    """The match is over: the winning seats (several on a tie) and the final match score."""

    kind: ClassVar[str] = "match_won"
    winners: tuple[int, ...]
    score: tuple[int, ...]


def events(before: Any, move: Move, after: Any) -> tuple[Event, ...]:
    """What ``move`` did when applied to ``before`` gave ``after`` (``after`` must be
    ``apply(before, move)``), as events in the order they happened; every hidden card is in
    them (see `events_for` for one seat's form). `TypeError` for states of different games.

    Raises: `TypeError` for states of different games, anything that is not a parlour state,
    or a ``move`` that is not a `Move`.

    >>> import parlour
    >>> before = parlour.new_game("belote", seed=7)
    >>> move = parlour.parse_move(before, "pass")
    >>> parlour.events(before, move, parlour.apply(before, move))
    (BidPassed(seat=1, round=1),)
    """
    game = game_of(before)
    if game_of(after) is not game:
        raise TypeError("before and after must be states of the same game")
    if not isinstance(move, Move):
        raise TypeError(f"move must be a parlour Move, not {type(move).__name__}")
    found: tuple[Event, ...] = game.events(before, move, after)
    return found


def events_for(before: Any, move: Move, after: Any, seat: int | None) -> tuple[Event, ...]:
    """The events of ``move`` as ``seat`` may see them (``None``: a spectator): no card hidden
    from that seat appears in them.

    Raises: `TypeError` as `events` does.

    >>> import parlour, random
    >>> before = parlour.new_game("ecarte")
    >>> deal = parlour.random_deal(before, random.Random(1))
    >>> after = parlour.apply(before, deal)
    >>> [event.kind for event in parlour.events_for(before, deal, after, 0)]
    ['deal_started', 'hand', 'hand']
    >>> [(event.seat, event.cards) for event in parlour.events_for(before, deal, after, 0)[1:]]
    [(1, None), (0, (Card(8S), Card(AS), Card(9H), Card(7D), Card(JC)))]
    """
    return tuple(event.redacted(seat) for event in events(before, move, after))


def new_score_events(
    before_awards: tuple[ScoreEvent, ...], after_awards: tuple[ScoreEvent, ...]
) -> tuple[Scored, ...]:
    """A `Scored` event for each award in ``after_awards`` beyond the ``before_awards``."""
    return tuple(Scored.of(award) for award in after_awards[len(before_awards) :])


def added_cards(before: Iterable[Card], after: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``after`` that ``before`` lacks (as multisets), in ``after``'s order."""
    spare = Counter(before)
    added: list[Card] = []
    for card in after:
        if spare[card]:
            spare[card] -= 1
        else:
            added.append(card)
    return tuple(added)


Template = Callable[[Any], list[str]]
"""A sentence template: the lines (maybe none) that tell one event."""


def render(found: Iterable[Event], templates: Mapping[str, Template]) -> list[str]:
    """The narration of ``found``: each event told by the template of its kind (an event whose
    kind has no template is silent)."""
    lines: list[str] = []
    for event in found:
        template = templates.get(event.kind)
        if template is not None:
            lines.extend(template(event))
    return lines
