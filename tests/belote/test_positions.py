"""Belote positions (`BeloteState.to_dict` / `from_dict`): exact round trips over random play
and every option preset, a position written by hand from the rules, a table of bad positions
each wrong in one place, and random mutations that must give a `PositionError` or a state.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import PositionError
from parlour.belote import BeloteState
from parlour.belote.rules import DECK
from tests.strategies import (
    PlayoutSpec,
    final_state,
    iter_playout,
    option_presets,
    playout_states,
    playouts,
)

Position = dict[str, Any]
SEATS: tuple[int | None, ...] = (None, 0, 1, 2, 3)


def through_json(state: BeloteState) -> Position:
    data: Position = state.to_dict()
    again: Position = json.loads(json.dumps(data))
    assert again == data
    return again


def assert_same_state(back: BeloteState, state: BeloteState) -> None:
    """Everything a caller can ask of the two states is the same."""
    assert back == state
    assert hash(back) == hash(state)
    assert parlour.legal_moves(back) == parlour.legal_moves(state)
    for seat in SEATS:
        assert parlour.view(back, seat).to_dict() == parlour.view(state, seat).to_dict()
    assert parlour.score(back) == parlour.score(state)
    assert parlour.current_player(back) == parlour.current_player(state)
    assert parlour.deal_results(back) == parlour.deal_results(state)
    assert parlour.is_over(back) == parlour.is_over(state)


def check_round_trips(spec: PlayoutSpec) -> int:
    """Every state of the playout reads back exactly and behaves the same on the next move."""
    count = 0
    steps = spec.run()
    for step in steps:
        back = BeloteState.from_dict(through_json(step.before))
        assert_same_state(back, step.before)
        assert parlour.apply(back, step.move) == step.after
        count += 1
    last = steps[-1].after
    assert_same_state(BeloteState.from_dict(through_json(last)), last)
    return count


@given(playouts("belote", max_moves=200))
def test_every_state_of_a_random_match_reads_back_exactly(spec: PlayoutSpec) -> None:
    assert check_round_trips(spec) >= 1


@pytest.mark.parametrize(
    ("name", "options"),
    option_presets("belote"),
    ids=[name for name, _ in option_presets("belote")],
)
def test_every_option_preset_reads_back_exactly(name: str, options: dict[str, Any]) -> None:
    # the first deals of a match (with its throw-ins and scoring) under the preset
    assert check_round_trips(PlayoutSpec("belote", seed=5, options=options, max_moves=250)) > 30


def test_a_finished_match_reads_back_exactly() -> None:
    state = final_state("belote", 2, start=parlour.new_game("belote", options={"target": 301},
                                                           seed=2))  # fmt: skip
    data = through_json(state)
    assert data["phase"] == "over"
    assert data["deal"] is None
    assert_same_state(BeloteState.from_dict(data), state)


# --- a position written by hand -----------------------------------------------------------------
#
# (Hands are written in the canonical order, suits S H D C and 7 up to A, as `to_dict` writes
# them; any order reads.)
# Dealer 3; seat 0 took the turn-up 7H in the first round, so hearts are trumps. The hands as
# dealt (8 cards each):
#   seat 0: JH AH 10H 7H AS KS 7D 8C     seat 1: 8H AD 10D KD 7S 8S 9S QC
#   seat 2: KH QH 9H AC 10C KC 10S QS    seat 3: QD JD 9D 8D JS JC 9C 7C
# Trick 1: seat 0 leads AS, 7S, 10S, JS follow (all follow suit); AS wins.
# Trick 2: seat 0 leads JH; seats 1 and 2 cannot beat it and play a trump (8H, QH: seat 2 holds
#   KH QH, so this is "belote"); seat 3 has no trump and discards 7C. JH wins.
# Trick 3: seat 0 leads 7D, seat 1 follows with AD and wins so far; seat 2 has no diamond and
#   its opponent is winning: it must trump (rules §3.4, clause 3), with either of its trumps.


def puzzle() -> Position:
    return {
        "format": "parlour.position",
        "version": 1,
        "game": "belote",
        "options": {},
        "phase": "play",
        "dealer": 3,
        "deal_number": 1,
        "match_score": [0, 0],
        "held": 0,
        "deals": [],
        "deal": {
            "to_act": 2,
            "hands": [
                ["KS", "7H", "10H", "AH", "8C"],
                ["8S", "9S", "10D", "KD", "QC"],
                ["QS", "9H", "KH", "10C", "KC", "AC"],
                ["8D", "9D", "JD", "QD", "9C", "JC"],
            ],
            "turnup": "7H",
            "stock": [],
            "contract": {"taker": 0, "trump": "H", "round": 1},
            "tricks": [["AS", "7S", "10S", "JS"], ["JH", "8H", "QH", "7C"]],
            "leader": 0,
            "trick": ["7D", "AD"],
        },
    }


def test_a_hand_written_position_gives_the_moves_the_rules_give() -> None:
    state = BeloteState.from_dict(puzzle())
    assert parlour.current_player(state) == 2
    assert [str(move) for move in parlour.legal_moves(state)] == ["play 9H", "play KH"]
    violation = parlour.check(state, "play AC")
    assert violation is not None and violation.rule == "belote.must_trump"
    seen = parlour.view(state, 2)
    assert seen.belote_announced == 2  # QH played, KH still held
    assert [(seat, card.text) for seat, card in seen.played] == [
        (0, "AS"), (1, "7S"), (2, "10S"), (3, "JS"),
        (0, "JH"), (1, "8H"), (2, "QH"), (3, "7C"),
        (0, "7D"), (1, "AD"),
    ]  # fmt: skip
    assert seen.tricks_won == (2, 0)
    # Seat 2 trumps with KH (rebelote), then seat 3 must follow diamonds with any diamond.
    after = parlour.apply(state, "play KH")
    assert [str(move) for move in parlour.legal_moves(after)] == [
        "play 8D", "play 9D", "play JD", "play QD",
    ]  # fmt: skip
    # the position of a state written back is the position read
    assert through_json(state) == {**puzzle(), "options": through_json(state)["options"]}


def test_the_documented_position_is_this_one() -> None:
    page = (Path(__file__).parents[2] / "docs" / "belote.md").read_text(encoding="utf-8")
    section = page[page.index("## Positions") :]
    block = section[section.index("```json") + len("```json") :]
    data = json.loads(block[: block.index("```")])
    state = BeloteState.from_dict(data)
    assert state == BeloteState.from_dict(puzzle())
    assert state.to_dict() == data


def test_a_bidding_position_reads_and_the_deal_goes_on() -> None:
    deal = parlour.new_game("belote", dealer=1, seed=4)
    data = through_json(deal)
    assert data["phase"] == "bidding_round_1"
    assert data["deal"]["to_act"] == 2
    assert len(data["deal"]["stock"]) == 11
    data["deal"]["to_act"] = 0  # seats 2 and 3 have passed
    state = BeloteState.from_dict(data)
    assert [bid for _, bid in parlour.view(state, None).bids] == ["pass", "pass"]
    assert parlour.view(state, None).bids[0][0] == 2
    assert [str(move) for move in parlour.legal_moves(state)] == ["pass", "take"]


# --- bad positions --------------------------------------------------------------------------------

Mutation = Callable[[Position], None]


def _set(path: str, value: Any) -> Mutation:
    """Set the value at a dotted path (``deal.hands.0``) to ``value``."""

    def mutate(data: Position) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _delete(key: str) -> Mutation:
    def mutate(data: Position) -> None:
        del data[key]

    return mutate


def _swap_trick_card_with_hand_card(data: Position) -> None:
    # seat 1 plays 8S on the diamond lead instead of AD, though it holds diamonds
    data["deal"]["trick"][1] = "8S"
    data["deal"]["hands"][1] = ["9S", "10D", "KD", "AD", "QC"]


def _discard_instead_of_following(data: Position) -> None:
    # seat 3 discards 7C on the spade lead of trick 1 though it holds JS, and plays JS later
    data["deal"]["tricks"][0][3] = "7C"
    data["deal"]["tricks"][1][3] = "JS"


def _after_a_throw_in(dealer: int) -> Mutation:
    """The same deal as the second of the match, after a throw-in dealt by seat 3."""

    def mutate(data: Position) -> None:
        thrown_in = parlour.belote.DealResult(
            number=1, dealer=3, outcome="thrown_in", turnup=DECK[0]
        )
        data["deals"] = [thrown_in.to_dict()]
        data["deal_number"] = 2
        data["dealer"] = dealer

    return mutate


def _set_all(**values: Any) -> Mutation:
    def mutate(data: Position) -> None:
        data.update(values)

    return mutate


def _drop_last_card(key: int) -> Mutation:
    def mutate(data: Position) -> None:
        data["deal"]["hands"][key].pop()

    return mutate


BAD: dict[str, tuple[Mutation, str, str]] = {
    # name: (mutation, the path the error names, a part of its message)
    "a card twice": (_set("deal.hands.0.0", "KH"), "deal.hands[2][2]", "stands twice"),
    "a card of another game": (_set("deal.hands.0.0", "2H"), "deal.hands[0][0]", "not a card"),
    "a hand one card short": (_drop_last_card(3), "deal.hands[3]", "must hold 6 cards"),
    "the wrong seat to act": (_set("deal.to_act", 3), "deal.to_act", "must be 2"),
    "an unknown key": (_set("colour", "red"), "position", "unknown key 'colour'"),
    "an unknown key in the deal": (_set("deal.bids", []), "deal", "unknown key 'bids'"),
    "a missing key": (_delete("held"), "position", "'held' is missing"),
    "a wrong type": (_set("dealer", "3"), "dealer", "must be an integer"),
    "a bool for an int": (_set("dealer", True), "dealer", "must be an integer"),
    "an out-of-range seat": (_set("deal.contract.taker", 4), "deal.contract.taker", "0 to 3"),
    "a negative score": (_set("match_score", [-1, 0]), "match_score[0]", "from 0"),
    "a huge list": (_set("deal.tricks", [["AS"]] * 1_000_000), "deal.tricks", "0 to 7 items"),
    "a string of 1 MB": (_set("phase", "x" * 1_000_000), "phase", "must be one of"),
    "a 1 MB card": (_set("deal.turnup", "7" * 1_000_000), "deal.turnup", ""),
    "the wrong leader": (_set("deal.leader", 1), "deal.leader", "must be 0"),
    "a score no deal gave": (_set("match_score", [20, 0]), "match_score", "must be [0, 0]"),
    "held points no deal left": (_set("held", 10), "held", "must be 0"),
    "the wrong deal number": (_set("deal_number", 2), "deal_number", "must be 1"),
    "over with no deal played": (_set("phase", "over"), "phase", "the match is not over"),
    "a deal number between deals": (_set("phase", "deal_due"), "deal_number", "must be 0"),
    "a trick of four cards": (_set("deal.trick", ["7D", "AD", "9H", "8D"]), "deal.trick", "0 to 3"),
    "first-round trump not the turn-up's suit": (
        _set("deal.contract.trump", "S"), "deal.contract.trump", "must be H",
    ),
    "a bad round": (_set("deal.contract.round", 3), "deal.contract.round", "1 to 2"),
    "a stock in the play": (_set("deal.stock", ["AC"]), "deal.stock", "must be empty"),
    "the turn-up in another hand": (_set("deal.turnup", "KH"), "deal.turnup", "taker's hand"),
    "a played card that was not a legal play": (
        _swap_trick_card_with_hand_card, "deal.trick[1]", "you must follow suit",
    ),
    "an illegal play in a finished trick": (
        _discard_instead_of_following, "deal.tricks[0][3]", "(belote.must_follow)",
    ),
    "a deal result with a missing key": (
        _set("deals", [{"number": 1, "dealer": 3, "outcome": "thrown_in", "turnup": "9S"}]),
        "deals[0]",
        "'taker' is missing",
    ),
    "the wrong dealer after a throw-in": (
        _after_a_throw_in(dealer=3), "dealer", "must be 0",
    ),
    "a deal between deals": (_set_all(phase="deal_due", deal_number=0), "deal", "must be null"),
    "a suit that is no suit": (_set("deal.contract.trump", "X"), "deal.contract.trump", ""),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_position_wrong_in_one_place_is_refused_naming_the_key(name: str) -> None:
    mutate, path, message = BAD[name]
    data = puzzle()
    BeloteState.from_dict(copy.deepcopy(data))  # the unmutated position is valid
    mutate(data)
    with pytest.raises(PositionError) as caught:
        BeloteState.from_dict(data)
    assert caught.value.path == path, str(caught.value)
    assert message in str(caught.value)
    assert len(str(caught.value)) < 1000


def match_position() -> tuple[BeloteState, Position]:
    """A position between deals after a few deals of a seeded match."""
    played = 0
    for step in iter_playout("belote", 8, {"tie_rule": "litige"}, dealer=2):
        state = step.after
        if not parlour.is_chance(step.before) and parlour.is_chance(state):
            played += state.table.deals[-1].outcome != "thrown_in"
            if played == 3:
                return state, through_json(state)
    raise AssertionError("the match ended before three deals were played")


BAD_DEALS: dict[str, tuple[str, Any, str, str]] = {
    # name: (key of deals[-1], new value, the path named, a part of the message)
    "points the rules do not give": ("points", [500, 0], "deals[-1].points", "must be"),
    "the wrong outcome": ("outcome", "litige", "deals[-1].outcome", "must be"),
    "card points that do not add up": ("card_points", [100, 100], "deals[-1].card_points", "162"),
    "tricks that do not add up": ("tricks", [5, 5], "deals[-1].tricks", "add up to 8"),
    "a deal numbered out of turn": ("number", 7, "deals[-1].number", "must be"),
    "an award to no team": ("awards", [{"seats": [0, 1], "points": 162, "reason":
                            "belote.contract_failed", "deal": 3, "trick": None}],
                            "deals[-1].awards[0].seats", "team's seats"),
    "an unknown outcome": ("outcome", "won", "deals[-1].outcome", "one of"),
    "a bool for a taker": ("taker", True, "deals[-1].taker", ""),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BAD_DEALS))
def test_a_deal_result_the_rules_cannot_give_is_refused(name: str) -> None:
    state, data = match_position()
    assert_same_state(BeloteState.from_dict(copy.deepcopy(data)), state)
    key, value, path, message = BAD_DEALS[name]
    last = len(data["deals"]) - 1
    data["deals"][last][key] = value
    with pytest.raises(PositionError) as caught:
        BeloteState.from_dict(data)
    wanted = path.replace("[-1]", f"[{last}]")
    assert caught.value.path is not None
    assert caught.value.path.startswith(wanted), str(caught.value)
    assert message in str(caught.value)


def test_a_match_score_that_is_not_the_sum_of_the_deals_is_refused() -> None:
    _, data = match_position()
    data["match_score"][0] += 10
    with pytest.raises(PositionError) as caught:
        BeloteState.from_dict(data)
    assert caught.value.path == "match_score"


def test_a_position_of_another_game_is_refused() -> None:
    other = parlour.new_game("ecarte", seed=1)
    with pytest.raises(PositionError) as caught:
        BeloteState.from_dict(parlour.state_to_dict(other))
    assert caught.value.path == "game"


# --- random mutations -------------------------------------------------------------------------


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (dict keys and list indexes)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*prefix, index)
            yield from paths(item, (*prefix, index))


CARD_TEXTS = [card.text for card in DECK]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=12)
    | st.integers()
    | st.floats(allow_nan=False)
    | st.sampled_from(CARD_TEXTS)
    | st.sampled_from(["S", "H", "play", "made", "thrown_in", "belote.belote"])
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _valid_positions() -> list[Position]:
    positions = [puzzle(), match_position()[1]]
    start = parlour.new_game("belote", options={"target": 501}, seed=12)
    states = list(playout_states("belote", 12, start=start, max_moves=60))
    assert len(states) == 61
    positions += [through_json(states[moves]) for moves in (4, 21, 60)]
    return positions


VALID = _valid_positions()


@given(st.data())
def test_a_randomly_mutated_position_gives_a_position_error_or_a_state(
    data: st.DataObject,
) -> None:
    position = copy.deepcopy(data.draw(st.sampled_from(VALID), label="position"))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3), label="mutations")):
        path = data.draw(st.sampled_from(list(paths(position))), label="path")
        *parents, last = path
        node: Any = position
        for key in parents:
            node = node[key]
        if isinstance(node, dict) and data.draw(st.booleans(), label="drop"):
            del node[last]
        else:
            node[last] = data.draw(JSON_VALUES, label="value")
        if not list(paths(position)):
            break
    try:
        state = BeloteState.from_dict(position)
    except PositionError:
        return
    assert isinstance(state, BeloteState)
    assert_same_state(BeloteState.from_dict(through_json(state)), state)
