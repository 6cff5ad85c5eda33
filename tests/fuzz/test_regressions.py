"""Regression tests for the defects the fuzzers found, each at its root and through the public
API (see docs/fuzzing.md)."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour import IllegalMoveError, LogError, NotationError, read_log, write_log
from parlour.base import (
    Card,
    parse_card,
)
from parlour.belote import Take
from parlour.burraco import Add
from parlour.burraco import Discard as BurracoDiscard
from parlour.burraco import Meld as BurracoMeld
from parlour.burraco._meld_reading import read_addition, read_meld
from parlour.burraco._meld_tables import MeldRules
from parlour.engine import (
    Move,
    Play,
    get_game,
    make_deal,
)


def _cards(text: str) -> list[Card]:
    return [parse_card(token) for token in text.split()]


def _deal_giving_seat_one(wanted: list[Card]) -> str:
    """A 4-player Burraco deal text: the deck in canonical order, with ``wanted`` moved to the
    front of seat 1's hand (seat 1 plays first when seat 0 deals)."""
    state = parlour.new_game("burraco")
    game = get_game("burraco")
    fields = game.deal_fields(parlour.options(state))
    cards = list(game.deck)
    for card in wanted:
        cards.remove(card)
    hand_size = fields[0].sizes[0]
    cards[hand_size:hand_size] = wanted
    groups = []
    for field in fields:
        groups.append([[cards.pop(0) for _ in range(size)] for size in field.sizes])
    return str(make_deal(fields, groups))


def test_adding_more_cards_than_any_sequence_holds_is_a_violation_not_a_crash() -> None:
    """An add of many cards onto a sequence made the meld engine shift by a negative count
    (``ValueError: negative shift count``) while parsing the add; it is now
    ``burraco.sequence_too_long`` (more than 14 cards) or the card that does not fit."""
    rules = MeldRules()
    sequence = read_meld(_cards("4C 5C 6C"), rules)
    assert not isinstance(sequence, parlour.Violation)
    clubs = "7C 8C 9C 10C JC QC KC AC 3C 2C JK 7C 8C 9C"
    too_long = read_addition(sequence, clubs.split(), rules)
    assert isinstance(too_long, parlour.Violation)
    assert too_long.rule == "burraco.sequence_too_long"
    mixed = read_addition(sequence, ("8H " + clubs).split(), rules)
    assert isinstance(mixed, parlour.Violation) and mixed.rule == "burraco.does_not_fit"


def test_a_long_add_through_the_public_api_is_refused_with_a_rule() -> None:
    state = parlour.new_game("burraco")
    deal = _deal_giving_seat_one(_cards("4C 5C 6C"))
    for text in (deal, "draw", "meld 4C 5C 6C"):
        state = parlour.apply(state, text)
    long_add = "add 1 7C 8C 9C 10C JC QC KC AC 3C 2C JK 7C 8C 9C"
    try:
        violation = parlour.check(state, long_add)
    except NotationError as error:  # an ambiguous add would be notation, not a crash
        raise AssertionError(error) from None
    assert violation is not None
    assert violation.rule in ("card.not_held", "burraco.sequence_too_long")
    moves = [deal, "draw", "meld 4C 5C 6C", long_add]
    report = parlour.validate({"format": "parlour-log/1", "game": "burraco", "moves": moves})
    assert report.error is not None and report.error.kind == "illegal"
    assert report.error.move_index == 3


NOT_JSON = {
    "nan": float("nan"),
    "infinity": [float("inf")],
    "set": {1, 2},
    "bytes": b"pass",
    "int key": {1: "one"},
    "tuple key": {("a", "b"): 2},
    "object": object(),
}


def test_a_log_object_holding_what_json_cannot_is_a_format_problem() -> None:
    """`read_log` took a mapping holding NaN, a set, bytes or a non-string key in an unknown key,
    and `write_log` of the log it returned then raised ``ValueError`` or ``TypeError`` (or
    turned the key ``1`` into ``"1"``); such a log is now a `LogError` and a ``format``
    problem, and a log that reads is one that writes back."""
    start = {"format": "parlour-log/1", "game": "ecarte", "moves": []}
    for name, value in NOT_JSON.items():
        log = {**start, "site": {"note": value}}
        with pytest.raises(LogError):
            read_log(log)
        report = parlour.validate(log)
        assert report.error is not None and report.error.kind == "format", name
        assert report.error.message.startswith(("a log may hold", "the keys of")), name
    written = write_log(read_log({**start, "site": {"ratio": 0.5, "flag": True, "none": None}}))
    assert json.loads(written)["site"] == {"ratio": 0.5, "flag": True, "none": None}


def _odd_moves() -> dict[str, Move]:
    """Moves built by hand with contents that are not cards (or suits, or a meld number)."""
    return {
        "Play(None)": Play(None),  # type: ignore[arg-type]
        "Play('7S')": Play("7S"),  # type: ignore[arg-type]
        "Take('x')": Take("x"),  # type: ignore[arg-type]
        "burraco Discard(None)": BurracoDiscard(None),  # type: ignore[arg-type]
        "burraco Meld((None,))": BurracoMeld((None,)),  # type: ignore[arg-type]
        "Add(1, (None,))": Add(1, (None,)),  # type: ignore[arg-type]
        "Add(1, 5)": Add(1, 5),  # type: ignore[arg-type]
        "Add(huge, ())": Add(10**5000, ()),
    }


@pytest.mark.parametrize("game", parlour.game_names())
def test_hand_built_moves_of_non_cards_are_refused_at_any_state(game: str) -> None:
    """Formatting a move built by hand with a non-card inside raised ``AttributeError`` (or
    ``TypeError``, ``ValueError``) from ``str(move)`` in a violation message: at a chance node
    (``turn.deal_due``) in every game, and for another game's move (``phase.wrong_move``). A
    move's text is now always made (non-cards shown in angle brackets), so `check` gives the
    violation and `apply` raises it."""
    chance = parlour.new_game(game)
    in_play = parlour.new_game(game, seed=2)
    for name, move in _odd_moves().items():
        assert "<" in str(move) and "<" in repr(move), name
        for state, rules in ((chance, ("turn.deal_due",)), (in_play, None)):
            violation = parlour.check(state, move)
            assert violation is not None, (name, state)
            assert rules is None or violation.rule in rules, (name, violation)
            with pytest.raises(IllegalMoveError) as refused:
                parlour.apply(state, move)
            assert refused.value.rule == violation.rule


def test_a_burraco_discard_of_an_unhashable_value_is_not_held() -> None:
    """Burraco looked a hand-built discard's card up in its face table before checking it was a
    card, so ``Discard([])`` raised ``TypeError: unhashable type``; it is ``card.not_held``."""
    state = parlour.apply(parlour.new_game("burraco", seed=2), "draw")
    odd_cards: tuple[object, ...] = ([], {}, None, "7S")
    for odd in odd_cards:
        violation = parlour.check(state, BurracoDiscard(odd))  # type: ignore[arg-type]
        assert violation is not None and violation.rule == "card.not_held", odd
