"""Burraco scenarios from the rules, played move by move through the public API: a closing
built in play, both ways of taking a pozzetto, the three ends of a hand, and the §4.9 worked
example against the hand-scoring function.

Every expected number is worked out from the rules' card values (joker 30, 2 → 20, ace 15,
K..8 → 10, 7..3 → 5) and bonuses (clean burraco 200, dirty 100, closing 100, no pozzetto −100).
"""

from __future__ import annotations

import parlour
from parlour.burraco import BurracoState, BurracoView
from parlour.burraco._meld_reading import read_meld
from parlour.burraco._meld_tables import Meld as TableMeld
from parlour.burraco._meld_tables import MeldRules
from parlour.burraco._scoring import score_hand
from tests.burraco.helpers import start
from tests.helpers import cards, run

SEAT_0_HAND = "3S 4D 5C 6S 7D 9S 10D JS QH KC AC"
"""A hand for the player who does not act in these scenarios: 5 × 5 + 5 × 10 + 15 = 90."""


def _view(state: BurracoState, seat: int) -> BurracoView:
    seen = parlour.view(state, seat)
    assert isinstance(seen, BurracoView)
    return seen


def _melds(*written: str) -> list[TableMeld]:
    rules = MeldRules(ace_to_ace_run=False, wild_rearrangement="tournament")
    melds = [read_meld(cards(text), rules) for text in written]
    assert all(isinstance(meld, TableMeld) for meld in melds)
    return [meld for meld in melds if isinstance(meld, TableMeld)]


def test_worked_example_of_the_rules_scores_425_and_55() -> None:
    """Rules §4.9: team A closes with a clean burraco, a set with a joker and a clean ace-low
    sequence, the partner holding ♠A ♦7; team B has a set, a dirty burraco, five cards in
    hand and no pozzetto (Settled point 8: checked against the scoring of a hand directly)."""
    team_a = _melds("3H 4H 5H 6H 7H 8H 9H", "KS KD KD JK", "AC 2C 3C")
    team_b = _melds("8C 8H 8S", "6D 7D 8D 9D 10D JD JK")
    scores = score_hand(
        teams=((0, 2), (1, 3)),
        melds=(team_a, team_b),
        hands=(cards(""), cards("JK QC 3H 3S"), cards("AS 7D"), cards("4D")),
        took_pozzetto=(True, False),
        closed_by=0,
    )
    first, second = scores
    assert (first.melded, first.clean_burracos, first.closing, first.in_hand) == (145, 1, 100, 20)
    assert first.pozzetto_penalty == 0 and first.total == 425
    assert (second.melded, second.dirty_burracos, second.in_hand) == (110, 1, 55)
    assert second.pozzetto_penalty == 100 and second.total == 55


def _closing_start(**options: object) -> BurracoState:
    """Seat 1 holds a run of hearts with the joker as 7♥ and four kings; it draws 10♥; the top
    pozzetto holds four aces, a club run and J♦."""
    return start(
        [SEAT_0_HAND, "3H 4H 5H 6H JK 8H 9H KS KH KD KC"],
        discard="8S",
        stock_top="10H",
        pozzetti=("AS AH AD AC 5C 6C 7C 8C 9C 10C JD", ()),
        options=dict(options),
    )


def test_a_closing_built_in_play() -> None:
    """Meld every card (the pozzetto is taken directly), play on from it, and close with a
    discard that is not wild, holding a burraco (rules §4.6, §4.7, Settled point 6)."""
    state = _closing_start()
    state = run(state, ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H"])
    assert _view(state, 1).hand_sizes == (11, 4)
    state = parlour.apply(state, "meld KS KH KD KC")
    seen = _view(state, 1)
    assert seen.pozzetto_of_team == (0, 1) and seen.pozzetti_left == 1
    assert sorted(card.text for card in seen.hand) == sorted(
        ["AS", "AH", "AD", "AC", "5C", "6C", "7C", "8C", "9C", "10C", "JD"]
    )
    state = run(state, ["meld AS AH AD AC", "meld 5C 6C 7C 8C 9C 10C"])
    assert parlour.current_player(state) == 1
    state = parlour.apply(state, "discard JD")
    assert parlour.is_over(state)
    (result,) = parlour.deal_results(state)
    assert result.ended_by == "closing" and result.closed_by == 1
    closer = result.teams[1]
    # dirty burraco 3H 4H 5H 6H JK 8H 9H 10H: 20 + 30 + 30 = 80, +100; kings 40; aces 60;
    # 5C..10C: 15 + 30 = 45; closing +100
    assert (closer.melded, closer.dirty_burracos, closer.clean_burracos) == (225, 1, 0)
    assert (closer.closing, closer.in_hand, closer.pozzetto_penalty) == (100, 0, 0)
    assert closer.total == 425
    other = result.teams[0]
    assert (other.melded, other.in_hand, other.pozzetto_penalty, other.total) == (0, 90, 100, -190)
    assert parlour.score(state) == (-190, 425)
    assert parlour.winners(state) == (1,)


def test_clean_burraco_required_refuses_to_leave_a_card_that_cannot_close() -> None:
    """With ``close_requires = "clean_burraco"`` the dirty heart run does not allow closing:
    the meld that would leave J♦ as the last card is refused (Settled point 6)."""
    state = _closing_start(close_requires="clean_burraco")
    state = run(state, ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H", "meld KS KH KD KC",
                        "meld AS AH AD AC"])  # fmt: skip
    violation = parlour.check(state, "meld 5C 6C 7C 8C 9C 10C")
    assert violation is not None and violation.rule == "burraco.close_needs_burraco"
    default = run(_closing_start(), ["draw", "meld 3H 4H 5H 6H JK 8H 9H 10H",
                                     "meld KS KH KD KC", "meld AS AH AD AC"])  # fmt: skip
    assert parlour.check(default, "meld 5C 6C 7C 8C 9C 10C") is None


def test_pozzetto_taken_on_the_discard_is_unseen_until_the_next_turn() -> None:
    """Meld all but one card and discard the last: the pozzetto becomes the hand, hidden from
    its owner until its next turn (rules §4.6)."""
    state = start(
        [SEAT_0_HAND, "3H 4H 5H 6H 6S 7S 8S 9D 10D JD KC"],
        discard="8C",
        stock_top="QD 2D",
        pozzetti=("AS AH AD", ()),
    )
    state = run(state, ["draw", "meld 3H 4H 5H 6H", "meld 6S 7S 8S", "meld 9D 10D JD QD"])
    state = parlour.apply(state, "discard KC")
    owner = _view(state, 1)
    assert owner.hand == () and owner.pozzetto_unseen is True
    assert owner.hand_sizes == (11, 11) and owner.pozzetto_of_team == (0, 1)
    assert parlour.current_player(state) == 0
    state = run(state, ["draw", "discard 2D"])
    assert parlour.current_player(state) == 1
    seen = _view(state, 1)
    assert seen.pozzetto_unseen is False
    assert {"AS", "AH", "AD"} <= {card.text for card in seen.hand}
    assert len(seen.hand) == 11


def test_the_stock_down_to_two_ends_the_hand_after_that_turn() -> None:
    """Draw-and-discard until the stock holds two cards: the hand ends after the discard of the
    player whose draw left two (rules §4.8; two players: the stock starts at 63)."""
    state = parlour.new_game("burraco", options={"players": 2, "target": None}, seed=5)
    draws = 0
    while not parlour.is_over(state):
        assert isinstance(state, BurracoState)
        if parlour.view(state, state.to_act).phase == "draw":
            state = parlour.apply(state, "draw")
            draws += 1
            continue
        discards = [m for m in parlour.legal_moves(state) if str(m).startswith("discard")]
        state = parlour.apply(state, discards[0])
    assert draws == 61
    (result,) = parlour.deal_results(state)
    assert result.ended_by == "stock" and result.closed_by is None
    assert all(team.pozzetto_penalty == 100 for team in result.teams)


def _stall(state: BurracoState, turns: int) -> BurracoState:
    for _ in range(turns):
        state = parlour.apply(state, "pickup")
        discards = [m for m in parlour.legal_moves(state) if str(m).startswith("discard")]
        state = parlour.apply(state, discards[0])
    return state


def test_stalemate_ends_the_hand_after_twice_the_players_stalled_turns() -> None:
    """Each turn takes the one-card pile and melds nothing: with two players the hand ends
    after four such turns by default, after two with ``stalemate_turns = 2`` (rules §4.8)."""
    hands = [SEAT_0_HAND, "3H 5H 7H 9H JH KH 3D 5D 7D 9D JD"]
    state = start(hands, discard="QS")
    after_three = _stall(state, 3)
    assert not parlour.is_over(after_three)
    ended = _stall(after_three, 1)
    assert parlour.is_over(ended)
    assert parlour.deal_results(ended)[0].ended_by == "stalemate"
    short = _stall(start(hands, discard="QS", options={"stalemate_turns": 2}), 2)
    assert parlour.is_over(short) and parlour.deal_results(short)[0].ended_by == "stalemate"


def test_a_drawn_turn_resets_the_stalemate_count() -> None:
    hands = [SEAT_0_HAND, "3H 5H 7H 9H JH KH 3D 5D 7D 9D JD"]
    state = _stall(start(hands, discard="QS"), 3)
    state = parlour.apply(state, "draw")
    discards = [m for m in parlour.legal_moves(state) if str(m).startswith("discard")]
    state = _stall(parlour.apply(state, discards[0]), 3)
    assert not parlour.is_over(state)


def test_four_players_partners_share_the_score() -> None:
    state = parlour.new_game("burraco", options={"target": None}, seed=3)
    assert parlour.players(state) == 4
    assert parlour.teams(state) == ((0, 2), (1, 3))
    rng_moves = 0
    while not parlour.is_over(state) and rng_moves < 5000:
        state = parlour.apply(state, parlour.legal_moves(state)[-1])
        rng_moves += 1
    assert parlour.is_over(state)
    first, second, third, fourth = parlour.score(state)
    assert first == third and second == fourth
