"""Helpers every game's tests share: card groups, deal texts, scripted moves, refusals.

Cards are written in the notation (``"JH"``, ``"10S"``); a group of cards may be given as one
string separated by spaces or commas, or as a sequence of card texts. Each game's own
``tests/<game>/helpers.py`` adds what is particular to it (its deal layout, its ways of reaching
a position) and builds on these.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import attrs
import pytest

import parlour
from parlour import IllegalMoveError, ParlourError
from parlour.base import (
    Card,
    parse_card,
)
from parlour.engine import get_game
from parlour.games import GAMES

__all__ = [
    "BUILT_IN",
    "PETTINGZOO_PROBE",
    "Cards",
    "assert_option_defaults",
    "card",
    "card_mask",
    "cards",
    "deal_text_of",
    "joined",
    "legal_texts",
    "refused",
    "run",
    "snapshot",
    "texts",
    "tolerating_the_pettingzoo_probe",
    "unchanged",
]

S = TypeVar("S")

BUILT_IN: tuple[str, ...] = tuple(game.name for game in GAMES)
"""The names of the built-in games (`parlour.games.GAMES`), for suites about what ships with
them: their pages, golden files, violation corpus and published schemas. Suites about every
registered game read `parlour.game_names()`, which also holds the test-only toy game."""

Cards = str | Sequence[str]
"""Card texts: ``"JH 9H AH"`` (spaces or commas) or ``["JH", "9H", "AH"]``."""


def cards(group: Cards) -> list[Card]:
    """The cards of a group of card texts."""
    tokens = group.replace(",", " ").split() if isinstance(group, str) else list(group)
    return [parse_card(token) for token in tokens]


def card(text: str) -> Card:
    """One card."""
    return parse_card(text)


def texts(group: Cards) -> list[str]:
    """The canonical texts of a group of cards."""
    return [one.text for one in cards(group)]


def joined(group: Cards) -> str:
    """A group of cards as one comma-separated field of a deal text (``7S,8S``)."""
    return ",".join(texts(group))


def card_mask(group: Cards, index: Callable[[Card], int]) -> int:
    """The mask of a group of cards, each card's bit given by the game's ``index``."""
    result = 0
    for one in cards(group):
        result |= 1 << index(one)
    return result


def deal_text_of(fields: Sequence[tuple[str, Sequence[Cards]]]) -> str:
    """The text of a deal move from its fields in order, each a name and its groups (hands, or
    a single pile): ``deal hands:7S,8S/9S,10S turnup:KH stock:…``. No check is made, so that
    bad layouts can be written to test them."""
    return "deal " + " ".join(
        f"{name}:" + "/".join(joined(group) for group in groups) for name, groups in fields
    )


def run(state: S, moves: str | Iterable[str]) -> S:
    """Apply scripted moves (a list, or one string separated by ``;``) and return the state."""
    if isinstance(moves, str):
        moves = [move for move in moves.split(";") if move.strip()]
    for move in moves:
        state = parlour.apply(state, move)
    return state


def legal_texts(state: Any) -> list[str]:
    """The legal moves' texts, in the engine's order."""
    return [str(move) for move in parlour.legal_moves(state)]


def snapshot(state: Any) -> bytes:
    """The pickled state, to check that a refused move changed nothing."""
    return pickle.dumps(state)


@contextmanager
def unchanged(state: Any) -> Iterator[None]:
    """Assert that the block leaves ``state`` as it was: the same pickle, and equal to a deep
    copy taken before."""
    before = snapshot(state)
    twin = copy.deepcopy(state)
    yield
    assert snapshot(state) == before, "the state was changed"
    assert state == twin, "the state was changed"


def refused(state: Any, move: str, rule: str, *, seat: int | None = None) -> str:
    """Assert that ``move`` is refused with ``rule`` by `check` and `apply` alike, with the same
    message, that the error names the rule and the move, that the move is not among the legal
    moves (when no seat is given) and that the state is unchanged; return the message."""
    with unchanged(state):
        violation = parlour.check(state, move, seat=seat)
        assert violation is not None, f"{move!r} was accepted"
        assert violation.rule == rule, f"{move!r}: {violation}"
        with pytest.raises(IllegalMoveError) as raised:
            parlour.apply(state, move, seat=seat)
        error = raised.value
        assert error.rule == rule
        assert error.message == violation.message
        assert str(error.move) == str(parlour.parse_move(state, move))
        assert rule in str(error)
        assert isinstance(error, ValueError)
        assert isinstance(error, ParlourError)
        if seat is None:
            assert str(parlour.parse_move(state, move)) not in legal_texts(state)
    return violation.message


def assert_option_defaults(game: str, defaults: Mapping[str, Any]) -> None:
    """Assert that ``game``'s options are exactly ``defaults``' names, in that order, with those
    default values (the values the rules file gives), and that a new match uses them."""
    options_type = get_game(game).options_type
    assert [field.name for field in attrs.fields(options_type)] == list(defaults)
    record = options_type()
    assert {name: getattr(record, name) for name in defaults} == dict(defaults)
    assert parlour.options(parlour.new_game(game)) == record


PETTINGZOO_PROBE = {"options": 1}
"""What PettingZoo's ``api_test`` passes to ``reset`` first, only to see that it takes the
``seed`` and ``options`` keywords. parlour's ``reset`` refuses it (``options`` must be parlour
options, and ``options`` is none of them), so ``api_test`` runs on an environment whose
``reset`` reads that one probe as no options (`tolerating_the_pettingzoo_probe`)."""


def tolerating_the_pettingzoo_probe(environment: Any) -> Any:
    """``environment`` with its ``reset`` reading `PETTINGZOO_PROBE` as no options."""
    strict = environment.reset

    def reset(seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        strict(seed=seed, options=None if options == PETTINGZOO_PROBE else options)

    environment.reset = reset
    return environment
