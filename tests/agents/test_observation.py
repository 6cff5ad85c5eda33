"""What a seat sees of a move: another player's Écarté discard shows only its size."""

from __future__ import annotations

import parlour
from parlour.agents._ismcts import observed_move


def _move(text: str) -> parlour.Move:
    state = parlour.new_game("ecarte", seed=1)
    return parlour.parse_move(state, text)


def test_another_seats_discard_shows_its_size_only() -> None:
    two, other_two = _move("discard 7S 8S"), _move("discard 9H KD")
    three = _move("discard 7S 8S 9S")
    assert observed_move(two, 1, 0) == observed_move(other_two, 1, 0)
    assert observed_move(two, 1, 0) != observed_move(three, 1, 0)


def test_own_moves_and_public_moves_are_seen_whole() -> None:
    two, other_two = _move("discard 7S 8S"), _move("discard 9H KD")
    assert observed_move(two, 0, 0) == two
    assert observed_move(two, 0, 0) != observed_move(other_two, 0, 0)
    play = _move("play KH")
    assert observed_move(play, 1, 0) == play
