"""Melds and the reuse rules of bezique.md §1.5.3, accepted and refused with their rule ids,
and the declare step's legal moves.

Every scenario is played from a constructed deal: seat 0 (the non-dealer) leads and wins each
trick with the card named, seat 1 answers with a low card (`win_with`), and the draws come from
the top of a stock the test chooses (seat 0, winning, draws positions 0, 2, 4, …).
"""

from __future__ import annotations

import parlour
from parlour.bezique import BeziqueState, Phase
from parlour.bezique.rules import Use
from tests.bezique.helpers import bit, draw, held_faces, start, win_with
from tests.helpers import legal_texts, refused, run

JUNK = "7S 8S 9S 7C 8C 9C 7D 8D"
"""Seat 1's hand under hearts or spades trumps: low cards that never win a trick seat 0 leads."""
JUNK_D = "7S 8S 9S 7C 8C 9C 7H 8H"
"""Seat 1's hand when diamonds are trumps."""
USE = {use: index for index, use in enumerate(Use)}


def uses_of(state: BeziqueState, card_bit: int) -> set[str]:
    """The meld classes a physical card has scored in."""
    return {use.name or "" for use in Use if state.uses[USE[use]] & card_bit}


def table(state: BeziqueState, seat: int = 0) -> list[str]:
    return held_faces(state.tables[seat])


def hand(state: BeziqueState, seat: int = 0) -> list[str]:
    return held_faces(state.hands[seat])


def meld(state: BeziqueState, text: str, points: int) -> BeziqueState:
    """Declare ``text``, checking that it is listed, legal and scores ``points``."""
    canonical = str(parlour.parse_move(state, text))
    assert canonical in legal_texts(state), (canonical, legal_texts(state))
    assert parlour.check(state, text) is None
    before = parlour.score(state)
    after: BeziqueState = parlour.apply(state, text)
    seat = state.to_act
    assert after.scores[seat] - before[seat] == points
    assert after.scores[1 - seat] == before[1 - seat]
    return after


# --- 1. the new-card rule ---------------------------------------------------------------------


def test_a_meld_of_table_cards_only_is_refused_then_a_fresh_card_makes_it() -> None:
    state = start(["KS QS AD 10D KD QD JD AC", JUNK_D], "9D", top="AH 7S AH 8S JD")
    state = meld(win_with(state, "AC"), "meld QS KS", 20)
    state = meld(win_with(draw(state), "AH"), "meld 10D JD QD KD AD", 250)
    state = win_with(draw(state), "AH")
    assert hand(state) == [] and len(table(state)) == 7
    # Q♠ (in the marriage) and J♦ (in the sequence) may form a bezique, but only with a card
    # from the hand.
    message = refused(state, "meld QS JD", "bezique.no_new_card")
    assert "Q♠ J♦" in message
    assert legal_texts(state) == ["draw"]
    # With a fresh J♦ from the stock the bezique scores: the table Q♠ and the new J♦.
    state = win_with(draw(state), "AD")
    assert hand(state) == ["JD"]
    state = meld(state, "meld QS JD", 40)
    assert hand(state) == []
    assert table(state).count("JD") == 2
    assert state.uses[USE[Use.BEZIQUE]] == bit("QS") | bit("JD", 1)


# --- 2. free reuse across classes -------------------------------------------------------------


def test_a_king_in_four_kings_then_in_a_marriage() -> None:
    state = start(["KS KH KD KC QS AC AD AS", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld KS KH KD KC", 80)
    state = meld(win_with(draw(state), "AD"), "meld QS KS", 20)
    assert uses_of(state, bit("KS")) == {"QUARTET_KINGS", "MARRIAGE"}
    assert parlour.score(state) == (100, 0)


def test_the_queen_of_spades_in_a_bezique_a_marriage_and_four_queens() -> None:
    state = start(["QS JD KS QH QD QC AC AD", JUNK], "9H", top="AS 7H")
    state = meld(win_with(state, "AC"), "meld QS JD", 40)
    state = meld(win_with(draw(state), "AD"), "meld QS KS", 20)
    state = meld(win_with(draw(state), "AS"), "meld QS QH QD QC", 60)
    assert uses_of(state, bit("QS")) == {"BEZIQUE", "MARRIAGE", "QUARTET_QUEENS"}
    assert parlour.score(state) == (120, 0)


def test_the_jack_of_trumps_in_the_sequence_a_bezique_and_four_jacks() -> None:
    state = start(["AD 10D KD QD JD JH JC AS", JUNK_D], "9D", top="QS 7S JS 8S")
    state = meld(win_with(state, "AS"), "meld 10D JD QD KD AD", 250)
    state = meld(win_with(draw(state), "AD"), "meld QS JD", 40)  # A♦ from the table wins
    state = meld(win_with(draw(state), "10D"), "meld JS JH JD JC", 40)
    assert uses_of(state, bit("JD")) == {"SEQUENCE", "BEZIQUE", "QUARTET_JACKS"}
    assert parlour.score(state) == (330, 0)


# --- 3. within a class: only upward ------------------------------------------------------------


def test_a_royal_marriage_then_the_sequence() -> None:
    state = start(["KH QH AH 10H JH AC AD AS", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld QH KH", 40)
    state = meld(win_with(draw(state), "AD"), "meld 10H JH QH KH AH", 250)
    assert uses_of(state, bit("KH")) == {"ROYAL", "SEQUENCE"}


def test_the_sequence_then_no_royal_marriage_not_even_with_a_new_queen() -> None:
    state = start(["KH QH AH 10H JH AC AD AS", JUNK], "9H", top="QH 7H KH 8H")
    state = meld(win_with(state, "AC"), "meld 10H JH QH KH AH", 250)
    state = win_with(draw(state), "AD")
    assert hand(state) == ["AS", "QH"]  # a fresh Q♥ beside the sequence's K♥
    message = refused(state, "meld QH KH", "bezique.meld_reuse")
    assert "K♥" in message and "royal marriage or a sequence" in message
    assert not any(text.startswith("meld") for text in legal_texts(state))
    # A fresh king and a fresh queen of trumps make a royal marriage.
    state = win_with(draw(state), "AS")
    assert hand(state) == ["QH", "KH"]
    state = meld(state, "meld QH KH", 40)
    assert hand(state) == []


def test_a_marriage_partner_cannot_marry_again() -> None:
    state = start(["KS QS AC AD AS AH 8C 9C", JUNK], "9H", top="QS 7H KS 8H")
    state = meld(win_with(state, "AC"), "meld QS KS", 20)
    state = win_with(draw(state), "AD")
    assert hand(state).count("QS") == 1  # the fresh Q♠ drawn; the first is on the table
    message = refused(state, "meld QS KS", "bezique.meld_reuse")
    assert "K♠" in message and "marriage" in message
    # A fresh king with the fresh queen: a new marriage, both from the hand.
    state = win_with(draw(state), "AS")
    before = hand(state)
    state = meld(state, "meld QS KS", 20)
    assert sorted(before) == sorted([*hand(state), "QS", "KS"])
    assert table(state) == ["QS", "QS", "KS", "KS"]


def test_a_single_bezique_then_the_double() -> None:
    state = start(["QS JD QS JD AC AD AS AH", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld QS JD", 40)
    state = meld(win_with(draw(state), "AD"), "meld QS QS JD JD", 500)
    assert parlour.score(state) == (540, 0)


def test_a_double_bezique_at_once() -> None:
    state = start(["QS JD QS JD AC AD AS AH", JUNK], "9H")
    state = win_with(state, "AC")
    assert legal_texts(state) == ["meld QS JD", "meld QS QS JD JD", "draw"]
    state = meld(state, "meld QS JD QS JD", 500)  # the cards in any order
    assert hand(state) == ["AS", "AH", "AD"]


def test_two_single_beziques_then_no_double() -> None:
    state = start(["QS JD QS JD AC AD AS AH", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld QS JD", 40)
    state = meld(win_with(draw(state), "AD"), "meld QS JD", 40)  # the second pair, fresh
    state = win_with(draw(state), "AS")
    refused(state, "meld QS QS JD JD", "bezique.no_new_card")
    assert parlour.score(state) == (80, 0)


def test_after_a_double_bezique_no_single_bezique() -> None:
    state = start(["QS JD QS JD AC AD AS AH", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld QS QS JD JD", 500)
    state = win_with(draw(state), "AD")
    message = refused(state, "meld QS JD", "bezique.meld_reuse")
    assert "bezique" in message


def test_a_double_bezique_needs_the_first_pair_still_on_the_table() -> None:
    state = start(["QS JD QS JD AC AD AS AH", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld QS JD", 40)
    state = win_with(draw(state), "QS")  # the melded Q♠ goes (a play takes the table copy)
    assert table(state) == ["JD"] and hand(state).count("QS") == 1
    message = refused(state, "meld QS QS JD JD", "card.not_held")
    assert "Q♠ 2 times" in message


def test_a_king_that_scored_in_four_kings_never_joins_another() -> None:
    state = start(["KS KH KD KC AC AD AS AH", JUNK], "9H", top="KS 7H KH 8H KD 9H KC")
    state = meld(win_with(state, "AC"), "meld KS KH KD KC", 80)
    # The K♠ of the four kings is played; a new K♠ beside the other three does not re-score.
    state = win_with(draw(state), "KS")
    assert table(state) == ["KH", "KD", "KC"] and "KS" in hand(state)
    message = refused(state, "meld KS KH KD KC", "bezique.meld_reuse")
    assert "four kings" in message
    state = win_with(draw(state), "AD")  # draws a fresh K♥
    refused(state, "meld KS KH KD KC", "bezique.meld_reuse")
    refused(state, "meld KS KH KH KD", "bezique.meld_reuse")  # one of the two K♥ scored
    state = win_with(draw(state), "AS")  # a fresh K♦
    refused(state, "meld KS KH KD KC", "bezique.meld_reuse")
    # Four kings that have never been in four kings: a second quartet scores.
    state = win_with(draw(state), "AH")  # a fresh K♣
    assert hand(state) == ["KS", "KH", "KD", "KC"]
    assert [text for text in legal_texts(state) if text.startswith("meld")] == ["meld KS KH KD KC"]
    state = meld(state, "meld KS KH KD KC", 80)
    assert hand(state) == [] and len(table(state)) == 7


# --- 4. a played card breaks the meld; the rest keep their history ----------------------------


def test_a_played_card_breaks_the_meld_and_the_partner_keeps_its_history() -> None:
    state = start(["KS QS JD AC AD AS AH 8C", JUNK], "9H", top="KS")
    state = meld(win_with(state, "AC"), "meld QS KS", 20)
    state = win_with(draw(state), "KS")  # the melded king goes to the trick
    assert table(state) == ["QS"]
    assert hand(state).count("KS") == 1  # the fresh one
    assert uses_of(state, bit("QS")) == {"MARRIAGE"}
    refused(state, "meld QS KS", "bezique.meld_reuse")
    # The queen is still on the table, still playable, and free for another class.
    state = meld(state, "meld QS JD", 40)
    assert uses_of(state, bit("QS")) == {"MARRIAGE", "BEZIQUE"}
    state = draw(state)
    assert "play QS" in legal_texts(state)


# --- 5. one declaration per trick; what is not a meld; what is not held -------------------------


def test_one_declaration_per_trick_won() -> None:
    state = start(["KS QS KC QC AC AD AS AH", JUNK], "9H")
    state = meld(win_with(state, "AC"), "meld QS KS", 20)
    assert legal_texts(state) == ["draw"]
    message = refused(state, "meld QC KC", "bezique.one_declaration")
    assert "one" in message
    state = meld(win_with(draw(state), "AD"), "meld QC KC", 20)
    assert parlour.score(state) == (40, 0)


def test_cards_that_form_no_meld() -> None:
    state = win_with(start(["KS QS QH 10S 10H AH 10H AC", JUNK], "9H"), "AC")
    for text in (
        "meld KS QH",
        "meld KS",
        "meld 10S 10H 10H AH",
        "meld AH 10H KS QS",
        "meld QH 10H AH KS",
        "meld 7S 7H 7D 7C",
        "meld 10S 10H 10D 10C",
        "meld QS JH",
    ):
        message = refused(state, text, "bezique.not_a_meld")
        assert "not a meld" in message


def test_meld_cards_not_held() -> None:
    state = win_with(start(["QS JD KC QH 9H 8H 7H AC", JUNK], "9D"), "AC")
    assert "K♠" in refused(state, "meld QS KS", "card.not_held")
    assert "Q♠ 2 times" in refused(state, "meld QS QS JD JD", "card.not_held")
    assert "K♠" in refused(state, "meld KS KH KD KC", "card.not_held")  # the first missing


def test_the_card_taken_by_the_exchange_cannot_meld_in_that_window() -> None:
    state = start(["7H QH AC AD AS 8C 9C 10C", JUNK], "KH")
    state = win_with(state, "AC")
    state = run(state, "exchange")
    assert parlour.score(state) == (10, 0)
    assert "KH" in hand(state)
    message = refused(state, "meld QH KH", "bezique.exchanged_card")
    assert "K♥" in message
    assert legal_texts(state) == ["draw"]
    # After the next trick it may.
    state = meld(win_with(draw(state), "AD"), "meld QH KH", 40)


def test_the_other_copy_of_the_exchanged_face_may_meld() -> None:
    state = start(["7H QH KH AC AD AS 8C 9C", JUNK], "KH")
    state = run(win_with(state, "AC"), "exchange")
    exchanged = state.exchanged
    assert exchanged >= 0 and state.hands[0] >> exchanged & 1
    state = meld(state, "meld QH KH", 40)
    assert state.hands[0] >> exchanged & 1  # the exchanged K♥ stays in the hand
    assert table(state) == ["QH", "KH"]


# --- 6. the declare step's legal moves ---------------------------------------------------------


def test_legal_moves_of_a_declare_step_one_per_meld() -> None:
    state = win_with(start(["KS QS KH QH JD KD KC AC", JUNK], "9H"), "AC")
    assert state.phase == Phase.DECLARE
    assert legal_texts(state) == [
        "meld QS KS",
        "meld QH KH",
        "meld QS JD",
        "meld KS KH KD KC",
        "draw",
    ]


def test_legal_moves_of_a_declare_step_with_two_copies_and_a_seven() -> None:
    state = win_with(start(["KS KS KH KD KC QS 7H AC", JUNK], "9H"), "AC")
    moves = legal_texts(state)
    assert moves == [
        "meld QS KS",
        "meld KS KS KH KD",
        "meld KS KS KH KC",
        "meld KS KS KD KC",
        "meld KS KH KD KC",
        "exchange",
        "show",
        "draw",
    ]
    assert len(set(moves)) == len(moves)
    for text in moves:
        assert parlour.check(state, text) is None


def test_legal_moves_mixing_table_and_hand() -> None:
    # Spades are trumps: K♠ Q♠ is the royal marriage and Q♠ J♦ the bezique.
    state = start(["KS QS JD KH QH AC AD 8C", "7H 8H 9H 7C 9C 7D 8D 9D"], "9S", top="KS 10C")
    state = meld(win_with(state, "AC"), "meld QS KS", 40)
    state = win_with(draw(state), "AD")
    assert table(state) == ["QS", "KS"] and hand(state) == ["KS", "QH", "KH", "JD", "8C"]
    # The royal K♠ Q♠ cannot marry again, not even with the fresh K♠; the Q♠ is free for a
    # bezique (J♦ from the hand); the hearts marry.
    assert legal_texts(state) == ["meld QH KH", "meld QS JD", "draw"]
    refused(state, "meld QS KS", "bezique.meld_reuse")
