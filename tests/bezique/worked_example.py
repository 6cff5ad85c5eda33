"""The deal and the plays of the worked example of bezique.md §1.6 (see
``test_worked_example.py``), shared by the option tests that replay it.

♦ trumps; A = seat 0, the non-dealer; B = seat 1, the dealer. The deal and the plays were found
by a small scripted search (every trick's winner fixed in advance, the cards each meld needs
kept back, the rest of the play chosen at random until the brisques split 90 / 70 with A
winning trick 32); they are written out here so that every move is visible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import parlour
from parlour.bezique import BeziqueState, Phase
from tests.bezique.helpers import deal_text, new_match

A, B = 0, 1

HANDS = ["KD QD AD 10D JD QS KS 10S", "7D KC QC 10C 8D JH 8H AS"]
STOCK = (
    "10D 8C KC 9D 9H 9D AS 8H 9C JS JC QH 8S KS QD 10C JD 9S QC QH QS KD JC 10S AH 7C JH KH "
    "10H 9C AC 8D AC AD 9S 8C 7S KH 9H 7H 7C JS 10H 8S 7H 7S AH"
)
DEAL = deal_text(HANDS, "7D", STOCK)

# Stage one: (leader's card, follower's card, the winner, the winner's declarations).
STAGE_ONE: list[tuple[str, str, int, list[str]]] = [
    ("10S", "JH", A, []),
    ("KS", "10C", A, []),
    ("KC", "8H", A, ["meld KD QD"]),  # B leads; A wins and marries K♦ Q♦ (royal, 40)
    ("9H", "9D", B, []),
    ("9D", "8H", B, ["show"]),  # B shows the second 7♦ (10); it stays in B's hand
    ("7D", "10D", A, []),  # the shown 7♦ is played: it has scored already
    ("JS", "9C", A, ["meld AD 10D KD QD JD"]),  # A♦ 10♦ J♦ from the hand + K♦ Q♦ (250)
    ("8S", "KS", B, []),
    ("8C", "QD", A, ["meld QS JD"]),  # Q♠ from the hand + the sequence's J♦ (40)
    ("10C", "QD", B, []),
    ("QH", "AD", A, []),
    ("10D", "KD", A, ["meld QS QS JD JD"]),  # the second Q♠ and J♦ from the hand (500)
    ("JC", "QC", B, []),
    ("8D", "KD", A, []),
    ("QS", "9S", A, ["meld JH JD JD JC"]),  # both J♦ from the table + J♣ J♥ (40)
    ("QS", "10S", B, []),
    ("9C", "JH", B, []),
    ("AH", "JC", B, ["meld KC QC"]),  # K♣ Q♣ (20)
    ("KH", "AD", A, []),
    ("8C", "KC", B, []),
    ("9S", "10H", B, ["meld AS AS AC AC"]),  # four aces (100)
    ("QC", "8D", A, []),
    ("7H", "9H", B, []),
    ("KH", "JD", A, []),
]
# Stage two: (leader's card, follower's card, the winner).
STAGE_TWO: list[tuple[str, str, int]] = [
    ("10H", "7H", A),
    ("7C", "AC", B),
    ("8S", "JS", A),
    ("QH", "7D", B),
    ("AS", "7S", B),
    ("AS", "7S", B),
    ("7C", "JD", A),
    ("AH", "AC", A),
]


def play_example(options: Mapping[str, Any] | None = None, *, tricks: int = 32) -> BeziqueState:
    """Deal the example (a new match, B dealing) and play its first ``tricks`` tricks, each
    stage-one trick with its declarations and draw; stops early if the match ends."""
    state: BeziqueState = parlour.apply(new_match(options, dealer=B), DEAL)
    for lead, follow, _, declarations in STAGE_ONE[:tricks]:
        state = parlour.apply(state, f"play {lead}")
        state = parlour.apply(state, f"play {follow}")
        for move in declarations:
            if state.phase != Phase.DECLARE:
                return state
            state = parlour.apply(state, move)
        if state.phase != Phase.DECLARE:
            return state
        state = parlour.apply(state, "draw")
    for lead, follow, _ in STAGE_TWO[: max(0, tricks - 24)]:
        if state.phase != Phase.LAST_STAGE:
            return state
        state = parlour.apply(state, f"play {lead}")
        state = parlour.apply(state, f"play {follow}")
    return state
