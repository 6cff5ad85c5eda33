"""Plain-English narration of Écarté moves, for `parlour demo ecarte` and front-end logs."""

from __future__ import annotations

from parlour.cards import Rank
from parlour.core import Deal, Move, winners
from parlour.ecarte.moves import Accept, Discard, MarkKing, Play, Propose, Refuse
from parlour.ecarte.rules import CARD_TABLE, DECK, KING_BIT, card_index, cards_in
from parlour.ecarte.state import DealResult, EcarteState, Phase

__all__ = ["narrate"]

_REASONS = {
    "ecarte.turnup_king": "the turn-up king",
    "ecarte.king": "the king of trumps",
    "ecarte.point": "the point",
    "ecarte.vole": "the vole",
    "ecarte.penalty": "the point, doubled",
}


def _hand_text(mask: int) -> str:
    return " ".join(card.symbol for card in cards_in(mask))


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _deal_summary(result: DealResult) -> list[str]:
    if result.outcome == "stopped":
        return ["  The target is reached: the rest of the deal is not played."]
    lines = [f"  Tricks: seat 0 {result.tricks[0]}, seat 1 {result.tricks[1]}."]
    trick_award = result.awards[-1]
    why = _REASONS[trick_award.reason]
    if trick_award.reason == "ecarte.penalty":
        if result.played_without_proposing:
            why += " (the non-dealer played without proposing)"
        else:
            why += f" (the dealer refused proposal {result.refused})"
    lines.append(f"  Seat {trick_award.seats[0]} scores {trick_award.points} for {why}.")
    return lines


def narrate(before: EcarteState, move: Move, after: EcarteState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    lines: list[str] = []
    seat = before.to_act
    if isinstance(move, Deal):
        dealer = before.table.dealer
        turnup = move["turnup"][0][0]
        assert turnup.suit is not None
        lines.append(
            f"Deal {before.table.deal_number + 1}: seat {dealer} deals; the turn-up is "
            f"{turnup.symbol}, trumps are {turnup.suit.symbol}."
        )
        if after.phase is not Phase.OVER:
            for hand_seat in (1 - dealer, dealer):
                lines.append(f"    seat {hand_seat}: {_hand_text(after.hands[hand_seat])}")
        if turnup.rank is Rank.KING:
            lines.append(f"  The turn-up is the king: seat {dealer} scores 1.")
    elif isinstance(move, Propose):
        lines.append(f"  Seat {seat} proposes an exchange.")
    elif isinstance(move, Accept):
        lines.append(f"  Seat {seat} accepts.")
    elif isinstance(move, Refuse):
        lines.append(f"  Seat {seat} refuses: play begins.")
    elif isinstance(move, Discard):
        count = len(move.cards)
        if count == 0:
            lines.append(f"  Seat {seat} keeps his hand.")
        else:
            left = len(after.exchange.talon) if after.phase is not Phase.OVER else 0
            lines.append(
                f"  Seat {seat} discards {_cards(count)} and draws {count} "
                f"({left} left in the talon)."
            )
        if after.phase is Phase.PLAY and not after.exchange.talon:
            lines.append("  The talon is empty: play begins.")
    elif isinstance(move, MarkKing):
        if before.phase is Phase.DECIDE:
            lines.append(_decision_to_play(before))
        king = DECK[KING_BIT[before.table.trump].bit_length() - 1]
        lines.append(f"  Seat {seat} marks the king of trumps {king.symbol}: 1 point.")
    elif isinstance(move, Play):
        lines.extend(_narrate_play(before, move, after))
    for result in after.table.deals[len(before.table.deals) :]:
        lines.extend(_deal_summary(result))
        first, second = after.table.match_score
        lines.append(f"  Match score: seat 0 {first}, seat 1 {second}.")
    if after.phase is Phase.OVER:
        seats = winners(after)
        if len(seats) == 1:
            lines.append(f"Match over: seat {seats[0]} wins.")
        else:
            lines.append("Match over: a tie between seats 0 and 1.")
    return lines


def _decision_to_play(before: EcarteState) -> str:
    if before.exchange.proposals:
        return f"  Seat {before.to_act} is content: play begins."
    return f"  Seat {before.to_act} plays without proposing."


def _narrate_play(before: EcarteState, move: Play, after: EcarteState) -> list[str]:
    lines: list[str] = []
    table = before.table
    seat = before.to_act
    card = card_index(move.card)
    if before.phase is Phase.DECIDE:
        lines.append(_decision_to_play(before))
    if not before.trick:
        marked = after.table.king if after.phase is not Phase.OVER else after.table.deals[-1].king
        if table.king < 0 and marked == seat:
            lines.append(f"  Seat {seat} leads the king of trumps {move.card.symbol}: 1 point.")
        return lines
    led = before.trick[0]
    leader = 1 - seat
    winner_position = CARD_TABLE.winning_index(table.trump, (led, card))
    winner = leader if winner_position == 0 else seat
    number = before.tricks_played + 1
    lines.append(
        f"  Trick {number}: {leader}:{DECK[led].symbol}, {seat}:{move.card.symbol} "
        f"-> seat {winner} wins."
    )
    return lines
