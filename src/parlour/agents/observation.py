"""What a seat sees of another seat's move: the key of a search tree's edge.

Most moves are public: everyone sees the card played, the bid, the meld laid. A few hide their
content from the other seats, and a search that kept them apart would branch on information its
seat does not have. `PRIVATE_MOVES` lists those, by move type, with what the others do see.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from parlour.core import Move
from parlour.ecarte.moves import Discard as EcarteDiscard

__all__ = ["PRIVATE_MOVES", "observed_move"]


def _discard_size(move: Move) -> Hashable:
    assert isinstance(move, EcarteDiscard)
    return ("discard", len(move.cards))


PRIVATE_MOVES: dict[type[Move], Callable[[Move], Hashable]] = {
    EcarteDiscard: _discard_size,  # Écarté: the other player sees how many cards, not which
}
"""For each move type whose content only its mover sees, what every other seat sees of it."""


def observed_move(move: Move, mover: int, observer: int) -> Hashable:
    """What ``observer`` sees of ``move`` made by ``mover``: the move itself, or for a private
    move of another seat only its public part (see `PRIVATE_MOVES`)."""
    if mover == observer:
        return move
    redact = PRIVATE_MOVES.get(type(move))
    return move if redact is None else redact(move)
