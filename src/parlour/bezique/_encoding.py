"""Bezique's action encoding: 123 ids, one per move, and a 310-float observation.

Ids: ``0..31`` ``play <face>`` for the 32 faces in the canonical order (suits S H D C, each
7 8 9 10 J Q K A); ``32`` ``exchange``; ``33`` ``show``; ``34`` ``draw``; ``35..122`` the 88
possible ``meld`` moves, in this order: the four marriages (K+Q of S, H, D, C; common or royal
is the trump's business, not the id's), the four sequences (A 10 K Q J of S, H, D, C), the two
beziques (Q♠ J♦, and Q♣ J♥ under ``bezique_cards="by_trump"``), the two double beziques, then
for aces, kings, queens and jacks the 19 ways to pick four of a rank from two packs (at most two
of a suit), in the canonical order of their sorted card lists. A meld names faces, never copies,
so these are all the meld moves there are. Seats in the observation are counted from the
observer (0 = itself, 1 = the other player).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from parlour.base import (
    PIQUET_DECK,
    Card,
    Rank,
    Suit,
    parse_card,
    shown,
    sort_cards,
)
from parlour.encoding import (
    Block,
    EncodingError,
    FlatEncoding,
    card_counts,
    cards_observer,
    phase_block,
    play_sequence_block,
    seat_observer,
    suit_observer,
    trick_blocks,
    turnup_observer,
    two_seat_observer,
)

__all__ = ["BEZIQUE", "MELDS", "BeziqueEncoding"]

PLAYERS = 2
FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(PIQUET_DECK)}
KEYWORDS = ("exchange", "show", "draw")
MELD_BASE = 35
PHASES = ("deal_due", "play", "declare", "last_stage", "over")
TARGET_SCALE = 1000.0


def _card(rank: Rank, suit: Suit) -> Card:
    return Card.of(rank, suit)


def _quartets(rank: Rank) -> list[tuple[Card, ...]]:
    """Every multiset of four cards of ``rank`` with at most two of a suit, sorted."""
    found = {
        sort_cards(_card(rank, suit) for suit in suits)
        for suits in itertools.combinations_with_replacement(Suit, 4)
        if all(suits.count(suit) <= 2 for suit in Suit)
    }
    return sorted(found, key=lambda cards: [card.sort_key for card in cards])


_BEZIQUE_PAIRS = (
    (_card(Rank.QUEEN, Suit.SPADES), _card(Rank.JACK, Suit.DIAMONDS)),
    (_card(Rank.QUEEN, Suit.CLUBS), _card(Rank.JACK, Suit.HEARTS)),
)
MELDS: tuple[tuple[Card, ...], ...] = tuple(
    sort_cards(cards)
    for cards in (
        *((_card(Rank.KING, suit), _card(Rank.QUEEN, suit)) for suit in Suit),
        *(
            tuple(
                _card(rank, suit) for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
            )
            for suit in Suit
        ),
        *_BEZIQUE_PAIRS,
        *(pair + pair for pair in _BEZIQUE_PAIRS),
        *(
            quartet
            for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
            for quartet in _quartets(rank)
        ),
    )
)
"""The card lists of the 88 meld ids, in id order, each in canonical card order."""
_MELD_ID = {cards: MELD_BASE + index for index, cards in enumerate(MELDS)}

ACTION_NAMES: tuple[str, ...] = (
    *(f"play {card.text}" for card in PIQUET_DECK),
    *KEYWORDS,
    *(" ".join(["meld", *(card.text for card in cards)]) for cards in MELDS),
)


def _table(seen: Mapping[str, Any], seat: int) -> list[float]:
    return card_counts([item["card"] for item in seen["tables"][seat]], FACE_INDEX, 32)


BLOCKS: tuple[Block, ...] = (
    Block(
        name="hand",
        size=32,
        doc="copies of each face in the seat's own hand (table cards not counted)",
        fill=cards_observer("hand", FACE_INDEX),
    ),
    Block(
        name="own_table",
        size=32,
        doc="copies of each face the seat has melded on the table",
        fill=lambda s, m, p: _table(s, m),
    ),
    Block(
        name="other_table",
        size=32,
        doc="copies of each face the other player has on the table",
        fill=lambda s, m, p: _table(s, 1 - m),
    ),
    Block(
        name="other_known",
        size=32,
        doc="cards of the other hand the seat knows of",
        fill=lambda s, m, p: card_counts(s["known"][1 - m], FACE_INDEX, 32),
    ),
    Block(
        name="turnup",
        size=32,
        doc="the face-up trump card while it lies there",
        fill=turnup_observer(FACE_INDEX),
    ),
    *trick_blocks(PLAYERS, FACE_INDEX),
    Block(
        name="trump",
        size=4,
        doc="the trump suit (S H D C)",
        fill=suit_observer("trump"),
    ),
    phase_block(PHASES),
    Block(
        name="dealer",
        size=2,
        doc="the dealer, from the observer",
        fill=seat_observer("dealer", PLAYERS),
    ),
    Block(
        name="to_act",
        size=2,
        doc="the seat to act, from the observer",
        fill=seat_observer("to_act", PLAYERS),
    ),
    Block(
        name="hand_sizes",
        size=2,
        doc="cards in each hand / 8, from the observer",
        fill=two_seat_observer("hand_sizes", 8.0),
    ),
    Block(
        name="stock_size",
        size=1,
        doc="face-down cards left in the stock / 47",
        fill=lambda s, m, p: [s["stock_size"] / 47],
    ),
    Block(
        name="tricks_won",
        size=2,
        doc="tricks won this deal / 32, from the observer",
        fill=two_seat_observer("tricks_won", 32.0),
    ),
    Block(
        name="declared",
        size=1,
        doc="1 once this window's meld is made",
        fill=lambda s, m, p: [1.0 if s["declared"] else 0.0],
    ),
    Block(
        name="sevens_scored",
        size=1,
        doc="sevens of trumps scored this deal / 2",
        fill=lambda s, m, p: [s["sevens_scored"] / 2],
    ),
    Block(
        name="match_score",
        size=2,
        doc="match points / 1000, from the observer",
        fill=two_seat_observer("match_score", TARGET_SCALE),
    ),
)


class BeziqueEncoding(FlatEncoding):
    """Bezique's encoding (see the module docstring for the id layout)."""

    game = "bezique"
    action_names = ACTION_NAMES
    blocks = BLOCKS
    max_players = PLAYERS
    history_blocks = (play_sequence_block(PLAYERS, FACE_INDEX, 64),)

    def actions_of_text(self, text: str) -> tuple[int, ...]:
        words = text.split()
        try:
            if len(words) == 2 and words[0] == "play":
                return (FACE_INDEX[parse_card(words[1])],)
            if len(words) == 1 and words[0] in KEYWORDS:
                return (32 + KEYWORDS.index(words[0]),)
            if words and words[0] == "meld":
                return (_MELD_ID[sort_cards(parse_card(word) for word in words[1:])],)
        except (ValueError, KeyError):
            pass
        raise EncodingError(f"{shown(text)} is not a Bezique move the encoding knows")

    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        if len(actions) != 1:
            raise EncodingError(f"a Bezique move is one id, not {len(actions)}")
        return ACTION_NAMES[actions[0]]


BEZIQUE = BeziqueEncoding()
"""The Bezique encoding."""
