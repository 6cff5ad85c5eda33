"""Écarté positions (`EcarteState.to_dict` / `from_dict`): every state of random matches reads
back exactly, a position written by hand from the rules gives the legal moves the rules give,
and a position wrong in one place is refused with a `PositionError` naming that place.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import (
    PIQUET_DECK,
    PositionError,
    Suit,
)
from parlour.ecarte import EcarteState
from parlour.engine import state_from_dict
from tests.strategies import option_presets, playout_states

PRESETS = option_presets("ecarte")


def states_of_a_match(seed: int, options: dict[str, Any]) -> Iterator[EcarteState]:
    """Every state of a uniform-random match (deals included), in order."""
    yield from playout_states("ecarte", seed, options, dealer=seed % 2)


def read(position: Any) -> EcarteState:
    return EcarteState.from_dict(json.loads(json.dumps(position)))


def assert_reads_back_exactly(state: EcarteState) -> None:
    position = state.to_dict()
    rebuilt = read(position)
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)
    assert state_from_dict(position) == state
    assert rebuilt.to_dict() == position
    assert parlour.legal_moves(rebuilt) == parlour.legal_moves(state)
    assert parlour.current_player(rebuilt) == parlour.current_player(state)
    assert parlour.score(rebuilt) == parlour.score(state)
    assert parlour.deal_results(rebuilt) == parlour.deal_results(state)
    assert parlour.score_events(rebuilt) == parlour.score_events(state)
    for seat in (0, 1, None):
        assert parlour.view(rebuilt, seat).to_dict() == parlour.view(state, seat).to_dict()
    for move in parlour.legal_moves(state):  # the same behaviour on every next move
        assert parlour.apply(rebuilt, move) == parlour.apply(state, move)


@given(st.integers(0, 2**32 - 1), st.sampled_from(PRESETS))
def test_every_state_of_a_random_match_reads_back_exactly(
    seed: int, preset: tuple[str, dict[str, Any]]
) -> None:
    for state in states_of_a_match(seed, preset[1]):
        assert_reads_back_exactly(state)


@pytest.mark.parametrize(("preset", "options"), PRESETS)
def test_every_preset_reads_back_exactly(preset: str, options: dict[str, Any]) -> None:
    for seed in range(2):
        for state in states_of_a_match(seed, options):
            assert_reads_back_exactly(state)


# --- a position written by hand -----------------------------------------------------------------
# Trump hearts (8H turned up); seat 0 deals. The non-dealer (seat 1) led without proposing:
# trick 1 KS, the dealer followed with 8S (he cannot beat a king); trick 2 AD, the dealer
# followed with 10D (below the ace; he holds no higher diamond); trick 3: 10C led. The dealer
# holds 7S QH 9D: no club, so he may play any card (seed default), or must trump with
# must_trump_when_void.

USED = ["8H", "7S", "QH", "9D", "JS", "7D", "KS", "8S", "AD", "10D", "10C"]
TALON = [card.text for card in PIQUET_DECK if card.text not in USED]


def puzzle(options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": "parlour.position",
        "version": 1,
        "game": "ecarte",
        "options": {"target": 5, **(options or {})},
        "phase": "play",
        "dealer": 0,
        "deal_number": 1,
        "match_score": [0, 0],
        "deals": [],
        "deal": {
            "to_act": 0,
            "turnup": "8H",
            "hands": [["7S", "QH", "9D"], ["JS", "7D"]],
            "talon": list(TALON),
            "discards": [[], []],
            "proposals": 0,
            "exchanges": [],
            "refused": None,
            "played_without_proposing": True,
            "king": None,
            "tricks": [["KS", "8S"], ["AD", "10D"]],
            "trick": ["10C"],
        },
    }


def test_the_puzzle_gives_the_moves_the_rules_give() -> None:
    assert len(TALON) == 21
    state = read(puzzle())
    assert [str(move) for move in parlour.legal_moves(state)] == ["play 7S", "play QH", "play 9D"]
    trumping = read(puzzle({"must_trump_when_void": True}))
    assert [str(move) for move in parlour.legal_moves(trumping)] == ["play QH"]
    seen = parlour.view(state, 0)
    assert seen.to_act == 0 and seen.tricks_won == (0, 2)
    assert [(seat, card.text) for seat, card in seen.played] == [
        (1, "KS"), (0, "8S"), (1, "AD"), (0, "10D"), (1, "10C"),
    ]  # fmt: skip
    after = parlour.apply(state, "play QH")  # the trump wins: the dealer leads trick 4
    assert parlour.current_player(after) == 0
    assert parlour.view(after, None).tricks_won == (1, 2)
    written = state.to_dict()
    assert written == {**puzzle(), "options": written["options"]}
    assert written["options"]["target"] == 5
    assert written["options"]["penalty_rule"] == "seed_literal"


def test_a_mid_exchange_position_by_hand() -> None:
    # seat 1 deals; the non-dealer (seat 0) proposed, the dealer accepted, the non-dealer
    # exchanged two cards (7D 8D for the talon's top two, JH QH): the dealer is to discard
    talon = [card.text for card in PIQUET_DECK if card.text not in
             ["7D", "8D", "JH", "QH", "9S", "10S", "AH", "KC", "QC", "JC", "AC", "7C", "KS"]]
    position = puzzle()
    position.update(dealer=1, phase="discard_dealer")
    position["deal"].update(
        to_act=1, turnup="KS", talon=talon,
        hands=[["9S", "10S", "JH", "QH", "AH"], ["KC", "QC", "JC", "AC", "7C"]],
        discards=[["7D", "8D"], []], proposals=1, exchanges=[[2, 0]],
        played_without_proposing=False, tricks=[], trick=[],
    )
    position["match_score"] = [0, 1]  # the turn-up king scores for the dealer
    state = read(position)
    moves = [str(move) for move in parlour.legal_moves(state)]
    assert moves[:3] == ["discard", "discard 7C", "discard JC"]  # by size, then deck order
    assert len(moves) == 2**5  # keep, or any of his five cards' 31 non-empty sets
    assert parlour.score(state) == (0, 1)
    assert [event.reason for event in parlour.score_events(state)] == ["ecarte.turnup_king"]


# --- bad positions, each wrong in one place ----------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def _set(path: tuple[str | int, ...], value: Any) -> Mutation:
    def mutate(position: dict[str, Any]) -> None:
        target: Any = position
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _drop(path: tuple[str | int, ...]) -> Mutation:
    def mutate(position: dict[str, Any]) -> None:
        target: Any = position
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


def _swap_a_trick_card_with_a_hand_card(position: dict[str, Any]) -> None:
    # the dealer threw 9D on KS while he held 8S and 7S: he had to follow suit
    position["deal"]["tricks"][0] = ["KS", "9D"]
    position["deal"]["hands"][0] = ["7S", "QH", "8S"]


BAD_PUZZLES: list[tuple[str, Mutation, str, str]] = [
    ("a card twice", _set(("deal", "hands", 1, 0), TALON[0]), "deal.hands[1][0]",
     f"{TALON[0]} is already placed at deal.talon[0]"),
    ("the turn-up in a hand", _set(("deal", "hands", 0, 0), "8H"), "deal.hands[0][0]",
     "already placed at deal.turnup"),
    ("a card of another deck", _set(("deal", "hands", 1, 0), "2H"), "deal.hands[1][0]",
     "not a card of the Écarté deck"),
    ("a hand one card short", _set(("deal", "hands", 1), ["JS"]), "deal.hands[1]",
     "must hold 2 card(s)"),
    ("a card missing from the talon", _set(("deal", "talon"), TALON[1:]), "deal.talon",
     "must hold 21 cards"),
    ("the wrong seat to act", _set(("deal", "to_act"), 1), "deal.to_act", "must be 0"),
    ("an unknown key", _set(("extra",), 1), "position", "unknown key 'extra'"),
    ("an unknown key in the deal", _set(("deal", "extra"), 1), "deal", "unknown key 'extra'"),
    ("a missing key", _drop(("deal", "talon")), "deal", "the key 'talon' is missing"),
    ("a missing match key", _drop(("deals",)), "position", "the key 'deals' is missing"),
    ("a wrong type", _set(("dealer",), "0"), "dealer", "must be an integer"),
    ("a deal that is not an object", _set(("deal",), "x"), "deal", "must be an object"),
    ("a bool for an int", _set(("deal_number",), True), "deal_number", "must be an integer"),
    ("a bool for a seat", _set(("deal", "to_act"), True), "deal.to_act", "must be an integer"),
    ("an out-of-range seat", _set(("dealer",), 2), "dealer", "must be from 0 to 1"),
    ("an out-of-range king", _set(("deal", "king"), -1), "deal.king", "must be from 0 to 1"),
    ("a huge list", _set(("deal", "talon"), ["7S"] * 10**6), "deal.talon",
     "must hold from 0 to 21 items"),
    ("a huge list of deals", _set(("deals",), [{}] * 200_001), "deals",
     "must hold from 0 to 100000 items"),
    ("a string of 1 MB", _set(("phase",), "x" * 2**20), "phase", "must be one of deal_due"),
    ("a card of 1 MB", _set(("deal", "turnup"), "K" * 2**20), "deal.turnup", ""),
    ("two cards in a trick of two players where one is to play",
     _set(("deal", "trick"), ["10C", "7S"]), "deal.trick", "must hold from 0 to 1 items"),
    ("a trick of three cards", _set(("deal", "tricks", 0), ["KS", "8S", "7S"]), "deal.tricks[0]",
     "must hold exactly 2 items"),
    ("an inconsistent match score", _set(("match_score",), [1, 0]), "match_score",
     "must be [0, 0]"),
    ("an inconsistent deal number", _set(("deal_number",), 2), "deal_number", "must be 1"),
    ("the flag of playing without proposing", _set(("deal", "played_without_proposing"), False),
     "deal.played_without_proposing", "must be true"),
    ("a proposal after playing without proposing", _set(("deal", "proposals"), 1),
     "deal.played_without_proposing", "must be false"),
    ("a king marked by a player without it", _set(("deal", "king"), 1), "deal.king",
     "[ecarte.king_not_held]"),
    ("a played card that was not a legal play", _swap_a_trick_card_with_a_hand_card,
     "deal.tricks[0][1]", "[ecarte.must_follow]"),
    ("cards played in the exchanges", _set(("phase",), "discard_nondealer"),
     "deal.played_without_proposing", "must be false in phase 'discard_nondealer'"),
    ("a deal between deals", _set(("phase",), "deal_due"), "deal_number", "must be 0"),
]


@pytest.mark.parametrize(
    ("mutate", "path", "message"),
    [pytest.param(mutate, path, message, id=name) for name, mutate, path, message in BAD_PUZZLES],
)
def test_a_bad_position_is_refused_naming_the_place(
    mutate: Mutation, path: str, message: str
) -> None:
    position = puzzle()
    mutate(position)
    given = copy.deepcopy(position)
    with pytest.raises(PositionError) as refused:
        EcarteState.from_dict(position)
    assert position == given  # the reader changes nothing it is given
    assert refused.value.path == path
    assert message in refused.value.message
    assert len(str(refused.value)) < 400  # hostile input is cut in messages


@functools.cache
def positions_with_history() -> tuple[dict[str, Any], ...]:
    """Positions of the play of a later deal of a match (a deal finished, an exchange made,
    a trick played), from seeded random matches."""
    found = []
    for seed in range(200):
        for state in states_of_a_match(seed, {"target": 7}):
            if (
                state.table.deals and state.exchange.exchanges and state.finished_tricks
                and state.trick
            ):  # fmt: skip
                found.append(state.to_dict())
                break
        if len(found) == 3:
            return tuple(found)
    raise AssertionError("no position with history found")


def _deal_record(change: Any) -> Mutation:
    def mutate(position: dict[str, Any]) -> None:
        change(position["deals"][0])

    return mutate


def _short_discards(position: dict[str, Any]) -> None:
    deal = position["deal"]
    nondealer = 1 - position["dealer"]
    deal["discards"][nondealer] = deal["discards"][nondealer][1:]


BAD_HISTORIES: list[tuple[str, Mutation, str, str]] = [
    ("a deal's points", _deal_record(lambda deal: deal.update(points=deal["points"][::-1])),
     "deals[0].points", "from the deal's facts"),
    ("a deal's number", _deal_record(lambda deal: deal.update(number=2)), "deals[0].number",
     "must be 1"),
    ("a deal's dealer", _deal_record(lambda deal: deal.update(dealer=1 - deal["dealer"])),
     "deals[0].dealer", "the deal alternates"),
    ("a deal's trump", _deal_record(
        lambda deal: deal.update(trump="S" if deal["turnup"][-1] != "S" else "H")),
     "deals[0].trump", "from the deal's facts"),
    ("a deal's unknown key", _deal_record(lambda deal: deal.update(extra=0)), "deals[0]",
     "unknown key 'extra'"),
    ("a deal's award", _deal_record(lambda deal: deal["awards"][-1].update(points=9)),
     "deals[0].awards", "from the deal's facts"),
    ("a deal's award of a bool", _deal_record(lambda deal: deal["awards"][-1].update(deal=True)),
     "deals[0].awards[{last_award}].deal", "must be an integer"),
    ("the match score", lambda position: position["match_score"].__setitem__(0, 99),
     "match_score", "the finished deals' points"),
    ("a discard missing", _short_discards, "deal.discards[{nondealer}]", "card(s) seat"),
    ("an exchange too large", lambda position: position["deal"]["exchanges"][0].__setitem__(0, 6),
     "deal.exchanges[0][0]", "must be from 0 to 5"),
]


@pytest.mark.parametrize(
    ("mutate", "path", "message"),
    [pytest.param(mutate, path, message, id=name) for name, mutate, path, message in BAD_HISTORIES],
)
def test_a_bad_match_history_is_refused_naming_the_place(
    mutate: Mutation, path: str, message: str
) -> None:
    for valid in positions_with_history():
        position = copy.deepcopy(valid)
        mutate(position)
        with pytest.raises(PositionError) as refused:
            EcarteState.from_dict(position)
        where = path.format(
            nondealer=1 - position["dealer"], last_award=len(position["deals"][0]["awards"]) - 1
        )
        assert refused.value.path == where
        assert message in refused.value.message


# --- random damage: a PositionError or a valid state, never another exception ------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats()
    | st.text(max_size=12) | st.sampled_from([card.text for card in PIQUET_DECK]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)  # fmt: skip


@functools.cache
def sample_positions() -> tuple[dict[str, Any], ...]:
    """Every fourth state of a few random matches, as positions, and the hand-written ones."""
    states = [state for seed in range(3) for state in states_of_a_match(seed, {"target": 5})]
    return (puzzle(), *positions_with_history(), *(state.to_dict() for state in states[::4]))


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``value`` (the root excluded)."""
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()  # fmt: skip
    for key, child in items:
        yield (*path, key)
        yield from _places(child, (*path, key))


@given(st.data())
def test_random_damage_gives_a_position_error_or_a_valid_state(data: st.DataObject) -> None:
    position = copy.deepcopy(data.draw(st.sampled_from(sample_positions())))
    for _ in range(data.draw(st.integers(1, 3))):
        places = list(_places(position))
        place = data.draw(st.sampled_from(places))
        parent: Any = position
        for key in place[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            del parent[place[-1]]
        else:
            parent[place[-1]] = data.draw(JSON_VALUES)
    try:
        state = EcarteState.from_dict(position)
    except PositionError:
        return
    assert read(state.to_dict()) == state


# --- the docs page ------------------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ecarte.md"


def positions_section() -> str:
    text = DOCS.read_text(encoding="utf-8")
    return text[text.index("## Positions") : text.index("## Order of `legal_moves`")]


def test_the_documented_example_reads_back_and_is_the_position_it_describes() -> None:
    section = positions_section()
    example = json.loads(section[section.index("```json") + 7 : section.index("```\n\n| Key")])
    state = EcarteState.from_dict(example)
    assert state.to_dict() == example
    seen = parlour.view(state, 0)
    # seat 1 deals, trump ♦; seat 1 marked the king of trumps; seat 0 is to play to J♥, void
    assert (seen.dealer, seen.trump, seen.king, seen.to_act) == (1, Suit.DIAMONDS, 1, 0)
    assert [card.text for card in seen.hand] == ["KS", "7C", "JC"]
    assert [str(move) for move in parlour.legal_moves(state)] == ["play KS", "play 7C", "play JC"]


def test_the_documented_key_table_lists_every_key() -> None:
    section = positions_section()
    documented = [
        line.split("`")[1] for line in section.splitlines() if line.startswith("| `")
    ]
    position = puzzle()
    written = [key for key in position if key not in ("format", "version", "game", "options")]
    written += [f"deal.{key}" for key in position["deal"]]
    assert documented == written


def test_leading_the_king_of_trumps_to_the_first_trick_marks_it() -> None:
    # the puzzle with K♥ (the king of trumps) led to trick 1 instead of K♠, the dealer
    # following with Q♥: the non-dealer has marked the king by leading it (settled point 1)
    position = puzzle()
    deal = position["deal"]
    deal["tricks"][0] = ["KH", "QH"]
    deal["hands"][0] = ["7S", "8S", "9D"]
    deal["talon"] = [("KS" if card == "KH" else card) for card in TALON]
    with pytest.raises(PositionError) as refused:
        EcarteState.from_dict(position)
    assert refused.value.path == "deal.king"
    assert "must be 1" in refused.value.message
    deal["king"] = 1
    with pytest.raises(PositionError) as refused:
        EcarteState.from_dict(position)
    assert refused.value.path == "match_score"  # the king's point is missing
    position["match_score"] = [0, 1]
    state = EcarteState.from_dict(position)
    assert [(event.seats, event.reason, event.trick) for event in parlour.score_events(state)] == [
        ((1,), "ecarte.king", 1)
    ]
    assert "king" not in [str(move) for move in parlour.legal_moves(state)]
