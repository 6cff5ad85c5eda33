"""``parlour demo coinche`` and ``parlour play coinche``, and the bot: it bids from its hand's
strength, and the search agent plays Coinche too."""

from __future__ import annotations

import io
import random
import sys

import pytest

import parlour
from parlour.agents import HeuristicAgent, ISMCTSAgent, play_match
from parlour.cli import main
from parlour.coinche import GAME
from parlour.coinche._bot import hand_strength
from parlour.engine import get_game
from tests.coinche.helpers import started
from tests.helpers import card_mask


def test_demo_narrates_a_seeded_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "coinche", "--seed", "2", "--option", "target=null"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "coinche: a match between bots, seed 2"
    assert any(line.startswith("  Contract: ") for line in lines)
    assert any("Trick 8:" in line for line in lines)
    assert lines[-1].startswith("winners: seat ")


def test_a_person_plays_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    arguments = ["play", "coinche", "--seat", "0", "--seed", "3", "--option", "target=null"]
    assert main(arguments) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-2].startswith("Final score by seat: ")


def test_hand_strength_counts_trumps_and_side_aces() -> None:
    index = {card: number for number, card in enumerate(get_game("coinche").deck)}
    hand = card_mask("JH 9H AH 10H 7S AD AC 8C", index.__getitem__)
    # trumps J 9 A 10 of hearts: 20 + 14 + 11 + 10 card points and 5 each; two side aces, 10 each
    assert hand_strength(hand, 1) == 55 + 20 + 20
    assert hand_strength(hand, 0) == 0 + 5 + 3 * 10  # the 7S as trump; the aces of H, D and C


def test_the_bot_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = started()  # seat 0 holds J 9 A 10 of hearts and four spades
    assert str(GAME.bot_move(strong, random.Random(1))).startswith("bid ")
    weak = started(hands=(
        "7S 8S 7D 8D 7C 8C 9C 7H",
        "JH 9H AH 10H KH QH 8H 9S",
        "10S JS QS KS AS 9D 10D JD",
        "QD KD AD 10C JC QC KC AC",
    ))  # fmt: skip
    assert str(GAME.bot_move(weak, random.Random(1))) == "pass"


def test_the_heuristic_and_the_search_agent_play_whole_deals() -> None:
    final = play_match(
        "coinche",
        [HeuristicAgent(), ISMCTSAgent(iterations=8), HeuristicAgent(), ISMCTSAgent(iterations=8)],
        options={"target": None},
        seed=4,
    )
    assert parlour.is_over(final)
    assert parlour.deal_results(final)[-1].outcome in ("made", "failed")
