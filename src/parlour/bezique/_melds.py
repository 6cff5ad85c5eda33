"""Melds, sevens and copies: which scoring melds a trick winner may declare, which physical
cards a move uses, and why a declaration is refused.

**Copies.** Moves name faces (``QS``); the deck holds two copies of each. Where the choice of
copy changes what happens next, the engine resolves it by these rules, chosen to keep as many
later melds open as it can (a card in the hand can do whatever a melded copy of it can, and
more; a melded copy is *more used* than another when its history bars it from more kinds of
meld in the table):

* a **meld** uses the assignment of copies that takes the **fewest cards from the hand**
  (at least one, by the new-card rule); within each face, the more used melded copy is taken
  first, then the lower copy number; when one hand card must replace a melded one, the
  replacement is made in the first face of the meld in canonical order;
* a **play** takes a copy from the table before one from the hand (the hand keeps its fresh
  card), then the more used copy, then a seven of trumps that scores by being played, then a
  copy the opponent knows of, then the lower copy number;
* an **exchange** gives up a seven of trumps that scores by the exchange if it holds one,
  otherwise one that has already scored (keeping a fresh one to show or play);
* a **show** shows a seven of trumps that has not scored yet.

`legal_moves` lists one move per text: each meld once, named by its cards in canonical order.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator

from parlour.base import (
    PIQUET_DECK,
    Card,
    Rank,
    Suit,
)
from parlour.bezique._moves import (
    EXCHANGE,
    SHOW,
    Exchange,
    Meld,
    Show,
)
from parlour.bezique._state import (
    BeziqueState,
    Phase,
)
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    FACES,
    MELD_TABLE,
    QUARTET_FACES,
    QUARTET_KINDS,
    SEVENS_OF,
    USES,
    MeldKind,
    copies_of,
    face_index,
    fixed_melds,
)
from parlour.engine import Violation

__all__ = [
    "available_melds",
    "barred_kinds",
    "can_exchange",
    "can_show",
    "exchange_seven",
    "forbidden_mask",
    "identify_meld",
    "meld_assignment",
    "meld_violation",
    "play_copy",
    "seven_moves",
    "seven_violation",
    "show_seven",
]

_USE_INDEX = {use: index for index, use in enumerate(USES)}
_FORBIDDEN_INDEXES = {
    kind.name: tuple(_USE_INDEX[use] for use in USES if use & kind.forbidden) for kind in MELD_TABLE
}
_QUARTET_BY_RANK = {kind.quartet_rank: kind for kind in QUARTET_KINDS}
_MELD_CACHE: dict[tuple[int, ...], Meld] = {}


def forbidden_mask(state: BeziqueState, kind: MeldKind) -> int:
    """The cards barred from ``kind`` by their history: they scored in its class at its level or
    above."""
    uses = state.uses
    mask = 0
    for index in _FORBIDDEN_INDEXES[kind.name]:
        mask |= uses[index]
    return mask


def _sources(state: BeziqueState, seat: int, kind: MeldKind) -> tuple[int, int]:
    """The hand cards and table cards ``seat`` may use in ``kind`` now."""
    barred = forbidden_mask(state, kind)
    hand = state.hands[seat] & ~barred
    if state.exchanged >= 0:
        hand &= ~(1 << state.exchanged)
    return hand, state.tables[seat] & ~barred


def _meld_move(faces: tuple[int, ...]) -> Meld:
    key = tuple(sorted(faces))
    move = _MELD_CACHE.get(key)
    if move is None:
        move = Meld(tuple(PIQUET_DECK[face] for face in key))
        _MELD_CACHE[key] = move
    return move


def _quartet_choices(counts: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way of taking ``total`` cards with at most ``counts[s]`` of suit ``s``."""
    if len(counts) == 1:
        if total <= counts[0]:
            yield (total,)
        return
    for first in range(min(counts[0], total), -1, -1):
        for rest in _quartet_choices(counts[1:], total - first):
            yield (first, *rest)


def available_melds(state: BeziqueState, seat: int) -> list[Meld]:
    """Every scoring meld ``seat`` may declare now, in the meld table's order (common marriages
    by suit; quartets with more cards of the earlier suits first)."""
    moves: list[Meld] = []
    hands = state.hands[seat]
    tables = state.tables[seat]
    held = hands | tables
    held_faces = (held | held >> FACES) & _FACE_MASK
    uses = state.uses
    fresh = hands if state.exchanged < 0 else hands & ~(1 << state.exchanged)
    table = state.table
    for forbidden, faces, doubled, move in _fixed_plans(table.trump, table.options.bezique_cards):
        if held_faces & faces != faces:
            continue
        barred = 0
        for index in forbidden:
            barred |= uses[index]
        hand = fresh & ~barred
        usable = hand | (tables & ~barred)
        if (usable | usable >> FACES) & faces != faces or not (hand | hand >> FACES) & faces:
            continue
        if doubled and any((usable & copies).bit_count() < 2 for copies in doubled):
            continue
        moves.append(move)
    for kind, forbidden, rank_copies, face_copies in _QUARTET_PLANS:
        if (held & rank_copies).bit_count() < 4:
            continue
        barred = 0
        for index in forbidden:
            barred |= uses[index]
        hand = fresh & ~barred
        usable = hand | (tables & ~barred)
        if (usable & rank_copies).bit_count() < 4:
            continue
        counts = tuple((usable & copies).bit_count() for copies in face_copies)
        in_hand = tuple(bool(hand & copies) for copies in face_copies)
        moves.extend(_quartet_moves(kind, counts, in_hand))
    return moves


_FACE_MASK = (1 << FACES) - 1


@functools.cache
def _fixed_plans(
    trump: int, bezique_cards: str
) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...], Meld], ...]:
    """The fixed-card melds under ``trump``, compiled for the search: per meld, the use-mask
    indexes that bar a card from it, the mask of its faces, both copies of each face it needs
    twice, and its move."""
    plans = []
    for kind, faces in fixed_melds(trump, BEZIQUE_PAIRS[bezique_cards][trump]):
        face_mask = 0
        for face in faces:
            face_mask |= 1 << face
        doubled = tuple(copies_of(face) for face in sorted(set(faces)) if faces.count(face) > 1)
        plans.append((_FORBIDDEN_INDEXES[kind.name], face_mask, doubled, _meld_move(faces)))
    return tuple(plans)


def _quartet_plan(kind: MeldKind) -> tuple[MeldKind, tuple[int, ...], int, tuple[int, ...]]:
    assert kind.quartet_rank is not None
    face_copies = tuple(copies_of(face) for face in QUARTET_FACES[kind.quartet_rank])
    rank_copies = 0
    for copies in face_copies:
        rank_copies |= copies
    return kind, _FORBIDDEN_INDEXES[kind.name], rank_copies, face_copies


_QUARTET_PLANS = tuple(_quartet_plan(kind) for kind in QUARTET_KINDS)
"""Per quartet kind: the use-mask indexes that bar a card from it, every copy of its rank, and
both copies of its face in each suit (suit order)."""


@functools.cache
def _quartet_moves(
    kind: MeldKind, counts: tuple[int, ...], in_hand: tuple[bool, ...]
) -> tuple[Meld, ...]:
    """The quartets of ``kind`` that ``counts`` usable copies per suit allow, each taking at
    least one card of a suit with a fresh hand card (``in_hand``), more of the earlier suits
    first."""
    assert kind.quartet_rank is not None
    suit_faces = QUARTET_FACES[kind.quartet_rank]
    moves = []
    for choice in _quartet_choices(list(counts), 4):
        if any(taken and fresh for taken, fresh in zip(choice, in_hand, strict=True)):
            faces = tuple(face for face, n in zip(suit_faces, choice, strict=True)
                          for _ in range(n))  # fmt: skip
            moves.append(_meld_move(faces))
    return tuple(moves)


def identify_meld(state: BeziqueState, cards: tuple[Card, ...]) -> MeldKind | None:
    """The meld kind the named cards form under this deal's trump, or ``None``."""
    faces = sorted(face_index(card) for card in cards if card in _FACE_OF)
    if len(faces) != len(cards):
        return None
    for kind, meld_faces in state.table.melds:
        if sorted(meld_faces) == faces:
            return kind
    ranks = {card.rank for card in cards}
    if len(cards) == 4 and len(ranks) == 1:
        return _QUARTET_BY_RANK.get(cards[0].rank)
    return None


_FACE_OF = {card: index for index, card in enumerate(PIQUET_DECK)}


_BARRED_KINDS: tuple[int, ...] = tuple(
    sum(
        1
        for kind in MELD_TABLE
        if any(history >> index & 1 for index in _FORBIDDEN_INDEXES[kind.name])
    )
    for history in range(1 << len(USES))
)
"""For each meld history (bit ``i`` set: the card scored in class ``USES[i]``), how many kinds
of meld in the table it bars the card from."""


def barred_kinds(state: BeziqueState, card: int) -> int:
    """How many kinds of meld ``card``'s history bars it from: how used a copy is."""
    history = 0
    for index, mask in enumerate(state.uses):
        if mask >> card & 1:
            history |= 1 << index
    return _BARRED_KINDS[history]


def _preference(state: BeziqueState, card: int) -> tuple[int, int]:
    """The more used melded copy first, then the lower copy number."""
    return (-barred_kinds(state, card), card)


def meld_assignment(state: BeziqueState, seat: int, kind: MeldKind, faces: list[int]) -> list[int]:
    """The physical cards a legal meld of ``faces`` uses (see the module's copy rules)."""
    hand, table = _sources(state, seat, kind)
    chosen: list[int] = []
    spare_hand: dict[int, int] = {}
    for face, count in sorted(Counter(faces).items()):
        on_table = sorted(
            (card for card in (face, face + FACES) if table >> card & 1),
            key=lambda card: _preference(state, card),
        )
        in_hand = [card for card in (face, face + FACES) if hand >> card & 1]
        picked = (on_table + in_hand)[:count]
        chosen.extend(picked)
        unused_hand = [card for card in in_hand if card not in picked]
        if unused_hand:
            spare_hand[face] = unused_hand[0]
    if not any(hand >> card & 1 for card in chosen):
        face = min(spare_hand)
        table_copies = [card for card in chosen if card & 31 == face]
        chosen.remove(table_copies[-1])
        chosen.append(spare_hand[face])
    return chosen


def meld_violation(state: BeziqueState, seat: int, move: Meld) -> Violation | None:
    """Why ``seat`` may not declare ``move`` now (the phase and turn are already checked)."""
    if state.declared:
        return Violation(
            "bezique.one_declaration",
            "only one scoring declaration is allowed per trick won"
            + (" (the seven counts as one under this game's options)"
               if state.table.options.seven_counts_as_meld else ""),
        )  # fmt: skip
    kind = identify_meld(state, move.cards)
    shown = " ".join(card.symbol for card in move.cards)
    if kind is None:
        return Violation("bezique.not_a_meld", f"{shown} is not a meld in the table")
    faces = [face_index(card) for card in move.cards]
    held = state.hands[seat] | state.tables[seat]
    for face, count in Counter(faces).items():
        if (held & copies_of(face)).bit_count() < count:
            times = "" if count == 1 else f" {count} times"
            return Violation("card.not_held", f"you do not hold {PIQUET_DECK[face].symbol}{times}")
    hand, table = _sources(state, seat, kind)
    usable = hand | table
    for face, count in Counter(faces).items():
        if (usable & copies_of(face)).bit_count() >= count:
            continue
        if state.exchanged >= 0 and state.exchanged & 31 == face:
            with_exchanged = usable | (1 << state.exchanged)
            if (with_exchanged & copies_of(face)).bit_count() >= count:
                return Violation(
                    "bezique.exchanged_card",
                    f"{PIQUET_DECK[face].symbol} was just taken by the exchange: it cannot "
                    f"meld in the same turn",
                )
        return Violation(
            "bezique.meld_reuse",
            f"{PIQUET_DECK[face].symbol} has already scored in {kind.barred_by}: "
            f"within a class a card may only be used again in a higher meld",
        )
    if not any(hand & copies_of(face) for face in faces):
        return Violation(
            "bezique.no_new_card",
            f"{shown} uses no card from your hand: a new meld needs at least one",
        )
    return None


# --- sevens of trumps ----------------------------------------------------------------------


def _trump_sevens(state: BeziqueState, seat: int) -> int:
    return state.hands[seat] & SEVENS_OF[state.table.trump]


def _trump_seven(state: BeziqueState) -> str:
    """The seven of trumps as a player reads it (``7♦``), for messages."""
    return Card.of(Rank.SEVEN, Suit(state.table.trump)).symbol


def _seven_refusal(state: BeziqueState, seat: int, action: str) -> str | None:
    """The rule that bars ``seat`` from ``exchange`` or ``show`` now, or ``None``."""
    table = state.table
    options = table.options
    if options.seven_counts_as_meld and state.declared:
        return "bezique.one_declaration"
    sevens = state.hands[seat] & SEVENS_OF[table.trump]
    if not sevens:
        return "bezique.no_seven"
    if action == "exchange":
        if state.exchanged >= 0 or state.turnup & 31 == 8 * table.trump:
            return "bezique.turnup_is_seven"
        return None
    if "show" not in options.seven_scoring:
        return "bezique.show_not_scoring"
    if not sevens & ~state.sevens_scored:
        return "bezique.seven_scored"
    return None


def seven_violation(state: BeziqueState, seat: int, action: str) -> Violation | None:
    """Why ``seat`` may not ``exchange`` or ``show`` now (phase and turn already checked)."""
    rule = _seven_refusal(state, seat, action)
    if rule is None:
        return None
    if rule == "bezique.one_declaration":
        return Violation(
            "bezique.one_declaration",
            f"under this game's options the seven's {action} counts as the one declaration "
            f"of the trick, and it has been made",
        )
    if rule == "bezique.no_seven":
        return Violation(
            "bezique.no_seven", f"you do not hold the {_trump_seven(state)} (seven of trumps)"
        )
    if rule == "bezique.turnup_is_seven":
        return Violation(
            "bezique.turnup_is_seven", "the turn-up is a seven of trumps: nothing to exchange"
        )
    if rule == "bezique.show_not_scoring":
        return Violation(
            "bezique.show_not_scoring",
            "under this game's options showing the seven of trumps does not score",
        )
    return Violation("bezique.seven_scored", f"your {_trump_seven(state)} has already scored")


def seven_moves(state: BeziqueState, seat: int) -> tuple[Exchange | Show, ...]:
    """The seven-of-trumps moves the trick winner ``seat`` may make now: ``exchange``, then
    ``show``, each if legal (none without a seven of trumps in the hand)."""
    if not state.hands[seat] & SEVENS_OF[state.table.trump]:
        return ()
    exchange = _seven_refusal(state, seat, "exchange") is None
    show = _seven_refusal(state, seat, "show") is None
    return _SEVEN_MOVES[exchange, show]


_SEVEN_MOVES: dict[tuple[bool, bool], tuple[Exchange | Show, ...]] = {
    (False, False): (),
    (True, False): (EXCHANGE,),
    (False, True): (SHOW,),
    (True, True): (EXCHANGE, SHOW),
}


def can_exchange(state: BeziqueState, seat: int) -> bool:
    """Whether ``exchange`` is legal for the trick winner ``seat`` now."""
    return _seven_refusal(state, seat, "exchange") is None


def can_show(state: BeziqueState, seat: int) -> bool:
    """Whether ``show`` is legal for the trick winner ``seat`` now."""
    return _seven_refusal(state, seat, "show") is None


def exchange_seven(state: BeziqueState, seat: int) -> int:
    """The seven of trumps an exchange gives up (see the module's copy rules)."""
    sevens = _trump_sevens(state, seat)
    fresh = sevens & ~state.sevens_scored
    scored = sevens & state.sevens_scored
    scoring = "exchange" in state.table.options.seven_scoring
    first, second = (fresh, scored) if scoring else (scored, fresh)
    pool = first or second
    return (pool & -pool).bit_length() - 1


def show_seven(state: BeziqueState, seat: int) -> int:
    """The unscored seven of trumps a show shows (the lower copy if both are fresh)."""
    fresh = _trump_sevens(state, seat) & ~state.sevens_scored
    return (fresh & -fresh).bit_length() - 1


# --- plays ---------------------------------------------------------------------------------


def play_copy(state: BeziqueState, seat: int, face: int) -> int:
    """The copy of ``face`` that ``seat`` plays (see the module's copy rules); -1 if none held."""
    first, second = face, face + FACES
    hand = state.hands[seat]
    table = state.tables[seat]
    holding = hand | table
    if not holding >> second & 1:
        return first if holding >> first & 1 else -1
    if not holding >> first & 1:
        return second
    held = [first, second]
    sevens = SEVENS_OF[state.table.trump] if state.phase != Phase.LAST_STAGE else 0
    scores_played = "play" in state.table.options.seven_scoring

    def key(card: int) -> tuple[int, int, int, int, int]:
        on_table = table >> card & 1
        used = barred_kinds(state, card)
        scoring_seven = bool(
            scores_played and sevens >> card & 1 and not state.sevens_scored >> card & 1
        )
        known = state.known[seat] >> card & 1
        return (-on_table, -used, -int(scoring_seven), -known, card)

    return min(held, key=key)
