"""The one view shape: the fields every game's view has, and its JSON form.

`View` is the base record of every game's view (``BeloteView``, ``BeziqueView``, ``EcarteView``,
``BurracoView`` extend it). A generic front-end or bot reads the base fields and never needs to
know the game:

* ``seat``: the viewer (``None``: a spectator); ``phase``: the game's phase name;
  ``to_act``: the seat to act (``None`` between deals and once the match is over);
  ``dealer``.
* ``hand``: the viewer's own hand; ``hand_sizes``: every seat's hand size, by seat.
* ``teams``: the match's teams (tuples of seats, by lowest seat); ``match_score``: the match
  points of each team, in the order of ``teams``.
* ``played``: every card played to a trick in the current deal, in playing order, each as
  (seat, card), the current trick's included; empty between deals and in Burraco, which has
  no tricks.
* ``moves``: the viewer's legal moves as `Move` objects when it is the seat to act, else empty;
  their texts only on request, through ``legal_moves``.
* ``deal_results`` (a property): the finished deals' results, whatever the game calls them.
* ``sampled``: set only by `parlour.agent_view`: one full state drawn at random among those the
  viewer cannot tell from the real one (see `parlour.sampling`). It takes no part in equality,
  hashing, ``repr`` or ``to_dict``.

``to_dict()`` is JSON-ready and stable: the base fields first in the order above (``moves``
under the key ``legal_moves``, as their texts), then the game's own fields in declaration
order; ``from_dict`` (on the game's view class, e.g. ``BeloteView.from_dict``) reads it back
into an equal view, checking every key and type (`PositionError` otherwise). Two views are
equal when their fields are and their moves have the same texts. Views are immutable:
``copy.copy`` and ``copy.deepcopy`` return the view itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from parlour.cards import Card
from parlour.records import to_json

if TYPE_CHECKING:
    from parlour.core import Move

__all__ = ["View", "move_texts"]

_NOT_IN_JSON = "not_in_json"
"""Metadata key of a view field that ``to_dict`` leaves out."""

_JSON_KEYS = {"moves": "legal_moves"}
"""View fields written under another key by ``to_dict`` (the moves, as their texts)."""


def move_texts(moves: Sequence[Move]) -> tuple[str, ...]:
    """The canonical texts of ``moves``, in order."""
    return tuple(str(move) for move in moves)


@attrs.frozen(slots=True, kw_only=True)
class View:
    """What one seat may see of a state: the fields every game's view has (see the module
    docstring); each game's view adds its own."""

    seat: int | None
    phase: str
    to_act: int | None
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    match_score: tuple[int, ...]
    played: tuple[tuple[int, Card], ...]
    moves: Sequence[Move] = attrs.field(eq=move_texts)
    sampled: Any = attrs.field(
        default=None, eq=False, hash=False, repr=False, metadata={_NOT_IN_JSON: True}
    )

    _deal_results_field: ClassVar[str] = "deals"
    """The name of the game's own field holding the finished deals' results."""

    @property
    def deal_results(self) -> tuple[Any, ...]:
        """The finished deals' results, the same as `parlour.deal_results` (the game's field
        holding them is ``deals``, in Burraco ``results``)."""
        results: tuple[Any, ...] = getattr(self, self._deal_results_field)
        return results

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """The texts of ``moves`` (the viewer's legal moves when it is to act, else empty)."""
        return move_texts(self.moves)

    @classmethod
    def json_keys(cls) -> tuple[str, ...]:
        """The keys of ``to_dict()``, in their order."""
        return tuple(
            _JSON_KEYS.get(field.name, field.name)
            for field in attrs.fields(cls)
            if not field.metadata.get(_NOT_IN_JSON)
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data, its keys in the order of `json_keys`."""
        result: dict[str, Any] = {}
        for field in attrs.fields(type(self)):
            if field.metadata.get(_NOT_IN_JSON):
                continue
            value = getattr(self, field.name)
            if field.name == "moves":
                result[_JSON_KEYS["moves"]] = list(move_texts(value))
            else:
                result[_JSON_KEYS.get(field.name, field.name)] = to_json(value)
        return result

    @classmethod
    def from_dict(cls: type[ViewT], data: object) -> ViewT:
        """The view whose `to_dict` is ``data``; `PositionError` naming the key at fault for a
        missing or unknown key or a value of the wrong type (its moves are read with the
        game's move parser)."""
        from parlour.positions import read_view

        return read_view(cls, data)

    def __copy__(self) -> View:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> View:
        return self


ViewT = TypeVar("ViewT", bound=View)
