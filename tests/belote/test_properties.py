"""Hypothesis properties of Belote over random matches with random options (rules §3.6, §3.9).

Each example is a whole match played at random (`tests.strategies.playouts`). The deal results
are checked against a small reference written here from the rules' tables: trick winners, card
points, the belote holder and the contract outcome are recomputed independently of the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings

import parlour
from parlour.base import (
    Card,
    Rank,
    Suit,
)
from parlour.belote import (
    BeloteState,
    DealResult,
    Phase,
    Play,
    Take,
)
from parlour.belote.rules import (
    DECK,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from tests.strategies import PlayoutSpec, Step, playouts

BIDDING = (Phase.BID_ROUND_1, Phase.BID_ROUND_2)
MORE = settings(max_examples=4 * settings().max_examples)
"""A random match takes milliseconds: four times the profile's examples (dev 60, ci 240)."""


def _hand(state: BeloteState, seat: int) -> list[Card]:
    return [DECK[index] for index in range(32) if state.hands[seat] >> index & 1]


def _trump_strength(card: Card) -> int:
    return len(TRUMP_ORDER) - TRUMP_ORDER.index(card.rank)


def _plain_strength(card: Card) -> int:
    return len(PLAIN_ORDER) - PLAIN_ORDER.index(card.rank)


def _points(card: Card, trump: Suit) -> int:
    return (TRUMP_POINTS if card.suit == trump else PLAIN_POINTS)[card.rank]


def _trick_winner(trick: Sequence[tuple[int, Card]], trump: Suit) -> int:
    """The seat winning a trick of (seat, card) pairs, from the rank orders of the rules."""
    trumps = [(seat, card) for seat, card in trick if card.suit == trump]
    if trumps:
        return max(trumps, key=lambda played: _trump_strength(played[1]))[0]
    led = trick[0][1].suit
    followed = [(seat, card) for seat, card in trick if card.suit == led]
    return max(followed, key=lambda played: _plain_strength(played[1]))[0]


@dataclass
class _DealRecord:
    """What the reference saw of one deal: bidding, tricks, and the belote holder."""

    taker: int | None = None
    trump: Suit | None = None
    bids: int = 0
    belote_holder: int | None = None
    rebelote_trick: int | None = None
    tricks: list[list[tuple[int, Card]]] = field(default_factory=list)
    trick_points: list[int] = field(default_factory=lambda: [0, 0])
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    last_trick_team: int | None = None


def _run(spec: PlayoutSpec) -> list[Step]:
    steps = spec.run()
    assert len(steps) > 0
    assert parlour.is_over(steps[-1].after) is True
    return steps


def _deals_with_records(steps: Sequence[Step]) -> list[tuple[_DealRecord, DealResult, Any]]:
    """Follow the playout with the reference; each finished deal's record, result and options."""
    finished: list[tuple[_DealRecord, DealResult, Any]] = []
    record = _DealRecord()
    for step in steps:
        before: BeloteState = step.before
        after: BeloteState = step.after
        move = step.move
        if before.phase in BIDDING:
            record.bids += 1
            if isinstance(move, Take):
                record.taker = before.to_act
                record.trump = Suit(after.table.trump)
                for seat in range(4):
                    held = _hand(after, seat)
                    if Card.of(Rank.KING, record.trump) in held and (
                        Card.of(Rank.QUEEN, record.trump) in held
                    ):
                        record.belote_holder = seat
        elif before.phase == Phase.PLAY:
            assert isinstance(move, Play)
            assert record.trump is not None
            if not record.tricks or len(record.tricks[-1]) == 4:
                record.tricks.append([])
            trick = record.tricks[-1]
            trick.append((before.to_act, move.card))
            if (
                before.to_act == record.belote_holder
                and move.card.suit == record.trump
                and move.card.rank in (Rank.KING, Rank.QUEEN)
            ):
                pair = {Rank.KING, Rank.QUEEN}
                played = {
                    card.rank
                    for earlier in record.tricks
                    for seat, card in earlier
                    if seat == record.belote_holder and card.suit == record.trump
                }
                if pair <= played:
                    record.rebelote_trick = len(record.tricks)
            if len(trick) == 4:
                winner = _trick_winner(trick, record.trump)
                team = winner % 2
                record.trick_points[team] += sum(_points(card, record.trump) for _, card in trick)
                record.tricks_won[team] += 1
                record.last_trick_team = team
                if after.phase == Phase.PLAY:
                    assert after.to_act == winner, "the winner of a trick leads the next"
                    assert after.leader == winner
        new = after.table.deals[len(before.table.deals) :]
        if new:
            assert len(new) == 1
            finished.append((record, new[0], after.table.options))
            record = _DealRecord()
    return finished


def _belote_points(result: DealResult) -> list[int]:
    return [20 if result.belote_team == team else 0 for team in (0, 1)]


def _litige_points(result: DealResult) -> list[int]:
    return [
        sum(
            award.points
            for award in result.awards
            if award.reason == "belote.litige" and award.seats == (team, team + 2)
        )
        for team in (0, 1)
    ]


@MORE
@given(playouts("belote"))
def test_card_points_and_tricks_match_the_reference(spec: PlayoutSpec) -> None:
    """162 card points per deal (or the capot total and 0), from tricks the reference scores."""
    played = 0
    for record, result, options in _deals_with_records(_run(spec)):
        if result.outcome == "thrown_in":
            assert record.bids == 8
            assert record.taker is None
            assert result.card_points == (0, 0)
            continue
        played += 1
        assert len(record.tricks) == 8
        assert all(len(trick) == 4 for trick in record.tricks)
        assert result.tricks == (record.tricks_won[0], record.tricks_won[1])
        assert sum(result.tricks) == 8
        assert sum(record.trick_points) == 152
        assert result.taker == record.taker
        assert result.trump == record.trump
        capot = next((team for team in (0, 1) if record.tricks_won[team] == 8), None)
        assert result.capot_team == capot
        if capot is None:
            expected = list(record.trick_points)
            assert record.last_trick_team is not None
            expected[record.last_trick_team] += 10
            assert result.card_points == (expected[0], expected[1])
            assert sum(result.card_points) == 162
        else:
            assert result.card_points[capot] == options.capot_points
            assert result.card_points[1 - capot] == 0
            assert options.capot_points in (252, 250)
    assert played >= 1


@MORE
@given(playouts("belote"))
def test_cards_are_conserved(spec: PlayoutSpec) -> None:
    """The 32 cards are all somewhere, each exactly once, after every move."""
    game = parlour.engine.get_game("belote")
    for step in _run(spec):
        zones = game.card_zones(step.after)
        cards = [card for held in zones.values() for card in held]
        assert len(cards) == 32
        assert Counter(cards) == Counter(DECK)
        if step.after.phase == Phase.PLAY:
            assert len(zones["stock"]) == 0
            assert len(zones["turnup"]) == 0


@MORE
@given(playouts("belote"))
def test_belote_scored_at_most_once_and_exactly_20(spec: PlayoutSpec) -> None:
    """Belote goes to the team whose player held the trump K and Q, once, for 20, in the trick
    where the second of them was played."""
    for record, result, options in _deals_with_records(_run(spec)):
        belotes = [award for award in result.awards if award.reason == "belote.belote"]
        assert len(belotes) <= 1
        holder_team = None if record.belote_holder is None else record.belote_holder % 2
        assert result.belote_team == holder_team
        if holder_team is None:
            assert belotes == []
            continue
        takers = None if result.taker is None else result.taker % 2
        if result.outcome == "litige" and holder_team == takers:
            assert belotes == []  # held over with the takers' points
            continue
        assert len(belotes) == 1
        (award,) = belotes
        assert award.points == 20
        assert award.trick == record.rebelote_trick
        assert award.deal == result.number
        gets = holder_team
        if result.outcome == "failed" and options.belote_on_failure == "to_defenders":
            assert takers is not None
            gets = 1 - takers
        assert award.seats == (gets, gets + 2)


@MORE
@given(playouts("belote"))
def test_play_obligations(spec: PlayoutSpec) -> None:
    """Legal moves are never empty; following suit binds; on a trump lead a higher trump binds;
    against winning opponents a void hand must trump (higher if it can)."""
    for step in _run(spec):
        state: BeloteState = step.before
        player = parlour.current_player(state)
        legal = parlour.legal_moves(state)
        if isinstance(player, int):
            assert len(legal) > 0
        else:
            assert len(legal) == 0
        if state.phase != Phase.PLAY:
            continue
        hand = _hand(state, state.to_act)
        cards = [move.card for move in legal if isinstance(move, Play)]
        assert len(cards) == len(legal)
        assert set(cards) <= set(hand)
        if not state.trick:
            assert sorted(cards, key=DECK.index) == sorted(hand, key=DECK.index)
            continue
        trump = Suit(state.table.trump)
        trick = [((state.leader + i) % 4, DECK[index]) for i, index in enumerate(state.trick)]
        led = trick[0][1].suit
        trumps_played = [card for _, card in trick if card.suit == trump]
        best = max((_trump_strength(card) for card in trumps_played), default=0)
        higher = [card for card in hand if card.suit == trump and _trump_strength(card) > best]
        if any(card.suit == led for card in hand):
            assert all(card.suit == led for card in cards), (hand, trick, cards)
            if led == trump and higher:
                assert sorted(cards, key=DECK.index) == sorted(higher, key=DECK.index)
            else:
                assert len(cards) == sum(card.suit == led for card in hand)
            continue
        winner = _trick_winner(trick, trump)
        holds_trump = any(card.suit == trump for card in hand)
        if winner % 2 != state.to_act % 2 and holds_trump:
            allowed = higher or [card for card in hand if card.suit == trump]
            assert sorted(cards, key=DECK.index) == sorted(allowed, key=DECK.index)
        if not holds_trump:
            assert len(cards) == len(hand)


@MORE
@given(playouts("belote"))
def test_bidding_has_at_most_8_decisions_and_a_take_ends_it(spec: PlayoutSpec) -> None:
    """At most 8 bidding decisions per deal; a take starts the play at once; 8 passes throw in."""
    decisions = 0
    for step in _run(spec):
        if step.before.phase in BIDDING:
            decisions += 1
            assert decisions <= 8
            if isinstance(step.move, Take):
                assert step.after.phase == Phase.PLAY
                assert step.after.table.take_round == (1 if decisions <= 4 else 2)
            elif decisions == 8:
                assert step.after.phase in (Phase.DEAL_DUE, Phase.OVER)
                assert step.after.table.deals[-1].outcome == "thrown_in"
            else:
                assert step.after.phase in BIDDING
        else:
            decisions = 0


@MORE
@given(playouts("belote"))
def test_deal_score_follows_the_contract(spec: PlayoutSpec) -> None:
    """Made: each team scores its card points and belote; failed: the takers score nothing (but a
    belote they keep) and the defenders all card points plus belotes; litige: the takers' points
    are held; the outcome follows the contract test under the options."""
    for _record, result, options in _deals_with_records(_run(spec)):
        if result.outcome == "thrown_in":
            assert result.points == (0, 0)
            continue
        assert result.taker is not None
        takers = result.taker % 2
        defenders = 1 - takers
        belote = _belote_points(result)
        counted = belote if options.belote_counts_for_contract else [0, 0]
        tk = result.card_points[takers] + counted[takers]
        df = result.card_points[defenders] + counted[defenders]
        if tk > df:
            assert result.outcome == "made"
        elif tk < df:
            assert result.outcome == "failed"
        else:
            expected = {"takers_win": "made", "litige": "litige", "takers_fail": "failed"}
            assert result.outcome == expected[options.tie_rule]
        litige = _litige_points(result)
        points = [result.points[team] - litige[team] for team in (0, 1)]
        if result.outcome == "made":
            assert points == [result.card_points[team] + belote[team] for team in (0, 1)]
            assert sum(points) == sum(result.card_points) + sum(belote)
        elif result.outcome == "failed":
            total = options.capot_points if result.capot_team == defenders else 162
            if options.belote_on_failure == "to_defenders":
                assert points[takers] == 0
                assert points[defenders] == total + sum(belote)
            else:
                assert points[takers] == belote[takers]
                assert points[defenders] == total + belote[defenders]
        else:
            assert points[takers] == 0
            assert points[defenders] == result.card_points[defenders] + belote[defenders]
        assert sum(points) <= 272


@MORE
@given(playouts("belote"))
def test_litige_points_are_held_and_awarded(spec: PlayoutSpec) -> None:
    """Held points grow by the takers' total on a litige and go, whole, to the winner of the next
    played deal."""
    held = 0
    for _record, result, _options in _deals_with_records(_run(spec)):
        if result.outcome == "thrown_in":
            assert result.held == held
            continue
        assert result.taker is not None
        takers = result.taker % 2
        litige = _litige_points(result)
        if result.outcome == "litige":
            held += result.card_points[takers] + _belote_points(result)[takers]
            assert litige == [0, 0]
        else:
            winner = takers if result.outcome == "made" else 1 - takers
            expected = [0, 0]
            expected[winner] = held
            assert litige == expected
            held = 0
        assert result.held == held


@MORE
@given(playouts("belote"))
def test_score_is_the_sum_of_events_and_changes_only_at_deal_ends(spec: PlayoutSpec) -> None:
    """score() per team is the sum of its score events, at every step; it changes only when a
    deal's last card is played, by exactly that deal's points."""
    for step in _run(spec):
        before = parlour.score(step.before)
        after = parlour.score(step.after)
        events = parlour.score_events(step.after)
        for team in (0, 1):
            credited = sum(event.points for event in events if event.seats == (team, team + 2))
            assert after[team] == credited
            assert after[team + 2] == after[team]
        new = step.after.table.deals[len(step.before.table.deals) :]
        if new and new[0].outcome != "thrown_in":
            assert isinstance(step.move, Play)
            assert step.after.phase in (Phase.DEAL_DUE, Phase.OVER)
            points = new[0].points
            assert (after[0] - before[0], after[1] - before[1]) == points
        else:
            assert after == before


@MORE
@given(playouts("belote"))
def test_match_ends_as_the_options_say(spec: PlayoutSpec) -> None:
    """With a target the winners reached it and lead; a single deal ends after one played deal,
    won by the takers if made, else by the defenders."""
    steps = _run(spec)
    final: BeloteState = steps[-1].after
    options = final.table.options
    played = [deal for deal in final.table.deals if deal.outcome != "thrown_in"]
    winners = parlour.winners(final)
    score = parlour.score(final)
    assert len(winners) == 2
    team = winners[0] % 2
    assert winners == (team, team + 2)
    if options.target is None:
        assert len(played) == 1
        assert played[0].taker is not None
        takers = played[0].taker % 2
        assert team == (takers if played[0].outcome == "made" else 1 - takers)
    else:
        assert score[team] >= options.target
        assert score[team] > score[1 - team]
        before_last = parlour.score(steps[-1].before)
        assert max(before_last[0], before_last[1]) < options.target or (
            before_last[0] == before_last[1]
        )


@MORE
@given(playouts("belote"))
def test_replay_of_the_log_equals_the_match(spec: PlayoutSpec) -> None:
    """A match recorded by `Match` replays from its log (object and JSON text) to its state."""
    match = parlour.Match("belote", options=dict(spec.options), dealer=spec.dealer)
    steps = _run(spec)
    for step in steps:
        match.apply(str(step.move))
    assert match.state == steps[-1].after
    log = match.to_log()
    assert parlour.replay(log) == steps[-1].after
    assert parlour.replay(parlour.write_log(log)) == steps[-1].after
    report = parlour.validate(log)
    assert report.ok is True
    assert report.moves_applied == len(steps)
    assert report.score == parlour.score(steps[-1].after)
