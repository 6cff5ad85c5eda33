"""The seating of a game whose number of players, teams and deal layout never change with its
options (Belote, Bezique, Écarté): one base class instead of the same four methods per game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from parlour.core import DealField
from parlour.options import build_options
from parlour.seating import Teams

__all__ = ["FixedSeats"]

_PLAIN_TYPES = (type(None), bool, int, str)
_MOST_CACHED_OPTIONS = 256
_BUILT_OPTIONS: dict[tuple[type[Any], tuple[tuple[str, type[Any], Any], ...]], Any] = {}
"""Options records already built, by options type and `_plain_key` of the mapping given."""


def _plain_key(given: object) -> tuple[tuple[str, type[Any], Any], ...] | None:
    """The (name, value type, value) of each item of a small dict of plain values, in order;
    ``None`` for anything else (which is then built and checked as usual). The types are part
    of the key, since ``True == 1`` and ``hash(True) == hash(1)``."""
    if type(given) is not dict or len(given) > 16:
        return None
    key = tuple((name, type(value), value) for name, value in given.items())
    for name, value_type, value in key:
        if type(name) is not str or value_type not in _PLAIN_TYPES:
            return None
        if value_type is int and value.bit_length() > 64:
            return None
    return key


class FixedSeats:
    """Seats, teams and the deal's fields read from class constants, whatever the options."""

    players: ClassVar[int]
    fixed_teams: ClassVar[Teams]
    fixed_deal_fields: ClassVar[tuple[DealField, ...]]
    options_type: type[Any]

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The one number of players the game is played with."""
        return (self.players,)

    def make_options(self, given: Mapping[str, Any] | Any | None) -> Any:
        """The game's ``Options`` built from a mapping (or returned as given); `OptionsError` on
        an unknown name or a bad value.

        A mapping of plain values (``None``, bools, ints, strings) that was built before gives
        the same record again without checking it anew: records are immutable, and the check
        of a mapping depends only on its names, values and their types.
        """
        key = _plain_key(given)
        if key is None:
            return build_options(self.options_type, given)
        cache_key = (self.options_type, key)
        built = _BUILT_OPTIONS.get(cache_key)
        if built is None:
            built = build_options(self.options_type, given)
            if len(_BUILT_OPTIONS) < _MOST_CACHED_OPTIONS:
                _BUILT_OPTIONS[cache_key] = built
        return built

    def player_count(self, options: Any) -> int:
        """The number of seats (the same for every match)."""
        return self.players

    def teams(self, options: Any) -> Teams:
        """The teams (the same for every match)."""
        return self.fixed_teams

    def deal_fields(self, options: Any) -> tuple[DealField, ...]:
        """The deal's fields (the same for every match)."""
        return self.fixed_deal_fields
