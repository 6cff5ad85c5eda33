"""Properties of random Bezique playouts (bezique.md §1.8), over hypothesis-drawn seeds and
options: card conservation, 24 + 8 tricks, brisques 160 (+ the last trick: 170), scores in
tens, one scoring meld per trick won, at most 20 from sevens, and the last stage's duties."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given

import parlour
from parlour.bezique import GAME, BeziqueState, DealResult, Draw, Exchange, Meld, Phase, Play, Show
from parlour.bezique.rules import (
    CARD_TABLES,
    DECK,
    FACES,
    MELD_TABLE,
    STOCK_SIZE,
)
from parlour.engine import Deal
from tests.strategies import PlayoutSpec, Step, playouts, random_playout

MELD_REASONS = {kind.rule for kind in MELD_TABLE}
SEVEN_REASONS = {
    "bezique.seven_turnup",
    "bezique.seven_exchange",
    "bezique.seven_show",
    "bezique.seven_play",
}
ALL_REASONS = MELD_REASONS | SEVEN_REASONS | {"bezique.brisques", "bezique.last_trick"}


def holding(state: BeziqueState, seat: int) -> int:
    return state.hands[seat] | state.tables[seat]


def check_cards(state: BeziqueState) -> None:
    """Every card is in exactly one zone; the 64 cards are the deck."""
    zones = GAME.card_zones(state)
    assert Counter(card for cards in zones.values() for card in cards) == Counter(DECK)
    if state.phase in (Phase.DEAL_DUE, Phase.OVER):
        return
    masks = [*state.hands, *state.tables, *state.won]
    for card in state.trick:
        masks.append(1 << card)
    masks.extend(1 << card for card in state.table.stock[state.drawn :])
    if state.turnup >= 0:
        masks.append(1 << state.turnup)
    union = 0
    for mask in masks:
        assert not union & mask, "a card is in two places"
        union |= mask
    assert union == (1 << 64) - 1
    assert not state.hands[0] & state.tables[0] and not state.hands[1] & state.tables[1]


def check_layout(state: BeziqueState) -> None:
    """Sizes at each point of a deal (§1.8)."""
    phase = state.phase
    if phase == Phase.PLAY:
        assert state.tricks < 24
        assert state.drawn == 2 * state.tricks
        assert state.turnup >= 0
        for seat in (0, 1):
            played = 1 if seat in [(state.leader + i) % 2 for i in range(len(state.trick))] else 0
            assert holding(state, seat).bit_count() == 8 - played
    elif phase == Phase.DECLARE:
        assert 1 <= state.tricks <= 24
        assert state.drawn == 2 * (state.tricks - 1)
        assert [holding(state, seat).bit_count() for seat in (0, 1)] == [7, 7]
        assert state.turnup >= 0 and state.trick == ()
    elif phase == Phase.LAST_STAGE:
        assert 24 <= state.tricks < 32
        assert state.drawn == STOCK_SIZE and state.turnup == -1
        assert state.tables == (0, 0)
        left = 32 - state.tricks
        for seat in (0, 1):
            played = 1 if state.trick and seat == state.leader else 0
            assert state.hands[seat].bit_count() == left - played
    if phase in (Phase.PLAY, Phase.DECLARE, Phase.LAST_STAGE):
        won = state.won[0].bit_count() + state.won[1].bit_count()
        assert won == 2 * state.tricks


def check_last_stage_duties(state: BeziqueState) -> None:
    """The legal set is never empty; holding the suit led, every legal card is of that suit
    (and beats the card led if any card can); void, every legal card is a trump if any is
    held."""
    if state.phase != Phase.LAST_STAGE or not state.trick:
        return
    table = CARD_TABLES[state.table.options.rank_order]
    trump = state.table.trump
    led = state.trick[0]
    led_suit = table.suit_of[led]
    power = table.power[trump]
    hand = [card for card in range(64) if state.hands[state.to_act] >> card & 1]
    legal_faces = {
        DECK.index(move.card) for move in parlour.legal_moves(state) if isinstance(move, Play)
    }
    legal = [card for card in hand if card % FACES in legal_faces]
    assert legal
    same = [card for card in hand if table.suit_of[card] == led_suit]
    if same:
        beat = [card for card in same if power[card] > power[led]]
        assert set(legal) == set(beat or same)
    else:
        trumps = [card for card in hand if table.suit_of[card] == trump]
        assert set(legal) == set(trumps or hand)


def _quartet_texts() -> list[str]:
    texts = []
    for rank in "AKQJ":
        for spades in range(3):
            for hearts in range(3):
                for diamonds in range(3):
                    clubs = 4 - spades - hearts - diamonds
                    if 0 <= clubs <= 2:
                        counts = zip("SHDC", (spades, hearts, diamonds, clubs), strict=True)
                        faces = [f"{rank}{suit}" for suit, n in counts for _ in range(n)]
                        texts.append("meld " + " ".join(faces))
    return texts


def _fixed_texts() -> list[str]:
    texts = []
    for suit in "SHDC":
        texts.append(f"meld K{suit} Q{suit}")
        texts.append(f"meld A{suit} 10{suit} K{suit} Q{suit} J{suit}")
    for queen, jack in (("QS", "JD"), ("QC", "JH")):
        texts.append(f"meld {queen} {jack}")
        texts.append(f"meld {queen} {queen} {jack} {jack}")
    return texts


MELD_CANDIDATES = [
    (text, Counter(text.split()[1:])) for text in [*_fixed_texts(), *_quartet_texts()]
]
"""Every meld of the game under any trump and either bezique pair, with its faces."""


def check_declare_step(state: BeziqueState) -> None:
    """In a winner's window, `check` accepts exactly the moves `legal_moves` lists."""
    if state.phase != Phase.DECLARE:
        return
    legal = {str(move) for move in parlour.legal_moves(state)}
    seat = state.to_act
    held = Counter(DECK[card].text for card in range(64) if holding(state, seat) >> card & 1)
    candidates = [text for text, faces in MELD_CANDIDATES if not faces - held]
    assert {text for text in legal if text.startswith("meld")} <= {
        str(parlour.parse_move(state, text)) for text in candidates
    }
    for text in [*candidates, "exchange", "show", "draw"]:
        canonical = str(parlour.parse_move(state, text))
        violation = parlour.check(state, text)
        assert (violation is None) == (canonical in legal), (text, violation, sorted(legal))
        if violation is not None:
            assert violation.rule.startswith(("bezique.", "card.")), violation


def check_step(step: Step) -> None:
    before: BeziqueState = step.before
    after: BeziqueState = step.after
    check_cards(after)
    check_layout(after)
    check_last_stage_duties(after)
    check_declare_step(after)
    assert all(score % 10 == 0 for score in parlour.score(after))
    assert all(a.points > 0 and a.points % 10 == 0 for a in parlour.score_events(after))
    move = step.move
    if isinstance(move, (Meld, Exchange, Show, Draw)):
        # only the winner of the stage-one trick just played acts in the window
        assert before.phase == Phase.DECLARE
        assert before.last_trick is not None
        leader, cards = before.last_trick
        table = CARD_TABLES[before.table.options.rank_order]
        winner = leader if table.winning_index(before.table.trump, cards) == 0 else 1 - leader
        assert before.to_act == winner
    if isinstance(move, Meld):
        assert not before.declared
    options = after.table.options
    if options.match_end == "first_to_reach" and options.target is not None:
        assert max(parlour.score(before)) < options.target
        if max(parlour.score(after)) >= options.target:
            assert parlour.is_over(after)


def check_windows(steps: Sequence[Step]) -> None:
    """At most one scoring meld per trick won (one declaration of any kind when the seven
    counts as a meld)."""
    melds = declarations = 0
    for step in steps:
        move = step.move
        if isinstance(move, Meld):
            melds += 1
        if isinstance(move, (Meld, Exchange, Show)):
            declarations += 1
        assert melds <= 1
        if step.after.table.options.seven_counts_as_meld:
            assert declarations <= 1
        if not isinstance(move, (Meld, Exchange, Show)):
            melds = declarations = 0


def check_deal_result(options: Any, result: DealResult) -> None:
    awards = result.awards
    assert all(award.deal == result.number for award in awards)
    assert {award.reason for award in awards} <= ALL_REASONS
    for seat in (0, 1):
        assert sum(a.points for a in awards if a.seats == (seat,)) == result.points[seat]
        assert result.brisques[seat] == sum(
            a.points for a in awards if a.seats == (seat,) and a.reason == "bezique.brisques"
        )
    sevens = [a for a in awards if a.reason in SEVEN_REASONS]
    assert sum(a.points for a in sevens) <= 20 and len(sevens) <= 2
    melds = [a for a in awards if a.reason in MELD_REASONS]
    assert len(melds) <= 24
    assert len({a.trick for a in melds}) == len(melds)  # one meld per trick won
    assert all(a.trick is not None and 1 <= a.trick <= 24 for a in melds)
    assert [d.points for d in result.declarations] == [
        a.points for a in awards if a.reason in MELD_REASONS | SEVEN_REASONS
    ]
    last = [a for a in awards if a.reason == "bezique.last_trick"]
    if result.outcome == "played":
        assert sum(result.tricks) == 32
        assert sum(result.brisques) == 160
        assert len(last) == 1 and last[0].trick == options.last_trick
        assert last[0].seats == (result.last_trick_seat,)
        assert sum(result.brisques) + sum(a.points for a in last) == 170
    else:
        assert result.outcome == "stopped"
        assert options.match_end == "first_to_reach" and options.target is not None


def check_playout(steps: Sequence[Step]) -> None:
    for step in steps:
        check_step(step)
    check_windows(steps)
    plays = draws = 0
    for step in steps:
        if isinstance(step.move, Deal):
            plays = draws = 0
        elif isinstance(step.move, Play):
            plays += 1
        elif isinstance(step.move, Draw):
            draws += 1
        new = parlour.deal_results(step.after)[len(parlour.deal_results(step.before)) :]
        for result in new:
            check_deal_result(step.after.table.options, result)
            if result.outcome == "played":
                assert (plays, draws) == (64, 24)
    final = steps[-1].after
    assert parlour.is_over(final)
    options = final.table.options
    scores = parlour.score(final)
    if options.target is None:
        assert len(parlour.deal_results(final)) == 1
    elif options.match_end == "end_of_deal":
        assert max(scores) >= options.target and scores[0] != scores[1]
    assert parlour.winners(final) == tuple(seat for seat in (0, 1) if scores[seat] == max(scores))


@given(playouts("bezique"))
def test_random_playouts(spec: PlayoutSpec) -> None:
    check_playout(spec.run())


@pytest.mark.parametrize("seed", range(4))
def test_random_single_deals_with_default_options(seed: int) -> None:
    steps = random_playout("bezique", seed, {"target": None}, dealer=seed % 2)
    check_playout(steps)
    result = parlour.deal_results(steps[-1].after)[0]
    assert result.outcome == "played"
    assert sum(result.brisques) == 160
