"""Random-deal rates of this tree against another revision, side by side in one run.

``compare(game, rev)`` makes a git worktree of ``rev`` in a temporary directory (removed
afterwards), starts one child process per tree (each imports its own tree's ``parlour`` through
``PYTHONPATH``) and runs them in alternating short slices, so that both see the same load on a
shared machine. Each slice is the user's loop through the public API: ``new_game`` (a single
deal, ``target=None``, plus any ``options`` given, such as Burraco's ``players``),
``random_deal``, then ``rng.choice(legal_moves(state))`` and ``apply``
until the match is over. The rates count CPU time of the child (``time.thread_time``), the
ratio is this tree's rate over the other's. Run:

    python benchmarks/against_revision.py GAME --against REV [--slices N] [--slice-seconds S]
        [--options JSON]

``bench_<game>.py --against REV`` calls the same function.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, NamedTuple

__all__ = [
    "Rates",
    "RevisionChild",
    "compare",
    "main",
    "pop_against",
    "print_rates",
    "revision_tree",
]

_ROOT = pathlib.Path(__file__).resolve().parent.parent

_CHILD = r"""
import json, random, sys, time
import parlour
from parlour import apply, is_chance, is_over, legal_moves, new_game, random_deal

game, seed = sys.argv[1], int(sys.argv[2])
options = {"target": None, **json.loads(sys.argv[3])}
rng = random.Random(seed)
clock = time.thread_time
print(json.dumps({"file": parlour.__file__}), flush=True)
for line in sys.stdin:
    budget = float(line)
    deals = moves = 0
    start = clock()
    while True:
        state = new_game(game, options=options)
        state = apply(state, random_deal(state, rng))
        while not is_chance(state) and not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            moves += 1
        deals += 1
        elapsed = clock() - start
        if elapsed >= budget:
            break
    print(json.dumps({"deals": deals, "moves": moves, "seconds": elapsed}), flush=True)
"""


class Rates(NamedTuple):
    """Deals per second of this tree (``here``) and of the other revision (``there``)."""

    here: float
    there: float

    @property
    def ratio(self) -> float:
        """This tree's rate over the other's."""
        return self.here / self.there


class RevisionChild:
    """A child process running the Python ``script`` (with ``arguments``) on the ``parlour`` of
    ``source`` (a tree with a ``src``, put on ``PYTHONPATH``), spoken to in JSON lines: `send`
    writes one message, `reply` reads one. The child's first line names the ``parlour`` it
    imported (``file``); a reply with an ``error`` key, or an ended child, is a `RuntimeError`
    that starts with ``name``."""

    def __init__(
        self, source: pathlib.Path, script: str, arguments: Sequence[str], name: str
    ) -> None:
        environment = dict(os.environ, PYTHONPATH=str(source / "src"))
        self.name = name
        self.process = subprocess.Popen(
            [sys.executable, "-c", script, *arguments],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment,
        )  # fmt: skip
        self.file = self.reply()["file"]

    def send(self, message: Any) -> None:
        """Write ``message`` as one JSON line."""
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(json.dumps(message) + "\n")
        stdin.flush()

    def reply(self) -> dict[str, Any]:
        """The child's next JSON line."""
        stdout: IO[str] | None = self.process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name}: the child stopped (exit {self.process.wait()})")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{self.name}: {reply['error']}")
        return reply

    def close(self) -> None:
        """End the child and wait for it."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


class _Child(RevisionChild):
    """A child process playing deals of ``game`` with the ``parlour`` of ``source``."""

    def __init__(
        self, source: pathlib.Path, game: str, seed: int, options: Mapping[str, Any]
    ) -> None:
        super().__init__(
            source, _CHILD, (game, str(seed), json.dumps(dict(options))), "the benchmark child"
        )
        self.deals = 0
        self.seconds = 0.0

    def slice(self, seconds: float) -> None:
        """Play deals for ``seconds`` of CPU time (the last deal finished) and count them."""
        self.send(seconds)
        reply = self.reply()
        self.deals += reply["deals"]
        self.seconds += reply["seconds"]

    @property
    def rate(self) -> float:
        """Deals per CPU second so far."""
        return self.deals / self.seconds


def _git(*arguments: str) -> None:
    subprocess.run(["git", "-C", str(_ROOT), *arguments], check=True, capture_output=True)


@contextlib.contextmanager
def revision_tree(rev: str) -> Iterator[pathlib.Path]:
    """A git worktree of ``rev`` in a temporary directory, removed afterwards: its ``src`` on
    ``PYTHONPATH`` imports that revision's ``parlour``."""
    with tempfile.TemporaryDirectory(prefix="parlour-against-") as scratch:
        worktree = pathlib.Path(scratch) / "tree"
        _git("worktree", "add", "--detach", str(worktree), rev)
        try:
            yield worktree
        finally:
            _git("worktree", "remove", "--force", str(worktree))


def compare(
    game: str,
    rev: str,
    *,
    slices: int = 8,
    slice_seconds: float = 0.5,
    seed: int = 2026,
    options: Mapping[str, Any] | None = None,
) -> Rates:
    """Deals per second of ``game`` in this tree and at git revision ``rev``, measured in
    ``slices`` alternating slices of ``slice_seconds`` each (after one warm-up slice each),
    with ``options`` added to ``target=None`` (for instance ``{"players": 2}``)."""
    given = dict(options or {})
    with revision_tree(rev) as worktree:
        children: list[_Child] = []
        try:
            here = _Child(_ROOT, game, seed, given)
            children.append(here)
            there = _Child(worktree, game, seed, given)
            children.append(there)
            for child in children:
                child.slice(slice_seconds)
                child.deals, child.seconds = 0, 0.0
            for turn in range(slices):
                first, second = (here, there) if turn % 2 == 0 else (there, here)
                first.slice(slice_seconds)
                second.slice(slice_seconds)
            return Rates(here.rate, there.rate)
        finally:
            for child in children:
                child.close()


def print_rates(game: str, rev: str, rates: Rates) -> None:
    """Print both rates and the ratio."""
    print(f"{game} random deals per CPU second: this tree {rates.here:,.0f}, {rev} "
          f"{rates.there:,.0f}, ratio {rates.ratio:.2f}")  # fmt: skip


def pop_against(argv: list[str]) -> tuple[str | None, list[str]]:
    """The revision of an ``--against REV`` (or ``--against=REV``) option in ``argv``, and the
    other arguments, so that a ``bench_<game>.py`` can add the option to its own."""
    rest: list[str] = []
    rev: str | None = None
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--against":
            rev = next(arguments, None)
            if rev is None:
                raise SystemExit("--against needs a git revision")
        elif argument.startswith("--against="):
            rev = argument.partition("=")[2]
        else:
            rest.append(argument)
    return rev, rest


def main() -> None:
    """Parse the command line and print the comparison."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--against", required=True, metavar="REV")
    parser.add_argument("--slices", type=int, default=8)
    parser.add_argument("--slice-seconds", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--options", type=json.loads, default={},
        help='options as JSON, added to target null, e.g. \'{"players": 2}\'',
    )  # fmt: skip
    args = parser.parse_args()
    rates = compare(
        args.game, args.against, slices=args.slices, slice_seconds=args.slice_seconds,
        seed=args.seed, options=args.options,
    )  # fmt: skip
    print_rates(args.game, args.against, rates)


if __name__ == "__main__":
    main()
