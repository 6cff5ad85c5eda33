"""Plain-English narration of Belote moves, for `parlour demo belote` and front-end logs."""

from __future__ import annotations

from parlour.belote.moves import Pass, Play, Take
from parlour.belote.rules import (
    CARD_TABLE,
    DECK,
    KING_QUEEN_OF,
    PLAYERS,
    card_index,
    cards_in,
    mask_points,
)
from parlour.belote.scoring import team_seats
from parlour.belote.state import BeloteState, DealResult, Phase
from parlour.cards import Suit
from parlour.core import Deal, Move, winners

__all__ = ["narrate"]


def _team(team: int) -> str:
    first, second = team_seats(team)
    return f"team {team} (seats {first} & {second})"


def _hand_text(mask: int) -> str:
    return " ".join(card.symbol for card in cards_in(mask))


def _deal_summary(result: DealResult) -> list[str]:
    if result.outcome == "thrown_in":
        return ["  Everyone passed twice: the deal is thrown in."]
    assert result.taker is not None
    takers = result.taker % 2
    lines = [
        f"  Card points (with the last trick): team 0 {result.card_points[0]}, "
        f"team 1 {result.card_points[1]}; tricks {result.tricks[0]}-{result.tricks[1]}."
    ]
    if result.capot_team is not None:
        lines.append(f"  Capot: {_team(result.capot_team)} took every trick.")
    if result.belote_team is not None:
        lines.append(f"  Belote-rebelote: 20 for {_team(result.belote_team)}.")
    verdict = {
        "made": "the contract is made",
        "failed": "the contract fails (dedans)",
        "litige": "an exact tie (litige): the takers' points are held over",
    }[result.outcome]
    lines.append(f"  {_team(takers)} took; {verdict}.")
    lines.append(f"  Deal score: team 0 {result.points[0]}, team 1 {result.points[1]}.")
    return lines


def narrate(before: BeloteState, move: Move, after: BeloteState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    lines: list[str] = []
    table = before.table
    if isinstance(move, Deal):
        new = after.table
        lines.append(
            f"Deal {new.deal_number}: seat {new.dealer} deals; "
            f"the turn-up is {DECK[new.turnup].symbol}."
        )
    elif isinstance(move, Pass):
        round_number = 1 if before.phase == Phase.BID_ROUND_1 else 2
        lines.append(f"  Seat {before.to_act} passes (round {round_number}).")
    elif isinstance(move, Take):
        trump = Suit(after.table.trump)
        round_number = after.table.take_round
        lines.append(
            f"  Seat {before.to_act} takes {trump.symbol} in round {round_number} "
            f"and picks up the turn-up {DECK[table.turnup].symbol}."
        )
        for seat in range(PLAYERS):
            lines.append(f"    seat {seat}: {_hand_text(after.hands[seat])}")
    elif isinstance(move, Play):
        lines.extend(_narrate_play(before, move))
    if after.phase in (Phase.DEAL_DUE, Phase.OVER) and before.phase != Phase.DEAL_DUE:
        lines.extend(_deal_summary(after.table.deals[-1]))
        first, second = after.table.match_score
        lines.append(f"  Match score: team 0 {first}, team 1 {second}.")
        if after.table.held:
            lines.append(f"  Held over (litige): {after.table.held}.")
    if after.phase == Phase.OVER:
        seats = winners(after)
        lines.append(f"Match over: {_team(seats[0] % 2)} wins.")
    return lines


def _narrate_play(before: BeloteState, move: Play) -> list[str]:
    lines: list[str] = []
    table = before.table
    seat = before.to_act
    card = card_index(move.card)
    if seat == table.belote_holder and (1 << card) & KING_QUEEN_OF[table.trump]:
        remaining = before.hands[seat] & KING_QUEEN_OF[table.trump] & ~(1 << card)
        word = "belote" if remaining else "rebelote"
        lines.append(f"  Seat {seat} plays {move.card.symbol}: {word}!")
    trick = (*before.trick, card)
    if len(trick) == PLAYERS:
        winner = (before.leader + CARD_TABLE.winning_index(table.trump, trick)) % PLAYERS
        played = ", ".join(
            f"{(before.leader + i) % PLAYERS}:{DECK[c].symbol}" for i, c in enumerate(trick)
        )
        mask = sum(1 << c for c in trick)
        number = before.tricks_played + 1
        lines.append(
            f"  Trick {number}: {played} -> seat {winner} wins "
            f"({mask_points(mask, table.trump)} points)."
        )
    return lines
