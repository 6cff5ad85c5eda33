"""Écarté states are cheap and safe to build: copies are the state itself, equal states hash
alike (also after pickling, in another process), the transitions' fast constructor and the
deal's fast check agree with the attrs record and the shared check, and remembered options
never let a bad value through."""

from __future__ import annotations

import copy
import itertools
import os
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import (
    IllegalMoveError,
    OptionsError,
    parse_card,
)
from parlour.ecarte import Discard, EcarteState, Phase
from parlour.ecarte._state import build_state
from parlour.engine import Deal
from tests.strategies import playout_states


def playthrough(seed: int, options: dict[str, Any] | None = None) -> list[EcarteState]:
    """Every state of one uniform-random match (deals included), in order."""
    return list(playout_states("ecarte", seed, options or {"target": 3}))


def init_fields(state: EcarteState) -> dict[str, Any]:
    return {name: getattr(state, name) for name in EcarteState._fields
            if name not in EcarteState._derived_fields}  # fmt: skip


@given(st.integers(0, 10_000))
def test_copies_of_a_state_are_the_state_itself(seed: int) -> None:
    for state in playthrough(seed):
        assert copy.copy(state) is state
        assert copy.deepcopy(state) is state
        assert copy.deepcopy(state.table) is state.table
        assert copy.deepcopy([state])[0] is state


@given(st.integers(0, 10_000))
def test_a_state_rebuilt_from_its_fields_is_equal_hashes_alike_and_has_the_same_moves(
    seed: int,
) -> None:
    for state in playthrough(seed, {"target": 5, "must_trump_when_void": True}):
        rebuilt = EcarteState(**init_fields(state))  # the constructor, which derives the rest
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)
        assert rebuilt.legal == state.legal
        assert rebuilt.play_mask == state.play_mask
        assert parlour.legal_moves(rebuilt) == parlour.legal_moves(state)


def test_build_state_takes_exactly_the_fields_of_the_record() -> None:
    fields = {"table", "phase", "to_act", "hands", "exchange", "trick", "won", "finished_tricks"}
    state = playthrough(3)[5]
    assert build_state(**init_fields(state)) == state
    assert set(init_fields(state)) == fields
    with pytest.raises(TypeError):
        build_state(**init_fields(state), legal=())  # type: ignore[call-arg]


@given(st.integers(0, 10_000))
def test_pickle_round_trip_keeps_state_hash_and_moves(seed: int) -> None:
    for state in playthrough(seed):
        hash(state)  # compute (and cache, on the table) before pickling
        loaded = pickle.loads(pickle.dumps(state))
        assert loaded == state
        assert hash(loaded) == hash(state)
        assert loaded.legal == state.legal
        moves = parlour.legal_moves(state)
        if moves:
            assert parlour.apply(loaded, moves[-1]) == parlour.apply(state, moves[-1])


_REHASH = """
import pickle, sys
import attrs
import parlour
from parlour.ecarte import EcarteState
state = pickle.loads(sys.stdin.buffer.read())
fields = {n: getattr(state, n) for n in EcarteState._fields if n not in EcarteState._derived_fields}
table = state.table
fresh_table = type(table)(**{f.name: getattr(table, f.name) for f in attrs.fields(type(table))})
rebuilt = EcarteState(**{**fields, "table": fresh_table})
print(hash(state) == hash(rebuilt), rebuilt == state)
"""


def test_a_hash_computed_before_pickling_is_not_carried_into_another_process() -> None:
    # strings hash differently per process: a cached hash travelling in the pickle would differ
    # from the hash of the same state built in the receiving process
    state = playthrough(11)[4]
    hash(state)
    environment = dict(os.environ, PYTHONHASHSEED="12345")
    result = subprocess.run(
        [sys.executable, "-c", _REHASH],
        input=pickle.dumps(state),
        capture_output=True,
        env=environment,
        check=True,
    )
    assert result.stdout.decode().split() == ["True", "True"]


def test_remembered_options_still_refuse_a_bool_for_an_int() -> None:
    parlour.new_game("ecarte", options={"target": 1})
    with pytest.raises(OptionsError):
        parlour.new_game("ecarte", options={"target": True})
    parlour.new_game("ecarte", options={"deal_packets": (2, 3)})
    with pytest.raises(OptionsError):
        parlour.new_game("ecarte", options={"deal_packets": (2.0, 3)})


def test_the_same_options_mapping_gives_the_same_options_record() -> None:
    first = parlour.new_game("ecarte", options={"target": 7, "penalty_rule": "classic"})
    second = parlour.new_game("ecarte", options={"target": 7, "penalty_rule": "classic"})
    assert parlour.options(first) == parlour.options(second)
    assert parlour.options(first).target == 7
    assert parlour.options(first).penalty_rule == "classic"


def _deal_of(state: EcarteState, rng: random.Random) -> Deal:
    deal = parlour.random_deal(state, rng)
    assert isinstance(deal, Deal)
    return deal


def test_a_random_deal_applies_like_its_text() -> None:
    rng = random.Random(5)
    state = parlour.new_game("ecarte", options={"target": None})
    for _ in range(20):
        deal = _deal_of(state, rng)
        assert parlour.apply(state, deal) == parlour.apply(state, str(deal))


def test_hand_built_deals_with_a_card_twice_or_a_foreign_card_are_refused() -> None:
    rng = random.Random(8)
    state = parlour.new_game("ecarte", options={"target": None})
    deal = _deal_of(state, rng)
    hands = deal["hands"]
    talon = deal["talon"][0]
    twice = Deal((("hands", hands), ("turnup", ((talon[0],),)), ("talon", (talon,))))
    with pytest.raises(IllegalMoveError) as refused:
        parlour.apply(state, twice)
    assert refused.value.rule == "deal.not_the_deck"
    foreign = Deal((("hands", hands), deal.fields[1], ("talon", ((parse_card("2H"), *talon[1:]),))))
    with pytest.raises(IllegalMoveError) as refused:
        parlour.apply(state, foreign)
    assert refused.value.rule == "deal.not_the_deck"
    misnamed = Deal((("hand", hands), deal.fields[1], deal.fields[2]))
    with pytest.raises(IllegalMoveError) as refused:
        parlour.apply(state, misnamed)
    assert refused.value.rule == "deal.bad_layout"
    assert parlour.apply(state, deal).phase is Phase.DECIDE


def test_the_non_dealer_may_discard_any_one_to_five_cards_in_size_then_deck_order() -> None:
    rng = random.Random(21)
    for _ in range(200):
        state = parlour.new_game("ecarte", options={"target": None})
        state = parlour.apply(state, _deal_of(state, rng))
        state = parlour.apply(parlour.apply(state, "propose"), "accept")
        assert state.phase is Phase.DISCARD_NONDEALER
        hand = parlour.view(state, state.to_act).hand  # in deck order
        expected = [
            Discard(cards) for size in range(1, 6) for cards in itertools.combinations(hand, size)
        ]
        assert list(parlour.legal_moves(state)) == expected
        assert len(expected) == 2**5 - 1
