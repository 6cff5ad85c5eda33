"""Plain-English narration of Bezique moves, for `parlour demo bezique` and front-end logs.

The narration is a commentator's: it shows both hands at the deal and at the start of the last
stage. Each trick is one line, told when its second card is played; draws are silent except for
the stock's count every eight tricks and the end of the stock.
"""

from __future__ import annotations

from parlour.bezique.moves import Draw, Exchange, Meld, Play, Show
from parlour.bezique.rules import (
    DECK,
    MELD_BY_NAME,
    PLAYERS,
    RANK_ORDERS,
    cards_in,
    face_index,
)
from parlour.bezique.state import BeziqueState, DealResult, Phase
from parlour.cards import Card, Rank, Suit, sort_cards
from parlour.core import Deal, Move, ScoreEvent

__all__ = ["narrate"]

_MELD_WORDS = {
    "common_marriage": "a marriage",
    "royal_marriage": "a royal marriage",
    "sequence": "the sequence",
    "bezique": "bezique",
    "double_bezique": "double bezique",
    "four_aces": "four aces",
    "four_kings": "four kings",
    "four_queens": "four queens",
    "four_jacks": "four jacks",
}
_STOCK_REPORT_EVERY = 8
"""Report the stock's size after every this many tricks of the first stage."""


def _cards_text(cards: tuple[Card, ...], rank_order: str) -> str:
    """Cards with suit symbols, highest rank first (as players name melds: K♦ Q♦)."""
    order = RANK_ORDERS[rank_order]
    ranked = sorted(cards, key=lambda card: (order.index(card.rank), card.sort_key))
    return " ".join(card.symbol for card in ranked)


def _hand_text(mask: int) -> str:
    return " ".join(card.symbol for card in cards_in(mask)) or "-"


def _new_awards(before: BeziqueState, after: BeziqueState) -> tuple[ScoreEvent, ...]:
    """The awards ``move`` made, whether or not it also ended the deal."""
    finished = after.table.deals[len(before.table.deals) :]
    awards = finished[0].awards if finished else after.awards
    return awards[len(before.awards) :]


def narrate(before: BeziqueState, move: Move, after: BeziqueState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    awards = _new_awards(before, after)
    lines: list[str] = []
    if isinstance(move, Deal):
        lines.extend(_narrate_deal(before, move, awards))
    elif isinstance(move, Play):
        lines.extend(_narrate_play(before, move, after, awards))
    elif isinstance(move, Meld):
        kind = MELD_BY_NAME[awards[0].reason.removeprefix("bezique.")] if awards else None
        shown = _cards_text(move.cards, before.table.options.rank_order)
        name = _MELD_WORDS[kind.name] if kind is not None else "a meld"
        points = kind.points if kind is not None else 0
        lines.append(f"  Seat {before.to_act} declares {name} {shown}: {points}.")
    elif isinstance(move, Exchange):
        seven = Card.of(Rank.SEVEN, Suit(before.table.trump)).symbol
        turnup = DECK[before.turnup].symbol
        scored = any(award.reason == "bezique.seven_exchange" for award in awards)
        lines.append(
            f"  Seat {before.to_act} exchanges {seven} for the turn-up {turnup}"
            + (": 10." if scored else " (no points).")
        )
    elif isinstance(move, Show):
        trump_seven = Card.of(Rank.SEVEN, Suit(before.table.trump))
        lines.append(f"  Seat {before.to_act} shows {trump_seven.symbol}, the seven of trumps: 10.")
    elif isinstance(move, Draw):
        lines.extend(_narrate_draw(before, after))
    for award in awards:
        if award.reason == "bezique.last_trick":
            lines.append(f"  Seat {award.seats[0]} scores 10 for the last trick.")
    finished = after.table.deals[len(before.table.deals) :]
    if finished:
        lines.extend(_deal_summary(finished[0], after))
    if after.phase == Phase.OVER and before.phase != Phase.OVER:
        lines.append(_match_over(after))
    return lines


def _narrate_deal(before: BeziqueState, move: Deal, awards: tuple[ScoreEvent, ...]) -> list[str]:
    """The dealer, the turn-up and trumps, both hands, and the dealer's 10 for a turned-up
    seven. Told from the move itself: a seven that reaches the target ends the match at once."""
    table = before.table
    turnup = move["turnup"][0][0]
    assert turnup.suit is not None
    lines = [
        f"Deal {table.deal_number + 1}: seat {table.dealer} deals; the turn-up is "
        f"{turnup.symbol}, {turnup.suit.symbol} are trumps."
    ]
    for seat, hand in enumerate(move["hands"]):
        lines.append(f"    seat {seat}: {' '.join(card.symbol for card in sort_cards(hand))}")
    if any(award.reason == "bezique.seven_turnup" for award in awards):
        lines.append(f"  Seat {table.dealer} scores 10 for turning up the seven of trumps.")
    return lines


def _narrate_play(
    before: BeziqueState, move: Play, after: BeziqueState, awards: tuple[ScoreEvent, ...]
) -> list[str]:
    """A lead is told with its trick, in one line, when the second card is played (or at once
    if its seven of trumps ends the match)."""
    number = before.tricks + 1
    sevens = [
        *(d.seat for d in before.declarations if d.name == "seven_play" and d.trick == number),
        *(award.seats[0] for award in awards if award.reason == "bezique.seven_play"),
    ]
    notes = [f"seat {seat} scores 10 for the seven of trumps" for seat in sevens]
    if not before.trick:
        if len(after.table.deals) == len(before.table.deals):
            return []
        return [f"  Trick {number}: seat {before.to_act} leads {move.card.symbol}; "
                + "; ".join(notes) + "."]  # fmt: skip
    table = before.table
    leader = before.leader
    follower = 1 - leader
    led = DECK[before.trick[0]]
    # Either copy of the face gives the same winner: of identical cards the leader's wins.
    trick = (before.trick[0], face_index(move.card))
    winner = leader if table.card_table.winning_index(table.trump, trick) == 0 else follower
    brisques = sum(
        award.points
        for award in awards
        if award.reason == "bezique.brisques" and award.trick is not None
    )
    if brisques:
        notes.append(f"brisques {brisques}")
    extra = f" ({'; '.join(notes)})" if notes else ""
    return [
        f"  Trick {number}: seat {leader} leads {led.symbol}, seat {follower} plays "
        f"{move.card.symbol} — seat {winner} wins{extra}."
    ]


def _narrate_draw(before: BeziqueState, after: BeziqueState) -> list[str]:
    if after.phase == Phase.LAST_STAGE:
        winner = before.to_act
        last = DECK[before.table.stock[before.drawn]].symbol
        shown = f" and shows it: {last}" if before.table.options.reveal_last_stock_card else ""
        lines = [
            f"  Seat {winner} takes the last stock card{shown}; seat {1 - winner} takes the "
            f"turn-up {DECK[before.turnup].symbol}.",
            "  The last stage: melds go back into the hands; follow suit and win if you can.",
        ]
        lines.extend(f"    seat {seat}: {_hand_text(after.hands[seat])}" for seat in range(PLAYERS))
        return lines
    if after.phase == Phase.PLAY and after.tricks % _STOCK_REPORT_EVERY == 0:
        return [f"  Stock: {len(after.table.stock) - after.drawn} cards left."]
    return []


def _deal_summary(result: DealResult, after: BeziqueState) -> list[str]:
    lines = []
    if result.outcome == "stopped":
        target = after.table.options.target
        leader = max(range(PLAYERS), key=lambda seat: after.scores[seat])
        lines.append(f"  Seat {leader} reaches {target}: the deal stops there.")
    lines.append(
        f"  End of deal {result.number}: tricks {result.tricks[0]}-{result.tricks[1]}; "
        f"brisques: seat 0 {result.brisques[0]}, seat 1 {result.brisques[1]}."
    )
    lines.append(f"  Deal points: seat 0 {result.points[0]}, seat 1 {result.points[1]}.")
    lines.append(f"  Match score: seat 0 {after.scores[0]}, seat 1 {after.scores[1]}.")
    return lines


def _match_over(after: BeziqueState) -> str:
    first, second = after.scores
    if first == second:
        return f"Match over: a tie at {first}; nobody wins outright."
    winner = 0 if first > second else 1
    return f"Match over: seat {winner} wins, {max(first, second)} to {min(first, second)}."
