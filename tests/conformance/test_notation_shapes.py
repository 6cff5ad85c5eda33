"""Move notation, bad and good, in the same shapes for every registered game (DESIGN.md §1.7, §3).

Every malformed text is a `NotationError` from `parse_move`, `check` and `apply` alike, with a
message, in every state of a seeded match, and leaves the state as it was. The shapes are the
same for every game (empty text, unknown and foreign keywords, bad card tokens, wrong argument
counts, deal texts with a missing, repeated, unknown or misplaced field); what differs is read
from `GRAMMARS`, one small entry per game, and from the game's own deal text.

The positive side: keywords and cards are case-insensitive, ``T`` stands for 10, suit symbols
and runs of spaces are accepted, and every legal move's text is canonical and parses back to it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import parlour
from parlour import NotationError
from parlour.base import option_checks
from parlour.engine import get_game
from tests.helpers import unchanged


@dataclass(frozen=True)
class Grammar:
    """The shape of one game's move notation, from DESIGN.md §3 and the game's rules page.

    Every registered game needs an entry in `GRAMMARS`, keyed by its name; the generic tests
    build their tables from it. An entry lists every move keyword but ``deal`` (the deal's shape
    is read from the game's own deal text), each under the shape of its arguments:

    * ``alone``: keywords written alone (``pass``, ``draw``);
    * ``one_card``: a keyword followed by exactly one card (``play``);
    * ``some_cards``: one card or more (Bezique's ``meld``);
    * ``any_cards``: none or more (Écarté's ``discard``; ``discard`` alone keeps the hand);
    * ``other``: keywords with an argument shape of their own (Belote's ``take [suit]``), which
      ``well_formed`` must show and ``malformed`` must break;
    * ``well_formed``: texts that parse (at least one for each ``other`` keyword);
    * ``malformed``: the game's own malformed texts beyond the generic shapes (a bad suit after
      ``take``, a card named twice, too many cards), each a `NotationError` in every state.

    Burraco's entry, for instance, would read: ``alone=("draw", "pickup")``,
    ``one_card=("discard",)``, ``some_cards=("meld",)``, ``other=("add",)``, ``well_formed``
    with ``add 1 7S``, and ``malformed`` with ``add``, ``add 1``, ``add x 7S``, ``add 0 7S``,
    ``add 1 ZZ`` (a meld number that is not a positive integer, or no cards).
    """

    alone: tuple[str, ...] = ()
    one_card: tuple[str, ...] = ()
    some_cards: tuple[str, ...] = ()
    any_cards: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    well_formed: tuple[str, ...] = ()
    malformed: tuple[str, ...] = ()

    @property
    def keywords(self) -> tuple[str, ...]:
        """Every keyword of the game but ``deal``."""
        return (*self.alone, *self.one_card, *self.some_cards, *self.any_cards, *self.other)


GRAMMARS: dict[str, Grammar] = {
    "belote": Grammar(
        alone=("pass",),
        one_card=("play",),
        other=("take",),
        well_formed=("take", "take H", "take s", "TAKE ♣"),
        malformed=("take X", "take H S", "take 10", "take 7S", "take HH", "take hearts"),
    ),
    "bezique": Grammar(
        alone=("exchange", "show", "draw"),
        one_card=("play",),
        some_cards=("meld",),
    ),
    "burraco": Grammar(
        alone=("draw", "pickup"),
        one_card=("discard",),
        some_cards=("meld",),
        other=("add",),
        well_formed=("add 1 7S", "add 2 7s 8S", "ADD 1 JK = 5H 6H 7H JK"),
        malformed=(
            "add", "add 1", "add x 7S", "add -1 7S", "add 1.5 7S", "add 1 ZZ", "add 1 7S = ",
            "add 1 = 7S", "add 1 7S = 5S 6S 7S = 8S", "add 99999 7S", "add 0 7S", "meld 2H 1H",
        ),
    ),
    "coinche": Grammar(
        alone=("pass", "coinche", "surcoinche"),
        one_card=("play",),
        other=("bid",),
        well_formed=(
            "bid 80 H", "bid 160 c", "BID CAPOT S", "bid 90 SA", "bid 100 ta", "bid generale H",
            "bid 80 ♥",
        ),
        malformed=(
            "bid", "bid 80", "bid 85 H", "bid 170 H", "bid 70 H", "bid 80 X", "bid 80 H S",
            "bid capot", "bid H 80", "bid 80 7S", "bid -80 H",
        ),
    ),
    "ecarte": Grammar(
        alone=("propose", "accept", "refuse", "king"),
        one_card=("play",),
        any_cards=("discard",),
        malformed=("discard 7S 7S", "discard 7s 7S", "discard 7S 8S 9S 10S JS QS"),
    ),
    "toy": Grammar(one_card=("play",)),
}
"""Each registered game's notation (see `Grammar`)."""

DESIGN_KEYWORDS = {
    "belote": ("pass", "take", "play"),
    "ecarte": ("propose", "accept", "refuse", "discard", "king", "play"),
    "bezique": ("play", "meld", "exchange", "show", "draw"),
    "burraco": ("draw", "pickup", "meld", "add", "discard"),
}
"""The keywords DESIGN.md §3 gives each game: the source of 'another game's keyword'."""

DESIGN_DEAL_FIELDS = ("hands", "turnup", "stock", "talon", "pozzetti", "discard")
"""Every deal field name DESIGN.md §3 gives any game."""

UNKNOWN_KEYWORDS = (
    "overcall 80 H", "double", "declare KS QS", "marry KS QS", "frobnicate", "7S", "playy 7S",
    "pla 7S", "plays 7S", "play7S", "deals", "-", "deal:",
)  # fmt: skip
"""Texts whose keyword no game has."""

BAD_CARDS = ("1H", "11S", "ZZ", "10X", "XS", "Q", "H")
"""Card tokens that are no card: a rank that does not exist, two bad letters, a bad suit, a rank
or a suit alone. The empty token is tried inside deal fields (``7S,,8S``)."""

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9]|[JQKA])([SHDC])(?![0-9A-Za-z])")
"""A card in canonical text (upper-case rank and suit letters)."""

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def grammar(game: str) -> Grammar:
    """The game's entry in `GRAMMARS`; fails, saying what to add, when there is none."""
    entry = GRAMMARS.get(game)
    if entry is None:
        pytest.fail(
            f"the game {game!r} is registered but has no notation table: add "
            f"GRAMMARS[{game!r}] in tests/conformance/test_notation_shapes.py "
            "(the Grammar docstring says what it must contain)"
        )
    return entry


# --- states and texts ---------------------------------------------------------------------------


def _match(game: str, seed: int, curious: bool) -> list[Any]:
    """The states of one seeded match of ``game`` (a single deal where ``target`` allows it).

    A curious match prefers a move whose keyword it has not played yet, so that it passes
    through every phase (an Écarté exchange, a Bezique meld); otherwise moves are uniform."""
    specs = option_checks(get_game(game).options_type)
    options = {"target": None} if "target" in specs else {}
    state = parlour.new_game(game, options=options)
    rng = random.Random(seed)
    played: set[str] = set()
    states = [state]
    for _ in range(5000):
        if parlour.is_over(state):
            break
        move: parlour.Move
        if parlour.is_chance(state):
            move = parlour.random_deal(state, rng)
        else:
            moves = list(parlour.legal_moves(state))
            new = [one for one in moves if str(one).split()[0] not in played]
            if curious and new:
                moves = new
            move = moves[rng.randrange(len(moves))]
            played.add(str(move).split()[0])
        state = parlour.apply(state, move)
        states.append(state)
    return states


@cache
def walk(game: str) -> tuple[Any, ...]:
    """Every state of two seeded matches of ``game``, one uniform and one curious, each from
    its deal due to its end."""
    return (*_match(game, 2024, curious=False), *_match(game, 7, curious=True))


def _signature(state: Any) -> tuple[str, frozenset[str]]:
    player = parlour.current_player(state)
    kind = "chance" if player is parlour.CHANCE else "over" if player is None else "seat"
    return kind, frozenset(str(move).split()[0] for move in parlour.legal_moves(state))


@cache
def sample_states(game: str) -> tuple[Any, ...]:
    """States of `walk` in every phase: the first state of each kind of turn (chance, each set
    of legal keywords, over) and every fifth state besides."""
    seen: set[tuple[str, frozenset[str]]] = set()
    chosen = []
    for number, state in enumerate(walk(game)):
        signature = _signature(state)
        if signature not in seen or number % 5 == 0:
            seen.add(signature)
            chosen.append(state)
    return tuple(chosen)


@cache
def deal_fields(game: str) -> tuple[str, ...]:
    """The fields of a deal text of ``game``, each ``name:body``, in order."""
    state = parlour.new_game(game)
    return tuple(str(parlour.random_deal(state, random.Random(0))).split()[1:])


def _deal(fields: list[str]) -> str:
    return " ".join(["deal", *fields])


def deal_shapes(game: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Malformed deal texts, built from a good deal text of the game: (label, text, the words
    the message must contain: the bad card, or the field that is wrong, or every field)."""
    fields = list(deal_fields(game))
    names = tuple(field.partition(":")[0] for field in fields)
    shapes = [
        ("no fields", "deal", names),
        ("a field too many", _deal([*fields, "extra:7S"]), names),
        ("a nameless field too many", _deal([*fields, "7S"]), names),
    ]

    def put(i: int, field: str) -> str:
        return _deal([*fields[:i], field, *fields[i + 1 :]])

    for i, name in enumerate(names):
        shapes.append((f"{name} missing", _deal(fields[:i] + fields[i + 1 :]), (name,)))
        shapes.append((f"{name} repeated", _deal(fields[: i + 1] + fields[i:]), (name,)))
        if i + 1 < len(fields):
            shapes.append((f"{name} in place of the next", put(i + 1, fields[i]), (name,)))
            swapped = [*fields[:i], fields[i + 1], fields[i], *fields[i + 2 :]]
            shapes.append((f"{name} after {names[i + 1]}", _deal(swapped), (name,)))
        body = fields[i].partition(":")[2]
        for unknown in ("nowhere", *(f for f in DESIGN_DEAL_FIELDS if f not in names)):
            shapes.append((f"{name} named {unknown}", put(i, f"{unknown}:{body}"), (name,)))
        shapes.append((f"{name} without its name", put(i, body), (name,)))
        shapes.append((f"{name} without a colon", put(i, name + body), (name,)))
        first = re.split(r"[,/]", body)[0]
        for token in BAD_CARDS:
            bad = body.replace(first, token, 1)
            shapes.append((f"{token} in {name}", put(i, f"{name}:{bad}"), (token,)))
        empty = body.replace(first, first + ",", 1)
        shapes.append((f"an empty card in {name}", put(i, f"{name}:{empty}"), ()))
    return shapes


def malformed_texts(game: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every malformed text for ``game``: (label, text, the words the message must contain)."""
    entry = GRAMMARS[game]
    own = set(entry.keywords)
    texts: list[tuple[str, str, tuple[str, ...]]] = [("empty", "", ()), ("spaces", "   ", ())]
    texts += [("unknown keyword", text, (text.split()[0],)) for text in UNKNOWN_KEYWORDS]
    foreign = sorted({kw for kws in DESIGN_KEYWORDS.values() for kw in kws} - own)
    foreign += sorted(
        {kw for other in GRAMMARS.values() for kw in other.keywords} - own - set(foreign)
    )
    for keyword in foreign:
        for text in (keyword, f"{keyword} 7S", f"{keyword} H", f"{keyword} 7S 8S"):
            texts.append(("another game's keyword", text, (keyword,)))
    for keyword in entry.alone:
        for text in (f"{keyword} 7S", f"{keyword} {keyword}", f"{keyword} now", f"{keyword} 2"):
            texts.append(("an argument too many", text, (keyword,)))
    for keyword in entry.one_card:
        texts.append(("no card", keyword, (keyword,)))
        for text in (f"{keyword} 7S 8S", f"{keyword} 7S 7S"):
            texts.append(("a card too many", text, (keyword,)))
        texts.append(("cards joined by a comma", f"{keyword} 7S,8S", ("7S,8S",)))
    for keyword in entry.some_cards:
        texts.append(("no card", keyword, (keyword,)))
    for keyword in (*entry.some_cards, *entry.any_cards):
        texts.append(("cards joined by a comma", f"{keyword} 7S,8S", ("7S,8S",)))
    for token in BAD_CARDS:
        for keyword in entry.one_card:
            texts.append(("a bad card", f"{keyword} {token}", (token,)))
        for keyword in (*entry.some_cards, *entry.any_cards):
            texts.append(("a bad card", f"{keyword} {token}", (token,)))
            texts.append(("a bad card", f"{keyword} 7S {token}", (token,)))
    texts += [("the game's own shape", text, ()) for text in entry.malformed]
    texts += deal_shapes(game)
    return texts


def _cases() -> list[Any]:
    cases = []
    for game in parlour.game_names():
        if game in GRAMMARS:
            for label, text, words in malformed_texts(game):
                cases.append(pytest.param(game, text, words, id=f"{game}-{label}-{text[:40]}"))
    return cases


# --- the table ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", parlour.game_names())
def test_every_registered_game_has_a_grammar(game: str) -> None:
    grammar(game)


@pytest.mark.parametrize("game", parlour.game_names())
def test_the_grammar_names_every_keyword_and_each_parses(game: str) -> None:
    entry = grammar(game)
    seen = {str(move).split()[0] for state in walk(game) for move in parlour.legal_moves(state)}
    assert seen <= set(entry.keywords), (
        f"keywords missing from GRAMMARS[{game!r}]: {seen - set(entry.keywords)}"
    )
    assert len(set(entry.keywords)) == len(entry.keywords), "a keyword is listed twice"
    assert set(DESIGN_KEYWORDS.get(game, entry.keywords)) == set(entry.keywords)
    state = walk(game)[1]
    samples = [
        *entry.alone,
        *(f"{kw} 7S" for kw in (*entry.one_card, *entry.some_cards, *entry.any_cards)),
        *entry.any_cards,
        *entry.well_formed,
    ]
    for text in samples:
        move = parlour.parse_move(state, text)
        assert str(move).split()[0] == text.split()[0].lower()
    for keyword in entry.other:
        assert any(text.split()[0].lower() == keyword for text in entry.well_formed), keyword


# --- malformed text -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "text", "words"), _cases())
def test_malformed_text_is_a_notation_error(game: str, text: str, words: tuple[str, ...]) -> None:
    calls: list[Callable[[Any, str], object]] = [
        parlour.parse_move,
        lambda state, move: parlour.check(state, move),
        lambda state, move: parlour.apply(state, move),
    ]
    for state in sample_states(game):
        with unchanged(state):
            for call in calls:
                with pytest.raises(NotationError) as raised:
                    call(state, text)
                message = str(raised.value)
                assert message.strip(), f"{text!r}: an empty message"
                assert isinstance(raised.value, ValueError)
                assert isinstance(raised.value, parlour.ParlourError)
                for word in words:  # the message names what is wrong
                    assert word.lower() in message.lower(), f"{text!r}: {message!r}"


@pytest.mark.parametrize("game", parlour.game_names())
@pytest.mark.parametrize("value", [None, 3, 42, 3.5, b"pass", ["pass"]], ids=repr)
def test_parse_move_of_something_that_is_not_text(game: str, value: object) -> None:
    grammar(game)
    for state in (walk(game)[0], walk(game)[1]):
        with unchanged(state), pytest.raises(NotationError) as raised:
            parlour.parse_move(state, value)  # type: ignore[arg-type]
        assert str(raised.value).strip()


@pytest.mark.parametrize("game", parlour.game_names())
def test_check_and_apply_of_something_that_is_not_text_or_a_move(game: str) -> None:
    """DESIGN.md §1.7: a value of the wrong Python type where a move is expected is a plain
    TypeError naming what was expected."""
    for state in (walk(game)[0], walk(game)[1]):
        for value in (None, 3, b"pass"):
            with unchanged(state):
                with pytest.raises(TypeError, match="Move or its text"):
                    parlour.check(state, value)  # type: ignore[arg-type]
                with pytest.raises(TypeError, match="Move or its text"):
                    parlour.apply(state, value)  # type: ignore[arg-type]


# --- well-formed text ---------------------------------------------------------------------------


def _cards_as(text: str, rewrite: Callable[[str, str], str]) -> str:
    return CARD_TOKEN.sub(lambda match: rewrite(match.group(1), match.group(2)), text)


def _mixed_case(text: str, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(char.upper() if rng.random() < 0.5 else char.lower() for char in text)


def variants(text: str) -> dict[str, str]:
    """Texts that DESIGN.md §3 reads as ``text``: other cases, ``T`` for 10, suit symbols, runs
    of spaces, and all of them at once."""
    ten = _cards_as(text, lambda rank, suit: ("T" if rank == "10" else rank) + suit)
    symbols = _cards_as(text, lambda rank, suit: rank + SYMBOLS[suit])
    spaced = "  " + text.replace(" ", "    ") + " "
    every = _cards_as(text, lambda rank, suit: ("T" if rank == "10" else rank) + SYMBOLS[suit])
    every = "   " + _mixed_case(every, 7).replace(" ", "  ") + "  "
    return {
        "upper": text.upper(),
        "lower": text.lower(),
        "title": text.title(),
        "mixed": _mixed_case(text, len(text)),
        "T for 10": ten,
        "t for 10": ten.replace("T", "t"),
        "symbols": symbols,
        "spaces": spaced,
        "every": every,
    }


@pytest.mark.parametrize("game", parlour.game_names())
def test_legal_moves_are_canonical_and_read_back_in_every_spelling(game: str) -> None:
    grammar(game)
    for state in walk(game):
        for move in parlour.legal_moves(state):
            text = str(move)
            assert parlour.format_move(move) == text
            assert text == " ".join(text.split()), f"{text!r}: not single-spaced"
            keyword, *arguments = text.split()
            assert re.fullmatch("[a-z]+", keyword), f"{text!r}: the keyword is not lower-case"
            for token in arguments:
                if CARD_TOKEN.fullmatch(token.upper()) or token.upper() == "JK":
                    assert token == parlour.parse_card(token).text, f"{text!r}: {token}"
            assert parlour.parse_move(state, text) == move
            for name, spelling in variants(text).items():
                parsed = parlour.parse_move(state, spelling)
                assert parsed == move, f"{name}: {spelling!r}"
                assert str(parsed) == text


@pytest.mark.parametrize("game", parlour.game_names())
def test_a_deal_is_read_back_in_every_spelling(game: str) -> None:
    grammar(game)
    state = walk(game)[0]
    deal = parlour.random_deal(state, random.Random(5))
    text = str(deal)
    assert text == " ".join(text.split())
    assert parlour.parse_move(state, text) == deal
    for field in text.split()[1:]:
        name, _, body = field.partition(":")
        assert re.fullmatch("[a-z]+", name)
        assert all(
            token == parlour.parse_card(token).text for token in re.split(r"[,/]", body) if token
        )
    spellings = variants(text)
    hands = next(field for field in text.split()[1:] if field.startswith("hands:"))
    reversed_hands = "hands:" + "/".join(
        ",".join(hand.split(",")[::-1]) for hand in hands[6:].split("/")
    )
    spellings["hands in another order"] = text.replace(hands, reversed_hands)
    after = parlour.apply(state, deal)
    for name, spelling in spellings.items():
        parsed = parlour.parse_move(state, spelling)
        assert parsed == deal, f"{name}: {spelling!r}"
        assert str(parsed) == text
        assert parlour.apply(state, spelling) == after
