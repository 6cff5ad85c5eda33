"""Plain-English narration of Burraco moves, for `parlour demo burraco` and front-end logs:
draws and pickups, melds and adds (with the meld as it now stands), pozzetti, discards,
closings, and each hand's score sheet."""

from __future__ import annotations

from parlour.burraco.faces import FACE_CARDS
from parlour.burraco.legal import TEAM_OF, TEAMS
from parlour.burraco.melds import Meld as TableMeld
from parlour.burraco.moves import Add, Discard, Draw, Meld, PickUp
from parlour.burraco.state import BurracoState, HandResult, Phase, TeamScore
from parlour.cards import Card
from parlour.core import Deal, Move

__all__ = ["narrate", "score_sheet"]

_ENDINGS = {
    "closing": "closes",
    "stock": "the stock is down to two cards",
    "stalemate": "no one makes progress (stalemate)",
}


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)


def _team_name(players: int, team: int) -> str:
    seats = TEAMS[players][team]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"team {team} (seats {' & '.join(str(seat) for seat in seats)})"


def _describe(meld: TableMeld) -> str:
    kind = "set" if meld.kind.value == "set" else "sequence"
    quality = "clean" if meld.is_clean else "dirty"
    burraco = f", a {quality} burraco" if meld.is_burraco else ""
    return f"{_cards(meld.cards)} ({kind}{burraco})"


def score_sheet(result: HandResult, players: int) -> list[str]:
    """The lines of one hand's score sheet: how it ended, then each team's items and total."""
    ending = _ENDINGS[result.ended_by]
    if result.closed_by is not None:
        ending = f"{_team_name(players, result.closed_by)} closes"
    lines = [f"  Hand {result.number} ends: {ending}."]
    lines.extend(_team_line(players, score) for score in result.teams)
    return lines


def _team_line(players: int, score: TeamScore) -> str:
    parts = [f"melds {score.melded}"]
    if score.clean_burracos:
        parts.append(f"{score.clean_burracos} clean burraco(s) +{200 * score.clean_burracos}")
    if score.dirty_burracos:
        parts.append(f"{score.dirty_burracos} dirty burraco(s) +{100 * score.dirty_burracos}")
    if score.closing:
        parts.append(f"closing +{score.closing}")
    if score.in_hand:
        parts.append(f"cards in hand -{score.in_hand}")
    if score.pozzetto_penalty:
        parts.append(f"no pozzetto -{score.pozzetto_penalty}")
    return f"    {_team_name(players, score.team)}: {', '.join(parts)} = {score.total}."


def narrate(before: BurracoState, move: Move, after: BurracoState) -> list[str]:
    """Lines describing ``move``, applied to ``before`` to give ``after``."""
    options = before.table.options
    players = options.players
    if isinstance(move, Deal):
        table = after.table
        return [
            f"Hand {table.hand_number}: seat {table.dealer} deals; the discard pile starts with "
            f"{move['discard'][0][0].symbol}; seat {after.to_act} plays first."
        ]
    seat = before.to_act
    lines: list[str] = []
    if isinstance(move, Draw):
        left = before.stock_left - 1
        lines.append(f"  Seat {seat} draws from the stock ({left} left).")
    elif isinstance(move, PickUp):
        pile = tuple(FACE_CARDS[face] for face in before.discard)
        lines.append(f"  Seat {seat} takes the discard pile: {_cards(pile)}.")
    elif isinstance(move, Meld):
        team = TEAM_OF[players][seat]
        lines.append(f"  Seat {seat} melds {_describe(after.melds[team][-1])}.")
    elif isinstance(move, Add):
        team = TEAM_OF[players][seat]
        meld = after.melds[team][move.number - 1]
        lines.append(
            f"  Seat {seat} adds {_cards(move.cards)} to meld {move.number}: {_describe(meld)}."
        )
    elif isinstance(move, Discard):
        lines.append(f"  Seat {seat} discards {move.card.symbol}.")
    if after.phase is Phase.DRAW or after.phase is Phase.PLAY:
        lines.extend(_pozzetto_lines(before, after, seat))
    if after.phase is Phase.DEAL_DUE or after.phase is Phase.OVER:
        lines.extend(_hand_end_lines(after))
    return lines


def _pozzetto_lines(before: BurracoState, after: BurracoState, seat: int) -> list[str]:
    if after.pozzetti_taken == before.pozzetti_taken:
        return []
    which = "top" if after.pozzetti_taken == 1 else "second"
    if after.unseen >> seat & 1:
        return [f"  Seat {seat} takes the {which} pozzetto on the discard (unseen until its turn)."]
    return [f"  Seat {seat} takes the {which} pozzetto directly and plays on."]


def _hand_end_lines(after: BurracoState) -> list[str]:
    table = after.table
    players = table.options.players
    lines = score_sheet(table.results[-1], players)
    totals = ", ".join(
        f"{_team_name(players, team)} {total}" for team, total in enumerate(table.match_score)
    )
    lines.append(f"  Match score: {totals}.")
    return lines
