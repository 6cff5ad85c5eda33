"""Referee an Écarté deal as a game server would: apply each player's request for its seat, and
answer a refused request with the rule it breaks, leaving the game as it was.

    python examples/ecarte_referee.py

The requests are a fixed script (some of them wrong on purpose); once it runs out, the
built-in bots finish the deal. Text that does not parse is a `NotationError`; a move the rules
forbid is an `IllegalMoveError` with a stable rule id.
"""

from __future__ import annotations

import random

from parlour import (
    IllegalMoveError,
    NotationError,
    apply,
    current_player,
    deal_results,
    is_over,
    new_game,
    score,
)
from parlour.ecarte import GAME, EcarteState

REQUESTS: list[tuple[int, str]] = [
    (0, "propose"),  # the dealer may not propose
    (1, "propose"),
    (1, "accept"),  # the dealer answers, not the proposer
    (0, "accept"),
    (1, "discard 10S QS 8H KH 7C JD"),  # six cards: not even a well-formed discard
    (1, "play 10S"),  # the exchange is not complete
    (1, "discard 7D"),  # not in that hand
    (1, "discard 10S 7C"),
    (0, "discard"),  # the dealer keeps his hand
    (1, "king"),  # K♥ with hearts trumps: marked, and play begins
    (0, "king"),  # not the dealer's turn
    (1, "play KH"),
    (0, "king"),  # the dealer has no king to mark
    (0, "play 8S"),  # hearts were led and the dealer holds 9♥
    (0, "play 9H"),
]


def referee(state: EcarteState, seat: int, text: str) -> tuple[EcarteState, str]:
    """The state after ``seat``'s request (unchanged if refused) and the referee's answer."""
    try:
        return apply(state, text, seat=seat), "ok"
    except NotationError as error:
        return state, f"not understood: {error}"
    except IllegalMoveError as error:
        return state, f"refused [{error.rule}]: {error.message}"


def main() -> None:
    """Referee the scripted requests, let the bots finish, and print the deal's result."""
    state: EcarteState = new_game("ecarte", options={"target": None}, seed=3)
    for seat, text in REQUESTS:
        state, answer = referee(state, seat, text)
        print(f"seat {seat}: {text!r} -> {answer}")
    rng = random.Random(3)
    while not is_over(state):
        to_act = current_player(state)
        assert isinstance(to_act, int)
        state, answer = referee(state, to_act, str(GAME.bot_move(state, rng)))
        assert answer == "ok", answer
    (result,) = deal_results(state)
    print(f"tricks: seat 0 {result.tricks[0]}, seat 1 {result.tricks[1]} ({result.outcome})")
    print(f"score: seat 0 {score(state)[0]}, seat 1 {score(state)[1]}")


if __name__ == "__main__":
    main()
