"""The seating of a game whose number of players, teams and deal layout never change with its
options (Belote, Bezique, Écarté): one base class instead of the same four methods per game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from parlour.core import DealField
from parlour.options import build_options
from parlour.seating import Teams

__all__ = ["FixedSeats"]


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
        an unknown name or a bad value."""
        return build_options(self.options_type, given)

    def player_count(self, options: Any) -> int:
        """The number of seats (the same for every match)."""
        return self.players

    def teams(self, options: Any) -> Teams:
        """The teams (the same for every match)."""
        return self.fixed_teams

    def deal_fields(self, options: Any) -> tuple[DealField, ...]:
        """The deal's fields (the same for every match)."""
        return self.fixed_deal_fields
