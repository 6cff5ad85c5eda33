"""Golden move-tree counts and golden playthroughs: every registered game against its files.

These are **regression goldens**: they pin what the engine does today, not what the rules say.
A change of behaviour (a legal set that grows or shrinks, a view that shows something new, a
score that moves) then shows up as a failing test with a diff to review. When the change is
intended, regenerate the files with

    python tests/golden/make_trees.py            # every registered game
    python tests/golden/make_trees.py belote     # one game

and commit the regenerated files on their own, with a message saying why the behaviour changed.
A registered game with no golden file yet is skipped with a message saying how to make one.

* **Move-tree counts** (``tests/golden/perft/<game>.txt``), in the spirit of python-chess's
  perft: for a few fixed positions, the number of distinct move sequences to each depth
  1..k: the leaves of the tree that applies every legal move, where a chance node (a deal is
  due) or the end of the match stops a branch early and counts as one leaf. Each file lists its
  positions (seed, options, dealer, the moves that lead there) so the test rebuilds the same
  positions and recomputes every count.
* **Playthroughs** (``tests/golden/playthroughs/<game>.txt``), in OpenSpiel's style: one fixed
  seeded match, and at every step the seat to act, the score, every seat's view and the
  spectator's (``json.dumps(view.to_dict(), sort_keys=True, ensure_ascii=False)``), the legal
  moves in order and the move taken. The moves are chosen by one ``random.Random(seed)``: at a
  chance node ``parlour.random_deal(state, rng)``, otherwise ``rng.choice(legal_moves(state))``.

The functions that compute both kinds of file live here, so that the test and the regeneration
script (``tests/golden/make_trees.py``) cannot drift apart: the script only chooses positions and
writes what these functions render.
"""

from __future__ import annotations

import difflib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import parlour

__all__ = [
    "PERFT_DIR",
    "PLAYTHROUGH_DIR",
    "REGENERATE",
    "PlaythroughSpec",
    "Position",
    "TreeTooLargeError",
    "parse_perft",
    "parse_playthrough_spec",
    "perft_text",
    "playthrough_text",
    "tree_counts",
]

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden"
PERFT_DIR = GOLDEN_DIR / "perft"
PLAYTHROUGH_DIR = GOLDEN_DIR / "playthroughs"
REGENERATE = "python tests/golden/make_trees.py"
"""The command that regenerates every golden file of this module (run from the repository root;
name games after it to regenerate only those)."""

MAX_PLAYTHROUGH_STEPS = 5_000
"""A playthrough that has not ended after this many moves is a bug, not a golden."""


def _json(value: Any) -> str:
    """Canonical one-line JSON: sorted keys, non-ASCII kept, default separators."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _header(title: str, what: Sequence[str], game: str) -> list[str]:
    return [
        f"# {title}",
        "# REGRESSION GOLDEN: pins the engine's current behaviour; it is not derived from the",
        "# rules. A difference is a change of behaviour to review, not automatically a bug.",
        *(f"# {line}" for line in what),
        f"# Regenerate (a deliberate act, committed on its own): {REGENERATE} {game}",
    ]


# --- move-tree counts ----------------------------------------------------------------------------


class TreeTooLargeError(Exception):
    """Raised by `tree_counts` when the tree has more nodes than its ``limit``."""


@dataclass(frozen=True)
class Position:
    """A fixed position: ``new_game(game, options=..., seed=..., dealer=...)`` then ``moves``.

    ``name`` identifies the position inside its golden file; ``moves`` are canonical move texts.
    """

    name: str
    game: str
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: int = 0
    moves: tuple[str, ...] = ()

    def state(self) -> Any:
        """The position's state; each move text must be canonical and legal."""
        state = parlour.new_game(
            self.game, options=dict(self.options), seed=self.seed, dealer=self.dealer
        )
        for text in self.moves:
            move = parlour.parse_move(state, text)
            assert str(move) == text, f"{text!r} is not canonical (it is {str(move)!r})"
            state = parlour.apply(state, move)
        return state

    def to_json(self) -> str:
        """The position's line in a golden file (after the word ``position`` and its name)."""
        return _json(
            {
                "seed": self.seed,
                "options": dict(self.options),
                "dealer": self.dealer,
                "moves": list(self.moves),
            }
        )


def tree_counts(state: Any, depth: int, *, limit: int | None = None) -> tuple[int, ...]:
    """The number of leaves of the legal-move tree below ``state`` at each depth 1..``depth``.

    Entry ``d - 1`` counts the distinct move sequences of length ``d`` that apply every legal
    move in turn, where a branch that reaches a chance node (`parlour.is_chance`) or the end of
    the match (`parlour.is_over`) before depth ``d`` stops there and counts as one leaf. (If
    ``state`` itself is such a node, every entry is 1.) One depth-first walk gives every depth.
    With ``limit``, `TreeTooLargeError` is raised as soon as more than ``limit`` nodes were visited.
    """
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    counts = [0] * depth
    visited = 0

    def walk(node: Any, level: int) -> None:
        nonlocal visited
        visited += 1
        if limit is not None and visited > limit:
            raise TreeTooLargeError(f"more than {limit} nodes")
        if level:
            counts[level - 1] += 1
        if parlour.is_chance(node) or parlour.is_over(node):
            for deeper in range(level, depth):
                counts[deeper] += 1
            return
        if level == depth:
            return
        for move in parlour.legal_moves(node):
            walk(parlour.apply(node, move), level + 1)

    walk(state, 0)
    return tuple(counts)


def perft_text(game: str, positions: Sequence[tuple[Position, int]]) -> str:
    """The golden file of ``game``: its positions, each with the counts to its depth."""
    lines = _header(
        f"Move-tree counts (perft) of {game}.",
        [
            "A count is the number of distinct move sequences of that depth from the position,",
            "applying every legal move; a chance node (a deal due) or the end of the match stops",
            "a branch early and counts as one leaf. A position is new_game(game, options=...,",
            "seed=..., dealer=...) followed by its moves. Lines: 'position <name> <json>', then",
            "'<name> <depth> <count>'. Checked by tests/conformance/test_golden_trees.py.",
        ],
        game,
    )
    for position, depth in positions:
        lines.append("")
        lines.append(f"position {position.name} {position.to_json()}")
        for level, count in enumerate(tree_counts(position.state(), depth), start=1):
            lines.append(f"{position.name} {level} {count}")
    return "\n".join(lines) + "\n"


def parse_perft(game: str, text: str) -> list[tuple[Position, int]]:
    """The positions of a perft golden file and the depth each goes to."""
    positions: dict[str, Position] = {}
    depths: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("position "):
            _, name, spec = line.split(" ", 2)
            fields = json.loads(spec)
            assert name not in positions, f"line {number}: position {name} appears twice"
            positions[name] = Position(
                name=name,
                game=game,
                seed=fields["seed"],
                options=fields["options"],
                dealer=fields["dealer"],
                moves=tuple(fields["moves"]),
            )
            depths[name] = 0
            continue
        name, level, _count = line.split(" ")
        assert name in positions, f"line {number}: count for an unknown position {name}"
        assert int(level) == depths[name] + 1, f"line {number}: depth {level} out of order"
        depths[name] = int(level)
    assert positions, "the file lists no position"
    return [(position, depths[name]) for name, position in positions.items()]


# --- playthroughs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaythroughSpec:
    """A fixed seeded match: ``new_game(game, options=..., dealer=...)`` with no seed, then
    every move drawn from one ``random.Random(seed)`` (see the module docstring)."""

    game: str
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: int = 0

    def to_json(self) -> str:
        return _json(
            {
                "game": self.game,
                "seed": self.seed,
                "options": dict(self.options),
                "dealer": self.dealer,
            }
        )


def _seat_name(seat: int | None) -> str:
    return "spectator" if seat is None else str(seat)


def playthrough_text(spec: PlaythroughSpec) -> str:
    """The golden playthrough of ``spec``: a header, the spec line, then one block per step.

    A block gives the step number, the seat to act (``chance`` or ``over``), the score, each
    seat's view and the spectator's as canonical JSON, the legal moves in order, and the move
    taken; the last block (the match over) gives the winners instead of a move.
    """
    lines = _header(
        f"Golden playthrough of {spec.game}.",
        [
            "One seeded match: rng = random.Random(seed); at a chance node the move is",
            "parlour.random_deal(state, rng), otherwise rng.choice(parlour.legal_moves(state)).",
            "Each step shows the state before its move: the seat to act, the score, every",
            "seat's view and the spectator's (json.dumps(view(state, seat).to_dict(),",
            "sort_keys=True, ensure_ascii=False)), the legal moves in order, the move taken.",
            "Checked by tests/conformance/test_golden_trees.py.",
        ],
        spec.game,
    )
    lines += [f"spec {spec.to_json()}"]
    rng = random.Random(spec.seed)
    state = parlour.new_game(spec.game, options=dict(spec.options), dealer=spec.dealer)
    seats: tuple[int | None, ...] = (*range(parlour.players(state)), None)
    step = 0
    while True:
        actor = parlour.current_player(state)
        shown = "over" if actor is None else "chance" if actor is parlour.CHANCE else str(actor)
        lines += [
            "",
            f"== step {step} ==",
            f"to_act: {shown}",
            f"score: {_json(parlour.score(state))}",
        ]
        for seat in seats:
            lines.append(f"view {_seat_name(seat)}: {_json(parlour.view(state, seat).to_dict())}")
        legal = parlour.legal_moves(state)
        lines.append(f"legal: {_json([str(move) for move in legal])}")
        if actor is None:
            lines.append(f"winners: {_json(parlour.winners(state))}")
            break
        assert step < MAX_PLAYTHROUGH_STEPS, f"{spec} has not ended after {step} moves"
        move = parlour.random_deal(state, rng) if actor is parlour.CHANCE else rng.choice(legal)
        lines.append(f"move: {move}")
        state = parlour.apply(state, move)
        step += 1
    return "\n".join(lines) + "\n"


def parse_playthrough_spec(text: str) -> PlaythroughSpec:
    """The spec line of a golden playthrough file."""
    for line in text.splitlines():
        if line.startswith("spec "):
            fields = json.loads(line[len("spec ") :])
            return PlaythroughSpec(
                game=fields["game"],
                seed=fields["seed"],
                options=fields["options"],
                dealer=fields["dealer"],
            )
    raise AssertionError("the file has no 'spec' line")


# --- the tests -----------------------------------------------------------------------------------


def _golden_or_skip(folder: Path, game: str) -> str:
    path = folder / f"{game}.txt"
    if not path.exists():
        pytest.skip(
            f"{game} has no golden file {path.relative_to(ROOT)} yet: run "
            f"`{REGENERATE} {game}` from the repository root, review the file and commit it "
            "on its own"
        )
    return path.read_text(encoding="utf-8")


def _first_difference(expected: list[str], actual: list[str]) -> str:
    """Where the two texts first differ: the line number and, for a long line, a window of
    both versions around the first differing character (views are long JSON lines)."""
    for number, (old, new) in enumerate(zip(expected, actual, strict=False), start=1):
        if old != new:
            column = next(
                (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                min(len(old), len(new)),
            )
            start = max(0, column - 80)
            return (
                f"first difference: line {number}, column {column + 1}:\n"
                f"  golden: …{old[start : column + 80]}…\n"
                f"  now:    …{new[start : column + 80]}…"
            )
    return f"first difference: the golden file has {len(expected)} lines, now {len(actual)}"


def _assert_same(game: str, kind: str, expected: str, actual: str, *, context: int = 3) -> None:
    """Fail with the first difference and a short unified diff (golden file against the
    engine) when they differ."""
    if expected == actual:
        return
    old, new = expected.splitlines(), actual.splitlines()
    diff = list(
        difflib.unified_diff(
            old,
            new,
            fromfile=f"tests/golden/{kind}/{game}.txt (golden)",
            tofile=f"{game} (the engine now)",
            n=context,
            lineterm="",
        )
    )
    shown = [line if len(line) <= 200 else line[:200] + " …" for line in diff[:60]]
    more = f"\n… {len(diff) - 60} more diff lines" if len(diff) > 60 else ""
    pytest.fail(
        f"{game}'s behaviour differs from its {kind} golden file (a regression golden). If the "
        f"change is intended, regenerate with `{REGENERATE} {game}` and commit the file on its "
        f"own.\n{_first_difference(old, new)}\n" + "\n".join(shown) + more,
        pytrace=False,
    )


@pytest.mark.parametrize("game", parlour.game_names())
def test_move_tree_counts_match_the_golden_file(game: str) -> None:
    """Every count of ``tests/golden/perft/<game>.txt`` is what the engine gives today."""
    golden = _golden_or_skip(PERFT_DIR, game)
    _assert_same(game, "perft", golden, perft_text(game, parse_perft(game, golden)), context=0)


@pytest.mark.parametrize("game", parlour.game_names())
def test_playthrough_matches_the_golden_file(game: str) -> None:
    """``tests/golden/playthroughs/<game>.txt`` is what the engine plays and shows today."""
    golden = _golden_or_skip(PLAYTHROUGH_DIR, game)
    spec = parse_playthrough_spec(golden)
    assert spec.game == game
    _assert_same(game, "playthroughs", golden, playthrough_text(spec))


def test_every_golden_file_belongs_to_a_registered_game() -> None:
    """No stale golden file: each one is named after a registered game."""
    games = set(parlour.game_names())
    for folder in (PERFT_DIR, PLAYTHROUGH_DIR):
        names = sorted(path.stem for path in folder.glob("*.txt"))
        assert [name for name in names if name not in games] == [], folder
