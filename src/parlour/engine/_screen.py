"""A seat's screen as text, for terminal front-ends: how cards are written (`CardStyle`: suit
symbols and colour, or plain letters), the zones of a view in a game's own words (`Zone`, read
by a game's ``screen`` hook, `SupportsScreen`), the built-in bot's move with its reason
(`SupportsHint`), and the shapes of a game's moves read from their notation (`move_forms`).

Every zone is written from what one seat may see: its view and the events `events_for` gives
it, never the full state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from parlour.base import Card, NotationError, Suit, parse_card
from parlour.engine._events import Event
from parlour.engine._moves import Move

__all__ = [
    "PLAIN",
    "CardStyle",
    "MoveForm",
    "SupportsHint",
    "SupportsScreen",
    "Zone",
    "move_forms",
    "seat_name",
]

_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
_RED = "\x1b[31m"
_RESET = "\x1b[0m"
_JOKER_SYMBOL = "🃏"
_JOKER_TEXT = "JK"


@attrs.frozen
class CardStyle:
    """How a screen writes cards and suits: with suit symbols (``10♥``) or in the notation's
    plain letters (``10H``); with ``colour``, the red suits in red (ANSI escapes: only for a
    terminal)."""

    symbols: bool
    colour: bool

    def card(self, card: Card) -> str:
        """One card: ``10♥`` (red when coloured) or ``10H``; the joker ``🃏`` or ``JK``."""
        if not self.symbols:
            return card.text
        if self.colour and card.suit in _RED_SUITS:
            return f"{_RED}{card.symbol}{_RESET}"
        return card.symbol

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces; ``-`` for none."""
        return " ".join(self.card(card) for card in cards) or "-"

    def suit(self, suit: Suit) -> str:
        """A suit: ``♥`` (red when coloured) or ``H``."""
        if not self.symbols:
            return suit.letter
        if self.colour and suit in _RED_SUITS:
            return f"{_RED}{suit.symbol}{_RESET}"
        return suit.symbol

    def text(self, text: str) -> str:
        """A sentence written with suit symbols (a game's narration), in this style: the
        symbols as letters when plain, the red ones in red when coloured."""
        if not self.symbols:
            text = text.replace(_JOKER_SYMBOL, _JOKER_TEXT)
            for suit in Suit:
                text = text.replace(suit.symbol, suit.letter)
            return text
        if self.colour:
            for suit in _RED_SUITS:
                text = text.replace(suit.symbol, f"{_RED}{suit.symbol}{_RESET}")
        return text


PLAIN = CardStyle(symbols=False, colour=False)
"""Cards in plain letters, no colour: for a stream that is not a terminal, or ``NO_COLOR``."""


@attrs.frozen
class Zone:
    """One line of a screen: a zone's label in the game's own words and what it holds."""

    label: str
    text: str


def seat_name(seat: int, viewer: int | None, teams: Sequence[Sequence[int]] = ()) -> str:
    """``you`` for the viewer's own seat, ``seat 2 (partner)`` for a partner, else ``seat 1``."""
    if seat == viewer:
        return "you"
    partner = any(seat in team and viewer in team for team in teams)
    return f"seat {seat} (partner)" if partner else f"seat {seat}"


@runtime_checkable
class SupportsScreen(Protocol):
    """A game that writes a seat's screen in its own words (``parlour play`` shows it): every
    zone of the ``view`` (the seat's own, with ``events``, what that seat was told since its
    last turn), and the last trick or turn as the view shows it (empty where the view keeps no
    such thing: the front-end then tells the last turn's events again)."""

    def screen(self, view: Any, events: Sequence[Event], style: CardStyle) -> tuple[Zone, ...]:
        ...

    def last_play(self, view: Any, style: CardStyle) -> tuple[str, ...]: ...


@runtime_checkable
class SupportsHint(Protocol):
    """A game whose built-in bot says why it picks a move: the bot's move for the seat to act
    of ``state`` (a determinization of what that seat sees, as agents get it) and the reason,
    in a line."""

    def hint(self, state: Any, rng: random.Random) -> tuple[Move, str]: ...


@attrs.frozen
class MoveForm:
    """How one kind of move is written: its ``form`` (``play <card>``, ``add <n> <card>…``)
    and up to three ``examples`` among the moves it was read from."""

    form: str
    examples: tuple[str, ...]


_EXAMPLES = 3


def _token_shape(token: str) -> str:
    if token.isascii() and token.isdigit():
        return "<n>"
    if token in ("S", "H", "D", "C"):
        return "<suit>"
    try:
        parse_card(token)
    except NotationError:
        return token
    return "<card>"


def _form(text: str) -> str:
    shapes: list[str] = []
    for token in text.split():
        shape = _token_shape(token)
        if shape == "<card>" and shapes and shapes[-1] in ("<card>", "<card>…"):
            shapes[-1] = "<card>…"
        else:
            shapes.append(shape)
    return " ".join(shapes)


def move_forms(moves: Iterable[Move], limit: int = 10_000) -> Mapping[str, tuple[MoveForm, ...]]:
    """The forms of ``moves`` (their notation with each card written ``<card>``, a run of cards
    ``<card>…``, a number ``<n>``, a suit letter ``<suit>``), by keyword in the order met, each
    with up to three examples; at most ``limit`` moves are read (Burraco's can run to
    thousands)."""
    found: dict[str, dict[str, list[str]]] = {}
    for count, move in enumerate(moves):
        if count >= limit:
            break
        text = str(move)
        keyword = text.split(" ", 1)[0]
        examples = found.setdefault(keyword, {}).setdefault(_form(text), [])
        if len(examples) < _EXAMPLES:
            examples.append(text)
    return {
        keyword: tuple(
            MoveForm(form=form, examples=tuple(examples)) for form, examples in forms.items()
        )
        for keyword, forms in found.items()
    }
