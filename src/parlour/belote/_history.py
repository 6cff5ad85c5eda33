"""The deal's tricks in playing order, with who led each, read from a state's ``played`` cards.

A state keeps the cards of the deal's finished tricks as one flat tuple (four per trick, in
playing order). Who led each trick is not stored: the seat after the dealer leads the first,
and the winner of each trick leads the next (`CardTable.winning_index` with the deal's trump).
What is read from the finished tricks is remembered (views and search read the same deal's
tricks many times). A belote shows in the play too: its holder (`Table.belote_holder`, set by the
take) has announced it once a card of the pair has left its hand (`belote_announced`).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from parlour.base import Card
from parlour.belote._state import (
    BeloteState,
    Phase,
)
from parlour.belote.rules import CARD_TABLE, DECK, KING_QUEEN_OF, PLAYERS
from parlour.tricks import PlayedTrick

__all__ = [
    "FinishedTricks",
    "belote_announced",
    "deal_tricks",
    "finished_tricks",
    "play_tricks",
    "played_in_order",
    "played_masks",
]

_PLAY = Phase.PLAY


class FinishedTricks(NamedTuple):
    """The deal's finished tricks read from ``played``: each as (leader, cards), every card as
    (seat, card) in playing order, and the mask of the cards each seat has played."""

    tricks: tuple[tuple[int, tuple[int, ...]], ...]
    pairs: tuple[tuple[int, Card], ...]
    masks: tuple[int, ...]


@functools.lru_cache(maxsize=4096)
def _finished(played: tuple[int, ...], first_leader: int, trump: int) -> FinishedTricks:
    winning_index = CARD_TABLE.winning_index
    leader = first_leader
    tricks = []
    pairs = []
    masks = [0] * PLAYERS
    for start in range(0, len(played), PLAYERS):
        cards = played[start : start + PLAYERS]
        tricks.append((leader, cards))
        for offset, card in enumerate(cards):
            seat = (leader + offset) % PLAYERS
            pairs.append((seat, DECK[card]))
            masks[seat] |= 1 << card
        leader = (leader + winning_index(trump, cards)) % PLAYERS
    return FinishedTricks(tricks=tuple(tricks), pairs=tuple(pairs), masks=tuple(masks))


def finished_tricks(state: BeloteState) -> FinishedTricks:
    """What the deal's finished tricks say (empty outside the play)."""
    table = state.table
    return _finished(state.played, (table.dealer + 1) % PLAYERS, table.trump)


def deal_tricks(state: BeloteState) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The deal's finished tricks in order, each as (leader, its four cards in playing order);
    empty outside the play."""
    return finished_tricks(state).tricks if state.played else ()


def play_tricks(state: BeloteState) -> tuple[PlayedTrick, ...]:
    """Every trick of the deal played so far, the current one included if it has a card, each
    as (leader, cards); empty outside the play."""
    if state.phase != _PLAY:
        return ()
    tricks = deal_tricks(state)
    return (*tricks, (state.leader, state.trick)) if state.trick else tricks


def played_in_order(state: BeloteState) -> tuple[tuple[int, Card], ...]:
    """Every card played in the deal so far, the current trick's included, in playing order,
    each as (seat, card); empty outside the play."""
    if state.phase != _PLAY:
        return ()
    finished = finished_tricks(state).pairs if state.played else ()
    leader = state.leader
    return finished + tuple(
        ((leader + offset) % PLAYERS, DECK[card]) for offset, card in enumerate(state.trick)
    )


def played_masks(state: BeloteState) -> tuple[int, ...]:
    """Per seat, the mask of the cards it has played in this deal, the current trick's
    included; all 0 outside the play."""
    if state.phase != _PLAY:
        return (0,) * PLAYERS
    masks = list(finished_tricks(state).masks) if state.played else [0] * PLAYERS
    leader = state.leader
    for offset, card in enumerate(state.trick):
        masks[(leader + offset) % PLAYERS] |= 1 << card
    return tuple(masks)


def belote_announced(state: BeloteState) -> int | None:
    """The seat that has announced belote (``None``: none has, or it is not the play): the
    belote holder the take recorded, once it has played the first card of the pair (the next one
    it plays is the rebelote)."""
    table = state.table
    holder = table.belote_holder
    if state.phase != _PLAY or holder < 0:
        return None
    king_queen = KING_QUEEN_OF[table.trump]
    return holder if state.hands[holder] & king_queen != king_queen else None
