"""The docstrings' examples run, and every public function shows one and says what it raises.

Every ``>>>`` example in the modules that define the facade's functions and the agents is run
with `doctest` and must give the output it shows. Every function of ``parlour.__all__`` (and
``play_match``, ``make_agent`` and the built-in agents' ``choose``) must have at least one
example and a ``Raises:`` line, written where the function is defined; a function that raises
nothing says ``Raises: nothing.``. The functions that report illegal moves name the shared
violation ids they can give.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import parlour
from parlour import agents

MODULES = (
    "parlour.base._cards",
    "parlour.engine._game",
    "parlour.engine._functions",
    "parlour.engine._positions",
    "parlour.engine._sampling",
    "parlour.engine._events",
    "parlour.engine._outcome",
    "parlour.engine._catalog",
    "parlour.games",
    "parlour.io._limits",
    "parlour.io._log",
    "parlour.io._match",
    "parlour.io._runner",
    "parlour.io._sources",
    "parlour.io._summary",
    "parlour.agents._base",
    "parlour.agents._heuristic",
    "parlour.agents._ismcts",
    "parlour.agents._runner",
    "parlour.agents._specs",
)
"""The modules whose docstring examples are run."""

EXEMPT: dict[str, str] = {}
"""Facade functions excused from the example and ``Raises:`` rule, each with its reason."""

SHARED_IDS = (
    "turn.not_your_turn",
    "turn.match_over",
    "turn.deal_due",
    "turn.no_deal_due",
    "deal.not_the_deck",
    "deal.bad_layout",
    "card.not_held",
    "phase.wrong_move",
)
"""The violation ids every game shares."""

REPORTS_ILLEGAL_MOVES = ("apply", "check", "replay", "validate")
"""Facade functions that report illegal moves, so name the shared violation ids."""

RAISES = re.compile(r"^\s*Raises: \S", re.MULTILINE)


def _facade_functions() -> list[str]:
    return [name for name in parlour.__all__ if inspect.isfunction(getattr(parlour, name))]


def _agent_functions() -> dict[str, Callable[..., Any]]:
    return {
        "play_match": agents.play_match,
        "make_agent": agents.make_agent,
        "RandomAgent.choose": agents.RandomAgent.choose,
        "HeuristicAgent.choose": agents.HeuristicAgent.choose,
        "ISMCTSAgent.choose": agents.ISMCTSAgent.choose,
    }


def _documented() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {
        name: getattr(parlour, name) for name in _facade_functions() if name not in EXEMPT
    }
    found.update(_agent_functions())
    return found


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples_run(module_name: str) -> None:
    module: ModuleType = importlib.import_module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(module, module_name)
    for test in tests:
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} docstring example(s) of {module_name} failed"


def test_the_modules_hold_every_documented_function() -> None:
    for name, function in _documented().items():
        assert inspect.unwrap(function).__module__ in MODULES, name


@pytest.mark.parametrize("name", sorted(_documented()))
def test_every_public_function_shows_an_example_and_what_it_raises(name: str) -> None:
    doc = inspect.getdoc(_documented()[name]) or ""
    assert ">>> " in doc, f"{name} has no doctest example"
    assert RAISES.search(doc), f"{name} has no 'Raises:' line"
    assert doctest.DocTestParser().get_examples(doc), f"{name}'s examples do not parse"


@pytest.mark.parametrize("name", (*REPORTS_ILLEGAL_MOVES, "play_match"))
def test_the_functions_that_report_illegal_moves_name_the_shared_ids(name: str) -> None:
    function = getattr(parlour, name, None) or getattr(agents, name)
    doc = inspect.getdoc(function) or ""
    missing = [rule for rule in SHARED_IDS if f"``{rule}``" not in doc]
    assert not missing, f"{name} does not name {missing}"
    assert "``<game>.<duty>``" in doc, f"{name} does not point to the game's own ids"


def test_the_exemptions_are_facade_functions_still_without_examples() -> None:
    functions = _facade_functions()
    for name in EXEMPT:
        assert name in functions, name
        assert ">>> " not in (getattr(parlour, name).__doc__ or ""), f"{name} needs no exemption"
