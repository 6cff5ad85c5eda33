"""Action encodings for learning agents: one fixed map between moves and integer ids per game,
a legal-action mask, and an observation vector built only from `parlour.view`.

``encoding_for("belote")`` (or ``encoding_for(state)``) gives the game's `Encoding`. Belote and
Bezique encode every move as one id (`FlatEncoding`: ``encode``/``decode`` work on one int);
Écarté's discards and Burraco's melds and additions are sequences of sub-actions
(`SubActionEncoding`: ``encode`` gives a tuple of ids). Every encoding also offers the shared
sequence interface that the OpenSpiel and PettingZoo adapters use: `Encoding.actions`,
`Encoding.legal_actions` and `Encoding.legal_mask` after a prefix, `Encoding.complete`, and
`Encoding.observation`. The layouts are documented in each game's module and in
``docs/encodings.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.core import game_of
from parlour.encoding.base import Encoding, EncodingError, FlatEncoding, SubActionEncoding
from parlour.encoding.belote import BELOTE
from parlour.encoding.bezique import BEZIQUE
from parlour.encoding.burraco import BURRACO
from parlour.encoding.ecarte import ECARTE

__all__ = [
    "ENCODINGS",
    "Encoding",
    "EncodingError",
    "FlatEncoding",
    "SubActionEncoding",
    "encoding_for",
]

ENCODINGS: dict[str, Encoding] = {
    encoding.game: encoding for encoding in (BELOTE, BEZIQUE, ECARTE, BURRACO)
}
"""Every game's encoding by game name."""


def encoding_for(game: str | Any) -> Encoding:
    """The encoding of the game named ``game``, or of the game ``game`` is a state of;
    `EncodingError` for a name with no encoding."""
    name = game if isinstance(game, str) else game_of(game).name
    try:
        return ENCODINGS[name]
    except KeyError:
        known = ", ".join(ENCODINGS)
        raise EncodingError(f"no action encoding for {name!r}; there is one for {known}") from None
