"""Determinism (DESIGN.md §1.4 and §1.5), checked from outside for every registered game.

* A seeded start is exactly an unseeded start followed by the deal ``random_deal`` draws from
  ``random.Random(seed)``: ``new_game(g, seed=s) == apply(new_game(g), random_deal(new_game(g),
  Random(s)))``, for several seeds, every first dealer and every option preset.
* The engine takes its randomness only from the ``random.Random`` it is given: the global
  ``random`` module's state is untouched by a whole playout.
* The same seeded playouts give the same results in every process: run in subprocesses with
  different ``PYTHONHASHSEED`` values (so that set and dict orders of strings, enums and attrs
  instances differ between them), several playouts per game (`PLAYOUTS`: single deals and a
  whole match, together passing through every phase of the game, which the test asserts) give
  the same digest of their moves, whole legal-move lists at every state, phases, scores, every
  seat's and the spectator's views and the log's bytes.

The subprocesses run ``python -c`` on `main` of this module, importing parlour from this source
tree (``src``) and the tests from the repository root, each bounded by `SUBPROCESS_TIMEOUT`.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.engine import get_game
from tests.profiles import thorough
from tests.strategies import iter_playout, option_presets

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"

SEEDS = (0, 1, 7, 2024)
"""Seeds of the seeded-start check."""
PLAYOUT_SEED = 20240607
"""The seed of every game's first playout in the cross-process check."""
SINGLE_DEAL: dict[str, Any] = {"target": None}
SEED_STEP = 7919
"""The distance between the seeds of a game's single-deal playouts (consecutive seeds happen to
draw Écarté's first choices alike: no proposal in twenty deals)."""
SINGLE_DEALS = thorough(3, 6)
"""Single-deal playouts per game (four times as many for Écarté, whose deals are short and
whose rarer phases, a proposal and the exchanges, need several deals)."""
WHOLE_MATCH_GAMES = ("belote", "ecarte")
"""The games whose compared playouts include a whole match with the default options: cheap,
and needed for Belote's second bidding round (Bezique's and Burraco's single deals pass through
all their phases; their whole matches take seconds per process)."""


def _playouts(game: str) -> tuple[tuple[int, dict[str, Any]], ...]:
    deals = SINGLE_DEALS * (4 if game == "ecarte" else 1)
    single = tuple((PLAYOUT_SEED + SEED_STEP * number, SINGLE_DEAL) for number in range(deals))
    return single + (((PLAYOUT_SEED, {}),) if game in WHOLE_MATCH_GAMES else ())


PLAYOUTS = {game: _playouts(game) for game in parlour.game_names()}
"""(seed, options) of each game's playouts in the cross-process check."""
MAX_PLAYOUT_MOVES = 5_000
"""A playout longer than this is a bug (a match that does not end)."""
HASH_SEEDS = thorough(("0", "random"), ("0", "12345", "random"))
"""The ``PYTHONHASHSEED`` values of the subprocesses (besides this process's own)."""
SUBPROCESS_TIMEOUT = 120.0
"""Seconds each subprocess may take before it is killed and the test fails."""


def _seats(state: Any) -> int:
    """The number of seats of the match."""
    return parlour.players(state)


# --- seeded starts -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", parlour.game_names())
def test_seeded_start_is_the_unseeded_start_plus_random_deal(game: str) -> None:
    """``new_game(g, seed=s)`` equals ``new_game(g)`` plus ``random_deal(…, Random(s))``, for
    every option preset and every first dealer; a `parlour.Match` started with the seed agrees
    and records that deal as its first move."""
    for _preset, options in option_presets(game):
        for dealer in range(_seats(parlour.new_game(game, options=options))):
            for seed in SEEDS:
                fresh = parlour.new_game(game, options=options, dealer=dealer)
                assert parlour.is_chance(fresh)
                deal = parlour.random_deal(fresh, random.Random(seed))
                assert parlour.random_deal(fresh, random.Random(seed)) == deal
                expected = parlour.apply(fresh, deal)
                seeded = parlour.new_game(game, options=options, seed=seed, dealer=dealer)
                where = f"{game} options={options} dealer={dealer} seed={seed}"
                assert seeded == expected, where
                assert hash(seeded) == hash(expected), where
                match = parlour.Match(game, options=options, dealer=dealer, seed=seed)
                assert match.state == expected, where
                assert match.moves == (str(deal),), where


def test_different_seeds_give_different_deals() -> None:
    """The seed is used at all: the seeds of `SEEDS` deal different cards in every game."""
    for game in parlour.game_names():
        fresh = parlour.new_game(game)
        deals = {str(parlour.random_deal(fresh, random.Random(seed))) for seed in SEEDS}
        assert len(deals) == len(SEEDS), game


# --- one seeded playout, digested ----------------------------------------------------------------


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def playout_record(
    game: str, seed: int = PLAYOUT_SEED, options: dict[str, Any] = SINGLE_DEAL
) -> dict[str, Any]:
    """Everything observable of one seeded playout of ``game`` with these options.

    The match is ``parlour.Match(game, options=options)``, played by the shared `iter_playout`
    (one ``random.Random(seed)`` draws every deal and every move, uniformly among
    `parlour.legal_moves`). Recorded at every state, the last included: the whole list of legal
    moves' texts, the phase, the score, and ``view(state, seat).to_dict()`` for every seat and
    the spectator; then the moves, the winners and the bytes of `parlour.write_log`.
    """
    match = parlour.Match(game, options=options)
    seats: list[int | None] = [*range(_seats(match.state)), None]
    legal: list[list[str]] = []
    phases: list[str] = []
    scores: list[list[int]] = []
    views: list[list[dict[str, Any]]] = []

    def record(state: Any) -> None:
        legal.append([str(move) for move in parlour.legal_moves(state)])
        phases.append(parlour.view(state, None).phase)
        scores.append(list(parlour.score(state)))
        views.append([parlour.view(state, seat).to_dict() for seat in seats])

    for step in iter_playout(game, seed, start=match.state, max_moves=MAX_PLAYOUT_MOVES):
        record(step.before)
        match.apply(step.move)
        assert match.state == step.after
    assert parlour.is_over(match.state), f"{game} playout did not end"
    record(match.state)
    return {
        "moves": list(match.moves),
        "legal": legal,
        "phases": phases,
        "scores": scores,
        "views": views,
        "winners": list(parlour.winners(match.state)),
        "log": parlour.write_log(match),
    }


def playout_records(game: str) -> list[dict[str, Any]]:
    """The `playout_record` of each of the game's `PLAYOUTS`."""
    return [playout_record(game, seed, options) for seed, options in PLAYOUTS[game]]


def playout_digests() -> dict[str, dict[str, str]]:
    """Per game, the sha256 of each part of its `playout_records` (canonical JSON, each part
    over all the game's playouts) and of all of them."""
    digests: dict[str, dict[str, str]] = {}
    for game in parlour.game_names():
        records = playout_records(game)
        parts = {
            key: hashlib.sha256(_canonical([record[key] for record in records])).hexdigest()
            for key in records[0]
        }
        parts["all"] = hashlib.sha256(_canonical(records)).hexdigest()
        digests[game] = parts
    return digests


def main() -> None:
    """Print, as one JSON line, where parlour was imported from and `playout_digests`."""
    print(
        json.dumps(
            {"parlour": str(Path(parlour.__file__).resolve()), "digests": playout_digests()},
            sort_keys=True,
        )
    )


def _run_with_hash_seeds(hash_seeds: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Run `main` in one subprocess per ``PYTHONHASHSEED`` value, all at once; their outputs.

    Each subprocess imports parlour from ``src`` of this tree; one that outlives
    `SUBPROCESS_TIMEOUT` is killed, and every one is waited for before returning.
    """
    code = "import tests.toy; from tests.conformance.test_determinism import main; main()"
    path = os.pathsep.join([str(SRC), str(ROOT)])
    processes: dict[str, subprocess.Popen[str]] = {}
    try:
        for value in hash_seeds:
            env = {**os.environ, "PYTHONHASHSEED": value, "PYTHONPATH": path}
            processes[value] = subprocess.Popen(
                [sys.executable, "-c", code],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        results: dict[str, dict[str, Any]] = {}
        for value, process in processes.items():
            try:
                out, err = process.communicate(timeout=SUBPROCESS_TIMEOUT)
            except subprocess.TimeoutExpired:
                pytest.fail(f"PYTHONHASHSEED={value}: no answer in {SUBPROCESS_TIMEOUT} s")
            assert process.returncode == 0, f"PYTHONHASHSEED={value} failed:\n{err}"
            results[value] = json.loads(out.strip().splitlines()[-1])
        return results
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
            process.communicate()


def test_the_same_seeded_playout_is_identical_under_every_hash_seed() -> None:
    """Moves, whole legal-move lists, phases, scores, views and log bytes of each game's seeded
    playouts are the same in processes with different ``PYTHONHASHSEED`` values, and in this
    one."""
    here = playout_digests()
    results = _run_with_hash_seeds(HASH_SEEDS)
    expected_file = (SRC / "parlour" / "__init__.py").resolve()
    for value, result in results.items():
        assert Path(result["parlour"]) == expected_file, f"PYTHONHASHSEED={value}: {result}"
        for game in parlour.game_names():
            theirs = result["digests"][game]
            differing = sorted(key for key in here[game] if theirs.get(key) != here[game][key])
            assert differing == [], (
                f"{game}: with PYTHONHASHSEED={value} these parts of the seeded playout differ "
                f"from this process's: {differing}"
            )
        assert sorted(result["digests"]) == sorted(here)


@pytest.mark.parametrize("game", parlour.game_names())
def test_the_compared_playouts_pass_through_every_phase(game: str) -> None:
    """The playouts compared across hash seeds visit every phase of the game (its view's phase
    names), so the legal-move lists of every phase are compared."""
    seen = {phase for record in playout_records(game) for phase in record["phases"]}
    assert seen == set(get_game(game).view_phases)


def test_a_playout_leaves_the_global_random_state_alone() -> None:
    """Randomness comes only from the ``random.Random`` passed in: the module-level generator is
    neither read nor reseeded by dealing, playing, viewing and writing the log."""
    random.seed(12345)
    before = random.getstate()
    for game in parlour.game_names():
        parlour.new_game(game, seed=3)
        playout_record(game, seed=3)
    assert random.getstate() == before


def test_a_playout_repeats_within_one_process() -> None:
    """Playing the same seeded playout twice in one process gives the same record."""
    for game in parlour.game_names():
        assert _canonical(playout_record(game, seed=5)) == _canonical(playout_record(game, seed=5))
