"""Which physical copy a move uses (Settled point 4 and the rules in `parlour.bezique._melds`):
moves name faces, the deck holds two copies of each, and where the choice matters the engine
must pick so that the player loses no later meld."""

from __future__ import annotations

import parlour
from parlour.bezique import BeziqueState
from parlour.bezique.rules import Use
from tests.bezique.helpers import bit, draw, held_faces, start, win_with
from tests.helpers import legal_texts, refused, run

JUNK = "7S 8S 9S 7C 8C 9C 7D 8D"
JUNK_D = "7S 8S 9S 7C 8C 9C 7H 8H"
USE = {use: index for index, use in enumerate(Use)}


def uses_of(state: BeziqueState, card_bit: int) -> set[str]:
    return {use.name or "" for use in Use if state.uses[USE[use]] & card_bit}


def test_a_play_takes_the_melded_copy_and_the_fresh_one_marries_later() -> None:
    state = start(["KS KS QS AC AD AS AH 8C", JUNK], "9H", top="QS")
    state = run(win_with(state, "AC"), "meld KS QS")
    melded_king = state.tables[0] & (bit("KS") | bit("KS", 1))
    assert melded_king.bit_count() == 1
    state = win_with(draw(state), "KS")  # K♠ is both on the table and in the hand
    assert not state.tables[0] & melded_king  # the melded one was played
    assert held_faces(state.hands[0]).count("KS") == 1
    assert uses_of(state, state.hands[0] & (bit("KS") | bit("KS", 1))) == set()
    # the fresh K♠ and the fresh Q♠ just drawn make a new marriage
    assert "meld QS KS" in legal_texts(state)
    state = run(state, "meld KS QS")
    assert parlour.score(state) == (40, 0)


def test_a_meld_takes_the_fewest_cards_from_the_hand() -> None:
    # Q♠ is on the table (marriage); a bezique takes it and J♦ from the hand, leaving the fresh
    # Q♠ in the hand, which can still marry a fresh K♠.
    state = start(["KS QS QS JD AC AD AS AH", JUNK], "9H", top="KS")
    state = run(win_with(state, "AC"), "meld KS QS")
    table_queen = state.tables[0] & (bit("QS") | bit("QS", 1))
    state = win_with(draw(state), "AD")
    state = run(state, "meld QS JD")
    assert held_faces(state.hands[0]) == ["QS", "KS", "AS", "AH"]
    assert uses_of(state, table_queen) == {"MARRIAGE", "BEZIQUE"}
    state = win_with(draw(state), "AS")
    state = run(state, "meld QS KS")
    assert parlour.score(state) == (80, 0)


def test_when_a_hand_card_must_replace_a_melded_one_it_is_in_the_first_face() -> None:
    # Diamonds trumps. Q♠ (marriage) and J♦ (sequence) are on the table and a fresh Q♠ and J♦
    # are in the hand: the bezique takes the hand's Q♠ (spades come first) and the table's J♦.
    state = start(["KS QS AD 10D KD QD JD AC", JUNK_D], "9D", top="AH 7S QS 8S JD")
    state = run(win_with(state, "AC"), "meld KS QS")
    state = run(win_with(draw(state), "AH"), "meld AD 10D KD QD JD")
    state = win_with(draw(state), "10D")
    state = win_with(draw(state), "AD")
    assert held_faces(state.hands[0]) == ["QS", "JD"]
    assert held_faces(state.tables[0]) == ["QS", "KS", "JD", "QD", "KD"]
    hand_queen = state.hands[0] & (bit("QS") | bit("QS", 1))
    state = run(state, "meld QS JD")
    assert held_faces(state.hands[0]) == ["JD"]
    assert state.uses[USE[Use.BEZIQUE]] & hand_queen


def test_a_play_takes_the_copy_with_more_history() -> None:
    # Two Q♠ on the table, both married; the one that has also scored in a bezique is the one
    # played, and the other can still form a bezique with a fresh J♦.
    state = start(["KS QS KS QS JD AC AD AS", JUNK], "9H", top="AH 7H JD 8H 10C 9H 10C")
    state = run(win_with(state, "AC"), "meld KS QS")
    state = run(win_with(draw(state), "AD"), "meld KS QS")
    state = run(win_with(draw(state), "AS"), "meld QS JD")
    queens = state.tables[0] & (bit("QS") | bit("QS", 1))
    assert queens.bit_count() == 2
    in_bezique = queens & state.uses[USE[Use.BEZIQUE]]
    state = win_with(draw(state), "QS")
    assert state.tables[0] & queens == queens & ~in_bezique
    state = win_with(draw(state), "AH")
    assert "meld QS JD" in legal_texts(state)
    assert parlour.score(state) == (80, 0)
    state = run(state, "meld QS JD")
    assert parlour.score(state) == (120, 0)


def test_a_play_keeps_the_queen_that_can_still_join_a_sequence() -> None:
    """Diamonds trumps. Seat 0 melds the sequence with the Q♦ from the stock, exchanges the
    7♦ for the turned-up Q♦ and marries it (royal) with the second K♦. Both Q♦ are on the table,
    each with one class: the sequence's can never score in class A again, the royal one can
    still go into a second sequence (upward). ``play QD`` must play the sequence's Q♦ — the
    module's promise that the copy rules never lose a later meld — but the tie on the number of
    classes goes to the lower copy number, the royal queen, and the second sequence (250) with
    the fresh A♦ 10♦ J♦ drawn later is lost."""
    state = start(["AD 10D KD JD 7D KD AC AS", JUNK_D], "QD", top="QD 9S AH 10S AD 10H 10D JS JD")
    state = draw(win_with(state, "AC"))
    state = run(win_with(state, "AS"), "meld AD 10D KD QD JD; exchange")
    state = run(win_with(draw(state), "AH"), "meld KD QD")
    assert parlour.score(state) == (300, 0)
    queens = state.tables[0] & (bit("QD") | bit("QD", 1))
    royal_queen = queens & state.uses[USE[Use.ROYAL]]
    sequence_queen = queens & state.uses[USE[Use.SEQUENCE]]
    assert royal_queen and sequence_queen and royal_queen != sequence_queen
    state = win_with(draw(state), "QD")
    assert state.tables[0] & queens == royal_queen, "play QD lost the queen of the royal pair"
    state = win_with(draw(state), "10D")  # the table's 10♦; the fresh one stays in the hand
    state = win_with(draw(state), "JD")
    assert held_faces(state.hands[0]) == ["10D", "JD", "AD"]
    assert "meld 10D JD QD KD AD" in legal_texts(state)


def test_legal_moves_name_each_meld_once_whatever_the_copies() -> None:
    state = start(["KS QS KS QS JD AC AD AS", JUNK], "9H", top="AH")
    state = run(win_with(state, "AC"), "meld KS QS")
    state = win_with(draw(state), "AD")
    moves = legal_texts(state)
    assert moves == ["meld QS KS", "meld QS JD", "draw"]
    refused(state, "meld QS QS KS KS", "bezique.not_a_meld")
