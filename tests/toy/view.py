"""What one seat may see of a toy state, and states that differ only in what it cannot see.

A seat sees its own hand, the turn-up (so trumps), every card played and who played it, who
won each trick, and the scores. It never sees the other hand or the widow (a spectator sees
no hand).
"""

from __future__ import annotations

import random

import attrs

from parlour.base import (
    Card,
    HiddenPlace,
    Suit,
    deal_hidden,
)
from parlour.engine import View
from tests.toy.play import legal_plays
from tests.toy.rules import DECK, INDEX, PLAYERS, TEAMS
from tests.toy.state import PHASE_NAMES, DealResult, Phase, ToyState

__all__ = ["ToyView", "resample_hidden", "sample_state", "view"]


@attrs.frozen(slots=True, kw_only=True)
class ToyView(View):
    """One seat's view: the `View` fields, then the toy game's own. ``trick`` and
    ``last_trick`` list (seat, card) in playing order."""

    deal_number: int
    turnup: Card | None
    trump: Suit | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    deals: tuple[DealResult, ...]


def view(state: ToyState, seat: int | None) -> ToyView:
    """What ``seat`` may see of ``state``; states differing only in cards hidden from ``seat``
    give equal views."""
    in_deal = state.phase is Phase.PLAY
    finished = tuple(
        ((trick.leader, trick.cards[0]), (1 - trick.leader, trick.cards[1]))
        for trick in state.tricks
    )
    current = tuple((state.leader, card) for card in state.trick)
    to_act = state.to_act if in_deal else None
    return ToyView(
        game="toy",
        options=state.options,
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        to_act=to_act,
        dealer=state.dealer,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        teams=TEAMS,
        match_score=state.match_score,
        played=(*(play for pair in finished for play in pair), *current),
        moves=legal_plays(state) if seat is not None and seat == to_act else (),
        deal_number=state.deal_number,
        turnup=state.turnup,
        trump=state.trump,
        trick=current,
        last_trick=finished[-1] if finished else (),
        tricks_won=(
            sum(1 for trick in state.tricks if trick.winner == 0),
            sum(1 for trick in state.tricks if trick.winner == 1),
        ),
        deals=state.deals,
    )


def _hidden_seats(seat: int | None) -> list[int]:
    return [other for other in range(PLAYERS) if other != seat]


def _redealt(state: ToyState, seat: int | None, groups: list[tuple[Card, ...]]) -> ToyState:
    """``state`` with the hidden hands then the widow replaced by ``groups``."""
    hands = list(state.hands)
    for number, other in enumerate(_hidden_seats(seat)):
        hands[other] = tuple(sorted(groups[number], key=INDEX.__getitem__))
    (widow,) = groups[-1]
    return attrs.evolve(state, hands=(hands[0], hands[1]), widow=widow)


def resample_hidden(state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
    """The cards hidden from ``seat`` (the other hand, or both for a spectator, and the widow)
    redealt at random among those places, each keeping its size."""
    if state.phase is not Phase.PLAY or state.widow is None:
        return state
    others = _hidden_seats(seat)
    pool = [card for other in others for card in state.hands[other]] + [state.widow]
    rng.shuffle(pool)
    groups: list[tuple[Card, ...]] = []
    start = 0
    for size in (*(len(state.hands[other]) for other in others), 1):
        groups.append(tuple(pool[start : start + size]))
        start += size
    return _redealt(state, seat, groups)


def voids(state: ToyState) -> tuple[frozenset[Suit], frozenset[Suit]]:
    """The suits each seat has shown it lacks: those led to a trick it did not follow."""
    found: list[set[Suit]] = [set(), set()]
    for trick in state.tricks:
        led, followed = trick.cards
        if followed.suit != led.suit and led.suit is not None:
            found[1 - trick.leader].add(led.suit)
    return frozenset(found[0]), frozenset(found[1])


def sample_state(state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
    """A state ``seat`` cannot tell from ``state`` that agrees with the play: the hidden cards
    dealt again by `parlour.base.deal_hidden`, each place keeping its size, and no hand
    given a card of a suit its holder showed out of (the widow may take any card)."""
    if state.phase is not Phase.PLAY or state.widow is None:
        return state
    others = _hidden_seats(seat)
    cards = sorted(
        [INDEX[card] for other in others for card in state.hands[other]] + [INDEX[state.widow]]
    )
    lacking = voids(state)
    places = [
        HiddenPlace(
            size=len(state.hands[other]),
            excluded=sum(1 << INDEX[card] for card in DECK if card.suit in lacking[other]),
        )
        for other in others
    ]
    places.append(HiddenPlace(size=1))
    groups = deal_hidden(cards, places, rng)
    return _redealt(state, seat, [tuple(DECK[index] for index in group) for group in groups])
