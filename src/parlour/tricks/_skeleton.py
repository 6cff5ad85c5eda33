"""The trick-game skeleton and the verdicts on a card play that the trick games share.

The skeleton:

The skeleton of a trick game with fixed seats (Belote, Bezique, Écarté), written once.

A game subclasses `TrickGame` and gives its rules as data: the phases that mean "a deal is
due" and "the match is over", a table of the check of each move type (``{Play: check_play,
…}``), a table of the transition of each move type (``{Play: play_card, …}``), a table of the
parser of each keyword (``{"play": play_parser("JH"), …}``) and the phrase that names its moves
in messages. `TrickGame` then answers `options`, `deal_results`, `check` (the shared
`turn_violation` first, then the move type's check, else "<move> is not a <Game> move"),
`apply` (the one checked path: `check`, then `apply_unchecked`), `apply_unchecked` (the one
unchecked path: the move type's transition, for a move `check` accepted), `parse_move`
(``deal …`` by the deal's fields, then the keyword's parser, else "<keyword> is not a <Game>
move") and `card_zones` (the whole deck in the ``pack`` between deals, else the game's
`zones_in_deal`); `seat_to_act` makes a game's `current_player` from its two phases.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from parlour.base import (
    PIQUET_INDEX_BY_CODE,
    Card,
    NotationError,
    parse_card,
    shown,
)
from parlour.engine import (
    CHANCE,
    PIQUET_PLAYS,
    Chance,
    Deal,
    DealLayout,
    FixedSeats,
    KeywordMove,
    Move,
    Play,
    Violation,
    move_words,
    parse_deal,
    raise_if_illegal,
    split_move,
    turn_violation,
)
from parlour.tricks._evaluator import TrickEvaluator

__all__ = [
    "MoveApplier",
    "MoveCheck",
    "MoveParser",
    "MoveTransition",
    "OpeningStates",
    "StateFreeParser",
    "TrickGame",
    "broken_obligation",
    "keyword_parser",
    "not_a_card",
    "not_held",
    "play_parser",
    "seat_to_act",
]


StateT = TypeVar("StateT")
EntryT = TypeVar("EntryT")

MoveCheck = Callable[[Any, Any], "Violation | None"]
"""A game's check of one move type, once it is this seat's turn in a deal under way:
``(state, move)`` to the reason the move is illegal, or ``None``."""
MoveTransition = Callable[[Any, Any], Any]
"""A game's transition for one move type: ``(state, move)`` to the state after it, for a move
its check has accepted."""
MoveApplier = Callable[[Any, Any], Any]
"""The checked path of one move type: ``(state, move)`` to the state after it
(`IllegalMoveError` for a move its game refuses)."""
MoveParser = Callable[[Any, list[str], str], Move]
"""A game's reading of one keyword: ``(state, the words after it, the whole text)`` to the
move; `NotationError` if the words do not make one. ``state`` is ``None`` when a move is read
with no state to read it against (a view's legal moves read back from JSON): the parser then
reads the words alone."""


class TrickGame(FixedSeats):
    """`options`, `deal_results`, `check`, `parse_move` and `card_zones` read from the game's
    tables.

    States carry ``phase`` (a member of the game's phases), ``to_act``, ``table.options`` and
    ``table.deals``.
    """

    name: str
    deck: tuple[Card, ...]
    move_phrase: ClassVar[str]
    """How messages name the game's moves: ``"a Belote move"``, ``"an Écarté move"``."""
    turn_field: ClassVar[str | None] = None
    """The state field holding `current_player`'s answer, if the states carry it (read directly
    by `parlour.engine`, see `parlour.engine.register`)."""
    legal_field: ClassVar[str | None] = None
    """The state field holding the legal moves, if the states carry them."""
    deal_due_phase: ClassVar[Any]
    over_phase: ClassVar[Any]
    move_checks: ClassVar[Mapping[type[Move], MoveCheck]]
    """The check of each move type (a subclass of a type listed has its check)."""
    move_transitions: ClassVar[Mapping[type[Move], MoveTransition]]
    """The transition of each move type, ``Deal`` included (a subclass of a type listed has
    its transition)."""
    move_parsers: ClassVar[Mapping[str, MoveParser]]
    """The parser of each keyword but ``deal``, in the order messages list the keywords."""
    deal_layout: ClassVar[DealLayout]
    """How the game's deal lays out the deck (`DealLayout.read` reads a deal move)."""

    def __init__(self) -> None:
        self._checks_by_type: dict[type[Move], MoveCheck | None] = {}
        """`move_checks` resolved per move type, as moves are checked."""
        self._transitions_by_type: dict[type[Move], MoveTransition] = {}
        """`move_transitions` resolved per move type, as moves are applied."""
        self._appliers: dict[type[Move], MoveApplier] = {}
        """The checked path of each move type but `Deal` that has a check and a transition,
        resolved once per type (`move_appliers`)."""
        self._parsed_texts: dict[str, Move] = {}
        """The canonical texts of the moves of `StateFreeParser` keywords met so far, with
        their moves (`parse_move`)."""
        self._no_applier: set[type[Move]] = set()
        """The move types found to have no applier (`Deal`, a type with no check)."""
        self._over_phase = self.over_phase
        self._deal_due_phase = self.deal_due_phase

    def options(self, state: Any) -> Any:
        """The match's options."""
        return state.table.options

    def deal_results(self, state: Any) -> tuple[Any, ...]:
        """The breakdown of every finished deal (thrown in or cut short included)."""
        deals: tuple[Any, ...] = state.table.deals
        return deals

    def card_zones(self, state: Any) -> dict[str, tuple[Card, ...]]:
        """Where every card is: the game's `zones_in_deal` while a deal is under way; between
        deals (and once the match is over) the whole deck is in the ``pack``."""
        phase = state.phase
        if phase is self.deal_due_phase or phase is self.over_phase:
            return {"pack": self.deck}
        return self.zones_in_deal(state)

    def zones_in_deal(self, state: Any) -> dict[str, tuple[Card, ...]]:
        """Where every card is while a deal is under way, zone by zone."""
        raise NotImplementedError(f"{type(self).__name__} names no card zones")

    def check(self, state: Any, move: Move, seat: int | None) -> Violation | None:
        """``None`` if ``move`` is legal for the seat to act (or ``seat``), else the reason: the
        shared `turn_violation` (a deal that lays out exactly the deck, by the game's
        `deal_layout`, is legal when one is due), then the move type's check in
        `move_checks`, else "<move> is not <a Game move>"."""
        phase = state.phase
        move_type = type(move)
        if (
            move_type is not Deal
            and (seat is None or seat == state.to_act)
            and phase is not self.over_phase
            and phase is not self.deal_due_phase
        ):  # this seat's turn in a deal under way: `turn_violation` has nothing to say
            move_check: MoveCheck | None = self._checks_by_type.get(move_type, _UNRESOLVED)
            if move_check is _UNRESOLVED:
                move_check = self._move_check_of(move_type)
        else:
            if (
                move_type is Deal
                and seat is None
                and phase is self.deal_due_phase
                and self.deal_layout.read(move) is not None  # type: ignore[arg-type]
            ):
                return None
            violation = turn_violation(
                move, seat, over=phase is self.over_phase, deal_due=phase is self.deal_due_phase,
                to_act=state.to_act, deal_fields=self.fixed_deal_fields, deck=self.deck,
            )  # fmt: skip
            if violation is not None or isinstance(move, Deal):
                return violation
            move_check = self._move_check_of(move_type)
        if move_check is None:
            return Violation("phase.wrong_move", f"{move_words(move)} is not {self.move_phrase}")
        return move_check(state, move)

    @property
    def move_appliers(self) -> Mapping[type[Move], MoveApplier]:
        """The checked path of each move type met so far, as one call ``(state, move)`` to the
        state after it (no ``seat`` given): the phase is one of a deal under way, then the
        type's check, then its transition; any other case goes through `apply`. Read by
        `parlour.engine.apply` (see `parlour.engine.register`); filled by `apply`, once per
        type."""
        return self._appliers

    def apply(self, state: Any, move: Move, seat: int | None) -> Any:
        """The state after ``move``: the checked path, `check` (`IllegalMoveError` if it finds
        a reason) then `apply_unchecked`.

        When it is the seat's turn in a deal under way (``seat`` not given), what `check` does
        is the move type's check alone, so that check and then the type's transition are called
        directly (the type's applier in `move_appliers`); any other case (and any refused move,
        for `check` to give its reason) goes through `check` itself."""
        if seat is None:
            move_type = type(move)
            applier = self._appliers.get(move_type)
            if applier is None and move_type not in self._no_applier:
                applier = self._applier_of(move_type)
            if applier is not None:
                return applier(state, move)
        return self._apply_checked(state, move, seat)

    def _apply_checked(self, state: Any, move: Move, seat: int | None) -> Any:
        """`check`, then `apply_unchecked` (the whole checked path)."""
        violation = self.check(state, move, seat)
        if violation is not None:
            raise_if_illegal(violation, move)
        return self.apply_unchecked(state, move)

    def _applier_of(self, move_type: type[Move]) -> MoveApplier | None:
        """The applier of ``move_type`` (``None`` for `Deal` or a type `move_checks` does not
        list), made once per type from its check and its transition."""
        move_check = None if move_type is Deal else self._move_check_of(move_type)
        transition = None
        if move_check is not None:
            transition = _listed_for(self.move_transitions, move_type)
        if move_check is None or transition is None:
            self._no_applier.add(move_type)
            return None
        applier = _applier(
            move_check, transition, self._over_phase, self._deal_due_phase, self._apply_checked
        )
        self._appliers[move_type] = applier
        return applier

    def apply_unchecked(self, state: Any, move: Move) -> Any:
        """The state after ``move``, which `check` must have accepted: the move type's
        transition in `move_transitions`, nothing checked (the unchecked path: a move `check`
        would refuse gives a wrong state or an error)."""
        transition = self._transitions_by_type.get(type(move))
        if transition is None:
            transition = _listed_for(self.move_transitions, type(move))
            if transition is None:  # check() accepts only the move types the game lists
                raise AssertionError(f"{type(self).__name__} has no transition for {move!r}")
            self._transitions_by_type[type(move)] = transition
        return transition(state, move)

    def _move_check_of(self, move_type: type[Move]) -> MoveCheck | None:
        """The check of ``move_type`` in `move_checks` (of its nearest listed base), found once
        per type."""
        checks = self._checks_by_type
        if move_type in checks:
            return checks[move_type]
        move_check = checks[move_type] = _listed_for(self.move_checks, move_type)
        return move_check

    def parse_move(self, state: Any, text: str) -> Move:
        """The move ``text`` writes (``deal …`` or one of the game's keywords); `NotationError`
        if it writes none.

        The canonical text of a move whose keyword's parser reads the words alone (a
        `StateFreeParser`: ``play JH``, ``pass``) is remembered with its move, so that a log's
        moves are parsed once per text (a bounded table: at most one entry per such move)."""
        known = self._parsed_texts.get(text) if type(text) is str else None
        if known is not None:
            return known
        keyword, arguments = split_move(text)
        if keyword == "deal":
            return parse_deal(arguments, self.fixed_deal_fields)
        parser = self.move_parsers.get(keyword)
        if parser is None:
            keywords = ", ".join(("deal", *self.move_parsers))
            raise NotationError(
                f"{keyword!r} is not {self.move_phrase} (the moves are {keywords}): {shown(text)}"
            )
        move = parser(state, arguments, text)
        if (
            type(parser) is StateFreeParser
            and len(self._parsed_texts) < _PARSED_TEXTS_LIMIT
            and str(move) == text
        ):
            self._parsed_texts[text] = move
        return move


def _applier(
    move_check: MoveCheck,
    transition: MoveTransition,
    over_phase: Any,
    deal_due_phase: Any,
    apply_checked: Callable[[Any, Move, int | None], Any],
) -> MoveApplier:
    """The checked path of one move type (see `TrickGame.move_appliers`)."""

    def apply_move(state: Any, move: Move) -> Any:
        phase = state.phase
        if (
            phase is not over_phase
            and phase is not deal_due_phase
            and move_check(state, move) is None
        ):
            return transition(state, move)
        return apply_checked(state, move, None)

    return apply_move


_UNRESOLVED: Any = object()
"""What `TrickGame._checks_by_type` gives for a move type not yet resolved."""


def _listed_for(table: Mapping[type[Move], EntryT], move_type: type[Move]) -> EntryT | None:
    """The entry of ``move_type`` in ``table``, else of the nearest type it derives from."""
    entry = table.get(move_type)
    if entry is None:
        for base in move_type.__mro__[1:]:
            entry = table.get(base)
            if entry is not None:
                break
    return entry


def seat_to_act(deal_due_phase: Any, over_phase: Any) -> Callable[[Any, Any], int | Chance | None]:
    """A game's `current_player` method: `CHANCE` in ``deal_due_phase``, ``None`` in
    ``over_phase``, else the state's ``to_act`` (the phases are held by the function itself,
    which reads them faster than attributes of the game)."""

    def current_player(game: Any, state: Any) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        phase = state.phase
        if phase is deal_due_phase:
            return CHANCE
        if phase is over_phase:
            return None
        to_act: int = state.to_act
        return to_act

    return current_player


_PARSED_TEXTS_LIMIT = 1024
"""The most move texts a game remembers (`TrickGame.parse_move`): more than the moves of every
state-free keyword of a game (a pack's plays, a few keywords)."""


class StateFreeParser:
    """A keyword's parser that reads the words alone, never the state: the same text always
    gives the same move, so `TrickGame.parse_move` may remember it."""

    __slots__ = ("_parse",)

    def __init__(self, parse: MoveParser) -> None:
        self._parse = parse

    def __call__(self, state: Any, arguments: list[str], text: str) -> Move:
        return self._parse(state, arguments, text)


def keyword_parser(move: KeywordMove) -> MoveParser:
    """The parser of a move written as its keyword alone (``pass``, ``draw``): ``move``."""
    keyword = move.keyword

    def parse(state: Any, arguments: list[str], text: str) -> Move:
        if arguments:
            raise NotationError(f"{keyword!r} takes no argument: {shown(text)}")
        return move

    return StateFreeParser(parse)


def play_parser(example: str) -> MoveParser:
    """The parser of ``play <card>`` (``example`` is the card its message shows): the interned
    play of a piquet card, a new `Play` of any other card (which `check` then refuses)."""

    def parse(state: Any, arguments: list[str], text: str) -> Move:
        if len(arguments) != 1:
            raise NotationError(f"'play' takes one card, as in 'play {example}': {shown(text)}")
        card = parse_card(arguments[0])
        index = PIQUET_INDEX_BY_CODE[card.code]
        return Play(card) if index < 0 else PIQUET_PLAYS[index]

    return StateFreeParser(parse)


class OpeningStates(Generic[StateT]):
    """The state of a new match for each options record and dealer, built once and shared
    (states are immutable). Remembered by the record's identity, which stays valid while the
    remembered state holds the record; forgotten all at once beyond ``limit`` entries."""

    __slots__ = ("_build", "_limit", "_states")

    def __init__(self, build: Callable[[Any, int], StateT], limit: int = 256) -> None:
        self._build = build
        self._limit = limit
        self._states: dict[tuple[int, int], StateT] = {}

    def __call__(self, options: Any, dealer: int) -> StateT:
        """The opening state of ``options`` with ``dealer`` to deal."""
        key = (id(options), dealer)
        state = self._states.get(key)
        if state is None:
            if len(self._states) >= self._limit:
                self._states.clear()
            state = self._states[key] = self._build(options, dealer)
        return state


def not_a_card(move: Play) -> Violation | None:
    """``card.not_held`` if ``move`` names something other than a `Card`, else ``None``."""
    if type(move.card) is Card:
        return None
    return Violation("card.not_held", f"a play names a card, not {type(move.card).__name__}")


def not_held(card: Card) -> Violation:
    """``card.not_held``: the seat to act does not hold ``card``."""
    return Violation("card.not_held", f"you do not hold {card.symbol}")


def broken_obligation(
    evaluator: TrickEvaluator, trump: int, hand: int, trick: Sequence[int], card: int
) -> Violation:
    """The first play obligation of ``evaluator`` that rules ``card`` (held in ``hand``) out of
    ``trick``, as a `Violation` with its rule id and message; the caller knows one does."""
    found = evaluator.violation(trump, hand, trick, card)
    assert found is not None, "the card is allowed: no obligation rules it out"
    obligation, message = found
    return Violation(obligation.rule, message)
