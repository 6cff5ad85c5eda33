"""The catalogue of a game for front-ends: its options as data (`option_specs`) and the JSON
Schema of its views (`view_schema`).

The options:

Each game's settings as data, so that a settings screen needs no internals.

`option_specs(game_name)` describes every option of the game in declaration order: its name,
its JSON type, its default, the values a choice allows (or the items a list may draw from), the
range of an integer, whether ``null`` is allowed, and a one-sentence description. Everything
comes from the game's own ``Options`` record: the defaults and allowed values from its option
fields, the sentences from its options module's ``DESCRIPTIONS``.

Types (``type``): ``"boolean"``, ``"integer"``, ``"string"``, ``"integer_list"`` (a JSON list
of integers; a choice among lists lists them in ``allowed``), ``"string_list"`` (a list drawn
from ``allowed``, order and repeats not mattering), ``"string_or_false"`` (a choice of
``false``, the option off, or one of the strings ``allowed`` also lists: Coinche's
``round_scores``).
"""

from __future__ import annotations

import json
import sys
import types
import typing
from collections.abc import Sequence
from importlib import resources
from typing import Any

import attrs

from parlour.base import (
    MAX_OPTION_INT,
    Card,
    JsonRecord,
    OptionCheck,
    OptionsError,
    Suit,
    to_json,
)
from parlour.engine._game import View, get_game
from parlour.engine._moves import Move

__all__ = [
    "OptionSpec",
    "build_view_schema",
    "option_specs",
    "view_schema",
]



@attrs.frozen(slots=True, kw_only=True)
class OptionSpec(JsonRecord):
    """One option of a game, as a settings screen needs it (see the module docstring).

    ``allowed`` is ``None`` when any value of the type in ``minimum``..``maximum`` is allowed;
    ``to_dict()`` gives it JSON-ready (tuples as lists).
    """

    name: str
    type: str
    default: Any
    allowed: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    nullable: bool
    description: str


def _json_type(value: Any) -> str:
    """The JSON type name of a choice's value."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, tuple) and all(type(item) is int for item in value):
        return "integer_list"
    raise TypeError(f"no option type for {value!r}")


_RANGES: dict[str, tuple[str, int | None, int | None, bool]] = {
    "positive_int_or_null": ("integer", 1, MAX_OPTION_INT, True),
    "positive_int_list": ("integer_list", 1, MAX_OPTION_INT, False),
    "subset": ("string_list", None, None, False),
}
"""Per kind of option check other than a choice: its JSON type, minimum, maximum and whether
null is allowed."""


def _spec(name: str, default: Any, check: OptionCheck, description: str) -> OptionSpec:
    """The public spec of one option field, read from its checker's kind and allowed values."""
    if check.kind == "choice":
        types = {_json_type(value) for value in check.allowed}
        if types == {"boolean", "string"} and True not in check.allowed:
            types = {"string_or_false"}
        if len(types) != 1:
            raise TypeError(f"option {name!r} mixes types {sorted(types)}")
        return OptionSpec(
            name=name, type=types.pop(), default=default, allowed=check.allowed,
            minimum=None, maximum=None, nullable=False, description=description,
        )  # fmt: skip
    json_type, minimum, maximum, nullable = _RANGES[check.kind]
    return OptionSpec(
        name=name, type=json_type, default=default, allowed=check.allowed or None,
        minimum=minimum, maximum=maximum, nullable=nullable, description=description,
    )  # fmt: skip


def option_specs(game_name: str) -> tuple[OptionSpec, ...]:
    """Every option of game ``game_name``, in declaration order; `OptionsError` for a name that
    is not a registered game.

    Raises: `OptionsError` for a name that is not a registered game.

    >>> import parlour
    >>> [spec.name for spec in parlour.option_specs("ecarte")][:3]
    ['target', 'stop_at_target', 'penalty_rule']
    >>> spec = parlour.option_specs("ecarte")[0]
    >>> spec.type, spec.default, spec.nullable
    ('integer', 5, True)
    """
    options_type = get_game(game_name).options_type
    descriptions: dict[str, str] = getattr(sys.modules[options_type.__module__], "DESCRIPTIONS", {})
    specs = []
    for field in attrs.fields(options_type):
        description = descriptions.get(field.name)
        if description is None:
            raise TypeError(f"{game_name} option {field.name!r} has no description")
        specs.append(_spec(field.name, field.default, field.metadata["option"], description))
    return tuple(specs)


_CARD = {"type": "string", "pattern": "^(?:(?:[2-9]|10|[JQKA])[SHDC]|JK)$"}
_SUIT = {"enum": [suit.letter for suit in Suit]}
_SCALARS: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
    Card: _CARD,
    Suit: _SUIT,
    Any: {},
}


def _schema_of(hint: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The schema of a value of type ``hint`` in JSON (records go into ``defs``)."""
    if hint in _SCALARS:
        return dict(_SCALARS[hint])
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema_of(arg, defs) for arg in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of(args[0], defs)}
        return {
            "type": "array",
            "prefixItems": [_schema_of(arg, defs) for arg in args],
            "minItems": len(args),
            "maxItems": len(args),
        }
    if origin is Sequence and args == (Move,):
        return {"type": "array", "items": {"type": "string"}}
    if isinstance(hint, type) and attrs.has(hint):
        name = hint.__name__
        if name not in defs:
            defs[name] = {}
            defs[name] = _object_schema(hint, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON schema for the type {hint!r}")


def _object_schema(record: type[Any], defs: dict[str, Any]) -> dict[str, Any]:
    """The schema of an attrs record's ``to_dict``: every field, in order, all required."""
    hints = typing.get_type_hints(record, localns={"Move": Move})
    keys = (
        record.json_keys()
        if issubclass(record, View)
        else tuple(field.name for field in attrs.fields(record))
    )
    names = [field.name for field in attrs.fields(record) if field.name != "sampled"]
    properties = {key: _schema_of(hints[name], defs) for key, name in zip(keys, names, strict=True)}
    return {
        "type": "object",
        "properties": properties,
        "required": list(keys),
        "additionalProperties": False,
    }


def _option_schema(spec: OptionSpec) -> dict[str, Any]:
    """The schema of one option's JSON value, from its spec (`option_specs`)."""
    if spec.type == "string_list":
        return {"type": "array", "items": {"enum": list(spec.allowed or ())}}
    if spec.allowed is not None:
        return {"enum": [to_json(value) for value in spec.allowed]}
    number: dict[str, Any] = {"type": "integer"}
    if spec.minimum is not None:
        number["minimum"] = spec.minimum
    if spec.maximum is not None:
        number["maximum"] = spec.maximum
    value = {"type": "array", "items": number} if spec.type == "integer_list" else number
    return {"anyOf": [value, {"type": "null"}]} if spec.nullable else value


def _options_schema(game_name: str) -> dict[str, Any]:
    """The schema of the game's options as a view's ``options`` writes them: every option, in
    declaration order, all required, each by its spec."""
    specs = option_specs(game_name)
    return {
        "type": "object",
        "properties": {spec.name: _option_schema(spec) for spec in specs},
        "required": [spec.name for spec in specs],
        "additionalProperties": False,
    }


def build_view_schema(game_name: str) -> dict[str, Any]:
    """The JSON Schema of the game's ``view(...).to_dict()``, built from its view record."""
    game = get_game(game_name)
    record = game.view_type
    defs: dict[str, Any] = {}
    body = _object_schema(record, defs)
    body["properties"]["game"] = {"enum": [game_name]}
    body["properties"]["options"] = {"$ref": "#/$defs/Options"}
    defs["Options"] = _options_schema(game_name)
    body["properties"]["phase"] = {"enum": list(game.view_phases)}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{record.__name__}.to_dict()",
        **body,
        "$defs": {name: defs[name] for name in sorted(defs)},
    }


def schema_file_name(game_name: str) -> str:
    """The name of the game's shipped schema file."""
    return f"{game_name}.view.schema.json"


def view_schema(game_name: str) -> dict[str, Any]:
    """The published JSON Schema of the game's ``view(...).to_dict()``; `OptionsError` for a
    name that is not a registered game.

    Raises: `OptionsError` for a name that is not a registered game, or one whose schema is not
    published.

    >>> import parlour
    >>> schema = parlour.view_schema("belote")
    >>> schema["title"], schema["type"]
    ('BeloteView.to_dict()', 'object')
    """
    get_game(game_name)
    try:
        text = resources.files("parlour").joinpath("schemas").joinpath(schema_file_name(game_name))
        loaded: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise OptionsError(f"no view schema is published for {game_name!r}") from None
    return loaded


def schema_text(game_name: str) -> str:
    """The schema file's text: `build_view_schema` as indented JSON with a final newline."""
    return json.dumps(build_view_schema(game_name), indent=2, ensure_ascii=False) + "\n"
