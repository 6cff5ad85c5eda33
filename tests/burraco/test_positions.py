"""Burraco positions (`BurracoState.to_dict` / `from_dict`): exact round trips over random play
and every option preset, a position written by hand from the rules, a table of bad positions
each wrong in one place, and random mutations that must give a `PositionError` or a state.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import PositionError
from parlour.base import Card
from parlour.burraco import BurracoState
from parlour.burraco._faces import DECK
from parlour.engine import (
    Move,
    get_game,
)
from tests.strategies import iter_playout, option_presets

GAME = get_game("burraco")

Position = dict[str, Any]


def steps(options: dict[str, Any], seed: int, *, bot_share: int = 8) -> Iterator[tuple[Any, Any]]:
    """Every state of a seeded match with the move made from it (``None`` for the match's last
    state): at a deal a random deal, else the built-in bot's move ``bot_share`` times in ten
    (so that pozzetti and closings come often), else a random legal move."""

    def biased(state: Any, moves: Sequence[Move], rng: random.Random) -> Move:
        if rng.randrange(10) < bot_share:
            return GAME.bot_move(state, rng)  # type: ignore[attr-defined,no-any-return]
        return moves[rng.randrange(len(moves))]

    dealer = seed % options.get("players", 4)
    state = parlour.new_game("burraco", options=options, dealer=dealer)
    for step in iter_playout("burraco", seed, options, dealer=dealer, choose=biased):
        yield step.before, step.move
        state = step.after
    yield state, None


def walk(options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of the seeded match of `steps`."""
    for state, _ in steps(options, seed):
        yield state


def through_json(state: Any) -> Position:
    data: Position = state.to_dict()
    again: Position = json.loads(json.dumps(data))
    assert again == data
    return again


def assert_same_state(state: Any, data: Position) -> BurracoState:
    """The state read from ``data`` is ``state`` in every way a caller can tell."""
    back = BurracoState.from_dict(data)
    assert back == state
    assert hash(back) == hash(state)
    assert list(parlour.legal_moves(back)) == list(parlour.legal_moves(state))
    for seat in (*range(parlour.players(state)), None):
        assert parlour.view(back, seat).to_dict() == parlour.view(state, seat).to_dict()
    assert parlour.score(back) == parlour.score(state)
    assert parlour.current_player(back) == parlour.current_player(state)
    assert parlour.deal_results(back) == parlour.deal_results(state)
    assert back.to_dict() == data
    return back


def check_match(options: dict[str, Any], seed: int, *, hands: int = 99) -> int:
    """Round trip every state of a seeded match, and play the match's next move from each
    rebuilt state too (it must give the match's next state); stops after ``hands`` finished
    hands. Returns how many states were checked."""
    checked = 0
    previous: tuple[Any, Any] | None = None
    for state, move in steps(options, seed):
        if previous is not None:
            rebuilt, made = previous
            assert parlour.apply(rebuilt, made) == state
        back = assert_same_state(state, through_json(state))
        checked += 1
        if len(state.table.results) >= hands:
            break
        previous = (back, move)
    return checked


# --- round trips ------------------------------------------------------------------------------


@given(seed=st.integers(0, 10_000), players=st.sampled_from([4, 2]))
def test_round_trip_over_a_random_hand(seed: int, players: int) -> None:
    assert check_match({"target": None, "players": players}, seed) > 10


def test_round_trip_every_state_and_the_same_next_state() -> None:
    """Playing on from a rebuilt state gives the state the original reaches."""
    for seed, players in ((1, 4), (2, 2)):
        for step in iter_playout("burraco", seed, {"target": None, "players": players}):
            back = BurracoState.from_dict(through_json(step.before))
            assert parlour.apply(back, step.move) == step.after


@pytest.mark.parametrize(("name", "preset"), option_presets("burraco"))
def test_round_trip_under_every_option_preset(name: str, preset: dict[str, Any]) -> None:
    for players in (4, 2):
        options = {"target": None, "players": players, **preset}
        if options["players"] != players:
            continue
        assert check_match(options, 7, hands=2) > 10


def test_round_trip_between_hands_and_at_the_end_of_a_match() -> None:
    """A match to 600 has deal-due states with finished hands, and an end."""
    phases = set()
    for state in walk({"target": 600, "players": 2}, 3):
        phases.add(state.phase.value)
        assert_same_state(state, through_json(state))
    assert phases == {"deal_due", "draw", "play", "over"}


def test_state_from_dict_gives_the_state_and_another_game_is_refused() -> None:
    state = next(s for s in walk({"target": None}, 5) if s.phase.value == "play")
    data = through_json(state)
    assert parlour.state_from_dict(data) == state
    assert data["game"] == "burraco" and data["format"] == "parlour.position"
    data["game"] = "belote"  # Burraco's keys are no Belote position
    with pytest.raises(PositionError):
        BurracoState.from_dict(data)
    data["game"] = "chess"
    with pytest.raises(PositionError, match="unknown game 'chess'"):
        BurracoState.from_dict(data)


# --- a position written from the rules --------------------------------------------------------

MELDED = ["KS", "KH", "KD"]
"""Seat 0's team has a set of kings on the table."""
HAND_0 = ["7H", "8H", "9H", "KC", "4C"]
"""Seat 0, to act, has drawn: it can meld 7H 8H 9H, add its king, or discard."""


def _remove(pool: list[Card], texts: list[str]) -> None:
    for text in texts:
        pool.remove(parlour.parse_card(text))


def written_position() -> Position:
    """A two-player position in the play phase, built here from the rules: seat 0 holds
    `HAND_0`, its team `MELDED`; the rest of the deck, in canonical order, makes the pozzetti,
    a three-card discard pile, a 40-card stock and seat 1's hand; the 23 cards drawn from the
    stock so far are the first 23 of seat 1's hand."""
    pool = list(DECK)
    _remove(pool, HAND_0 + MELDED)
    texts = [card.text for card in pool]
    pozzetti, texts = [texts[:11], texts[11:22]], texts[22:]
    stock, texts = texts[:40], texts[40:]
    discard, hand_1 = texts[:3], texts[3:]
    return {
        "format": "parlour.position",
        "version": 1,
        "game": "burraco",
        "options": {"players": 2, "target": None},
        "phase": "play",
        "dealer": 1,
        "hand_number": 1,
        "match_score": [0, 0],
        "results": [],
        "hand": {
            "to_act": 0,
            "hands": [HAND_0, hand_1],
            "known_cards": [[], []],
            "melds": [[MELDED], []],
            "discard": discard,
            "stock": stock,
            "drawn": hand_1[:23],
            "pozzetti": pozzetti,
            "pozzetto_of_team": [0, 0],
            "pozzetto_unseen": [],
            "turn": {
                "took_pile": False,
                "single_card_pile": False,
                "no_discard": None,
                "melded": False,
            },
            "stalled": 0,
        },
    }


def test_a_written_position_gives_the_moves_of_the_rules() -> None:
    state = BurracoState.from_dict(written_position())
    assert parlour.current_player(state) == 0
    # The sequence 7H 8H 9H is the only new meld; the king goes onto the set (meld 1); any
    # card may be discarded, in canonical order (suits S H D C, ranks 2 up to A).
    assert [str(move) for move in parlour.legal_moves(state)] == [
        "meld 7H 8H 9H", "add 1 KC",
        "discard 7H", "discard 8H", "discard 9H", "discard 4C", "discard KC",
    ]  # fmt: skip
    seen = parlour.view(state, 1)
    assert seen.stock_size == 40 and seen.hand_sizes == (5, 35)
    assert [card.text for card in seen.discard] == written_position()["hand"]["discard"]
    after = parlour.apply(state, "add 1 KC")
    assert [card.text for card in after.melds[0][0].cards] == ["KS", "KH", "KD", "KC"]


def test_a_position_at_the_first_turn() -> None:
    """Right after the deal the seat after the dealer draws or takes the one-card pile."""
    state = parlour.new_game("burraco", options={"players": 2, "target": None}, dealer=1)
    state = parlour.apply(state, parlour.random_deal(state, random.Random(4)))
    data = through_json(state)
    assert data["hand"]["to_act"] == 0
    assert data["hand"]["turn"] is None and data["hand"]["drawn"] == []
    assert [str(move) for move in parlour.legal_moves(BurracoState.from_dict(data))] == [
        "draw",
        "pickup",
    ]


# --- bad positions ------------------------------------------------------------------------------


def _state_where(options: dict[str, Any], wanted: Callable[[Any], bool]) -> Any:
    for seed in range(50):
        for state in walk(options, seed):
            if wanted(state):
                return state
    raise AssertionError("no such state in 50 seeded hands")


def _mid_play(state: Any) -> bool:
    """In the play phase after a pickup, both teams with melds, cards known in a hand."""
    return (
        state.phase.value == "play" and state.turn.took_pile and all(state.melds)
        and any(state.known) and not state.turn.melded
    )  # fmt: skip


PLAY = through_json(_state_where({"target": None}, _mid_play))
"""A four-player position in the play phase (see `_mid_play`)."""
DRAW = through_json(_state_where({"target": None}, lambda s: s.phase.value == "draw"))
"""A four-player position right after the deal."""
FIRST_DRAWN = through_json(_state_where(
    {"target": None},
    lambda s: s.phase.value == "play" and s.drawn == 1 and not any(s.melds) and not s.stalled,
))  # fmt: skip
"""A four-player position in the first turn of a hand, after its draw."""
UNSEEN = through_json(_state_where({"target": None}, lambda s: s.unseen))
"""A four-player position with a pozzetto taken on the discard, not yet looked at."""
LATER = through_json(
    _state_where(
        {"target": 600, "players": 2}, lambda s: s.phase.value == "draw" and s.table.results
    )
)
"""A two-player position in the second hand of a match to 600."""


def _seat_to_act(data: Position) -> int:
    seat: int = data["hand"]["to_act"]
    return seat


def _other_seat(data: Position) -> int:
    return (_seat_to_act(data) + 1) % len(data["hand"]["hands"])


def _card_held_twice_elsewhere(data: Position) -> str:
    """A card of which the deck's two copies are both outside the stock."""
    stock = set(data["hand"]["stock"])
    for card in data["hand"]["hands"][_other_seat(data)]:
        if card not in stock and card != "JK":
            return str(card)
    raise AssertionError("no such card")


def _card_not_held(data: Position, seat: int) -> str:
    held = set(data["hand"]["hands"][seat])
    return next(card.text for card in DECK if card.text not in held)


def _set_hand(data: Position, key: str, value: Any) -> None:
    data["hand"][key] = value


def _turn_a_stock_card_into_the_pile(data: Position) -> None:
    """The stock's last card goes onto the discard pile, and is counted as drawn."""
    card = data["hand"]["stock"].pop()
    data["hand"]["discard"].append(card)
    data["hand"]["drawn"].append(card)


def _melded_before_any_meld(data: Position) -> None:
    """The first turn of a hand, in the play phase, as if its seat had melded."""
    data["phase"] = "play"
    _set_hand(data, "turn", {"took_pile": False, "single_card_pile": False, "no_discard": None,
                             "melded": True})  # fmt: skip


def _repeat_a_set(data: Position) -> None:
    """A team lays down again a set of a rank it has (a set: its natural cards share a rank)."""
    for melds in data["hand"]["melds"]:
        for meld in melds:
            ranks = {card[:-1] for card in meld if card != "JK" and not card.startswith("2")}
            if len(ranks) == 1:
                melds.append(list(meld))
                return
    raise AssertionError("no set on the table")


def _wrong_dealer(data: Position) -> None:
    data["hand"]["to_act"] = (data["hand"]["to_act"] + 1) % 4


Mutation = Callable[[Position], object]

BAD: list[tuple[str, Position, Mutation, str, str]] = [
    ("a card three times", PLAY,
     lambda d: d["hand"]["stock"].__setitem__(0, _card_held_twice_elsewhere(d)),
     "", "the deck holds it 2 times"),
    ("a card missing from a hand", PLAY,
     lambda d: d["hand"]["hands"][_other_seat(d)].pop(), "", "is missing"),
    ("a stock one card short", PLAY, lambda d: d["hand"]["stock"].pop(), "hand.drawn",
     "cards dealt to the stock"),
    ("a card the deck has twice, three times in one hand", PLAY,
     lambda d: d["hand"]["hands"][0].extend(["7S"] * 3), "hand.hands[0]", "the deck has 2"),
    ("the wrong seat to act at the first turn", DRAW, _wrong_dealer, "hand.to_act",
     "the seat after the dealer"),
    ("the wrong seat to act after the first draw", FIRST_DRAWN, _wrong_dealer, "hand.to_act",
     "the seat after the dealer"),
    ("an unknown key", PLAY, lambda d: d.__setitem__("trick", []), "position", "unknown key"),
    ("an unknown key in the hand", PLAY, lambda d: _set_hand(d, "trump", "S"), "hand",
     "unknown key"),
    ("an unknown key in the turn", PLAY, lambda d: d["hand"]["turn"].__setitem__("x", 1),
     "hand.turn", "unknown key"),
    ("a missing key", PLAY, lambda d: d["hand"].pop("stock"), "hand", "'stock' is missing"),
    ("a missing header key", PLAY, lambda d: d.pop("version"), "version", "must be 1"),
    ("a wrong type", PLAY, lambda d: _set_hand(d, "to_act", "1"), "hand.to_act",
     "must be an integer"),
    ("a bool for an int", PLAY, lambda d: d.__setitem__("dealer", True), "dealer",
     "must be an integer"),
    ("a bool for an int in the stall count", PLAY, lambda d: _set_hand(d, "stalled", False),
     "hand.stalled", "must be an integer"),
    ("an out-of-range seat", PLAY, lambda d: _set_hand(d, "to_act", 4), "hand.to_act",
     "from 0 to 3"),
    ("an out-of-range unseen seat", PLAY, lambda d: _set_hand(d, "pozzetto_unseen", [9]),
     "hand.pozzetto_unseen[0]", "from 0 to 3"),
    ("a huge list", PLAY, lambda d: _set_hand(d, "discard", ["7S"] * 200_000),
     "hand.discard", "from 0 to 108"),
    ("a string of 1 MB for a card", PLAY,
     lambda d: d["hand"]["stock"].__setitem__(0, "7" * 1_000_000), "hand.stock[0]",
     "is not a card"),
    ("a string of 1 MB for the phase", PLAY, lambda d: d.__setitem__("phase", "x" * 1_000_000),
     "phase", "must be one of"),
    ("the hand key in a deal-due phase", PLAY,
     lambda d: d.update(phase="deal_due", hand_number=0), "hand", "must be null"),
    ("a deal-due phase with a hand still in play", PLAY,
     lambda d: d.__setitem__("phase", "deal_due"), "results", "hand 1 is the last one"),
    ("cards of three suits for a meld", PLAY,
     lambda d: d["hand"]["melds"][0].__setitem__(0, ["7S", "8H", "9D"]), "hand.melds[0][0]",
     "must be of one suit"),
    ("a sequence written high to low", PLAY,
     lambda d: d["hand"]["melds"][1].append(["9D", "8D", "7D"]), "hand.melds[1][",
     "burraco.out_of_order"),
    ("a second set of one rank", PLAY, _repeat_a_set, "hand.melds[", "allow_duplicate_set_rank"),
    ("a meld of two cards", PLAY, lambda d: d["hand"]["melds"][1].append(["7S", "7H"]),
     "hand.melds[1][", "at least 3 cards"),
    ("a meld with two wilds", PLAY,
     lambda d: d["hand"]["melds"][1].append(["JK", "JK", "7H"]), "hand.melds[1][",
     "is not a meld"),
    ("a known card its hand does not hold", PLAY,
     lambda d: d["hand"]["known_cards"][0].append(_card_not_held(d, 0)),
     "hand.known_cards[0]", "which hand 0 does not hold"),
    ("no card known of a seat that has just taken the pile", PLAY,
     lambda d: d["hand"]["known_cards"].__setitem__(_seat_to_act(d), []),
     "hand.known_cards[", "has just taken the pile"),
    ("five jokers known in a hand", PLAY,
     lambda d: _set_hand(d, "known_cards", [["JK"] * 5] * 4),
     "hand.known_cards[0]", "the deck has 4"),
    ("a turn before the draw", DRAW,
     lambda d: _set_hand(d, "turn", {"took_pile": False, "single_card_pile": False,
                                     "no_discard": None, "melded": False}),
     "hand.turn", "must be null"),
    ("no turn in the play phase", PLAY, lambda d: _set_hand(d, "turn", None), "hand.turn",
     "must be an object"),
    ("a discard pile right after it was taken", PLAY,
     _turn_a_stock_card_into_the_pile,
     "hand.discard", "just taken the pile"),
    ("a one-card pile not taken with the pile", PLAY,
     lambda d: d["hand"]["turn"].update(took_pile=False, single_card_pile=True),
     "hand.turn.single_card_pile", "took_pile must be true"),
    ("the second pozzetto taken before the first", PLAY,
     lambda d: _set_hand(d, "pozzetto_of_team", [2, 0]), "hand.pozzetto_of_team", "top one"),
    ("an unseen pozzetto of a team that took none", PLAY,
     lambda d: _set_hand(d, "pozzetto_unseen", [_other_seat(d)]), "hand.pozzetto_unseen",
     "cannot list seat"),
    ("an unseen pozzetto for the seat to act", UNSEEN,
     lambda d: _set_hand(d, "to_act", d["hand"]["pozzetto_unseen"][0]),
     "hand.pozzetto_unseen", "it is to act"),
    ("a stall count without a one-card pile", PLAY, lambda d: _set_hand(d, "stalled", 1),
     "hand.stalled", "must be 0"),
    ("a stall count at the limit", PLAY, lambda d: _set_hand(d, "stalled", 8), "hand.stalled",
     "from 0 to 7"),
    ("a melded turn for a team with no meld", DRAW,
     _melded_before_any_meld,
     "hand.turn.melded", "has no meld"),
    ("a match score that is not the sum of the hands", LATER,
     lambda d: d["match_score"].__setitem__(0, d["match_score"][0] + 5), "match_score",
     "sum of the finished hands"),
    ("a hand total that does not add up", LATER,
     lambda d: d["results"][0]["teams"][0].__setitem__("total", 1), "results[0].teams[0].total",
     "must be"),
    ("awards that are not the score items", LATER,
     lambda d: d["results"][0]["awards"].pop(), "results[0].awards", "score items"),
    ("a result numbered wrong", LATER,
     lambda d: d["results"][0].__setitem__("number", 2), "results[0].number", "must be 1"),
    ("the wrong dealer after a hand", LATER,
     lambda d: d.__setitem__("dealer", d["results"][0]["dealer"]), "dealer", "the seat after"),
    ("a hand number that does not follow", LATER,
     lambda d: d.__setitem__("hand_number", 5), "results", "result(s)"),
    ("a closing with no closing team", LATER,
     lambda d: d["results"][0].__setitem__("closed_by", None)
     if d["results"][0]["ended_by"] == "closing"
     else d["results"][0].__setitem__("closed_by", 0),
     "results[0].closed_by", "must be"),
    ("an unknown way to end a hand", LATER,
     lambda d: d["results"][0].__setitem__("ended_by", "timeout"), "results[0].ended_by",
     "must be one of"),
    ("a match over that goes on", LATER,
     lambda d: d.update(phase="over", hand_number=1, hand=None), "phase", "is not over"),
]  # fmt: skip


@pytest.mark.parametrize(("base", "mutate", "path", "message"),
                         [case[1:] for case in BAD], ids=[case[0] for case in BAD])  # fmt: skip
def test_a_bad_position_is_refused(
    base: Position, mutate: Mutation, path: str, message: str
) -> None:
    BurracoState.from_dict(copy.deepcopy(base))  # the base itself is good
    data = copy.deepcopy(base)
    mutate(data)
    with pytest.raises(PositionError) as caught:
        BurracoState.from_dict(data)
    text = str(caught.value)
    assert message in text, text
    if path:
        assert (caught.value.path or "position").startswith(path), text


def test_the_bad_table_covers_the_base_positions() -> None:
    """The bases have what the mutations need: melds for both teams and cards known (PLAY),
    an unseen pozzetto (UNSEEN), a finished hand (LATER)."""
    assert all(PLAY["hand"]["melds"]) and any(PLAY["hand"]["known_cards"])
    assert PLAY["hand"]["turn"]["took_pile"] and PLAY["hand"]["discard"] == []
    assert UNSEEN["hand"]["pozzetto_unseen"]
    assert len(LATER["results"]) == 1


# --- random mutations -----------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=5) | st.sampled_from(["7S", "JK", "AH", "play", "draw", "over"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=8,
)  # fmt: skip


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key in value:
            yield from _paths(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


BASES = (PLAY, DRAW, UNSEEN, LATER)
PATHS = [list(_paths(base))[1:] for base in BASES]


@given(
    base=st.integers(0, len(BASES) - 1),
    choice=st.integers(0, 10**6),
    drop=st.booleans(),
    value=JSON_VALUES,
)
def test_a_random_mutation_gives_a_position_error_or_a_state(
    base: int, choice: int, drop: bool, value: Any
) -> None:
    data = copy.deepcopy(BASES[base])
    path = PATHS[base][choice % len(PATHS[base])]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if drop:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        state = BurracoState.from_dict(data)
    except PositionError:
        return
    assert isinstance(state, BurracoState)
    assert BurracoState.from_dict(through_json(state)) == state


# --- the documented example -------------------------------------------------------------------


def test_the_example_position_of_the_docs_reads_and_writes_back() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "burraco.md").read_text("utf-8")
    section = page[page.index("## Positions") :]
    block = section[section.index("```json\n") + len("```json\n") : section.index("\n```\n")]
    data = json.loads(block)
    state = BurracoState.from_dict(data)
    assert state.to_dict() == data
    assert data["hand"]["turn"]["took_pile"] and data["hand"]["discard"] == []
    assert parlour.current_player(state) == data["hand"]["to_act"]
