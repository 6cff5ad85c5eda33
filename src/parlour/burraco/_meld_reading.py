"""Reading written Burraco melds (`read_meld`) and adds (`read_addition`), with the most specific
reason when the cards form none, and the canonical text of an add (`addition_text`).

**Notation.** A new meld is written card by card: a set in any order, a sequence in ascending
order with each wild at the place it stands for (``3H JK 5H``: the joker is the 4H; ``JK 3H 4H``:
it is the 2H; ``2H 3H 4H`` is clean, ``2S 3H 4H`` dirty). `read_meld` reads written cards as a
set when every card that is not a 2 or a joker has the same rank and the cards form a valid set,
otherwise as the sequence that the positions of its natural cards force; no cards can be read
both ways. An add is written ``add <n> <cards>``, the added cards in ascending order of the
position they take in the result (a set: canonical card order). When the same cards can leave
the meld in more than one arrangement, the canonical text ends with `` = <the result>``, e.g.
``add 2 6H = JK 5H 6H 7H``; without it such an add is a `NotationError` naming the choices.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import (
    Card,
    NotationError,
    parse_card,
)
from parlour.burraco._faces import (
    COPIES,
    FACE_BY_CODE,
    FACE_CARDS,
    excess_face,
    face_rank,
    face_suit,
    is_wild_face,
    pack,
)
from parlour.burraco._meld_adding import results_for
from parlour.burraco._meld_shapes import sequence_meld, sequence_shapes
from parlour.burraco._meld_tables import (
    ACE_HIGH,
    ACE_LOW,
    ALL_POSITIONS,
    MAX_SET_LENGTH,
    MAX_WILDS,
    MIN_MELD_LENGTH,
    NATURAL_FACE,
    RANK_OF,
    SUITS,
    TWO_POSITION,
    Addition,
    Meld,
    MeldKind,
    MeldProblem,
    MeldRules,
    cards_text,
    meld_problem,
    natural_card,
    rank_of,
    suit_of,
)

__all__ = [
    "addition_text",
    "read_addition",
    "read_meld",
]

_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_RANK_NAMES = {
    3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s", 10: "10s",
    11: "jacks", 12: "queens", 13: "kings", 14: "aces",
}  # fmt: skip


# --- reading a meld ---------------------------------------------------------------------------


def read_meld(cards: Sequence[Card], rules: MeldRules) -> Meld | MeldProblem:
    """The meld that ``cards``, written in this order, form, or the problem that stops them.

    A set may be written in any order; a sequence only ascending, each wild at its place.
    """
    if len(cards) < MIN_MELD_LENGTH:
        return meld_problem(
            "meld_too_short",
            f"a meld needs at least 3 cards: {cards_text(cards)} has {len(cards)}",
        )
    by_code = FACE_BY_CODE
    faces = [by_code[card.code] for card in cards]
    excess = excess_face(faces)
    if excess >= 0:
        return _too_many_copies(cards, excess)
    natural_faces = [face for face in faces if not is_wild_face(face)]
    ranks = {face_rank[face] for face in natural_faces}
    if len(ranks) <= 1:
        as_set = _read_set(cards, faces, natural_faces)
        if isinstance(as_set, Meld) or not natural_faces:
            return as_set
        suit = face_suit[natural_faces[0]]
        as_sequence = _read_sequence(cards, faces, suit, rules)
        if as_sequence is not None:
            return as_sequence
        example = _arrangement(faces, suit, rules)
        if example is not None:
            return _out_of_order(cards, example)
        return as_set
    suits = {face_suit[face] for face in natural_faces}
    if len(suits) > 1:
        if len(set(natural_faces)) < len(natural_faces) or len(ranks) < len(natural_faces):
            return meld_problem(
                "not_a_meld",
                f"{cards_text(cards)} is neither a set (cards of one rank) "
                "nor a sequence (consecutive cards of one suit)",
            )
        return meld_problem(
            "mixed_suits",
            f"the cards of a sequence must be of one suit: {cards_text(cards)} mixes "
            + " and ".join(_SUIT_NAMES[suit] for suit in sorted(suits)),
        )
    suit = face_suit[natural_faces[0]]
    as_sequence = _read_sequence(cards, faces, suit, rules)
    if as_sequence is not None:
        return as_sequence
    return _sequence_problem(cards, faces, suit, rules)


def _read_set(
    cards: Sequence[Card], faces: list[int], natural_faces: list[int]
) -> Meld | MeldProblem:
    if not natural_faces:
        return meld_problem(
            "set_of_twos",
            f"{cards_text(cards)} holds only wild cards: there is no set of 2s or of jokers",
        )
    if len(faces) > MAX_SET_LENGTH:
        return meld_problem("set_too_long", f"a set has at most 9 cards, not {len(faces)}")
    wild_cards = [card for card, face in zip(cards, faces, strict=True) if is_wild_face(face)]
    if len(wild_cards) > MAX_WILDS:
        return _two_wilds(wild_cards)
    return Meld(
        kind=MeldKind.SET,
        cards=tuple(FACE_CARDS[face] for face in sorted(faces)),
        suit=None,
        rank=RANK_OF[face_rank[natural_faces[0]]],
        low=0,
        wild_position=-1 if wild_cards else None,
    )


def _read_sequence(
    cards: Sequence[Card], faces: list[int], suit: int, rules: MeldRules
) -> Meld | None:
    """The sequence of ``suit`` that the written cards form, or None.

    The first card that is not a 2 or a joker fixes the offset (an ace allows two); each
    consistent reading is tried and the valid one, which is unique, returned.
    """
    length = len(faces)
    if length > rules.max_sequence_length:
        return None
    naturals = NATURAL_FACE[suit]
    index, anchor = next((i, face) for i, face in enumerate(faces) if not is_wild_face(face))
    rank = face_rank[anchor]
    for position in (ACE_LOW, ACE_HIGH) if rank == ACE_HIGH else (rank,):
        low = position - index
        if low < ACE_LOW or low + length - 1 > ACE_HIGH:
            continue
        wild_position = 0
        for offset, face in enumerate(faces):
            if face == naturals[low + offset]:
                continue
            if wild_position or not is_wild_face(face):
                break
            wild_position = low + offset
        else:
            return Meld(
                kind=MeldKind.SEQUENCE,
                cards=tuple(cards),
                suit=SUITS[suit],
                rank=None,
                low=low,
                wild_position=wild_position or None,
            )
    return None


def _arrangement(faces: Sequence[int], suit: int, rules: MeldRules) -> Meld | None:
    """A valid sequence of ``suit`` made of exactly ``faces`` in some order, or None."""
    length = len(faces)
    if length > rules.max_sequence_length:
        return None
    for shape in sequence_shapes(pack(faces), suit, length, length, ACE_HIGH, 0, ALL_POSITIONS):
        return sequence_meld(suit, *shape)
    return None


def _out_of_order(cards: Sequence[Card], example: Meld) -> MeldProblem:
    return meld_problem(
        "out_of_order",
        f"a sequence is written in ascending order, each wild at its place: "
        f"{cards_text(cards)} should be written like {example.text}",
    )


def _two_wilds(wild_cards: Sequence[Card]) -> MeldProblem:
    names = ", ".join(card.text for card in wild_cards[:-1]) + " and " + wild_cards[-1].text
    return meld_problem(
        "two_wilds",
        f"a meld may hold only one wild card: {names} "
        + ("both act" if len(wild_cards) == 2 else "all act")
        + " as wilds",
    )


def _forced_wilds(cards: Sequence[Card], suit: int) -> list[Card]:
    """The cards that must act as wilds in a sequence of ``suit``: jokers, 2s of other suits
    and every 2 of the suit after the first."""
    two = NATURAL_FACE[suit][TWO_POSITION]
    forced: list[Card] = []
    seen_two = False
    for card in cards:
        face = FACE_BY_CODE[card.code]
        if not is_wild_face(face):
            continue
        if face == two and not seen_two:
            seen_two = True
            continue
        forced.append(card)
    return forced


def _sequence_problem(
    cards: Sequence[Card], faces: list[int], suit: int, rules: MeldRules
) -> MeldProblem:
    """Why cards of one suit that read as no sequence fail, the most specific reason first."""
    length = len(faces)
    if length > rules.max_sequence_length:
        hint = " (an ace-to-ace run needs the option ace_to_ace_run)" if length == 14 else ""
        return meld_problem(
            "sequence_too_long",
            f"a sequence has at most {rules.max_sequence_length} cards, not {length}{hint}",
        )
    example = _arrangement(faces, suit, rules)
    if example is not None:
        return _out_of_order(cards, example)
    forced = _forced_wilds(cards, suit)
    if len(forced) > MAX_WILDS:
        return _two_wilds(forced)
    naturals = NATURAL_FACE[suit]
    held = set(faces)
    ace = naturals[ACE_LOW]
    if ace in held and {naturals[2], naturals[3]} & held and {naturals[12], naturals[13]} & held:
        return meld_problem(
            "ace_both_ends",
            f"{cards_text(cards)}: an ace is low (A 2 3) or high (Q K A), never both, "
            "and a sequence does not turn the corner (K A 2)",
        )
    repeated = next(
        (
            card
            for index, card in enumerate(cards)
            if not is_wild_face(faces[index]) and faces[index] in faces[:index]
        ),
        None,
    )
    if repeated is not None:
        return meld_problem(
            "not_consecutive",
            f"{cards_text(cards)} holds {repeated.text} twice: a sequence has one card per place",
        )
    return meld_problem(
        "not_consecutive",
        f"{cards_text(cards)} is not consecutive: a sequence has no gap "
        "except one that its single wild card fills",
    )


def addition_text(number: int, addition: Addition) -> str:
    """The canonical text of an add onto the team's meld ``number``: ``add <n> <cards>``, with
    `` = <result>`` when the same cards allow other arrangements."""
    text = f"add {number} {cards_text(addition.added)}"
    if addition.ambiguous:
        return f"{text} = {addition.result.text}"
    return text


def read_addition(
    meld: Meld, tokens: Sequence[str], rules: MeldRules, *, number: int | None = None
) -> Addition | MeldProblem:
    """The add that ``tokens`` (the words after ``add <n>``) describe onto ``meld``.

    The tokens are card texts in any order, optionally followed by ``=`` and the resulting meld
    written out in full. Raises `NotationError` for a bad card token, a misplaced ``=``, or an
    add that allows several arrangements when no ``=`` says which (``number`` is the meld's
    number, used in that message), except that without ``=`` a 2 of a sequence's suit stays
    natural where one arrangement keeps it so (the default reading: ``add 1 2H`` onto
    ``3H 4H 5H`` is ``2H 3H 4H 5H``, not the 2 as wild at 6); cards that cannot be added give
    a `MeldProblem`. Whether the player holds the cards is not checked here.
    """
    words = list(tokens)
    if words.count("=") > 1:
        raise NotationError("an add takes at most one '=' (then the meld as it will be)")
    if "=" not in words:
        if not words:
            raise NotationError("an add names the cards to add, e.g. 'add 1 6H'")
        added_cards = [parse_card(word) for word in words]
        return _copies_problem(added_cards, None) or _resolve_addition(
            meld, added_cards, None, rules, number
        )
    split = words.index("=")
    if split == 0:
        raise NotationError(
            "an add names the cards to add before '=', e.g. 'add 1 6H = 5H 6H 7H JK'"
        )
    if split == len(words) - 1:
        raise NotationError(
            "'=' is followed by the meld as it will be, e.g. 'add 1 6H = 5H 6H 7H JK'"
        )
    added_cards = [parse_card(word) for word in words[:split]]
    shown = [parse_card(word) for word in words[split + 1 :]]
    problem = _copies_problem(added_cards, shown)
    if problem is not None:
        return problem
    by_code = FACE_BY_CODE
    added = pack(by_code[card.code] for card in added_cards)
    if pack(by_code[card.code] for card in shown) != meld.packed + added:
        return meld_problem(
            "bad_arrangement",
            f"after '=', write the meld as it will be: its cards {meld.text} "
            f"and the added {cards_text(added_cards)}",
        )
    return _resolve_addition(meld, added_cards, shown, rules, number)


def _too_many_copies(cards: Sequence[Card], face: int) -> MeldProblem:
    card = FACE_CARDS[face]
    return meld_problem(
        "too_many_copies",
        f"{cards_text(cards)} names {card.text} {cards.count(card)} times; the deck has "
        f"{COPIES[face]}",
    )


def _copies_problem(
    added_cards: Sequence[Card], shown: Sequence[Card] | None
) -> MeldProblem | None:
    """``burraco.too_many_copies`` if the added cards or the meld as shown name a card more often
    than the deck holds it (checked before either is packed; the meld's own cards are bounded
    where it was read)."""
    by_code = FACE_BY_CODE
    for cards in (added_cards, shown or ()):
        excess = excess_face([by_code[card.code] for card in cards])
        if excess >= 0:
            return _too_many_copies(cards, excess)
    return None


def _turns_two_wild(meld: Meld) -> bool:
    """Whether a sequence's 2 of its own suit acts as its wild (away from its natural place,
    position 2): the reading an ``add`` without ``=`` never takes when the 2 can stay
    natural."""
    wild = meld.wild_card
    return (
        wild is not None
        and meld.kind is MeldKind.SEQUENCE
        and wild.suit == meld.suit
        and face_rank[FACE_BY_CODE[wild.code]] == TWO_POSITION
        and meld.wild_position != TWO_POSITION
    )


def _resolve_addition(
    meld: Meld,
    added_cards: Sequence[Card],
    shown: Sequence[Card] | None,
    rules: MeldRules,
    number: int | None,
) -> Addition | MeldProblem:
    """The add of ``added_cards`` onto ``meld`` leaving it as ``shown`` (when given)."""
    by_code = FACE_BY_CODE
    added = pack(by_code[card.code] for card in added_cards)
    found = results_for(meld, added, rules, rules.keeps_places)
    if not found:
        return _addition_problem(meld, added_cards, added, rules)
    if shown is None:
        if len(found) == 1:
            return found[0]
        natural = [addition for addition in found if not _turns_two_wild(addition.result)]
        if len(natural) == 1:
            return natural[0]  # the default reading: a 2 that can be natural stays natural
        label = "n" if number is None else str(number)
        choices = " or as ".join(addition.result.text for addition in found)
        example = f"add {label} {cards_text(found[-1].added)} = {found[-1].result.text}"
        raise NotationError(
            f"add {label} {cards_text(added_cards)} can leave the meld as {choices}: "
            f"write which, e.g. '{example}'"
        )
    shown_meld = read_meld(shown, rules)
    for addition in found:
        if addition.result == shown_meld:
            return addition
    if isinstance(shown_meld, MeldProblem):
        return shown_meld
    return _cannot_move(meld, shown_meld)


def _cannot_move(meld: Meld, result: Meld | None) -> MeldProblem:
    wild = meld.wild_card
    target = "" if result is None else f" {meld.text} cannot become {result.text}:"
    if wild is not None and meld.wild_position is not None and meld.suit is not None:
        stands_for = natural_card(meld.suit, meld.wild_position)
        reason = (
            f" {wild.text} keeps its place as {stands_for.text} unless {stands_for.text} is added"
        )
    else:
        reason = " the cards of a meld keep their places (only a natural 2 at the low end may move)"
    return meld_problem("wild_cannot_move", f"under the tournament rule{target}{reason}")


def _addition_problem(
    meld: Meld, added_cards: Sequence[Card], added: int, rules: MeldRules
) -> MeldProblem:
    """Why the cards cannot be added to ``meld``, the most specific reason first."""
    by_code = FACE_BY_CODE
    all_cards = [*meld.cards, *added_cards]
    if meld.kind is MeldKind.SET:
        rank = rank_of(meld)
        for card in added_cards:
            face = by_code[card.code]
            if not is_wild_face(face) and face_rank[face] != rank:
                return meld_problem(
                    "does_not_fit", f"{card.text} does not fit a set of {_RANK_NAMES[rank]}"
                )
        wild_cards = [card for card in all_cards if is_wild_face(by_code[card.code])]
        if len(wild_cards) > MAX_WILDS:
            return _two_wilds(wild_cards)
        return meld_problem(
            "set_too_long", f"a set has at most 9 cards: {meld.text} cannot take {len(added_cards)}"
        )
    suit = suit_of(meld)
    for card in added_cards:
        face = by_code[card.code]
        if not is_wild_face(face) and face_suit[face] != suit:
            return meld_problem(
                "does_not_fit", f"{card.text} does not fit a sequence of {_SUIT_NAMES[suit]}"
            )
    forced = _forced_wilds(all_cards, suit)
    if len(forced) > MAX_WILDS:
        return _two_wilds(forced)
    if len(all_cards) > rules.max_sequence_length:
        return meld_problem(
            "sequence_too_long",
            f"a sequence has at most {rules.max_sequence_length} cards: "
            f"{meld.text} cannot take {len(added_cards)} more",
        )
    if rules.keeps_places and results_for(meld, added, rules, keeps_places=False):
        return _cannot_move(meld, None)
    return meld_problem(
        "does_not_fit",
        f"{cards_text(added_cards)} cannot be added to {meld.text}: a sequence takes cards "
        "that extend it or fill its places, with at most one wild",
    )
