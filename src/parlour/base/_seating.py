"""Seats and teams: who plays with whom, for every game.

Seats are numbered 0..n-1 in playing order. With four players the partners sit opposite (seats
0 and 2 against 1 and 3); with two or three players each seat is its own team. A team is a tuple
of seats; a match's teams are listed in order of their lowest seat.
"""

from __future__ import annotations

__all__ = ["Teams", "partnership_teams", "same_team_at_offset", "team_of_seat"]

Teams = tuple[tuple[int, ...], ...]
"""A match's teams: each a tuple of seats, listed by lowest seat."""

_PARTNERSHIPS: dict[int, Teams] = {
    2: ((0,), (1,)),
    4: ((0, 2), (1, 3)),
}
"""The teams of a partnership game by number of players (partners opposite)."""


def partnership_teams(players: int) -> Teams:
    """The teams of ``players`` seats in a partnership game: partners opposite with four players,
    each seat alone otherwise."""
    teams = _PARTNERSHIPS.get(players)
    if teams is None:
        return tuple((seat,) for seat in range(players))
    return teams


def team_of_seat(teams: Teams) -> tuple[int, ...]:
    """The index of each seat's team, indexed by seat."""
    seats = sorted(seat for team in teams for seat in team)
    owner = [0] * len(seats)
    for index, team in enumerate(teams):
        for seat in team:
            owner[seat] = index
    return tuple(owner)


def same_team_at_offset(teams: Teams) -> tuple[bool, ...]:
    """For each offset ``d`` (0..n-1), whether seat ``s`` and seat ``s + d`` (mod n) are always
    team-mates; the trick evaluator reads it to know whether the winning card is a partner's.

    Raises ValueError for teams that are not the same from every seat (no game has such teams).
    """
    owner = team_of_seat(teams)
    players = len(owner)
    offsets = []
    for offset in range(players):
        together = {owner[seat] == owner[(seat + offset) % players] for seat in range(players)}
        if len(together) != 1:
            raise ValueError(f"the teams {teams} are not the same from every seat")
        offsets.append(together.pop())
    return tuple(offsets)
