"""No sample tells a secret: two states a seat cannot tell apart give it equal samples.

The twins are built here (`tests.secrets.twins`): hidden cards exchanged between places the
seat cannot see, the records updated to match, or only the hidden history changed; each twin
is checked to show the seat the same view, then `parlour.sample_state` (and the sample an agent
gets with `parlour.agent_view`, and `parlour.resample_hidden`) must be equal for both from equal
seeds. The hypothesis test
picks the point of a random playout, the seat and the two cards; the fixed-seed test walks
playouts of every game until every phase of a deal has had twins of both kinds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from tests.profiles import thorough
from tests.secrets.twins import copy_twins, hidden_slots, history_twins, swap_twins, twin_of
from tests.strategies import iter_playout, playouts

GAMES = ("belote", "bezique", "burraco", "ecarte")
SAMPLE_SEEDS = (0, 1, 2)
IN_DEAL_PHASES = {
    "belote": {"bidding_round_1", "bidding_round_2", "play"},
    "ecarte": {"decide", "respond", "discard_nondealer", "discard_dealer", "play"},
    "bezique": {"play", "declare", "last_stage"},
    "burraco": {"draw", "play"},
}
"""The phases in which cards are hidden, from the rules (between deals nothing is)."""


def seats(state: Any) -> list[int | None]:
    return [None, *range(parlour.players(state))]


def assert_twins(state: Any, twin: Any, seat: int | None) -> None:
    """``twin`` shows ``seat`` what ``state`` shows it, and gives it the same samples."""
    assert twin != state
    assert parlour.view(twin, seat) == parlour.view(state, seat)
    for seed in SAMPLE_SEEDS:
        sample = parlour.sample_state(state, seat, random.Random(seed))
        assert parlour.sample_state(twin, seat, random.Random(seed)) == sample, (seat, seed)
        plain = parlour.resample_hidden(state, seat, random.Random(seed))
        assert parlour.resample_hidden(twin, seat, random.Random(seed)) == plain, (seat, seed)
    if seat is not None:
        given_view = parlour.agent_view(state, seat, random.Random(7))
        assert parlour.agent_view(twin, seat, random.Random(7)).sampled == given_view.sampled


@given(st.data())
@pytest.mark.parametrize("game", GAMES)
def test_twins_give_equal_samples(game: str, data: st.DataObject) -> None:
    spec = data.draw(playouts(game, max_moves=thorough(60, 120)), label="playout")
    steps = spec.run()
    state = data.draw(st.sampled_from(steps), label="step").before
    seat = data.draw(st.sampled_from(seats(state)), label="seat")
    slots = hidden_slots(state, seat)
    if len(slots) < 2:
        return
    first = data.draw(st.integers(0, len(slots) - 1), label="first")
    second = data.draw(st.integers(0, len(slots) - 1), label="second")
    # The first pair from the drawn one on that the reader accepts and that the seat cannot
    # tell apart (a swap may give a hand a card its play shows it cannot hold, or move the
    # second card of Belote's king and queen of trumps into the hand that played the first,
    # which would have announced belote).
    for offset in range(40):
        twin = twin_of(state, slots[first], slots[(second + offset) % len(slots)])
        if twin is not None and parlour.view(twin, seat) == parlour.view(state, seat):
            assert_twins(state, twin, seat)
            break
    for twin in list(history_twins(state))[:3]:
        assert_twins(state, twin, seat)
    for twin in list(copy_twins(state))[:3]:
        assert_twins(state, twin, seat)


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_has_twins_with_equal_samples(game: str) -> None:
    wanted = IN_DEAL_PHASES[game]
    reached: set[str] = set()
    swapped: set[str] = set()
    history: set[str] = set()
    with_history = game in ("bezique", "burraco")
    for seed in range(60):
        for number, step in enumerate(iter_playout(game, seed, {"target": None})):
            state = step.before
            phase = parlour.view(state, None).phase
            if phase not in wanted:
                continue
            reached.add(phase)
            seat = seats(state)[(seed + number) % len(seats(state))]
            if phase not in swapped:
                for twin in swap_twins(state, seat):
                    assert_twins(state, twin, seat)
                    swapped.add(phase)
                    break
            if with_history and phase not in history:
                for twin in history_twins(state):
                    assert_twins(state, twin, seat)
                    history.add(phase)
                    break
    # Random playouts reach every phase but Belote's second bidding round (rare), and every
    # phase reached had twins of both kinds.
    assert reached >= wanted - {"bidding_round_2"}
    assert swapped == reached
    if with_history:
        assert history == reached
    if game == "bezique":
        copies: set[str] = set()
        for seed in range(10):
            for number, step in enumerate(iter_playout(game, seed, {"target": None})):
                state = step.before
                phase = parlour.view(state, None).phase
                if phase in wanted and phase not in copies:
                    seat = seats(state)[(seed + number) % len(seats(state))]
                    for twin in copy_twins(state):
                        assert_twins(state, twin, seat)
                        copies.add(phase)
                        break
        assert copies == reached
