"""Belote's action encoding: 38 ids, one per move, and a 355-float observation.

Ids: ``0`` ``pass``; ``1`` ``take`` (the turn-up's suit, first round); ``2..5`` ``take S``,
``take H``, ``take D``, ``take C``; ``6..37`` ``play <card>`` for the 32 cards in the canonical
deck order (suits S H D C, each 7 8 9 10 J Q K A). Seats in the observation are counted from
the observing seat (0 = itself, 1 = the next seat in playing order, 2 = its partner…), and
teams from its own team.
"""

from __future__ import annotations

from typing import Any

from parlour.base import (
    PIQUET_DECK,
    Card,
    parse_card,
    parse_suit,
    shown,
)
from parlour.encoding import (
    SUIT_LETTERS,
    Block,
    EncodingError,
    FlatEncoding,
    cards_observer,
    phase_block,
    play_sequence_block,
    seat_observer,
    suit_observer,
    trick_blocks,
    turnup_observer,
)

__all__ = ["BELOTE", "BeloteEncoding"]

PLAYERS = 4
FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(PIQUET_DECK)}
PHASES = ("deal_due", "bidding_round_1", "bidding_round_2", "play", "over")
PLAY_BASE = 6
TARGET_SCALE = 1000.0

ACTION_NAMES: tuple[str, ...] = (
    "pass",
    "take",
    *(f"take {suit}" for suit in SUIT_LETTERS),
    *(f"play {card.text}" for card in PIQUET_DECK),
)


def _teams(key: str, scale: float) -> Any:
    return lambda seen, me, _: [seen[key][me % 2] / scale, seen[key][1 - me % 2] / scale]


BLOCKS: tuple[Block, ...] = (
    Block(
        name="hand",
        size=32,
        doc="the seat's own cards",
        fill=cards_observer("hand", FACE_INDEX),
    ),
    Block(
        name="turnup",
        size=32,
        doc="the turn-up card while a deal is on",
        fill=turnup_observer(FACE_INDEX),
    ),
    *trick_blocks(PLAYERS, FACE_INDEX),
    Block(
        name="trump",
        size=4,
        doc="the trump suit once taken (S H D C)",
        fill=suit_observer("trump"),
    ),
    Block(
        name="taker",
        size=4,
        doc="the taker's seat, from the observer",
        fill=seat_observer("taker", PLAYERS),
    ),
    Block(
        name="dealer",
        size=4,
        doc="the dealer's seat, from the observer",
        fill=seat_observer("dealer", PLAYERS),
    ),
    Block(
        name="to_act",
        size=4,
        doc="the seat to act, from the observer",
        fill=seat_observer("to_act", PLAYERS),
    ),
    phase_block(PHASES),
    Block(
        name="passes",
        size=1,
        doc="passes so far in this deal's bidding / 8",
        fill=lambda s, m, p: [sum(1 for _, bid in s["bids"] if bid == "pass") / 8],
    ),
    Block(
        name="hand_sizes",
        size=4,
        doc="cards in each hand / 8, from the observer",
        fill=lambda s, m, p: [s["hand_sizes"][(m + i) % PLAYERS] / 8 for i in range(PLAYERS)],
    ),
    Block(
        name="stock_size",
        size=1,
        doc="cards left in the stock / 11",
        fill=lambda s, m, p: [s["stock_size"] / 11],
    ),
    Block(
        name="tricks_won",
        size=2,
        doc="tricks won this deal / 8: own team, other team",
        fill=_teams("tricks_won", 8.0),
    ),
    Block(
        name="belote_announced",
        size=4,
        doc="the seat that announced belote, from the observer",
        fill=seat_observer("belote_announced", PLAYERS),
    ),
    Block(
        name="match_score",
        size=2,
        doc="match points / 1000: own team, other team",
        fill=_teams("match_score", TARGET_SCALE),
    ),
)


class BeloteEncoding(FlatEncoding):
    """Belote's encoding (see the module docstring for the id layout)."""

    game = "belote"
    action_names = ACTION_NAMES
    blocks = BLOCKS
    max_players = PLAYERS
    history_blocks = (play_sequence_block(PLAYERS, FACE_INDEX, 32),)

    def actions_of_text(self, text: str) -> tuple[int, ...]:
        words = text.split()
        try:
            if words == ["pass"]:
                return (0,)
            if words == ["take"]:
                return (1,)
            if len(words) == 2 and words[0] == "take":
                return (2 + int(parse_suit(words[1])),)
            if len(words) == 2 and words[0] == "play":
                return (PLAY_BASE + FACE_INDEX[parse_card(words[1])],)
        except (ValueError, KeyError):
            pass
        raise EncodingError(f"{shown(text)} is not a Belote move the encoding knows")

    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        if len(actions) != 1:
            raise EncodingError(f"a Belote move is one id, not {len(actions)}")
        return ACTION_NAMES[actions[0]]


BELOTE = BeloteEncoding()
"""The Belote encoding."""
