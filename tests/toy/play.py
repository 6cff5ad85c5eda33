"""The toy game's checks and transitions: one check and one transition per move type."""

from __future__ import annotations

import attrs

from parlour.base import (
    card_text,
    sort_cards,
)
from parlour.engine import (
    Deal,
    Play,
    ScoreEvent,
    Violation,
)
from tests.toy.options import Options
from tests.toy.rules import TRICK_REASON, TRICKS_PER_DEAL, legal_cards, trick_winner
from tests.toy.state import DealResult, Phase, ToyState, Trick

__all__ = ["check_play", "deal_cards", "legal_plays", "match_over", "opening_state", "play_card"]


def opening_state(options: Options, dealer: int) -> ToyState:
    """A match with no card dealt yet: ``dealer`` deals first."""
    return ToyState(options=options, phase=Phase.DEAL_DUE, dealer=dealer)


def legal_plays(state: ToyState) -> tuple[Play, ...]:
    """The plays open to the seat to act, in canonical card order (none between deals)."""
    if state.phase is not Phase.PLAY:
        return ()
    return tuple(Play(card) for card in legal_cards(state.hands[state.to_act], state.trick))


def check_play(state: ToyState, move: Play) -> Violation | None:
    """Why ``move`` may not be played by the seat to act, or ``None``."""
    seat = state.to_act
    hand = state.hands[seat]
    if move.card not in hand:
        return Violation("toy.not_in_hand", f"seat {seat} does not hold {card_text(move.card)}")
    if move.card not in legal_cards(hand, state.trick):
        led = state.trick[0]
        return Violation(
            "toy.must_follow",
            f"{card_text(move.card)} does not follow {card_text(led)}: seat {seat} holds "
            f"the suit led and must play it",
        )
    return None


def deal_cards(state: ToyState, deal: Deal) -> ToyState:
    """The state after a deal its check accepted: the non-dealer leads."""
    hands = deal["hands"]
    return attrs.evolve(
        state,
        phase=Phase.PLAY,
        deal_number=state.deal_number + 1,
        hands=(sort_cards(hands[0]), sort_cards(hands[1])),
        turnup=deal["turnup"][0][0],
        widow=deal["widow"][0][0],
        leader=1 - state.dealer,
        trick=(),
        tricks=(),
        awards=(),
    )


def match_over(options: Options, score: tuple[int, int]) -> bool:
    """Whether the match ends when a deal ends with ``score``: always for a single deal; else
    once a player has reached the target and leads (a tie plays another deal)."""
    if options.target is None:
        return True
    return max(score) >= options.target and score[0] != score[1]


def play_card(state: ToyState, move: Play) -> ToyState:
    """The state after a play its check accepted: the card leaves the hand; a second card
    completes the trick, scores it for its winner, who leads next; the fifth trick ends the
    deal."""
    seat = state.to_act
    card = move.card
    hand = tuple(held for held in state.hands[seat] if held != card)
    hands = (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)
    if not state.trick:
        return attrs.evolve(state, hands=hands, trick=(card,))
    assert state.trump is not None
    led = state.trick[0]
    winner = trick_winner(state.leader, led, card, state.trump)
    tricks = (*state.tricks, Trick(leader=state.leader, cards=(led, card), winner=winner))
    award = ScoreEvent(
        seats=(winner,), points=1, reason=TRICK_REASON, deal=state.deal_number, trick=len(tricks)
    )
    score = (state.match_score[0] + (winner == 0), state.match_score[1] + (winner == 1))
    awards = (*state.awards, award)
    if len(tricks) < TRICKS_PER_DEAL:
        return attrs.evolve(
            state, hands=hands, leader=winner, trick=(), tricks=tricks, match_score=score,
            awards=awards,
        )  # fmt: skip
    won = (
        sum(1 for trick in tricks if trick.winner == 0),
        sum(1 for trick in tricks if trick.winner == 1),
    )
    result = DealResult(
        number=state.deal_number, dealer=state.dealer, tricks=won, points=won, awards=awards
    )
    over = match_over(state.options, score)
    return ToyState(
        options=state.options,
        phase=Phase.OVER if over else Phase.DEAL_DUE,
        dealer=state.dealer if over else 1 - state.dealer,
        deal_number=state.deal_number,
        match_score=score,
        deals=(*state.deals, result),
    )
