"""The rules of a Burraco turn: what may be drawn, laid down, added and discarded, and the legal
moves that follow from them (computed once per state, see `BurracoState.legal`).

One source of truth for `check` and `legal_moves`: each ``*_problem`` function returns the
`Violation` that forbids a step, or ``None``. A meld or an add is legal only if the player can
still end the turn afterwards (Settled points 6–7): with an empty hand it takes its pozzetto
directly (if the team has not had one); otherwise it must hold a card it may discard.

Legal moves come in this order: in the draw phase ``draw`` then ``pickup``; in the play phase
every ``meld`` in the meld engine's order (`parlour.burraco._meld_listing.new_melds`), then every
``add`` by meld number (each meld's additions in the engine's order), then every ``discard`` by
face (suits S H D C, ranks 2 up to A, the joker last). The play phase's moves are a lazy
sequence of blocks, counted here and built when read (`parlour.burraco._legal_set.LegalMoves`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

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
    pack,
    shares_a_face,
)
from parlour.burraco._legal_set import (
    BUILD,
    DISCARDS,
    DISCARDS_BLOCK,
    DISCARDS_HELD,
    GIVEN,
    NEW_MELDS,
    SEQUENCE_ADDITIONS,
    SEQUENCES,
    SET_ADDITIONS,
    SETS,
    Block,
    LegalMoves,
)
from parlour.burraco._meld_shapes import rank_key, set_rank_mask
from parlour.burraco._meld_tables import SUIT_MASKS, WILD_FIELDS, MeldKind, MeldRules
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import DRAW, PICKUP, Add, Meld
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
