"""Coinche's announcements (option ``announcements``, rules C.9 with belote.md §3.8): the melds
of a hand with their values, the comparison order (points, top card, trump sequence, seat
order), a card in two announcements both ways, what the views and events show after trick 1,
the scoring of C.6 with ``ann`` (literal figures), and the score identity over random deals.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import Card, parse_card, piquet_index
from parlour.coinche import Options
from parlour.coinche._announcements import deal_announcements
from parlour.coinche._scoring import DealFacts, score_deal
from parlour.tricks import hand_melds
from tests.coinche.helpers import started
from tests.strategies import random_playout

ON = {"announcements": True, "target": None}
H, C, SA = 1, 3, 4
"""Denominations: hearts, clubs, Sans-Atout."""


def mask(text: str) -> int:
    """The hand mask of cards written ``"7H 8H 9H"``."""
    return sum(1 << piquet_index(parse_card(card)) for card in text.split())


def melds(text: str, card_in_two: bool = False) -> list[tuple[str, int]]:
    return [(meld.kind, meld.points) for meld in hand_melds(mask(text), card_in_two)]


def scorers(
    hands: tuple[str, str, str, str], denomination: int = C, first_leader: int = 0
) -> list[tuple[int, str, int]]:
    """The scoring side's announcements as (seat, kind, points)."""
    dealt = tuple(mask(hand) for hand in hands)
    return [
        (seat, meld.kind, meld.points)
        for seat, meld in deal_announcements(dealt, denomination, first_leader, False)
    ]


# --- the melds of one hand (belote.md §3.8) ------------------------------------------------------


def test_sequences_score_20_50_and_100_for_five_or_more() -> None:
    assert melds("7H 8H 9H JS KD 7C 9C JC") == [("tierce", 20)]
    assert melds("10S JS QS KS 7H 9D JC KC") == [("cinquante", 50)]
    assert melds("9D 10D JD QD KD 7S 9S JS") == [("cent", 100)]
    assert melds("7D 8D 9D 10D JD QD KD AD") == [("cent", 100)]  # eight in a row: one cent
    assert melds("7H 8H 10H JH 7S 9S JD KC") == []  # no run of three


def test_carres_jacks_200_nines_150_others_100_eights_and_sevens_nothing() -> None:
    assert melds("JS JH JD JC 7S 9H KD AC") == [("carre", 200)]
    assert melds("9S 9H 9D 9C 7S JH KD AC") == [("carre", 150)]
    for rank in ("A", "10", "K", "Q"):
        hand = " ".join(f"{rank}{suit}" for suit in "SHDC") + " 7S 8H 9D 9C"
        assert melds(hand) == [("carre", 100)], rank
    assert melds("8S 8H 8D 8C 7S 7H 7D 7C") == []


def test_a_card_in_two_announcements_both_ways() -> None:
    # Four jacks and 9 10 J Q of hearts: the jack of hearts is in both.
    hand = "JS JH JD JC 9H 10H QH 7S"
    assert melds(hand, card_in_two=True) == [("carre", 200), ("cinquante", 50)]
    assert melds(hand, card_in_two=False) == [("carre", 200)]  # 200 beats the cinquante's 50
    # Four queens and 9 10 J Q K of hearts: keeping the carré leaves 9 10 J (a tierce).
    hand = "QS QD QC 9H 10H JH QH KH"
    assert melds(hand, card_in_two=True) == [("carre", 100), ("cent", 100)]
    assert melds(hand, card_in_two=False) == [("carre", 100), ("tierce", 20)]  # 120 > 100
    # Four queens and 8 9 10 J Q of hearts, 7S: the carré with 8 9 10 J (150) beats the cent.
    hand = "QS QD QC 8H 9H 10H JH QH"
    assert melds(hand, card_in_two=False) == [("carre", 100), ("cinquante", 50)]


# --- which side scores (§3.8 comparison, step 3 skipped in SA and TA) ----------------------------

def test_higher_points_win_a_cinquante_beats_a_tierce() -> None:
    hands = ("7H 8H 9H JS KD 7C 9C JC", "10S JS QS KS 8C 10D QC AC", "", "")
    assert scorers(hands) == [(1, "cinquante", 50)]


def test_equal_sequences_the_higher_top_card_wins() -> None:
    hands = ("7H 8H 9H", "10S JS QS", "", "")
    assert scorers(hands) == [(1, "tierce", 20)]
    hands = ("JD QD KD", "8C 9C 10C", "", "")
    assert scorers(hands, denomination=H) == [(0, "tierce", 20)]


def test_equal_sequences_the_trump_one_wins_but_not_in_sans_atout() -> None:
    hands = ("8S 9S 10S", "8H 9H 10H", "", "")
    assert scorers(hands, denomination=H) == [(1, "tierce", 20)]  # hearts are trumps
    assert scorers(hands, denomination=C, first_leader=0) == [(0, "tierce", 20)]
    assert scorers(hands, denomination=SA, first_leader=0) == [(0, "tierce", 20)]


def test_still_equal_the_seat_earlier_in_playing_order_wins() -> None:
    hands = ("8S 9S 10S", "8D 9D 10D", "", "")
    assert scorers(hands, first_leader=0) == [(0, "tierce", 20)]
    assert scorers(hands, first_leader=1) == [(1, "tierce", 20)]
    assert scorers(hands, first_leader=2) == [(0, "tierce", 20)]  # order 2 3 0 1
    assert scorers(hands, first_leader=3) == [(0, "tierce", 20)]  # order 3 0 1 2


def test_a_carre_of_jacks_200_beats_nines_150_and_the_side_scores_all_its_melds() -> None:
    hands = ("JS JH JD JC 7S", "9S 9H 9D 9C", "QD KD AD", "8C 10C AC")
    assert scorers(hands) == [(0, "carre", 200), (2, "tierce", 20)]


def test_a_carre_of_nines_150_beats_a_cent_100() -> None:
    hands = ("10S JS QS KS AS", "9S 9H 9D 9C", "", "")
    assert scorers(hands) == [(1, "carre", 150)]


def test_no_meld_anywhere_no_side_scores() -> None:
    assert scorers(("7H 9H JH", "8S 10S", "", "")) == []


# --- a whole deal: views, events and the score --------------------------------------------------
# HANDS: seat 0 holds 7 8 9 10 of spades (cinquante) and 9 10 J of hearts (tierce), seat 1
# J Q K A of spades (cinquante), seat 2 every diamond and seat 3 every club (a cent each, both
# topped by the ace). Dealer 3: seat 0 leads, so seat 2 plays before seat 3.

def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(card) for card in text.split())


TEAM_0_MELDS = (
    (0, "cinquante", 50, cards("7S 8S 9S 10S")),
    (0, "tierce", 20, cards("9H 10H JH")),
    (2, "cent", 100, cards("7D 8D 9D 10D JD QD KD AD")),
)


def _first_cards(state: Any, count: int) -> tuple[Any, list[Any]]:
    """The state after ``count`` cards, each the first legal one, and their events."""
    events: list[Any] = []
    for _ in range(count):
        move = parlour.legal_moves(state)[0]
        after = parlour.apply(state, move)
        events.extend(parlour.events(state, move, after))
        state = after
    return state, events


def test_the_scoring_sides_melds_are_shown_once_trick_one_is_complete() -> None:
    state = started("bid 80 H;pass;pass;pass", options=ON)
    assert parlour.view(state, 1).announcements == ()
    state, events = _first_cards(state, 3)
    assert all(parlour.view(state, seat).announcements == () for seat in range(4))
    assert not [event for event in events if event.kind == "meld"]
    state, events = _first_cards(state, 1)
    for seat in (None, 0, 1, 2, 3):
        assert parlour.view(state, seat).announcements == TEAM_0_MELDS
    shown = [(e.seat, e.meld, e.points, e.cards) for e in events if e.kind == "meld"]
    assert tuple(shown) == TEAM_0_MELDS
    assert parlour.view(state, 3).to_dict()["announcements"][0][:3] == [0, "cinquante", 50]


def test_the_trump_cent_wins_the_tie_of_the_two_cents() -> None:
    state = started("bid 80 C;pass;pass;pass", options=ON)  # clubs trumps: seat 3's cent
    state, _ = _first_cards(state, 4)
    shown = parlour.view(state, 0).announcements
    assert [(seat, kind, points) for seat, kind, points, _ in shown] == [
        (1, "cinquante", 50),
        (3, "cent", 100),
    ]


def test_seat_order_decides_the_two_cents_from_the_first_leader() -> None:
    state = started("pass;bid 80 H;pass;pass;pass", options=ON, dealer=2)  # seat 3 leads
    state, _ = _first_cards(state, 4)
    assert [seat for seat, *_ in parlour.view(state, 0).announcements] == [3, 1]


def test_announcements_off_by_default_nothing_shown_nothing_scored() -> None:
    state = started("bid 80 H;pass;pass;pass")
    state, events = _first_cards(state, 32)
    assert not [event for event in events if event.kind == "meld"]
    assert parlour.deal_results(state)[-1].announcements == (0, 0)


def test_a_whole_deal_scores_the_announcements_to_their_side() -> None:
    state = started("bid 80 H;pass;pass;pass", options=ON)
    state, _ = _first_cards(state, 32)
    result = parlour.deal_results(state)[-1]
    assert result.announcements == (170, 0)
    base = 252 if result.outcome == "made" and result.capot_team == 0 else 162
    assert sum(result.points) == base + 80 + sum(result.belote) + 170


# --- the scoring of C.6 with ann ------------------------------------------------------------------


def _facts(*, value: int, level: int, ann: tuple[int, int]) -> DealFacts:
    """N-S (seat 0) bid ``value`` in hearts and took J 9 A 10 of hearts (20 + 14 + 11 + 10),
    7 8 9 10 A of spades (10 + 11) and the last trick: 86; E-W the other 76; no belote."""
    won_ns = mask("JH 9H AH 10H 7S 8S 9S 10S AS 7D 8D 9D")
    return DealFacts(
        number=1, dealer=3, value=value, denomination=H, taker=0, level=level,
        won=(won_ns, ((1 << 32) - 1) & ~won_ns), last_trick_team=0, bidder_tricks=2,
        belote=(0, 0), announcements=ann,
    )  # fmt: skip


def test_announcements_count_for_the_contract_and_go_to_their_holders_when_made() -> None:
    facts = _facts(value=100, level=0, ann=(20, 0))
    result = score_deal(Options(), facts)
    assert result.card_points == (86, 76)
    assert result.outcome == "made"  # 86 + 20 = 106 >= 100
    assert result.points == (86 + 100 + 20, 76)
    failed = score_deal(Options(), _facts(value=110, level=0, ann=(20, 0)))
    assert failed.outcome == "failed"  # 106 < 110
    assert failed.points == (0, 162 + 110 + 20)


def test_announcements_are_never_multiplied() -> None:
    coinched = score_deal(Options(), _facts(value=100, level=1, ann=(50, 0)))
    assert coinched.outcome == "made"
    assert coinched.points == (162 + 100 * 2 + 50, 0)
    surcoinched = score_deal(Options(), _facts(value=150, level=2, ann=(0, 20)))
    assert surcoinched.outcome == "failed"
    assert surcoinched.points == (0, 162 + 150 * 3 + 20)
    defence = score_deal(Options(), _facts(value=80, level=1, ann=(0, 100)))
    assert defence.outcome == "made"  # the defence's announcements go to the takers
    assert defence.points == (162 + 80 * 2 + 100, 0)


# --- the score identity of C.6 / C.11 with ann, over random deals --------------------------------

@given(st.integers(min_value=0, max_value=2**32 - 1), st.booleans(), st.integers(0, 3))
def test_every_deal_scores_base_plus_contract_plus_belotes_plus_announcements(
    seed: int, card_in_two: bool, dealer: int
) -> None:
    options = {"announcements": True, "card_in_two_announcements": card_in_two, "target": 1000}
    steps = random_playout("coinche", seed, options, dealer=dealer)
    for result in parlour.deal_results(steps[-1].after):
        if result.outcome == "thrown_in":
            continue
        assert result.value is not None and result.taker is not None
        takers = result.taker % 2
        multiplier = (1, 2, 3)[result.level]
        base = 252 if result.outcome == "made" and result.capot_team == takers else 162
        extras = sum(result.belote) + sum(result.announcements)
        assert sum(result.points) == base + result.value * multiplier + extras
        assert 0 in result.announcements  # only one side scores its announcements
        assert max(result.announcements) % 10 == 0
        if result.outcome == "failed":
            assert result.points[takers] == 0
        elif result.level:
            assert result.points[1 - takers] == 0
