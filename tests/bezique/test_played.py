"""The deal's cards in play order: the state keeps every card played to a trick this deal, the
view's ``played`` lists them all with their seats, and `sample_state` reads every last-stage
trick of the deal, not only the last one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given

import parlour
from parlour.base import (
    Card,
    Suit,
)
from parlour.bezique import BeziqueState, Phase, Play
from parlour.bezique.rules import DECK
from parlour.engine import Deal
from tests.bezique.helpers import draw, start, trick
from tests.strategies import PlayoutSpec, Step, iter_playout, playouts

STAGE_ONE_TRICKS = 24


def _plays_recorded(steps: Iterator[Step]) -> Iterator[tuple[Step, list[tuple[int, Card]]]]:
    """Each step with the plays of its deal so far, as (seat, card), recorded from the moves:
    a deal starts the record afresh."""
    plays: list[tuple[int, Card]] = []
    for step in steps:
        if isinstance(step.move, Deal):
            plays = []
        elif isinstance(step.move, Play):
            seat = parlour.current_player(step.before)
            assert isinstance(seat, int)
            plays.append((seat, step.move.card))
        yield step, plays


@given(playouts("bezique"))
def test_the_view_lists_every_card_played_this_deal_in_order(spec: PlayoutSpec) -> None:
    for step, plays in _plays_recorded(iter_playout(spec.game, spec.seed, spec.options,
                                                    dealer=spec.dealer)):  # fmt: skip
        state = step.after
        in_deal = state.phase in (Phase.PLAY, Phase.DECLARE, Phase.LAST_STAGE)
        for seat in (None, 0, 1):
            seen = parlour.view(state, seat)
            assert list(seen.played) == (plays if in_deal else [])
        if in_deal:
            assert len(state.played) == 2 * state.tricks


def test_a_full_deal_lists_its_64_cards_and_the_next_deal_starts_empty() -> None:
    plays: list[tuple[int, Card]] = []
    last: BeziqueState | None = None
    for step, recorded in _plays_recorded(iter_playout("bezique", 5, {"target": 2000})):
        state = step.after
        if state.phase is Phase.LAST_STAGE and state.tricks == 31 and state.trick:
            last, plays = state, list(recorded)
        if isinstance(step.move, Deal) and last is not None:
            assert parlour.view(step.after, 0).played == ()  # the next deal starts afresh
            break
    assert last is not None
    assert len(plays) == 63 and list(parlour.view(last, None).played) == plays
    # every card is played once in a deal: the 63 played and the follower's last card make
    # the deck, two copies of each face
    held = [DECK[card] for card in range(64) if last.hands[last.to_act] >> card & 1]
    assert Counter(card for _, card in plays) + Counter(held) == Counter(DECK)


def _three_tricks(order: tuple[int, int, int]) -> BeziqueState:
    """Seat 0 wins three tricks (A♠, A♥, A♣ led; seat 1 throws small non-trump cards), in the
    given order, drawing after each; ♦ are trumps."""
    state = start(["AS AH AC 9S 10S JS QS KS", "8H 8C 8S 9H 9C JH QH KH"], "9D")
    pairs = (("AS", "8H"), ("AH", "8C"), ("AC", "8S"))
    for index in order:
        lead, follow = pairs[index]
        state = draw(trick(state, lead, follow, winner=0))
    return state


def test_two_states_that_differ_only_in_the_order_played_are_different_states() -> None:
    first = _three_tricks((0, 1, 2))
    second = _three_tricks((1, 0, 2))
    # the same cards in the same places, the same last trick, the same scores…
    assert first.hands == second.hands and first.won == second.won
    assert first.last_trick == second.last_trick and first.scores == second.scores
    # …but not the same deal
    assert first != second
    assert [card.text for _, card in parlour.view(first, 1).played] == [
        "AS", "8H", "AH", "8C", "AC", "8S"
    ]  # fmt: skip
    assert [card.text for _, card in parlour.view(second, 1).played] == [
        "AH", "8C", "AS", "8H", "AC", "8S"
    ]  # fmt: skip


# --- sample_state reads every last-stage trick of the deal ---------------------------------------


def _voids(plays: list[tuple[int, Card]], trump: Suit) -> dict[int, set[Suit]]:
    """The suits each seat has shown it lacks in the last stage, read from the plays of tricks
    25 on: a follower who did not follow the suit led holds none of it, and one who played
    neither the suit led nor a trump holds no trump (no card is drawn in the last stage)."""
    voids: dict[int, set[Suit]] = {0: set(), 1: set()}
    last_stage = plays[2 * STAGE_ONE_TRICKS :]
    for position in range(1, len(last_stage), 2):
        (_, led), (seat, followed) = last_stage[position - 1], last_stage[position]
        if followed.suit != led.suit:
            voids[seat].add(led.suit)  # type: ignore[arg-type]
            if followed.suit != trump:
                voids[seat].add(trump)
    return voids


def _hand_suits(mask: int) -> set[Suit]:
    return {DECK[card].suit for card in range(64) if mask >> card & 1}  # type: ignore[misc]


def _check_samples(state: BeziqueState, plays: list[tuple[int, Card]], rng: random.Random,
                   samples: int) -> bool:  # fmt: skip
    """Sample ``state`` for every seat and the spectator; assert no sampled hidden hand holds
    a suit its owner showed out of. Whether a void older than the last trick could have been
    broken by a careless sample (a hidden card of that suit exists)."""
    trump = Suit(state.table.trump)
    voids = _voids(plays, trump)
    old_voids = _voids(plays[: len(plays) - len(state.trick) - 2], trump)
    unknown = [_hand_suits(state.hands[seat] & ~state.known[seat]) for seat in (0, 1)]
    for _ in range(samples):
        for seat in (None, 0, 1):
            sampled = parlour.sample_state(state, seat, rng)
            assert isinstance(sampled, BeziqueState)
            for other in (0, 1):
                if other == seat:
                    continue
                held = _hand_suits(sampled.hands[other])
                assert not held & voids[other], (seat, other, voids[other])
    return any(old_voids[other] & unknown[1 - other] for other in (0, 1))


@given(playouts("bezique"))
def test_no_sampled_hand_holds_a_suit_its_owner_showed_out_of_in_the_last_stage(
    spec: PlayoutSpec,
) -> None:
    rng = random.Random(spec.seed)
    deals = 0
    for step, plays in _plays_recorded(iter_playout(spec.game, spec.seed, spec.options,
                                                    dealer=spec.dealer)):  # fmt: skip
        if isinstance(step.move, Deal):
            deals += 1
            if deals > 1:
                break
        if step.after.phase is Phase.LAST_STAGE:
            _check_samples(step.after, plays, rng, samples=2)


def test_a_void_shown_tricks_ago_still_binds_the_spectators_samples() -> None:
    """Over fixed seeds, find last-stage states where a void shown before the last trick could
    be broken by a sample (a hidden card of that suit exists); many samples never break it."""
    rng = random.Random(7)
    found = 0
    for seed in range(40):
        for step, plays in _plays_recorded(iter_playout("bezique", seed, {"target": None})):
            late = step.after.phase is Phase.LAST_STAGE and step.after.tricks >= 27
            if late and _check_samples(step.after, plays, rng, samples=25):
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3
