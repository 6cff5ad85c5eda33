"""Helpers for exact Burraco scenarios: stacked deals, where every card a test cares about is
placed by hand and the rest fill the pozzetti and the stock in the deck's canonical order.

Seat 0 deals by default, so seat 1 plays first. With two players the seats are the two sides;
with four, seats 0 and 2 are team 0 and seats 1 and 3 team 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import parlour
from parlour.base import Card
from parlour.burraco import BurracoState, BurracoView
from parlour.burraco._faces import DECK
from tests.helpers import Cards, cards, deal_text_of

__all__ = ["HAND", "seen", "stacked_deal", "start", "state_of"]

HAND = 11
"""Cards dealt to each player (rules §4.2)."""


def _take(pool: Counter[Card], group: Sequence[Card]) -> None:
    for one in group:
        if pool[one] <= 0:
            raise ValueError(f"the stacked deal names {one} more often than the deck holds it")
        pool[one] -= 1


def _fill(pool: Counter[Card], wanted: int) -> list[Card]:
    """The first ``wanted`` cards left in ``pool``, in the deck's canonical order."""
    chosen: list[Card] = []
    for one in DECK:
        if len(chosen) == wanted:
            break
        if pool[one] > 0:
            pool[one] -= 1
            chosen.append(one)
    return chosen


def stacked_deal(
    hands: Sequence[Cards],
    *,
    discard: str,
    stock_top: Cards = (),
    pozzetti: Sequence[Cards] = ((), ()),
) -> str:
    """A deal text with the given hands (11 cards each), discard and top of the stock; each
    pozzetto is the cards given, completed to 11 from what is left (in deck order), and the
    stock continues with the rest."""
    pool: Counter[Card] = Counter(DECK)
    hand_cards = [cards(hand) for hand in hands]
    for hand in hand_cards:
        _take(pool, hand)
    top = cards(discard)
    _take(pool, top)
    stock_head = cards(stock_top)
    _take(pool, stock_head)
    chosen = [cards(pozzetto) for pozzetto in pozzetti]
    for pozzetto in chosen:
        _take(pool, pozzetto)
    completed = [pozzetto + _fill(pool, HAND - len(pozzetto)) for pozzetto in chosen]
    rest = _fill(pool, sum(pool.values()))
    return deal_text_of(
        [
            ("hands", [[one.text for one in hand] for hand in hand_cards]),
            ("pozzetti", [[one.text for one in pozzetto] for pozzetto in completed]),
            ("discard", [[one.text for one in top]]),
            ("stock", [[one.text for one in stock_head + rest]]),
        ]
    )


def start(
    hands: Sequence[Cards],
    *,
    discard: str,
    stock_top: Cards = (),
    pozzetti: Sequence[Cards] = ((), ()),
    options: Mapping[str, Any] | None = None,
    dealer: int = 0,
) -> BurracoState:
    """A new single-hand match (unless ``options`` set a target) dealt as `stacked_deal` says;
    the number of hands given sets the number of players."""
    chosen: dict[str, Any] = {"target": None, "players": len(hands)}
    chosen.update(options or {})
    state = parlour.new_game("burraco", options=chosen, dealer=dealer)
    deal = stacked_deal(hands, discard=discard, stock_top=stock_top, pozzetti=pozzetti)
    result = parlour.apply(state, deal)
    assert isinstance(result, BurracoState)
    return result


def state_of(state: Any) -> BurracoState:
    """``state`` as a `BurracoState` (for the type checker; fails on anything else)."""
    assert isinstance(state, BurracoState)
    return state


def seen(state: Any, seat: int | None) -> BurracoView:
    """What ``seat`` sees of ``state``."""
    shown = parlour.view(state, seat)
    assert isinstance(shown, BurracoView)
    return shown
