"""The narration of Écarté moves, the rule-of-thumb bot, and `parlour demo ecarte`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import parlour
from parlour.cli import main
from parlour.ecarte import GAME, EcarteState, Phase
from parlour.ecarte._bot import (
    PLAY_THRESHOLD,
    bot_move,
    hand_strength,
)
from parlour.io import read_log
from tests.ecarte.helpers import deal_text, mask, play_forced_deal, start
from tests.helpers import cards, run
from tests.strategies import bot_choice, random_playout


def narrated(state: EcarteState, text: str) -> tuple[EcarteState, list[str]]:
    move = parlour.parse_move(state, text)
    after = parlour.apply(state, move)
    return after, GAME.narrate(state, move, after)


# --- narration -----------------------------------------------------------------------------------


def test_narration_of_a_deal() -> None:
    state = parlour.new_game("ecarte")
    deal = parlour.random_deal(state, random.Random(7))
    state, lines = narrated(state, str(deal))
    assert lines == [
        "Deal 1: seat 0 deals; the turn-up is 7♥, trumps are ♥.",
        "    seat 1: A♠ 8♥ 10♦ K♦ J♣",
        "    seat 0: 7♠ Q♠ 9♥ K♥ Q♣",
    ]
    expected = {
        "propose": ["  Seat 1 proposes an exchange."],
        "accept": ["  Seat 0 accepts."],
        "discard JC AS 10D": ["  Seat 1 discards 3 cards and draws 3 (18 left in the talon)."],
        "discard 7S": ["  Seat 0 discards 1 card and draws 1 (17 left in the talon)."],
        "refuse": ["  Seat 0 refuses: play begins."],
        "play KD": [],
        "king": ["  Seat 0 marks the king of trumps K♥: 1 point."],
        "play QD": ["  Trick 1: 1:K♦, 0:Q♦ -> seat 1 wins."],
    }
    for text in ["propose", "accept", "discard JC AS 10D", "discard 7S", "propose", "refuse",
                 "play KD", "king", "play QD"]:  # fmt: skip
        state, lines = narrated(state, text)
        assert lines == expected[text], text
    for text in ["play 8H", "play 9H", "play QS", "play AH", "play AD", "play KH", "play QC"]:
        state, _ = narrated(state, text)
    state, lines = narrated(state, "play 7C")
    assert lines == [
        "  Trick 5: 0:Q♣, 1:7♣ -> seat 0 wins.",
        "  Tricks: seat 0 3, seat 1 2.",
        "  Seat 0 scores 1 for the point.",
        "  Match score: seat 0 2, seat 1 0.",
    ]


def test_narration_of_playing_at_once_a_penalty_and_the_match_end() -> None:
    state = start("KS QS JS 7C 8C", "QH JH 7D 8D 9D", options={"target": None})
    state, lines = narrated(state, "play KS")
    assert lines == ["  Seat 1 plays without proposing."]
    for text in ["play 7D", "play QS", "play 8D", "play JS", "play 9D", "play 7C", "play QH",
                 "play JH"]:  # fmt: skip
        state, _ = narrated(state, text)
    state, lines = narrated(state, "play 8C")
    assert lines == [
        "  Trick 5: 0:J♥, 1:8♣ -> seat 0 wins.",
        "  Tricks: seat 0 2, seat 1 3.",
        "  Seat 1 scores 2 for the point, doubled (the non-dealer played without proposing).",
        "  Match score: seat 0 0, seat 1 2.",
        "Match over: seat 1 wins.",
    ]


def test_narration_of_an_exchange_emptying_the_talon_and_a_king_lead() -> None:
    placed = set(cards("7S 8S 9S 10S JS QH 7D 8D 9D 10D 8H KH"))
    others = [card.text for card in parlour.PIQUET_DECK if card not in placed]
    state = start("7S 8S 9S 10S JS", "QH 7D 8D 9D 10D", talon_top=others)  # K♥ at the bottom
    for _ in range(2):
        state = run(state, ["propose", "accept"])
        for _ in range(2):
            state = parlour.apply(state, parlour.legal_moves(state)[-1])  # all five cards
    state = run(state, ["propose", "accept"])  # one card left: K♥
    state, lines = narrated(state, str(parlour.legal_moves(state)[0]))
    assert lines == [
        "  Seat 1 discards 1 card and draws 1 (0 left in the talon).",
        "  The talon is empty: play begins.",
    ]
    state, lines = narrated(state, "play KH")
    assert lines == ["  Seat 1 leads the king of trumps K♥: 1 point."]


def test_narration_of_a_stop_at_the_target() -> None:
    state = play_forced_deal(0, "normal", dealer=0)
    state = play_forced_deal(5, "normal", dealer=1, state=state)
    state, lines = narrated(state, deal_text("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", turnup="KH"))
    assert lines == [
        "Deal 3: seat 0 deals; the turn-up is K♥, trumps are ♥.",
        "  The turn-up is the king: seat 0 scores 1.",
        "  The target is reached: the rest of the deal is not played.",
        "  Match score: seat 0 5, seat 1 0.",
        "Match over: seat 0 wins.",
    ]


# --- the bot -------------------------------------------------------------------------------------


def test_hand_strength() -> None:
    hearts = 1
    assert hand_strength(mask("KH QH JH 9H 7S"), hearts) == 4 + 3 + 3 + 2
    assert hand_strength(mask("KS QS 7S 8D 9C"), hearts) == 2 + 1
    assert hand_strength(mask("7H KS 8D 9D 7C"), hearts) == 2 + 2


def test_the_bot_proposes_with_a_weak_hand_and_plays_with_a_strong_one() -> None:
    weak = start("7S 8S 9S 7D 8D", "QH JH 7C 8C 9C")
    assert hand_strength(weak.hands[1], 1) < PLAY_THRESHOLD
    assert str(bot_move(weak, random.Random(0))) == "propose"
    strong = start("KH QH JH 7S 8S", "9H 10H 7C 8C 9C")
    assert str(bot_move(strong, random.Random(0))) == "king"  # marks, which means "I play"
    strong_without_king = start("QH JH AH 7S 8S", "9H 10H 7C 8C 9C")
    assert str(bot_move(strong_without_king, random.Random(0))) == "play QH"  # its best card


def test_the_bot_answers_by_its_hand() -> None:
    state = run(start("QH JH AH 7S 8S", "KS QS 9S 7D 8D"), ["propose"])  # dealer strength 3
    assert str(bot_move(state, random.Random(0))) == "accept"
    state = run(start("7S 8S 9S 7D 8D", "KH QH JH 7C 8C"), ["propose"])
    assert str(bot_move(state, random.Random(0))) == "refuse"


def test_the_bot_discards_side_cards_below_the_queen() -> None:
    state = run(start("KS QS 7S 9H 8D", "QH JH 7C 8C 9C"), ["propose", "accept"])
    assert str(bot_move(state, random.Random(0))) == "discard 7S 8D"
    state = run(state, ["discard 7S 8D"])
    assert state.phase == Phase.DISCARD_DEALER
    assert str(bot_move(state, random.Random(0))) == "discard 7C 8C 9C"
    all_good = run(start("KS QS KD 9H QC", "QH JH 7C 8C 9C"), ["propose", "accept"])
    assert str(bot_move(all_good, random.Random(0))) == "discard QS"  # one card at least


def test_the_bot_wins_cheaply_or_throws_its_cheapest() -> None:
    state = run(start("9S 7D 8D 9D 10D", "KS QS 7S QH 8C"), ["play 9S"])
    assert str(bot_move(state, random.Random(0))) == "play QS"
    state = run(start("KS 7D 8D 9D 10D", "QS 7S QH 8C 9C"), ["play KS"])
    assert str(bot_move(state, random.Random(0))) == "play 7S"


@pytest.mark.parametrize("seed", range(5))
def test_bots_play_whole_matches_by_the_rules(seed: int) -> None:
    options = {"must_trump_when_void": seed % 2 == 0}
    steps = random_playout("ecarte", seed, options, choose=bot_choice)
    assert max(parlour.score(steps[-1].after)) >= 5
    assert len(steps) > 10


# --- parlour demo ecarte -------------------------------------------------------------------------


def test_demo_narrates_a_match_to_5_and_names_the_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "demo.json"
    status = main(["demo", "ecarte", "--log", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[0] == "ecarte: a match between bots, seed 1"
    assert lines[1].startswith("Deal 1: seat 0 deals; the turn-up is ")
    winner = int(lines[-1].removeprefix("winner: seat "))
    assert lines[-3] == f"Match over: seat {winner} wins."
    scores = [int(points) for points in lines[-2].removeprefix("final score by seat: ").split()]
    assert scores[winner] >= 5 > scores[1 - winner]
    log = read_log(path.read_text(encoding="utf-8"))
    assert parlour.validate(log).ok
