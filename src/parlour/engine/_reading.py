"""Reading JSON strictly: `PositionReader` checks every key, type and range of a position's
objects and names the key at fault in its `PositionError`; `read_view` reads a view back from
its ``to_dict`` by the view record's declared types (its moves by the game's parser).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

import attrs

from parlour.base import (
    Card,
    NotationError,
    ParlourError,
    PositionError,
    Suit,
    describe,
    parse_card,
    parse_suit,
)
from parlour.engine._moves import Move

__all__ = ["MAX_LIST_ITEMS", "ItemReader", "PositionReader", "read_view"]


MAX_LIST_ITEMS = 100_000
"""The most items any list of a position may hold (a match's finished deals included)."""
RecordT = TypeVar("RecordT")


def read_view(record: type[RecordT], data: object, game: Any) -> RecordT:
    """The view of type ``record`` (the view type of ``game``, a registered game object) whose
    ``to_dict`` is ``data``: ``game`` must be the game's name, ``options`` an object of every
    option that the game's ``make_options`` accepts (its option checks), every other field read
    by its declared type and the ``legal_moves`` texts by the game's move parser (given ``None``
    for the state); `PositionError` naming the key at fault."""
    reader = PositionReader.root(data)
    fields = [field for field in attrs.fields(record) if field.name != "sampled"]  # type: ignore[arg-type]
    keys = ["legal_moves" if field.name == "moves" else field.name for field in fields]
    reader.expect_keys(keys)
    hints = get_type_hints(record, localns={"Move": Move})
    arguments: dict[str, Any] = {}
    for field in fields:
        if field.name == "moves":
            moves = []
            for index, text in enumerate(reader.entries("legal_moves", 0, 100_000)):
                path = reader.where(f"legal_moves[{index}]")
                if not isinstance(text, str) or text.split()[:1] == ["deal"]:
                    raise PositionError(f"must be a seat's move text, not {describe(text)}", path)
                try:
                    moves.append(game.parse_move(None, text))
                except NotationError as error:
                    raise PositionError(error.message, path) from error
            arguments["moves"] = tuple(moves)
        elif field.name == "game":
            arguments["game"] = reader.choice("game", (game.name,))
        elif field.name == "options":
            given = reader.child("options")
            given.expect_keys([option.name for option in attrs.fields(game.options_type)])
            try:
                arguments["options"] = game.make_options(given.data)
            except ParlourError as error:
                raise reader.fail(error.message, "options") from error
        else:
            arguments[field.name] = _decode(
                hints[field.name], reader.data[field.name], reader.where(field.name)
            )
    try:
        return record(**arguments)
    except (TypeError, ValueError) as error:
        raise PositionError(f"is not a valid {record.__name__}: {error}") from error


class PositionReader:
    """Strict access to one JSON object of a position: each getter checks the value's type and
    range and raises a `PositionError` naming the key's path; `expect_keys` refuses unknown
    and missing keys."""

    __slots__ = ("data", "path")

    def __init__(self, data: dict[str, Any], path: str) -> None:
        self.data = data
        self.path = path

    @classmethod
    def root(cls, data: object) -> PositionReader:
        """A reader of the position ``data``; `PositionError` unless it is a JSON object."""
        if not isinstance(data, dict):
            raise PositionError(f"a position must be a JSON object, not {describe(data)}")
        return cls(data, "")

    def where(self, key: str | int | None = None) -> str:
        """The path of ``key`` inside this object (or of the object itself)."""
        if key is None:
            return self.path or "position"
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def fail(self, message: str, key: str | int | None = None) -> PositionError:
        """The `PositionError` to raise for ``key`` (or the whole object)."""
        return PositionError(message, self.where(key))

    def get(self, key: str) -> Any:
        """The raw value of ``key`` (``None`` if absent)."""
        return self.data.get(key)

    def expect_keys(self, required: Sequence[str], optional: Sequence[str] = ()) -> None:
        """Refuse a missing ``required`` key or a key that is neither required nor optional."""
        for key in required:
            if key not in self.data:
                raise self.fail(f"the key {key!r} is missing")
        allowed = set(required) | set(optional)
        for key in self.data:
            if key not in allowed:
                raise self.fail(f"unknown key {describe(key)}")

    def _value(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"the key {key!r} is missing")
        return self.data[key]

    def integer(self, key: str, low: int, high: int) -> int:
        """An int (not a bool) from ``low`` to ``high``."""
        return _integer(self._value(key), low, high, lambda message: self.fail(message, key))

    def optional_integer(self, key: str, low: int, high: int) -> int | None:
        """``None`` (JSON null) or an int from ``low`` to ``high``."""
        value = self._value(key)
        return None if value is None else self.integer(key, low, high)

    def integers(self, key: str, count: int, low: int, high: int) -> tuple[int, ...]:
        """A list of exactly ``count`` ints from ``low`` to ``high``."""
        items = self.entries(key, count, count)
        return tuple(
            _integer(item, low, high, _failure(self.where(f"{key}[{i}]")))
            for i, item in enumerate(items)
        )

    def boolean(self, key: str) -> bool:
        """``true`` or ``false``."""
        value = self._value(key)
        if type(value) is not bool:
            raise self.fail(f"must be true or false, not {describe(value)}", key)
        return value

    def choice(self, key: str, choices: Sequence[str]) -> str:
        """One of the texts ``choices``."""
        value = self._value(key)
        if not isinstance(value, str) or value not in choices:
            raise self.fail(f"must be one of {', '.join(choices)}; not {describe(value)}", key)
        return value

    def entries(self, key: str, low: int = 0, high: int = MAX_LIST_ITEMS) -> list[Any]:
        """A JSON list of ``low`` to ``high`` items."""
        value = self._value(key)
        return _list(value, low, high, lambda message: self.fail(message, key))

    def card(self, key: str) -> Card:
        """One card, written in the notation (``10H``)."""
        return _card(self._value(key), lambda message: self.fail(message, key))

    def optional_card(self, key: str) -> Card | None:
        """``None`` or one card."""
        value = self._value(key)
        return None if value is None else self.card(key)

    def suit(self, key: str) -> Suit:
        """A suit letter (``S H D C``)."""
        return _suit(self._value(key), _failure(self.where(key)))

    def cards(self, key: str, low: int = 0, high: int = 108) -> tuple[Card, ...]:
        """A list of ``low`` to ``high`` cards, in the order written."""
        items = self.entries(key, low, high)
        return tuple(
            _card(item, _failure(self.where(f"{key}[{i}]"))) for i, item in enumerate(items)
        )

    def card_groups(
        self, key: str, sizes: Sequence[int] | int, high: int = 108
    ) -> tuple[tuple[Card, ...], ...]:
        """A list of card lists: ``sizes`` gives each group's exact size, or (an int) how many
        groups there are, each of at most ``high`` cards."""
        count = sizes if isinstance(sizes, int) else len(sizes)
        self.entries(key, count, count)
        child = self.items(key, count, count)
        groups = []
        for index, group in enumerate(child):
            exact = None if isinstance(sizes, int) else sizes[index]
            low, top = (0, high) if exact is None else (exact, exact)
            groups.append(group.cards_here(low, top))
        return tuple(groups)

    def items(self, key: str, low: int = 0, high: int = MAX_LIST_ITEMS) -> list[ItemReader]:
        """The items of a list, each with a reader that knows its path."""
        values = self.entries(key, low, high)
        return [ItemReader(value, self.where(key), index) for index, value in enumerate(values)]

    def child(self, key: str) -> PositionReader:
        """A reader of the JSON object under ``key``."""
        value = self._value(key)
        if not isinstance(value, dict):
            raise self.fail(f"must be an object, not {describe(value)}", key)
        return PositionReader(value, self.where(key))

    def records(
        self, key: str, record_type: type[RecordT], high: int = MAX_LIST_ITEMS
    ) -> tuple[RecordT, ...]:
        """A list of records of the attrs class ``record_type``, each read from the JSON form
        `parlour.base.to_json` writes (a dict of its fields)."""
        return tuple(item.record(record_type) for item in self.items(key, 0, high))


class ItemReader:
    """One item of a list in a position, with its path for messages."""

    __slots__ = ("index", "path", "value")

    def __init__(self, value: Any, path: str, index: int) -> None:
        self.value = value
        self.path = path
        self.index = index

    def fail(self, message: str) -> PositionError:
        """The `PositionError` to raise for this item."""
        return PositionError(message, f"{self.path}[{self.index}]")

    def integer(self, low: int, high: int) -> int:
        """The item as an int from ``low`` to ``high``."""
        return _integer(self.value, low, high, self.fail)

    def card(self) -> Card:
        """The item as one card."""
        return _card(self.value, self.fail)

    def items(self, low: int = 0, high: int = MAX_LIST_ITEMS) -> list[ItemReader]:
        """The item as a list of ``low`` to ``high`` items, each with a reader of its own (a
        list of lists, such as each team's melds)."""
        values = _list(self.value, low, high, self.fail)
        where = f"{self.path}[{self.index}]"
        return [ItemReader(value, where, index) for index, value in enumerate(values)]

    def cards_here(self, low: int = 0, high: int = 108) -> tuple[Card, ...]:
        """The item as a list of ``low`` to ``high`` cards."""
        items = _list(self.value, low, high, self.fail)
        where = f"{self.path}[{self.index}]"
        return tuple(_card(item, _failure(f"{where}[{i}]")) for i, item in enumerate(items))

    def record(self, record_type: type[RecordT]) -> RecordT:
        """The item as a record of the attrs class ``record_type``."""
        result: RecordT = _decode(record_type, self.value, f"{self.path}[{self.index}]")
        return result


Fail = Callable[[str], PositionError]


def _failure(path: str) -> Fail:
    """A function that makes the `PositionError` of a message at ``path``."""

    def fail(message: str) -> PositionError:
        return PositionError(message, path)

    return fail


def _integer(value: Any, low: int, high: int, fail: Fail) -> int:
    if type(value) is not int:
        raise fail(f"must be an integer, not {describe(value)}")
    if not low <= value <= high:
        raise fail(f"must be from {low} to {high}, not {describe(value)}")
    return value


def _list(value: Any, low: int, high: int, fail: Fail) -> list[Any]:
    if not isinstance(value, list):
        raise fail(f"must be a list, not {describe(value)}")
    if not low <= len(value) <= high:
        size = f"exactly {low}" if low == high else f"from {low} to {high}"
        raise fail(f"must hold {size} items, not {len(value)}")
    return value


def _card(value: Any, fail: Fail) -> Card:
    if not isinstance(value, str):
        raise fail(f"must be a card such as '10H', not {describe(value)}")
    try:
        return parse_card(value)
    except NotationError as error:
        raise fail(error.message) from error


def _suit(value: Any, fail: Fail) -> Suit:
    if not isinstance(value, str):
        raise fail(f"must be a suit letter, not {describe(value)}")
    try:
        return parse_suit(value)
    except NotationError as error:
        raise fail(error.message) from error


@functools.cache
def _record_hints(record_type: type[Any]) -> dict[str, Any]:
    """The resolved type hints of a record class, worked out once per class (a match's
    position holds many records of the same class)."""
    return get_type_hints(record_type)


def _decode(wanted: Any, value: Any, path: str) -> Any:
    """``value`` (JSON data) as the type ``wanted``: an attrs record (a dict of its fields),
    a card, a suit, an int, a str, a bool, ``None``, a tuple or a union of these."""

    fail = _failure(path)
    origin = get_origin(wanted)
    if origin is tuple:
        arguments = get_args(wanted)
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            items = _list(value, 0, MAX_LIST_ITEMS, fail)
            return tuple(
                _decode(arguments[0], item, f"{path}[{i}]") for i, item in enumerate(items)
            )
        items = _list(value, len(arguments), len(arguments), fail)
        return tuple(
            _decode(argument, item, f"{path}[{i}]")
            for i, (argument, item) in enumerate(zip(arguments, items, strict=True))
        )
    if origin is not None:  # a union (X | None)
        errors: list[ParlourError] = []
        for argument in get_args(wanted):
            try:
                return _decode(argument, value, path)
            except PositionError as error:
                errors.append(error)
        raise errors[-1]
    if wanted is type(None):
        if value is not None:
            raise fail(f"must be null, not {describe(value)}")
        return None
    if wanted is bool:
        if type(value) is not bool:
            raise fail(f"must be true or false, not {describe(value)}")
        return value
    if wanted is int:
        return _integer(value, -(2**53), 2**53, fail)
    if wanted is str:
        if not isinstance(value, str) or len(value) > 200:
            raise fail(f"must be a text of at most 200 characters, not {describe(value)}")
        return value
    if wanted is Card:
        return _card(value, fail)
    if wanted is Suit:
        return _suit(value, fail)
    if isinstance(wanted, type) and attrs.has(wanted):
        if not isinstance(value, dict):
            raise fail(f"must be an object, not {describe(value)}")
        hints = _record_hints(wanted)
        fields = [field for field in attrs.fields(wanted) if field.init]
        names = [field.name for field in fields]
        for key in value:
            if key not in names:
                raise fail(f"unknown key {describe(key)}")
        arguments_by_name = {}
        for field in fields:
            if field.name not in value:
                raise fail(f"the key {field.name!r} is missing")
            arguments_by_name[field.name] = _decode(
                hints[field.name], value[field.name], f"{path}.{field.name}"
            )
        try:
            return wanted(**arguments_by_name)
        except (TypeError, ValueError) as error:
            raise fail(f"is not a valid {wanted.__name__}: {error}") from error
    raise TypeError(f"no JSON reading for {wanted!r}")
