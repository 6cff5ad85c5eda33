"""Positions: a state as JSON-ready data and back, for front-ends, fixtures and puzzles.

`state_to_dict` writes any state as a *position*: a header (``format``, ``version``, ``game``
and the match's ``options``) followed by the game's own keys, every card in its notation.
`state_from_dict` rebuilds the very same state from it (equal, same hash, same legal moves), so
a position is also how a mid-deal situation is set up without replaying a deal: it is read as
strictly as a deal is, and anything wrong raises a `PositionError` naming the key at fault.

Each game object carries a `PositionCodec` (its ``position_codec``) that writes
its keys and reads them with a `PositionReader`, which checks every key, type and range. What
every game checks the same way is done here once: the header, the options, and the cards'
conservation (every card of the game's deck exactly once across the state's `card_zones`, or
twice for each face of Burraco's two packs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from parlour.base import (
    Card,
    OptionsError,
    PositionError,
    describe,
    format_cards,
    options_to_json,
)
from parlour.engine._game import (
    Game,
    game_names,
    game_of,
    get_game,
)
from parlour.engine._reading import PositionReader

__all__ = [
    "POSITION_FORMAT",
    "POSITION_VERSION",
    "PositionCodec",
    "StateJson",
    "card_texts",
    "state_from_dict",
    "state_to_dict",
]

POSITION_FORMAT = "parlour.position"
"""The value of a position's ``format`` key."""

POSITION_VERSION = 1
"""The version of the position format this release writes and reads."""

_HEADER_KEYS = ("format", "version", "game", "options")

StateT = TypeVar("StateT")
StateJsonT = TypeVar("StateJsonT", bound="StateJson")


class PositionCodec(Protocol[StateT]):
    """How one game writes its states as positions and reads them back."""

    def write(self, state: StateT) -> dict[str, Any]:
        """The game's own keys of ``state``'s position, JSON-ready (cards as their texts)."""
        ...

    def read(self, reader: PositionReader, options: Any, game: Game) -> StateT:
        """The state the game's keys describe, for a match of ``game`` with ``options``;
        `PositionError` (through ``reader.fail``) for anything missing, malformed or
        inconsistent."""
        ...

    def deck(self, options: Any) -> tuple[Card, ...]:
        """Every card of a deal of this game under ``options`` (each copy of a face)."""
        ...


def card_texts(cards: Iterable[Card]) -> list[str]:
    """The cards' texts as a JSON list, in the given order."""
    text = format_cards(cards, " ")
    return text.split(" ") if text else []


def state_to_dict(state: Any) -> dict[str, Any]:
    """``state`` as a JSON-ready position: the header, then the game's own keys.

    Raises: `TypeError` if ``state`` is not a parlour state.

    >>> import parlour
    >>> position = parlour.state_to_dict(parlour.new_game("belote", seed=7))
    >>> list(position)[:5]
    ['format', 'version', 'game', 'options', 'phase']
    >>> position["game"], position["phase"]
    ('belote', 'bidding_round_1')
    """
    game = game_of(state)
    codec: PositionCodec[Any] = game.position_codec
    result: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "game": game.name,
        "options": options_to_json(game.options(state)),
    }
    result.update(codec.write(state))
    return result


def state_from_dict(data: object) -> Any:
    """The state a position describes (see the module docstring); `PositionError` for a
    position that is malformed, names an unknown game, or describes an impossible state.

    Raises: `PositionError` naming the key at fault.

    >>> import parlour
    >>> state = parlour.new_game("belote", seed=7)
    >>> parlour.state_from_dict(parlour.state_to_dict(state)) == state
    True
    >>> position = {"format": "parlour.position", "version": 1, "game": "chess"}
    >>> parlour.state_from_dict(position)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    parlour.PositionError: game: unknown game 'chess' (known: belote, bezique, ...)
    """
    reader = PositionReader.root(data)
    if reader.get("format") != POSITION_FORMAT:
        raise reader.fail(f"'format' must be {POSITION_FORMAT!r}", "format")
    version = reader.get("version")
    if type(version) is not int or version != POSITION_VERSION:
        raise reader.fail(
            f"'version' must be {POSITION_VERSION}, not {describe(version)}", "version"
        )
    game_name = reader.get("game")
    if not isinstance(game_name, str) or game_name not in game_names():
        known = ", ".join(sorted(game_names()))
        raise reader.fail(f"unknown game {describe(game_name)} (known: {known})", "game")
    game = get_game(game_name)
    codec: PositionCodec[Any] = game.position_codec
    given_options = reader.get("options")
    if not isinstance(given_options, dict):
        raise reader.fail(f"must be an object, not {describe(given_options)}", "options")
    try:
        options = game.make_options(given_options)
    except OptionsError as error:
        raise reader.fail(error.message, "options") from error
    body = PositionReader(
        {key: value for key, value in reader.data.items() if key not in _HEADER_KEYS}, ""
    )
    state = codec.read(body, options, game)
    _check_conservation(game.card_zones(state), codec.deck(options))
    return state


def _check_conservation(zones: Mapping[str, Sequence[Card]], deck: Sequence[Card]) -> None:
    """Every card of ``deck`` exactly as often across ``zones`` as in the deck; else a
    `PositionError` naming a card that is missing or one too many, and where it stands."""
    wanted = Counter(deck)
    found: Counter[Card] = Counter()
    where: dict[Card, list[str]] = {}
    for zone, cards in zones.items():
        for card in cards:
            found[card] += 1
            where.setdefault(card, []).append(zone)
    for card in sorted(found, key=lambda card: card.sort_key):
        if found[card] > wanted[card]:
            places = ", ".join(where[card])
            copies = "once" if wanted[card] == 1 else f"{wanted[card]} times"
            if not wanted[card]:
                raise PositionError(f"{card} is not a card of this game (found in {places})")
            raise PositionError(f"{card} stands in {places}, but the deck holds it {copies}")
    for card in sorted(wanted, key=lambda card: card.sort_key):
        if found[card] < wanted[card]:
            raise PositionError(f"{card} is missing: the cards of a deal must all be placed")


class StateJson:
    """A mixin for state records: ``to_dict()`` writes the state's position, and
    ``from_dict(data)`` reads one back, refusing a position of another game's state."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The state as a JSON-ready position (`state_to_dict`)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls: type[StateJsonT], data: object) -> StateJsonT:
        """The state the position ``data`` describes (`state_from_dict`); `PositionError` if
        it is malformed or describes a state of another game."""
        state = state_from_dict(data)
        if not isinstance(state, cls):
            raise PositionError(
                f"the position is of a {type(state).__name__}, not of a {cls.__name__}", "game"
            )
        return state
