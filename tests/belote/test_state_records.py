"""Belote's state records: built fast but equal to the constructor's, copied as themselves,
hashed without the finished deals, pickled and read back unchanged; deals drawn and read on
card indexes exactly as from the `Card` records."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

import parlour
from parlour import OptionsError
from parlour.base import (
    Card,
    Rank,
    Suit,
    record_builder,
    record_replacer,
)
from parlour.belote import BeloteState, DealResult, Options, Pass, Phase, Play, Take
from parlour.belote._dealing import (
    read_deal,
    shuffled_positions,
)
from parlour.belote._moves import (
    PASS,
    PLAYS,
    TAKES,
)
from parlour.belote._play import play_evaluator
from parlour.belote._state import Table
from parlour.belote.rules import CARD_TABLE, DEAL_FIELDS, DECK, PLAYERS
from parlour.engine import (
    CHANCE,
    Deal,
    deal_in_packets,
    make_deal,
)
from tests.strategies import playout_states

SINGLE = {"target": None}


def random_states(
    seed: int, deals: int, options: dict[str, object] | None = None
) -> list[BeloteState]:
    """Every state of ``deals`` uniform-random single deals (throw-ins included)."""
    seen: list[BeloteState] = []
    for deal in range(deals):
        states = playout_states(
            "belote", seed * 1_000 + deal, {**SINGLE, **(options or {})}, dealer=deal % PLAYERS
        )
        seen.extend(states)
    return seen


STATES = random_states(7, 12) + random_states(8, 6, {"partner_winning": "free"})
FIELDS = list(BeloteState._fields)
DERIVED = list(BeloteState._derived_fields)


def test_the_derived_fields_are_the_four_documented() -> None:
    assert DERIVED == ["winning_card", "trick_winner", "legal_mask", "turn"]


def test_each_phase_is_reached() -> None:
    assert {state.phase for state in STATES} == set(Phase)


def test_a_built_state_equals_the_constructors_in_every_field() -> None:
    for state in STATES:
        rebuilt = state._replace()  # the constructor, which derives what transitions carry
        assert type(rebuilt) is BeloteState
        assert [getattr(rebuilt, name) for name in FIELDS] == [
            getattr(state, name) for name in FIELDS
        ]
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)


def test_the_legal_mask_matches_the_clause_by_clause_verdicts() -> None:
    """A card is in the legal mask exactly when the evaluator's clause walk (`violation`, which
    rescans the whole trick) finds no clause against it."""
    checked = 0
    for state in STATES:
        if state.phase != Phase.PLAY:
            assert state.legal_mask == 0
            continue
        table = state.table
        hand = state.hands[state.to_act]
        evaluator = play_evaluator(table.options)
        for card in range(32):
            if hand >> card & 1:
                verdict = evaluator.violation(table.trump, hand, state.trick, card)
                assert (verdict is None) == bool(state.legal_mask >> card & 1)
                checked += 1
    assert checked > 1000


def test_the_trick_winner_is_the_one_the_rank_table_names() -> None:
    for state in STATES:
        if state.phase == Phase.PLAY and state.trick:
            position = CARD_TABLE.winning_index(state.table.trump, state.trick)
            assert state.trick_winner == (state.leader + position) % PLAYERS
            assert state.winning_card == state.trick[position]
        else:
            assert (state.trick_winner, state.winning_card) == (-1, -1)


def test_turn_is_what_current_player_answers() -> None:
    for state in STATES:
        expected = {Phase.DEAL_DUE: CHANCE, Phase.OVER: None}.get(state.phase, state.to_act)
        assert state.turn is expected or state.turn == expected


# --- copies, hashing, pickling ------------------------------------------------------------


def test_copies_of_a_state_are_the_state() -> None:
    for state in STATES[::5]:
        assert copy.copy(state) is state
        assert copy.deepcopy(state) is state
        assert copy.deepcopy([state, state])[0] is state
        assert copy.copy(state.table) is state.table
        assert copy.deepcopy(state.table) is state.table


@pytest.mark.parametrize(
    "move", [PASS, Pass(), TAKES[1], Take(None), Take(Suit.CLUBS), PLAYS[0], Play(DECK[5])]
)
def test_copies_of_a_move_are_the_move(move: object) -> None:
    assert copy.copy(move) is move
    assert copy.deepcopy(move) is move


def test_copies_of_a_card_are_the_card() -> None:
    card = Card.of(Rank.JACK, Suit.HEARTS)
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


def test_pickle_round_trip() -> None:
    for state in STATES[::3]:
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert hash(back) == hash(state)
        assert [getattr(back, name) for name in FIELDS] == [getattr(state, name) for name in FIELDS]
        assert parlour.legal_moves(back) == parlour.legal_moves(state)
        assert parlour.current_player(back) == parlour.current_player(state)


def test_the_hash_of_a_table_leaves_out_the_finished_deals() -> None:
    table = Table(options=Options(), dealer=1, deal_number=3, match_score=(120, 40))
    many = tuple(
        DealResult(number=n, dealer=n % PLAYERS, outcome="thrown_in") for n in range(1, 60)
    )
    longer = attrs.evolve(table, deals=many)
    assert hash(longer) == hash(table)
    assert longer != table
    assert attrs.evolve(longer, deals=many) == longer


def test_equal_states_from_different_paths_hash_alike() -> None:
    """Two matches played with the same draws are equal state by state, though every state
    is a separate object."""
    first = random_states(11, 1)
    second = random_states(11, 1)
    assert [hash(state) for state in first] == [hash(state) for state in second]
    assert first == second
    assert all(a is not b for a, b in zip(first[1:], second[1:], strict=True))


def test_states_are_frozen() -> None:
    state = STATES[3]
    with pytest.raises(AttributeError):
        state.to_act = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.legal_mask = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.colour = "red"  # type: ignore[attr-defined]


def test_a_state_equals_only_a_state_and_replace_keeps_the_derived_fields_derived() -> None:
    state = next(state for state in STATES if state.phase == Phase.PLAY and state.trick)
    assert state != tuple(state) and not state == tuple(state)  # noqa: SIM201
    assert state == state._replace() and not state != state._replace()  # noqa: SIM202
    emptied = state._replace(trick=())
    assert emptied.winning_card == -1 and emptied.trick_winner == -1
    assert emptied.legal_mask == emptied.hands[emptied.to_act]  # any card may lead
    with pytest.raises(TypeError, match="derived field 'legal_mask'"):
        state._replace(legal_mask=0)
    with pytest.raises(TypeError):
        state._replace(colour="red")
    assert pickle.loads(pickle.dumps(state)) == state


def test_records_are_built_by_keyword_only() -> None:
    options = Options()
    with pytest.raises(TypeError):
        Table(options, 0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        BeloteState(Table(options=options, dealer=0), Phase.DEAL_DUE)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        DealResult(1, 0, "made")  # type: ignore[call-arg]


@attrs.frozen(slots=True, weakref_slot=False)
class Frozen:
    value: int
    label: str = "plain"


@attrs.frozen(slots=True, cache_hash=True)
class HashCached:
    value: int


class Unslotted:
    value: int


@attrs.frozen(slots=False)
class AttrsWithoutSlots:
    value: int


@pytest.mark.parametrize("refused", [Unslotted, AttrsWithoutSlots, dict])
def test_record_builder_refuses_what_is_not_a_slotted_attrs_class(refused: type) -> None:
    with pytest.raises(TypeError):
        record_builder(refused)


def test_a_built_record_is_the_frozen_class_and_equals_the_constructors() -> None:
    build = record_builder(Frozen)
    record = build(value=3)
    assert type(record) is Frozen
    assert record == Frozen(3) and build(value=3, label="x") == Frozen(3, "x")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.value = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        build(3)
    with pytest.raises(TypeError):
        build(value=3, colour="red")


def test_a_built_record_with_a_cached_hash_hashes_as_the_constructors() -> None:
    built = record_builder(HashCached)(value=5)
    assert hash(built) == hash(HashCached(5))
    replaced = record_replacer(HashCached)(built, value=6)
    assert replaced == HashCached(6) and hash(replaced) == hash(HashCached(6))


def test_a_replaced_record_changes_only_the_fields_named() -> None:
    replace = record_replacer(Frozen)
    original = Frozen(1, "a")
    assert replace(original, label="b") == Frozen(1, "b")
    assert original == Frozen(1, "a")
    with pytest.raises(TypeError):
        replace(original, colour="red")


# --- options built once -------------------------------------------------------------------


def test_the_same_options_give_the_same_record() -> None:
    first = parlour.new_game("belote", options={"target": 500, "tie_rule": "litige"})
    second = parlour.new_game("belote", options={"target": 500, "tie_rule": "litige"})
    assert parlour.options(first) is parlour.options(second)
    assert parlour.options(first) == Options(target=500, tie_rule="litige")


@pytest.mark.parametrize(("good", "bad"), [(True, 1), (False, 0), (1, True)])
def test_a_value_equal_to_a_good_one_but_of_another_type_is_still_refused(
    good: object, bad: object
) -> None:
    """``True == 1`` and both hash alike: a record built for one is not given for the other."""
    name = "belote_counts_for_contract" if type(good) is bool else "target"
    parlour.new_game("belote", options={name: good})
    with pytest.raises(OptionsError):
        parlour.new_game("belote", options={name: bad})


# --- deals on card indexes ----------------------------------------------------------------


class CountingRandom(random.Random):
    """A `random.Random` subclass (which may draw differently from the plain one)."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("seed", range(12))
def test_shuffled_positions_are_those_of_rng_shuffle(seed: int) -> None:
    for size in (32, 64):
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert shuffled_positions(random.Random(seed), size) == expected
        subclass_expected = list(range(size))
        CountingRandom(seed).shuffle(subclass_expected)
        assert shuffled_positions(CountingRandom(seed), size) == subclass_expected


@pytest.mark.parametrize("packets", [(3, 2), (2, 3)])
@pytest.mark.parametrize("dealer", range(PLAYERS))
def test_a_random_deal_is_the_shuffled_card_list_dealt_by_the_rules(
    packets: tuple[int, int], dealer: int
) -> None:
    """The deal as the rules' procedure makes it from ``rng.shuffle`` of the `Card` list:
    hands in packets from the dealer's left, then the turn-up, then the stock top first."""
    for seed in range(5):
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands = deal_in_packets(deck, packets, dealer, PLAYERS)
        expected = make_deal(DEAL_FIELDS, (hands, [[deck[20]]], [deck[21:]]))
        state = parlour.new_game("belote", options={"first_packets": list(packets)}, dealer=dealer)
        assert parlour.random_deal(state, random.Random(seed)) == expected


def test_reading_a_deal_back_gives_its_cards_as_indexes() -> None:
    state = parlour.new_game("belote", options={"first_packets": [3, 2]}, dealer=2)
    deal = parlour.random_deal(state, random.Random(4))
    copied = Deal(
        tuple((name, tuple(tuple(group) for group in groups)) for name, groups in deal.fields)
    )
    for one in (deal, copied):  # the deal just drawn, and an equal one read afresh
        read = read_deal(one)
        assert read is not None
        hands, turnup, stock = read
        assert [sum(1 << DECK.index(card) for card in hand) for hand in one["hands"]] == list(hands)
        assert DECK[turnup] == one["turnup"][0][0]
        assert tuple(DECK[index] for index in stock) == one["stock"][0]


def test_a_deal_changed_after_it_was_drawn_is_read_afresh() -> None:
    deal = parlour.random_deal(parlour.new_game("belote"), random.Random(5))
    hands = deal["hands"]
    swapped = ((hands[1][0], *hands[0][1:]), hands[1], *hands[2:])  # a card twice, one missing
    object.__setattr__(deal, "fields", (("hands", swapped), *deal.fields[1:]))
    assert read_deal(deal) is None
    state = parlour.new_game("belote")
    with pytest.raises(parlour.IllegalMoveError) as raised:
        parlour.apply(state, deal)
    assert raised.value.rule == "deal.not_the_deck"
