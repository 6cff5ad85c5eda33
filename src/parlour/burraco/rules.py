"""Burraco's rule tables: the deal layouts by number of players, the sizes that end a hand, the
bonuses and penalties of the hand score, and what closing requires (rules §4.2, §4.6–§4.9).

The meld rules (sets, sequences, wilds) are in `parlour.burraco._meld_tables`; the card values and
the deck in `parlour.burraco._faces`.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.burraco._faces import DECK
from parlour.burraco._meld_tables import Meld
from parlour.engine import (
    DealField,
    DealLayout,
    ScoreReason,
    reasons_of,
)

__all__ = [
    "BURRACO_BONUS",
    "CLOSE_REQUIREMENTS",
    "CLOSING_BONUS",
    "DEAL_LAYOUTS",
    "HAND_PACKETS",
    "HAND_SIZE",
    "NAME",
    "NO_POZZETTO_PENALTY",
    "PLAYER_COUNTS",
    "POZZETTI",
    "POZZETTO_SIZE",
    "SCORE_REASONS",
    "STOCK_LEFT_AT_END",
    "STOCK_SIZES",
    "ScoreReasons",
    "deal_fields",
]

NAME = "burraco"
"""The game's registered name (``parlour.new_game("burraco")``, a view's ``game``)."""

HAND_SIZE = 11
"""Cards dealt to each player."""
POZZETTO_SIZE = 11
"""Cards in each of the two pozzetti."""
POZZETTI = 2
"""The number of pozzetti: one per team (the first team to reach one takes the top one)."""
STOCK_LEFT_AT_END = 2
"""The hand ends after the turn whose draw leaves this many cards in the stock (§4.8)."""
CLOSING_BONUS = 100
"""Points for the team that closes."""
NO_POZZETTO_PENALTY = 100
"""Points lost by a team that never took its pozzetto."""
BURRACO_BONUS: dict[bool, int] = {True: 200, False: 100}
"""The bonus of a burraco by whether it is clean (200) or dirty (100)."""


class ScoreReasons:
    """Burraco's score reasons (rules §4.9): the ``reason`` of each kind of `ScoreEvent`, one per
    item of a team's hand score, with the points it is worth when the rules fix them. Award
    sites read them here; ``docs/burraco.md`` documents them."""

    MELDED_CARDS = ScoreReason(
        id="burraco.melded_cards", points=None, rule="§4.9: the value of every card melded"
    )
    BURRACO_BONUS = ScoreReason(
        id="burraco.burraco_bonus", points=None, rule="§4.9: 200 a clean burraco, 100 a dirty one"
    )
    CLOSING = ScoreReason(
        id="burraco.closing", points=CLOSING_BONUS, rule="§4.9: the team that closed"
    )
    CARDS_IN_HAND = ScoreReason(
        id="burraco.cards_in_hand",
        points=None,
        rule="§4.9: the value of every card left in the team's hands, subtracted",
    )
    NO_POZZETTO = ScoreReason(
        id="burraco.no_pozzetto",
        points=-NO_POZZETTO_PENALTY,
        rule="§4.9: a team that never took its pozzetto",
    )


SCORE_REASONS: tuple[ScoreReason, ...] = reasons_of(ScoreReasons)
"""Every score reason, in the order a hand's events list them."""

CLOSE_REQUIREMENTS: dict[str, Callable[[Meld], bool]] = {
    "any_burraco": lambda meld: meld.is_burraco,
    "clean_burraco": lambda meld: meld.is_burraco and meld.is_clean,
}
"""For each ``close_requires`` option: which of its melds lets a team close (it needs one)."""


PLAYER_COUNTS = (4, 2)
"""The numbers of players: two teams of two partners, or two players alone."""
HAND_PACKETS: tuple[int, ...] = (1,) * HAND_SIZE
"""The hands are dealt one card at a time to each seat in turn (§4.2 item 5): one round per
card, from the dealer's next seat."""
STOCK_SIZES: dict[int, int] = {
    players: len(DECK) - players * HAND_SIZE - POZZETTI * POZZETTO_SIZE - 1
    for players in PLAYER_COUNTS
}
"""The cards left for the stock by number of players, once the hands, the pozzetti and the
discard pile's first card are dealt: 41 for four players, 63 for two."""


def deal_fields(players: int) -> tuple[DealField, ...]:
    """The fields of a deal for ``players``: ``hands``, ``pozzetti`` (top one first), ``discard``
    and ``stock`` (top first)."""
    return DEAL_LAYOUTS[players].fields


DEAL_LAYOUTS: dict[int, DealLayout] = {
    players: DealLayout(
        deck=DECK,
        players=players,
        fields=(
            DealField("hands", (HAND_SIZE,) * players, ordered=False),
            DealField("pozzetti", (POZZETTO_SIZE,) * POZZETTI, ordered=False),
            DealField("discard", (1,), ordered=True),
            DealField("stock", (STOCK_SIZES[players],), ordered=True),
        ),
        alternating=("pozzetti",),
    )
    for players in PLAYER_COUNTS
}
"""The canonical deal by number of players (rules §4.2 item 5, Settled points 2-3), dealt in
`HAND_PACKETS`: the shuffled deck from the top, one card at a time to each seat from the
dealer's next seat; the next cards alternately into the first (top) and the second pozzetto;
one card to start the discard pile; the rest the stock, top first."""
