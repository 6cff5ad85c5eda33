"""Properties of events over random playouts of every game: a seat's redacted events name no
card hidden from it, and the events of a match account for its whole score."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour import Move
from parlour.engine import (
    Scored,
    TrickWon,
)
from tests.events.helpers import SINGLE_DEAL, cards_mentioned, playout

GAMES = ("belote", "bezique", "ecarte", "burraco", "coinche")

PRIVATE_MOVE_KINDS = {("ecarte", "discard")}
"""Moves whose cards only the mover sees (by the rules: the Écarté discard is face down); the
deal is private too. Every other move shows its cards to the table."""


def public_cards(game: str, before: Any, move: Move) -> set[str]:
    """The cards every seat learns from ``move``: those its text shows, and in Écarté the king
    of trumps when it is marked (marking it announces holding that card)."""
    words = str(move).split()
    if words[0] == "deal" or (game, words[0]) in PRIVATE_MOVE_KINDS:
        return set()
    if (game, words[0]) == ("ecarte", "king"):
        return {"K" + parlour.view(before, None).to_dict()["trump"]}
    return cards_mentioned(words[1:])


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_a_seats_events_name_only_cards_it_may_see(game: str, seed: int) -> None:
    for before, move, after in playout(game, seed, SINGLE_DEAL[game]):
        seats: list[int | None] = [None, *range(parlour.players(before))]
        for seat in seats:
            visible = (
                cards_mentioned(parlour.view(before, seat).to_dict())
                | cards_mentioned(parlour.view(after, seat).to_dict())
                | public_cards(game, before, move)
            )
            for event in parlour.events_for(before, move, after, seat):
                hidden = cards_mentioned(event.to_dict()) - visible
                assert not hidden, (str(move), seat, event)


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_the_scored_events_of_a_match_add_up_to_its_score(game: str, seed: int) -> None:
    steps = list(playout(game, seed, {}))
    final = steps[-1][2]
    totals: Counter[int] = Counter()
    awards = []
    for before, move, after in steps:
        for event in parlour.events(before, move, after):
            if isinstance(event, Scored):
                awards.append((event.seats, event.points, event.reason))
                for seat in event.seats:
                    totals[seat] += event.points
    assert tuple(totals[seat] for seat in range(parlour.players(final))) == parlour.score(final)
    assert awards == [(a.seats, a.points, a.reason) for a in parlour.score_events(final)]


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_every_event_is_json_ready_with_its_kind_first(game: str, seed: int) -> None:
    import json

    for before, move, after in playout(game, seed, SINGLE_DEAL[game]):
        for event in parlour.events(before, move, after):
            data = event.to_dict()
            assert next(iter(data)) == "kind" and data["kind"] == event.kind
            assert json.loads(json.dumps(data)) == data


@given(
    game=st.sampled_from(("belote", "bezique", "ecarte", "coinche")),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_trick_won_names_the_seat_the_play_gave_it_to(game: str, seed: int) -> None:
    """The winner a trick's event names is the one the state after records: the seat to lead
    next, with the trick as the view's last trick, or, when the trick ended the deal, the side
    the deal's result counts one trick more for."""
    for before, move, after in playout(game, seed, SINGLE_DEAL[game]):
        for event in parlour.events(before, move, after):
            if not isinstance(event, TrickWon):
                continue
            tricks_before = parlour.view(before, None).tricks_won
            side = event.seat % len(tricks_before)  # Belote counts tricks by team
            results = parlour.deal_results(after)
            if len(results) > len(parlour.deal_results(before)):
                assert results[-1].tricks[side] == tricks_before[side] + 1
            else:
                seen = parlour.view(after, None)
                assert seen.to_act == event.seat
                assert seen.last_trick == event.cards
                assert seen.tricks_won[side] == tricks_before[side] + 1
