"""Frozen records: their JSON form, the one builder that makes them field by field, and the
tuple-backed records that game states are.

The JSON form:

JSON for the records front-ends read (views, deal breakdowns, score events): one converter
instead of a hand-written ``to_dict`` per record.

`to_json` turns a value into JSON-ready data: a card becomes its notation (``10H``), a suit its
letter, a tuple a list, and an attrs record a dict of its fields in declaration order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import attrs

from parlour.base._cards import (
    Card,
    Suit,
)

__all__ = [
    "JsonRecord",
    "TupleRecord",
    "record_builder",
    "record_replacer",
    "to_json",
]



def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring); `TypeError` for anything else."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, int):
        return int(value)
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if attrs.has(type(value)):
        return {
            field.name: to_json(getattr(value, field.name)) for field in attrs.fields(type(value))
        }
    raise TypeError(f"{type(value).__name__} has no JSON form")


class JsonRecord:
    """A mixin for attrs records: ``to_dict()`` gives the record's fields as JSON-ready data."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, its fields in declaration order."""
        result: dict[str, Any] = to_json(self)
        return result


RecordT = TypeVar("RecordT")

_CACHED_HASH_SLOT = "_attrs_cached_hash"
"""The slot where attrs keeps a ``cache_hash=True`` record's hash (``None``: not computed)."""


def _attrs_class(record: type[Any]) -> Any:
    """``record``, for `attrs.fields` (typed as any class here)."""
    return record


class TupleRecord:
    """The behaviour of a tuple-backed record: a `typing.NamedTuple` of fields, subclassed by a
    class whose bases are this mixin first, then the fields (``class State(TupleRecord,
    _StateFields)``), and whose ``__new__`` takes the fields by keyword.

    A game state is built on every move; a tuple of its fields is made in one step, where a
    frozen attrs record costs a slot write per field (about 60 ns each). The record is as
    immutable as a tuple; it compares equal only to a record of its own class with equal fields
    (never to a plain tuple), hashes by its fields, is its own copy, and pickles by the fields
    its constructor takes (``_derived_fields``, which the constructor computes from the others,
    are left out and derived again). ``_hash_length`` fields (all of them if ``None``) make the
    hash: a record whose last fields follow from the rest and grow during a match leaves them
    out, so that its hash costs the same on every state. ``_replace(**changes)`` (and
    ``copy.replace`` from Python 3.13) builds the record with those fields changed through the
    constructor, so that the derived fields follow; changing a derived field is a `TypeError`.
    """

    __slots__ = ()
    _derived_fields: ClassVar[tuple[str, ...]] = ()
    """The fields the constructor derives from the others (not given to it)."""
    _hash_length: ClassVar[int | None] = None
    """How many of the fields, from the first, the hash reads (``None``: every one)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and _tuple_equal(self, other)

    def __ne__(self, other: object) -> bool:
        return type(other) is not type(self) or not _tuple_equal(self, other)

    def __hash__(self) -> int:
        length = self._hash_length
        return _tuple_hash(self) if length is None else hash(_tuple_slice(self, length))

    def __copy__(self: RecordT) -> RecordT:
        return self

    def __deepcopy__(self: RecordT, memo: dict[int, Any]) -> RecordT:
        return self

    def _given(self) -> dict[str, Any]:
        """The fields the constructor takes, by name."""
        record: Any = self
        derived = record._derived_fields
        return {name: getattr(record, name) for name in record._fields if name not in derived}

    def __reduce__(self) -> tuple[Any, ...]:
        """What a pickle keeps: the class and the fields its constructor takes."""
        return _rebuild, (type(self), self._given())

    def _replace(self: RecordT, **changes: Any) -> RecordT:
        """The record with the named fields changed, built by the constructor."""
        record: Any = self
        derived = [name for name in changes if name in record._derived_fields]
        if derived:
            raise TypeError(
                f"{type(self).__name__}._replace() cannot set the derived field {derived[0]!r}"
            )
        rebuilt: RecordT = type(self)(**{**record._given(), **changes})
        return rebuilt

    __replace__ = _replace


_tuple_equal: Callable[[Any, Any], bool] = tuple.__eq__
_tuple_hash: Callable[[Any], int] = tuple.__hash__


def _tuple_slice(record: Any, length: int) -> tuple[Any, ...]:
    """The first ``length`` fields of a tuple-backed record, as a plain tuple."""
    fields: tuple[Any, ...] = tuple.__getitem__(record, slice(0, length))
    return fields


def _rebuild(record: type[Any], given: dict[str, Any]) -> Any:
    """The record of `TupleRecord.__reduce__`'s fields (unpickling): built by its constructor."""
    return record(**given)


def _tuple_builder(
    record: type[Any], positional: bool, name: str
) -> Callable[..., Any]:
    """`record_builder` of a tuple-backed record: one tuple of the fields, made in one step."""
    names = list(record._fields)
    defaults: dict[str, Any] = record._field_defaults
    namespace: dict[str, Any] = {"_new": tuple.__new__, "_record": record}
    parameters = []
    for field_name in names:
        if positional or field_name not in defaults:
            parameters.append(field_name)
        else:
            namespace[f"_default_{field_name}"] = defaults[field_name]
            parameters.append(f"{field_name}=_default_{field_name}")
    given = f"{', '.join(parameters)}, /" if positional else f"*, {', '.join(parameters)}"
    lines = [
        f"def {name}({given}, _new=_new, _record=_record):",
        f"    return _new(_record, ({', '.join(names)},))",
    ]
    exec("\n".join(lines), namespace)  # the source is built above from field names only
    build: Callable[..., Any] = namespace[name]
    return build


def _slot_setters(record: type[Any]) -> dict[str, Any]:
    """The ``__set__`` of each slot descriptor of ``record`` (every class of its MRO)."""
    if not attrs.has(record) or record.__dictoffset__:
        raise TypeError(f"{record.__name__} is not a slotted attrs class")
    setters: dict[str, Any] = {}
    for klass in reversed(record.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            setters[name] = klass.__dict__[name].__set__
    return setters


def record_builder(record: type[RecordT], *, positional: bool = False) -> Callable[..., RecordT]:
    """A function ``build(**fields)`` making the ``record`` instance with these fields: every
    attrs field of ``record`` (``init=False`` ones included) by keyword; a field left out takes
    its plain default (a field whose default is a factory, or that has none, must be given).
    With ``positional``, the function takes every field by position instead, in the order of
    `attrs.fields` and with no default (a call with fourteen keywords costs about as much as
    two slot writes more than one with fourteen positions: for the one state built on every
    move).

    The function is generated once, with one parameter per field, so that a call costs a slot
    write per field and nothing else (the slot setters are bound as its defaults, read as
    locals); a missing or unknown field is Python's own `TypeError`. For a tuple-backed record
    (`TupleRecord`) the function makes the tuple of the fields in one step, by
    ``tuple.__new__``.
    """
    if issubclass(record, TupleRecord):
        tuple_build = _tuple_builder(record, positional, f"build_{record.__name__}")
        tuple_build.__doc__ = f"A `{record.__name__}` of every field (see `parlour.base`)."
        return tuple_build
    setters = _slot_setters(record)
    names = [field.name for field in attrs.fields(_attrs_class(record))]
    missing = [name for name in names if name not in setters]
    if missing:
        raise TypeError(f"{record.__name__} has no slot for {', '.join(missing)}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_record": record}
    parameters = []
    for field in attrs.fields(_attrs_class(record)):
        if (
            positional
            or field.default is attrs.NOTHING
            or isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        ):
            parameters.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
    bound = ["_new=_new", "_record=_record"]
    for name in names:
        namespace[f"_set_{name}"] = setters[name]
        bound.append(f"_set_{name}=_set_{name}")
    if _CACHED_HASH_SLOT in setters:
        namespace["_set_hash"] = setters[_CACHED_HASH_SLOT]
        bound.append("_set_hash=_set_hash")
    given = f"{', '.join(parameters)}, /, *" if positional else f"*, {', '.join(parameters)}"
    lines = [
        f"def build_{record.__name__}({given}, {', '.join(bound)}):",
        "    new = _new(_record)",
    ]
    lines.extend(f"    _set_{name}(new, {name})" for name in names)
    if _CACHED_HASH_SLOT in setters:
        lines.append("    _set_hash(new, None)")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # the source is built above from field names only
    build: Callable[..., RecordT] = namespace[f"build_{record.__name__}"]
    build.__doc__ = f"A `{record.__name__}` of every field by keyword (see `parlour.base`)."
    if positional:
        build.__doc__ = (
            f"A `{record.__name__}` of every field by position, in the order of "
            "`attrs.fields` (see `parlour.base`)."
        )
    return build


def record_replacer(record: type[RecordT]) -> Callable[..., RecordT]:
    """A function ``replace(instance, **changes)`` making the ``record`` instance equal to
    ``instance`` but for the named fields (an unknown name is a `TypeError`); the record's
    derived fields are copied as they are, so a change must not be to a field they follow from.

    Like `record_builder`, the function is generated once, with one keyword parameter per field
    (a marker default: not changed), so that a call costs a slot read and a slot write per
    field and nothing else. A tuple-backed record (`TupleRecord`) is replaced the same way, its
    tuple made in one step.
    """
    if issubclass(record, TupleRecord):
        return _tuple_replacer(record)
    setters = _slot_setters(record)
    names = [field.name for field in attrs.fields(_attrs_class(record))]
    missing = [name for name in names if name not in setters]
    if missing:
        raise TypeError(f"{record.__name__} has no slot for {', '.join(missing)}")
    unchanged = object()
    namespace: dict[str, Any] = {"_new": object.__new__, "_record": record, "_same": unchanged}
    bound = ["_new=_new", "_record=_record", "_same=_same"]
    for name in names:
        namespace[f"_set_{name}"] = setters[name]
        bound.append(f"_set_{name}=_set_{name}")
    if _CACHED_HASH_SLOT in setters:
        namespace["_set_hash"] = setters[_CACHED_HASH_SLOT]
        bound.append("_set_hash=_set_hash")
    parameters = ", ".join(f"{name}=_same" for name in names)
    lines = [
        f"def replace_{record.__name__}(instance, /, *, {parameters}, {', '.join(bound)}):",
        "    new = _new(_record)",
    ]
    lines.extend(
        f"    _set_{name}(new, instance.{name} if {name} is _same else {name})" for name in names
    )
    if _CACHED_HASH_SLOT in setters:
        lines.append("    _set_hash(new, None)")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # the source is built above from field names only
    replace: Callable[..., RecordT] = namespace[f"replace_{record.__name__}"]
    replace.__doc__ = f"A `{record.__name__}` equal to ``instance`` but for the fields named."
    return replace


def _tuple_replacer(record: type[RecordT]) -> Callable[..., RecordT]:
    """`record_replacer` of a tuple-backed record."""
    names = list(record._fields)  # type: ignore[attr-defined]
    unchanged = object()
    namespace: dict[str, Any] = {"_new": tuple.__new__, "_record": record, "_same": unchanged}
    parameters = ", ".join(f"{name}=_same" for name in names)
    values = ", ".join(
        f"instance[{index}] if {name} is _same else {name}" for index, name in enumerate(names)
    )
    bound = "_new=_new, _record=_record, _same=_same"
    lines = [
        f"def replace_{record.__name__}(instance, /, *, {parameters}, {bound}):",
        f"    return _new(_record, ({values},))",
    ]
    exec("\n".join(lines), namespace)  # the source is built above from field names only
    replace: Callable[..., RecordT] = namespace[f"replace_{record.__name__}"]
    replace.__doc__ = f"A `{record.__name__}` equal to ``instance`` but for the fields named."
    return replace
