"""`sample_state` and `agent_view` over random playouts of every game.

* The sampled state's view for that seat equals the real view, and sampling again from the
  sampled state (what a search agent does) keeps it.
* In the trick games, every play the seat has seen (the last and the current trick) is legal,
  by the game's own rule evaluator, from the hand the sampled state gives the player who made
  it; in particular no sampled hand holds the suit led to a trick its owner did not follow.
* Over many samples every hidden card lands in every place it may be and never where it may
  not: "may be" is worked out here from the real hands (a card may join a hand when every play
  of that hand stays legal with it) and a bipartite matching that fills every place.
* Every consistent world is equally likely: late in Belote deals (two and three other hands
  constrained by the play) and Écarté deals, every layout of the hidden hands in which every
  play shown was legal is enumerated here from the rules, and a chi-square test at a fixed
  seed, 30 samples expected per world, must not reject uniformity at 0.001. (At the first two
  Belote positions of each kind, the earlier room-weighted dealing gave p of about 4e-5 and
  2e-75 with two constrained hands, 3e-160 and 0.65 with three.)
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import belote, bezique, ecarte
from parlour.belote._play import play_evaluator as belote_evaluator
from parlour.belote.rules import KING_QUEEN_OF
from parlour.ecarte._play import play_evaluator as ecarte_evaluator
from parlour.ecarte.rules import KING_BIT
from parlour.tricks import TrickEvaluator
from tests.strategies import iter_playout, playouts
from tests.views.uniformity import uniformity_p

GAMES = parlour.game_names()
STAGE_ONE_TRICKS = 24


def seats(state: Any) -> list[int | None]:
    return [None, *range(parlour.players(state))]


@given(st.data())
@pytest.mark.parametrize("game", GAMES)
def test_a_sampled_state_shows_the_seat_the_same_view(game: str, data: st.DataObject) -> None:
    spec = data.draw(playouts(game, max_moves=50), label="playout")
    rng = random.Random(spec.seed)
    for step in spec.run():
        state = step.before
        for seat in seats(state):
            seen = parlour.view(state, seat)
            sampled = parlour.sample_state(state, seat, rng)
            assert parlour.view(sampled, seat) == seen
        to_act = parlour.current_player(state)
        if isinstance(to_act, int):
            given_view = parlour.agent_view(state, to_act, rng)
            assert given_view == parlour.view(state, to_act)
            assert parlour.view(given_view.sampled, to_act) == given_view
            again = parlour.sample_state(given_view.sampled, to_act, rng)
            assert parlour.view(again, to_act) == given_view


def test_agent_view_keeps_the_sample_out_of_equality_repr_and_json() -> None:
    state = parlour.new_game("belote", seed=4)
    rng = random.Random(1)
    given_view = parlour.agent_view(state, 1, rng)
    plain = parlour.view(state, 1)
    assert given_view.sampled is not None and plain.sampled is None
    assert given_view == plain and hash(given_view) == hash(plain)
    assert repr(given_view) == repr(plain)
    assert given_view.to_dict() == plain.to_dict()
    assert copy.copy(given_view) is given_view and copy.deepcopy(given_view) is given_view


def test_sample_state_refuses_a_bad_seat_or_rng() -> None:
    state = parlour.new_game("ecarte", seed=2)
    with pytest.raises(parlour.SeatError):
        parlour.sample_state(state, 2, random.Random(0))
    with pytest.raises(parlour.SeatError):
        parlour.agent_view(state, True, random.Random(0))
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        parlour.sample_state(state, 0, 7)  # type: ignore[arg-type]


def test_the_same_rng_gives_the_same_sample() -> None:
    state = parlour.new_game("burraco", seed=9)
    first = parlour.sample_state(state, 0, random.Random(3))
    assert parlour.sample_state(state, 0, random.Random(3)) == first


# --- what the play showed ------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """A card a seat played to a visible trick: the cards before it, and the cards the seat
    played after it this deal (they were still in its hand)."""

    seat: int
    card: int
    before: tuple[int, ...]
    later: int


@dataclass(frozen=True)
class TrickGame:
    """How this test reads a trick game's state: its evaluator, trump, the visible tricks and
    each seat's holding (the cards it may still play)."""

    evaluator: Callable[[Any], TrickEvaluator]
    trump: Callable[[Any], int]
    tricks: Callable[[Any], list[tuple[int, tuple[int, ...]]]]
    holding: Callable[[Any, int], int]
    players: int


def _belote_tricks(state: Any) -> list[tuple[int, tuple[int, ...]]]:
    """Every trick of the deal: the finished ones from ``played`` (the dealer's left leads the
    first, each trick's winner the next), then the current one."""
    if state.phase is not belote.Phase.PLAY:
        return []
    table = state.table
    winning_index = belote_evaluator(table.options).table.winning_index
    leader = (table.dealer + 1) % 4
    tricks: list[tuple[int, tuple[int, ...]]] = []
    for start in range(0, len(state.played), 4):
        cards = tuple(state.played[start : start + 4])
        tricks.append((leader, cards))
        leader = (leader + winning_index(table.trump, cards)) % 4
    assert leader == state.leader
    return [*tricks, *([(state.leader, state.trick)] if state.trick else [])]


def _ecarte_tricks(state: Any) -> list[tuple[int, tuple[int, ...]]]:
    if state.phase is not ecarte.Phase.PLAY:
        return []
    tricks: list[tuple[int, tuple[int, ...]]] = [
        (leader, (first, second)) for leader, first, second in state.finished_tricks
    ]
    if state.trick:
        tricks.append((1 - state.to_act, state.trick))
    return tricks


def _bezique_tricks(state: Any) -> list[tuple[int, tuple[int, ...]]]:
    if state.phase is not bezique.Phase.LAST_STAGE:
        return []
    tricks: list[tuple[int, tuple[int, ...]]] = []
    if state.last_trick is not None and state.tricks > STAGE_ONE_TRICKS:
        tricks.append(state.last_trick)
    if state.trick:
        tricks.append((state.leader, state.trick))
    return tricks


TRICK_GAMES = {
    "belote": TrickGame(
        lambda state: belote_evaluator(state.table.options),
        lambda state: state.table.trump,
        _belote_tricks,
        lambda state, seat: state.hands[seat],
        4,
    ),
    "ecarte": TrickGame(
        lambda state: ecarte_evaluator(state.table.options),
        lambda state: state.table.trump,
        _ecarte_tricks,
        lambda state, seat: state.hands[seat],
        2,
    ),
    "bezique": TrickGame(
        lambda state: state.table.last_stage_evaluator,
        lambda state: state.table.trump,
        _bezique_tricks,
        lambda state, seat: state.hands[seat] | state.tables[seat],
        2,
    ),
}


def visible_plays(game: TrickGame, state: Any) -> list[Play]:
    """Every card played to a visible trick but the lead, with what its seat played after."""
    plays: list[tuple[int, int, tuple[int, ...]]] = []
    for leader, cards in game.tricks(state):
        for position in range(len(cards)):
            plays.append(((leader + position) % game.players, cards[position], cards[:position]))
    result = []
    for index, (seat, card, before) in enumerate(plays):
        later = 0
        for other_seat, other_card, _ in plays[index + 1 :]:
            if other_seat == seat:
                later |= 1 << other_card
        if before:
            result.append(Play(seat, card, before, later))
    return result


def legal_from(game: TrickGame, state: Any, holding: int, play: Play) -> bool:
    """Whether ``play`` was legal from a hand that is ``holding`` now (plus the cards played
    since, and the card itself)."""
    hand = holding | play.later | 1 << play.card
    allowed = game.evaluator(state).allowed(game.trump(state), hand, play.before)
    return bool(allowed >> play.card & 1)


@given(st.data())
@pytest.mark.parametrize("game_name", sorted(TRICK_GAMES))
def test_no_sampled_hand_contradicts_a_play_its_owner_made(
    game_name: str, data: st.DataObject
) -> None:
    game = TRICK_GAMES[game_name]
    spec = data.draw(playouts(game_name, max_moves=120), label="playout")
    rng = random.Random(spec.seed)
    for step in spec.run():
        state = step.before
        plays = visible_plays(game, state)
        if not plays:
            continue
        table = game.evaluator(state).table
        for seat in seats(state):
            sampled = parlour.sample_state(state, seat, rng)
            for play in plays:
                holding = game.holding(sampled, play.seat)
                assert legal_from(game, sampled, holding, play), (seat, play)
                led = table.suit_of[play.before[0]]
                if table.suit_of[play.card] != led:
                    assert not holding & table.suit_masks[led], (seat, play)


# --- every place a hidden card may be ------------------------------------------------------------

Place = tuple[str, int]
"""A hidden place: ("hand", seat), ("discards", seat) or ("talon", 0)."""


def hidden_places(game_name: str, state: Any, seat: int | None) -> dict[Place, int]:
    """The mask of the hidden cards in each place hidden from ``seat`` (from the rules: the
    turn-up is known to be in the Belote taker's hand, an announced belote and a marked Écarté
    king are public, the Bezique cards known to the other player are public)."""
    others = [other for other in range(parlour.players(state)) if other != seat]
    if game_name == "belote":
        table = state.table
        places = {}
        announced = parlour.view(state, None).belote_announced
        for other in others:
            public = 1 << table.turnup if other == table.taker else 0
            if other == announced:
                public |= KING_QUEEN_OF[table.trump]
            places[("hand", other)] = state.hands[other] & ~public
        return places
    if game_name == "ecarte":
        table = state.table
        king = KING_BIT[table.trump] if table.king >= 0 else 0
        places = {}
        for other in others:
            places[("hand", other)] = state.hands[other] & ~king
            places[("discards", other)] = state.exchange.discards[other]
        places[("talon", 0)] = sum(1 << card for card in state.exchange.talon)
        return places
    assert state.table.stock[state.drawn :] == ()
    return {("hand", other): state.hands[other] & ~state.known[other] for other in others}


def may_hold(game_name: str, game: TrickGame, state: Any, owner: int, card: int) -> bool:
    """Whether ``owner``'s hand may hold ``card``: every visible play it made stays legal with
    the card added to its real hand, and (Belote) it did not play one card of an unannounced
    belote while holding the other."""
    for play in visible_plays(game, state):
        if play.seat == owner and not legal_from(
            game, state, game.holding(state, owner) | 1 << card, play
        ):
            return False
    if game_name == "belote" and parlour.view(state, None).belote_announced is None:
        pair = KING_QUEEN_OF[state.table.trump]
        for leader, cards in game.tricks(state):
            for position, played in enumerate(cards):
                if (leader + position) % 4 == owner and pair >> played & 1 and pair >> card & 1:
                    return False
    return True


def _matches(cards: list[int], slots: list[Place], allowed: dict[int, set[Place]]) -> bool:
    """Whether every card gets one slot it is allowed (Kuhn's augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(card: int, visited: set[int]) -> bool:
        for index, slot in enumerate(slots):
            if slot in allowed[card] and index not in visited:
                visited.add(index)
                if index not in owner or augment(owner[index], visited):
                    owner[index] = card
                    return True
        return False

    return all(augment(card, set()) for card in cards)


def possible_places(
    game_name: str, state: Any, seat: int | None, places: dict[Place, int]
) -> set[tuple[int, Place]]:
    """Every (card, place) of some layout that fills each place and that the plays allow."""
    game = TRICK_GAMES[game_name]
    cards = sorted(card for mask in places.values() for card in range(64) if mask >> card & 1)
    allowed: dict[int, set[Place]] = {}
    for card in cards:
        allowed[card] = {
            place
            for place, mask in places.items()
            if mask and (place[0] != "hand" or may_hold(game_name, game, state, place[1], card))
        }
    slots = [place for place, mask in places.items() for _ in range(mask.bit_count())]
    possible = set()
    for card in cards:
        for place in sorted(allowed[card]):
            rest = list(slots)
            rest.remove(place)
            if _matches([other for other in cards if other != card], rest, allowed):
                possible.add((card, place))
    return possible


def positions(game_name: str) -> Iterator[tuple[Any, int | None]]:
    """States where a visible trick shows a player out of the suit led, with the viewer."""
    game = TRICK_GAMES[game_name]
    for seed in range(200):
        for step in iter_playout(game_name, seed, {"target": None}):
            state = step.before
            plays = visible_plays(game, state)
            table = game.evaluator(state).table if plays else None
            shown_out = table is not None and any(
                table.suit_of[play.card] != table.suit_of[play.before[0]] for play in plays
            )
            if shown_out:
                viewer = None if game_name == "bezique" else parlour.current_player(state)
                assert viewer is not parlour.CHANCE
                yield state, viewer  # type: ignore[misc]
                break


@pytest.mark.parametrize("game_name", sorted(TRICK_GAMES))
def test_hidden_cards_land_in_every_place_they_may_be_and_nowhere_else(game_name: str) -> None:
    rng = random.Random(2024)
    found = 0
    for state, seat in positions(game_name):
        places = hidden_places(game_name, state, seat)
        possible = possible_places(game_name, state, seat, places)
        cards = {card for card, _ in possible}
        # the real layout is one of the possible ones
        assert {
            (card, place) for place, mask in places.items() for card in cards if mask >> card & 1
        } <= possible
        seen = set()
        for _ in range(300):
            sampled = parlour.sample_state(state, seat, rng)
            for place, mask in hidden_places(game_name, sampled, seat).items():
                seen |= {(card, place) for card in cards if mask >> card & 1}
        assert seen == possible
        found += 1
        if found == 3:
            break
    assert found == 3


def test_a_seat_that_showed_out_of_a_suit_is_never_dealt_it_belote() -> None:
    # Seat 1 discards on a heart lead: it has no heart left, in any sample.
    for seed in range(100):
        for step in iter_playout("belote", seed, {"target": None}):
            state = step.before
            seen = parlour.view(state, 0)
            if len(seen.trick) >= 2 and seen.trick[1][1].suit != seen.trick[0][1].suit:
                leader_suit = seen.trick[0][1].suit
                void_seat = seen.trick[1][0]
                if void_seat == 0:
                    continue
                rng = random.Random(seed)
                for _ in range(50):
                    sampled = parlour.view(parlour.sample_state(state, 0, rng), void_seat)
                    assert all(card.suit != leader_suit for card in sampled.hand)
                return
    raise AssertionError("no position found")


# --- every consistent world equally likely -------------------------------------------------------

World = tuple[int, ...]
"""A layout of the hidden cards: the mask of each hidden place, in the order of sorted places."""


def layout_of(game_name: str, state: Any, seat: int | None, places: list[Place]) -> World:
    held = hidden_places(game_name, state, seat)
    return tuple(held[place] for place in places)


def consistent_worlds(game_name: str, state: Any, seat: int, places: list[Place]) -> list[World]:
    """Every way to give ``places`` (hidden hands, each keeping its size) cards hidden from
    ``seat`` so that every play the deal shows was legal from its player's hand, and (Belote)
    no player who played a king or queen of trumps without announcing belote holds the other:
    enumerated here, hand by hand, from the rules. The hidden cards left over go to the other
    hidden places, which nothing constrains (the Écarté discards and talon)."""
    game = TRICK_GAMES[game_name]
    real = hidden_places(game_name, state, seat)
    cards = sorted(card for mask in real.values() for card in range(32) if mask >> card & 1)
    public = {place: state.hands[place[1]] & ~real[place] for place in places}
    plays = visible_plays(game, state)
    pair_players: dict[int, int] = {}
    if game_name == "belote" and parlour.view(state, None).belote_announced is None:
        pair = KING_QUEEN_OF[state.table.trump]
        for leader, cards_played in game.tricks(state):
            for position, played in enumerate(cards_played):
                if pair >> played & 1:
                    pair_players[(leader + position) % 4] = pair & ~(1 << played)
    worlds = []
    for split in _splits(cards, [real[place].bit_count() for place in places]):
        world = tuple(sum(1 << card for card in group) for group in split)
        hands = {place[1]: world[index] | public[place] for index, place in enumerate(places)}
        hands[seat] = state.hands[seat]
        if all(legal_from(game, state, hands[play.seat], play) for play in plays) and not any(
            hands[player] & other for player, other in pair_players.items()
        ):
            worlds.append(world)
    return worlds


def _splits(cards: list[int], sizes: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not sizes:
        yield ()
        return
    for group in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in group]
        for tail in _splits(rest, sizes[1:]):
            yield (group, *tail)


def belote_late_positions(constrained: int) -> Iterator[tuple[Any, int, list[Place], list[World]]]:
    """Belote states of the play, seen by the seat to act, with at most nine hidden cards, at
    least two consistent worlds, and exactly ``constrained`` other hands that some hidden card
    can be in no consistent world of."""
    for seed in range(300):
        for step in iter_playout("belote", seed, {"target": None}):
            state = step.before
            if state.phase is not belote.Phase.PLAY or len(state.played) < 20:
                continue
            seat = parlour.current_player(state)
            assert isinstance(seat, int)
            places = sorted(hidden_places("belote", state, seat))
            worlds = consistent_worlds("belote", state, seat, places)
            if len(worlds) < 2:
                continue
            every = sum(hidden_places("belote", state, seat).values())
            reach = [0] * len(places)
            for world in worlds:
                reach = [held | mask for held, mask in zip(reach, world, strict=True)]
            if sum(1 for held in reach if held != every) == constrained:
                yield state, seat, places, worlds
                break


def chi_square_of_samples(
    game_name: str, state: Any, seat: int, places: list[Place], worlds: list[World], seed: int
) -> float:
    rng = random.Random(seed)
    draws = 30 * len(worlds)
    seen = Counter(
        layout_of(game_name, parlour.sample_state(state, seat, rng), seat, places)
        for _ in range(draws)
    )
    assert set(seen) == set(worlds)
    return uniformity_p(seen, worlds)


@pytest.mark.parametrize("constrained", [2, 3])
def test_belote_samples_every_consistent_world_equally_often(constrained: int) -> None:
    found = 0
    for state, seat, places, worlds in belote_late_positions(constrained):
        assert chi_square_of_samples("belote", state, seat, places, worlds, found) > 0.001
        found += 1
        if found == 2:
            break
    assert found == 2


def ecarte_late_positions() -> Iterator[tuple[Any, int, list[Place], list[World]]]:
    """Écarté states of the play, seen by the seat to act, where the other hand holds at most
    three cards, with two to 400 consistent worlds, and some hidden card can be in none of them."""
    for seed in range(300):
        for step in iter_playout("ecarte", seed, {"target": None}):
            state = step.before
            if state.phase is not ecarte.Phase.PLAY or len(state.finished_tricks) < 2:
                continue
            seat = parlour.current_player(state)
            assert isinstance(seat, int)
            places: list[Place] = [("hand", 1 - seat)]
            worlds = consistent_worlds("ecarte", state, seat, places)
            every = sum(hidden_places("ecarte", state, seat).values())
            reach = 0
            for (hand,) in worlds:
                reach |= hand
            if 2 <= len(worlds) <= 400 and reach != every:
                yield state, seat, places, worlds
                break


def test_ecarte_samples_every_consistent_hand_equally_often() -> None:
    # The discards and the talon take no constraint, so every consistent hand of the other
    # player has as many completions as any other: its hand is uniform over them.
    found = 0
    for state, seat, places, worlds in ecarte_late_positions():
        assert chi_square_of_samples("ecarte", state, seat, places, worlds, found) > 0.001
        found += 1
        if found == 3:
            break
    assert found == 3
