"""The deal's cards in play order: the state's ``played``, the view's ``played``, and sampling
that reads every trick of the deal.

The expected sequences are recorded by the test loops from the moves they apply (the seat to
act and the card of each ``play``), never read back from the code under test.
"""

from __future__ import annotations

import pickle
import random

from hypothesis import given

import parlour
from parlour.base import (
    Card,
    Suit,
)
from parlour.belote import BeloteState, Phase, Play
from parlour.engine import Deal
from tests.strategies import PlayoutSpec, iter_playout, playout_states, playouts

SEATS: tuple[int | None, ...] = (None, 0, 1, 2, 3)


@given(playouts("belote", max_moves=400))
def test_the_views_played_is_every_play_of_the_deal_in_order(spec: PlayoutSpec) -> None:
    record: list[tuple[int, Card]] = []
    deals = 0
    for step in spec.run():
        if isinstance(step.move, Deal):
            record = []
            deals += 1
        elif isinstance(step.move, Play):
            seat = parlour.current_player(step.before)
            assert isinstance(seat, int)
            record.append((seat, step.move.card))
        after = step.after
        expected = tuple(record) if after.phase is Phase.PLAY else ()
        for seat in SEATS:
            assert parlour.view(after, seat).played == expected
        if after.phase is Phase.PLAY:
            # the state keeps the finished tricks' cards, four a trick
            assert len(after.played) == 4 * (len(record) // 4)
    assert deals >= 1


def test_played_takes_part_in_equality_hashing_and_pickling() -> None:
    start = parlour.new_game("belote", options={"target": None}, seed=3)
    state = next(state for state in playout_states("belote", 3, start=start)
                 if isinstance(state, BeloteState) and len(state.played) >= 8)  # fmt: skip
    first_two_swapped = (*state.played[4:8], *state.played[:4], *state.played[8:])
    other = state._replace(played=first_two_swapped)
    assert other != state
    assert hash(other) != hash(state)
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state
    assert copied.played == state.played


def _voids_shown(plays: list[tuple[int, Card]]) -> dict[int, set[Suit]]:
    """Per seat, the suits it showed out of: it played another suit to a trick led in it."""
    voids: dict[int, set[Suit]] = {seat: set() for seat in range(4)}
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0][1].suit
        assert led is not None
        for seat, card in trick[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return voids


def test_no_sampled_hand_holds_a_suit_its_owner_showed_out_of_earlier_in_the_deal() -> None:
    # States where a seat showed out of a suit in a trick older than the last finished one
    # (so the last and the current trick alone would not show it).
    rng = random.Random(11)
    checked = 0
    for seed in range(60):
        plays: list[tuple[int, Card]] = []
        for step in iter_playout("belote", seed, {"target": None}):
            if isinstance(step.move, Deal):
                plays = []
            elif isinstance(step.move, Play):
                seat = parlour.current_player(step.before)
                assert isinstance(seat, int)
                plays.append((seat, step.move.card))
            state = step.after
            if state.phase is not Phase.PLAY:
                continue
            finished = len(plays) // 4 * 4
            older = plays[: max(finished - 4, 0)]
            old_voids = _voids_shown(older)
            if not any(old_voids.values()):
                continue
            voids = _voids_shown(plays)
            viewer = parlour.current_player(state)
            assert isinstance(viewer, int)
            for seat in (viewer, None):
                for _ in range(5):
                    sampled = parlour.sample_state(state, seat, rng)
                    for owner in range(4):
                        held = parlour.view(sampled, owner).hand
                        assert not [card for card in held if card.suit in voids[owner]], (
                            seed,
                            owner,
                            held,
                        )
            checked += 1
    assert checked >= 100
