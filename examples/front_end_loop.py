"""A minimal front-end loop built only on views, events and `check`.

    python examples/front_end_loop.py

Seat 0 is "the player at the screen", played by a script; seats 1-3 play random legal moves.
The loop shows seat 0 what it may see: its view when it is to act, and every move's events as
`events_for` redacts them for seat 0 (other seats' hands never appear). The scripted player
first asks for a card the rules forbid: the loop explains why with the `check` violation and
asks again; the player then picks a legal move. One deal of Belote is played from seed 11.
"""

from __future__ import annotations

import random
from typing import Any

from parlour import (
    Event,
    Move,
    View,
    apply,
    check,
    current_player,
    events_for,
    is_over,
    new_game,
    parse_move,
    random_deal,
    score,
    view,
)

PLAYER = 0
"""The seat of the player at the screen."""


class ScriptedPlayer:
    """Stands in for a person: once, it asks for a held card it may not play; afterwards it
    picks the first legal move."""

    def __init__(self) -> None:
        self.tried_an_illegal_card = False

    def request(self, seen: View) -> str:
        """The text the player types, given what it sees."""
        legal = {str(move) for move in seen.moves}
        if not self.tried_an_illegal_card:
            forbidden = [card for card in seen.hand if f"play {card.text}" not in legal]
            if forbidden and any(text.startswith("play") for text in legal):
                self.tried_an_illegal_card = True
                return f"play {forbidden[0].text}"
        return str(seen.moves[0])


def describe(event: Event) -> str:
    """One line for an event, built from its JSON form (a front-end would draw it instead)."""
    fields = event.to_dict()
    kind = fields.pop("kind")
    shown = ", ".join(f"{name}={value}" for name, value in fields.items() if name != "result")
    return f"  [{kind}] {shown}"


def player_move(state: Any, player: ScriptedPlayer) -> Move:
    """Ask the player until it requests a legal move, explaining each refusal."""
    while True:
        seen = view(state, PLAYER)
        print(f"seat {PLAYER} holds {' '.join(card.symbol for card in seen.hand)}")
        print(f"seat {PLAYER} may play: {', '.join(seen.legal_moves)}")
        text = player.request(seen)
        print(f"seat {PLAYER} asks: {text}")
        violation = check(state, text, seat=PLAYER)
        if violation is None:
            return parse_move(state, text)
        print(f"refused: {violation.message} (rule {violation.rule}); try again")


def main() -> None:
    rng = random.Random(11)
    state = new_game("belote", options={"target": None}, seed=11)
    player = ScriptedPlayer()
    while not is_over(state):
        seat = current_player(state)
        if not isinstance(seat, int):  # a deal is due
            move: Move = random_deal(state, rng)
        elif seat == PLAYER:
            move = player_move(state, player)
        else:
            moves = view(state, seat).moves
            move = moves[rng.randrange(len(moves))]
        after = apply(state, move)
        for event in events_for(state, move, after, PLAYER):
            print(describe(event))
        state = after
    print(f"final score: {score(state)}")


if __name__ == "__main__":
    main()
