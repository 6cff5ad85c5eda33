"""The rules of a Burraco turn: what may be drawn, laid down, added and discarded, and the legal
moves that follow from them (computed once per state, see `BurracoState.legal`).

One source of truth for `check` and `legal_moves`: each ``*_problem`` function returns the
`Violation` that forbids a step, or ``None``. A meld or an add is legal only if the player can
still end the turn afterwards (Settled points 6–7): with an empty hand it takes its pozzetto
directly (if the team has not had one); otherwise it must hold a card it may discard.

Legal moves come in this order: in the draw phase ``draw`` then ``pickup``; in the play phase
every ``meld`` in the meld engine's order (`parlour.burraco._meld_listing.new_melds`), then every
``add`` by meld number (each meld's additions in the engine's order), then every ``discard`` by
face (suits S H D C, ranks 2 up to A, the joker last).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from parlour.base import (
    partnership_teams,
    team_of_seat,
)
from parlour.burraco._counts import (
    addition_blocks,
    distinct_faces_count,
    distinct_wilds,
    new_sequence_blocks,
    new_set_block,
)
from parlour.burraco._faces import (
    FACE_CARDS,
    FACE_OF,
    count,
    distinct_faces,
    faces_of,
    is_wild_face,
    nth_distinct_face,
    pack,
    shares_a_face,
)
from parlour.burraco._meld_adding import (
    additions,
    sequence_addition_at,
    sequence_addition_shapes,
    set_addition_at,
)
from parlour.burraco._meld_listing import new_sequence_at, new_sequences_of_suit, new_sets_of_rank
from parlour.burraco._meld_shapes import rank_key, set_rank_mask
from parlour.burraco._meld_tables import SUIT_MASKS, WILD_FIELDS, Addition, MeldKind, MeldRules
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import DRAW, PICKUP, Add, Discard, Meld
from parlour.burraco._options import Options
from parlour.burraco._state import BurracoState, Phase, Turn
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
    "legal_moves",
    "legal_moves_of",
    "listed_moves",
    "meld_rules",
    "pickup_problem",
    "pile_card_problem",
    "team_melds_allow_set",
]

_SET = MeldKind.SET
DISCARDS = tuple(Discard(card) for card in FACE_CARDS)
"""The discard move of each face (shared values)."""
TEAMS = {players: partnership_teams(players) for players in (4, 2)}
"""The teams by number of players: partners opposite with four, each alone with two."""
TEAM_OF = {players: team_of_seat(teams) for players, teams in TEAMS.items()}
"""Each seat's team, by number of players."""


@functools.cache
def _compiled_rules(options: Options) -> MeldRules:
    return MeldRules(
        ace_to_ace_run=options.ace_to_ace_run, wild_rearrangement=options.wild_rearrangement
    )


_RULES_BY_RECORD: dict[int, tuple[Options, MeldRules]] = {}
"""The rules of the options records seen last, by identity (an options record's hash walks
all its fields; a match keeps one record)."""
_MEMO_LIMIT = 64


def meld_rules(options: Options) -> MeldRules:
    """The meld engine's rules for a match's options (compiled once per options record)."""
    seen = _RULES_BY_RECORD.get(id(options))
    if seen is not None and seen[0] is options:
        return seen[1]
    rules = _compiled_rules(options)
    if len(_RULES_BY_RECORD) >= _MEMO_LIMIT:
        _RULES_BY_RECORD.clear()
    _RULES_BY_RECORD[id(options)] = (options, rules)
    return rules


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


def pile_card_problem(state: BurracoState, laid: int) -> Violation | None:
    """Why a meld or an add of the packed cards ``laid`` may not be made now: under
    ``must_meld_after_taking_pile`` the first meld or add after taking the pile uses one of its
    cards (rules §4.12: one "is melded at once")."""
    pending = state.turn.pile_to_meld
    if pending and not shares_a_face(pending, laid):
        return Violation(
            "burraco.must_meld_pile_card",
            "you took the discard pile: your first meld or add must use one of its cards",
        )
    return None


def team_melds_allow_set(options: Options, melds: Sequence[TableMeld], meld: TableMeld) -> bool:
    """Whether a team with ``melds`` may lay down the new ``meld`` (a second set of a rank it
    already has only with ``allow_duplicate_set_rank``)."""
    if meld.kind is not MeldKind.SET or options.allow_duplicate_set_rank:
        return True
    return not any(other.kind is MeldKind.SET and other.rank == meld.rank for other in melds)


@functools.lru_cache(maxsize=8192)
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
        turn=Turn(took_pile=True, single_card_pile=single, no_discard_face=forbidden),
        stalled=state.stalled,
    )  # fmt: skip
    after_pickup = legal_moves_of(probe)
    if isinstance(after_pickup, LegalMoves) and after_pickup.lays_cards:
        if not options.must_meld_after_taking_pile:
            return None
        taken = pack(pile)
        for move in after_pickup:
            if isinstance(move, (Meld, Add)) and shares_a_face(
                taken, pack(FACE_OF[card] for card in move.cards)
            ):
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


Block = tuple[int, int, Any, Any, Any, Any]
"""One block of a `LegalMoves`: ``(number, kind, a, b, c, d)``. Its records are new melds when
``number`` is 0, the additions onto the team's meld ``number`` when it is positive, `Discard`
moves when it is -1; ``BUILD[kind](a, b, c, d)`` builds them all and ``PICK[kind](a, b, c, d,
i)`` only the ``i``-th."""

NEW_MELDS = 0
DISCARDS_BLOCK = -1

GIVEN, SETS, SEQUENCES, SET_ADDITIONS, SEQUENCE_ADDITIONS, DISCARDS_HELD = range(6)
"""The kinds of block: records already built (``a``, a block that had to be filtered); the new
sets of a rank (rank, key, wild cards); the new sequences of a suit (pool, suit, longest
sequence); the adds onto a set, onto a sequence (meld, hand, rules);
the discards of a hand's faces (hand)."""


def _given(records: Sequence[Any], _b: object, _c: object, _d: object) -> Sequence[Any]:
    return records


def _sets(rank: int, key: int, wild_part: int, _d: object) -> Sequence[TableMeld]:
    return new_sets_of_rank(rank, key, wild_part)


def _sequences(pool: int, suit: int, max_length: int, _d: object) -> Sequence[TableMeld]:
    return new_sequences_of_suit(pool, suit, max_length)


def _additions(meld: TableMeld, hand: int, rules: MeldRules, _d: object) -> Sequence[Addition]:
    return additions(meld, hand, rules)


def _discards(hand: int, _b: object, _c: object, _d: object) -> list[Discard]:
    """The discard of each distinct face of the packed ``hand``, by face."""
    discards = DISCARDS
    return [discards[face] for face in distinct_faces(hand)]


def _pick_built(
    build: Callable[[Any, Any, Any, Any], Sequence[Any]],
) -> Callable[[Any, Any, Any, Any, int], Any]:
    """A picker that builds the whole block and reads one record."""

    def pick(a: Any, b: Any, c: Any, d: Any, index: int) -> Any:
        return build(a, b, c, d)[index]

    return pick


def _pick_discard(hand: int, _b: object, _c: object, _d: object, index: int) -> Discard:
    return DISCARDS[nth_distinct_face(hand, index)]


def _pick_set_addition(
    meld: TableMeld, hand: int, _rules: MeldRules, _d: object, index: int
) -> Addition:
    return set_addition_at(meld, hand, index)


def _pick_sequence(pool: int, suit: int, max_length: int, _d: object, index: int) -> TableMeld:
    return new_sequence_at(pool, suit, max_length, index)


def _pick_sequence_addition(
    meld: TableMeld, hand: int, rules: MeldRules, _d: object, index: int
) -> Addition:
    assert meld.suit is not None
    pool = hand & (SUIT_MASKS[meld.suit] | WILD_FIELDS)
    return sequence_addition_at(meld, sequence_addition_shapes(meld, pool, rules), index)


BUILD: tuple[Callable[[Any, Any, Any, Any], Sequence[Any]], ...] = (
    _given, _sets, _sequences, _additions, _additions, _discards,
)  # fmt: skip
"""How each kind of block builds its records."""
PICK: tuple[Callable[[Any, Any, Any, Any, int], Any], ...] = (
    _pick_built(_given), _pick_built(_sets), _pick_sequence, _pick_set_addition,
    _pick_sequence_addition, _pick_discard,
)  # fmt: skip
"""How each kind of block builds its ``i``-th record alone (or reads it from all of them)."""


class LegalMoves(Sequence[Move]):
    """The legal moves of a state in the play phase, as an immutable lazy sequence: the melds,
    then the adds meld by meld, then the discards. Its length is known at once from each block's
    count (`parlour.burraco._counts`); a block is built only when one of its moves is read, and a
    move object only when it is read (the meld engine's results are shared, cached records).

    It compares equal to any sequence of the same moves in the same order, and answers ``in``
    and `made_by` building only the blocks that could hold the move.
    """

    __slots__ = ("_blocks", "_ends", "_lays_cards", "_length")

    def __init__(
        self, blocks: tuple[Block, ...], ends: tuple[int, ...], lays_cards: bool
    ) -> None:
        """``blocks`` in order, ``ends[i]`` the index just after block ``i``'s last move (no
        block is empty); ``lays_cards`` whether any block is of melds or adds. Nothing is
        written after this: the object is immutable, and safe to share between threads."""
        self._blocks = blocks
        self._ends = ends
        self._length = ends[-1] if ends else 0
        self._lays_cards = lays_cards

    def __len__(self) -> int:
        return self._length

    @property
    def lays_cards(self) -> bool:
        """Whether any of these moves is a meld or an add."""
        return self._lays_cards

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
        ends = self._ends
        at = bisect.bisect_right(ends, index)
        number, kind, a, b, c, d = self._blocks[at]
        record = PICK[kind](a, b, c, d, index - ends[at - 1] if at else index)
        move: Move
        if number < 0:
            move, made = record, None
        elif number == 0:
            move, made = _meld_move(record), record
        else:
            move, made = _add_move(number, record), record
        key = (id(self), id(move))
        if key not in _MADE_BY_PICKED:
            if len(_MADE_BY_PICKED) >= _PICKED_LIMIT:
                _MADE_BY_PICKED.clear()
            _MADE_BY_PICKED[key] = (self, move, made)
        return move

    def __iter__(self) -> Iterator[Move]:
        for number, kind, a, b, c, d in self._blocks:
            records = BUILD[kind](a, b, c, d)
            if number < 0:
                yield from records
            elif number == 0:
                for meld in records:
                    yield _meld_move(meld)
            else:
                for addition in records:
                    yield _add_move(number, addition)

    def __contains__(self, move: object) -> bool:
        try:
            self.made_by(move)
        except KeyError:
            return False
        return True

    def picked(self, move: object) -> Picked | None:
        """``(self, move, made)`` if ``move`` is the very move object just read from this set by
        index, ``made`` what it makes (the new meld, the addition, None for a discard); else
        None. A look-up that builds nothing, for `apply` to take a move known legal."""
        picked = _MADE_BY_PICKED.get((id(self), id(move)))
        if picked is not None and picked[0] is self and picked[1] is move:
            return picked
        return None

    def made_by(self, move: object) -> TableMeld | Addition | None:
        """The new meld or the addition that the legal ``move`` makes (None for a discard);
        `KeyError` if ``move`` is not one of these moves."""
        picked = self.picked(move)
        if picked is not None:
            return picked[2]
        if isinstance(move, Discard):
            for number, kind, a, b, c, d in self._blocks:
                if number < 0 and move in BUILD[kind](a, b, c, d):
                    return None
        elif isinstance(move, Meld):
            for number, kind, a, b, c, d in self._blocks:
                if number == 0:
                    for meld in BUILD[kind](a, b, c, d):
                        if meld.cards == move.cards:
                            return meld  # type: ignore[no-any-return]
        elif isinstance(move, Add) and type(move.number) is int and move.number > 0:
            for number, kind, a, b, c, d in self._blocks:
                if number == move.number:
                    for addition in BUILD[kind](a, b, c, d):
                        if _add_move(number, addition) == move:
                            return addition  # type: ignore[no-any-return]
        raise KeyError(move)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, list, LegalMoves)):
            return len(other) == self._length and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalMoves({list(self)!r})"


Picked = tuple["LegalMoves", Move, TableMeld | Addition | None]
"""A legal set, a move read from it by index, and what that move makes."""

_MADE_BY_PICKED: dict[tuple[int, int], Picked] = {}
"""What each move read by index from a `LegalMoves` makes (the new meld, the addition, or None
for a discard), keyed by the identities of the legal set and the move object and holding both
(so neither identity is reused while its entry lives). An entry is written once, from the
block that built the move, and is the same whoever writes it; `LegalMoves.made_by` reads it so
that applying a move just read costs no search."""
_PICKED_LIMIT = 64
"""Small on purpose: an entry serves the `apply` that follows a read, and every entry keeps a
legal set (and what its blocks hold) alive, which a larger cache makes the collector walk."""

_LEGAL_BY_STATE: dict[int, tuple[BurracoState, Sequence[Move]]] = {}
"""The legal moves of the states seen last, keyed by the identity of the (immutable) state
and holding it; bounded by `_LEGAL_LIMIT` (cleared when full)."""
_LEGAL_LIMIT = 64
"""Small for the same reason as `_PICKED_LIMIT`: each entry keeps a state alive."""


def legal_moves(state: BurracoState) -> Sequence[Move]:
    """Every legal move of ``state`` in the documented order, computed once per state object
    (kept in a bounded cache, written in this one place)."""
    seen = _LEGAL_BY_STATE.get(id(state))
    if seen is not None and seen[0] is state:
        return seen[1]
    found = legal_moves_of(state)
    if len(_LEGAL_BY_STATE) >= _LEGAL_LIMIT:
        _LEGAL_BY_STATE.clear()
    _LEGAL_BY_STATE[id(state)] = (state, found)
    return found


def listed_moves(state: BurracoState) -> Sequence[Move] | None:
    """The legal moves of ``state`` if they were already listed, else ``None``."""
    seen = _LEGAL_BY_STATE.get(id(state))
    return seen[1] if seen is not None and seen[0] is state else None


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
    return _play_moves(state)


def _play_moves(state: BurracoState) -> LegalMoves:
    """The legal moves of the play phase, block by block: each block is counted here and built
    only when read, except a block that must be filtered (a meld or an add that could leave the
    seat unable to end its turn, a discard that a rule forbids), which is built at once."""
    options = state.table.options
    rules = meld_rules(options)
    seat = state.to_act
    team = TEAM_OF[options.players][seat]
    hand = state.hands[seat]
    hand_size = state.hand_sizes[seat]
    team_melds = state.melds[team]
    short = _short(state, team, hand_size)
    wild_part = hand & WILD_FIELDS
    wilds = distinct_wilds(wild_part)
    blocks: list[Block] = []
    ends: list[int] = []
    total = 0
    ranks = set_rank_mask(hand)
    if ranks and team_melds and not options.allow_duplicate_set_rank:
        ranks &= ~_set_rank_bits(team_melds)
    while ranks:
        lowest = ranks & -ranks
        ranks ^= lowest
        rank = lowest.bit_length() + 1
        key = rank_key(hand, rank)
        count, most = new_set_block(key, wilds)
        block: Block = (NEW_MELDS, SETS, rank, key, wild_part, None)
        if most >= short:
            block, count = _finishable_melds(state, block, short, team_melds)
        if count:
            total += count
            blocks.append(block)
            ends.append(total)
    max_length = rules.max_sequence_length
    for suit, (count, most) in enumerate(new_sequence_blocks(hand, wilds, max_length)):
        if count:
            block = (NEW_MELDS, SEQUENCES, hand & SUIT_MASKS[suit] | wild_part, suit, max_length,
                     None)  # fmt: skip
            if most >= short:
                block, count = _finishable_melds(state, block, short, team_melds)
            if count:
                total += count
                blocks.append(block)
                ends.append(total)
    adds = addition_blocks(team_melds, hand, wild_part, wilds, rules)
    for index, (count, most) in enumerate(adds):
        if count:
            meld = team_melds[index]
            kind = SET_ADDITIONS if meld.kind is _SET else SEQUENCE_ADDITIONS
            block = (index + 1, kind, meld, hand, rules, None)
            if most >= short:
                block, count = _finishable_additions(state, block, short, team_melds)
            if count:
                total += count
                blocks.append(block)
                ends.append(total)
    turn = state.turn
    if turn.pile_to_meld:
        blocks, ends, total = _using_the_pile(blocks, turn.pile_to_meld)
    lays_cards = total > 0
    if (
        hand_size > 1
        and turn.no_discard_face < 0
        and not (turn.took_pile and options.must_meld_after_taking_pile)
    ):
        total += distinct_faces_count(hand)
        blocks.append((DISCARDS_BLOCK, DISCARDS_HELD, hand, None, None, None))
        ends.append(total)
    else:
        allowed = [
            DISCARDS[face] for face in distinct_faces(hand) if discard_problem(state, face) is None
        ]
        if allowed:
            total += len(allowed)
            blocks.append((DISCARDS_BLOCK, GIVEN, allowed, None, None, None))
            ends.append(total)
    return LegalMoves(tuple(blocks), tuple(ends), lays_cards)


def _using_the_pile(blocks: list[Block], pile: int) -> tuple[list[Block], list[int], int]:
    """The meld and add blocks kept to the melds and adds that use a face of ``pile``."""
    kept: list[Block] = []
    ends: list[int] = []
    total = 0
    for number, kind, a, b, c, d in blocks:
        records = [
            record for record in BUILD[kind](a, b, c, d)
            if shares_a_face(pile, record.packed if number == 0 else record.added_packed)
        ]  # fmt: skip
        if records:
            total += len(records)
            kept.append((number, GIVEN, records, None, None, None))
            ends.append(total)
    return kept, ends, total


_NEVER = 1 << 30
"""More cards than any meld or add lays."""


def _short(state: BurracoState, team: int, hand_size: int) -> int:
    """The fewest cards a meld or an add must lay for `finish_problem` to be able to refuse it:
    one that leaves two cards or fewer when a face may not be discarded (both copies may be
    left), one that leaves one card or none when the team has its pozzetto (it cannot meld out,
    nor close on a card it may not close with), otherwise none."""
    if state.turn.no_discard_face >= 0:
        return hand_size - 2
    if state.pozzetto_of_team[team] >= 0:
        return hand_size - 1
    return _NEVER


_SET_RANKS_BY_MELDS: dict[int, tuple[Sequence[TableMeld], int]] = {}
"""`_set_rank_bits` of the teams' melds seen last, by identity (a team's melds are one tuple
from state to state until it melds or adds)."""


def _set_rank_bits(melds: Sequence[TableMeld]) -> int:
    """The ranks of the sets among ``melds``, as a mask with bit ``rank - 2``."""
    seen = _SET_RANKS_BY_MELDS.get(id(melds))
    if seen is not None and seen[0] is melds:
        return seen[1]
    bits = 0
    for meld in melds:
        if meld.kind is _SET and meld.rank:
            bits |= 1 << (meld.rank - 2)
    if len(_SET_RANKS_BY_MELDS) >= _MEMO_LIMIT:
        _SET_RANKS_BY_MELDS.clear()
    _SET_RANKS_BY_MELDS[id(melds)] = (melds, bits)
    return bits


def _finishable_melds(
    state: BurracoState, block: Block, short: int, team_melds: Sequence[TableMeld]
) -> tuple[Block, int]:
    """A block of new melds without those that would leave the seat unable to end its turn,
    and its count."""
    number, kind, a, b, c, d = block
    kept = [
        meld
        for meld in BUILD[kind](a, b, c, d)
        if len(meld.cards) < short or not _unfinishable(state, meld, team_melds)
    ]
    return (number, GIVEN, kept, None, None, None), len(kept)


def _finishable_additions(
    state: BurracoState, block: Block, short: int, team_melds: Sequence[TableMeld]
) -> tuple[Block, int]:
    """A block of adds onto the team's meld ``block[0]`` without those that would leave the
    seat unable to end its turn, and its count."""
    number, kind, a, b, c, d = block
    seat = state.to_act
    hand = state.hands[seat]
    hand_size = state.hand_sizes[seat]
    index = number - 1
    kept = [
        addition
        for addition in BUILD[kind](a, b, c, d)
        if len(addition.added) < short or finish_problem(
            state, hand - addition.added_packed, hand_size - len(addition.added),
            (*team_melds[:index], addition.result, *team_melds[index + 1 :]),
        ) is None
    ]  # fmt: skip
    return (number, GIVEN, kept, None, None, None), len(kept)
