"""Whose turn it is: the checks every game makes first, and the seating of games whose seats
never change.

The checks:

The checks every game makes before its own rules: is the match over, is a deal due, whose
turn it is, and whether a deal move lays out the game's deck.

A game's ``check`` starts with `turn_violation`; the ids it returns are the shared ones of
DESIGN.md (``turn.*``, ``deal.*``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from parlour.base import Card, Teams, build_options, describe
from parlour.engine._moves import (
    Deal,
    DealField,
    Move,
    Violation,
)
from parlour.engine._notation import deal_violation

__all__ = [
    "FixedSeats",
    "move_words",
    "turn_violation",
]


def move_words(move: object) -> str:
    """How a message names ``move``: a `Move` by its text, any other value (given where a move
    was due: a huge int, a deep list, an object whose ``repr`` fails) through the one safe
    describer, `parlour.base.describe`."""
    return str(move) if isinstance(move, Move) else describe(move)



def turn_violation(
    move: Move,
    seat: int | None,
    *,
    over: bool,
    deal_due: bool,
    to_act: int,
    deal_fields: Sequence[DealField],
    deck: Sequence[Card],
) -> Violation | None:
    """The shared verdict on ``move`` (by ``seat``, if given) before the game's own rules.

    For a `Deal` the verdict is complete: ``None`` means the deal is legal. For any other move
    ``None`` means only that it is this seat's turn to play in a deal under way; the game then
    applies its own rules.
    """
    if over:
        return Violation("turn.match_over", "the match is over: no more moves")
    if isinstance(move, Deal):
        if not deal_due:
            return Violation("turn.no_deal_due", "no deal is due: the cards are in play")
        if seat is not None:
            return Violation("turn.not_your_turn", f"the deal is a chance move, not seat {seat}'s")
        return deal_violation(move, deal_fields, deck)
    if deal_due:
        return Violation("turn.deal_due", f"a deal is due before {move_words(move)} can be played")
    if seat is not None and seat != to_act:
        return Violation("turn.not_your_turn", f"it is seat {to_act}'s turn, not seat {seat}'s")
    return None


_PLAIN_TYPES = (type(None), bool, int, str)
_MOST_CACHED_OPTIONS = 256
_BUILT_OPTIONS: dict[tuple[type[Any], tuple[tuple[str, type[Any], Any], ...]], Any] = {}
"""Options records already built, by options type and `_plain_key` of the mapping given."""


def _plain_key(given: object) -> tuple[tuple[str, type[Any], Any], ...] | None:
    """The (name, value type, value key) of each item of a small dict of plain values or tuples
    or lists of them, in order; ``None`` for anything else (which is then built and checked as
    usual). The types are part of the key, since ``True == 1`` and ``hash(True) == hash(1)``,
    and a list is told apart from a tuple."""
    if type(given) is not dict or len(given) > 16:
        return None
    key = []
    for name, value in given.items():
        value_type = type(value)
        if type(name) is not str:
            return None
        if value_type is tuple or value_type is list:
            if len(value) > 16:
                return None
            items = tuple((type(item), item) for item in value)
            if not all(_is_plain(item_type, item) for item_type, item in items):
                return None
            key.append((name, value_type, items))
        elif _is_plain(value_type, value):
            key.append((name, value_type, value))
        else:
            return None
    return tuple(key)


def _is_plain(value_type: type[Any], value: Any) -> bool:
    """Whether ``value`` (of exactly ``value_type``) is ``None``, a bool, a string or an int
    of at most 64 bits."""
    if value_type not in _PLAIN_TYPES:
        return False
    return value_type is not int or value.bit_length() <= 64


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

        A mapping of plain values (``None``, bools, ints, strings, and tuples or lists of them)
        that was built before gives the same record again without checking it anew: records
        are immutable, and the check of a mapping depends only on its names, values and their
        types.
        """
        key = _plain_key(given)
        if key is None:
            return build_options(self.options_type, given)
        cache_key = (self.options_type, key)
        built = _BUILT_OPTIONS.get(cache_key)
        if built is None:
            built = build_options(self.options_type, given)
            if len(_BUILT_OPTIONS) >= _MOST_CACHED_OPTIONS:
                _BUILT_OPTIONS.clear()  # forget them all: the mappings in use come back first
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
