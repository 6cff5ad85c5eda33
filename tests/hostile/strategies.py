"""Hypothesis strategies that generate each class of hostile input of the issue "nothing
illegal passes, nothing hostile breaks": huge and deep values, wrong types, endless streams,
deep folders and JSON, control characters for terminals, digit-like prompt text, bad actions.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import strategies as st

__all__ = [
    "deep_values",
    "digit_like_texts",
    "huge_ints",
    "huge_or_deep_values",
    "nested",
    "terminal_hostile_texts",
    "wrong_types",
]


def nested(depth: int, leaf: Any, kind: str) -> Any:
    """``leaf`` inside ``depth`` lists (``kind="list"``) or objects (``"dict"``), built without
    recursion."""
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"k": value}
    return value


def huge_ints() -> st.SearchStrategy[int]:
    """Integers beyond Python's int/str conversion limit (4300 digits), either sign."""
    return st.builds(
        lambda digits, sign, extra: sign * (10**digits + extra),
        st.integers(4301, 12_000),
        st.sampled_from((1, -1)),
        st.integers(0, 10**6),
    )


def deep_values() -> st.SearchStrategy[Any]:
    """Lists or objects nested 1,100 to 6,000 deep (past the recursion limit), with a leaf."""
    return st.builds(
        nested,
        st.integers(1_100, 6_000),
        st.sampled_from((0, "x", None, [])),
        st.sampled_from(("list", "dict")),
    )


def huge_or_deep_values() -> st.SearchStrategy[Any]:
    """A huge integer or a deep structure, alone or inside a short list or object."""
    core = st.one_of(huge_ints(), deep_values())
    return st.one_of(core, st.lists(core, min_size=1, max_size=3), st.dictionaries(
        st.text(max_size=3), core, min_size=1, max_size=2))  # fmt: skip


def wrong_types() -> st.SearchStrategy[Any]:
    """Values of the wrong Python type for a state, a view, a log, a match, an agent, a path or
    a random generator."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True),
        st.binary(max_size=4),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.just(object()),
        st.just(math.nan),
    )


_CONTROLS = [chr(code) for code in range(0x20)] + ["\x7f"] + [chr(c) for c in range(0x80, 0xA0)]
_CONTROLS += ["\u2028", "\u2029", "\u202e", "\u200f", "\x1b[2J", "\x1b]0;title\x07", "\x1b[1A"]


def terminal_hostile_texts() -> st.SearchStrategy[str]:
    """Text holding at least one character that could drive a terminal or forge a line."""
    plain = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=8)
    return st.builds(
        lambda head, control, tail: head + control + tail,
        plain,
        st.sampled_from(_CONTROLS),
        plain,
    )


_UNICODE_DIGITS = "²³¹⁰⁴⁵٣٠١۳०३০৩๓໓༣၃០᠓１２３𝟑𝟙"


def digit_like_texts() -> st.SearchStrategy[str]:
    """Text that looks like a number but is not plain ASCII digits in range: superscripts and
    other scripts' digits, signs, underscores, spaces inside, thousands of digits, zero."""
    ascii_digits = st.text(alphabet="0123456789", min_size=1, max_size=3)
    unicode_digits = st.text(alphabet=_UNICODE_DIGITS, min_size=1, max_size=2)
    return st.one_of(
        st.text(alphabet=_UNICODE_DIGITS, min_size=1, max_size=4),
        st.builds(lambda a, b: a + b, ascii_digits, unicode_digits),
        st.builds(lambda sign, d: sign + d, st.sampled_from(("+", "-", "0x", "−")), ascii_digits),
        st.builds(lambda a, b: f"{a}_{b}", ascii_digits, ascii_digits),
        st.builds(lambda a, b: f"{a} {b}", ascii_digits, ascii_digits),
        st.integers(4000, 6000).map(lambda n: "9" * n),
        st.sampled_from(("0", "00", "1e3", "1.0", "½", "Ⅲ", "٫")),
    )


