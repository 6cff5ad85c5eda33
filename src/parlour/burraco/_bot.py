"""A heuristic Burraco bot: it builds toward a burraco, takes the pile when it can use it, keeps
its wild cards for when they complete a burraco, goes for its pozzetto and closes, and discards
what neither helps itself nor fits the opponents' melds.

It reads only the seat's own hand, the melds, the discard pile and the legal moves: nothing an
opponent holds.
"""

from __future__ import annotations

import random

from parlour.burraco._faces import CARD_VALUE, FACE_OF, face_rank, face_suit, faces_of, is_wild_face
from parlour.burraco._legal import TEAM_OF, legal_moves
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import DRAW, PICKUP, Add, Discard, Meld
from parlour.burraco._state import BurracoState, Phase
from parlour.engine import Move

__all__ = ["bot_move", "explained_move"]

_LAID_CARD = 10
"""The worth of each card laid down (it scores, and leaves the hand)."""
_BURRACO_REACHED = 150
"""The worth of a meld reaching seven cards."""
_WILD_SPENT = 25
"""The cost of laying a wild card that does not complete a burraco."""
_EMPTY_HAND = 200
"""The worth of emptying the hand to take the pozzetto."""


def _cards_of_move(move: Meld | Add) -> int:
    return len(move.cards)


def _laying_worth(state: BurracoState, move: Meld | Add) -> int:
    """How much the bot likes a meld or an add (positive: worth doing now)."""
    return sum(points for points, _ in _laying_parts(state, move))


def _laying_parts(state: BurracoState, move: Meld | Add) -> list[tuple[int, str]]:
    """What makes up `_laying_worth`, each part with what it is for."""
    seat = state.to_act
    team = TEAM_OF[state.table.options.players][seat]
    parts = [(_LAID_CARD * _cards_of_move(move), "cards laid")]
    before = 0 if isinstance(move, Meld) else len(state.melds[team][move.number - 1].cards)
    after_size = before + len(move.cards)
    wilds = sum(1 for card in move.cards if is_wild_face(FACE_OF[card]))
    if before < 7 <= after_size:
        parts.append((_BURRACO_REACHED, "it makes a burraco"))
    elif wilds:
        parts.append((-_WILD_SPENT * wilds, "a wild spent short of a burraco"))
    if len(move.cards) == state.hand_sizes[seat] and state.pozzetto_of_team[team] < 0:
        parts.append((_EMPTY_HAND, "it empties the hand for the pozzetto"))
    return parts


def _danger(state: BurracoState, face: int) -> int:
    """How much a discard of ``face`` would help the opponents (it fits one of their melds)."""
    options = state.table.options
    team = TEAM_OF[options.players][state.to_act]
    danger = 0
    for other, melds in enumerate(state.melds):
        if other == team:
            continue
        for meld in melds:
            if _fits(meld, face):
                danger += 30
    return danger


def _fits(meld: TableMeld, face: int) -> bool:
    if meld.kind.value == "set":
        return meld.rank is not None and face_rank[face] == int(meld.rank)
    if meld.suit is None or face_suit[face] != int(meld.suit):
        return False
    rank = face_rank[face]
    position = 1 if rank == 14 and meld.low == 2 else rank
    return position in (meld.low - 1, meld.high + 1)


def _keep_value(hand_faces: tuple[int, ...], face: int) -> int:
    """How much the hand wants to keep ``face``: wilds most, then cards with partners."""
    if is_wild_face(face):
        return 100
    keep = 0
    suit, rank = face_suit[face], face_rank[face]
    for other in hand_faces:
        if other == face:
            keep += 12
        elif face_rank[other] == rank:
            keep += 8
        elif face_suit[other] == suit and abs(face_rank[other] - rank) <= 2:
            keep += 6
    return keep - CARD_VALUE[face] // 5


def _best_discard(state: BurracoState, discards: list[Discard], rng: random.Random) -> Move:
    hand_faces = faces_of(state.hands[state.to_act])

    def cost(move: Discard) -> tuple[int, float]:
        face = FACE_OF[move.card]
        return (_keep_value(hand_faces, face) + _danger(state, face), rng.random())

    return min(discards, key=cost)


def _pile_is_useful(state: BurracoState) -> bool:
    """Whether taking the pile is worth it: it is large, or its cards fit our hand or melds."""
    pile = state.discard
    if len(pile) >= 4:
        return True
    hand_faces = faces_of(state.hands[state.to_act])
    team = TEAM_OF[state.table.options.players][state.to_act]
    for face in pile:
        if any(_fits(meld, face) for meld in state.melds[team]):
            return True
        if not is_wild_face(face) and _keep_value(hand_faces, face) >= 14:
            return True
    return False


def bot_move(state: BurracoState, rng: random.Random) -> Move:
    """The bot's move for the seat to act (``rng`` breaks ties)."""
    return explained_move(state, rng)[0]


def explained_move(state: BurracoState, rng: random.Random) -> tuple[Move, str]:
    """`bot_move` and the rule of thumb that chose it, in a line."""
    moves = legal_moves(state)
    if state.phase is Phase.DRAW:
        if PICKUP in moves and _pile_is_useful(state):
            return PICKUP, "the pile is large, or its cards fit your hand or your team's melds"
        return DRAW, "the pile is small and little of it fits: draw from the stock"
    laying = [move for move in moves if isinstance(move, (Meld, Add))]
    if laying:
        scored = [(_laying_worth(state, move), rng.random(), move) for move in laying]
        worth, _, best = max(scored, key=lambda item: (item[0], item[1]))
        if worth > 0:
            parts = ", ".join(f"{what} {points:+d}" for points, what in _laying_parts(state, best))
            return best, f"the lay worth most to the bot ({parts})"
    discards = [move for move in moves if isinstance(move, Discard)]
    if discards:
        return _best_discard(state, discards, rng), \
            "the card least worth keeping that fits no opponent's meld"
    assert state.phase is Phase.PLAY and laying
    return laying[0], "no discard is allowed: the first lay"
