"""The cards everybody knows a Burraco hand holds (`BurracoState.known`).

When a player takes the discard pile, every seat sees the cards he takes. Each time he then
lays down (melds or adds) or discards a face, one copy of that face leaves what is known of his
hand, if it is there: identical copies are interchangeable, so this is the largest multiset every
observer can be sure the hand still holds. Known cards are packed multisets of faces
(`parlour.burraco._faces`), one per seat; a state that keeps no record (``()``) knows nothing.
"""

from __future__ import annotations

from parlour.burraco._faces import FACE_COUNT, count, distinct_faces, pack, remove

__all__ = ["after_laying", "after_pickup", "nothing_known"]


def nothing_known(players: int) -> tuple[int, ...]:
    """The record at the start of a hand: no card of any hand is known."""
    return (0,) * players


def after_pickup(
    known: tuple[int, ...], seat: int, pile: tuple[int, ...], players: int
) -> tuple[int, ...]:
    """``known`` after ``seat`` took the discard pile ``pile`` (faces): it holds them all."""
    record = known or nothing_known(players)
    changed = list(record)
    changed[seat] += pack(pile)
    return tuple(changed)


_LOW_BITS = sum(1 << (3 * face) for face in range(FACE_COUNT))
"""The lowest bit of every face's count field."""


def _faces_present(packed: int) -> int:
    """The lowest bit of each count field that is not zero."""
    return (packed | packed >> 1 | packed >> 2) & _LOW_BITS


def after_laying(known: tuple[int, ...], seat: int, laid: int) -> tuple[int, ...]:
    """``known`` after ``seat`` laid down or discarded the packed cards ``laid``: one copy of
    each laid card leaves what is known of the hand, where it is known."""
    if not known:
        return known
    held = known[seat]
    if not held:
        return known  # nothing known of this hand (the common case): nothing to forget
    shared = _faces_present(held) & _faces_present(laid)
    if not shared:
        return known
    for face in distinct_faces(shared):
        held = remove(held, face, min(count(held, face), count(laid, face)))
    changed = list(known)
    changed[seat] = held
    return tuple(changed)
