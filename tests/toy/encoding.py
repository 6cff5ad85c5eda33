"""The toy game's action encoding: 12 ids, one per card (``play <card>`` in deck order: 9S 10S
JS QS KS AS 9H … AH), and an observation built from the view's dict alone (see `BLOCKS`)."""

from __future__ import annotations

from parlour.base import (
    Card,
    NotationError,
    parse_card,
    shown,
)
from parlour.encoding import (
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
    two_seat_observer,
)
from tests.toy.rules import DECK, PLAYERS, TRICKS_PER_DEAL
from tests.toy.state import PHASE_NAMES

__all__ = ["TOY_ENCODING", "ToyEncoding"]

FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
ACTION_NAMES: tuple[str, ...] = tuple(f"play {card.text}" for card in DECK)

BLOCKS: tuple[Block, ...] = (
    Block(name="hand", size=12, doc="the seat's cards", fill=cards_observer("hand", FACE_INDEX)),
    Block(name="turnup", size=12, doc="the turn-up card", fill=turnup_observer(FACE_INDEX)),
    *trick_blocks(PLAYERS, FACE_INDEX),
    Block(name="trump", size=4, doc="the trump suit (S H D C)", fill=suit_observer("trump")),
    Block(
        name="to_act", size=2, doc="the seat to act, from the observer",
        fill=seat_observer("to_act", PLAYERS),
    ),
    Block(
        name="dealer", size=2, doc="the dealer, from the observer",
        fill=seat_observer("dealer", PLAYERS),
    ),
    phase_block(tuple(PHASE_NAMES.values())),
    Block(
        name="tricks_won", size=2, doc="tricks won this deal / 5: own, other",
        fill=two_seat_observer("tricks_won", float(TRICKS_PER_DEAL)),
    ),
    Block(
        name="match_score", size=2, doc="match points / 10: own, other",
        fill=two_seat_observer("match_score", 10.0),
    ),
)  # fmt: skip


class ToyEncoding(FlatEncoding):
    """The toy game's encoding (see the module docstring)."""

    game = "toy"
    action_names = ACTION_NAMES
    blocks = BLOCKS
    max_players = PLAYERS
    history_blocks = (play_sequence_block(PLAYERS, FACE_INDEX, 2 * TRICKS_PER_DEAL),)

    def actions_of_text(self, text: str) -> tuple[int, ...]:
        words = text.split()
        if len(words) == 2 and words[0] == "play":
            try:
                card = parse_card(words[1])
            except NotationError:
                card = None
            if card in FACE_INDEX:
                return (FACE_INDEX[card],)
        raise EncodingError(f"{shown(text)} is not a toy move the encoding knows")

    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        if len(actions) != 1 or not 0 <= actions[0] < len(ACTION_NAMES):
            raise EncodingError(f"{list(actions)} is not one toy action id")
        return ACTION_NAMES[actions[0]]


TOY_ENCODING = ToyEncoding()
