"""Moves and what a move is judged by: the `Move` base, the chance `Deal`, `CHANCE`, the
`Violation` that says why a move is illegal, the `ScoreEvent` of an award and the `ScoreReason`
row of each game's score-reason table, and the moves several games share (playing a card, moves
written as one keyword, moves naming cards); and what a log is judged by: the `Problem` found
in it and the `Report` of its validation.

A game's own moves module re-exports what it uses (``parlour.belote.Play`` is this `Play`) and
adds its own moves. Card plays of the 32-card piquet deck are interned in `PIQUET_PLAYS`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar, TypeVar

import attrs
from typing_extensions import Self

from parlour.base import (
    PIQUET_DECK,
    Card,
    JsonRecord,
    card_text,
    format_cards,
    record_builder,
    sort_cards,
)

__all__ = [
    "CHANCE",
    "PIQUET_PLAYS",
    "PIQUET_PLAY_INDEX_BY_ID",
    "CardsMove",
    "Chance",
    "Deal",
    "DealField",
    "ImmutableMove",
    "KeywordMove",
    "Move",
    "OrderedCardsMove",
    "Play",
    "Problem",
    "Report",
    "ScoreEvent",
    "ScoreReason",
    "StateT",
    "Violation",
    "build_score_event",
    "reasons_of",
]


class Chance:
    """The type of `CHANCE`, the 'player' to act when a deal is due."""

    _instance: ClassVar[Chance | None] = None

    def __new__(cls) -> Chance:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "CHANCE"

    def __reduce__(self) -> str:
        return "CHANCE"


CHANCE = Chance()
"""The sentinel returned by `current_player` when the next move is a `Deal`."""

StateT = TypeVar("StateT")
"""A game's state type: `apply` and `resample_hidden` return the type they are given."""


@attrs.frozen(slots=True)
class Violation:
    """Why a move is illegal: a stable dotted rule id and a sentence a player understands."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


@attrs.frozen(slots=True, kw_only=True)
class ScoreEvent(JsonRecord):
    """One award of points: who, how many, why (a rule id), in which deal and trick.

    ``seats`` are all the seats credited (both partners in a partnership game); ``deal`` is
    1-based; ``trick`` is the 1-based trick number, or ``None`` for an award made at the deal or
    at its end.
    """

    seats: tuple[int, ...]
    points: int
    reason: str
    deal: int
    trick: int | None = None


build_score_event = record_builder(ScoreEvent)
"""A `ScoreEvent` of its fields by keyword (``trick`` defaults to ``None``), built as
`parlour.base.record_builder` builds: for the awards the transitions make."""


class Move:
    """Base class of every move. ``str(move)`` is its canonical notation."""

    __slots__ = ()

    def seen_by_others(self) -> Hashable:
        """What the seats other than its mover see of this move: the move itself, unless the
        game's rules hide its content (an Écarté discard shows only how many cards)."""
        return self


@attrs.frozen(slots=True)
class DealField:
    """The shape of one field of a deal: its name, how many groups, and whether order matters.

    ``sizes`` gives the expected number of cards in each group; ``ordered`` is false for hands
    (their order does not matter and the canonical text sorts them) and true for piles, which list
    their top card first.
    """

    name: str
    sizes: tuple[int, ...]
    ordered: bool


@attrs.frozen(slots=True, repr=False)
class Deal(Move):
    """The chance move: the layout of a fresh deal, field by field (hands, turn-up, stock, …).

    ``fields`` pairs each field name with its groups of cards (hands separated by ``/`` in the
    text; a pile is one group). Build one with the game's ``random_deal`` or by parsing its text.
    """

    fields: tuple[tuple[str, tuple[tuple[Card, ...], ...]], ...]

    def __getitem__(self, name: str) -> tuple[tuple[Card, ...], ...]:
        for field_name, groups in self.fields:
            if field_name == name:
                return groups
        raise KeyError(name)

    def __str__(self) -> str:
        parts = ["deal"]
        for name, groups in self.fields:
            parts.append(f"{name}:" + "/".join(format_cards(group) for group in groups))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Deal({str(self)!r})"





class ImmutableMove(Move):
    """A move that is never changed once built: `copy.copy` and `copy.deepcopy` return it
    as it is (a search library that deep-copies states and moves on every clone pays nothing)."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


@attrs.frozen(slots=True, repr=False)
class Play(ImmutableMove):
    """Play a card to the current trick: ``play QS``."""

    card: Card

    def __str__(self) -> str:
        return f"play {card_text(self.card)}"

    def __repr__(self) -> str:
        return f"Play({card_text(self.card)})"


class KeywordMove(ImmutableMove):
    """A move written as one keyword and nothing else (``pass``, ``propose``, ``draw``, …).

    A subclass sets ``keyword``; its values carry no data, so all values of one subclass are
    equal, and no two subclasses' values are.
    """

    __slots__ = ()
    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.keyword

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.keyword)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())


@attrs.frozen(slots=True, repr=False)
class OrderedCardsMove(ImmutableMove):
    """A keyword followed by cards whose order means something (a Burraco sequence, written
    low to high with each wild where it stands): the cards are kept as given.

    A subclass, itself an attrs class, sets ``keyword``.
    """

    keyword: ClassVar[str] = ""
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join((self.keyword, *(card_text(card) for card in self.cards)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


@attrs.frozen(slots=True, repr=False)
class CardsMove(OrderedCardsMove):
    """A keyword followed by cards whose order does not matter (``discard 7S 8H``,
    ``meld KH QH``): the cards are kept in canonical order, so any order gives the same move.

    A subclass, itself an attrs class, sets ``keyword``.
    """

    cards: tuple[Card, ...] = attrs.field(converter=sort_cards)


PIQUET_PLAYS: tuple[Play, ...] = tuple(Play(card) for card in PIQUET_DECK)
"""The play move of each card of the piquet deck, indexed like `PIQUET_DECK`."""
PIQUET_PLAY_INDEX_BY_ID: dict[int, int] = {
    id(play): index for index, play in enumerate(PIQUET_PLAYS)
}
"""The card index of each interned play of `PIQUET_PLAYS`, by the play's ``id`` (they live as
long as the module, so their ids stay theirs): one lookup tells a hot path that a move is the
interned play of card ``i``; a play built anew is not in it."""


@attrs.frozen(slots=True, kw_only=True)
class ScoreReason:
    """One kind of award: the ``reason`` id its score events carry, and the points it is worth.

    ``points`` is the amount of one award when the rules fix it, ``None`` when it depends on the
    deal or on an option; ``rule`` says where the amount comes from (the rules' section).
    """

    id: str
    points: int | None
    rule: str

    @property
    def name(self) -> str:
        """The id without its game's prefix: ``capot`` for ``belote.capot``."""
        return self.id.partition(".")[2]


def reasons_of(table: type) -> tuple[ScoreReason, ...]:
    """The `ScoreReason` constants of a ``ScoreReasons`` class, in the order they are written;
    `ValueError` if two share an id or the ids do not all have one game's prefix."""
    reasons = tuple(value for value in vars(table).values() if isinstance(value, ScoreReason))
    ids = [reason.id for reason in reasons]
    prefixes = {reason.id.partition(".")[0] for reason in reasons}
    if len(set(ids)) != len(ids) or len(prefixes) != 1 or not all(r.name for r in reasons):
        raise ValueError(f"{table.__name__}: ids must be distinct, as <game>.<name>: {ids}")
    return reasons


@attrs.frozen(slots=True, kw_only=True)
class Problem:
    """What is wrong with a log: its kind, where, the move text, the rule id and a message.

    ``kind`` is one of ``format``, ``options``, ``notation``, ``illegal``, ``result``.
    """

    kind: str
    message: str
    move_index: int | None = None
    move: str | None = None
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The problem as a JSON-ready dict (absent fields are left out)."""
        result: dict[str, Any] = {"kind": self.kind}
        if self.move_index is not None:
            result["move_index"] = self.move_index
        if self.move is not None:
            result["move"] = self.move
        if self.rule is not None:
            result["rule"] = self.rule
        result["message"] = self.message
        return result


@attrs.frozen(slots=True, kw_only=True)
class Report:
    """The verdict on one log: valid or not, how far replay got, the first problem, the score."""

    ok: bool
    moves_applied: int
    error: Problem | None
    score: tuple[int, ...] | None
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The report as a JSON-ready dict (``source`` first when known)."""
        result: dict[str, Any] = {}
        if self.source is not None:
            result["source"] = self.source
        result["ok"] = self.ok
        result["moves_applied"] = self.moves_applied
        result["error"] = None if self.error is None else self.error.to_dict()
        result["score"] = None if self.score is None else list(self.score)
        return result
