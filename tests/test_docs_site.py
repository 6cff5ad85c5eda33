"""The documentation site (docs/, built with Sphinx, furo and MyST).

* It builds with every warning an error (``sphinx -W``), in a subprocess with a time limit;
  Sphinx itself then fails on a page missing from the toctree, a link to a missing page or
  anchor, a docstring it cannot parse, and a cross-reference that resolves to nothing (a
  small site with such a reference is built to show that it does fail).
* Its API reference documents every public name (``__all__`` of ``parlour`` and of each game
  subpackage) and nothing else: no private name, no field of a state or of a game object.
* Every relative link and anchor in the Markdown pages (and in the README and the CHANGELOG,
  which the site includes) leads somewhere: checked here without Sphinx, by the same slug rule
  MyST and the forges use for headings.
* Every fenced ``python`` block of a page runs, unless it is marked as one that cannot run in
  CI (``<!-- not run: the reason -->``); ``pycon`` blocks are already doctests (pytest collects
  ``docs/*.md`` with ``--doctest-glob``).
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BUILD_SECONDS = 300
"""The most a build may take (it takes about ten seconds on one core)."""

PUBLIC_MODULES = (
    "parlour",
    "parlour.belote",
    "parlour.bezique",
    "parlour.burraco",
    "parlour.coinche",
    "parlour.ecarte",
    "parlour.svg",
    "parlour.web",
)
"""The modules whose ``__all__`` is the public API."""

OPTIONAL_MODULES = frozenset(
    {
        "atheris",
        "colver",
        "dask",
        "distributed",
        "gymnasium",
        "numpy",
        "open_spiel",
        "pettingzoo",
        "pyspiel",
    }
)
"""The optional integrations: a page's Python block that needs a missing one ends the page."""

LINKED_PAGES = (*sorted(DOCS.rglob("*.md")), ROOT / "README.md", ROOT / "CHANGELOG.md")


# -- reading Markdown ------------------------------------------------------------------------

_FENCE = re.compile(r"^(`{3,}|~{3,})([^\n]*)\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"(`+).+?\1", re.DOTALL)
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_EXPLICIT_TARGET = re.compile(r"^\(([^()\s]+)\)=[ \t]*$", re.MULTILINE)


def fenced_blocks(text: str) -> Iterator[tuple[str, str]]:
    """Each fenced block of a Markdown text: its language (the info string's first word), its
    body."""
    for match in _FENCE.finditer(text):
        info = match.group(2).strip().split()
        yield (info[0] if info else ""), match.group(3)


def prose(text: str) -> str:
    """The text without its fenced blocks and inline code spans, where no link can be."""
    return _INLINE_CODE.sub("", _FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor, by the rule GitHub and MyST share: the heading's text (markup
    removed) in lower case, without punctuation other than ``-`` and ``_``, spaces as ``-``."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").replace("*", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor a page defines: its headings' slugs (a repeated one gets ``-1``, ``-2``…)
    and its explicit MyST targets (``(name)=``)."""
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    found: set[str] = set()
    for _, heading in _HEADING.findall(text):
        base = candidate = slug(heading)
        repeat = 0
        while candidate in found:
            repeat += 1
            candidate = f"{base}-{repeat}"
        found.add(candidate)
    return found | set(_EXPLICIT_TARGET.findall(text))


def relative_links(page: Path) -> list[str]:
    """The targets of the page's links that are not URLs (no scheme)."""
    targets = _LINK.findall(prose(page.read_text(encoding="utf-8")))
    return [target for target in targets if not re.match(r"^[a-z][a-z0-9+.-]*:", target)]


def broken_link(page: Path, target: str) -> str | None:
    """Why ``target``, a relative link of ``page``, leads nowhere; ``None`` if it resolves."""
    path_text, _, anchor = target.partition("#")
    destination = (page.parent / path_text).resolve() if path_text else page
    if not destination.exists():
        return f"{target}: no such file"
    if anchor and destination.suffix == ".md" and anchor not in anchors(destination):
        return f"{target}: {destination.name} has no anchor #{anchor}"
    return None


def test_the_markdown_readers_find_links_anchors_and_blocks() -> None:
    """The readers above do find what they look for (the checks below cannot pass vacuously)."""
    assert slug("Order of `legal_moves`") == "order-of-legal_moves"
    assert slug("The canonical mapping (`random_deal`)") == "the-canonical-mapping-random_deal"
    assert slug("Search bots: `resample_hidden`") == "search-bots-resample_hidden"
    assert {"violation-ids", "rule-decisions", "move-notation"} <= anchors(DOCS / "belote.md")
    assert "belote.md#violation-ids" in relative_links(DOCS / "api.md")
    sample = "x\n```python\nprint(1)\n```\n`[no](link.md)` and [yes](page.md#part)\n"
    assert list(fenced_blocks(sample)) == [("python", "print(1)\n")]
    assert python_programs(DOCS / "api.md") == []  # its examples are all doctests
    marked = "<!-- not run: needs a cluster -->\n```python\nconnect()\n```\n"
    mark = NOT_RUN.search(marked, 0, marked.index("```"))
    assert mark is not None and mark.group(1) == "needs a cluster"
    assert NOT_RUN.search("<!-- not run: x -->\n\ntext\n", 0, 24) is None
    assert _LINK.findall(prose(sample)) == ["page.md#part"]


@pytest.mark.parametrize("page", LINKED_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    problems = [broken_link(page, target) for target in relative_links(page)]
    assert [problem for problem in problems if problem is not None] == []


# -- running the Python blocks ---------------------------------------------------------------


NOT_RUN = re.compile(r"<!-- not run: ([^>]+?) -->[ \t]*\n$")
"""The mark of a block that cannot run in CI (it needs a cluster or a network), on the line
just before its fence, with the reason: ``<!-- not run: needs a Dask scheduler -->``."""


def python_programs(page: Path) -> list[tuple[str, str | None]]:
    """The page's fenced ``python`` blocks that are programs, each with the reason it is not
    run if it is marked so; a block of ``>>>`` lines is a doctest, which pytest already runs."""
    text = page.read_text(encoding="utf-8")
    programs = []
    for match in _FENCE.finditer(text):
        info = match.group(2).strip().split()
        body = match.group(3)
        if not info or info[0] not in {"python", "py"} or body.lstrip().startswith(">>>"):
            continue
        mark = NOT_RUN.search(text, 0, match.start())
        programs.append((body, mark.group(1) if mark else None))
    return programs


def run_programs(page: Path) -> str | None:
    """Run the page's ``python`` programs in order in one namespace, as a reader would; a block
    marked ``<!-- not run: reason -->`` is compiled only, and a block that needs a missing
    optional integration ends the page. Why a block fails, or ``None``."""
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem.replace('-', '_')}"}
    for number, (body, not_run) in enumerate(python_programs(page), start=1):
        where = f"python block {number} of {page.relative_to(DOCS)}"
        try:
            code = compile(body, where, "exec")
            if not_run is None:
                exec(code, namespace)
        except ModuleNotFoundError as error:
            if (error.name or "").split(".")[0] in OPTIONAL_MODULES:
                return None
            return f"{where}: {error!r}"
        except Exception as error:
            return f"{where}: {error!r}"
    return None


def test_every_python_program_of_the_pages_runs() -> None:
    """A block that cannot run in CI at all (it needs a cluster, a network) is marked
    ``<!-- not run: the reason -->`` on the line before its fence."""
    failures = [run_programs(page) for page in sorted(DOCS.rglob("*.md"))]
    assert [failure for failure in failures if failure is not None] == []


# -- building the site -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built once with ``-W`` (any warning fails the build)."""
    for module in ("sphinx", "furo", "myst_parser"):
        pytest.importorskip(module)
    out = tmp_path_factory.mktemp("site")
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-E",
        "-q",
        "-b",
        "html",
        "-d",
        str(out / "doctrees"),
        str(DOCS),
        str(out / "html"),
    ]
    built = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS, check=False
    )
    assert built.returncode == 0, f"sphinx -W failed:\n{built.stdout}\n{built.stderr}"
    assert "WARNING" not in built.stderr, built.stderr
    return out / "html"


def test_a_reference_to_nothing_fails_the_build(tmp_path: Path) -> None:
    """With the site's configuration, a cross-reference to a name that exists nowhere is an
    error, while one to an existing object that is not documented is shown as plain code."""
    for module in ("sphinx", "furo", "myst_parser"):
        pytest.importorskip(module)
    source = tmp_path / "docs"
    source.mkdir()
    (source / "conf.py").write_text((DOCS / "conf.py").read_text(encoding="utf-8"), "utf-8")
    (source / "index.md").write_text(
        "# A page\n\nSee {py:class}`parlour.engine.Game` and {py:func}`parlour.aply`.\n", "utf-8"
    )
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "-E",
            "-q",
            "-b",
            "html",
            str(source),
            str(tmp_path / "out"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_SECONDS,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert built.returncode != 0
    assert "reference target not found: parlour.aply" in built.stderr
    assert "parlour.engine.Game" not in built.stderr


def inventory(site: Path) -> dict[str, str]:
    """Every object the site documents (from ``objects.inv``): name -> ``domain:role``."""
    data = (site / "objects.inv").read_bytes()
    header_end = 0
    for _ in range(4):  # four header lines, then the zlib-compressed entries
        header_end = data.index(b"\n", header_end) + 1
    entries: dict[str, str] = {}
    for line in zlib.decompress(data[header_end:]).decode("utf-8").splitlines():
        match = re.match(r"(.+?)\s+(\S+:\S+)\s+-?\d+\s+\S*\s+.*$", line)
        assert match, line
        entries[match.group(1)] = match.group(2)
    return entries


def public_names() -> dict[str, str]:
    """Each public name -> the name the reference documents it under: itself, or the first
    module's name for an object several modules export (Bezique's ``Play`` is Belote's)."""
    first: dict[int, str] = {}
    names: dict[str, str] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            names[f"{module_name}.{name}"] = first.setdefault(id(value), f"{module_name}.{name}")
    return names


def opaque_names() -> set[str]:
    """The documented names of each game's state class and game class: read through the
    functions, never through their fields, so the reference lists none of their members."""

    documented = public_names()
    found = set()
    for game_name in BUILT_IN:
        module = importlib.import_module(f"parlour.{game_name}")
        for name in module.__all__:
            value = getattr(module, name)
            if value is module.GAME.state_type or value is type(module.GAME):
                found.add(documented[f"parlour.{game_name}.{name}"])
    return found


def test_the_site_has_its_pages(site: Path) -> None:
    pages = [
        "index",
        "getting-started",
        "concepts",
        "api",
        "log-format",
        "belote",
        "bezique",
        "burraco",
        "coinche",
        "ecarte",
        "changelog",
        "performance",
        "design",
        "reference/index",
        "reference/parlour",
        "reference/svg",
        "reference/web",
        "front-end",
        "web",
        "writing-a-bot",
        "validating-logs",
        "training-an-agent",
        "encodings",
        "integrations",
        "views",
        "svg",
        "fuzzing",
    ]
    assert [page for page in pages if not (site / f"{page}.html").is_file()] == []
    assert "Unreleased" in (site / "changelog.html").read_text(encoding="utf-8")


def test_the_reference_documents_every_public_name(site: Path) -> None:
    documented = inventory(site)
    missing = sorted({name for name in public_names().values() if name not in documented})
    assert missing == []
    assert documented["parlour.apply"] == "py:function"
    assert documented["parlour.belote.Options"] == "py:class"


def canonical_names() -> dict[str, str]:
    """Each public class's defining name (``parlour.belote.BeloteGame``) -> its documented
    name: autodoc records a class under both (its ``:canonical:`` alias)."""
    names: dict[str, str] = {}
    for name, documented in public_names().items():
        module_name, _, attribute = name.rpartition(".")
        value = getattr(importlib.import_module(module_name), attribute)
        home, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
        if isinstance(home, str) and isinstance(qualname, str):
            names.setdefault(f"{home}.{qualname}", documented)
    return names


def documented_name(name: str, canonical: dict[str, str]) -> str:
    """``name`` with a canonical class name, or a member's, replaced by the documented one."""
    if name in canonical:
        return canonical[name]
    owner, _, member = name.rpartition(".")
    return f"{canonical[owner]}.{member}" if owner in canonical else name


def test_the_reference_documents_nothing_internal(site: Path) -> None:
    """Every documented Python name is a public name, a module, or a public member (no leading
    underscore) of a public class that is not a state or a game."""
    public = set(public_names().values())
    opaque = opaque_names()
    canonical = canonical_names()
    assert {"parlour.belote.BeloteState", "parlour.burraco.BurracoGame"} <= opaque
    assert canonical["parlour.belote._game.BeloteGame"] == "parlour.belote.BeloteGame"
    internal = []
    for name, role in inventory(site).items():
        name = documented_name(name, canonical)
        if not role.startswith("py:") or name in public or role == "py:module":
            continue
        owner, _, member = name.rpartition(".")
        if owner in opaque or owner not in public or member.startswith("_"):
            internal.append(name)
    assert internal == []
