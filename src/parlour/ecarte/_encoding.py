"""Écarté's action encoding: 69 ids and a 285-float observation.

Ids: ``0`` ``propose``, ``1`` ``accept``, ``2`` ``refuse``, ``3`` ``king``; ``4..35`` ``play
<card>`` for the 32 cards in the canonical deck order (suits S H D C, each 7 8 9 10 J Q K A).
An exchange's ``discard`` is several sub-actions: ``36..67`` "discard this card", given in the
canonical card order (each card once), then ``68`` "done". ``discard 7S 8H`` is ``(36, 37, 68)``
and the dealer keeping his hand (``discard``) is ``(68,)``. A flat id per set of discarded cards
would need 242 825 ids (every set of up to five of 32 cards); a card at a time needs 33.
Seats in the observation are counted from the observer (0 = itself, 1 = the other player).
"""

from __future__ import annotations

from parlour.base import (
    PIQUET_DECK,
    Card,
    parse_card,
    shown,
)
from parlour.encoding import (
    Block,
    EncodingError,
    SubActionEncoding,
    cards_observer,
    phase_block,
    play_sequence_block,
    seat_observer,
    suit_observer,
    trick_blocks,
    turnup_observer,
    two_seat_observer,
)

__all__ = ["ECARTE", "EcarteEncoding"]

PLAYERS = 2
FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(PIQUET_DECK)}
KEYWORDS = ("propose", "accept", "refuse", "king")
PLAY_BASE = 4
DISCARD_BASE = 36
DISCARD_DONE = 68
PHASES = ("deal_due", "decide", "respond", "discard_nondealer", "discard_dealer", "play", "over")
TARGET_SCALE = 5.0

ACTION_NAMES: tuple[str, ...] = (
    *KEYWORDS,
    *(f"play {card.text}" for card in PIQUET_DECK),
    *(f"discard card {card.text}" for card in PIQUET_DECK),
    "discard done",
)


def _pending(prefix: tuple[int, ...]) -> list[float]:
    values = [0.0] * 32
    for action in prefix:
        values[action - DISCARD_BASE] = 1.0
    return values


BLOCKS: tuple[Block, ...] = (
    Block(
        name="hand",
        size=32,
        doc="the seat's own cards",
        fill=cards_observer("hand", FACE_INDEX),
    ),
    Block(
        name="discards",
        size=32,
        doc="the seat's own discards this deal",
        fill=cards_observer("discards", FACE_INDEX),
    ),
    Block(
        name="turnup",
        size=32,
        doc="the turn-up card",
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
        doc="cards in each hand / 5, from the observer",
        fill=two_seat_observer("hand_sizes", 5.0),
    ),
    Block(
        name="discard_sizes",
        size=2,
        doc="cards each player discarded this deal / 21",
        fill=two_seat_observer("discard_sizes", 21.0),
    ),
    Block(
        name="talon_size",
        size=1,
        doc="cards left in the talon / 21",
        fill=lambda s, m, p: [s["talon_size"] / 21],
    ),
    Block(
        name="proposals",
        size=1,
        doc="proposals and answers so far this deal / 21",
        fill=lambda s, m, p: [len(s["proposals"]) / 21],
    ),
    Block(
        name="played_without_proposing",
        size=1,
        doc="1 if the non-dealer played without proposing",
        fill=lambda s, m, p: [1.0 if s["played_without_proposing"] else 0.0],
    ),
    Block(
        name="turnup_king",
        size=1,
        doc="1 if the turn-up is a king",
        fill=lambda s, m, p: [1.0 if s["turnup_king"] else 0.0],
    ),
    Block(
        name="king",
        size=2,
        doc="the seat that marked the king of trumps, from the observer",
        fill=seat_observer("king", PLAYERS),
    ),
    Block(
        name="tricks_won",
        size=2,
        doc="tricks won this deal / 5, from the observer",
        fill=two_seat_observer("tricks_won", 5.0),
    ),
    Block(
        name="match_score",
        size=2,
        doc="match points / 5, from the observer",
        fill=two_seat_observer("match_score", TARGET_SCALE),
    ),
    Block(
        name="pending_discard",
        size=32,
        doc="cards chosen so far for the discard being built",
        fill=lambda s, m, p: _pending(p),
    ),
)


class EcarteEncoding(SubActionEncoding):
    """Écarté's encoding (see the module docstring for the id layout)."""

    game = "ecarte"
    action_names = ACTION_NAMES
    blocks = BLOCKS
    max_players = PLAYERS
    history_blocks = (play_sequence_block(PLAYERS, FACE_INDEX, 10),)

    def actions_of_text(self, text: str) -> tuple[int, ...]:
        words = text.split()
        try:
            if len(words) == 1 and words[0] in KEYWORDS:
                return (KEYWORDS.index(words[0]),)
            if len(words) == 2 and words[0] == "play":
                return (PLAY_BASE + FACE_INDEX[parse_card(words[1])],)
            if words and words[0] == "discard":
                indexes = [FACE_INDEX[parse_card(word)] for word in words[1:]]
                if indexes == sorted(set(indexes)):
                    return (*(DISCARD_BASE + index for index in indexes), DISCARD_DONE)
        except (ValueError, KeyError):
            pass
        raise EncodingError(f"{shown(text)} is not an Écarté move the encoding knows")

    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        if len(actions) == 1 and actions[0] < DISCARD_BASE:
            return ACTION_NAMES[actions[0]]
        cards = actions[:-1]
        if (
            actions
            and actions[-1] == DISCARD_DONE
            and all(DISCARD_BASE <= action < DISCARD_DONE for action in cards)
            and list(cards) == sorted(set(cards))
        ):
            return " ".join(["discard", *(PIQUET_DECK[a - DISCARD_BASE].text for a in cards)])
        raise EncodingError(f"{list(actions)} is not a complete Écarté move")


ECARTE = EcarteEncoding()
"""The Écarté encoding."""
