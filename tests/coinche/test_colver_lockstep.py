"""Lockstep against colver 0.11.1 (rules C.12): parlour and colver play the same seeded random
deals, auction included, with every option at its default. At every step the seat to act and
the legal set (bids and cards) agree; after each deal the contract, the card points, the deal
score agree; the match score is kept on the harness side (colver's `Env` has no match) and must
be parlour's after every deal.

The mapping (rules C.12): colver card = 8·suit + the rank's place in ``7 8 9 J Q K 10 A``; its
actions ``pass`` 0, ``bid v s`` 1 + 4·(v − 80)/10 + s, ``bid capot s`` 37 + s, ``coinche`` 41,
``surcoinche`` 42, ``play c`` c. Not followed, by the rules (and so not compared): colver's match
loop (next dealer dealer + 3, CO17; an exact tie to N-S, CO16): the harness gives colver each
dealer parlour's match has.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.base import Rank
from tests.profiles import thorough

colver = pytest.importorskip("colver", reason="colver (the bench extra) is not installed")

DEALS = thorough(200, 2000)
"""Random deals played in lockstep: at least 2,000 in the ci profile (the issue's bar)."""
MATCHES = thorough(20, 100)
"""Deals are played in matches to 2000 from these seeds, until ``DEALS`` are reached."""

_COLVER_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN,
                 Rank.ACE)  # fmt: skip
"""colver's rank order within a suit (rules C.12)."""
_SUITS = "SHDC"
_BIDDING, _PLAYING, _DONE = 0, 1, 2


def colver_card(card: parlour.Card) -> int:
    """colver's index of ``card``."""
    assert card.suit is not None
    return 8 * int(card.suit) + _COLVER_RANKS.index(card.rank)


def colver_action(move: parlour.Move) -> int:
    """colver's action id of a parlour move (rules C.12)."""
    words = str(move).split()
    if words == ["pass"]:
        return 0
    if words == ["coinche"]:
        return 41
    if words == ["surcoinche"]:
        return 42
    if words[0] == "play":
        return colver_card(parlour.parse_card(words[1]))
    assert words[0] == "bid", move
    suit = _SUITS.index(words[2])
    if words[1] == "capot":
        return 37 + suit
    return 1 + 4 * (int(words[1]) - 80) // 10 + suit


def _colver_hands(state: Any) -> list[list[int]]:
    view_hands = [parlour.view(state, seat).hand for seat in range(4)]
    return [sorted(colver_card(card) for card in hand) for hand in view_hands]


def _choose(moves: Sequence[parlour.Move], rng: random.Random, phase: str) -> parlour.Move:
    """A random legal move; in the auction, a pass two times in three and otherwise a bid of at
    most 30 above the lowest (or a coinche or surcoinche), so that the deals cover throw-ins,
    contracts of every size, made and failed, and every coinche level."""
    if phase != "auction" or rng.random() < 0.1:
        return rng.choice(moves)
    if rng.random() < 0.65:
        return moves[0]  # pass
    others = list(moves[1:])
    return rng.choice(others[:12] + others[-2:]) if others else moves[0]


def _play_deal(state: Any, rng: random.Random) -> tuple[Any, dict[str, Any]]:
    """Deal with parlour, play one deal in both engines with the same random moves; the state
    after it and colver's account of it."""
    dealer = parlour.view(state, None).dealer
    state = parlour.apply(state, parlour.random_deal(state, rng))
    env = colver.Env.deal_with_hands(dealer, _colver_hands(state))
    while parlour.view(state, None).phase in ("auction", "play"):
        moves = parlour.legal_moves(state)
        phase = parlour.view(state, None).phase
        assert env.phase() == (_BIDDING if phase == "auction" else _PLAYING), (phase, env.phase())
        assert env.current_player() == parlour.current_player(state)
        assert sorted(env.legal_actions()) == sorted(colver_action(move) for move in moves), (
            [str(move) for move in moves], env.legal_actions(),
        )  # fmt: skip
        move = _choose(moves, rng, phase)
        env.step(colver_action(move))
        state = parlour.apply(state, move)
        seen = parlour.view(state, None)
        if seen.phase == "play" and not seen.trick and seen.last_trick:
            # a trick just ended: its winner leads the next, in both engines
            assert env.current_player() == seen.to_act
    assert env.phase() == _DONE
    return state, {
        "rewards": tuple(int(points) for points in env.rewards()),
        "points": tuple(env.get_points()),
        "contract": env.get_contract(),
    }


def test_parlour_and_colver_play_the_same_deals_move_for_move() -> None:
    played = 0
    seed = 0
    seen: Counter[str] = Counter()
    while played < DEALS:
        rng = random.Random(seed)
        state = parlour.new_game("coinche", dealer=seed % 4)
        harness = [0, 0]
        while not parlour.is_over(state) and played < DEALS:
            state, account = _play_deal(state, rng)
            result = parlour.deal_results(state)[-1]
            played += 1
            assert account["rewards"] == result.points, (result, account)
            harness = [harness[0] + account["rewards"][0], harness[1] + account["rewards"][1]]
            assert tuple(harness) == parlour.view(state, None).match_score
            seen[result.outcome] += 1
            if result.outcome == "thrown_in":
                assert account["rewards"] == (0, 0)
                continue
            seen[f"level {result.level}"] += 1
            seen["capot bid" if result.value == 250 else "numbered bid"] += 1
            if result.capot_team is not None:
                seen["capot taken"] += 1
            contract = account["contract"]
            assert result.taker is not None
            assert contract["team"] == result.taker % 2
            assert contract["value"] == result.value
            assert contract["trump"] == _SUITS.index(result.denomination or "")
            assert contract["coinche"] == result.level
            assert account["points"] == result.card_points, (result, account)
        if parlour.is_over(state):
            # the match ends by rules C.8, judged here from the harness's own score
            target = 2000
            assert max(harness) >= target and harness[0] != harness[1]
        seed += 1
    assert seed <= MATCHES * 10
    # the deals compared cover every kind of deal the defaults play
    kinds = ("thrown_in", "made", "failed", "level 0", "level 1", "level 2", "capot bid",
             "numbered bid", "capot taken")  # fmt: skip
    assert all(seen[kind] for kind in kinds), seen
