"""Plain-English narration of Bezique moves, for `parlour demo bezique` and front-end logs: the
move's events (`parlour.bezique._events`) told by one table of sentence templates.

The narration is a commentator's: it shows both hands at the deal and at the start of the last
stage. Each trick is one line, told when its second card is played; draws are silent except for
the stock's count every eight tricks and the end of the stock.
"""

from __future__ import annotations

from parlour.bezique._events import (
    DealScored,
    Drew,
    LastCardsDrawn,
    MeldDeclared,
    SevenExchanged,
    TrickStopped,
    TrickWonWithNotes,
    events,
)
from parlour.bezique._state import BeziqueState
from parlour.bezique.rules import MELD_BY_NAME, ScoreReasons
from parlour.engine import (
    DealStarted,
    HandShown,
    MatchWon,
    Move,
    Scored,
    Template,
    render,
)

__all__ = ["SENTENCES", "narrate"]

_STOCK_REPORT_EVERY = 8
"""Report the stock's size after every this many tricks of the first stage."""
_AWARD_SENTENCES = {
    ScoreReasons.SEVEN_TURNUP.id: "  Seat {seat} scores 10 for turning up the seven of trumps.",
    ScoreReasons.LAST_TRICK.id: "  Seat {seat} scores 10 for the last trick.",
}
"""Award reason → its sentence (the other awards are told with their move)."""


def _seven_notes(sevens: tuple[int, ...]) -> list[str]:
    return [f"seat {seat} scores 10 for the seven of trumps" for seat in sevens]


def _deal_started(event: DealStarted) -> list[str]:
    assert event.turnup is not None and event.trump is not None
    return [
        f"Deal {event.deal}: seat {event.dealer} deals; the turn-up is "
        f"{event.turnup.symbol}, {event.trump.symbol} are trumps."
    ]


def _hand(event: HandShown) -> list[str]:
    if event.cards is None:
        return []
    return [f"    seat {event.seat}: {' '.join(card.symbol for card in event.cards) or '-'}"]


def _trick(event: TrickWonWithNotes) -> list[str]:
    (leader, led), (follower, card) = event.cards
    notes = _seven_notes(event.sevens)
    if event.points:
        notes.append(f"brisques {event.points}")
    extra = f" ({'; '.join(notes)})" if notes else ""
    return [
        f"  Trick {event.number}: seat {leader} leads {led.symbol}, seat {follower} plays "
        f"{card.symbol} — seat {event.seat} wins{extra}."
    ]


def _trick_stopped(event: TrickStopped) -> list[str]:
    notes = "; ".join(_seven_notes(event.sevens))
    return [f"  Trick {event.number}: seat {event.seat} leads {event.card.symbol}; {notes}."]


def _meld(event: MeldDeclared) -> list[str]:
    name = "a meld" if event.name is None else MELD_BY_NAME[event.name].declared_as
    shown = " ".join(card.symbol for card in event.cards)
    return [f"  Seat {event.seat} declares {name} {shown}: {event.points}."]


def _exchange(event: SevenExchanged) -> list[str]:
    scored = ": 10." if event.points else " (no points)."
    return [
        f"  Seat {event.seat} exchanges {event.seven.symbol} for the turn-up "
        f"{event.turnup.symbol}{scored}"
    ]


def _draw(event: Drew) -> list[str]:
    if event.order == 2 and event.trick % _STOCK_REPORT_EVERY == 0:
        return [f"  Stock: {event.stock_left} cards left."]
    return []


def _last_draw(event: LastCardsDrawn) -> list[str]:
    shown = f" and shows it: {event.card.symbol}" if event.shown and event.card else ""
    return [
        f"  Seat {event.seat} takes the last stock card{shown}; seat {event.other} takes the "
        f"turn-up {event.turnup.symbol}."
    ]


def _scored(event: Scored) -> list[str]:
    sentence = _AWARD_SENTENCES.get(event.reason)
    return [] if sentence is None else [sentence.format(seat=event.seats[0])]


def _deal_scored(event: DealScored) -> list[str]:
    result = event.result
    first, second = event.match_score
    return [
        f"  End of deal {result.number}: tricks {result.tricks[0]}-{result.tricks[1]}; "
        f"brisques: seat 0 {result.brisques[0]}, seat 1 {result.brisques[1]}.",
        f"  Deal points: seat 0 {result.points[0]}, seat 1 {result.points[1]}.",
        f"  Match score: seat 0 {first}, seat 1 {second}.",
    ]


def _match_won(event: MatchWon) -> list[str]:
    first, second = event.score
    if first == second:
        return [f"Match over: a tie at {first}; nobody wins outright."]
    return [f"Match over: seat {event.winners[0]} wins, {max(event.score)} to {min(event.score)}."]


SENTENCES: dict[str, Template] = {
    "deal_started": _deal_started,
    "hand": _hand,
    "trick_won": _trick,
    "trick_stopped": _trick_stopped,
    "meld": _meld,
    "seven_exchanged": _exchange,
    "seven_shown": lambda event: [
        f"  Seat {event.seat} shows {event.seven.symbol}, the seven of trumps: 10."
    ],
    "draw": _draw,
    "last_draw": _last_draw,
    "last_stage": lambda event: [
        "  The last stage: melds go back into the hands; follow suit and win if you can."
    ],
    "scored": _scored,
    "deal_stopped": lambda event: [
        f"  Seat {event.seat} reaches {event.target}: the deal stops there."
    ],
    "deal_scored": _deal_scored,
    "match_won": _match_won,
}
"""Event kind → its sentences (kinds absent here, such as ``card_played``, are silent)."""


def narrate(before: BeziqueState, move: Move, after: BeziqueState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    return render(events(before, move, after), SENTENCES)
