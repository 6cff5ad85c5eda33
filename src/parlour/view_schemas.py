"""JSON Schemas of the views: what ``view(state, seat).to_dict()`` holds, per game.

Each game's schema is shipped as ``parlour/schemas/<game>.view.schema.json`` (JSON Schema draft
2020-12) and read with `view_schema`. The files are written from the view records' field types
by `build_view_schema` (``python tests/views/make_view_schemas.py`` rewrites them; a test checks
that the shipped files are what it writes); ``phase`` is an ``enum`` of the game's phase names.
The schemas use a small subset of JSON Schema: ``type``, ``enum``, ``pattern``, ``items``,
``prefixItems``, ``minItems``, ``maxItems``, ``properties``, ``required``,
``additionalProperties``, ``anyOf`` and ``$ref`` into ``$defs``. Every object lists all its keys
in ``required``, in the order ``to_dict`` writes them.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Sequence
from importlib import resources
from typing import Any

import attrs

from parlour.cards import Card, Suit
from parlour.core import Move, get_game
from parlour.errors import OptionsError
from parlour.views import View

__all__ = ["build_view_schema", "view_schema"]

_CARD = {"type": "string", "pattern": "^(?:(?:[2-9]|10|[JQKA])[SHDC]|JK)$"}
_SUIT = {"enum": [suit.letter for suit in Suit]}
_SCALARS: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
    Card: _CARD,
    Suit: _SUIT,
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


def build_view_schema(game_name: str) -> dict[str, Any]:
    """The JSON Schema of the game's ``view(...).to_dict()``, built from its view record."""
    game = get_game(game_name)
    record = game.view_type
    defs: dict[str, Any] = {}
    body = _object_schema(record, defs)
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
    name that is not a registered game."""
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
