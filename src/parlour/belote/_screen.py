"""Belote's screen for a seat (`parlour.engine.SupportsScreen`, read by ``parlour play``): the
turn-up and the bids while the bidding lasts, then the contract (who took, in which trump), the
trick and the last trick, belote-rebelote, the tricks and the card points each team has won so
far, and litige points held over; all from the seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.belote._view import BeloteView
from parlour.belote.rules import CARD_TABLE, PLAYERS, card_index, card_points
from parlour.engine import CardStyle, Event, Zone, seat_name
from parlour.tricks import last_trick_text, trick_zones

__all__ = ["card_points_won", "last_play", "screen"]

_BIDDING = {"bidding_round_1": 1, "bidding_round_2": 2}
_ROUND_DUTY = {
    1: "round 1: take it in its suit, or pass",
    2: "round 2: take another suit, or pass",
}


def card_points_won(view: BeloteView) -> tuple[int, int]:
    """The card points of the tricks each team has won this deal so far (the last trick's 10
    counts only at the end of the deal), read from the view's ``played`` cards."""
    won = [0, 0]
    if view.trump is None:
        return (0, 0)
    trump = int(view.trump)
    played = view.played
    complete = len(played) - len(view.trick)
    for start in range(0, complete, PLAYERS):
        trick = played[start : start + PLAYERS]
        indexes = [card_index(card) for _, card in trick]
        winner = trick[CARD_TABLE.winning_index(trump, indexes)][0]
        team = next(number for number, seats in enumerate(view.teams) if winner in seats)
        won[team] += sum(card_points(index, trump) for index in indexes)
    return (won[0], won[1])


def _team_name(team: Sequence[int], viewer: int | None) -> str:
    if viewer in team:
        return "your team"
    return "seats " + " and ".join(str(seat) for seat in team)


def screen(view: BeloteView, events: Sequence[Event], style: CardStyle) -> tuple[Zone, ...]:
    """The zones of ``view`` in Belote's words (``events``: unused, the view says it all)."""
    seat, teams = view.seat, view.teams
    zones = [Zone(label="Deal", text=f"{view.deal_number}, dealt by "
                                     f"{seat_name(view.dealer, seat, teams)}")]  # fmt: skip
    round_number = _BIDDING.get(view.phase)
    if round_number is not None and view.turnup is not None:
        zones.append(Zone(label="Turn-up", text=f"{style.card(view.turnup)} "
                                                f"({_ROUND_DUTY[round_number]})"))  # fmt: skip
        rounds = [view.bids[:PLAYERS], view.bids[PLAYERS:]]
        said = [
            f"round {number}: "
            + ", ".join(f"{seat_name(bidder, seat, teams)} {bid}" for bidder, bid in bids)
            for number, bids in enumerate(rounds, start=1)
            if bids
        ]
        zones.append(Zone(label="Bids", text="; ".join(said) or "none yet"))
    if view.taker is not None and view.trump is not None:
        team = next(team for team in teams if view.taker in team)
        zones.append(Zone(
            label="Contract",
            text=f"{seat_name(view.taker, seat, teams)} took, {style.suit(view.trump)} trumps "
                 f"({_team_name(team, seat)} must make more card points)",
        ))  # fmt: skip
    if view.phase == "play":
        zones.extend(trick_zones(view.trick, view.last_trick, view.to_act, seat, teams, style))
        if view.belote_announced is not None:
            zones.append(Zone(label="Belote",
                              text=f"{seat_name(view.belote_announced, seat, teams)} "
                                   "announced belote-rebelote (20)"))  # fmt: skip
        points = card_points_won(view)
        zones.append(Zone(label="Won so far", text="; ".join(
            f"{_team_name(team, seat)} {tricks} trick{'' if tricks == 1 else 's'}, "
            f"{card} card points"
            for team, tricks, card in zip(teams, view.tricks_won, points, strict=True)
        )))  # fmt: skip
    if view.held:
        zones.append(Zone(label="Litige", text=f"{view.held} points held over to the next deal"))
    return tuple(zones)


def last_play(view: BeloteView, style: CardStyle) -> tuple[str, ...]:
    """The last trick of the deal, as the view shows it."""
    if not view.last_trick:
        return ()
    text = last_trick_text(
        view.trick, view.last_trick, view.to_act, view.seat, view.teams, style
    )
    return (f"Last trick: {text}",)
