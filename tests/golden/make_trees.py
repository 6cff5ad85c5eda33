"""Write the regression goldens of tests/golden/perft/ and tests/golden/playthroughs/.

    python tests/golden/make_trees.py              # every registered game
    python tests/golden/make_trees.py burraco      # only the games named

Run it from the repository root. The files pin the engine's current behaviour (they are not
derived from the rules): ``tests/conformance/test_golden_trees.py`` recomputes them and fails
with a diff when the engine changes. Regenerating is a deliberate act: review the diff and commit
the regenerated files on their own, with a message saying why the behaviour changed.

What is written, per game:

* ``perft/<game>.txt``: move-tree counts (see `tree_counts`) for the fresh deals
  ``new_game(game, seed=k)`` of a few fixed seeds and for a few positions inside a deal, each to
  the depth of its `Plan`. A game without a plan here (a newly registered one) gets the default
  plan: the seeds `DEFAULT_SEEDS`, plus the position four moves into the first of them along the
  seeded random walk, each to the deepest depth whose tree stays within `DEFAULT_NODE_BUDGET`
  nodes; add a `Plan` to choose better positions.
* ``playthroughs/<game>.txt``: the match of `PLAYTHROUGHS` (default: seed 1, a single deal with
  ``{"target": None}`` when the game accepts it), every step shown (see `playthrough_text`).

The rendering itself lives in the test module so that the test and this script cannot drift.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conformance.test_golden_trees import (  # noqa: E402
    PERFT_DIR,
    PLAYTHROUGH_DIR,
    PlaythroughSpec,
    Position,
    TreeTooLargeError,
    perft_text,
    playthrough_text,
    tree_counts,
)

import parlour  # noqa: E402

Until = Callable[[Any, Sequence[str]], bool]
"""A predicate on (state, moves so far) that stops a seeded random walk."""


@dataclass(frozen=True)
class Inside:
    """A position inside a deal: from ``new_game(game, seed=seed)``, either the explicit
    ``moves``, or the moves of the uniform random walk drawn from ``random.Random(seed)`` up to
    the first state where ``until`` holds (the moves found are written into the golden file)."""

    name: str
    seed: int
    depth: int
    moves: tuple[str, ...] = ()
    until: Until | None = None

    def position(self, game: str) -> Position:
        if self.until is None:
            return Position(self.name, game, self.seed, moves=self.moves)
        return Position(self.name, game, self.seed, moves=walk_until(game, self.seed, self.until))


@dataclass(frozen=True)
class Plan:
    """The positions of one game's perft file: fresh deals of ``seeds`` to ``depth``, and the
    positions ``inside`` a deal, each to its own depth."""

    seeds: tuple[int, ...]
    depth: int
    inside: tuple[Inside, ...]


def walk_until(game: str, seed: int, until: Until, *, limit: int = 1_000) -> tuple[str, ...]:
    """The moves of the seeded random walk from ``new_game(game, seed=seed)`` (uniform choices
    from ``random.Random(seed)``) up to the first state where ``until(state, moves)`` holds."""
    state = parlour.new_game(game, seed=seed)
    rng = random.Random(seed)
    moves: list[str] = []
    while not until(state, moves):
        if parlour.is_chance(state) or parlour.is_over(state) or len(moves) >= limit:
            raise ValueError(f"{game} seed {seed}: the walk ended before its condition held")
        move = rng.choice(parlour.legal_moves(state))
        moves.append(str(move))
        state = parlour.apply(state, move)
    return tuple(moves)


def _legal_texts(state: Any) -> list[str]:
    return [str(move) for move in parlour.legal_moves(state)]


def _bezique_meld_window(state: Any, moves: Sequence[str]) -> bool:
    """A trick winner's window in which a meld is legal."""
    return any(text.startswith("meld ") for text in _legal_texts(state))


def _bezique_last_stage(state: Any, moves: Sequence[str]) -> bool:
    """The first lead of the last stage (the stock is empty, the strict play duties hold)."""
    return bool(parlour.view(state, None).to_dict()["phase"] == "last_stage")


PLANS: dict[str, Plan] = {
    # Fresh deals to depth 9 run through the bidding (both rounds when all pass) into the play.
    # Inside: the taker known and three cards of the first trick down (follow/trump duties).
    "belote": Plan(
        seeds=(3, 7, 11),
        depth=9,
        inside=(
            Inside(
                "seed3-first-trick",
                3,
                9,
                moves=("pass", "pass", "take", "play KC", "play AC", "play QC"),
            ),
        ),
    ),
    # Fresh deals to depth 6: the first two tricks with their winner's windows (draw, exchange,
    # show). Inside: a window where a meld is legal, and the start of the last stage.
    "bezique": Plan(
        seeds=(3, 7, 11),
        depth=6,
        inside=(
            Inside("seed3-meld-window", 3, 7, until=_bezique_meld_window),
            Inside("seed3-last-stage", 3, 9, until=_bezique_last_stage),
        ),
    ),
    # Fresh deals to depth 3: the auction's first calls (about forty each). Inside: a contract
    # of 80 hearts into the first tricks' follow and trump duties; a coinched 100 spades (pass
    # or surcoinche, then the play).
    "coinche": Plan(
        seeds=(3, 7, 11),
        depth=3,
        inside=(
            Inside("seed3-play", 3, 6, moves=("bid 80 H", "pass", "pass", "pass")),
            Inside("seed7-coinched", 7, 5, moves=("bid 100 S", "coinche")),
        ),
    ),
    # Fresh deals to depth 6: propose/accept/refuse, the king, leads without proposing and the
    # discards. Inside: a proposal accepted, so every discard of both players.
    "ecarte": Plan(
        seeds=(3, 7, 11),
        depth=6,
        inside=(Inside("seed3-accepted", 3, 4, moves=("propose", "accept")),),
    ),
}

DEFAULT_SEEDS: tuple[int, ...] = (3, 7, 11)
DEFAULT_NODE_BUDGET = 50_000
"""For a game without a `Plan`: each position goes to the deepest depth (at most
`DEFAULT_MAX_DEPTH`) whose tree has at most this many nodes."""
DEFAULT_MAX_DEPTH = 12

PLAYTHROUGHS: dict[str, PlaythroughSpec] = {
    # Seeds picked for a varied single deal: Belote's seed 11 is taken in the second round and
    # has the belote; Bezique's seed 7 shows the seven, exchanges it and melds; Écarté's seed 59
    # has a proposal accepted, discards and the king marked.
    "belote": PlaythroughSpec("belote", 11, {"target": None}),
    "bezique": PlaythroughSpec("bezique", 7, {"target": None}),
    "ecarte": PlaythroughSpec("ecarte", 59, {"target": None}),
    "coinche": PlaythroughSpec("coinche", 5, {"target": None}),
}


def deepest_within(state: Any, budget: int, max_depth: int) -> int:
    """The deepest depth (1..``max_depth``) whose move tree below ``state`` has at most
    ``budget`` nodes (at least 1)."""
    depth = 1
    for candidate in range(2, max_depth + 1):
        try:
            tree_counts(state, candidate, limit=budget)
        except TreeTooLargeError:
            break
        depth = candidate
    return depth


def default_plan(game: str) -> list[tuple[Position, int]]:
    """The positions of a game with no `Plan` (see the module docstring)."""
    first = DEFAULT_SEEDS[0]
    positions = [Position(f"seed{seed}", game, seed) for seed in DEFAULT_SEEDS]
    moves = walk_until(game, first, lambda state, moves: len(moves) == 4)
    positions.append(Position(f"seed{first}-four-moves", game, first, moves=moves))
    return [
        (position, deepest_within(position.state(), DEFAULT_NODE_BUDGET, DEFAULT_MAX_DEPTH))
        for position in positions
    ]


def tree_positions(game: str) -> list[tuple[Position, int]]:
    """The positions of ``game``'s perft file, each with its depth."""
    plan = PLANS.get(game)
    if plan is None:
        return default_plan(game)
    positions = [(Position(f"seed{seed}", game, seed), plan.depth) for seed in plan.seeds]
    positions += [(inside.position(game), inside.depth) for inside in plan.inside]
    return positions


def playthrough_spec(game: str) -> PlaythroughSpec:
    """The match of ``game``'s playthrough file (see the module docstring)."""
    if game in PLAYTHROUGHS:
        return PLAYTHROUGHS[game]
    try:
        parlour.new_game(game, options={"target": None})
    except parlour.OptionsError:
        return PlaythroughSpec(game, 1)
    return PlaythroughSpec(game, 1, {"target": None})


def main(argv: Sequence[str]) -> int:
    games = list(argv) or list(parlour.game_names())
    unknown = [game for game in games if game not in parlour.game_names()]
    if unknown:
        print(f"not registered: {', '.join(unknown)}", file=sys.stderr)
        return 2
    PERFT_DIR.mkdir(parents=True, exist_ok=True)
    PLAYTHROUGH_DIR.mkdir(parents=True, exist_ok=True)
    for game in games:
        perft = PERFT_DIR / f"{game}.txt"
        perft.write_text(perft_text(game, tree_positions(game)), encoding="utf-8")
        playthrough = PLAYTHROUGH_DIR / f"{game}.txt"
        playthrough.write_text(playthrough_text(playthrough_spec(game)), encoding="utf-8")
        for path in (perft, playthrough):
            size = path.stat().st_size
            print(f"wrote {path.relative_to(ROOT)} ({size:,} bytes)")
            if size > 1_500_000:
                print(f"  warning: {path.name} is over 1.5 MB; choose a shorter match or plan")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
