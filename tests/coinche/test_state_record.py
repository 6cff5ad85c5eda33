"""Coinche's state is a tuple-backed record whose derived fields are derived in one place: a
state rebuilt by its constructor (which derives the trick's winning card from scratch) equals
the one the transitions built (which carry it from card to card), hashes alike and pickles; the
card check reads the legal mask; the auction's moves come from a table that agrees with the
ladder of rules C.3 and C.10 written here as literals; a générale still counts the bidder's own
tricks."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import PIQUET_DECK, TupleRecord
from parlour.coinche import CoincheState, Phase, Play
from tests.coinche.helpers import started
from tests.helpers import run
from tests.strategies import playout_states

OPTIONS = st.fixed_dictionaries(
    {
        "target": st.sampled_from([None, 500]),
        "partner_winning": st.sampled_from(["free", "seed_overtrump_if_trumping"]),
        "must_undertrump": st.booleans(),
        "sans_atout": st.booleans(),
        "tout_atout": st.booleans(),
        "generale": st.booleans(),
        "capot_coinche": st.booleans(),
    }
)


def every_field(state: CoincheState) -> list[Any]:
    return [getattr(state, name) for name in CoincheState._fields]


def given_fields(state: CoincheState) -> dict[str, Any]:
    return {name: getattr(state, name) for name in CoincheState._fields
            if name not in CoincheState._derived_fields}  # fmt: skip


@given(st.integers(0, 10_000), OPTIONS)
def test_a_state_rebuilt_by_its_constructor_is_the_same_record(
    seed: int, options: dict[str, Any]
) -> None:
    for state in playout_states("coinche", seed, options, max_moves=150):
        rebuilt = CoincheState(**given_fields(state))
        assert every_field(rebuilt) == every_field(state)  # the derived fields included
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)
        loaded = pickle.loads(pickle.dumps(state))
        assert every_field(loaded) == every_field(state)
        assert copy.deepcopy(state) is state


@given(st.integers(0, 10_000), OPTIONS)
def test_the_legal_mask_is_the_cards_the_check_accepts(seed: int, options: dict[str, Any]) -> None:
    for state in playout_states("coinche", seed, options, max_moves=150):
        if state.phase != Phase.PLAY:
            assert state.legal_mask == 0
            continue
        listed = {move.card for move in parlour.legal_moves(state) if isinstance(move, Play)}
        for index, card in enumerate(PIQUET_DECK):
            accepted = parlour.check(state, f"play {card.text}") is None
            assert accepted == bool(state.legal_mask >> index & 1) == (card in listed)


def test_the_record_is_a_tuple_record_equal_only_to_its_own_kind() -> None:
    state: CoincheState = started("bid 80 H;pass;pass;pass")
    assert isinstance(state, TupleRecord)
    assert state != tuple(every_field(state))
    with pytest.raises(TypeError, match="derived field 'legal_mask'"):
        state._replace(legal_mask=0)
    moved = state._replace(trick=(), hands=state.hands)
    assert moved == state


_LADDER = ("80", "90", "100", "110", "120", "130", "140", "150", "160", "capot")
"""Rules C.3: the numbered bids, then capot (générale above it with the option)."""


@pytest.mark.parametrize("sans_atout", [False, True])
@pytest.mark.parametrize("tout_atout", [False, True])
@pytest.mark.parametrize("generale", [False, True])
def test_the_auction_table_lists_every_higher_bid_in_the_documented_order(
    sans_atout: bool, tout_atout: bool, generale: bool
) -> None:
    options = {"sans_atout": sans_atout, "tout_atout": tout_atout, "generale": generale}
    suits = ["S", "H", "D", "C", *(["SA"] if sans_atout else []), *(["TA"] if tout_atout else [])]
    ladder = [*_LADDER, *(["generale"] if generale else [])]
    opening = started(options=options)
    assert [str(move) for move in parlour.legal_moves(opening)] == [
        "pass", *(f"bid {value} {suit}" for value in ladder for suit in suits)
    ]
    for place, value in enumerate(ladder):
        after = parlour.apply(opening, f"bid {value} S")
        higher = [f"bid {above} {suit}" for above in ladder[place + 1 :] for suit in suits]
        # seat 1, an opponent, speaks next and may coinche any bid (capot_coinche is on)
        assert [str(move) for move in parlour.legal_moves(after)] == ["pass", *higher, "coinche"]


_GENERALE_HANDS = (
    "JH 9H AH 10H KH QH 8H {last}",
    "7S 8S 9S 10S JS QS KS AS",
    "7H {kept} 8D 9D 10D JD QD KD",
    "7C 8C 9C 10C JC QC KC AC",
)


_DIAMONDS = ("8D", "9D", "10D", "JD", "QD", "KD", "AD", "7D")
_HEARTS = ("JH", "9H", "AH", "10H", "KH", "QH", "8H")


def _generale_deal(bidder_last: str, partner_kept: str) -> Any:
    """Seat 0 bids a générale in hearts and leads its seven hearts, then ``bidder_last``; seat
    2 follows the first heart and discards diamonds, keeping ``partner_kept`` for the last."""
    hands = [hand.format(last=bidder_last, kept=partner_kept) for hand in _GENERALE_HANDS]
    options = {"generale": True, "target": None}
    state = started("bid generale H;pass;pass;pass", hands=hands, options=options)
    spades = iter(_GENERALE_HANDS[1].split())
    clubs = iter(_GENERALE_HANDS[3].split())
    diamonds = iter(card for card in _DIAMONDS if card != partner_kept)
    for trick, lead in enumerate(_HEARTS):
        partner = "7H" if trick == 0 else next(diamonds)
        state = run(state, [f"play {lead}", f"play {next(spades)}", f"play {partner}",
                            f"play {next(clubs)}"])  # fmt: skip
    return run(state, [f"play {bidder_last}", f"play {next(spades)}", f"play {partner_kept}",
                       f"play {next(clubs)}"])  # fmt: skip


def test_a_generale_is_failed_when_the_partner_takes_a_trick_of_the_capot() -> None:
    final = _generale_deal(bidder_last="7D", partner_kept="AD")  # the partner's ace takes trick 8
    (result,) = parlour.deal_results(final)
    assert result.value == 500 and result.tricks == (8, 0) and result.capot_team == 0
    assert result.outcome == "failed"  # rules C.9: the bidder alone takes every trick


def test_a_generale_is_made_when_the_bidder_takes_every_trick() -> None:
    final = _generale_deal(bidder_last="AD", partner_kept="7D")
    (result,) = parlour.deal_results(final)
    assert result.value == 500 and result.tricks == (8, 0)
    assert result.outcome == "made"
