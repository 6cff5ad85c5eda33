"""The heuristic bot's coinche and surcoinche (`parlour.coinche._bot`), on hand-built auctions:
it coinches a colour contract with three trump tricks against it (two from a bid of 100), an SA
or TA contract with three sure tricks, a capot with one; it surcoinches when its side holds the
bid plus 40 by its reckoning."""

from __future__ import annotations

import random
from typing import Any

from parlour.base import parse_card, piquet_index
from parlour.coinche import GAME
from parlour.coinche._bot import coinches, sure_tricks, trump_tricks
from tests.coinche.helpers import started

H, S, SA, TA = 1, 0, 4, 5


def mask(text: str) -> int:
    return sum(1 << piquet_index(parse_card(card)) for card in text.split())


def bot(state: Any) -> str:
    return str(GAME.bot_move(state, random.Random(1)))


def test_trump_tricks_count_the_jack_a_guarded_nine_and_long_trumps() -> None:
    assert trump_tricks(mask("JH 9H QH 8H 7D 8D 9D 10D"), H) == 3  # J, 9 with two more, 4th
    assert trump_tricks(mask("JH 9H QH 7D 8D 9D 10D 10S"), H) == 2
    assert trump_tricks(mask("9H QH KH 7D 8D 9D 10D 10S"), H) == 1  # the nine, guarded twice
    assert trump_tricks(mask("9H 7D 8D 9D 10D 10S JS QS"), H) == 0  # a bare nine falls
    assert trump_tricks(mask("7H 8H QH KH 10H 7D 8D 9D"), H) == 2  # the 4th and 5th trumps


def test_sure_tricks_add_the_side_aces_or_the_sa_and_ta_masters() -> None:
    assert sure_tricks(mask("JH AS AD 7C 8C 9C 10C JC"), H) == 3
    assert sure_tricks(mask("AS 10S AD 7C 8C 9C 10C JC"), SA) == 3  # A 10 of spades, A of D
    assert sure_tricks(mask("JS 9S JD 7C 8C 10C QC KC"), TA) == 3  # J 9 of spades, J of D


def test_the_thresholds() -> None:
    two = mask("JH 9H QH 7D 8D 9D 10D 10S")
    assert not coinches(two, 80, H) and not coinches(two, 90, H)
    assert coinches(two, 100, H) and coinches(two, 160, H)
    assert coinches(mask("JH 9H QH 8H 7D 8D 9D 10D"), 80, H)
    assert coinches(mask("AS 7D 8D 9D 10D 7C 8C 9C"), 250, H)  # one trick beats a capot
    assert not coinches(mask("7H 7D 8D 9D 10D 7C 8C 9C"), 250, H)
    assert coinches(mask("AS 10S AD 7C 8C 9C 10C JC"), 80, SA)
    assert not coinches(mask("AS 10S 7D 7C 8C 9C 10C JC"), 80, SA)


# seat 0 bids 80 H (scripted, dealer 3 so seat 0 speaks first), seat 1 is the bot
COINCHING = (
    "AH 10H KH 7S 8S 9S AS AD",
    "JH 9H QH 8H 7D 8D 9D 10D",
    "10S JS QS KS 7H JD QD KD",
    "7C 8C 9C 10C JC QC KC AC",
)
PASSING = (
    "AH 10H KH 7S 8S 9S AS AD",
    "JH 7D 8D 9D 10D 10S JS QS",
    "9H QH 8H 7H KS JD QD KD",
    "7C 8C 9C 10C JC QC KC AC",
)


def test_the_bot_coinches_with_three_trump_tricks_against_the_contract() -> None:
    assert bot(started("bid 80 H", hands=COINCHING)) == "coinche"


def test_the_bot_passes_with_one_trump_trick() -> None:
    assert bot(started("bid 80 H", hands=PASSING)) == "pass"


def test_the_bot_coinches_a_capot_with_one_sure_trick() -> None:
    assert bot(started("bid capot H", hands=PASSING)) == "coinche"  # seat 1: the jack


# seat 0 bids 80 H, seat 1 coinches (scripted); seat 2 then seat 0 are the bot
STRONG_BIDDER = (
    "JH 9H AH 10H KH AS AD AC",
    "QH 8H 7H 10S JS QS KS 10D",
    "7S 8S 9S 7D 8D 9D 7C 8C",
    "JD QD KD 9C 10C JC QC KC",
)


def test_the_partner_without_trumps_does_not_surcoinche() -> None:
    # seat 2: no trump, estimate 0 + 80 - 30 = 50 < 80 + 40
    assert bot(started("bid 80 H;coinche", hands=STRONG_BIDDER)) == "pass"


def test_the_bidder_holding_clearly_more_than_the_bid_surcoinches() -> None:
    # seat 0: trumps 20 + 14 + 11 + 10 + 4 and 5 each (84), three side aces (30), partner 30
    state = started("bid 80 H;coinche;pass;pass", hands=STRONG_BIDDER)
    assert bot(state) == "surcoinche"
    # the same hand bid 130: 144 < 130 + 40, no surcoinche
    assert bot(started("bid 130 H;coinche;pass;pass", hands=STRONG_BIDDER)) == "pass"
