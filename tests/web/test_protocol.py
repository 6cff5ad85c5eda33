"""Reading a client's message: whatever text arrives, the answer is the move text or a
`ProtocolError` with one of the documented ids; and the flood gate's window."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.web import (
    MAX_MESSAGE_BYTES,
    FloodGate,
    ProtocolError,
    read_message,
)

RULES = {
    "protocol.bad_json",
    "protocol.bad_message",
    "protocol.too_large",
    "protocol.wrong_seat",
    "protocol.spectator",
}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
MESSAGES = st.dictionaries(
    st.sampled_from(["type", "move", "seat", "other"]),
    st.sampled_from(["move", "play JH", 0, 1, True, None]) | JSON_VALUES,
    max_size=4,
)


@given(text=st.text(max_size=300) | MESSAGES.map(json.dumps), seat=st.none() | st.integers(0, 3))
def test_any_text_is_a_move_or_a_documented_refusal(text: str, seat: int | None) -> None:
    try:
        move = read_message(text, seat)
    except ProtocolError as error:
        assert error.rule in RULES
        assert error.fatal == (error.rule == "protocol.too_large")
        return
    data = json.loads(text)
    assert seat is not None
    assert data["type"] == "move" and move == data["move"]
    assert set(data) <= {"type", "move", "seat"}
    assert data.get("seat", seat) == seat and type(data.get("seat", seat)) is int


def test_the_size_limit_counts_bytes_of_utf8() -> None:
    fits = json.dumps({"type": "move", "move": "x"})
    assert read_message(fits, 0) == "x"
    wide = json.dumps({"type": "move", "move": "é" * (MAX_MESSAGE_BYTES // 2)}, ensure_ascii=False)
    assert len(wide) <= MAX_MESSAGE_BYTES < len(wide.encode())
    with pytest.raises(ProtocolError) as refused:
        read_message(wide, 0)
    assert refused.value.rule == "protocol.too_large" and refused.value.fatal


def test_the_flood_gate_admits_its_limit_in_a_second_and_then_refuses() -> None:
    gate = FloodGate(3)
    for _ in range(3):
        gate.admit()
    with pytest.raises(ProtocolError) as refused:
        gate.admit()
    assert refused.value.rule == "protocol.flood" and refused.value.fatal
    assert str(refused.value) == "more than 3 messages in a second: the connection is closed"
