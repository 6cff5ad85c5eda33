"""Coinche's action encoding: 101 ids, one per move, and a 469-float observation.

Ids: ``0`` ``pass``; ``1..66`` the bids in the ladder's order, value by value (80, 90, …, 160,
capot, générale), each in S H D C SA TA; ``67`` ``coinche``; ``68`` ``surcoinche``;
``69..100`` ``play <card>`` for the 32 cards in the canonical deck order (suits S H D C, each
7 8 9 10 J Q K A). Seats in the observation are counted from the observing seat, teams from its
own team. The announced belotes and the shown announcements (option ``announcements``)
are in the observation, as the table sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.base import (
    PIQUET_DECK,
    Card,
    parse_card,
    shown,
)
from parlour.encoding import (
    SUIT_LETTERS,
    Block,
    EncodingError,
    FlatEncoding,
    cards_observer,
    one_hot,
    phase_block,
    play_sequence_block,
    seat_observer,
    trick_blocks,
)

__all__ = ["COINCHE_ENCODING", "CoincheEncoding"]

PLAYERS = 4
FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(PIQUET_DECK)}
PHASES = ("deal_due", "auction", "play", "over")
DENOMINATIONS = ("S", "H", "D", "C", "SA", "TA")
VALUES = (*(str(value) for value in range(80, 161, 10)), "capot", "generale")
VALUE_SCALE = {**{str(value): value for value in range(80, 161, 10)}, "capot": 250,
               "generale": 500}  # fmt: skip
TARGET_SCALE = 2000.0

ACTION_NAMES: tuple[str, ...] = (
    "pass",
    *(f"bid {value} {denomination}" for value in VALUES for denomination in DENOMINATIONS),
    "coinche",
    "surcoinche",
    *(f"play {card.text}" for card in PIQUET_DECK),
)
_ID_OF_TEXT = {name.lower(): index for index, name in enumerate(ACTION_NAMES)}


def _teams(key: str, scale: float) -> Any:
    return lambda seen, me, _: [seen[key][me % 2] / scale, seen[key][1 - me % 2] / scale]


ANNOUNCEMENT_SCALE = 500.0


def _belotes(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
    values = [0.0] * (PLAYERS * len(SUIT_LETTERS))
    for seat, suit in seen["belotes"]:
        values[(seat - me) % PLAYERS * len(SUIT_LETTERS) + SUIT_LETTERS.index(suit)] = 1.0
    return values


def _shown_cards(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
    faces = len(PIQUET_DECK)
    values = [0.0] * (PLAYERS * faces)
    for seat, _, _, cards in seen["announcements"]:
        for text in cards:
            values[(seat - me) % PLAYERS * faces + FACE_INDEX[parse_card(text)]] = 1.0
    return values


def _announcement_points(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
    points = [0.0, 0.0]
    for seat, _, value, _ in seen["announcements"]:
        points[(seat - me) % 2] += value / ANNOUNCEMENT_SCALE
    return points


def _contract(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
    contract = seen["contract"]
    if contract is None:
        return [0.0] * (1 + len(DENOMINATIONS))
    _, value, denomination = contract.split()
    return [VALUE_SCALE[value] / 500, *one_hot(DENOMINATIONS.index(denomination), 6)]


BLOCKS: tuple[Block, ...] = (
    Block(
        name="hand", size=32, doc="the seat's own cards", fill=cards_observer("hand", FACE_INDEX)
    ),
    *trick_blocks(PLAYERS, FACE_INDEX),
    Block(
        name="contract",
        size=7,
        doc="the standing bid: its value / 500, then its denomination (S H D C SA TA)",
        fill=_contract,
    ),
    Block(
        name="bidder",
        size=4,
        doc="the standing bid's seat, from the observer",
        fill=seat_observer("bidder", PLAYERS),
    ),
    Block(
        name="level",
        size=3,
        doc="the bid's coinche level: none, coinched, surcoinched",
        fill=lambda s, m, p: one_hot(s["level"], 3),
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
        name="calls",
        size=1,
        doc="calls so far in this deal's auction / 37",
        fill=lambda s, m, p: [len(s["auction"]) / 37],
    ),
    Block(
        name="hand_sizes",
        size=4,
        doc="cards in each hand / 8, from the observer",
        fill=lambda s, m, p: [s["hand_sizes"][(m + i) % PLAYERS] / 8 for i in range(PLAYERS)],
    ),
    Block(
        name="tricks_won",
        size=2,
        doc="tricks won this deal / 8: own team, other team",
        fill=_teams("tricks_won", 8.0),
    ),
    Block(
        name="belotes",
        size=16,
        doc="the belotes announced: 4 per seat from the observer, by suit (S H D C)",
        fill=_belotes,
    ),
    Block(
        name="announced_cards",
        size=128,
        doc="the cards of the shown announcements: 32 per seat, from the observer",
        fill=_shown_cards,
    ),
    Block(
        name="announcement_points",
        size=2,
        doc="the shown announcements' points / 500: own team, other team",
        fill=_announcement_points,
    ),
    Block(
        name="match_score",
        size=2,
        doc="match points / 2000: own team, other team",
        fill=_teams("match_score", TARGET_SCALE),
    ),
)


class CoincheEncoding(FlatEncoding):
    """Coinche's encoding (see the module docstring for the id layout)."""

    game = "coinche"
    action_names = ACTION_NAMES
    blocks = BLOCKS
    max_players = PLAYERS
    history_blocks = (play_sequence_block(PLAYERS, FACE_INDEX, 32),)

    def actions_of_text(self, text: str) -> tuple[int, ...]:
        found = _ID_OF_TEXT.get(" ".join(text.split()).lower())
        if found is None:
            raise EncodingError(f"{shown(text)} is not a Coinche move the encoding knows")
        return (found,)

    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        if len(actions) != 1:
            raise EncodingError(f"a Coinche move is one id, not {len(actions)}")
        return ACTION_NAMES[actions[0]]


COINCHE_ENCODING = CoincheEncoding()
"""The Coinche encoding."""
