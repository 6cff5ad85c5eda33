"""Hypothesis properties of Coinche over random matches with random options (rules C.11): each
example is a whole match played at random (`tests.strategies.playouts`); its deals are checked
against the rules' numbers, written here as literals, and its views against what each seat may
see."""

from __future__ import annotations

from hypothesis import given

import parlour
from parlour.coinche import CoincheState, Phase
from tests.strategies import PlayoutSpec, playouts


@given(playouts("coinche"))
def test_every_deal_keeps_the_numbers_of_the_rules(spec: PlayoutSpec) -> None:
    steps = spec.run()
    final = steps[-1].after
    for result in parlour.deal_results(final):
        if result.outcome == "thrown_in":
            assert result.points == (0, 0)
            continue
        assert sum(result.tricks) == 8
        first, second = result.card_points
        if result.capot_team is None:
            assert first + second == 162  # 152 in the cards + 10, every kind (C.1)
        else:
            assert {first, second} in ({252, 0}, {250, 0})
        belotes = {"TA": (0, 20, 40, 60, 80), "SA": (0,)}.get(result.denomination or "", (0, 20))
        assert sum(result.belote) in belotes  # C.11: colour 0 or 20, SA 0, TA 0 to 80
        if result.outcome == "failed":
            takers = (result.taker or 0) % 2
            kept = parlour.options(final).belote_on_failure == "kept_by_holder"
            assert result.points[takers] == (result.belote[takers] if kept else 0)
    assert parlour.score(final)[:2] == tuple(
        sum(result.points[team] for result in parlour.deal_results(final)) for team in (0, 1)
    )


@given(playouts("coinche", max_moves=120))
def test_the_auction_and_the_play_keep_their_shape(spec: PlayoutSpec) -> None:
    for step in spec.run():
        state: CoincheState = step.after
        if state.phase == Phase.AUCTION:
            assert str(parlour.legal_moves(state)[0]) == "pass"  # never an empty legal set
            assert len(state.auction) <= 40
        if state.phase == Phase.PLAY:
            seen = parlour.view(state, None)
            assert seen.contract is not None and seen.bidder is not None
            assert sum(seen.hand_sizes) + len(seen.played) == 32
            for seat in range(4):
                hand = set(parlour.view(state, seat).hand)
                assert all(set(parlour.view(state, other).hand).isdisjoint(hand)
                           for other in range(4) if other != seat)  # fmt: skip
