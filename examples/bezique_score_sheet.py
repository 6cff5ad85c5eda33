"""Play one Bezique deal between the built-in bots and print its score sheet.

    python examples/bezique_score_sheet.py [SEED]

A front-end's score sheet comes straight from the deal's breakdown (`deal_results`): every
meld and seven of trumps with the trick it was declared after, then the last trick and the
brisques. The same seed always prints the same deal.
"""

from __future__ import annotations

import random
import sys

from parlour import apply, deal_results, is_chance, is_over, new_game, random_deal
from parlour.bezique import GAME, BeziqueState, DealResult

NAMES = {
    "seven_turnup": "seven of trumps turned up",
    "seven_exchange": "seven of trumps exchanged",
    "seven_show": "seven of trumps shown",
    "seven_play": "seven of trumps played",
}


def play_one_deal(seed: int) -> DealResult:
    """Deal from ``Random(seed)`` and let the bots play the deal out."""
    rng = random.Random(seed)
    state: BeziqueState = new_game("bezique", options={"target": None})
    while not is_over(state):
        move = random_deal(state, rng) if is_chance(state) else GAME.bot_move(state, rng)
        state = apply(state, move)
    (result,) = deal_results(state)
    assert isinstance(result, DealResult)
    return result


def row(seat: int, when: str, what: str, cards: str, points: int) -> str:
    """One line of the sheet, in columns."""
    return f"  seat {seat}  {when:12} {what:26} {cards:15} {points:4}"


def score_sheet(seed: int, result: DealResult) -> list[str]:
    """The lines of the sheet: one per declaration, the last trick, the brisques, the totals."""
    lines = [f"Bezique, seed {seed}: {result.trump.symbol} trumps, turn-up {result.turnup.symbol}"]
    for declaration in result.declarations:
        name = NAMES.get(declaration.name, declaration.name.replace("_", " "))
        cards = " ".join(card.symbol for card in declaration.cards)
        when = "the deal" if declaration.trick is None else f"trick {declaration.trick}"
        lines.append(row(declaration.seat, when, name, cards, declaration.points))
    if result.last_trick_seat is not None:
        lines.append(row(result.last_trick_seat, "trick 32", "last trick", "", 10))
    for seat in (0, 1):
        lines.append(row(seat, "end", "brisques", "", result.brisques[seat]))
    lines.append(f"deal points: seat 0 {result.points[0]}, seat 1 {result.points[1]}")
    return lines


def main(seed: int) -> None:
    """Play the deal for ``seed`` and print its sheet."""
    for line in score_sheet(seed, play_one_deal(seed)):
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
