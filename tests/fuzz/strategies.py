"""Hypothesis strategies of hostile input: arbitrary and grammar-shaped text, arbitrary JSON
values (deep, huge, odd), and mutations of valid logs.

Grammar-shaped texts mix every game's keywords and card tokens, near-miss tokens, odd
whitespace and separators, so that the parsers are driven past their first token. Mutations
take a valid log object and apply a few edits: keys deleted, values of another type, moves
swapped, truncated, duplicated or replaced by huge, deep or odd values.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from tests.fuzz.samples import GAMES, KEYWORDS, SAMPLE_VARIANTS, card_tokens, sample_log

__all__ = [
    "HUGE_INT",
    "json_texts",
    "json_values",
    "move_texts",
    "mutated_logs",
    "odd_texts",
]

HUGE_INT = 10**5000
"""An integer beyond Python's default int/str conversion limit (4300 digits)."""

_NEAR_MISS_TOKENS = (
    "10", "1O", "T", "t♥", "11H", "0S", "1S", "JKK", "KJ", "SH", "♠", "10♥", "Q♢", "JK", "jk",
    "ａｓ", "١٠H", "AS,", ",AS", "AS/", "/", ",", ":", "hands:", "stock:", "turnup:", "talon:",
    "pozzetti:", "discard:", "=", "==", "-1", "0", "1", "2", "99999", "9" * 40, "\x00", "\ud800",
    "é", "ß", "ﬀ", "İ", "\u200b", "\u0301",
)  # fmt: skip
_CASES: dict[str, Callable[[str], str]] = {
    "as is": str,
    "upper": str.upper,
    "lower": str.lower,
    "swapped": str.swapcase,
}
_SPACES = (" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\x0b", "\x1c", "\u2028")


def _all_card_tokens() -> list[str]:
    tokens: dict[str, None] = {}
    for game in GAMES:
        for token in card_tokens(game):
            tokens.setdefault(token, None)
    return list(tokens)


_CARD_TOKENS = _all_card_tokens()


@st.composite
def _field(draw: st.DrawFn) -> str:
    """A deal field such as ``hands:7S,8S/9S`` with random names, groups and cards."""
    name = draw(st.sampled_from(("hands", "turnup", "stock", "talon", "pozzetti", "discard", "")))
    groups = draw(
        st.lists(
            st.lists(st.sampled_from(_CARD_TOKENS + list(_NEAR_MISS_TOKENS[:12])), max_size=12),
            max_size=5,
        )
    )
    return name + ":" + "/".join(",".join(group) for group in groups)


_TOKENS = st.one_of(
    st.sampled_from(KEYWORDS),
    st.sampled_from(_CARD_TOKENS),
    st.sampled_from(_NEAR_MISS_TOKENS),
    _field(),
    st.text(max_size=6),
)


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    """A move-shaped text: a keyword (usually), then tokens, joined by odd whitespace, in any
    letter case."""
    words = draw(st.lists(_TOKENS, max_size=14))
    if draw(st.booleans()):
        words.insert(0, draw(st.sampled_from(KEYWORDS)))
    spaces = draw(st.lists(st.sampled_from(_SPACES), min_size=len(words), max_size=len(words)))
    text = "".join(word + space for word, space in zip(words, spaces, strict=True))
    case = draw(st.sampled_from(sorted(_CASES)))
    return _CASES[case](text)


_HUGE_TEXTS = (
    ("play ", "7S", 50_000),
    ("meld ", "7S ", 20_000),
    ("deal hands:", "7S,", 30_000),
    ("deal ", "hands:/", 10_000),
    ("add ", "9", 5_000),
    ("add 1 ", "= ", 10_000),
    ("", " ", 100_000),
    ("", "\ud800", 10_000),
    ("", "x", 1_000_000),
)
"""Huge texts as (start, repeated part, repeats), built when drawn (their repr stays short)."""


def _huge_text(index: int) -> str:
    start, part, repeats = _HUGE_TEXTS[index]
    return start + part * repeats


def _huge_texts() -> st.SearchStrategy[str]:
    """Texts of tens of thousands of characters, shaped like moves and like nothing."""
    return st.builds(_huge_text, st.integers(0, len(_HUGE_TEXTS) - 1))


def _huge_int(sign: int) -> int:
    """An integer beyond Python's int/str conversion limit (built when drawn: its repr fails)."""
    return sign * HUGE_INT


def odd_texts() -> st.SearchStrategy[str]:
    """Arbitrary text, move-shaped text, and a few huge texts."""
    return st.one_of(st.text(), move_texts(), move_texts(), _huge_texts())


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.builds(_huge_int, st.sampled_from((1, -1))),
    st.sampled_from((2**63, -(2**63) - 1, 0, -1, 1)),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    odd_texts(),
)


def json_values(max_leaves: int = 20) -> st.SearchStrategy[Any]:
    """Arbitrary JSON-like values: scalars (huge ints, NaN, odd text), lists and objects."""
    return st.recursive(
        _SCALARS,
        lambda children: st.one_of(
            st.lists(children, max_size=4),
            st.dictionaries(st.text(max_size=8), children, max_size=4),
        ),
        max_leaves=max_leaves,
    )


def _dumps(value: Any) -> str:
    """``value`` as JSON text; a value ``json.dumps`` cannot write (an integer too long to
    print) becomes a log whose dealer is a 5,000-digit number literal."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except ValueError:
        return '{"format": "parlour-log/1", "game": "belote", "moves": [], "dealer": ' + (
            "9" * 5_000 + "}"
        )


def json_texts() -> st.SearchStrategy[str]:
    """JSON texts of arbitrary values (`json_values`)."""
    return st.builds(_dumps, json_values())


_NOT_JSON: tuple[Callable[[], Any], ...] = (
    lambda: {1, 2},
    lambda: b"pass",
    lambda: {1: "one"},
    lambda: {("a", "b"): 2},
    lambda: {None: 1},
    lambda: complex(1, 2),
    object,
)
"""Python values a mapping given as a log may hold but JSON cannot (built when drawn)."""


def _deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


_ODD_VALUES = st.one_of(
    json_values(),
    st.builds(_huge_int, st.just(1)),
    # a fresh copy of each: a mutation may fill the empty list or dict it put in the log
    st.sampled_from((True, 1.0, -1, 2**64, float("nan"), float("-inf"), "", "\ud800", [], {})).map(
        copy.deepcopy
    ),
    st.sampled_from(_NOT_JSON).map(lambda make: make()),
    st.builds(_deep, st.sampled_from((65, 1_000, 100_000))),
    st.builds(lambda n: "x" * n, st.sampled_from((5_000, 200_000))),
)
"""Values to put where a log expects something else: any type, huge, deep, empty, odd."""

Mutation = Callable[[dict[str, Any], st.DrawFn], None]
_LOG_KEYS = ("format", "game", "options", "dealer", "players", "moves", "result", "parlour")


def _delete_key(log: dict[str, Any], draw: st.DrawFn) -> None:
    key = draw(st.sampled_from(sorted(log)))
    del log[key]


def _retype_key(log: dict[str, Any], draw: st.DrawFn) -> None:
    log[draw(st.sampled_from(_LOG_KEYS))] = draw(_ODD_VALUES)


def _moves(log: dict[str, Any]) -> list[Any]:
    moves = log.get("moves")
    if not isinstance(moves, list):
        moves = []
        log["moves"] = moves
    return moves


def _swap_moves(log: dict[str, Any], draw: st.DrawFn) -> None:
    moves = _moves(log)
    if len(moves) >= 2:
        first = draw(st.integers(0, len(moves) - 1))
        second = draw(st.integers(0, len(moves) - 1))
        moves[first], moves[second] = moves[second], moves[first]


def _truncate_moves(log: dict[str, Any], draw: st.DrawFn) -> None:
    moves = _moves(log)
    del moves[draw(st.integers(0, len(moves))) :]


def _duplicate_move(log: dict[str, Any], draw: st.DrawFn) -> None:
    moves = _moves(log)
    if moves:
        index = draw(st.integers(0, len(moves) - 1))
        moves.insert(index, moves[index])


def _replace_move(log: dict[str, Any], draw: st.DrawFn) -> None:
    moves = _moves(log)
    value = draw(st.one_of(odd_texts(), _ODD_VALUES))
    if moves:
        moves[draw(st.integers(0, len(moves) - 1))] = value
    else:
        moves.append(value)


def _edit_move_text(log: dict[str, Any], draw: st.DrawFn) -> None:
    """Change one move's text a little: a character dropped, replaced or doubled."""
    moves = [index for index, move in enumerate(_moves(log)) if isinstance(move, str) and move]
    if not moves:
        return
    index = draw(st.sampled_from(moves))
    text: str = log["moves"][index]
    at = draw(st.integers(0, len(text) - 1))
    edit = draw(st.sampled_from(("drop", "replace", "double")))
    if edit == "drop":
        text = text[:at] + text[at + 1 :]
    elif edit == "replace":
        text = (
            text[:at] + draw(st.sampled_from((",", "/", ":", " ", "X", "1", "♥"))) + text[at + 1 :]
        )
    else:
        text = text[: at + 1] + text[at:]
    log["moves"][index] = text


def _move_from_another_game(log: dict[str, Any], draw: st.DrawFn) -> None:
    other = sample_log(draw(st.sampled_from(GAMES)), draw(st.integers(0, SAMPLE_VARIANTS - 1)))
    moves = _moves(log)
    at = draw(st.integers(0, len(moves)))
    moves.insert(at, draw(st.sampled_from(other["moves"])))


def _odd_option(log: dict[str, Any], draw: st.DrawFn) -> None:
    options = log.get("options")
    if not isinstance(options, dict):
        options = {}
        log["options"] = options
    name = draw(st.sampled_from([*sorted(options), "no_such_option"]))
    options[name] = draw(_ODD_VALUES)


def _odd_result(log: dict[str, Any], draw: st.DrawFn) -> None:
    result = log.get("result")
    if not isinstance(result, dict):
        result = {}
        log["result"] = result
    key = draw(st.sampled_from(("score", "winners", "termination", "seat")))
    result[key] = draw(
        st.one_of(
            _ODD_VALUES,
            st.lists(st.integers(-3, 5), max_size=5),
            st.sampled_from(("resign", "timeout", "abandon")),
        )
    )


def _extra_key(log: dict[str, Any], draw: st.DrawFn) -> None:
    log[draw(st.text(max_size=10))] = draw(_ODD_VALUES)


MUTATIONS: tuple[Mutation, ...] = (
    _delete_key,
    _retype_key,
    _swap_moves,
    _truncate_moves,
    _duplicate_move,
    _replace_move,
    _edit_move_text,
    _edit_move_text,
    _move_from_another_game,
    _odd_option,
    _odd_result,
    _extra_key,
)


@st.composite
def mutated_logs(draw: st.DrawFn, game: str | None = None) -> dict[str, Any]:
    """A valid seeded log of ``game`` (any game when ``None``) after one to four mutations."""
    chosen = game if game is not None else draw(st.sampled_from(GAMES))
    log = copy.deepcopy(sample_log(chosen, draw(st.integers(0, SAMPLE_VARIANTS - 1))))
    for mutation in draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=4)):
        mutation(log, draw)
    return log
