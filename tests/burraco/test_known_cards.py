"""The cards everybody knows a hand holds (the discard pile a player took), in the view, and a
determinization (`parlour.sample_state`) that keeps them where they are.

The expected known cards come from a record kept by the test loop itself from the moves: at a
``pickup`` the seat holds the whole pile (read from the view before the move); each card it
then melds, adds or discards removes one copy of that face from the record, if it is there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import Card
from parlour.burraco._faces import cards_of
from parlour.engine import (
    Move,
    get_game,
)
from tests.burraco.helpers import seen, start, state_of
from tests.conformance.burraco_hooks import Known, known_after
from tests.helpers import cards
from tests.strategies import iter_playout

GAME = get_game("burraco")

def hand_of(state: Any, seat: int) -> Counter[Card]:
    return Counter(cards_of(state_of(state).hands[seat]))


def play(options: dict[str, Any], seed: int, bot_share: int = 7) -> Iterator[tuple[Any, Known]]:
    """Each state of a seeded single hand, with the test's record of known cards."""

    def bot_or_uniform(state: Any, moves: Sequence[Move], rng: random.Random) -> Move:
        if rng.randrange(10) < bot_share:
            return GAME.bot_move(state, rng)  # type: ignore[attr-defined,no-any-return]
        return moves[rng.randrange(len(moves))]

    options = {"target": None, **options}
    record: Known = []
    for step in iter_playout("burraco", seed, options, dealer=seed % 2, choose=bot_or_uniform):
        record = known_after(record, step.before, step.move)
        if not parlour.is_over(step.after):
            yield step.after, record


@given(seed=st.integers(0, 10_000), players=st.sampled_from([4, 2]))
def test_the_view_shows_the_known_cards_of_the_record(seed: int, players: int) -> None:
    for state, record in play({"players": players}, seed):
        for seat in (*range(players), None):
            shown = seen(state, seat).known_cards
            assert [Counter(known) for known in shown] == record
        for seat, known in enumerate(record):
            assert not known - hand_of(state, seat), "a known card is not in its hand"


def test_known_cards_lose_one_copy_per_card_laid_even_with_a_twin_held() -> None:
    """Seat 1 draws and discards 9C; seat 0 takes the pile 9C 5S, melds the three 5s and
    discards 9C: both copies are alike, so no card of seat 0 is known any more although it
    still holds a 9C (the one dealt to it, or the one taken: nobody can tell)."""
    hand_0 = "5H 5D 9C 8S 10S JS QS 3D 4D 6C 7C"
    hand_1 = "2S 3S 4S 6H 7H 8H 9D 10D JD 9C KH"
    state: Any = start([hand_0, hand_1], discard="5S", stock_top="KC QD")
    assert seen(state, 0).known_cards == ((), ())
    for text in ("draw", "discard 9C", "pickup"):
        state = parlour.apply(state, text)
    assert seen(state, 1).known_cards == (tuple(cards("5S 9C")), ())
    state = parlour.apply(state, "meld 5S 5H 5D")
    assert seen(state, None).known_cards == (tuple(cards("9C")), ())
    state = parlour.apply(state, "discard 9C")
    assert seen(state, 1).known_cards == ((), ())
    assert hand_of(state, 0)[parlour.parse_card("9C")] == 1


def _known_in(sampled: Any, seat: int, record: Known) -> bool:
    return not record[seat] - hand_of(sampled, seat)


@given(seed=st.integers(0, 10_000), players=st.sampled_from([4, 2]))
def test_a_sample_keeps_the_view_and_every_known_card(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for number, (state, record) in enumerate(play({"players": players}, seed)):
        if number % 3:
            continue
        for seat in (*range(players), None):
            sampled = parlour.sample_state(state, seat, rng)
            assert parlour.view(sampled, seat) == parlour.view(state, seat)
            for other in range(players):
                assert _known_in(sampled, other, record), (seat, other, record[other])


def _hidden_places(state: Any, seat: int, record: Known) -> dict[str, int]:
    """Each place hidden from ``seat`` and how many of its cards are unseen (by the test's
    record): every other hand less its known cards, the stock, each pozzetto not taken."""
    zones = GAME.card_zones(state)
    places = {name: len(cards) for name, cards in zones.items()
              if name == "stock" or (name.startswith("pozzetto") and cards)}  # fmt: skip
    for other in range(parlour.players(state)):
        if other != seat:
            places[f"hand {other}"] = len(zones[f"hand {other}"]) - record[other].total()
    return places


def _unseen_cards(state: Any, seat: int, record: Known) -> Counter[Card]:
    """The cards hidden from ``seat`` that nobody knows the place of."""
    zones = GAME.card_zones(state)
    pool: Counter[Card] = Counter()
    for name in _hidden_places(state, seat, record):
        pool.update(zones[name])
    for other, known in enumerate(record):
        if other != seat:
            pool.subtract(known)
    return +pool


def test_over_many_samples_an_unseen_card_lands_in_every_place_it_may_be() -> None:
    """At states where another seat's hand holds known cards, over 400 samples every unseen
    card reaches every hidden place with room for an unseen card (a hand of only known cards
    gets none), and no known card leaves its hand."""
    checked = 0
    for seed in range(40):
        for state, record in play({"players": 4}, seed):
            seat = parlour.current_player(state)
            if not isinstance(seat, int) or state.unseen:
                continue
            if not any(known for other, known in enumerate(record) if other != seat):
                continue
            places = _hidden_places(state, seat, record)
            unseen = _unseen_cards(state, seat, record)
            reached: set[tuple[str, Card]] = set()
            rng = random.Random(seed)
            for _ in range(400):
                zones = GAME.card_zones(parlour.sample_state(state, seat, rng))
                for name in places:
                    extra = Counter(zones[name])
                    if name.startswith("hand"):
                        extra.subtract(record[int(name.split()[1])])
                    reached.update((name, card) for card in +extra)
            wanted = {(name, card) for name, free in places.items() if free for card in unseen}
            assert reached == wanted
            checked += 1
            break
        if checked == 3:
            break
    assert checked == 3
