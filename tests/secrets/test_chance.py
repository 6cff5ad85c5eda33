"""No field of a sample names the real hidden card more often than chance.

At fixed seeds, over random playouts, each sample's hidden records are compared entry by entry
with the real state's; the number of entries that agree must stay within a bound worked out
here from the rules, not from the sampler: the agreement expected of a guess that knows only
what the seat sees (``EXPECTED``), plus four of its standard deviations and a slack of four.

* Burraco, the record of the cards drawn from the stock: an entry can only be a copy of a card
  that has left the stock and the pozzetti, and a guess among those cards (the hands, the melds,
  the discard pile: 11 per seat, one first discard, the cards drawn) names the real face with
  probability at most copies / cards. Before the redesign the sample kept every entry (330 in
  330).
* Burraco, a taken pozzetto the seat has seen leave the table: each of its eleven cards is one
  of those cards, so a guess holds on average at most 11 * copies / cards of each real face.
* Bezique, a draw of a card its drawer has since played (the card is in sight, the draw is
  not): the drawer had at that draw at least the cards it holds now and those it played after
  it (less the sevens of trumps, the dealt turn-up and the last card, which move or are shown
  otherwise), and a card for each of its later draws is among them; a guess among the rest is
  right with probability at most one in their number. Before, the sample kept these entries.
* Belote's stock and Écarté's talon, in order: a guess of the card at a place of a shuffled
  pile of ``n`` is right with probability at most 1 / ``n``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import parlour
from parlour.base import Rank, Suit
from parlour.bezique._state import deal_tricks
from parlour.bezique.rules import DECK as BEZIQUE_DECK
from tests.strategies import iter_playout

SEEDS = range(12)
SEEDS_OF = {"bezique": range(4)}
"""Fewer seeds for Bezique, whose long deals give thousands of entries from four playouts."""
SAMPLES = 3
COPIES = {"JK": 4}
"""Copies of a Burraco card in the 108-card deck: two of each, four jokers (rules §1)."""
POZZETTO = 11
HAND = 11
Tally = tuple[int, float]
"""(entries that agree, the agreement expected of chance)."""


def bound(expected: float) -> float:
    return expected + 4 * math.sqrt(expected) + 4


def states(game: str) -> Iterator[Any]:
    """Every fifth state of a deal in progress of a few seeded playouts of ``game``."""
    for seed in SEEDS_OF.get(game, SEEDS):
        for number, step in enumerate(iter_playout(game, seed, {"target": None})):
            if number % 5 == 0 and parlour.view(step.before, None).phase != "deal_due":
                yield step.before


def seats(state: Any) -> list[int | None]:
    return [None, *range(parlour.players(state))]


def samples(state: Any, seat: int | None, seed: int) -> Iterator[dict[str, Any]]:
    """Positions of ``SAMPLES`` samples of ``state`` for ``seat``."""
    rng = random.Random(seed)
    for _ in range(SAMPLES):
        yield parlour.state_to_dict(parlour.sample_state(state, seat, rng))


def burraco_drawn(state: Any, seat: int | None, seed: int) -> Tally:
    real = parlour.state_to_dict(state)["hand"]
    players = parlour.players(state)
    out = HAND * players + 1 + len(real["drawn"])
    taken = sum(1 for team in real["pozzetto_of_team"] if team)
    out += POZZETTO * taken - POZZETTO * len(real["pozzetto_unseen"])
    hits, expected = 0, 0.0
    for sample in samples(state, seat, seed):
        drawn = sample["hand"]["drawn"]
        hits += sum(1 for mine, theirs in zip(drawn, real["drawn"], strict=True) if mine == theirs)
        expected += sum(COPIES.get(card, 2) / out for card in real["drawn"])
    return hits, expected


def burraco_pozzetti(state: Any, seat: int | None, seed: int) -> Tally:
    real = parlour.state_to_dict(state)["hand"]
    players = parlour.players(state)
    taken = sum(1 for team in real["pozzetto_of_team"] if team)
    out = HAND * players + 1 + len(real["drawn"]) + POZZETTO * taken
    out -= POZZETTO * len(real["pozzetto_unseen"])
    unseen = {
        real["pozzetto_of_team"][other % len(real["pozzetto_of_team"])] - 1
        for other in real["pozzetto_unseen"]
    }
    hits, expected = 0, 0.0
    for sample in samples(state, seat, seed):
        for number in range(taken):
            if number in unseen:
                continue
            mine = Counter(sample["hand"]["pozzetti"][number])
            theirs = Counter(real["pozzetti"][number])
            hits += sum((mine & theirs).values())
            expected += sum(POZZETTO * COPIES.get(card, 2) / out for card in theirs)
    return hits, expected


def bezique_played_draws(state: Any, seat: int | None, seed: int) -> Tally:
    table = state.table
    tricks = deal_tricks(state)
    leaders = [leader for leader, _ in tricks]
    played_by: dict[int, tuple[int, int]] = {}
    for number, (leader, cards) in enumerate(tricks, start=1):
        played_by[cards[0]] = (leader, number)
        played_by[cards[1]] = (1 - leader, number)
    if state.trick:
        played_by[state.trick[0]] = (state.leader, len(tricks) + 1)

    def moves_freely(card: int) -> bool:
        face = BEZIQUE_DECK[card]
        seven_of_trumps = face.rank == Rank.SEVEN and face.suit == Suit(table.trump)
        return seven_of_trumps or card == table.first_turnup

    draws = []
    for index, card in enumerate(table.stock[: state.drawn]):
        after = index // 2 + 1
        winner = leaders[after] if after < len(leaders) else state.leader
        drawer = winner if index % 2 == 0 else 1 - winner
        draws.append((index, card, drawer, after))
    real = parlour.state_to_dict(state)["deal"]["stock"]
    hits, expected = 0, 0.0
    for index, card, drawer, after in draws:
        if card not in played_by or played_by[card][0] != drawer or moves_freely(card):
            continue
        held = (state.hands[drawer] | state.tables[drawer]).bit_count()
        later_plays = sum(
            1
            for other, (by, number) in played_by.items()
            if by == drawer and number > after and not moves_freely(other)
        )
        later_draws = sum(1 for _, _, by, when in draws if by == drawer and when > after)
        choices = max(1, held + later_plays - later_draws - 3)
        for sample in samples(state, seat, seed):
            hits += sample["deal"]["stock"][index] == real[index]
            expected += 1 / choices
    return hits, expected


def shuffled_pile(key: str) -> Callable[[Any, int | None, int], Tally]:
    def tally(state: Any, seat: int | None, seed: int) -> Tally:
        real = parlour.state_to_dict(state)["deal"][key]
        hits, expected = 0, 0.0
        for sample in samples(state, seat, seed):
            pile = sample["deal"][key]
            hits += sum(1 for mine, theirs in zip(pile, real, strict=True) if mine == theirs)
            expected += 1.0 if real else 0.0
        return hits, expected

    return tally


FIELDS: dict[str, tuple[str, Callable[[Any, int | None, int], Tally]]] = {
    "burraco drawn": ("burraco", burraco_drawn),
    "burraco pozzetti": ("burraco", burraco_pozzetti),
    "bezique draws of played cards": ("bezique", bezique_played_draws),
    "belote stock": ("belote", shuffled_pile("stock")),
    "ecarte talon": ("ecarte", shuffled_pile("talon")),
}


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_no_sample_names_the_real_hidden_card_more_often_than_chance(field: str) -> None:
    game, tally = FIELDS[field]
    hits, expected, entries = 0, 0.0, 0
    for number, state in enumerate(states(game)):
        for seat in seats(state):
            field_hits, field_expected = tally(state, seat, number)
            hits += field_hits
            expected += field_expected
            entries += 1
    assert expected > 5, (field, expected)  # enough entries for the bound to mean something
    assert hits <= bound(expected), (field, hits, expected, entries)
