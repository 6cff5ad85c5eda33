"""Judging a Burraco move once: `judge` returns the `Violation` that forbids a move, or the
`Judgement` of a legal one — what it makes (the new meld or the add's resulting meld and its
arrangement, the card drawn, the pozzetto taken, the closing). The transitions
(`parlour.burraco._transitions`) apply a judgement without judging again, and the events read
it (`parlour.burraco._events`).

A move read from the legal moves is legal already: `legal_judgement` turns what the legal set
recorded it makes into its judgement, with no check. `judge` checks, then builds the judgement
through the same `legal_judgement`: there is one account of what a legal move makes.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import (
    Card,
    NotationError,
    Rank,
)
from parlour.burraco._faces import COPIES, DECK, FACE_CARDS, FACE_OF, contains, excess_face, pack
from parlour.burraco._legal import (
    TEAM_OF,
    discard_problem,
    finish_problem,
    meld_rules,
    pickup_problem,
    pile_card_problem,
    team_melds_allow_set,
)
from parlour.burraco._meld_reading import read_addition, read_meld
from parlour.burraco._meld_tables import Addition, MeldRules
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._moves import (
    ADD,
    DEAL,
    DISCARD,
    DRAW,
    DRAW_CARD,
    MELD,
    PICKUP,
    PICKUP_PILE,
    Add,
    Discard,
    Draw,
    Judgement,
    Meld,
    PickUp,
)
from parlour.burraco._state import BurracoState, Phase
from parlour.burraco.rules import DEAL_LAYOUTS, deal_fields
from parlour.engine import (
    Deal,
    Move,
    Violation,
    move_words,
    turn_violation,
)

__all__ = [
    "ADD",
    "DEAL",
    "DISCARD",
    "DRAW_CARD",
    "MELD",
    "PICKUP_PILE",
    "Judgement",
    "judge",
    "legal_judgement",
    "read_add",
]

_PICKUP_JUDGEMENT = Judgement(kind=PICKUP_PILE, move=PICKUP)
_DRAW_JUDGEMENTS = tuple(Judgement(kind=DRAW_CARD, move=DRAW, face=face) for face in range(53))
"""The judgement of a draw, by the face drawn (shared values)."""
_DISCARD_JUDGEMENTS = {
    (face, pozzetto, closes): Judgement(
        kind=DISCARD, move=Discard(FACE_CARDS[face]), face=face, pozzetto=pozzetto, closes=closes
    )
    for face in range(53)
    for pozzetto, closes in ((-1, False), (-1, True), (0, False), (1, False))
}
"""The judgement of a discard, by face, the pozzetto it takes and whether it closes."""
_PLAIN_DISCARDS = {
    judged.move: judged for (_face, pozzetto, closes), judged in _DISCARD_JUDGEMENTS.items()
    if pozzetto < 0 and not closes
}  # fmt: skip
"""The judgement of a discard that leaves cards in the hand, by move."""


def legal_judgement(
    state: BurracoState, move: Move, made: TableMeld | Addition | None
) -> Judgement:
    """The judgement of ``move``, a legal move of ``state`` (not a deal), unchecked: ``made`` is
    the new meld or the addition of a meld or an add (None for any other move), as the legal
    moves recorded it or `judge` found it."""
    if made is None:
        kind = type(move)
        if kind is Draw:
            return _DRAW_JUDGEMENTS[state.stock[state.drawn]]
        if kind is PickUp:
            return _PICKUP_JUDGEMENT
        assert isinstance(move, Discard)
        seat = state.to_act
        if state.hand_sizes[seat] > 1:
            return _PLAIN_DISCARDS[move]
        face = FACE_OF[move.card]
        team = TEAM_OF[state.table.options.players][seat]
        if state.pozzetto_of_team[team] >= 0:
            return _DISCARD_JUDGEMENTS[face, -1, True]
        return _DISCARD_JUDGEMENTS[face, state.pozzetti_taken, False]
    seat = state.to_act
    team_melds = state.melds[TEAM_OF[state.table.options.players][seat]]
    if isinstance(made, Addition):
        assert isinstance(move, Add)
        number = move.number
        result = made.result
        laid_size = len(made.added)
        return Judgement(
            kind=ADD, move=move, number=number, meld=result, addition=made,
            laid=made.added_packed, laid_size=laid_size,
            completes_burraco=result.is_burraco and not team_melds[number - 1].is_burraco,
            pozzetto=_emptied(state, laid_size),
        )  # fmt: skip
    laid_size = len(made.cards)
    return Judgement(
        kind=MELD, move=move, number=len(team_melds) + 1, meld=made, laid=made.packed,
        laid_size=laid_size, completes_burraco=made.is_burraco,
        pozzetto=_emptied(state, laid_size),
    )  # fmt: skip


def _emptied(state: BurracoState, laid_size: int) -> int:
    """The pozzetto a meld or add of ``laid_size`` cards takes directly (it empties the hand of
    the seat to act), else -1."""
    if state.hand_sizes[state.to_act] == laid_size:
        return state.pozzetti_taken
    return -1


def judge(state: BurracoState, move: Move, seat: int | None) -> Judgement | Violation:
    """Why ``move`` (by ``seat``, if given) is illegal, or its `Judgement`: the one judgement
    that `check` and `apply` share."""
    phase = state.phase
    players = state.table.options.players
    if type(move) is Deal and seat is None and phase is Phase.DEAL_DUE and (
        DEAL_LAYOUTS[players].read(move) is not None
    ):
        return Judgement(kind=DEAL, move=move)  # the whole deck in the layout's zones
    violation = turn_violation(
        move, seat, over=phase is Phase.OVER, deal_due=phase is Phase.DEAL_DUE,
        to_act=state.to_act, deal_fields=deal_fields(players), deck=DECK,
    )  # fmt: skip
    if violation is not None:
        return violation
    if isinstance(move, Deal):
        return Judgement(kind=DEAL, move=move)
    if isinstance(move, (Draw, PickUp)):
        if phase is Phase.PLAY:
            return Violation("phase.wrong_move", "you have drawn this turn: meld, add, or discard")
        if isinstance(move, PickUp):
            problem = pickup_problem(state)
            if problem is not None:
                return problem
        return legal_judgement(state, move, None)
    if not isinstance(move, (Meld, Add, Discard)):
        return Violation("phase.wrong_move", f"{move_words(move)} is not a Burraco move")
    if phase is Phase.DRAW:
        return Violation(
            "burraco.draw_first",
            "draw from the stock or take the discard pile before you meld, add or discard",
        )
    made: TableMeld | Addition | Violation | None
    if isinstance(move, Discard):
        made = _check_discard(state, move)
    elif isinstance(move, Meld):
        made = _check_meld(state, move)
    else:
        made = _check_add(state, move)
    if isinstance(made, Violation):
        return made
    return legal_judgement(state, move, made)


def _not_held(state: BurracoState, cards: Sequence[Card]) -> Violation | None:
    """``card.not_held`` unless the seat to act holds every one of ``cards`` (with repeats)."""
    if not isinstance(cards, tuple) or not cards:
        return Violation("card.not_held", "a meld, an add or a discard names at least one card")
    for card in cards:
        if not isinstance(card, Card) or card not in FACE_OF:
            return Violation("card.not_held", f"{card!r} is not a card of the Burraco deck")
    faces = [FACE_OF[card] for card in cards]
    excess = excess_face(faces)
    if excess >= 0:
        card = FACE_CARDS[excess]
        return Violation(
            "card.not_held",
            f"you do not hold {cards.count(card)} × {card.symbol} (the deck has "
            f"{COPIES[excess]})",
        )
    hand = state.hands[state.to_act]
    if contains(hand, pack(faces)):
        return None
    missing = [card for card in dict.fromkeys(cards) if cards.count(card) > _held(hand, card)]
    card = missing[0]
    times = cards.count(card)
    said = card.symbol if times == 1 else f"{times} × {card.symbol}"
    return Violation("card.not_held", f"you do not hold {said}")


def _held(hand: int, card: Card) -> int:
    return hand >> (3 * FACE_OF[card]) & 7


def _check_discard(state: BurracoState, move: Discard) -> Violation | None:
    problem = _not_held(state, (move.card,))
    if problem is not None:
        return problem
    return discard_problem(state, FACE_OF[move.card])


def _check_meld(state: BurracoState, move: Meld) -> Violation | TableMeld:
    """Why ``move`` may not be laid down, or the meld it lays down."""
    cards = move.cards
    problem = _not_held(state, cards)
    if problem is not None:
        return problem
    options = state.table.options
    meld = read_meld(cards, meld_rules(options))
    if isinstance(meld, Violation):
        return meld
    problem = pile_card_problem(state, meld.packed)
    if problem is not None:
        return problem
    seat = state.to_act
    team_melds = state.melds[TEAM_OF[options.players][seat]]
    if not team_melds_allow_set(options, team_melds, meld):
        return Violation(
            "burraco.duplicate_set",
            f"your team already has a set of {_plural(meld.rank)}: add to it instead",
        )
    problem = finish_problem(
        state, state.hands[seat] - meld.packed, state.hand_sizes[seat] - len(cards),
        (*team_melds, meld),
    )  # fmt: skip
    return meld if problem is None else problem


_RANK_PLURALS = {Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces"}


def _plural(rank: Rank | None) -> str:
    """A rank's name in the plural, for messages: ``9s``, ``kings``, ``aces``."""
    assert rank is not None
    return _RANK_PLURALS.get(rank, f"{rank.text}s")


def _check_add(state: BurracoState, move: Add) -> Addition | Violation:
    """The addition ``move`` makes, or why it cannot be made."""
    seat = state.to_act
    options = state.table.options
    team_melds = state.melds[TEAM_OF[options.players][seat]]
    if type(move.number) is not int or not 1 <= move.number <= len(team_melds):
        has = f"it has {len(team_melds)}" if team_melds else "it has none yet"
        return Violation(
            "burraco.no_such_meld", f"your team has no meld number {move.number} ({has})"
        )
    problem = _not_held(state, move.cards)
    if problem is not None:
        return problem
    if move.arrangement is not None and not (
        isinstance(move.arrangement, tuple)
        and all(isinstance(card, Card) and card in FACE_OF for card in move.arrangement)
    ):
        return Violation(
            "burraco.bad_arrangement",
            f"the meld as it will stand (after '=') must be Burraco cards: {move.arrangement!r}",
        )
    index = move.number - 1
    try:
        resolved = read_add(team_melds[index], move, meld_rules(options))
    except NotationError as error:
        return Violation("burraco.place_needed", str(error))
    if isinstance(resolved, Violation):
        return resolved
    problem = pile_card_problem(state, resolved.added_packed)
    if problem is not None:
        return problem
    changed = (*team_melds[:index], resolved.result, *team_melds[index + 1 :])
    violation = finish_problem(
        state, state.hands[seat] - resolved.added_packed,
        state.hand_sizes[seat] - len(resolved.added), changed,
    )  # fmt: skip
    return resolved if violation is None else violation


_READ: dict[tuple[TableMeld, Add, MeldRules], Addition | Violation] = {}
"""The adds read last (`read_add`), by the meld, the move and the rules; bounded by
`_READ_LIMIT` (cleared when full), written only in `read_add`."""
_READ_LIMIT = 64


def read_add(meld: TableMeld, move: Add, rules: MeldRules) -> Addition | Violation:
    """The addition the ``add`` ``move`` makes onto ``meld`` (whoever holds the cards), or why
    the cards cannot be added; `NotationError` when the cards leave a choice of arrangement and
    the move does not say which. Read once by the meld engine: the notation reads an ``add``
    through it to write the move in canonical form, and the reading is kept for the judgement
    of that canonical move."""
    key = (meld, move, rules)
    found = _READ.get(key)
    if found is None:
        tokens = [card.text for card in move.cards]
        if move.arrangement is not None:
            tokens += ["=", *(card.text for card in move.arrangement)]
        found = read_addition(meld, tokens, rules, number=move.number)
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[key] = found
        if isinstance(found, Addition):
            canonical = Add(
                move.number, found.added, found.result.cards if found.ambiguous else None
            )
            _READ[meld, canonical, rules] = found
    return found
