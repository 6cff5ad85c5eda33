"""Options, accepted and refused, for every option of every registered game (DESIGN.md §1.3, §2).

Generated from each game's option specs (`parlour.base.option_specs`): every example value
of every option is accepted by `new_game`, read back from the match's options record and
written to JSON and back; values of the wrong type or outside a choice, unknown names and
options that are not a mapping are refused with an `OptionsError` naming what was wrong.

What each value changes in play is a behavioural question: each game's ``test_options.py``
shows every value of every option with an observable difference, and the option names and
their defaults as the rules give them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import parlour
from parlour import OptionsError
from parlour.base import (
    OptionCheck,
    option_checks,
    options_to_json,
)
from parlour.engine import get_game

UNKNOWN_NAMES = ("colour", "", " target", "game_multiplier", "first_dealer", "trump", "Target")
"""Option names that no game has (checked against each game's names before use)."""

NOT_A_MAPPING: tuple[object, ...] = ([("target", 1000)], "target=1000", 3, ("target",), True)


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def is_choice(spec: OptionCheck) -> bool:
    """Whether the option takes only the values its examples list: `parlour.base.choice`
    describes such an option by its values, ``a | b``."""
    return spec.describe == " | ".join(json.dumps(_json(value)) for value in spec.examples)


def specs(game: str) -> dict[str, tuple[Any, OptionCheck]]:
    return option_checks(get_game(game).options_type)


def _ints(values: tuple[Any, ...]) -> list[int]:
    return [v for v in values if type(v) is int]


def bad_values(name: str, default: Any, spec: OptionCheck) -> list[tuple[str, Any]]:
    """Values that DESIGN.md §2 refuses for this option, each with a label."""
    examples = spec.examples
    bad: list[tuple[str, Any]] = []
    if None not in examples:
        bad.append(("None where it is not allowed", None))
    scalars = [v for v in (default, *examples) if v is not None and not isinstance(v, tuple)]
    for value in scalars:
        bad.append(("a list for a scalar", [value]))
        bad.append(("a dict for a scalar", {"value": value}))
    if all(type(v) is bool for v in examples):
        bad += [("an int for a bool", 1), ("an int for a bool", 0), ("a string", "true")]
        bad += [("a float", 1.0), ("a string", "false")]
    ints = _ints((default, *examples))
    for value in ints:
        bad += [("a bool for an int", True), ("a bool for an int", False)]
        bad += [("a float", float(value)), ("a string", str(value))]
    if name == "target":  # DESIGN.md §2: a positive int or None
        bad += [("zero", 0), ("a negative int", -5), ("a negative int", -1)]
    if any(type(v) is str for v in (default, *examples)):
        bad += [("an int for a string", 1), ("a bool for a string", True)]
    tuples = [v for v in (default, *examples) if isinstance(v, tuple)]
    for value in tuples:
        bad += [("a string for a list", ",".join(map(str, value))), ("a dict", {"a": 1})]
        bad += [("a string for a list", "".join(map(str, value)))]
        bad += [("a nested list", [list(value)])]
        if value:
            bad.append(("a scalar for a list", value[0]))
        if value and all(type(item) is int for item in value):
            bad += [("floats in a list", [float(item) for item in value])]
            bad += [("a float in a list", [*value[:-1], float(value[-1])])]
            bad += [("bools in a list", [True for _ in value])]
            bad += [("a string in a list", [str(item) for item in value])]
        if value and all(type(item) is str for item in value):
            bad += [("an unknown member", [*value, "dance"]), ("an int member", [1])]
            bad += [("a None member", [*value, None])]
    if is_choice(spec):
        bad += [(f"not one of the choice's values ({label})", v) for label, v in outside(spec)]
    return bad


def outside(spec: OptionCheck) -> list[tuple[str, Any]]:
    """Values of the choice's types that the choice does not list."""
    examples = spec.examples
    result: list[tuple[str, Any]] = []
    for value in examples:
        if type(value) is str:
            for other in (value.upper(), value + "s", value[:-1], value.split("_")[0], "", "never"):
                result.append(("a string", other))
            result.append(("a string", value.split("_", 1)[-1]))
            result.append(("a string", "random"))
        if isinstance(value, tuple) and value and all(type(item) is int for item in value):
            result.append(("a list", [value[0] + 1, *value[1:]]))
            result.append(("a list", [sum(value)]))
            result.append(("a list", list(value[:-1])))
    ints = _ints(examples)
    if ints:
        low, high = min(ints), max(ints)
        result += [("an int", n) for n in (*range(low - 1, high + 2), 2 * high, -high)]
    return [(label, v) for label, v in result if not _listed(v, examples)]


def _listed(value: Any, examples: tuple[Any, ...]) -> bool:
    """Whether ``value`` (a JSON list standing for a tuple) is one of ``examples``, type and all."""
    inside = tuple(value) if isinstance(value, list) else value
    return any(type(inside) is type(e) and inside == e for e in examples)


def _cases(kind: str) -> list[Any]:
    cases = []
    for game in parlour.game_names():
        for name, (default, spec) in specs(game).items():
            if kind == "good":
                for value in spec.examples:
                    cases.append(pytest.param(game, name, value, id=f"{game}-{name}-{value!r}"))
            else:
                for label, value in bad_values(name, default, spec):
                    ident = f"{game}-{name}-{label}-{value!r}"
                    cases.append(pytest.param(game, name, value, id=ident))
    return cases


# --- accepted ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "name", "value"), _cases("good"))
def test_every_example_value_is_accepted_and_read_back(game: str, name: str, value: Any) -> None:
    inside = tuple(value) if isinstance(value, (list, tuple)) else value
    as_json = _json(value)
    for given in (value, as_json):  # a tuple as Python gives it, a list as JSON gives it
        state = parlour.new_game(game, options={name: given})
        record = parlour.options(state)
        assert record == get_game(game).options(state)
        assert getattr(record, name) == inside
        assert type(getattr(record, name)) is type(inside)
        written = options_to_json(record)
        assert written[name] == as_json
        assert json.loads(json.dumps(written)) == written
        again = parlour.new_game(game, options=json.loads(json.dumps(written)))
        assert parlour.options(again) == record
        built = get_game(game).options_type(**{name: given})
        assert built == record
        assert getattr(built, name) == inside
    seeded = parlour.new_game(game, options={name: value}, seed=3)
    assert getattr(parlour.options(seeded), name) == inside
    assert len(parlour.legal_moves(seeded)) > 0


@pytest.mark.parametrize("game", parlour.game_names())
def test_the_defaults_are_read_back_and_written_in_declaration_order(game: str) -> None:
    state = parlour.new_game(game)
    record = parlour.options(state)
    assert record == get_game(game).options_type()
    written = options_to_json(record)
    assert list(written) == list(specs(game))
    for name, (default, _spec) in specs(game).items():
        assert getattr(record, name) == default
        assert written[name] == _json(default)
    assert parlour.options(parlour.new_game(game, options={})) == record
    assert parlour.options(parlour.new_game(game, options=None)) == record
    assert parlour.options(parlour.new_game(game, options=written)) == record


@pytest.mark.parametrize("game", parlour.game_names())
def test_a_ready_options_record_is_kept_as_it_is(game: str) -> None:
    values = {}
    for name, (default, spec) in specs(game).items():
        other = [value for value in spec.examples if value != default]
        if other:
            values[name] = other[0]
    record = get_game(game).options_type(**values)
    state = parlour.new_game(game, options=record)
    assert parlour.options(state) is record
    seeded = parlour.new_game(game, options=record, seed=1)
    assert parlour.options(seeded) == record
    after = parlour.apply(state, parlour.random_deal(state, random.Random(1)))
    assert parlour.options(after) == record


# --- refused -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "name", "value"), _cases("bad"))
def test_a_bad_value_is_refused_naming_the_option(game: str, name: str, value: Any) -> None:
    with pytest.raises(OptionsError) as raised:
        parlour.new_game(game, options={name: value})
    message = str(raised.value)
    assert name in message
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, parlour.ParlourError)
    with pytest.raises(OptionsError, match=name):
        get_game(game).options_type(**{name: value})
    good = {other: default for other, (default, _spec) in specs(game).items() if other != name}
    with pytest.raises(OptionsError, match=name):  # the other options being good changes nothing
        parlour.new_game(game, options={**good, name: value})


@pytest.mark.parametrize("game", parlour.game_names())
def test_a_refused_choice_lists_its_values(game: str) -> None:
    for name, (_default, spec) in specs(game).items():
        if not is_choice(spec) or not all(type(v) is str for v in spec.examples):
            continue
        with pytest.raises(OptionsError) as raised:
            parlour.new_game(game, options={name: "never"})
        for value in spec.examples:
            assert value in str(raised.value)


@pytest.mark.parametrize("game", parlour.game_names())
def test_unknown_option_names_are_refused(game: str) -> None:
    names = list(specs(game))
    unknown = [name for name in UNKNOWN_NAMES if name not in names]
    for name in names:
        unknown += [name + "s", name.upper(), name + " ", name.replace("_", "-")]
        if "_" in name:
            unknown.append(name.split("_")[0])
    unknown = [name for name in unknown if name not in names]
    assert unknown
    for name in unknown:
        default = specs(game)[names[0]][0]
        for options in ({name: 1}, {names[0]: default, name: True}):
            with pytest.raises(OptionsError) as raised:
                parlour.new_game(game, options=options)
            message = str(raised.value)
            assert repr(name) in message or (name and name in message), message
            for known in names:  # the message lists the game's options
                assert known in message


@pytest.mark.parametrize("game", parlour.game_names())
@pytest.mark.parametrize("options", NOT_A_MAPPING, ids=repr)
def test_options_that_are_not_a_mapping_are_refused(game: str, options: object) -> None:
    with pytest.raises(OptionsError, match="mapping"):
        parlour.new_game(game, options=options)


@pytest.mark.parametrize("game", parlour.game_names())
def test_another_games_options_record_is_refused(game: str) -> None:
    for other in parlour.game_names():
        if get_game(other).options_type is get_game(game).options_type:
            continue
        with pytest.raises(OptionsError):
            parlour.new_game(game, options=get_game(other).options_type())


@pytest.mark.parametrize("game", parlour.game_names())
@pytest.mark.parametrize("variant", ["upper", "title", "space", "empty", "other"])
def test_new_game_with_a_bad_name(game: str, variant: str) -> None:
    name = {
        "upper": game.upper(),
        "title": game.title(),
        "space": game + " ",
        "empty": "",
        "other": "bridge",
    }[variant]
    with pytest.raises(OptionsError) as raised:
        parlour.new_game(name)
    for known in parlour.game_names():  # the message lists the games
        assert known in str(raised.value)
