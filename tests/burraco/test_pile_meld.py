"""``must_meld_after_taking_pile`` (rules §4.12, F.I.Bur. "international"): the discard pile
"may be taken only when at least one of its cards is melded at once". Seat 1 takes a one-card
pile ♠8; it can meld the kings from its hand alone, or the set ♠8 ♥8 🃏 using the pile's card.
"""

from __future__ import annotations

import pytest

import parlour
from parlour.burraco import BurracoState
from tests.burraco.helpers import start, state_of
from tests.helpers import refused

SEAT_0 = "3S 4D 5C 6S 7D 9S 10D JS QH QC AC"
RUNNER = "3H 4H 5H 6H JK 8H 9H KS KH KD KC"


def after(*moves: str, must_meld: bool) -> BurracoState:
    state = start(
        [SEAT_0, RUNNER], discard="8S", options={"must_meld_after_taking_pile": must_meld}
    )
    for move in moves:
        state = state_of(parlour.apply(state, move))
    return state


def test_option_on_refuses_melding_only_hand_cards_first() -> None:
    """The turn that took the pile and would meld only hand cards, then discard, is refused at
    its first meld: a card of the pile is melded at once."""
    state = after("pickup", must_meld=True)
    refused(state, "meld KS KH KD", "burraco.must_meld_pile_card")
    texts = [str(move) for move in parlour.legal_moves(state)]
    assert texts == ["meld 8S 8H JK"]


def test_option_on_refuses_a_discard_before_any_meld() -> None:
    refused(after("pickup", must_meld=True), "discard 3H", "burraco.must_meld_first")


def test_option_on_accepts_a_discard_once_a_pile_card_is_melded() -> None:
    state = after("pickup", "meld 8S 8H JK", "meld KS KH KD", must_meld=True)
    assert parlour.check(state, "discard 3H") is None
    after_discard = state_of(parlour.apply(state, "discard 3H"))
    assert after_discard.to_act == 0




@pytest.mark.parametrize("moves", [("meld KS KH KD",), ("meld KS KH KD", "meld 8S 8H JK")])
def test_option_off_accepts_both(moves: tuple[str, ...]) -> None:
    state = after("pickup", *moves, must_meld=False)
    assert parlour.check(state, "discard 3H") is None


def test_the_pending_pile_card_survives_a_position() -> None:
    state = after("pickup", must_meld=True)
    data = parlour.state_to_dict(state)
    assert data["hand"]["turn"]["pile_to_meld"] == ["8S"]
    assert parlour.state_from_dict(data) == state
    done = after("pickup", "meld 8S 8H JK", must_meld=True)
    assert "pile_to_meld" not in parlour.state_to_dict(done)["hand"]["turn"]
