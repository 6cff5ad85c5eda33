"""A small rule-of-thumb Bezique player, used by `parlour demo bezique` and as a sparring partner.

After winning a first-stage trick it declares its best meld, exchanges and shows the seven of
trumps when it may, then draws. In the first stage it leads a low card it has no use for, wins a
brisque (an ace or a ten) led to it with a cheap card when it can, and otherwise throws its least
useful card, keeping its bezique cards and meld material. In the last stage it plays exactly: the
stock is gone, so every card not in its hand has been seen played or lies in the other hand, and
it searches the remaining tricks to the end for the card that wins it the most brisques and last
trick points against the best defence. It looks only at what its seat may see (in the last stage
the other hand is known), and is deterministic.
"""

from __future__ import annotations

import random

from parlour.base import (
    PIQUET_DECK,
    Rank,
)
from parlour.bezique import _melds
from parlour.bezique._last_stage import trick_ending
from parlour.bezique._moves import (
    DRAW,
    EXCHANGE,
    PLAYS,
    SHOW,
    Meld,
    Play,
)
from parlour.bezique._state import (
    BeziqueState,
    Phase,
)
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    FACES,
    copies_of,
    face_index,
    face_of,
)
from parlour.engine import (
    Move,
    legal_moves,
)
from parlour.tricks import solve

__all__ = ["EXACT_ROLLOUT_CARDS", "bot_move", "explained_move", "rollout_move"]

_QUARTET_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.JACK)
_BRISQUE_RANKS = (Rank.ACE, Rank.TEN)


def bot_move(state: BeziqueState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` is unused: the bot is deterministic)."""
    return _move(state, exact=True)[0]


def explained_move(state: BeziqueState, rng: random.Random) -> tuple[Move, str]:
    """`bot_move` and the rule of thumb that chose it, in a line."""
    return _move(state, exact=True)


EXACT_ROLLOUT_CARDS = 4
"""In search rollouts, the last stage is searched exactly only with this many cards or fewer."""


def rollout_move(state: BeziqueState, rng: random.Random) -> Move:
    """`bot_move` made cheap for search rollouts: in the last stage, until the hands are down to
    `EXACT_ROLLOUT_CARDS` cards, it wins the trick with its lowest winning card, or plays its
    lowest card, instead of searching the tricks left."""
    small = state.hands[state.to_act].bit_count() <= EXACT_ROLLOUT_CARDS
    return _move(state, exact=small)[0]


def _move(state: BeziqueState, *, exact: bool) -> tuple[Move, str]:
    moves = tuple(legal_moves(state))
    if state.phase == Phase.DECLARE:
        return _declare(state, moves)
    faces = [face_index(move.card) for move in moves if isinstance(move, Play)]
    if state.phase == Phase.LAST_STAGE:
        if exact:
            return PLAYS[_last_stage_card(state, faces)], \
                "the best outcome of the tricks left, searched exactly"
        return PLAYS[_lowest_winner(state, faces)], "the lowest card that wins, else the lowest"
    face, why = _first_stage_card(state, faces)
    return PLAYS[face], why


def _declare(state: BeziqueState, moves: tuple[Move, ...]) -> tuple[Move, str]:
    """The best-scoring meld (the first listed on a tie), else exchange, else show, else draw."""
    best: Meld | None = None
    best_points = 0
    for move in moves:
        if isinstance(move, Meld):
            kind = _melds.identify_meld(state, move.cards)
            if kind is not None and kind.points > best_points:
                best, best_points = move, kind.points
    if best is not None:
        return best, f"the best-scoring meld you can declare: {best_points}"
    if EXCHANGE in moves:
        return EXCHANGE, "no meld to declare: exchange the seven of trumps for the turn-up"
    if SHOW in moves:
        return SHOW, "no meld to declare: show the seven of trumps for 10"
    return DRAW, "nothing to declare: draw"


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


def _first_stage_card(state: BeziqueState, faces: list[int]) -> tuple[int, str]:
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
                return min(takers, key=take_key), \
                    "win the brisque led with your cheapest card that is no brisque"
    return min(faces, key=throw_key), \
        "your least useful card: no meld material, no trump, no brisque, low"


def _last_stage_card(state: BeziqueState, faces: list[int]) -> int:
    """The legal card with the best exact outcome of the remaining tricks (the first on a tie):
    the most brisques and last-trick points for the bot against the best defence, by
    ``parlour.tricks.solve``."""
    solution = solve(trick_ending(state))
    seat0_points = dict(solution.card_points)
    hand = state.hands[state.to_act]

    def mine(face: int) -> int:
        points = seat0_points[_copy_in(hand, face)]
        return points if state.to_act == 0 else solution.in_play - points

    return max(faces, key=mine)


def _lowest_winner(state: BeziqueState, faces: list[int]) -> int:
    """The lowest legal card that wins the trick, else the lowest legal card."""
    if state.trick:
        led = state.trick[0]
        winning = [face for face in faces if _beats(state, led, face)]
        if winning:
            return min(winning, key=lambda face: _power(state, face))
    return min(faces, key=lambda face: _power(state, face))


def _copy_in(mask: int, face: int) -> int:
    """A card of ``mask`` showing ``face`` (which of the two copies does not matter)."""
    return face if mask >> face & 1 else face + FACES
