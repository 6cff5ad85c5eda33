"""Bezique states are cheap and safe to build: copies are the state itself, equal states hash
alike (also after pickling, in another process), the transitions' fast constructors agree with
the attrs record, the compiled meld search lists exactly the melds `check` accepts, and the
deal's fast check and the remembered options refuse what they refused before."""

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
    PIQUET_DECK,
    IllegalMoveError,
    OptionsError,
)
from parlour.bezique import BeziqueState, Meld, Phase
from parlour.bezique._state import replace_state
from parlour.bezique.rules import BEZIQUE_PAIRS, QUARTET_FACES, fixed_melds
from parlour.engine import Deal
from tests.strategies import playout_states


def playthrough(seed: int, options: dict[str, Any] | None = None) -> list[BeziqueState]:
    """Every state of one uniform-random single deal (the deal's chance move included)."""
    return list(playout_states("bezique", seed, options or {"target": None}))


def fields_of(state: BeziqueState) -> dict[str, Any]:
    return {name: getattr(state, name) for name in BeziqueState._fields}


@given(st.integers(0, 10_000))
def test_copies_of_a_state_are_the_state_itself(seed: int) -> None:
    for state in playthrough(seed)[::7]:
        assert copy.copy(state) is state
        assert copy.deepcopy(state) is state
        assert copy.deepcopy(state.table) is state.table


@given(st.integers(0, 10_000))
def test_every_state_equals_its_rebuild_by_attrs_and_hashes_alike(seed: int) -> None:
    for state in playthrough(seed, {"target": None, "brisque_timing": "immediate"}):
        rebuilt = BeziqueState(**fields_of(state))  # every slot was written, or this raises
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)
        assert parlour.legal_moves(rebuilt) == parlour.legal_moves(state)


def test_replace_state_changes_only_the_named_fields_like_the_records_replace() -> None:
    state = playthrough(4)[30]
    changed = replace_state(state, scores=(120, 40), declared=True)
    assert changed == state._replace(scores=(120, 40), declared=True)
    assert changed.scores == (120, 40)
    assert changed.hands == state.hands
    with pytest.raises(TypeError):
        replace_state(state, score=(1, 2))


@given(st.integers(0, 10_000))
def test_pickle_round_trip_keeps_state_hash_and_moves(seed: int) -> None:
    for state in playthrough(seed)[::5]:
        hash(state)
        loaded = pickle.loads(pickle.dumps(state))
        assert loaded == state
        assert hash(loaded) == hash(state)
        assert loaded.table.melds == state.table.melds
        moves = parlour.legal_moves(state)
        assert parlour.legal_moves(loaded) == moves
        if moves:
            assert parlour.apply(loaded, moves[0]) == parlour.apply(state, moves[0])


_REHASH = """
import pickle, sys
import attrs
import parlour
from parlour.bezique import BeziqueState
state = pickle.loads(sys.stdin.buffer.read())
table = state.table
fresh = type(table)(**{f.name: getattr(table, f.name) for f in attrs.fields(type(table)) if f.init})
fields = {n: getattr(state, n) for n in BeziqueState._fields}
rebuilt = BeziqueState(**{**fields, "table": fresh})
print(hash(state) == hash(rebuilt), rebuilt == state)
"""


def test_a_hash_computed_before_pickling_is_not_carried_into_another_process() -> None:
    state = playthrough(12)[40]
    hash(state)
    result = subprocess.run(
        [sys.executable, "-c", _REHASH],
        input=pickle.dumps(state),
        capture_output=True,
        env=dict(os.environ, PYTHONHASHSEED="54321"),
        check=True,
    )
    assert result.stdout.decode().split() == ["True", "True"]


def candidate_melds(state: BeziqueState) -> set[Meld]:
    """Every meld a player could name under this deal's trump: the fixed melds of both bezique
    pairs and every set of four cards of a quartet rank (at most two copies per suit)."""
    trump = state.table.trump
    candidates = set()
    for pairs in BEZIQUE_PAIRS.values():
        for _, faces in fixed_melds(trump, pairs[trump]):
            candidates.add(Meld(tuple(PIQUET_DECK[face] for face in faces)))
    for faces in QUARTET_FACES.values():
        for chosen in itertools.combinations_with_replacement(faces, 4):
            if all(chosen.count(face) <= 2 for face in faces):
                candidates.add(Meld(tuple(PIQUET_DECK[face] for face in chosen)))
    return candidates


@given(st.integers(0, 10_000))
def test_the_winners_window_lists_exactly_the_melds_that_check_accepts(seed: int) -> None:
    options = {"target": None, "bezique_cards": "by_trump" if seed % 2 else "fixed_QS_JD"}
    windows = set()
    for state in playthrough(seed, options):
        if state.phase is not Phase.DECLARE:
            continue
        windows.add(state.tricks)
        listed = [move for move in parlour.legal_moves(state) if isinstance(move, Meld)]
        accepted = {move for move in candidate_melds(state) if parlour.check(state, move) is None}
        assert set(listed) == accepted
        assert len(listed) == len(set(listed))
    assert windows == set(range(1, 25))  # a window after each of the 24 first-stage tricks


def test_remembered_options_still_refuse_a_bool_for_an_int() -> None:
    parlour.new_game("bezique", options={"target": 1})
    with pytest.raises(OptionsError):
        parlour.new_game("bezique", options={"target": True})


def test_a_random_deal_applies_like_its_text() -> None:
    rng = random.Random(6)
    state = parlour.new_game("bezique", options={"target": None})
    for _ in range(10):
        deal = parlour.random_deal(state, rng)
        assert parlour.apply(state, deal) == parlour.apply(state, str(deal))


def test_a_hand_built_deal_with_a_face_three_times_is_refused() -> None:
    rng = random.Random(9)
    state = parlour.new_game("bezique", options={"target": None})
    deal = parlour.random_deal(state, rng)
    stock = deal["stock"][0]
    turnup = deal["turnup"][0][0]
    # the stock's first card replaced by another copy of the turn-up: that face is there three
    # times (if it is a different face) and the stock's first face only once
    replaced = next(card for card in stock if card != turnup)
    position = stock.index(replaced)
    altered = (*stock[:position], turnup, *stock[position + 1 :])
    three = Deal((deal.fields[0], deal.fields[1], ("stock", (altered,))))
    with pytest.raises(IllegalMoveError) as refused:
        parlour.apply(state, three)
    assert refused.value.rule == "deal.not_the_deck"
    assert parlour.apply(state, deal).phase is Phase.PLAY
