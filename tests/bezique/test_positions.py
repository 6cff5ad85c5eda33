"""Bezique positions (`BeziqueState.to_dict` / `from_dict`): exact round trips over random
matches and every option preset, a hand-written position read with the legal moves the rules
give, a table of bad positions each refused with a `PositionError` naming the key at fault, and
random mutations that never raise anything else."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import PositionError
from parlour.base import PIQUET_DECK
from parlour.bezique import BeziqueState, Phase
from parlour.bezique._state import deal_tricks
from parlour.bezique.rules import DECK
from tests.strategies import PlayoutSpec, iter_playout, option_presets, playouts

Position = dict[str, Any]
MELD_NAMES = (
    "common_marriage", "royal_marriage", "sequence", "bezique", "double_bezique",
    "four_aces", "four_kings", "four_queens", "four_jacks",
)  # fmt: skip
"""The meld classes of §1.5.1, in the table's order: the keys of a position's ``melds``."""


def assert_round_trip(state: BeziqueState) -> BeziqueState:
    """The state rebuilt from its position (through JSON text) is the same state in every way
    a user can see; returns it."""
    data = state.to_dict()
    rebuilt = BeziqueState.from_dict(json.loads(json.dumps(data)))
    assert rebuilt == state and hash(rebuilt) == hash(state)
    assert rebuilt.to_dict() == data
    assert parlour.legal_moves(rebuilt) == parlour.legal_moves(state)
    for seat in (None, 0, 1):
        assert parlour.view(rebuilt, seat).to_dict() == parlour.view(state, seat).to_dict()
    assert parlour.score(rebuilt) == parlour.score(state)
    assert parlour.current_player(rebuilt) == parlour.current_player(state)
    assert parlour.deal_results(rebuilt) == parlour.deal_results(state)
    assert parlour.score_events(rebuilt) == parlour.score_events(state)
    return rebuilt


@given(playouts("bezique", max_moves=80))
def test_every_state_of_a_random_match_comes_back_exactly(spec: PlayoutSpec) -> None:
    for step in iter_playout(spec.game, spec.seed, spec.options, dealer=spec.dealer,
                             max_moves=spec.max_moves):  # fmt: skip
        rebuilt = assert_round_trip(step.before)
        # the same behaviour on the next move
        assert parlour.apply(rebuilt, step.move) == step.after
    assert_round_trip(step.after)


def test_every_state_of_a_whole_deal_comes_back_exactly() -> None:
    steps = list(iter_playout("bezique", 21, {"target": None}))
    assert parlour.is_over(steps[-1].after)
    for step in steps:
        assert parlour.apply(assert_round_trip(step.before), step.move) == step.after
    assert_round_trip(steps[-1].after)


@pytest.mark.parametrize(("name", "options"), option_presets("bezique"))
def test_round_trip_under_every_option_preset(name: str, options: dict[str, Any]) -> None:
    """A whole match (a single deal unless the preset sets the target) under each preset."""
    played = {"target": None, **options} if "target" not in options else options
    last = None
    for index, step in enumerate(iter_playout("bezique", 11, played, max_moves=2000)):
        if index % 3 == 0 or step.before.phase is Phase.DECLARE:
            assert_round_trip(step.before)
        last = step.after
    assert last is not None and parlour.is_over(last)
    assert_round_trip(last)


# --- a position written by hand ---------------------------------------------------------------


def _stock_of(used: list[str]) -> list[str]:
    """The 47 stock cards for a deal whose other cards are ``used``: every remaining copy, in
    the deck's order (the second copy of a face written ``#2``)."""
    left = Counter({card.text: 2 for card in PIQUET_DECK})
    left.subtract(text.removesuffix("#2") for text in used)
    stock = []
    for card in PIQUET_DECK:
        first_used = card.text in used
        for copy_number in range(left[card.text]):
            second = copy_number == 1 or first_used
            stock.append(card.text + ("#2" if second else ""))
    assert len(stock) == 47
    return stock


def _puzzle() -> Position:
    """Hearts are trumps (the 9♥ turned up); seat 1 dealt, seat 0 led the A♠ to trick 1 and seat 1
    threw the 7♣: seat 0 won it and may declare before drawing. It holds K♥ Q♥ (a royal
    marriage), Q♠ J♦ (a bezique) and the 7♥ (the seven of trumps: exchange or show)."""
    hands = [
        ["8S", "9S", "QS", "7H", "QH", "KH", "JD"],
        ["8D", "9D", "10D", "8C", "9C", "10C", "JC"],
    ]
    used = [*hands[0], *hands[1], "AS", "7C", "9H"]
    return {
        "format": "parlour.position",
        "version": 1,
        "game": "bezique",
        "options": {},
        "phase": "declare",
        "dealer": 1,
        "deal_number": 1,
        "scores": [0, 0],
        "deals": [],
        "deal": {
            "dealt_turnup": "9H",
            "stock": _stock_of(used),
            "drawn": 0,
            "turnup": "9H",
            "hands": hands,
            "known": [[], []],
            "tables": [[], []],
            "played": ["AS", "7C"],
            "trick": [],
            "to_act": 0,
            "melds": {name: [] for name in MELD_NAMES},
            "sevens_scored": [],
            "declared": False,
            "exchanged": None,
            "declarations": [],
            "awards": [],
        },
    }


def test_a_hand_written_position_gives_the_winners_declarations() -> None:
    state = BeziqueState.from_dict(_puzzle())
    # §1.5: the trick winner may declare one meld, exchange or show the seven of trumps, or
    # draw; legal moves list the melds in the meld table's order, then exchange, show, draw
    assert [str(move) for move in parlour.legal_moves(state)] == [
        "meld QH KH", "meld QS JD", "exchange", "show", "draw",
    ]  # fmt: skip
    assert parlour.current_player(state) == 0 and parlour.score(state) == (0, 0)
    seen = parlour.view(state, 1)
    assert [(seat, card.text) for seat, card in seen.played] == [(0, "AS"), (1, "7C")]
    assert seen.turnup is not None and seen.turnup.text == "9H" and seen.stock_size == 47
    after = parlour.apply(state, "meld QH KH")
    assert parlour.score(after) == (40, 0)  # a royal marriage: 40
    assert [str(move) for move in parlour.legal_moves(after)] == ["exchange", "show", "draw"]
    after = parlour.apply(parlour.apply(after, "draw"), "play 8S")
    assert after.hands[0].bit_count() == 5 and after.tables[0].bit_count() == 2


# --- bad positions ---------------------------------------------------------------------------


def _valid_positions() -> dict[str, Position]:
    """Positions of one seeded match: in the first stage mid-trick, in a winner's window after a
    meld, in the last stage mid-trick, between deals."""
    found: dict[str, Position] = {}
    wanted: dict[str, Callable[[BeziqueState], bool]] = {
        "play": lambda s: s.phase is Phase.PLAY and bool(s.trick) and s.tricks >= 5,
        "declare": lambda s: s.phase is Phase.DECLARE and s.declared and bool(s.tables[s.to_act]),
        "last_stage": lambda s: s.phase is Phase.LAST_STAGE and s.tricks >= 28 and bool(s.trick),
        "deal_due": lambda s: s.phase is Phase.DEAL_DUE and bool(s.table.deals),
    }
    for step in iter_playout("bezique", 4, {"target": 1500}):
        for name, wanted_here in wanted.items():
            if name not in found and wanted_here(step.after):
                found[name] = step.after.to_dict()
        if len(found) == len(wanted):
            return found
    raise AssertionError(f"the playout reached only {sorted(found)}")


VALID = _valid_positions()


def _moved_card(position: Position) -> None:
    """A card dealt to seat 0 (not from the stock, and one seat 1 does not know of) moved to
    seat 1's hand: the cards are all there, the sizes not."""
    deal = position["deal"]
    hands = deal["hands"]
    from_stock = {*deal["stock"], deal["dealt_turnup"]}
    moved = next(
        text for text in hands[0] if text not in deal["known"][0] and text not in from_stock
    )
    hands[0].remove(moved)
    hands[1].append(moved)


def _a_card_twice(position: Position) -> None:
    hands = position["deal"]["hands"]
    hands[0][0] = hands[1][0]


def _second_copy_as_first(position: Position) -> None:
    """A second copy written as the first: that copy is then twice and the other missing."""
    deal = position["deal"]
    stock = deal["stock"]
    index = next(i for i in range(deal["drawn"], len(stock)) if stock[i].endswith("#2"))
    stock[index] = stock[index].removesuffix("#2")


def _set(path: str, value: Any) -> Callable[[Position], None]:
    """A mutation writing ``value`` at ``path`` (keys and list indexes separated by dots)."""

    def mutate(position: Position) -> None:
        *parents, last = path.split(".")
        target: Any = position
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return mutate


def _drop(path: str) -> Callable[[Position], None]:
    def mutate(position: Position) -> None:
        *parents, last = path.split(".")
        target: Any = position
        for key in parents:
            target = target[key]
        del target[last]

    return mutate


def _drawn_cards_swapped(position: Position) -> None:
    """A card seat 0 drew and one seat 1 drew (neither a seven) change hands."""
    deal = position["deal"]
    drawn = set(deal["stock"][: deal["drawn"]])
    hands = deal["hands"]
    first, second = (
        next(text for text in hand if text in drawn and not text.startswith("7")) for hand in hands
    )
    hands[0][hands[0].index(first)], hands[1][hands[1].index(second)] = second, first


def _flip_to_act(position: Position) -> None:
    position["deal"]["to_act"] = 1 - position["deal"]["to_act"]


def _more_score(position: Position) -> None:
    position["scores"][0] += 10


def _meld_history_on_a_stock_card(position: Position) -> None:
    deal = position["deal"]
    queens = [text for text in deal["stock"][deal["drawn"] :] if text.startswith("Q")]
    deal["melds"]["four_queens"].append(queens[0])


def _meld_cards_changed(position: Position) -> None:
    """The window's meld declared with one card changed to a card of another rank."""
    declaration = position["deal"]["declarations"][-1]
    declaration["cards"][0] = "8C" if declaration["cards"][0] != "8C" else "8H"


def _history_without_declaration(position: Position) -> None:
    """A card on the table given a history (a quartet of its rank, or a bezique for Q♠ and
    J♦) that no declaration accounts for."""
    deal = position["deal"]
    classes = {"A": "four_aces", "K": "four_kings", "Q": "four_queens", "J": "four_jacks"}
    for text in deal["tables"][deal["to_act"]]:
        face = text.removesuffix("#2")
        for name in (classes.get(face[0]), "bezique" if face in ("QS", "JD") else None):
            if name is not None and text not in deal["melds"][name]:
                deal["melds"][name].append(text)
                return
    raise AssertionError("no table card to give a history")


def _unknowable_known_card(position: Position) -> None:
    """Seat 0's first hand card (a plain card, never shown) marked as known to seat 1."""
    deal = position["deal"]
    deal["known"][0].append(next(text for text in deal["hands"][0]
                                 if not text.startswith("7") and text not in deal["known"][0]
                                 and text != deal["dealt_turnup"]))  # fmt: skip


def _target_passed(position: Position) -> None:
    """The match played to the first to reach 10: the deal's first award ended it."""
    position["options"] = {**position["options"], "match_end": "first_to_reach", "target": 10}


def _meld_card_twice(position: Position) -> None:
    melds = position["deal"]["melds"]
    name = next(name for name in MELD_NAMES if melds[name])
    melds[name].append(melds[name][0])


def _undeclared(position: Position) -> None:
    position["deal"]["declared"] = False


def _deal_points(position: Position) -> None:
    position["deals"][0]["points"][0] += 10


def _drawn_wrong(position: Position) -> None:
    position["deal"]["drawn"] -= 2


def _odd_stock(position: Position) -> None:
    position["deal"]["stock"] = position["deal"]["stock"][:-1]


def _illegal_last_stage_follow(position: Position) -> None:
    """Swap a card followed to a last-stage trick in suit for a card of another suit still in
    the follower's hand: he held the suit led, so the new card was not a legal play."""
    deal = position["deal"]
    played = deal["played"]
    state = BeziqueState.from_dict(position)
    leaders = [leader for leader, _ in deal_tricks(state)]
    for number in range(24, len(played) // 2):
        led, followed = played[2 * number], played[2 * number + 1]
        follower = 1 - leaders[number]
        if _suit(led) != _suit(followed):
            continue
        hand = deal["hands"][follower]
        others = [text for text in hand if _suit(text) != _suit(led)
                  and text not in deal["known"][follower]]  # fmt: skip
        if others:
            swap = others[0]
            hand[hand.index(swap)] = followed
            played[2 * number + 1] = swap
            return
    raise AssertionError("no last-stage trick to spoil in this position")


def _suit(text: str) -> str:
    return text.removesuffix("#2")[-1]


BAD: list[tuple[str, str, Callable[[Position], None], str, str]] = [
    # (id, valid position, mutation, path of the error, words of its message)
    ("a card twice", "play", _a_card_twice, "deal.hands", "also stands in"),
    ("a second copy named as the first", "play", _second_copy_as_first, "deal",
     "also stands in"),
    ("a card missing", "play", _set("deal.trick", []), "deal", "is missing"),
    ("a hand one card short", "declare", _moved_card, "deal.hands[0]", "holds 7 cards"),
    ("a drawn card in the other hand", "play", _drawn_cards_swapped, "deal.stock[",
     "was drawn by seat"),
    ("the wrong seat to act", "play", _flip_to_act, "deal.to_act", "must be"),
    ("the wrong seat to act, last stage", "last_stage", _flip_to_act, "deal.to_act", "must be"),
    ("an unknown key", "play", _set("colour", "red"), "position", "unknown key 'colour'"),
    ("an unknown key in the deal", "play", _set("deal.colour", 1), "deal", "unknown key"),
    ("a missing key", "play", _drop("deal.drawn"), "deal", "'drawn' is missing"),
    ("a missing top key", "deal_due", _drop("scores"), "position", "'scores' is missing"),
    ("a wrong type", "play", _set("deal.drawn", "10"), "deal.drawn", "must be an integer"),
    ("a bool for an int", "play", _set("dealer", True), "dealer", "must be an integer"),
    ("an out-of-range seat", "play", _set("deal.to_act", 2), "deal.to_act", "from 0 to 1"),
    ("a negative score", "deal_due", _set("scores.0", -10), "scores[0]", "from 0"),
    ("a huge list", "play", _set("deal.played", ["7S"] * 1_000_000), "deal.played",
     "from 0 to 62"),
    ("a string of 1 MB", "play", _set("deal.dealt_turnup", "Q" * 1_000_000),
     "deal.dealt_turnup", "must be a Bezique card"),
    ("not a Bezique card", "play", _set("deal.turnup", "2H"), "deal.turnup", "7 to A"),
    ("an unknown phase", "play", _set("phase", "bidding"), "phase", "must be one of"),
    ("a deal between deals", "deal_due", _set("deal", {}), "deal", "must be null"),
    ("no deal in a deal", "play", _set("deal", None), "deal", "must be an object"),
    ("scores against the awards", "play", _more_score, "scores", "this deal's awards"),
    ("scores against the deals", "deal_due", _more_score, "scores", "finished deals' points"),
    ("a deal's points against its awards", "deal_due", _deal_points, "deals[0].points",
     "sum of the deal's awards"),
    ("the stock drawn", "play", _drawn_wrong, "deal.stock", "also stands in"),
    ("the stock short", "play", _odd_stock, "deal.stock", "exactly 47"),
    ("a meld history on a stock card", "play", _meld_history_on_a_stock_card,
     "deal.melds.four_queens", "cannot have melded"),
    ("declared against the declarations", "declare", _undeclared, "deal.declared",
     "must be true"),
    ("a meld of the wrong cards", "declare", _meld_cards_changed, "deal.declarations[",
     "are not the cards of a"),
    ("a meld history no declaration made", "declare", _history_without_declaration,
     "deal.melds.", "declarations name"),
    ("an award past the target", "declare", _target_passed, "deal.awards[0]",
     "under first_to_reach the match ends here"),
    ("a meld card listed twice", "declare", _meld_card_twice, "deal.melds.", "listed twice"),
    ("a known card nobody showed", "play", _unknowable_known_card, "deal.known[0]",
     "cannot know of"),
    ("an illegal last-stage play", "last_stage", _illegal_last_stage_follow, "deal.played[",
     "was not a legal play"),
    ("a deal number", "play", _set("deal_number", 3), "deal_number", "must be"),
    ("the dealer", "deal_due", _set("dealer", None), "dealer", "must be an integer"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("base", "mutate", "path", "words"),
    [pytest.param(base, mutate, path, words, id=name) for name, base, mutate, path, words in BAD],
)
def test_a_bad_position_is_refused_naming_the_key(
    base: str, mutate: Callable[[Position], None], path: str, words: str
) -> None:
    position = copy.deepcopy(VALID[base])
    BeziqueState.from_dict(copy.deepcopy(position))  # valid before the mutation
    mutate(position)
    with pytest.raises(PositionError) as caught:
        BeziqueState.from_dict(position)
    error = caught.value
    assert error.path is not None and error.path.startswith(path), str(error)
    assert words in str(error)


def test_the_bad_positions_cover_the_phases_they_claim() -> None:
    assert {name: position["phase"] for name, position in VALID.items()} == {
        name: name for name in VALID
    }


def test_a_position_of_another_game_or_format_is_refused() -> None:
    position = copy.deepcopy(VALID["play"])
    position["game"] = "ecarte"
    with pytest.raises(PositionError):
        BeziqueState.from_dict(position)
    with pytest.raises(PositionError, match="format"):
        BeziqueState.from_dict({**VALID["play"], "format": "chess"})
    with pytest.raises(PositionError, match="JSON object"):
        BeziqueState.from_dict([VALID["play"]])


# --- random mutations ------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=6)
    | st.sampled_from(["QS", "QS#2", "7H", "play", "declare", "10D#2", "#2"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=8,
)  # fmt: skip


def _places(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside a JSON document (the document itself included)."""
    found = [here]
    if isinstance(value, dict):
        for key in sorted(value):
            found += _places(value[key], (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*here, index))
    return found


@given(
    st.sampled_from(sorted(VALID)),
    st.integers(min_value=0),
    st.booleans(),
    JSON,
)
def test_a_randomly_mutated_position_is_refused_or_read(
    base: str, where: int, drop: bool, value: Any
) -> None:
    position = copy.deepcopy(VALID[base])
    places = _places(position)[1:]
    path = places[where % len(places)]
    parent: Any = position
    for key in path[:-1]:
        parent = parent[key]
    if drop:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        state = BeziqueState.from_dict(position)
    except PositionError:
        return
    assert isinstance(state, BeziqueState)
    assert parlour.view(state, 0) is not None


def test_the_stock_helper_places_every_copy_once() -> None:
    position = _puzzle()
    deal = position["deal"]
    every = [*deal["stock"], deal["dealt_turnup"], *deal["hands"][0], *deal["hands"][1],
             *deal["played"]]  # fmt: skip
    assert len(every) == len(set(every)) == len(DECK)


def test_a_copy_that_stands_twice_is_named() -> None:
    position = _puzzle()
    position["deal"]["hands"][1][0] = "9S"  # seat 0 holds the first 9♠ already
    with pytest.raises(PositionError, match=r"9S also stands in deal.hands\[0\]"):
        BeziqueState.from_dict(position)


def test_round_trip_of_a_fresh_match_and_one_seeded_rng() -> None:
    state = parlour.new_game("bezique")
    assert_round_trip(state)
    rng = random.Random(2)
    state = parlour.apply(state, parlour.random_deal(state, rng))
    assert_round_trip(state)


def _card_places(position: Position) -> list[tuple[Any, ...]]:
    """The paths of the card texts of a position's deal (every string of its card lists)."""
    deal = position.get("deal") or {}
    keys = ("stock", "hands", "known", "tables", "played", "trick", "melds", "sevens_scored")
    return [
        ("deal", *path)
        for key in keys
        for path in _places(deal[key], (key,))
        if isinstance(_at(deal, path), str)
    ]


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@given(st.sampled_from(["play", "declare", "last_stage"]), st.integers(0), st.integers(0))
def test_two_cards_swapped_anywhere_are_refused_or_read_exactly(
    base: str, first: int, second: int
) -> None:
    """Swapping two card texts of a valid deal (hand for trick, stock for table, …) gives a
    position that is refused with a `PositionError` or read into a state whose own position
    is read back into the same state."""
    position = copy.deepcopy(VALID[base])
    places = _card_places(position)
    one, other = places[first % len(places)], places[second % len(places)]
    one_parent, other_parent = _at(position, one[:-1]), _at(position, other[:-1])
    one_parent[one[-1]], other_parent[other[-1]] = other_parent[other[-1]], one_parent[one[-1]]
    try:
        state = BeziqueState.from_dict(position)
    except PositionError:
        return
    assert BeziqueState.from_dict(state.to_dict()) == state


@given(playouts("bezique", max_moves=80))
def test_a_sampled_state_is_a_position_whose_draws_follow_the_sampled_hands(
    spec: PlayoutSpec,
) -> None:
    """`sample_state` gives states that read back as positions (every card in one place, each
    drawn card with the seat that drew it, every last-stage card a legal play), and in it and
    in `resample_hidden`'s (which ignores what the play showed, so may not be a position) the
    record of the stock drawn is drawn again: each draw names a card its drawer holds in the
    sample or played after that draw (a seven of trumps, which an exchange moves, anywhere),
    never a real hidden card the sample moved away."""
    rng = random.Random(spec.seed)
    for step in iter_playout(spec.game, spec.seed, spec.options, dealer=spec.dealer,
                             max_moves=spec.max_moves):  # fmt: skip
        state = step.before
        if state.phase not in (Phase.PLAY, Phase.DECLARE, Phase.LAST_STAGE):
            continue
        trump = state.table.trump
        for seat in (None, 0, 1):
            sampled = parlour.sample_state(state, seat, rng)
            assert isinstance(sampled, BeziqueState)
            assert BeziqueState.from_dict(sampled.to_dict()) == sampled
            resampled = parlour.resample_hidden(state, seat, rng)
            for sample in (sampled, resampled):
                tricks = deal_tricks(sample)
                leaders = [leader for leader, _ in tricks]
                for index, card in enumerate(sample.table.stock[: sample.drawn]):
                    if DECK[card].rank == 7 and int(DECK[card].suit) == trump:
                        continue
                    after = index // 2 + 1
                    winner = leaders[after] if after < len(leaders) else sample.leader
                    drawer = winner if index % 2 == 0 else 1 - winner
                    later = {
                        cards[0 if leader == drawer else 1]
                        for leader, cards in tricks[after:]
                    }
                    if sample.trick and sample.leader == drawer:
                        later.add(sample.trick[0])
                    holding = sample.hands[drawer] | sample.tables[drawer]
                    assert holding >> card & 1 or card in later, (index, card)
