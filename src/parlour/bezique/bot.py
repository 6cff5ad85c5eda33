"""A small rule-of-thumb Bezique player, used by `parlour demo bezique` and as a sparring partner.

After winning a first-stage trick it declares its best meld, exchanges and shows the seven of
trumps when it may, then draws. In the first stage it leads a low card it has no use for, wins a
brisque (an ace or a ten) led to it with a cheap card when it can, and otherwise throws its least
useful card. In the last stage it wins with the lowest card that wins, or plays its lowest card.
It looks only at what its seat may see, and is deterministic.
"""

from __future__ import annotations

import random

from parlour.bezique import melds as _melds
from parlour.bezique.moves import DRAW, EXCHANGE, PLAYS, SHOW, Meld, Play
from parlour.bezique.rules import BEZIQUE_PAIRS, FACES, copies_of, face_index, face_of
from parlour.bezique.state import BeziqueState, Phase
from parlour.cards import PIQUET_DECK, Rank
from parlour.core import Move, legal_moves

__all__ = ["bot_move"]

_QUARTET_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.JACK)
_BRISQUE_RANKS = (Rank.ACE, Rank.TEN)


def bot_move(state: BeziqueState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the bot is deterministic)."""
    moves = tuple(legal_moves(state))
    if state.phase == Phase.DECLARE:
        return _declare(state, moves)
    faces = [face_index(move.card) for move in moves if isinstance(move, Play)]
    if state.phase == Phase.LAST_STAGE:
        return PLAYS[_last_stage_card(state, faces)]
    return PLAYS[_first_stage_card(state, faces)]


def _declare(state: BeziqueState, moves: tuple[Move, ...]) -> Move:
    """The best-scoring meld (the first listed on a tie), else exchange, else show, else draw."""
    best: Meld | None = None
    best_points = 0
    for move in moves:
        if isinstance(move, Meld):
            kind = _melds.identify_meld(state, move.cards)
            if kind is not None and kind.points > best_points:
                best, best_points = move, kind.points
    if best is not None:
        return best
    for wanted in (EXCHANGE, SHOW):
        if wanted in moves:
            return wanted
    return DRAW


def _power(state: BeziqueState, face: int) -> int:
    """How strong a card is under this deal's trump (any trump beats every plain card)."""
    table = state.table
    return table.card_table.power[table.trump][face]


def _is_trump(state: BeziqueState, face: int) -> bool:
    return face // 8 == state.table.trump


def _is_brisque(face: int) -> bool:
    return PIQUET_DECK[face].rank in _BRISQUE_RANKS


def _meld_material(state: BeziqueState, face: int) -> bool:
    """Whether the card may still help a meld: kings and queens (marriages), the bezique cards,
    the trump ace, ten and jack (the sequence), and a rank of which two or more are held
    (quartets)."""
    card = PIQUET_DECK[face]
    if card.rank in (Rank.KING, Rank.QUEEN):
        return True
    table = state.table
    if face in BEZIQUE_PAIRS[table.options.bezique_cards][table.trump]:
        return True
    if _is_trump(state, face) and card.rank in _SEQUENCE_RANKS:
        return True
    if card.rank in _QUARTET_RANKS:
        seat = state.to_act
        held = state.hands[seat] | state.tables[seat]
        same_rank = sum(
            (held & copies_of(other)).bit_count()
            for other in range(FACES)
            if PIQUET_DECK[other].rank == card.rank
        )
        return same_rank >= 2
    return False


def _beats(state: BeziqueState, led: int, face: int) -> bool:
    table = state.table
    return table.card_table.winning_index(table.trump, (led, face)) == 1


def _first_stage_card(state: BeziqueState, faces: list[int]) -> int:
    """Win a brisque led to it with its cheapest card that is no brisque (and, if it can, no
    meld material); otherwise play its least useful card: no meld material, no trump, no
    brisque, low."""

    def throw_key(face: int) -> tuple[bool, bool, bool, int]:
        return (
            _meld_material(state, face),
            _is_trump(state, face),
            _is_brisque(face),
            _power(state, face),
        )

    def take_key(face: int) -> tuple[bool, int]:
        return (_meld_material(state, face), _power(state, face))

    if state.trick:
        led = state.trick[0]
        if _is_brisque(face_of(led)):
            takers = [f for f in faces if not _is_brisque(f) and _beats(state, led, f)]
            if takers:
                return min(takers, key=take_key)
    return min(faces, key=throw_key)


def _last_stage_card(state: BeziqueState, faces: list[int]) -> int:
    """The lowest legal card that wins the trick, else the lowest legal card."""
    if state.trick:
        led = state.trick[0]
        winning = [face for face in faces if _beats(state, led, face)]
        if winning:
            return min(winning, key=lambda face: _power(state, face))
    return min(faces, key=lambda face: _power(state, face))
