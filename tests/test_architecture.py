"""The shape of the package, checked from its source: what `lint-imports` (the layers, the
private modules, no cycles; `[tool.importlinter]` in pyproject.toml) cannot see.

* no module loose in ``src/parlour`` (only the facade, ``__main__`` and the layer packages);
* no import inside a function or a class, and none under ``TYPE_CHECKING``, except the imports of
  optional extras, each marked with its one-line reason (``# optional extra: …``);
* immutability kept honestly: no ``__class__`` assignment anywhere, and ``object.__setattr__``
  only in the one private builder (`parlour.base._records`);
* one registry: `parlour.engine.register` is called only by `parlour.games` (the one line per
  built-in game in ``GAMES``), and nothing outside a game's subpackage and `parlour.games` imports
  a particular game;
* the design page tells the tree as it is: its table "Every module, one line each" lists each
  module once, with its length to within a tenth (or 15 lines), and every module path the page
  names exists.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import parlour
from parlour.games import GAMES

PACKAGE = Path(parlour.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))
GAME_PACKAGES = tuple(f"parlour.{game.name}" for game in GAMES)
BUILDER = PACKAGE / "base" / "_records.py"
EXTRA_MARK = "# optional extra:"
DESIGN_PAGE = Path(__file__).parents[1] / "docs" / "design.md"
MODULE_ROW = re.compile(r"^\| `([\w/.]+\.py)` \| (\d+) \| .+ \|$", re.MULTILINE)
NAMED_PATH = re.compile(r"`((?:[\w.]+/)+[\w.]+\.py)`")


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _nested_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Imports that are not at the top level of the module."""
    top = {id(node) for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
            yield node


def test_no_module_is_loose_in_the_package() -> None:
    loose = sorted(
        path.name
        for path in PACKAGE.glob("*.py")
        if path.name not in ("__init__.py", "__main__.py")
    )
    assert loose == [], f"modules outside the layer packages: {loose}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: _module(path))
def test_imports_are_at_the_top_except_optional_extras(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    for node in _nested_imports(_tree(path)):
        line = lines[node.lineno - 1]
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
            alias.name for alias in node.names
        ]
        ours = [name for name in names if name == "parlour" or name.startswith("parlour.")]
        assert not ours, f"{_module(path)}:{node.lineno} imports our own {ours} lazily"
        assert EXTRA_MARK in line, (
            f"{_module(path)}:{node.lineno} imports {names} inside a function or class without "
            f"'{EXTRA_MARK} <reason>'"
        )


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: _module(path))
def test_no_type_checking_imports(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            pytest.fail(f"{_module(path)}:{node.lineno} imports under TYPE_CHECKING")


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: _module(path))
def test_frozen_records_are_not_written_after_construction(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "__class__":
                    pytest.fail(f"{_module(path)}:{node.lineno} assigns __class__")
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) == "object.__setattr__"
            and path != BUILDER
        ):
            pytest.fail(
                f"{_module(path)}:{node.lineno} writes a record with object.__setattr__ outside "
                "the one builder (parlour.base._records)"
            )


def test_games_are_registered_in_one_place() -> None:
    callers = sorted(
        _module(path)
        for path in SOURCES
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "register"
    )
    assert callers == ["parlour.games"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: _module(path))
def test_nothing_outside_a_game_names_that_game(path: Path) -> None:
    module = _module(path)
    if module in ("parlour", "parlour.games") or module.startswith(GAME_PACKAGES):
        return
    for node in ast.walk(_tree(path)):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
            if node.module == "parlour":
                names += [f"parlour.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            assert not name.startswith(GAME_PACKAGES), f"{module} imports {name}"


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_design_page_lists_every_module_once_with_its_length() -> None:
    rows = MODULE_ROW.findall(DESIGN_PAGE.read_text(encoding="utf-8"))
    listed = [name for name, _ in rows]
    modules = sorted(str(path.relative_to(PACKAGE).as_posix()) for path in SOURCES)
    assert sorted(listed) == modules, (
        f"missing from the page: {sorted(set(modules) - set(listed))}; "
        f"not in the package: {sorted(set(listed) - set(modules))}; "
        f"listed twice: {sorted({name for name in listed if listed.count(name) > 1})}"
    )
    stale = [
        (name, int(count), _lines(PACKAGE / name))
        for name, count in rows
        if abs(int(count) - _lines(PACKAGE / name)) > max(15, _lines(PACKAGE / name) // 10)
    ]
    assert stale == [], f"(module, lines on the page, lines now): {stale}"


def test_every_module_path_the_design_page_names_exists() -> None:
    roots = (PACKAGE, DESIGN_PAGE.parents[1])
    named = set(NAMED_PATH.findall(DESIGN_PAGE.read_text(encoding="utf-8")))
    missing = sorted(path for path in named if not any((root / path).is_file() for root in roots))
    assert missing == []
