"""Playing strength: seat-swapped matches between two agents over shared deals (the arena).

    python benchmarks/strength.py [--games belote,ecarte,...] [--pairs heuristic/random,...]
                                  [--deals N] [--seed S] [--option NAME=JSON ...]

Each pair ``A/B`` plays ``--deals`` pairs of matches per game (default 10) by
`parlour.agents.play_pair`: pair ``k`` twice from seed ``S + k``, A at the even seats (partners 0
and 2 in a four-player game, seat 0 in a two-player one) and then at the odd ones, so neither
agent gains from its seat or its cards. Matches are single deals unless ``--option`` says
otherwise (``target=1000``: the game's full match). Each line gives A's score rate (a tie counts
half) with its 95 % Wilson interval, the tally, the mean margin with its 95 % interval and each
agent's CPU milliseconds per decision (median). ``parlour arena`` does the same for several
agents at once, with Bradley–Terry ratings. Agent specs are those of ``parlour demo --agents``
(``random``, ``heuristic``, ``ismcts:200``, ``ismcts:0.5s``, ``ismcts:200+heuristic``).

A spec ending in ``@REV`` is that agent as it is at git revision ``REV`` (``heuristic@faf5edb``):
it runs in a child process that imports the ``parlour`` of a worktree of ``REV`` (as
``against_revision.py`` does for speed), follows each match move by move on its own engine and
answers for its seats from its own view, so that today's agents meet those of another commit as
they were, not a copy that may have drifted. Its CPU time per decision is the child's.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import pathlib
import time
from collections.abc import Iterator, Sequence
from typing import Any

from against_revision import RevisionChild, revision_tree

import parlour
from parlour.agents import AgentError, Pairing, play_pair
from parlour.engine import Move

DEFAULT_PAIRS = "heuristic/random,ismcts:200/heuristic"


_CHILD = r"""
import json, random, sys, time
import parlour
from parlour.agents import make_agent

game, spec, options = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
agent = make_agent(spec, game)
state = None
print(json.dumps({"file": parlour.__file__}), flush=True)
for line in sys.stdin:
    message = json.loads(line)
    try:
        if "new" in message:
            state = parlour.new_game(game, options=options, dealer=message["new"])
            continue
        if "move" in message:
            state = parlour.apply(state, message["move"])
            continue
        seat = message["choose"]
        if parlour.current_player(state) != seat:
            raise RuntimeError(f"seat {parlour.current_player(state)} is to act here, not {seat}")
        master = random.Random(message["seed"])
        views, own = random.Random(master.getrandbits(64)), random.Random(master.getrandbits(64))
        seen = parlour.agent_view(state, seat, views)
        legal = parlour.legal_moves(state)
        start = time.thread_time()
        move = agent.choose(seen, legal, own)
        seconds = time.thread_time() - start
        print(json.dumps({"move": str(move), "seconds": seconds}), flush=True)
    except Exception as error:
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
        break
"""


class RevisionAgent(RevisionChild):
    """The agent of ``spec`` as the ``parlour`` under ``source`` (a tree with a ``src``) makes
    it, in a child process that keeps its own copy of each match: `watch` (play_pair's
    ``on_move``) sends it every move, and ``choose`` asks it for the move of the seat to act,
    with a seed drawn from the arena's ``rng``, and finds that move among ``legal_moves``.
    ``seconds`` adds up the child's CPU time in its agent's ``choose``."""

    def __init__(
        self, source: pathlib.Path, game: str, spec: str, options: dict[str, Any], name: str
    ) -> None:
        super().__init__(source, _CHILD, (game, spec, json.dumps(options)), name)
        self.seconds = 0.0
        self._last: Any = None

    def watch(self, before: Any, move: Move, after: Any) -> None:
        """Send ``move`` to the child; a ``before`` that is not the last ``after`` opens a new
        match there, with the dealer of ``before``."""
        if before is not self._last:
            self.send({"new": parlour.view(before, None).dealer})
        self.send({"move": str(move)})
        self._last = after

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: Any) -> Move:
        self.send({"choose": view.seat, "seed": rng.getrandbits(64)})
        reply = self.reply()
        self.seconds += reply["seconds"]
        for move in legal_moves:
            if str(move) == reply["move"]:
                return move
        raise AgentError(f"{self.name} chose {reply['move']}, which is not legal here")

    def __repr__(self) -> str:
        return self.name


@contextlib.contextmanager
def entrant(spec: str, game: str, options: dict[str, Any]) -> Iterator[str | RevisionAgent]:
    """The arena entrant of ``spec``: the spec itself, or for ``SPEC@REV`` a `RevisionAgent`
    of a worktree of ``REV`` (and for ``SPEC@.`` of this tree, which is how it is tested)."""
    agent_spec, at, rev = spec.partition("@")
    if not at:
        yield spec
        return
    with contextlib.ExitStack() as stack:
        source = (
            pathlib.Path(__file__).resolve().parents[1]
            if rev == "."
            else stack.enter_context(revision_tree(rev))
        )
        agent = RevisionAgent(source, game, agent_spec, {"target": None, **options}, spec)
        stack.callback(agent.close)
        yield agent


def pair_with_revisions(
    game: str, first: str, second: str, *, deals: int, seed: int, options: dict[str, Any]
) -> Pairing:
    """`play_pair` of ``first`` and ``second``, either of which may be ``SPEC@REV``; every
    decision is timed in CPU seconds, the revision agents' in their children."""
    with entrant(first, game, options) as a, entrant(second, game, options) as b:
        children = [agent for agent in (a, b) if isinstance(agent, RevisionAgent)]

        def on_move(before: Any, move: Move, after: Any) -> None:
            for child in children:
                child.watch(before, move, after)

        def clock() -> float:
            return time.thread_time() + sum(child.seconds for child in children)

        return play_pair(
            game, a, b, deals=deals, seed=seed, options=options, clock=clock,
            on_move=on_move if children else None,
        )  # fmt: skip


def line(pairing: Pairing) -> str:
    """One report line: the score rate, its interval, the tally, the margin, the CPU times."""
    summary = pairing.summary()
    low, high = summary.score_interval
    margin = summary.margin_interval
    spread = "" if margin is None else f" [{margin[0]:+.1f}, {margin[1]:+.1f}]"
    first_ms, second_ms = (1000 * seconds for seconds in summary.cpu_p50)
    return (
        f"{pairing.game:8} {pairing.first:>22} vs {pairing.second:<22} "
        f"scores {summary.score_rate:6.1%} [{low:5.1%}, {high:5.1%}]  "
        f"{summary.wins}-{summary.losses}-{summary.ties} of {summary.matches}  "
        f"margin {summary.mean_margin:+.1f}{spread}  ms/decision {first_ms:.2f} / {second_ms:.2f}"
    )


def _options(texts: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for text in texts:
        name, _, value = text.partition("=")
        options[name] = json.loads(value)
    return options


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments, play every pairing in every game, print one line for each."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(parlour.game_names()))
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="A/B pairs, comma-separated")
    parser.add_argument("--deals", type=int, default=10, help="pairs of matches per pair and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    arguments = parser.parse_args(argv)
    options = _options(arguments.option)
    print(
        f"{arguments.deals} pairs of seat-swapped matches per pair, seed {arguments.seed}, "
        f"options {options or 'single deal'}"
    )
    for game in arguments.games.split(","):
        for pair in arguments.pairs.split(","):
            first, _, second = pair.partition("/")
            pairing = pair_with_revisions(
                game, first, second, deals=arguments.deals, seed=arguments.seed, options=options
            )
            print(line(pairing), flush=True)


if __name__ == "__main__":
    main()
