"""Game logs: reading and writing, replay, validation and the streaming file readers.

The tests of the "golden logs" section at the end are **regression goldens**: the logs of
``tests/golden/*.json`` and ``*.jsonl`` were written by ``tests/golden/make_golden.py`` from
seeded matches between the current built-in bots, and the tests pin the reports the current
engine gives on them (moves applied, scores, winners, error messages). Those numbers are not
derived from the rules: a change of the bots, the rules or the messages legitimately changes
them. To regenerate after a deliberate change, run from the repository root::

    python tests/golden/make_golden.py

then update the expected reports below from ``parlour validate --json tests/golden`` after
checking them by hand, and commit the new files and expectations on their own, saying why they
changed. (``tests/test_examples.py`` and ``tests/test_verdicts.py`` count the same files.) The
other tests of this module are written from the log format and the rules.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import parlour
from parlour import (
    GameLog,
    IllegalMoveError,
    LogError,
    Match,
    NotationError,
    OptionsError,
    Problem,
    Report,
    read_log,
    read_logs,
    replay,
    validate,
    validate_files,
    write_log,
)
from parlour.belote import Options as BeloteOptions
from tests.strategies import iter_playout

GOLDEN = Path(__file__).resolve().parent / "golden"
BELOTE_OPTION_NAMES = [field.name for field in attrs.fields(BeloteOptions)]
SEED_3_DEAL = parlour.format_move(parlour.random_deal(parlour.new_game("belote"), random.Random(3)))


def random_match(
    seed: int, *, options: dict[str, Any] | None = None, moves: int | None = None
) -> Match:
    """A match of random legal moves from ``Random(seed)``: to the end, or ``moves`` moves."""
    match = Match("belote", options=options)
    for step in iter_playout("belote", seed, start=match.state, max_moves=moves):
        match.apply(step.move)
    return match


def log_dict(moves: list[str], **fields: Any) -> dict[str, Any]:
    """A minimal Belote log object with ``moves`` and any other fields."""
    return {"format": "parlour-log/1", "game": "belote", "moves": moves, **fields}


def first_forbidden_play(match: Match) -> tuple[int, str, str]:
    """The first (index, move text, rule) where the seat to act holds a card it may not play."""
    state = match.initial_state
    for index, text in enumerate(match.moves):
        for card in parlour.PIQUET_DECK:
            violation = parlour.check(state, f"play {card}")
            if violation is not None and violation.rule.startswith("belote.must"):
                return index, f"play {card}", violation.rule
        state = parlour.apply(state, text)
    raise AssertionError("no forbidden play in this match")


# --- reading and writing -------------------------------------------------------------------------


def test_written_log_reads_back_and_writes_the_same_bytes() -> None:
    match = random_match(1, moves=30)
    text = write_log(match)
    assert "\n" not in text
    again = write_log(read_log(text))
    assert again == text
    assert write_log(read_log(again.encode("utf-8"))) == text
    assert read_log(text) == match.to_log()


def test_written_log_has_the_format_key_order_resolved_options_and_version() -> None:
    match = random_match(2, moves=5)
    data = json.loads(write_log(match))
    assert list(data) == ["format", "game", "options", "dealer", "moves", "result", "parlour"]
    assert data["format"] == "parlour-log/1"
    assert list(data["options"]) == BELOTE_OPTION_NAMES
    assert data["options"]["target"] == 1000
    assert data["options"]["first_packets"] == [3, 2]
    assert data["parlour"] == parlour.__version__
    assert data["moves"] == list(match.moves)
    assert data["result"] == {"score": [0, 0, 0, 0]}


def test_unknown_keys_are_kept_in_order_after_the_known_keys() -> None:
    raw = (
        '{"zeta": 1, "format": "parlour-log/1", "site": {"table": "t1", "tags": ["é"]}, '
        '"game": "belote", "moves": [], "alpha": null}'
    )
    log = read_log(raw)
    assert log.extra == {"zeta": 1, "site": {"table": "t1", "tags": ["é"]}, "alpha": None}
    text = write_log(log)
    assert list(json.loads(text)) == [
        "format",
        "game",
        "options",
        "dealer",
        "moves",
        "zeta",
        "site",
        "alpha",
    ]
    assert '"é"' in text  # ensure_ascii=False
    assert write_log(read_log(text)) == text


def test_read_log_defaults_and_fields() -> None:
    log = read_log(log_dict(["pass"], players=["Ann", "Bob", "Cid", "Dee"], dealer=2))
    assert log == GameLog(
        game="belote", dealer=2, players=("Ann", "Bob", "Cid", "Dee"), moves=("pass",)
    )
    assert log.options == {}
    assert log.result is None
    assert log.parlour is None


def test_game_log_refuses_known_keys_in_extra() -> None:
    with pytest.raises(ValueError, match="own keys"):
        GameLog(game="belote", extra={"moves": []})


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            "{not json",
            "not valid JSON: Expecting property name enclosed in double quotes at line 1",
        ),
        ("[1, 2]", "a log must be a JSON object, not a list"),
        ('{"game": "belote", "moves": []}', "the log has no 'format' field"),
        ('{"format": "parlour-log/2", "game": "belote", "moves": []}', "unsupported log format"),
        ('{"format": "parlour-log/1", "game": "belote"}', "the log has no 'moves' field"),
        ('{"format": "parlour-log/1", "moves": []}', "the log has no 'game' field"),
        (
            '{"format": "parlour-log/1", "game": "belote", "moves": ["pass", 3]}',
            "move 1 is a number",
        ),
        ('{"format": "parlour-log/1", "game": "belote", "moves": "pass"}', "must be a list"),
        ('{"format": "parlour-log/1", "game": "belote", "moves": [], "dealer": true}', "'dealer'"),
        ('{"format": "parlour-log/1", "game": "belote", "moves": [], "options": [1]}', "'options'"),
        ('{"format": "parlour-log/1", "game": "belote", "moves": [], "players": [1]}', "'players'"),
        ('{"format": "parlour-log/1", "game": "belote", "moves": [], "parlour": 1}', "'parlour'"),
        (
            '{"format": "parlour-log/1", "game": "belote", "moves": [], "result": {"score": "x"}}',
            "'result.score'",
        ),
        (
            '{"format": "parlour-log/1", "game": "belote", "moves": [], '
            '"result": {"termination": "quit", "seat": 0}}',
            "'result.termination'",
        ),
        (
            '{"format": "parlour-log/1", "game": "belote", "moves": [], '
            '"result": {"termination": "resign"}}',
            "'result.seat'",
        ),
        (
            '{"format": "parlour-log/1", "format": "parlour-log/1", "game": "belote", "moves": []}',
            "the key 'format' appears twice",
        ),
        ('{"format": "parlour-log/1", "game": "belote", "moves": [], "x": NaN}', "NaN"),
    ],
)
def test_read_log_rejects_malformed_logs_precisely(source: str, message: str) -> None:
    with pytest.raises(LogError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_log(source)


def test_read_log_rejects_bytes_that_are_not_utf8() -> None:
    with pytest.raises(LogError, match="UTF-8"):
        read_log(b'{"format": "\xff"}')


# --- replay --------------------------------------------------------------------------------------


def test_replay_reaches_the_same_state_as_playing() -> None:
    match = random_match(4, moves=60)
    assert replay(write_log(match)) == match.state
    assert replay(match.to_log()) == match.state
    assert replay(json.loads(write_log(match))) == match.state


def test_replay_raises_notation_error_with_move_index() -> None:
    with pytest.raises(NotationError) as caught:
        replay(log_dict([SEED_3_DEAL, "pass", "bid 80 H"]))
    assert caught.value.move_index == 2


def test_replay_raises_illegal_move_error_with_move_index_and_rule() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        replay(log_dict([SEED_3_DEAL, "take H"]))
    assert caught.value.move_index == 1
    assert caught.value.rule == "belote.take_turnup_suit"


def test_replay_header_errors() -> None:
    with pytest.raises(LogError, match="unknown game 'chess'"):
        replay({"format": "parlour-log/1", "game": "chess", "moves": []})
    with pytest.raises(OptionsError, match="target"):
        replay(log_dict([], options={"target": 0}))


# --- validation: one problem kind per corrupt log ------------------------------------------------


def test_validate_a_truncated_log_is_valid() -> None:
    report = validate(log_dict([SEED_3_DEAL, "pass", "pass"]))
    assert report == Report(ok=True, moves_applied=3, error=None, score=(0, 0, 0, 0))
    assert report.to_dict() == {
        "ok": True,
        "moves_applied": 3,
        "error": None,
        "score": [0, 0, 0, 0],
    }


def test_validate_bad_json_is_a_format_problem() -> None:
    report = validate('{"format": "parlour-log/1", "moves": [')
    assert report.ok is False
    assert report.moves_applied == 0
    assert report.score is None
    assert report.error is not None
    assert report.error.kind == "format"
    assert report.error.move_index is None
    assert report.error.message.startswith("not valid JSON")


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ({"format": "parlour-log/1", "game": "belote"}, "the log has no 'moves' field"),
        (log_dict([], format="parlour-log/9"), 'unsupported log format "parlour-log/9"'),
        ({"format": "parlour-log/1", "game": "chess", "moves": []}, "unknown game 'chess'"),
    ],
)
def test_validate_header_format_problems(log: dict[str, Any], message: str) -> None:
    report = validate(log)
    assert report.ok is False
    assert report.error is not None
    assert (report.error.kind, report.error.move_index, report.score) == ("format", None, None)
    assert report.error.message.startswith(message)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"options": {"target": -5}}, "option 'target' must be a positive integer or null"),
        ({"options": {"trumps": 1}}, "unknown option 'trumps'"),
        ({"options": {"capot_points": True}}, "option 'capot_points' must be one of"),
        ({"dealer": 4}, "dealer must be a seat from 0 to 3"),
    ],
)
def test_validate_bad_options_are_options_problems(fields: dict[str, Any], message: str) -> None:
    report = validate(log_dict([SEED_3_DEAL], **fields))
    assert report.ok is False
    assert report.moves_applied == 0
    assert report.score is None
    assert report.error is not None
    assert report.error.kind == "options"
    assert report.error.move_index is None
    assert report.error.message.startswith(message)


def test_validate_malformed_move_text_is_a_notation_problem() -> None:
    report = validate(log_dict([SEED_3_DEAL, "pass", "play 11H"]))
    assert report.ok is False
    assert report.moves_applied == 2
    assert report.score == (0, 0, 0, 0)
    assert report.error is not None
    assert report.error.kind == "notation"
    assert report.error.move_index == 2
    assert report.error.move == "play 11H"
    assert report.error.rule is None


def test_validate_forbidden_play_is_an_illegal_problem_with_rule() -> None:
    match = random_match(7, moves=60)
    index, bad, rule = first_forbidden_play(match)
    report = validate(log_dict([*match.moves[:index], bad, *match.moves[index:]]))
    assert rule.startswith("belote.must_")
    assert report.ok is False
    assert report.moves_applied == index
    assert report.error is not None
    assert report.error == Problem(
        kind="illegal", message=report.error.message, move_index=index, move=bad, rule=rule
    )
    assert report.error.message.startswith("you must")


def test_validate_take_in_the_wrong_round_is_illegal() -> None:
    report = validate(log_dict([SEED_3_DEAL, "take H"]))
    assert report.error is not None
    assert report.error.to_dict() == {
        "kind": "illegal",
        "move_index": 1,
        "move": "take H",
        "rule": "belote.take_turnup_suit",
        "message": report.error.message,
    }
    assert report.moves_applied == 1


def test_validate_deal_when_none_is_due_is_illegal() -> None:
    report = validate(log_dict([SEED_3_DEAL, SEED_3_DEAL]))
    assert report.error is not None
    assert (report.error.kind, report.error.move_index, report.error.rule) == (
        "illegal",
        1,
        "turn.no_deal_due",
    )


def test_validate_player_move_before_the_deal_is_illegal() -> None:
    report = validate(log_dict(["pass"]))
    assert report.error is not None
    assert (report.error.kind, report.error.move_index, report.error.rule) == (
        "illegal",
        0,
        "turn.deal_due",
    )
    assert report.score == (0, 0, 0, 0)


def test_validate_deal_of_the_wrong_cards_is_illegal() -> None:
    first_card = SEED_3_DEAL.split(":", 1)[1].split(",", 1)[0]
    second_hand_start = SEED_3_DEAL.split("/")[1].split(",", 1)[0]
    wrong = SEED_3_DEAL.replace(f"/{second_hand_start},", f"/{first_card},", 1)
    assert wrong != SEED_3_DEAL
    report = validate(log_dict([wrong]))
    assert report.error is not None
    assert (report.error.kind, report.error.move_index, report.error.rule) == (
        "illegal",
        0,
        "deal.not_the_deck",
    )


def test_validate_wrong_claimed_score_is_a_result_problem() -> None:
    match = random_match(8, options={"target": None})
    log = json.loads(write_log(match))
    true_score = log["result"]["score"]
    log["result"]["score"] = [1, 2, 3, 4]
    report = validate(log)
    assert report.ok is False
    assert report.moves_applied == len(match.moves)
    assert report.score == tuple(true_score)
    assert report.error is not None
    assert report.error.kind == "result"
    assert report.error.move_index is None
    assert report.error.message == (
        f"the log claims the score [1, 2, 3, 4] but the replay gives "
        f"[{', '.join(map(str, true_score))}]"
    )


def test_validate_wrong_claimed_winners_is_a_result_problem() -> None:
    match = random_match(8, options={"target": None})
    log = json.loads(write_log(match))
    assert validate(log).ok is True
    losers = [seat for seat in range(4) if seat not in log["result"]["winners"]]
    log["result"]["winners"] = losers
    report = validate(log)
    assert report.error is not None
    assert report.error.kind == "result"
    assert "winners" in report.error.message


def test_validate_winners_claimed_before_the_end_is_a_result_problem() -> None:
    report = validate(log_dict([SEED_3_DEAL], result={"score": [0, 0, 0, 0], "winners": [0, 2]}))
    assert report.error is not None
    assert report.error.kind == "result"
    assert report.error.message == "the log claims the winners [0, 2] but the match is not over"


def test_validate_termination_claims() -> None:
    resigned = {"termination": "resign", "seat": 1, "winners": [0, 2]}
    assert validate(log_dict([SEED_3_DEAL, "pass"], result=resigned)).ok is True
    bad_seat = {"termination": "timeout", "seat": 4}
    report = validate(log_dict([SEED_3_DEAL], result=bad_seat))
    assert report.error is not None
    assert report.error.kind == "result"
    assert "seat 4" in report.error.message
    finished = json.loads(write_log(random_match(9, options={"target": None})))
    finished["result"].update({"termination": "abandon", "seat": 0})
    report = validate(finished)
    assert report.error is not None
    assert report.error.kind == "result"
    assert "already over" in report.error.message


def test_validate_accepts_a_game_log_a_mapping_and_text() -> None:
    match = random_match(10, moves=20)
    expected = Report(ok=True, moves_applied=20, error=None, score=parlour.score(match.state))
    assert validate(match.to_log()) == expected
    assert validate(write_log(match)) == expected
    assert validate(json.loads(write_log(match))) == expected


# --- files ---------------------------------------------------------------------------------------


def test_validate_files_over_a_folder_with_json_and_jsonl(tmp_path: Path) -> None:
    good = write_log(random_match(11, moves=15))
    bad = json.dumps(log_dict([SEED_3_DEAL, "take H"]))
    (tmp_path / "b.json").write_text(good, encoding="utf-8")
    (tmp_path / "a.jsonl").write_text(f"{good}\n\n{{broken\n{bad}\n{good}\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a log", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.json").write_text(bad, encoding="utf-8")
    reports = list(validate_files([tmp_path]))
    folder = str(tmp_path)
    assert [(r.source, r.ok) for r in reports] == [
        (os.path.join(folder, "a.jsonl:1"), True),
        (os.path.join(folder, "a.jsonl:3"), False),
        (os.path.join(folder, "a.jsonl:4"), False),
        (os.path.join(folder, "a.jsonl:5"), True),
        (os.path.join(folder, "b.json"), True),
        (os.path.join(folder, "sub", "c.json"), False),
    ]
    assert reports[1].error is not None
    assert reports[1].error.kind == "format"
    assert reports[2].error is not None
    assert (reports[2].error.kind, reports[2].error.rule) == ("illegal", "belote.take_turnup_suit")
    assert reports[0].moves_applied == 15


def test_read_logs_yields_log_errors_for_broken_lines(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_text('[]\n{"format": "parlour-log/1", "game": "belote", "moves": []}\n', "utf-8")
    items = list(read_logs(path))
    assert [source for source, _ in items] == [f"{path}:1", f"{path}:2"]
    assert isinstance(items[0][1], LogError)
    assert items[1][1] == GameLog(game="belote")


def test_unreadable_path_raises_or_goes_to_the_handler(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(log_dict([])), encoding="utf-8")
    missing = tmp_path / "missing.json"
    reports = validate_files([good, missing])
    assert next(reports).ok is True
    with pytest.raises(FileNotFoundError):
        next(reports)
    seen: list[str] = []
    collected = list(
        validate_files([missing, good], on_unreadable=lambda path, error: seen.append(path))
    )
    assert seen == [str(missing)]
    assert [r.source for r in collected] == [str(good)]


# --- golden logs ---------------------------------------------------------------------------------


def golden_reports() -> dict[str, dict[str, Any]]:
    reports = validate_files(sorted(GOLDEN.glob("*.json*")))
    return {os.path.basename(r.source or ""): r.to_dict() for r in reports}


def test_golden_logs_give_their_expected_reports() -> None:
    """Regression golden: the report of every golden log (regenerate the logs with
    ``python tests/golden/make_golden.py``, then these expectations by hand)."""
    reports = golden_reports()
    assert list(reports) == [
        "bezique_match.json",
        "bezique_meld_reused.json",
        "ecarte_illegal_play.json",
        "ecarte_match.json",
        "full_match.json",
        "illegal_move.json",
        "several.jsonl:1",
        "several.jsonl:2",
        "several.jsonl:4",
        "several.jsonl:5",
        "several.jsonl:6",
        "several.jsonl:7",
        "several.jsonl:8",
        "single_deal.json",
    ]
    assert {k: (v["ok"], v["moves_applied"], v["score"]) for k, v in reports.items()} == {
        "bezique_match.json": (True, 475, [1060, 1010]),
        "bezique_meld_reused.json": (False, 10, [0, 20]),
        "ecarte_illegal_play.json": (False, 4, [0, 0]),
        "ecarte_match.json": (True, 31, [5, 1]),
        "full_match.json": (True, 460, [1027, 511, 1027, 511]),
        "illegal_move.json": (False, 3, [0, 0, 0, 0]),
        "several.jsonl:1": (True, 89, [132, 30, 132, 30]),
        "several.jsonl:2": (True, 12, [0, 0, 0, 0]),
        "several.jsonl:4": (False, 0, None),
        "several.jsonl:5": (False, 3, [0, 0, 0, 0]),
        "several.jsonl:6": (False, 89, [132, 30, 132, 30]),
        "several.jsonl:7": (False, 89, [132, 30, 132, 30]),
        "several.jsonl:8": (True, 12, [0, 0, 0, 0]),
        "single_deal.json": (True, 55, [144, 18, 144, 18]),
    }
    assert reports["illegal_move.json"]["error"] == {
        "kind": "illegal",
        "move_index": 3,
        "move": "play JS",
        "rule": "belote.must_follow",
        "message": "you must follow suit: ♦ was led and you hold Q♦",
    }
    assert reports["bezique_meld_reused.json"]["error"] == {
        "kind": "illegal",
        "move_index": 10,
        "move": "meld KD QD",
        "rule": "bezique.meld_reuse",
        "message": "Q♦ has already scored in a marriage: within a class a card may only be used "
        "again in a higher meld",
    }
    assert reports["ecarte_illegal_play.json"]["error"] == {
        "kind": "illegal",
        "move_index": 4,
        "move": "play 7S",
        "rule": "ecarte.must_follow",
        "message": "you must follow suit: ♥ was led and you hold 9♥ K♥",
    }
    assert reports["several.jsonl:4"]["error"] == {
        "kind": "format",
        "message": "not valid JSON: Expecting value at line 1 column 57",
    }
    assert reports["several.jsonl:5"]["error"]["kind"] == "notation"
    assert reports["several.jsonl:5"]["error"]["move"] == "bid 80 H"
    assert reports["several.jsonl:6"]["error"] == {
        "kind": "result",
        "message": "the log claims the score [0, 0, 0, 0] but the replay gives [132, 30, 132, 30]",
    }
    assert reports["several.jsonl:7"]["error"] == {
        "kind": "result",
        "message": "the log claims the winners [0, 1] but the replay gives [0, 2]",
    }


def test_golden_logs_round_trip_byte_for_byte() -> None:
    """Reading a golden log and writing it again gives its bytes back (a format rule, checked
    on the golden files of ``python tests/golden/make_golden.py``)."""
    for name in ("full_match.json", "single_deal.json", "bezique_match.json", "ecarte_match.json"):
        text = (GOLDEN / name).read_text(encoding="utf-8").rstrip("\n")
        assert write_log(read_log(text)) == text
    several = (GOLDEN / "several.jsonl").read_text(encoding="utf-8").splitlines()
    assert write_log(read_log(several[0])) == several[0]
    kept = read_log(several[7])
    assert kept.extra == {"site": {"table": "t-42", "tags": ["friendly"]}}


def test_golden_full_match_ends_with_its_claimed_winners() -> None:
    """Regression golden: the full golden match replays to the end with the score and winners
    it claims (regenerate: ``python tests/golden/make_golden.py``, then these values)."""
    log = read_log((GOLDEN / "full_match.json").read_text(encoding="utf-8"))
    state = replay(log)
    assert parlour.is_over(state)
    assert log.result == {"score": [1027, 511, 1027, 511], "winners": [0, 2]}
    assert parlour.winners(state) == (0, 2)
    assert log.options["target"] == 1000
    single = read_log((GOLDEN / "single_deal.json").read_text(encoding="utf-8"))
    assert single.options["target"] is None
    assert single.players == ("Ann", "Bob", "Cid", "Dee")
