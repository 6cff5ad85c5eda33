"""Action encodings for learning agents: one fixed map between moves and integer ids per game,
a legal-action mask, and an observation vector built only from `parlour.view`.

``encoding_for("belote")`` (or ``encoding_for(state)``) gives the game's `Encoding`. Belote and
Bezique encode every move as one id (`FlatEncoding`: ``encode``/``decode`` work on one int);
Écarté's discards and Burraco's melds and additions are sequences of sub-actions
(`SubActionEncoding`: ``encode`` gives a tuple of ids). Every encoding also offers the shared
sequence interface that the OpenSpiel and PettingZoo adapters use: `Encoding.actions`,
`Encoding.legal_actions` and `Encoding.legal_mask` after a prefix, `Encoding.complete`, and
`Encoding.observation`. The layouts are documented in each game's encoding module (the
game object carries its encoding) and in ``docs/encodings.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.encoding._machinery import (
    SUIT_LETTERS,
    Block,
    Encoding,
    EncodingError,
    FlatEncoding,
    SubActionEncoding,
    card_counts,
    cards_observer,
    one_hot,
    phase_block,
    play_sequence_block,
    relative,
    seat_observer,
    suit_observer,
    trick_blocks,
    turnup_observer,
    two_seat_observer,
)
from parlour.engine import (
    game_names,
    game_of,
    games,
    get_game,
)

__all__ = [
    "SUIT_LETTERS",
    "Block",
    "Encoding",
    "EncodingError",
    "FlatEncoding",
    "SubActionEncoding",
    "card_counts",
    "cards_observer",
    "encoding_for",
    "one_hot",
    "phase_block",
    "play_sequence_block",
    "relative",
    "seat_observer",
    "suit_observer",
    "trick_blocks",
    "turnup_observer",
    "two_seat_observer",
]



def encoding_for(game: str | Any) -> Encoding:
    """The encoding of the game named ``game``, or of the game ``game`` is a state of (each
    game object carries its own); `EncodingError` for a name with no encoding."""
    if isinstance(game, str):
        name = game
        encoding: Encoding | None = get_game(name).encoding if name in game_names() else None
    else:
        found = game_of(game)
        name, encoding = found.name, found.encoding
    if encoding is None:
        known = ", ".join(each.name for each in games() if each.encoding is not None)
        raise EncodingError(f"no action encoding for {name!r}; there is one for {known}")
    return encoding
