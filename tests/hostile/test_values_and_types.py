"""Classes 2, 3 and 6 of the issue: huge or deep values in messages, wrong types at every public
entry point, nesting in any JSON field: a `ParlourError` or a `TypeError` naming the mistake,
never a ValueError, RecursionError or AttributeError from inside."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour import GameLog, Match, read_log, validate, write_log
from parlour.agents import (
    HeuristicAgent,
    ISMCTSAgent,
    MatchRandomness,
    RandomAgent,
    agent_move,
    play_match,
)
from parlour.base import (
    SHOWN_CHARS,
    ParlourError,
    describe,
)
from parlour.io import (
    read_logs,
    validate_files,
)
from tests.hostile.strategies import huge_or_deep_values, wrong_types
from tests.strategies import final_state

GAMES = parlour.game_names()
SLOW = settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
ALLOWED = (ParlourError, TypeError)


def _bounded_error(call: Any) -> BaseException | None:
    """The error ``call()`` raises, which must be a ParlourError or a TypeError with a short
    message; None if it returns."""
    try:
        call()
    except ALLOWED as error:
        assert len(str(error)) < 600
        return error
    return None


@SLOW
@given(value=huge_or_deep_values())
def test_describe_is_bounded_for_any_huge_or_deep_value(value: Any) -> None:
    text = describe(value)
    assert len(text) <= SHOWN_CHARS + 40


@pytest.mark.parametrize("game", GAMES)
@SLOW
@given(value=huge_or_deep_values())
def test_huge_or_deep_values_at_every_entry_point(game: str, value: Any) -> None:
    started = Match(game, seed=1)
    move = parlour.legal_moves(started.state)[0]
    calls = [
        lambda: Match(game, options={"target": value}),
        lambda: Match(game, options={"no_such_option": value}),
        lambda: Match(game, dealer=value),
        lambda: Match(game, seed=value),
        lambda: Match(game, players=value),
        lambda: Match(value),
        lambda: started.apply(value),
        lambda: started.apply(move, seat=value),
        lambda: write_log(value),
        lambda: write_log(GameLog(game=game, options={"target": value})),
        lambda: write_log(GameLog(game=game, extra={"x": value})),
        lambda: write_log(GameLog(game=game, result={"score": value})),
        lambda: read_log(value),
        lambda: read_log({"format": "parlour-log/1", "game": game, "moves": [value]}),
        lambda: Match.from_log({"format": "parlour-log/1", "game": game, "moves": value}),
    ]
    for call in calls:
        _bounded_error(call)
    assert len(started.moves) == 1  # nothing changed the match


@pytest.mark.parametrize("game", GAMES)
@SLOW
@given(
    value=huge_or_deep_values(),
    key=st.sampled_from(
        ("options", "dealer", "players", "moves", "result", "parlour", "format", "game", "extra")
    ),
)
def test_validate_never_raises_on_huge_or_deep_fields(game: str, value: Any, key: str) -> None:
    log: dict[str, Any] = {"format": "parlour-log/1", "game": game, "moves": []}
    log[key] = value
    report = validate(log)
    assert not report.ok and report.error is not None and report.error.kind == "format"
    assert len(report.error.message) < 600


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["list", "dict"])
def test_deep_json_text_in_any_field_is_a_format_problem(game: str, kind: str) -> None:
    deep = "[" * 3000 + "]" * 3000 if kind == "list" else '{"a":' * 3000 + "1" + "}" * 3000
    for field in ("options", "result", "players", "extra_key", "moves"):
        text = f'{{"format": "parlour-log/1", "game": "{game}", "moves": [], "{field}": {deep}}}'
        report = validate(text)
        assert report.error is not None and report.error.kind == "format"


@pytest.mark.parametrize("game", GAMES)
@SLOW
@given(wrong=wrong_types())
def test_agents_refuse_wrong_arguments_with_type_or_agent_errors(game: str, wrong: Any) -> None:
    match = Match(game, seed=3)
    state = match.state
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    rng = random.Random(1)
    seen = parlour.agent_view(state, seat, rng)
    other = parlour.agent_view(state, (seat + 1) % parlour.players(state), rng)
    moves = parlour.legal_moves(state)
    for agent in (RandomAgent(), HeuristicAgent(), ISMCTSAgent(iterations=2)):
        if isinstance(agent, HeuristicAgent) and game not in ("belote", "bezique", "ecarte",
                                                              "burraco"):  # fmt: skip
            continue
        arguments: list[tuple[Any, Any, Any]] = [
            (state, moves, rng),  # a state, not a view
            (wrong, moves, rng),
            (other, moves, rng),  # a seat not to act
            (seen, moves, None),
            (seen, moves, wrong),
            (seen, wrong, rng),
            (seen, (), rng),
        ]
        for given_view, given_moves, given_rng in arguments:
            choose = agent.choose
            error = _bounded_error(lambda: choose(given_view, given_moves, given_rng))  # noqa: B023
            if error is None:  # only a wrong value that happens to be fine may pass
                assert wrong is not None
    randomness = MatchRandomness(1, parlour.players(state))
    assert isinstance(_bounded_error(lambda: agent_move(wrong, state, randomness)), TypeError)
    for agents in (wrong, [wrong] * parlour.players(state), [RandomAgent()] * 9):
        assert _bounded_error(lambda: play_match(game, agents)) is not None  # noqa: B023


@SLOW
@given(wrong=wrong_types())
def test_write_log_of_neither_a_log_nor_a_match_is_a_type_error(wrong: Any) -> None:
    with pytest.raises(TypeError, match="GameLog or a Match"):
        write_log(wrong)


@pytest.mark.parametrize("game", GAMES)
@SLOW
@given(name=st.text(min_size=0, max_size=6).map(lambda t: t + "\x00" + ".jsonl"))
def test_paths_with_nul_bytes_are_unreadable_never_raised(game: str, name: str) -> None:
    seen: list[str] = []
    assert list(validate_files([name], on_unreadable=lambda path, error: seen.append(path))) == []
    assert list(read_logs(name, on_unreadable=lambda path, error: seen.append(path))) == []
    assert seen == [name, name]


def test_a_folder_tree_2000_deep_is_walked(tmp_path: Path) -> None:
    log = write_log(Match("ecarte", seed=1))
    folder = str(tmp_path)
    import os

    for _ in range(2000):
        folder += "/d"
        os.mkdir(folder)
    Path(folder, "a.json").write_text(log, encoding="utf-8")
    Path(tmp_path, "b.json").write_text(log, encoding="utf-8")
    try:
        reports = list(validate_files(tmp_path, on_unreadable=lambda path, error: None))
        assert [Path(str(report.source)).name for report in reports] == ["b.json", "a.json"]
        assert all(report.ok for report in reports)
    finally:  # bottom up: shutil.rmtree (pytest's clean-up) recurses and cannot remove it
        os.remove(os.path.join(folder, "a.json"))
        while folder != str(tmp_path):
            os.rmdir(folder)
            folder = os.path.dirname(folder)


class _Unprintable:
    """A value whose ``str`` and ``repr`` both fail."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@functools.cache
def _states_of_every_kind(game: str) -> tuple[Any, ...]:
    """A deal due, a seat to act in a deal under way, a match over (of one deal)."""
    rng = random.Random(3)
    due = parlour.new_game(game, options={"target": None})
    state = parlour.apply(due, parlour.random_deal(due, rng))
    return (due, state, final_state(game, 3, start=state))


@pytest.mark.parametrize("game", [name for name in GAMES if name != "toy"])
@SLOW
@given(value=st.one_of(huge_or_deep_values(), st.text(min_size=5_000, max_size=6_000),
                       st.just(_Unprintable())))  # fmt: skip
def test_a_game_check_describes_a_value_that_is_not_a_move_safely(game: str, value: Any) -> None:
    # The game object's own check (what parlour.check calls once the move is known to be a
    # Move), given a value that is not one: its message names the value through the one safe
    # describer, in every phase and for the seat to act or another.
    game_object = parlour.engine.get_game(game)
    for state in _states_of_every_kind(game):
        for seat in (None, 0, 1):
            violation = game_object.check(state, value, seat)
            assert violation is not None
            assert len(violation.message) < 600
