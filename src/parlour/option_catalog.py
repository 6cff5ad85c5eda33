"""Each game's settings as data, so that a settings screen needs no internals.

`option_specs(game_name)` describes every option of the game in declaration order: its name,
its JSON type, its default, the values a choice allows (or the items a list may draw from), the
range of an integer, whether ``null`` is allowed, and a one-sentence description. Everything
comes from the game's own ``Options`` record: the defaults and allowed values from its option
fields, the sentences from its options module's ``DESCRIPTIONS``.

Types (``type``): ``"boolean"``, ``"integer"``, ``"string"``, ``"integer_list"`` (a JSON list
of integers; a choice among lists lists them in ``allowed``), ``"string_list"`` (a list drawn
from ``allowed``, order and repeats not mattering).
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

from parlour.core import get_game
from parlour.options import MAX_OPTION_INT
from parlour.options import OptionSpec as OptionCheck
from parlour.records import JsonRecord

__all__ = ["OptionSpec", "option_specs"]


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
    is not a registered game."""
    options_type = get_game(game_name).options_type
    descriptions: dict[str, str] = getattr(sys.modules[options_type.__module__], "DESCRIPTIONS", {})
    specs = []
    for field in attrs.fields(options_type):
        description = descriptions.get(field.name)
        if description is None:
            raise TypeError(f"{game_name} option {field.name!r} has no description")
        specs.append(_spec(field.name, field.default, field.metadata["option"], description))
    return tuple(specs)
