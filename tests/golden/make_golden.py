"""Write the fixed logs of tests/golden/ (run once; the files are then kept as they are).

    python tests/golden/make_golden.py

Run it from the repository root. Each log comes from a seeded match between the built-in bots
(`tests.strategies.play_on` with `bot_choice`), so the files depend on the version of the bots
that wrote them: the committed files were written by earlier bots and are kept as they are (a
run today writes different, equally valid matches). Tests check the reports that validating
each file gives, so a rules change that changes a verdict shows up as a failing test, not as a
silently new file.

The logs are **regression goldens**: they pin what the current engine and bots play, not what
the rules derive. ``tests/test_log.py`` (its golden-log tests), ``tests/test_verdicts.py`` and
``tests/test_examples.py`` assert the reports, scores and counts they give. Regenerating them is
a deliberate act: run this script, update those expectations after checking them by hand, and
commit the result on its own with a message saying why the behaviour changed. (The perft counts
and playthroughs of ``tests/golden/perft/`` and ``tests/golden/playthroughs/`` have their own
script, ``python tests/golden/make_trees.py``.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # run as a script from the repository root
    sys.path.insert(0, str(ROOT))

from tests.strategies import bot_choice, play_on  # noqa: E402

import parlour  # noqa: E402
from parlour import Match, write_log  # noqa: E402
from parlour.engine import get_game  # noqa: E402

PLAYERS = {
    "belote": ["Ann", "Bob", "Cid", "Dee"],
    "bezique": ["Ann", "Bob"],
    "ecarte": ["Ann", "Bob"],
}


def bot_match(
    seed: int,
    options: dict[str, Any] | None = None,
    stop_after: int | None = None,
    game_name: str = "belote",
) -> Match:
    """A match between the bots from ``Random(seed)``, played to the end or ``stop_after`` moves."""
    match = Match(game_name, options=options, players=PLAYERS[game_name])
    return play_on(match, seed, max_moves=stop_after, choose=bot_choice)


def first_illegal_move(
    match: Match, candidates: list[str], rules: tuple[str, ...]
) -> tuple[int, str]:
    """The index of the first move where one of ``candidates`` parses and is refused by one of
    ``rules`` (ids or id prefixes), and that candidate's text."""
    state = match.initial_state
    for index, text in enumerate(match.moves):
        if not parlour.is_chance(state):
            for candidate in candidates:
                violation = parlour.check(state, candidate)
                if violation is not None and violation.rule.startswith(rules):
                    return index, candidate
        state = parlour.apply(state, text)
    raise AssertionError("no illegal move found")


def first_illegal_play(match: Match) -> tuple[int, str]:
    """The index of the first move where the seat to act holds a card the rules forbid it to
    play (a ``belote.must_*`` duty), and that play's text."""
    cards = [f"play {card}" for card in get_game("belote").deck]
    return first_illegal_move(match, cards, ("belote.must",))


def with_inserted_move(match: Match, index: int, text: str) -> str:
    """The match's log with ``text`` inserted before move ``index`` and no result claimed."""
    log = json.loads(write_log(match.to_log(result=False)))
    log["moves"] = [*match.moves[:index], text, *match.moves[index:]]
    return json.dumps(log, ensure_ascii=False) + "\n"


MELD_TEXTS = (
    [
        f"meld {cards}"
        for suit in "SHDC"
        for cards in (f"K{suit} Q{suit}", f"A{suit} 10{suit} K{suit} Q{suit} J{suit}")
    ]
    + ["meld QS JD", "meld QS QS JD JD"]
    + [f"meld {rank}S {rank}H {rank}D {rank}C" for rank in "AKQJ"]
)


def other_games() -> None:
    """One full match and one log with an illegal move for Bezique and for Écarté."""
    bezique = bot_match(7, game_name="bezique")
    (HERE / "bezique_match.json").write_text(write_log(bezique) + "\n", encoding="utf-8")
    index, bad = first_illegal_move(bezique, MELD_TEXTS, ("bezique.meld_reuse",))
    (HERE / "bezique_meld_reused.json").write_text(
        with_inserted_move(bezique, index, bad), encoding="utf-8"
    )
    ecarte = bot_match(7, game_name="ecarte")
    (HERE / "ecarte_match.json").write_text(write_log(ecarte) + "\n", encoding="utf-8")
    plays = [f"play {card}" for card in get_game("ecarte").deck]
    index, bad = first_illegal_move(ecarte, plays, ("ecarte.must",))
    (HERE / "ecarte_illegal_play.json").write_text(
        with_inserted_move(ecarte, index, bad), encoding="utf-8"
    )


def main() -> None:
    full = bot_match(11)
    (HERE / "full_match.json").write_text(write_log(full) + "\n", encoding="utf-8")

    single = bot_match(5, options={"target": None})
    (HERE / "single_deal.json").write_text(write_log(single) + "\n", encoding="utf-8")

    played = bot_match(21, stop_after=40)
    index, bad = first_illegal_play(played)
    illegal = json.loads(write_log(played.to_log(result=False)))
    illegal["moves"] = [*played.moves[:index], bad, *played.moves[index:]]
    (HERE / "illegal_move.json").write_text(json.dumps(illegal, ensure_ascii=False) + "\n", "utf-8")

    (HERE / "several.jsonl").write_text("\n".join(several_lines()) + "\n", encoding="utf-8")
    other_games()


def several_lines() -> list[str]:
    """Several logs, one per line: valid, truncated, broken, notation, result mismatches."""
    truncated = bot_match(31, stop_after=12)
    valid = bot_match(32, options={"target": None})
    bad_notation = json.loads(write_log(truncated.to_log(result=False)))
    bad_notation["moves"] = [*truncated.moves[:3], "bid 80 H"]
    wrong_score = json.loads(write_log(valid))
    wrong_score["result"]["score"] = [0, 0, 0, 0]
    wrong_winners = json.loads(write_log(valid))
    wrong_winners["result"]["winners"] = [0, 1]
    resigned = json.loads(write_log(truncated))
    resigned["result"].update({"termination": "resign", "seat": 1, "winners": [0, 2]})
    resigned["site"] = {"table": "t-42", "tags": ["friendly"]}
    return [
        write_log(valid),
        write_log(truncated.to_log(result=False)),
        "",
        '{"format": "parlour-log/1", "game": "belote", "moves": [',
        json.dumps(bad_notation, ensure_ascii=False),
        json.dumps(wrong_score, ensure_ascii=False),
        json.dumps(wrong_winners, ensure_ascii=False),
        json.dumps(resigned, ensure_ascii=False),
    ]


if __name__ == "__main__":
    main()
