"""Coinche's announcements (option ``announcements``, rules C.9): classic Belote's §3.8 melds
(`parlour.tricks.hand_melds`, the tables in `parlour.tricks`), found in each hand as dealt (each
player's first card of trick 1 declares them), compared with step 3 (trump sequence first)
skipped in SA and TA; only the side with the single best announcement scores, all of its
announcements; that side's melds are shown once trick 1 is complete.
"""

from __future__ import annotations

import functools

from parlour.coinche._state import CoincheState, Phase
from parlour.coinche.rules import PLAYERS, SA
from parlour.tricks import Meld, hand_melds, scoring_side

__all__ = [
    "ShownMeld",
    "announcement_points",
    "deal_announcements",
    "scoring_melds",
    "shown_melds",
]

ShownMeld = tuple[int, Meld]
"""An announcement shown: (its holder's seat, the meld)."""


@functools.lru_cache(maxsize=4096)
def deal_announcements(
    dealt: tuple[int, ...], denomination: int, first_leader: int, card_in_two: bool
) -> tuple[ShownMeld, ...]:
    """The scoring side's announcements of a deal, as (seat, meld) in playing order from the
    first leader (each seat's carrés first, then its sequences by suit); ``()`` if no seat has
    one. ``denomination`` 0..3 is the trump suit; SA and TA have none for step 3."""
    melds = tuple(hand_melds(hand, card_in_two) for hand in dealt)
    trump = denomination if denomination < SA else -1
    team = scoring_side(melds, trump, first_leader)
    if team is None:
        return ()
    order = [(first_leader + offset) % PLAYERS for offset in range(PLAYERS)]
    return tuple((seat, meld) for seat in order if seat % 2 == team for meld in melds[seat])


def scoring_melds(state: CoincheState) -> tuple[ShownMeld, ...]:
    """The deal's scoring announcements (`deal_announcements`; none with the option off),
    whether shown yet or not."""
    options = state.table.options
    if not options.announcements:
        return ()
    return deal_announcements(
        state.dealt, state.bid_denomination, state.first_leader,
        options.card_in_two_announcements,
    )  # fmt: skip


def announcement_points(state: CoincheState) -> tuple[int, int]:
    """Each team's announcement points (``ann`` of rules C.6): the scoring side's total, the
    other side's 0 (0 and 0 with the option off)."""
    points = [0, 0]
    for seat, meld in scoring_melds(state):
        points[seat % 2] += meld.points
    return (points[0], points[1])


def shown_melds(state: CoincheState) -> tuple[ShownMeld, ...]:
    """The announcements every seat has seen: the scoring side's, once trick 1 is complete and
    until the deal ends."""
    if state.phase != Phase.PLAY or len(state.played) < PLAYERS:
        return ()
    return scoring_melds(state)
