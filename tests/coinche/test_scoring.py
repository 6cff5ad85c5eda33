"""The scoring of rules C.6 on the worked examples of C.7 (each default figure colver's own),
every option both ways, and the score identities of C.11 as literals.

A deal's facts are built here from the rules: the cards each side took (chosen to be worth the
example's card points, by the C.1 tables written below as literals) and who took the last
trick; `score_deal` then gives the deal's breakdown.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from parlour.coinche import Options
from parlour.coinche._scoring import DealFacts, score_deal

FULL = (1 << 32) - 1
SUIT_OF = "SHDC"
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SA = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
TA = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
"""Card points of rules C.1: trump suit, other suits, Sans-Atout, Tout-Atout."""


def worth(card: int, denomination: str) -> int:
    rank, suit = RANKS[card % 8], SUIT_OF[card // 8]
    if denomination == "SA":
        return SA[rank]
    if denomination == "TA":
        return TA[rank]
    return TRUMP[rank] if suit == denomination else PLAIN[rank]


def cards_worth(points: int, tricks: int, denomination: str, seed: int = 1) -> int:
    """A mask of ``4 * tricks`` cards worth ``points`` card points (the last trick aside)."""
    rng = random.Random(seed)
    for _ in range(200_000):
        chosen = rng.sample(range(32), 4 * tricks)
        if sum(worth(card, denomination) for card in chosen) == points:
            return sum(1 << card for card in chosen)
    raise AssertionError(f"no {4 * tricks} cards worth {points}")


def facts(
    *, value: int, denomination: str, taker: int, cp_ns: int, level: int = 0,
    belote: tuple[int, int] = (0, 0), tricks_ns: int = 4, last_ns: bool = True,
    bidder_tricks: int = 0,
) -> DealFacts:  # fmt: skip
    """The facts of a deal whose N-S card points, with the last trick, are ``cp_ns``."""
    kind = "SHDC".index(denomination) if denomination in SUIT_OF else ("SA", "TA").index(
        denomination) + 4  # fmt: skip
    if tricks_ns == 8:
        won = (FULL, 0)
    elif tricks_ns == 0:
        won = (0, FULL)
    else:
        ns = cards_worth(cp_ns - (10 if last_ns else 0), tricks_ns, denomination)
        won = (ns, FULL & ~ns)
    return DealFacts(
        number=1, dealer=3, value=value, denomination=kind, taker=taker, level=level, won=won,
        last_trick_team=0 if last_ns else 1, bidder_tricks=bidder_tricks, belote=belote,
    )  # fmt: skip


def points(deal: DealFacts, **options: Any) -> tuple[int, int]:
    return score_deal(Options(**options), deal).points


NS, EW = 0, 1  # seat 0 bids for N-S, seat 1 for E-W


def test_example_1_a_made_contract_scores_points_and_the_contract() -> None:
    deal = facts(value=90, denomination="H", taker=NS, cp_ns=116)
    assert score_deal(Options(), deal).card_points == (116, 46)
    assert points(deal) == (206, 46)
    assert points(deal, scoring="contract_only") == (90, 0)
    assert points(deal, round_scores="nearest_ten") == (210, 50)


def test_example_2_the_belote_makes_the_contract() -> None:
    deal = facts(value=150, denomination="S", taker=NS, cp_ns=131, belote=(20, 0), tricks_ns=5)
    assert points(deal) == (301, 31)
    assert points(deal, belote_counts_for_contract=False) == (0, 332)


def test_example_3_reaching_the_bid_is_enough() -> None:
    deal = facts(value=80, denomination="H", taker=EW, cp_ns=82, belote=(20, 0))
    assert points(deal) == (102, 160)
    assert points(deal, contract_test="reach_bid_min_82") == (262, 0)
    assert points(deal, contract_test="reach_bid_and_beat_defence") == (262, 0)


def test_example_4_a_failed_contract_and_its_belote() -> None:
    deal = facts(value=160, denomination="S", taker=EW, cp_ns=81, belote=(0, 20))
    assert points(deal) == (342, 0)
    assert points(deal, belote_on_failure="kept_by_holder") == (322, 20)
    assert points(deal, belote_on_failure="kept_by_holder", deal_base=160) == (320, 20)


def test_example_5_coinched_and_failed() -> None:
    deal = facts(value=150, denomination="S", taker=EW, cp_ns=100, level=1, belote=(0, 20))
    assert points(deal) == (482, 0)
    assert points(deal, coinche_multiplies="base_and_contract") == (644, 0)
    assert points(deal, deal_base=160, belote_on_failure="kept_by_holder") == (460, 20)


def test_example_6_surcoinched_and_made() -> None:
    deal = facts(value=80, denomination="H", taker=NS, cp_ns=91, level=2, belote=(0, 20))
    assert points(deal) == (422, 0)
    assert points(deal, surcoinche_multiplier=4) == (502, 0)
    assert points(deal, belote_on_failure="kept_by_holder") == (402, 20)
    assert points(deal, surcoinche_multiplier=4, coinche_multiplies="base_and_contract") == (
        988, 0,
    )  # fmt: skip


def test_example_7_a_capot_bid_made() -> None:
    deal = facts(value=250, denomination="D", taker=NS, cp_ns=252, belote=(20, 0), tricks_ns=8)
    assert points(deal) == (522, 0)
    assert points(deal, capot_points=250) == (520, 0)
    coinched = facts(value=250, denomination="D", taker=NS, cp_ns=252, level=1, belote=(20, 0),
                     tricks_ns=8)  # fmt: skip
    assert points(coinched) == (772, 0)


def test_example_8_a_capot_bid_failed() -> None:
    deal = facts(value=250, denomination="D", taker=NS, cp_ns=83, belote=(0, 20), tricks_ns=5)
    assert points(deal) == (0, 432)
    coinched = facts(value=250, denomination="D", taker=NS, cp_ns=83, level=1, tricks_ns=5)
    assert points(coinched) == (0, 662)


def test_example_9_unbid_capots() -> None:
    made = facts(value=120, denomination="H", taker=EW, cp_ns=0, tricks_ns=0, last_ns=False)
    assert points(made) == (0, 372)
    defence = facts(value=150, denomination="S", taker=NS, cp_ns=0, tricks_ns=0, last_ns=False)
    assert points(defence) == (0, 312)  # 162 + 150, not 252 + 150 (CO13)


def test_a_generale_is_made_only_by_the_bidder_taking_every_trick() -> None:
    alone = facts(value=500, denomination="H", taker=NS, cp_ns=252, tricks_ns=8, bidder_tricks=8)
    assert points(alone) == (252 + 500, 0)
    shared = facts(value=500, denomination="H", taker=NS, cp_ns=252, tricks_ns=8, bidder_tricks=7)
    assert points(shared) == (0, 162 + 500)


@pytest.mark.parametrize("denomination", ["SA", "TA"])
def test_sa_and_ta_total_162(denomination: str) -> None:
    deal = facts(value=80, denomination=denomination, taker=NS, cp_ns=100)
    assert sum(score_deal(Options(), deal).card_points) == 162  # 4 × 38 + 10 (C.1)


def test_the_tables_hold_152_card_points_in_every_kind() -> None:
    for denomination in ("S", "H", "D", "C", "SA", "TA"):
        assert sum(worth(card, denomination) for card in range(32)) == 152


@pytest.mark.parametrize(("level", "m"), [(0, 1), (1, 2), (2, 3)])
@pytest.mark.parametrize("value", [80, 110, 160, 250])
def test_the_identities_of_c11(level: int, m: int, value: int) -> None:
    """Defaults, no announcements: takers + defenders = base + V·m + B; failed ⇒ takers 0;
    coinched and made ⇒ defenders 0; every total ends in 2, from 242 to 1022."""
    for belote, tricks in itertools.product(((0, 0), (20, 0), (0, 20)), range(9)):
        cp_ns = {0: 0, 8: 252}.get(tricks, 20 * tricks + 2)
        deal = facts(value=value, denomination="H", taker=NS, cp_ns=cp_ns, level=level,
                     belote=belote, tricks_ns=tricks, last_ns=tricks > 0)  # fmt: skip
        result = score_deal(Options(), deal)
        takers, defenders = result.points
        b = sum(belote)
        base = 252 if result.outcome == "made" and tricks == 8 else 162
        if result.outcome == "failed":
            assert (takers, defenders) == (0, 162 + value * m + b)
        elif level:
            assert (takers, defenders) == (base + value * m + b, 0)
        else:
            assert takers + defenders == base + value + b
            if value <= 160:
                assert takers - defenders >= 3 * value - 182
        assert (takers + defenders) % 10 == 2
        assert 242 <= takers + defenders <= 1022
