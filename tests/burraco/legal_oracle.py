"""TEST ORACLE: Burraco's legal moves exactly as `parlour.burraco._legal` computed them before the
play-phase legal set was counted and built block by block: a copy of that module at the revision
before the change (``git show 17e46c3:src/parlour/burraco/legal.py``), which builds every move
of every state. tests/burraco/test_legal_equivalence.py compares the library against it; the
library never uses it.
"""
from __future__ import annotations

import bisect
import functools
from collections.abc import Iterator, Sequence
from typing import overload

from parlour.base import (
    Rank,
    partnership_teams,
    team_of_seat,
)
from parlour.burraco import (
    Add,
    BurracoState,
    Discard,
    Meld,
    MeldKind,
    Options,
    Phase,
    Turn,
)
from parlour.burraco._faces import FACE_CARDS, count, distinct_faces, faces_of, is_wild_face, pack
from parlour.burraco._meld_adding import additions
from parlour.burraco._meld_listing import new_melds
from parlour.burraco._meld_tables import (
    Addition,
    MeldRules,
)
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import (
    DRAW,
    PICKUP,
)
from parlour.burraco.rules import CLOSE_REQUIREMENTS
from parlour.engine import (
    Move,
    Violation,
)

__all__ = [
    "TEAMS",
    "TEAM_OF",
    "LegalMoves",
    "closing_problem",
    "discard_problem",
    "finish_problem",
    "legal_moves_of",
    "meld_rules",
    "pickup_problem",
    "team_melds_allow_set",
]

DISCARDS = tuple(Discard(card) for card in FACE_CARDS)
"""The discard move of each face (shared values)."""
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


def _set_ranks(melds: Sequence[TableMeld]) -> tuple[Rank, ...]:
    """The ranks of the sets among ``melds``."""
    return tuple(meld.rank for meld in melds if meld.kind is MeldKind.SET and meld.rank)


@functools.lru_cache(maxsize=8192)
def _shares(pile: int, laid: int) -> bool:
    """Whether the packed ``laid`` holds a face of the packed ``pile`` (face by face)."""
    return any(count(pile, face) and count(laid, face) for face in range(53))


def _meld_move(meld: TableMeld) -> Meld:
    """The `Meld` move that lays down ``meld`` (one shared value per meld)."""
    return Meld(meld.cards)


@functools.lru_cache(maxsize=8192)
def _add_move(number: int, addition: Addition) -> Add:
    """The canonical `Add` move of ``addition`` onto the team's meld ``number``."""
    arrangement = addition.result.cards if addition.ambiguous else None
    return Add(number, addition.added, arrangement)


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
        turn=Turn(took_pile=True, single_card_pile=single, no_discard_face=forbidden,
                  pile_to_meld=pack(pile) if options.must_meld_after_taking_pile else 0),
        stalled=state.stalled,
    )  # fmt: skip
    after_pickup = legal_moves_of(probe)
    if isinstance(after_pickup, LegalMoves) and after_pickup.lays_cards:
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


class LegalMoves(Sequence[Move]):
    """The legal moves of a state in the play phase, as an immutable lazy sequence: the melds,
    then the adds meld by meld, then the discards. Its length is known at once; a move object
    is built only when it is read (the meld engine's results are shared, cached records).

    It compares equal to any sequence of the same moves in the same order, and answers ``in``
    and `made_by` without building every move.
    """

    __slots__ = ("_additions", "_discards", "_length", "_melds", "_starts")

    def __init__(
        self,
        melds: Sequence[TableMeld],
        additions: Sequence[tuple[int, Sequence[Addition]]],
        discards: Sequence[Discard],
    ) -> None:
        self._melds = melds
        self._additions = additions
        self._discards = discards
        starts = [len(melds)]
        for _, block in additions:
            starts.append(starts[-1] + len(block))
        self._starts = starts
        self._length = starts[-1] + len(discards)

    def __len__(self) -> int:
        return self._length

    @property
    def lays_cards(self) -> bool:
        """Whether any of these moves is a meld or an add."""
        return bool(self._melds) or bool(self._additions)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...
    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("legal move index out of range")
        melds = self._melds
        if index < len(melds):
            return _meld_move(melds[index])
        starts = self._starts
        if index >= starts[-1]:
            return self._discards[index - starts[-1]]
        block = bisect.bisect_right(starts, index) - 1
        number, found = self._additions[block]
        return _add_move(number, found[index - starts[block]])

    def __iter__(self) -> Iterator[Move]:
        for meld in self._melds:
            yield _meld_move(meld)
        for number, found in self._additions:
            for addition in found:
                yield _add_move(number, addition)
        yield from self._discards

    def __contains__(self, move: object) -> bool:
        try:
            self.made_by(move)
        except KeyError:
            return False
        return True

    def made_by(self, move: object) -> TableMeld | Addition | None:
        """The new meld or the addition that the legal ``move`` makes (None for a discard);
        `KeyError` if ``move`` is not one of these moves."""
        if isinstance(move, Discard):
            if move in self._discards:
                return None
        elif isinstance(move, Meld):
            for meld in self._melds:
                if meld.cards == move.cards:
                    return meld
        elif isinstance(move, Add) and type(move.number) is int:
            for number, found in self._additions:
                if number == move.number:
                    for addition in found:
                        if _add_move(number, addition) == move:
                            return addition
        raise KeyError(move)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, list, LegalMoves)):
            return len(other) == self._length and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalMoves({list(self)!r})"


def _unfinishable(state: BurracoState, meld: TableMeld, melds: Sequence[TableMeld]) -> bool:
    """Whether laying down ``meld`` would leave the seat to act unable to end its turn."""
    seat = state.to_act
    left = state.hand_sizes[seat] - len(meld.cards)
    return finish_problem(state, state.hands[seat] - meld.packed, left, (*melds, meld)) is not None


def legal_moves_of(state: BurracoState) -> Sequence[Move]:
    """Every legal move of ``state`` in the documented order (none at a deal or the end)."""
    phase = state.phase
    if phase is Phase.DRAW:
        return (DRAW, PICKUP) if pickup_problem(state) is None else (DRAW,)
    if phase is not Phase.PLAY:
        return ()
    options = state.table.options
    rules = meld_rules(options)
    seat = state.to_act
    team = TEAM_OF[options.players][seat]
    hand = state.hands[seat]
    hand_size = state.hand_sizes[seat]
    team_melds = state.melds[team]
    melds: Sequence[TableMeld] = new_melds(hand, rules)
    taken_ranks = () if options.allow_duplicate_set_rank else _set_ranks(team_melds)
    if taken_ranks:
        melds = [meld for meld in melds if meld.rank not in taken_ranks]
    short = hand_size - 2  # a meld or an add of this many cards or more leaves 2 or fewer
    if any(len(meld.cards) >= short for meld in melds):
        melds = [
            meld
            for meld in melds
            if len(meld.cards) < short or not _unfinishable(state, meld, team_melds)
        ]
    blocks: list[tuple[int, Sequence[Addition]]] = []
    for index, meld in enumerate(team_melds):
        found: Sequence[Addition] = additions(meld, hand, rules)
        if any(len(addition.added) >= short for addition in found):
            found = [
                addition
                for addition in found
                if len(addition.added) < short or finish_problem(
                    state, hand - addition.added_packed, hand_size - len(addition.added),
                    (*team_melds[:index], addition.result, *team_melds[index + 1 :]),
                ) is None
            ]  # fmt: skip
        if found:
            blocks.append((index + 1, found))
    pile = state.turn.pile_to_meld  # rules §4.12: the first meld or add uses a pile card
    if pile:
        melds = [meld for meld in melds if _shares(pile, meld.packed)]
        blocks = [
            (number, kept)
            for number, found in blocks
            if (kept := [one for one in found if _shares(pile, one.added_packed)])
        ]
    faces = distinct_faces(hand)
    turn = state.turn
    if not (
        hand_size > 1
        and turn.no_discard_face < 0
        and not (turn.took_pile and options.must_meld_after_taking_pile)
    ):
        faces = [face for face in faces if discard_problem(state, face) is None]
    return LegalMoves(melds, blocks, [DISCARDS[face] for face in faces])
