"""Every wide record of parlour is built by keyword only (issue 10, item 3): with four fields or
more, a value given by position could land in the wrong field when a field is added."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import attrs
import pytest

import parlour
from parlour.base import TupleRecord

WIDE = 4
"""Records with at least this many constructor fields must take them by keyword."""


def _parlour_records() -> list[type]:
    records: dict[str, type] = {}
    for module_info in pkgutil.walk_packages(parlour.__path__, "parlour."):
        if ".integrations." in module_info.name or module_info.name.endswith("__main__"):
            # optional extras (imported by their own tests), and the command line's entry
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and (attrs.has(value) or issubclass(value, TupleRecord))
                and value.__module__ == module.__name__
            ):
                records[f"{value.__module__}.{value.__qualname__}"] = value
    return [records[name] for name in sorted(records)]


def _constructor_fields(record: type) -> dict[str, bool]:
    """The fields the constructor of ``record`` takes, each with whether only by keyword."""
    if attrs.has(record):
        return {field.name: field.kw_only for field in attrs.fields(record) if field.init}
    parameters = list(inspect.signature(record.__new__).parameters.values())[1:]  # not cls
    return {
        parameter.name: parameter.kind is inspect.Parameter.KEYWORD_ONLY
        for parameter in parameters
    }


RECORDS = _parlour_records()
WIDE_RECORDS = [record for record in RECORDS if len(_constructor_fields(record)) >= WIDE]


def test_the_scan_finds_the_records_it_must() -> None:
    names = {record.__qualname__ for record in WIDE_RECORDS}
    assert {"BeloteState", "EcarteState", "BeziqueState", "ScoreEvent", "GameLog"} <= names


@pytest.mark.parametrize(
    "record", WIDE_RECORDS, ids=lambda record: f"{record.__module__}.{record.__qualname__}"
)
def test_a_wide_record_takes_its_fields_by_keyword_only(record: type) -> None:
    fields = _constructor_fields(record)
    positional = [name for name, by_keyword in fields.items() if not by_keyword]
    assert positional == []
