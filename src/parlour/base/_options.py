"""Strict option records: every game's `Options` is a frozen attrs class built with these helpers.

Each option field carries an `OptionCheck` in its metadata (its allowed values and how it is
written in JSON); `build_options` checks names and values and raises `OptionsError` on anything
unknown or out of range, never falling back to a default silently.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from parlour.base._errors import (
    OptionsError,
    describe,
)

__all__ = [
    "OptionCheck",
    "boolean",
    "build_options",
    "choice",
    "int_list",
    "option",
    "options_to_json",
    "positive_int_or_none",
    "subset_of",
]

T = TypeVar("T")

MAX_OPTION_INT = 2**53 - 1
"""The largest integer any option takes (the largest that every JSON reader keeps exact); a
larger one is an `OptionsError`, so no option can hold an integer too long to write."""


def _is_option_int(value: Any) -> bool:
    """An int (not a bool) from 1 to `MAX_OPTION_INT`."""
    return type(value) is int and 0 < value <= MAX_OPTION_INT


@attrs.frozen(kw_only=True)
class OptionCheck:
    """How one option is checked: ``check`` returns the normalised value or raises.

    ``kind`` says what the option takes, for `parlour.option_specs`: ``"choice"`` (one of
    ``allowed``), ``"positive_int_or_null"``, ``"positive_int_list"`` or ``"subset"`` (a list
    drawn from ``allowed``)."""

    describe: str
    check: Callable[[str, Any], Any]
    examples: tuple[Any, ...] = ()
    """Values to exercise in tests: every value of a choice, samples otherwise."""
    kind: str = "choice"
    allowed: tuple[Any, ...] = ()


def _same_type(value: Any, expected: Any) -> bool:
    """Whether ``value`` has the type of ``expected``, item by item for tuples (so that
    ``(3.0, 2.0)`` is not taken for ``(3, 2)``, nor ``(True, 2)`` for ``(1, 2)``)."""
    if type(value) is not type(expected):
        return False
    if isinstance(value, tuple):
        return len(value) == len(expected) and all(
            _same_type(item, wanted) for item, wanted in zip(value, expected, strict=True)
        )
    return True


def choice(*values: Any) -> OptionCheck:
    """An option taking one of ``values`` (compared with type: ``True`` is not ``1``)."""

    def check(name: str, value: Any) -> Any:
        if isinstance(value, list):
            value = tuple(value)
        for allowed in values:
            if _same_type(value, allowed) and value == allowed:
                return allowed
        shown = " | ".join(_json_text(v) for v in values)
        raise OptionsError(f"option {name!r} must be one of {shown}, not {_json_text(value)}")

    return OptionCheck(
        describe=" | ".join(_json_text(v) for v in values),
        check=check,
        examples=tuple(values),
        kind="choice",
        allowed=tuple(values),
    )


def boolean() -> OptionCheck:
    """A true/false option."""
    return choice(False, True)


def positive_int_or_none() -> OptionCheck:
    """A positive integer, or ``None`` (used by ``target``: ``None`` plays a single deal)."""

    def check(name: str, value: Any) -> Any:
        if value is None or _is_option_int(value):
            return value
        raise OptionsError(
            f"option {name!r} must be a positive integer or null, not {_json_text(value)}"
        )

    return OptionCheck(
        describe="a positive integer or null",
        check=check,
        examples=(None, 300),
        kind="positive_int_or_null",
    )


def int_list(
    length: int | None, total: int | None, examples: tuple[tuple[int, ...], ...] = ()
) -> OptionCheck:
    """A list of positive ints (a tuple inside), of a given length and/or sum; ``examples`` are
    the values the tests exercise."""

    def check(name: str, value: Any) -> Any:
        if isinstance(value, (list, tuple)) and all(_is_option_int(item) for item in value):
            items = tuple(value)
            if (length is None or len(items) == length) and (total is None or sum(items) == total):
                return items
        wanted = "a list of positive integers"
        if length is not None:
            wanted += f" of length {length}"
        if total is not None:
            wanted += f" summing to {total}"
        raise OptionsError(f"option {name!r} must be {wanted}, not {_json_text(value)}")

    return OptionCheck(
        describe="list of positive integers", check=check, examples=examples,
        kind="positive_int_list",
    )  # fmt: skip


def subset_of(*values: str, examples: tuple[tuple[str, ...], ...] = ()) -> OptionCheck:
    """A list drawn from ``values`` whose order and repeats do not matter: kept inside as a tuple
    in the order ``values`` lists them, each once."""

    def check(name: str, value: Any) -> Any:
        if isinstance(value, (list, tuple)) and all(type(item) is str for item in value):
            unknown = [item for item in value if item not in values]
            if not unknown:
                return tuple(allowed for allowed in values if allowed in value)
        shown = ", ".join(_json_text(v) for v in values)
        raise OptionsError(
            f"option {name!r} must be a list drawn from {shown}, not {_json_text(value)}"
        )

    return OptionCheck(
        describe=f"a list drawn from {', '.join(values)}", check=check, examples=examples,
        kind="subset", allowed=tuple(values),
    )  # fmt: skip


def option(spec: OptionCheck, default: Any) -> Any:
    """An attrs field for an option: its default, checked by ``spec`` at construction."""

    def normalised(value: Any, field: attrs.Attribute[Any]) -> Any:
        return spec.check(field.name, value)  # the value as kept, or OptionsError

    return attrs.field(
        default=default,
        converter=attrs.Converter(normalised, takes_field=True),
        metadata={"option": spec},
    )


OptionsT = TypeVar("OptionsT")


def build_options(cls: type[OptionsT], given: Mapping[str, Any] | OptionsT | None) -> OptionsT:
    """Build ``cls`` from a mapping of option names (or return a ready record as it is).

    Raises `OptionsError` for an unknown name, a bad value, or anything that is not a mapping.
    """
    if given is None:
        return cls()
    if isinstance(given, cls):
        return given
    if not isinstance(given, Mapping):
        raise OptionsError(
            f"options must be a mapping of option names or a {cls.__name__}, "
            f"not {type(given).__name__}"
        )
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    for key in given:
        if key not in names:
            raise OptionsError(
                f"unknown option {describe(key)}; the options are: {', '.join(names)}"
            )
    for key, value in given.items():
        items = value if isinstance(value, (list, tuple)) else (value,)
        if any(type(item) is int and abs(item) > MAX_OPTION_INT for item in items):
            raise OptionsError(
                f"option {key!r} may not hold an integer beyond {MAX_OPTION_INT}, "
                f"not {_json_text(value)}"
            )
    return cls(**given)


def options_to_json(options: Any) -> dict[str, Any]:
    """Every option with its value, JSON-ready (tuples as lists), in declaration order."""
    result: dict[str, Any] = {}
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        result[field.name] = list(value) if isinstance(value, tuple) else value
    return result


def option_checks(cls: type[Any]) -> dict[str, tuple[Any, OptionCheck]]:
    """Each option's name mapped to its default and its spec, in declaration order."""
    return {field.name: (field.default, field.metadata["option"]) for field in attrs.fields(cls)}


def _json_text(value: Any) -> str:
    """``value`` in JSON for a message; safe for any value (see `parlour.base.describe`)."""
    if type(value) is int and value.bit_length() > 256:
        return describe(value)
    try:
        text = json.dumps(list(value) if isinstance(value, tuple) else value)
    except (TypeError, ValueError, RecursionError):
        return describe(value)
    return text if len(text) <= 80 else text[:80] + f"… ({len(text)} characters)"
