"""The Burraco bot and narration: the bot only makes legal moves and reads nothing hidden from
it, beats random play and goes for its pozzetto and the closing; ``parlour demo burraco``
narrates a match to 2000 with melds, adds, pozzetti, closings and a score sheet per hand whose
items add up by the rules' values (clean burraco 200, dirty 100, closing 100, no pozzetto
−100)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from typing import Any

import pytest

import parlour
from parlour.burraco import BurracoState
from parlour.cli import main
from parlour.engine import get_game
from tests.burraco.helpers import start
from tests.helpers import run
from tests.strategies import bot_choice, random_playout

GAME: Any = get_game("burraco")


def bot_match(options: dict[str, Any], seed: int) -> tuple[Any, int]:
    """A match between bots from ``Random(seed)``, checking every bot move as it is made; the
    final state and the number of moves."""
    steps = random_playout("burraco", seed, options, dealer=seed % 2, choose=bot_choice)
    moves = sum(1 for step in steps if not parlour.is_chance(step.before))
    return steps[-1].after, moves


@pytest.mark.parametrize("players, seed", [(4, 1), (4, 2), (2, 3), (2, 4)])
def test_bots_play_legal_matches_to_2000(players: int, seed: int) -> None:
    state, _ = bot_match({"players": players}, seed)
    scores = parlour.score(state)
    winners = parlour.winners(state)
    assert winners and max(scores) >= 2000
    assert all(scores[seat] == max(scores) for seat in winners)
    assert all(scores[seat] < max(scores) for seat in range(players) if seat not in winners)
    assert any(result.ended_by == "closing" for result in parlour.deal_results(state))


OPTION_VARIANTS = [
    {"close_requires": "clean_burraco"},
    {"ace_to_ace_run": True},
    {"allow_duplicate_set_rank": True},
    {"single_card_pile_no_rediscard": False},
    {"must_meld_after_taking_pile": True},
    {"wild_rearrangement": "free"},
    {"stalemate_turns": 1},
    {"must_meld_after_taking_pile": True, "close_requires": "clean_burraco", "players": 2},
]


@pytest.mark.parametrize("options", OPTION_VARIANTS, ids=str)
def test_bots_play_legal_hands_under_every_option(options: dict[str, Any]) -> None:
    for seed in range(2):
        state, _ = bot_match({"target": None, **options}, seed)
        assert parlour.is_over(state)


def test_the_bot_reads_nothing_hidden_from_it() -> None:
    """The same seed gives the same bot move in every state the seat cannot tell apart."""
    rng = random.Random(5)
    state = parlour.new_game("burraco", options={"target": None}, seed=5)
    compared = 0
    while not parlour.is_over(state) and compared < 60:
        seat = parlour.current_player(state)
        assert isinstance(seat, int)
        expected = GAME.bot_move(state, random.Random(compared))
        for twin_seed in range(2):
            twin = parlour.resample_hidden(state, seat, random.Random(twin_seed))
            assert GAME.bot_move(twin, random.Random(compared)) == expected
        compared += 1
        state = parlour.apply(state, GAME.bot_move(state, rng))


def test_the_bot_team_beats_random_play() -> None:
    """Ten single hands for each player count, the bot's team alternating between the two
    sides: it wins at least 8, takes its pozzetto in at least 8 and closes in at least 6."""
    for players in (4, 2):
        wins = pozzetti = closings = 0
        for hand in range(10):
            bot_team = hand % 2
            rng = random.Random(100 + hand)
            state = parlour.new_game(
                "burraco", options={"players": players, "target": None}, seed=200 + hand
            )
            bot_seats = parlour.teams(state)[bot_team]
            while not parlour.is_over(state):
                moves = parlour.legal_moves(state)
                if parlour.current_player(state) in bot_seats:
                    move = GAME.bot_move(state, rng)
                else:
                    move = moves[rng.randrange(len(moves))]
                state = parlour.apply(state, move)
            (result,) = parlour.deal_results(state)
            ours, theirs = result.teams[bot_team], result.teams[1 - bot_team]
            wins += ours.total > theirs.total
            pozzetti += ours.pozzetto_penalty == 0
            closings += result.closed_by == bot_team
        assert wins >= 8, (players, wins)
        assert pozzetti >= 8, (players, pozzetti)
        assert closings >= 6, (players, closings)


def test_the_bot_closes_when_it_can() -> None:
    """Seat 1 holds the pieces of a closing in one turn (the heart run with ♥10 from the stock,
    four kings, and from the top pozzetto four aces and a club run): the bot finds it."""
    state = start(
        ["3S 4D 5C 6S 7D 9S 10D JS QH QC AC", "3H 4H 5H 6H 7H 8H 9H KS KH KD KC"],
        discard="8S",
        stock_top="10H",
        pozzetti=("AS AH AD AC 5C 6C 7C 8C 9C 10C JD", ()),
    )
    rng = random.Random(0)
    for _ in range(20):
        if parlour.is_over(state) or parlour.current_player(state) != 1:
            break
        state = parlour.apply(state, GAME.bot_move(state, rng))
    assert parlour.is_over(state)
    (result,) = parlour.deal_results(state)
    assert result.ended_by == "closing" and result.closed_by == 1


# --- narration ------------------------------------------------------------------------------------


def demo(capsys: pytest.CaptureFixture[str], *arguments: str) -> list[str]:
    assert main(["demo", "burraco", *arguments]) == 0
    return capsys.readouterr().out.splitlines()


ITEM = re.compile(r"(\d+) (clean|dirty) burraco\(s\) \+(\d+)")
TEAM_LINE = re.compile(r"^    (team \d \(seats [\d &]+\)|seat \d): (.*) = (-?\d+)\.$")


def score_sheets(lines: list[str]) -> list[dict[str, int]]:
    """Each hand's totals by team name, checking that every sheet's items add up."""
    sheets: list[dict[str, int]] = []
    for index, line in enumerate(lines):
        if not re.match(r"^  Hand \d+ ends: ", line):
            continue
        sheet: dict[str, int] = {}
        for team_line in lines[index + 1 : index + 3]:
            found = TEAM_LINE.match(team_line)
            assert found, team_line
            name, items, total = found.group(1), found.group(2), int(found.group(3))
            points = 0
            for item in items.split(", "):
                burracos = ITEM.fullmatch(item)
                if burracos:
                    count, kind, bonus = int(burracos[1]), burracos[2], int(burracos[3])
                    assert bonus == count * (200 if kind == "clean" else 100), item
                    points += bonus
                elif item.startswith("melds "):
                    points += int(item.removeprefix("melds "))
                elif item == "closing +100":
                    points += 100
                elif item.startswith("cards in hand -"):
                    points -= int(item.removeprefix("cards in hand -"))
                elif item == "no pozzetto -100":
                    points -= 100
                else:
                    raise AssertionError(f"unknown score item {item!r}")
            assert points == total, team_line
            sheet[name] = total
        assert lines[index + 3].startswith("  Match score: "), lines[index + 3]
        sheets.append(sheet)
    return sheets


@pytest.mark.parametrize("arguments", [(), ("--option", "players=2", "--seed", "7")], ids=str)
def test_demo_narrates_a_match_to_2000(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...]
) -> None:
    lines = demo(capsys, *arguments)
    assert lines[0].startswith("burraco: a match between bots, seed ")
    deals = [line for line in lines if re.match(r"^Hand \d+: seat \d deals", line)]
    sheets = score_sheets(lines)
    assert len(deals) == len(sheets) >= 2
    text = "\n".join(lines)
    for words in (" melds ", " adds ", " to meld ", "pozzetto", " closes", " draws from the stock",
                  " discards ", "burraco"):  # fmt: skip
        assert words in text, words
    # the match score is the sum of the hands, and the winners have reached 2000 on top
    final = lines[-2]
    assert final.startswith("final score by seat: ")
    by_seat = [int(points) for points in final.removeprefix("final score by seat: ").split()]
    totals = {name: sum(sheet[name] for sheet in sheets) for name in sheets[0]}
    assert sorted(set(totals.values())) == sorted(set(by_seat))
    best = max(by_seat)
    assert best >= 2000 and by_seat.count(best) in (1, 2) and len(set(by_seat)) == 2
    winners = [f"seat {seat}" for seat, points in enumerate(by_seat) if points == best]
    assert lines[-1] == ("winner: " if len(winners) == 1 else "winners: ") + ", ".join(winners)


def test_demo_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "demo", "burraco", "--seed", "3"],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("winners: seat ")
    assert any(" closes." in line for line in lines)


def test_narration_of_a_closing_built_in_play() -> None:
    state = start(
        ["3S 4D 5C 6S 7D 9S 10D JS QH QC AC", "3H 4H 5H 6H JK 8H 9H KS KH KD KC"],
        discard="8S",
        stock_top="10H",
        pozzetti=("AS AH AD AC 5C 6C 7C 8C 9C 10C JD", ()),
    )
    said: list[str] = []
    moves = ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H", "meld KS KH KD KC", "meld AS AH AD AC",
             "meld 5C 6C 7C 8C 9C", "add 4 10C", "discard JD"]  # fmt: skip
    for move in moves:
        after = parlour.apply(state, move)
        said += GAME.narrate(state, parlour.parse_move(state, move), after)
        state = after
    text = "\n".join(said)
    assert "  Seat 1 draws from the stock (62 left)." in said
    assert "dirty burraco" in text and "(sequence, a dirty burraco)" in text
    assert "  Seat 1 takes the top pozzetto directly and plays on." in said
    assert "Seat 1 adds 10♣ to meld 4" in text
    assert "  Seat 1 discards J♦." in said
    assert "  Hand 1 ends: seat 1 closes." in said
    # ♥ run 80 + kings 40 + aces 60 + ♣5..♣10 45 = 225, dirty burraco 100, closing 100
    assert "    seat 1: melds 225, 1 dirty burraco(s) +100, closing +100 = 425." in said
    # seat 0 keeps 5 × 5 + 5 × 10 + 15 = 90 and never took a pozzetto
    assert "    seat 0: melds 0, cards in hand -90, no pozzetto -100 = -190." in said


def test_narration_of_a_pozzetto_on_the_discard() -> None:
    state: BurracoState = start(
        ["3S 4D 5C 6S 7D 9S 10D JS QH QC AC", "3H 4H 5H 6H 6S 7S 8S 9D 10D JD KC"],
        discard="8C",
        stock_top="QD",
    )
    state = run(state, ["draw", "meld 3H 4H 5H 6H", "meld 6S 7S 8S", "meld 9D 10D JD QD"])
    after = parlour.apply(state, "discard KC")
    said = GAME.narrate(state, parlour.parse_move(state, "discard KC"), after)
    assert said == [
        "  Seat 1 discards K♣.",
        "  Seat 1 takes the top pozzetto on the discard (unseen until its turn).",
    ]
