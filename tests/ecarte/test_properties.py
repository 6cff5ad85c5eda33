"""Hypothesis properties of Écarté over random matches with random options (rules §2.4, §2.6,
§2.8).

Each example is a whole match played at random (`tests.strategies.playouts`). A small reference
written here from the rules' prose follows the playout: trick winners from the rank order, the
situation of each deal from the moves, and the award of §2.6, independently of the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from hypothesis import given, settings

import parlour
from parlour.base import (
    Card,
    Rank,
    Suit,
)
from parlour.ecarte import DealResult, Discard, EcarteState, MarkKing, Phase, Play, Propose, Refuse
from parlour.ecarte.rules import DECK, RANK_ORDER
from parlour.engine import (
    Deal,
    get_game,
)
from tests.ecarte.helpers import view_of
from tests.strategies import PlayoutSpec, Step, playouts

MORE = settings(max_examples=4 * settings().max_examples)
"""A random match takes a millisecond or two: four times the profile's examples."""


def _strength(card: Card) -> int:
    return len(RANK_ORDER) - RANK_ORDER.index(card.rank)


def _hand(state: EcarteState, seat: int) -> list[Card]:
    return [DECK[index] for index in range(32) if state.hands[seat] >> index & 1]


def _follower_wins(led: Card, follow: Card, trump: Suit) -> bool:
    if follow.suit == led.suit:
        return _strength(follow) > _strength(led)
    return follow.suit == trump


@dataclass
class _DealRecord:
    """What the reference saw of one deal."""

    dealer: int = -1
    trump: Suit | None = None
    turnup: Card | None = None
    first_decision: str | None = None
    proposals: int = 0
    refused: int = 0
    kings: list[int] = field(default_factory=list)
    plays: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0])


def _run(spec: PlayoutSpec) -> list[Step]:
    steps = spec.run()
    assert parlour.is_over(steps[-1].after)
    return steps


def _deals(steps: Sequence[Step]) -> list[tuple[_DealRecord, DealResult, EcarteState]]:
    """Follow the playout with the reference: each finished deal's record, result, final state."""
    finished: list[tuple[_DealRecord, DealResult, EcarteState]] = []
    record = _DealRecord()
    for step in steps:
        before: EcarteState = step.before
        after: EcarteState = step.after
        move = step.move
        if before.phase is Phase.DEAL_DUE:
            record.dealer = before.table.dealer
            assert isinstance(move, Deal)
            record.turnup = move["turnup"][0][0]
            record.trump = record.turnup.suit if record.turnup is not None else None
        elif before.phase is Phase.DECIDE:
            if record.first_decision is None:
                record.first_decision = type(move).__name__
            if isinstance(move, Propose):
                record.proposals += 1
        elif isinstance(move, Refuse):
            record.refused = record.proposals
        if isinstance(move, MarkKing):
            record.kings.append(before.to_act)
        if isinstance(move, Play):
            assert record.trump is not None
            king = Card.of(Rank.KING, record.trump)
            if not record.plays and move.card == king and not record.kings:
                record.kings.append(before.to_act)  # led to trick 1 unmarked: marked by itself
            record.plays.append((before.to_act, move.card))
            if len(record.plays) % 2 == 0:
                (leader, led), (follower, follow) = record.plays[-2:]
                winner = follower if _follower_wins(led, follow, record.trump) else leader
                record.tricks[winner] += 1
                if after.phase is Phase.PLAY:
                    assert after.to_act == winner, "the winner of a trick leads the next"
        new = after.table.deals[len(before.table.deals) :]
        if new:
            assert len(new) == 1
            finished.append((record, new[0], after))
            record = _DealRecord()
    return finished


def _expected_award(options: object, record: _DealRecord) -> tuple[int, int, str]:
    """(seat, points, reason) of the trick score, from the prose of §2.6."""
    rule = options.penalty_rule  # type: ignore[attr-defined]
    any_refusal = options.refusal_penalty == "any_refusal"  # type: ignore[attr-defined]
    nondealer = 1 - record.dealer
    nondealer_tricks = record.tricks[nondealer]
    winner = nondealer if nondealer_tricks >= 3 else record.dealer
    vole = nondealer_tricks in (0, 5)
    played_at_once = record.first_decision in ("Play", "MarkKing")
    penalised_refusal = record.refused == 1 or (record.refused > 1 and any_refusal)
    doubled = False
    if rule == "classic":
        doubled = (played_at_once and winner == record.dealer) or (
            penalised_refusal and winner == nondealer
        )
    else:
        doubled = (played_at_once or penalised_refusal) and winner == nondealer
    if vole:
        return winner, 2, "ecarte.vole"
    if doubled:
        return winner, 2, "ecarte.penalty"
    return winner, 1, "ecarte.point"


@MORE
@given(playouts("ecarte"))
def test_tricks_and_the_trick_score_match_the_reference(spec: PlayoutSpec) -> None:
    for record, result, after in _deals(_run(spec)):
        options = after.table.options
        assert result.dealer == record.dealer
        assert result.turnup == record.turnup
        assert result.proposals == record.proposals
        assert result.refused == (record.refused or None)
        assert result.played_without_proposing == (record.first_decision in ("Play", "MarkKing"))
        kings = [a for a in result.awards if a.reason in ("ecarte.king", "ecarte.turnup_king")]
        expected_kings = list(record.kings)
        if record.turnup is not None and record.turnup.rank is Rank.KING:
            expected_kings.insert(0, record.dealer)
        assert [a.seats[0] for a in kings] == expected_kings
        if result.outcome == "stopped":
            assert len(record.plays) < 10
            continue
        assert len(record.plays) == 10, "exactly five tricks"
        assert tuple(record.tricks) == result.tricks
        assert sum(result.tricks) == 5
        seat, points, reason = _expected_award(options, record)
        trick_award = result.awards[-1]
        assert (trick_award.seats, trick_award.points, trick_award.reason) == (
            (seat,),
            points,
            reason,
        )


@MORE
@given(playouts("ecarte"))
def test_at_most_3_points_a_deal_and_a_player(spec: PlayoutSpec) -> None:
    for _, result, _ in _deals(_run(spec)):
        assert sum(result.points) <= 3
        assert max(result.points) <= 3
        assert sum(a.points for a in result.awards) == sum(result.points)
        assert len([a for a in result.awards if a.reason == "ecarte.king"]) <= 1
        assert len([a for a in result.awards if a.reason == "ecarte.turnup_king"]) <= 1


@MORE
@given(playouts("ecarte"))
def test_talon_arithmetic_and_hands_of_five(spec: PlayoutSpec) -> None:
    for step in _run(spec):
        after: EcarteState = step.after
        if after.phase in (Phase.DEAL_DUE, Phase.OVER):
            continue
        view = view_of(after, None)
        drawn = sum(nondealer + dealer for nondealer, dealer in view.exchanges)
        assert view.talon_size == 21 - drawn
        assert sum(view.discard_sizes) == drawn
        if isinstance(step.move, Discard):
            assert view.hand_sizes == (5, 5)
            assert view.talon_size == len(step.before.exchange.talon) - len(step.move.cards)


@MORE
@given(playouts("ecarte"))
def test_cards_are_conserved(spec: PlayoutSpec) -> None:
    game = get_game("ecarte")
    for step in _run(spec):
        zones = game.card_zones(step.after)
        held = [card for cards in zones.values() for card in cards]
        assert len(held) == 32
        assert Counter(held) == Counter(DECK)


@MORE
@given(playouts("ecarte"))
def test_the_follower_follows_and_beats(spec: PlayoutSpec) -> None:
    for step in _run(spec):
        state: EcarteState = step.before
        if state.phase is not Phase.PLAY or not state.trick:
            continue
        legal = [move.card for move in parlour.legal_moves(state) if isinstance(move, Play)]
        hand = _hand(state, state.to_act)
        led = DECK[state.trick[0]]
        trump = Suit(state.table.trump)
        same = [card for card in hand if card.suit == led.suit]
        higher = [card for card in same if _strength(card) > _strength(led)]
        trumps = [card for card in hand if card.suit == trump]
        if same:
            assert set(legal) <= set(same)
            assert set(legal) == set(higher or same)
        elif state.table.options.must_trump_when_void and trumps:
            assert set(legal) == set(trumps)
        else:
            assert set(legal) == set(hand)
        assert (
            len(legal)
            == len(set(legal))
            == len(parlour.legal_moves(state))
            - (1 if "king" in [str(move) for move in parlour.legal_moves(state)] else 0)
        )
