"""The card play of rules C.4 (classic Belote's clauses under Coinche's defaults and the
``partner_winning`` and ``must_undertrump`` options; SA and TA), the trick winner, belote in
each kind, and the canonical deal of C.2.2 under each ``packets`` value."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.base import PIQUET_DECK
from tests.coinche.helpers import started
from tests.helpers import legal_texts, refused, run

# Opponent trumps, the next seat cannot overtrump (K10 D): seat 0 leads AS, seat 1 trumps JH.
UNDER = (
    "AS KS QS 10S 7D 8D 9D 10D",
    "JH 9H AH 10H 7C 8C 9C 10C",
    "7H 8H JD QD KD AD JC QC",
    "JS 9S 8S 7S KH QH KC AC",
)
# The partner trumps and is master (K10 F): 7C led, seat 1 trumps 9H, seat 3 is void in clubs.
PARTNER = (
    "7C AS KS QS 10S 7D 8D 9D",
    "9H AH 10H KH 8S 9S 10D JD",
    "8C 9C 10C JC QC KC AC QD",
    "JH 7H QH 8H JS 7S KD AD",
)
HEARTS_BY_0 = "bid 80 H; pass; pass; pass"


def test_an_opponent_master_must_be_trumped() -> None:
    state = run(started(HEARTS_BY_0, hands=UNDER), "play AS")
    assert legal_texts(state) == ["play 9H", "play 10H", "play JH", "play AH"]  # K10 B
    refused(state, "play 7C", "coinche.must_trump")


@pytest.mark.parametrize("must_undertrump", [False, True])
def test_unable_to_overtrump_an_opponent(must_undertrump: bool) -> None:
    options = {"must_undertrump": must_undertrump}
    state = run(started(HEARTS_BY_0, hands=UNDER, options=options), "play AS; play JH")
    if must_undertrump:
        assert legal_texts(state) == ["play 7H", "play 8H"]  # belote.md §3.4's last clause
        refused(state, "play JD", "coinche.must_undertrump")
    else:
        assert len(legal_texts(state)) == 8  # any card: colver, FFB contrée (K10 D)


@pytest.mark.parametrize("partner_winning", ["free", "seed_overtrump_if_trumping"])
def test_void_while_the_partner_is_master(partner_winning: str) -> None:
    options = {"partner_winning": partner_winning}
    state = started(HEARTS_BY_0, hands=PARTNER, options=options)
    state = run(state, "play 7C; play 9H; play 8C")
    if partner_winning == "free":
        assert len(legal_texts(state)) == 8  # the whole hand, a lower trump included (K10 F)
    else:
        assert legal_texts(state) == ["play 7S", "play JS", "play JH", "play KD", "play AD"]
        refused(state, "play 7H", "coinche.must_overtrump")


def test_trumps_led_must_be_beaten_even_over_the_partner() -> None:
    hands = (
        "AH 7S 8S 9S 10S 7D 8D 9D",
        "7H KS QS JS AS 10D JD QD",
        "JH 8H 7C 8C 9C 10C KD AD",
        "9H 10H KH QH JC QC KC AC",
    )
    state = run(started(HEARTS_BY_0, hands=hands), "play AH")
    assert legal_texts(state) == ["play 7H"]  # only lower trumps: those (K10 I)
    state = run(state, "play 7H")
    assert legal_texts(state) == ["play JH"]  # over the partner's A♥ (K10 H)
    refused(state, "play 8H", "coinche.must_overtrump")


def test_following_suit_has_no_duty_to_beat_in_a_plain_suit() -> None:
    state = run(started(HEARTS_BY_0, hands=UNDER), "play 7D")
    assert legal_texts(state) == ["play 9H", "play 10H", "play JH", "play AH"]  # void: trump
    state = run(started(HEARTS_BY_0, hands=UNDER), "play AS; play JH; play 7H")
    assert legal_texts(state) == ["play 7S", "play 8S", "play 9S", "play JS"]  # K10 L, M


def test_sans_atout_follow_suit_else_any_card() -> None:
    state = started("bid 80 SA; pass; pass; pass", options={"sans_atout": True})
    state = run(state, "play 9S")
    assert legal_texts(state) == ["play JS", "play QS", "play KS", "play AS"]  # no duty to beat
    state = run(state, "play JS")
    assert len(legal_texts(state)) == 8  # seat 2 is void: any card
    state = run(state, "play 7D; play AC")
    assert parlour.current_player(state) == 1  # J♠ wins: only the suit led can win in SA
    assert parlour.view(state, None).belotes == ()  # no belote in SA (seat 1 holds K♥ Q♥)


def test_tout_atout_must_beat_the_best_card_of_the_suit_led() -> None:
    state = started("bid 80 TA; pass; pass; pass", options={"tout_atout": True})
    state = run(state, "play 9S")
    assert legal_texts(state) == ["play JS"]  # J is the only spade above the 9 in TA
    refused(state, "play AS", "coinche.must_overtrump")
    state = run(state, "play JS; play 7D; play 7C")
    assert parlour.current_player(state) == 1
    state = run(state, "play KH")
    assert parlour.view(state, None).belotes == ((1, "H"),)  # a belote in every suit in TA
    assert len(legal_texts(state)) == 7  # seat 2 is void in hearts: any card


@pytest.mark.parametrize("packets", [(3, 2, 3), (3, 3, 2), (2, 3, 3)])
@pytest.mark.parametrize("dealer", [0, 2])
def test_random_deal_is_the_canonical_mapping(packets: tuple[int, int, int], dealer: int) -> None:
    """Rules C.2.2: the canonical deck shuffled by ``rng.shuffle``, packets round from the seat
    after the dealer."""
    state = parlour.new_game("coinche", options={"packets": list(packets)}, dealer=dealer)
    deal = parlour.random_deal(state, random.Random(11))
    deck = list(PIQUET_DECK)
    random.Random(11).shuffle(deck)
    hands: list[list[str]] = [[], [], [], []]
    position = 0
    for size in packets:
        for offset in range(1, 5):
            hands[(dealer + offset) % 4] += [card.text for card in deck[position : position + size]]
            position += size
    dealt = parlour.apply(state, deal)
    for seat in range(4):
        assert sorted(card.text for card in parlour.view(dealt, seat).hand) == sorted(hands[seat])
