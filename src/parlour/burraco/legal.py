"""The rules of a Burraco turn: what may be drawn, laid down, added and discarded, and the legal
moves that follow from them (computed once per state, see `BurracoState.legal`).

One source of truth for `check` and `legal_moves`: each ``*_problem`` function returns the
`Violation` that forbids a step, or ``None``. A meld or an add is legal only if the player can
still end the turn afterwards (Settled points 6–7): with an empty hand it takes its pozzetto
directly (if the team has not had one); otherwise it must hold a card it may discard.

Legal moves come in this order: in the draw phase ``draw`` then ``pickup``; in the play phase
every ``meld`` in the meld engine's order (`parlour.burraco.melds.new_melds`), then every
``add`` by meld number (each meld's additions in the engine's order), then every ``discard`` by
face (suits S H D C, ranks 2 up to A, the joker last).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from parlour.burraco.faces import FACE_CARDS, FACE_OF, count, faces_of, is_wild_face, pack
from parlour.burraco.melds import Meld as TableMeld
from parlour.burraco.melds import MeldKind, MeldRules, additions, new_melds
from parlour.burraco.moves import DRAW, PICKUP, Add, Discard, Meld
from parlour.burraco.options import Options
from parlour.burraco.rules import CLOSE_REQUIREMENTS
from parlour.burraco.state import BurracoState, Phase, Turn
from parlour.cards import Card
from parlour.core import Move, Violation
from parlour.seating import partnership_teams, team_of_seat

__all__ = [
    "TEAMS",
    "TEAM_OF",
    "closing_problem",
    "discard_problem",
    "finish_problem",
    "legal_moves_of",
    "meld_rules",
    "pickup_problem",
    "team_melds_allow_set",
]

TEAMS = {players: partnership_teams(players) for players in (4, 2)}
"""The teams by number of players: partners opposite with four, each alone with two."""
TEAM_OF = {players: team_of_seat(teams) for players, teams in TEAMS.items()}
"""Each seat's team, by number of players."""


@functools.cache
def meld_rules(options: Options) -> MeldRules:
    """The meld engine's rules for a match's options (compiled once per options record)."""
    return MeldRules(
        ace_to_ace_run=options.ace_to_ace_run, wild_rearrangement=options.wild_rearrangement
    )


def closing_problem(options: Options, melds: Sequence[TableMeld], face: int) -> Violation | None:
    """Why discarding ``face`` as the last card cannot close, for a team with ``melds``."""
    if is_wild_face(face):
        return Violation(
            "burraco.close_on_wild",
            f"you cannot close by discarding a wild card ({FACE_CARDS[face].symbol})",
        )
    requirement = CLOSE_REQUIREMENTS[options.close_requires]
    if not any(requirement(meld) for meld in melds):
        needed = "a clean burraco" if options.close_requires == "clean_burraco" else "a burraco"
        return Violation(
            "burraco.close_needs_burraco",
            f"you cannot close yet: your team needs {needed} (a meld of 7 or more cards)",
        )
    return None


def finish_problem(
    state: BurracoState, hand: int, hand_size: int, melds: Sequence[TableMeld]
) -> Violation | None:
    """Why the seat to act, left with ``hand`` and its team with ``melds`` after a meld or an
    add, could not end its turn; ``None`` if it can."""
    team = TEAM_OF[state.table.options.players][state.to_act]
    has_pozzetto = state.pozzetto_of_team[team] >= 0
    forbidden = state.turn.no_discard_face
    if hand_size == 0:
        if has_pozzetto:
            return Violation(
                "burraco.keep_a_card",
                "your team has its pozzetto: keep a card to discard, you cannot meld them all",
            )
        return None
    if forbidden >= 0 and count(hand, forbidden) == hand_size:
        return Violation(
            "burraco.no_rediscard",
            f"you would keep only {FACE_CARDS[forbidden].symbol}, which you took as a one-card "
            "pile and may not discard this turn",
        )
    if hand_size == 1 and has_pozzetto:
        (last,) = faces_of(hand)
        return closing_problem(state.table.options, melds, last)
    return None


def discard_problem(state: BurracoState, face: int) -> Violation | None:
    """Why the seat to act may not discard ``face`` (which it holds), or ``None``."""
    turn = state.turn
    options = state.table.options
    if options.must_meld_after_taking_pile and turn.took_pile and not turn.melded:
        return Violation(
            "burraco.must_meld_first",
            "you took the discard pile: meld or add at least once before you discard",
        )
    if face == turn.no_discard_face:
        return Violation(
            "burraco.no_rediscard",
            f"you took {FACE_CARDS[face].symbol} as a one-card pile: you may not discard it "
            "(or its twin) this turn",
        )
    seat = state.to_act
    if state.hand_sizes[seat] == 1:
        team = TEAM_OF[options.players][seat]
        if state.pozzetto_of_team[team] >= 0:
            return closing_problem(options, state.melds[team], face)
    return None


def team_melds_allow_set(options: Options, melds: Sequence[TableMeld], meld: TableMeld) -> bool:
    """Whether a team with ``melds`` may lay down the new ``meld`` (a second set of a rank it
    already has only with ``allow_duplicate_set_rank``)."""
    if meld.kind is not MeldKind.SET or options.allow_duplicate_set_rank:
        return True
    return not any(other.kind is MeldKind.SET and other.rank == meld.rank for other in melds)


def _without(hand: int, cards: Sequence[Card]) -> int:
    """``hand`` less the cards of a meld or an addition (which it holds)."""
    for card in cards:
        hand -= 1 << (3 * FACE_OF[card])
    return hand


def _laying_moves(state: BurracoState, *, first_only: bool) -> list[Move]:
    """The legal melds and adds of the seat to act (only the first found, if ``first_only``)."""
    options = state.table.options
    rules = meld_rules(options)
    seat = state.to_act
    team = TEAM_OF[options.players][seat]
    hand = state.hands[seat]
    hand_size = state.hand_sizes[seat]
    team_melds = state.melds[team]
    moves: list[Move] = []
    for meld in new_melds(hand, rules):
        if not team_melds_allow_set(options, team_melds, meld):
            continue
        left = _without(hand, meld.cards)
        if finish_problem(state, left, hand_size - len(meld.cards), (*team_melds, meld)) is None:
            moves.append(Meld(meld.cards))
            if first_only:
                return moves
    for index, meld in enumerate(team_melds):
        for addition in additions(meld, hand, rules):
            left = _without(hand, addition.added)
            changed = (*team_melds[:index], addition.result, *team_melds[index + 1 :])
            if finish_problem(state, left, hand_size - len(addition.added), changed) is None:
                arrangement = addition.result.cards if addition.ambiguous else None
                moves.append(Add(index + 1, addition.added, arrangement))
                if first_only:
                    return moves
    return moves


def pickup_problem(state: BurracoState) -> Violation | None:
    """Why the seat to act may not take the discard pile, or ``None``: it must be left a way to
    end its turn (Settled point 7), and a meld to make when ``must_meld_after_taking_pile``."""
    options = state.table.options
    seat = state.to_act
    pile = state.discard
    hand = state.hands[seat] + pack(pile)
    hand_size = state.hand_sizes[seat] + len(pile)
    single = len(pile) == 1
    forbidden = pile[0] if single and options.single_card_pile_no_rediscard else -1
    discard_possible = forbidden < 0 or count(hand, forbidden) < hand_size
    if discard_possible and not options.must_meld_after_taking_pile:
        return None
    probe = BurracoState(
        table=state.table, phase=Phase.PLAY, to_act=seat,
        hands=(*state.hands[:seat], hand, *state.hands[seat + 1 :]),
        hand_sizes=(*state.hand_sizes[:seat], hand_size, *state.hand_sizes[seat + 1 :]),
        melds=state.melds, discard=(), stock=state.stock, drawn=state.drawn,
        pozzetti=state.pozzetti, pozzetto_of_team=state.pozzetto_of_team, unseen=state.unseen,
        turn=Turn(took_pile=True, single_card_pile=single, no_discard_face=forbidden),
        stalled=state.stalled,
    )  # fmt: skip
    if _laying_moves(probe, first_only=True):
        return None
    if options.must_meld_after_taking_pile:
        return Violation(
            "burraco.pickup_needs_meld",
            "you may take the discard pile only if you can then meld or add",
        )
    return Violation(
        "burraco.pickup_dead_end",
        "taking this one-card pile would leave you no card you may discard",
    )


def legal_moves_of(state: BurracoState) -> tuple[Move, ...]:
    """Every legal move of ``state`` in the documented order (empty at a deal or the end)."""
    phase = state.phase
    if phase is Phase.DRAW:
        if pickup_problem(state) is None:
            return (DRAW, PICKUP)
        return (DRAW,)
    if phase is not Phase.PLAY:
        return ()
    moves = _laying_moves(state, first_only=False)
    hand = state.hands[state.to_act]
    last = -1
    for face in faces_of(hand):
        if face != last:
            last = face
            if discard_problem(state, face) is None:
                moves.append(Discard(FACE_CARDS[face]))
    return tuple(moves)

