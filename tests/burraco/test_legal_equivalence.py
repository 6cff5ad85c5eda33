"""The block-by-block legal set (`parlour.burraco._legal_set.LegalMoves`, counted by
`parlour.burraco._counts`) against the test oracle `tests.burraco.legal_oracle`, the former
implementation that builds every move: over every state of seeded random hands, four and two
players, with the default rules and two presets that turn the other options (and small hands
also with the team's pozzetto taken and a face that may not be discarded), the same moves in the
same order, the same length, the same move at each index read before any iteration, and the
same record made by each move.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import parlour
from parlour.burraco import BurracoState, Phase
from parlour.burraco._faces import distinct_faces
from parlour.burraco._legal import TEAM_OF, legal_moves_of
from parlour.burraco._legal_set import LegalMoves
from parlour.engine import Move
from tests.burraco import legal_oracle
from tests.profiles import thorough
from tests.strategies import iter_playout

PRESETS: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    (
        "free-ace-to-ace-duplicates",
        {"wild_rearrangement": "free", "ace_to_ace_run": True, "allow_duplicate_set_rank": True},
    ),
    (
        "must-meld-rediscard-clean",
        {
            "must_meld_after_taking_pile": True,
            "single_card_pile_no_rediscard": False,
            "close_requires": "clean_burraco",
        },
    ),
]
SMALL_HAND = 6
"""Play states with at most this many cards are also checked in harder variants."""
HANDS = thorough(10, 40)
"""Random hands per player count and preset (about 180 states each): 240 hands in all with the
``ci`` profile, 60 by default."""


def _hand_states(players: int, options: dict[str, Any], seed: int) -> list[BurracoState]:
    """Every state of one uniform-random hand, from the first turn to the last."""
    playout = iter_playout("burraco", seed, {"target": None, "players": players, **options})
    return [step.before for step in playout if not parlour.is_chance(step.before)]


def _check_state(state: BurracoState, rng: random.Random) -> int:
    """Compare one state's legal set with the oracle's; the number of moves compared."""
    expected: list[Move] = list(legal_oracle.legal_moves_of(state))
    fresh = legal_moves_of(state)
    assert len(fresh) == len(expected)
    if not isinstance(fresh, LegalMoves) or not expected:
        assert list(fresh) == expected
        return len(expected)
    probes = [rng.randrange(len(expected)) for _ in range(3)] + [-1, 0]
    for index in probes:  # read by index first: only the block holding it is built
        assert fresh[index] == expected[index]
    assert list(fresh) == expected
    assert fresh == expected
    assert fresh.lays_cards == any(not _is_discard(move) for move in expected)
    oracle_set = legal_oracle.legal_moves_of(state)
    assert isinstance(oracle_set, legal_oracle.LegalMoves)
    for move in expected:
        assert move in fresh
    for index in probes:
        move = expected[index]
        again = legal_moves_of(state)
        assert isinstance(again, LegalMoves)
        assert again.made_by(move) == oracle_set.made_by(move)
    return len(expected)


def _end_of_turn_variants(state: BurracoState) -> list[BurracoState]:
    """A play state with a small hand made harder to finish: its team holding its pozzetto,
    and a face of its hand that it may not discard (as after a one-card pile), alone and
    together, so that the moves that would leave no way to end the turn are left out."""
    seat = state.to_act
    team = TEAM_OF[state.table.options.players][seat]
    with_pozzetto = attrs.evolve(
        state, pozzetto_of_team=tuple(0 if index == team else taken
                                      for index, taken in enumerate(state.pozzetto_of_team)),
    )  # fmt: skip
    faces = distinct_faces(state.hands[seat])
    forbidden = attrs.evolve(state.turn, no_discard_face=faces[len(faces) // 2])
    return [
        with_pozzetto,
        attrs.evolve(state, turn=forbidden),
        attrs.evolve(with_pozzetto, turn=forbidden),
    ]


def _is_discard(move: Move) -> bool:
    return str(move).startswith("discard ")


@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize(("preset", "options"), PRESETS, ids=[name for name, _ in PRESETS])
def test_legal_moves_equal_the_oracle_over_random_hands(
    players: int, preset: str, options: dict[str, Any]
) -> None:
    rng = random.Random(f"{players}-{preset}")
    play_states = compared = 0
    for hand in range(HANDS):
        for state in _hand_states(players, options, seed=1000 * players + hand):
            compared += _check_state(state, rng)
            if state.phase is Phase.PLAY:
                play_states += 1
                if state.hand_sizes[state.to_act] <= SMALL_HAND:
                    for variant in _end_of_turn_variants(state):
                        compared += _check_state(variant, rng)
    assert play_states > 50 * HANDS  # the hands were played through their play phases
    assert compared > play_states
