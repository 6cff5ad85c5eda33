"""The auction of rules C.3, probe by probe (K1-K9), with every auction violation id and the
options that change it (after_coinche, capot_coinche, sans_atout, tout_atout, generale,
all_pass)."""

from __future__ import annotations

import pytest

import parlour
from parlour import NotationError
from parlour.engine import PLAIN, SupportsScreen, get_game
from tests.coinche.helpers import deal, started
from tests.helpers import legal_texts, refused, run

SUITS = ("S", "H", "D", "C")


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_the_seat_after_the_dealer_speaks_first(dealer: int, first: int) -> None:
    state = parlour.new_game("coinche", dealer=dealer)
    state = parlour.apply(state, deal())
    assert parlour.current_player(state) == first  # K1
    assert parlour.view(state, None).phase == "auction"


def test_the_opening_legal_moves_are_pass_then_every_bid_in_order() -> None:
    moves = legal_texts(started())
    bids = [f"bid {value} {suit}" for value in range(80, 161, 10) for suit in SUITS]
    assert moves == ["pass", *bids, *(f"bid capot {suit}" for suit in SUITS)]
    assert len(moves) == 1 + 36 + 4  # colver's actions 0..40 (K9)


def test_after_a_bid_higher_values_and_coinche_are_legal() -> None:
    state = started("bid 80 H")  # K4
    bids = [f"bid {value} {suit}" for value in range(90, 161, 10) for suit in SUITS]
    assert legal_texts(state) == ["pass", *bids, *(f"bid capot {s}" for s in SUITS), "coinche"]
    message = refused(state, "bid 80 S", "coinche.bid_too_low")
    assert "80" in message


def test_the_suit_is_free_and_a_passed_seat_may_bid_later() -> None:
    state = started("pass; bid 80 H; pass; bid 90 S; pass; pass; pass")  # K5
    seen = parlour.view(state, None)
    assert (seen.phase, seen.contract, seen.bidder) == ("play", "bid 90 S", 3)
    assert seen.to_act == 0  # the seat after the dealer leads, whoever took (K2)
    raised = started("bid 80 H; pass; bid 100 H")  # the partner's raise
    assert parlour.view(raised, None).contract == "bid 100 H"
    own = started("bid 80 H; bid 90 S; pass; pass; bid 100 H")  # raising one's own bid
    assert parlour.view(own, None).contract == "bid 100 H"


def test_only_an_opponent_may_coinche_even_after_passing() -> None:
    refused(started("bid 80 H; pass"), "coinche", "coinche.coinche_own_side")  # K6
    assert "coinche" in legal_texts(started("bid 80 H; pass; pass"))
    assert "coinche" in legal_texts(started("bid 80 H; pass; bid 90 H; pass; pass"))
    refused(started(), "coinche", "coinche.coinche_no_bid")


def test_a_coinche_freezes_the_contract() -> None:
    state = started("bid 80 H; coinche")  # K7
    assert legal_texts(state) == ["pass", "surcoinche"]
    refused(state, "bid 90 S", "coinche.bid_after_coinche")
    refused(state, "coinche", "coinche.already_coinched")
    partner_of_coincher = run(state, "pass")
    assert legal_texts(partner_of_coincher) == ["pass"]
    refused(partner_of_coincher, "bid 90 S", "coinche.coinching_side_must_pass")
    refused(partner_of_coincher, "surcoinche", "coinche.surcoinche_wrong_side")
    assert legal_texts(run(partner_of_coincher, "pass")) == ["pass", "surcoinche"]
    played = run(state, "pass; pass; pass")
    seen = parlour.view(played, None)
    assert (seen.phase, seen.level, seen.contract, seen.bidder) == ("play", 1, "bid 80 H", 0)
    surcoinched = run(state, "surcoinche")
    assert (parlour.view(surcoinched, None).phase, parlour.view(surcoinched, None).level) == (
        "play",
        2,
    )


def test_surcoinche_needs_a_coinche() -> None:
    refused(started("bid 80 H"), "surcoinche", "coinche.surcoinche_not_coinched")


def test_a_capot_is_the_top_bid_and_may_be_coinched() -> None:
    state = started("bid capot H")  # K8
    assert legal_texts(state) == ["pass", "coinche"]
    assert legal_texts(run(state, "pass")) == ["pass"]  # the bidder's partner
    refused(state, "bid capot S", "coinche.bid_too_low")
    assert parlour.view(run(state, "coinche; surcoinche"), None).level == 2
    assert "bid capot S" in legal_texts(started("bid 160 H"))


def test_capot_coinche_off_forbids_coinching_a_capot() -> None:
    state = started("bid capot H", options={"capot_coinche": False})
    assert legal_texts(state) == ["pass"]
    refused(state, "coinche", "coinche.capot_not_coinchable")
    assert "coinche" in legal_texts(started("bid 160 H", options={"capot_coinche": False}))


def test_the_longest_auction_has_37_moves() -> None:
    moves = ["pass", "pass", "pass"]
    for value in [*range(80, 161, 10), "capot"]:
        moves += [f"bid {value} H", "pass", "pass"]
    moves += ["coinche", "pass", "pass", "surcoinche"]
    assert len(moves) == 37  # rules C.3 (K9)
    state = started(";".join(moves[:-1]))
    assert parlour.view(state, None).phase == "auction"
    state = run(state, moves[-1])
    seen = parlour.view(state, None)
    assert (seen.phase, seen.level, seen.contract, len(seen.auction)) == (
        "play", 2, "bid capot H", 37,
    )  # fmt: skip


@pytest.mark.parametrize(("all_pass", "next_dealer"), [("redeal_next_dealer", 0),
                                                      ("redeal_same_dealer", 3)])  # fmt: skip
def test_four_passes_throw_the_deal_in(all_pass: str, next_dealer: int) -> None:
    state = started("pass; pass; pass", options={"all_pass": all_pass})
    assert parlour.view(state, None).phase == "auction"
    state = run(state, "pass")  # K3
    assert parlour.is_chance(state)
    (result,) = parlour.deal_results(state)
    assert (result.outcome, result.points, result.awards) == ("thrown_in", (0, 0), ())
    assert parlour.view(state, None).dealer == next_dealer
    assert parlour.score(state) == (0, 0, 0, 0)


def test_bidding_side_only_skips_the_coinching_side() -> None:
    options = {"after_coinche": "bidding_side_only"}
    state = started("bid 80 H; coinche", options=options)  # seat 1 coinches seat 0's bid
    assert parlour.current_player(state) == 2
    state = run(state, "pass")
    assert parlour.current_player(state) == 0  # seat 3, the coincher's partner, is skipped
    state = run(state, "pass")
    seen = parlour.view(state, None)
    assert (seen.phase, seen.level) == ("play", 1)  # two passes end it: one move fewer
    three = started("bid 80 H; coinche; pass; pass; pass")
    assert len(parlour.view(three, None).auction) == len(seen.auction) + 1


def test_sa_and_ta_are_further_suits_on_the_same_ladder() -> None:
    options = {"sans_atout": True, "tout_atout": True}
    state = started(options=options)
    assert legal_texts(state)[1:7] == [f"bid 80 {d}" for d in (*SUITS, "SA", "TA")]
    after = run(state, "bid 80 H")
    assert "bid 90 SA" in legal_texts(after) and "bid 80 SA" not in legal_texts(after)
    refused(run(state, "bid 90 H"), "bid 90 SA", "coinche.bid_too_low")
    refused(started(), "bid 90 SA", "coinche.option_off")
    refused(started(), "bid 90 TA", "coinche.option_off")


def test_generale_ranks_above_capot() -> None:
    state = started("bid capot H", options={"generale": True})
    assert legal_texts(state) == ["pass", *(f"bid generale {s}" for s in SUITS), "coinche"]
    refused(started("bid capot H"), "bid generale H", "coinche.option_off")
    played = run(state, "pass; bid generale S; pass; pass; pass")  # seat 2's générale
    assert parlour.current_player(played) == 2  # the générale's bidder leads


def test_auction_moves_during_the_play_are_the_wrong_phase() -> None:
    state = started("bid 80 H; pass; pass; pass")
    for move in ("pass", "bid 90 H", "coinche", "surcoinche"):
        refused(state, move, "phase.wrong_move")
    refused(started(), "play JH", "phase.wrong_move")


@pytest.mark.parametrize(
    "text", ["bid 85 H", "bid 170 H", "bid 80 X", "bid 80", "bid capot", "bid 80 H S", "bid"]
)
def test_a_bid_outside_the_ladder_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parlour.parse_move(started(), text)


def test_bids_are_written_canonically() -> None:
    state = started(options={"sans_atout": True, "generale": True})
    assert str(parlour.parse_move(state, "BID 80 ♥")) == "bid 80 H"
    assert str(parlour.parse_move(state, "bid Capot s")) == "bid capot S"
    assert str(parlour.parse_move(state, "bid 90 sa")) == "bid 90 SA"
    assert str(parlour.parse_move(state, "bid générale c")) == "bid generale C"


@pytest.mark.parametrize(
    ("options", "words"),
    [({}, "surcoinched (x3)"), ({"surcoinche_multiplier": 4}, "surcoinched (x4)")],
)
def test_the_screen_shows_the_multiplier_of_the_options(
    options: dict[str, int], words: str
) -> None:
    """Rules C.6: a surcoinched contract counts ×3 by default, ×4 under the option; a coinche
    always ×2."""
    game = get_game("coinche")
    assert isinstance(game, SupportsScreen)
    coinched = started("bid 80 H; coinche", options=options)
    texts = {zone.label: zone.text for zone in game.screen(parlour.view(coinched, 0), (), PLAIN)}
    assert texts["Standing bid"] == "you: bid 80 H, coinched (x2) (your side)"
    surcoinched = run(coinched, "surcoinche")
    texts = {zone.label: zone.text for zone in game.screen(parlour.view(surcoinched, 1), (), PLAIN)}
    assert texts["Contract"] == f"seat 0: bid 80 H, {words} (seats 0 and 2)"
