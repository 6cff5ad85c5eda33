"""Properties of random play (rules §4.11, Settled points 6–7), over one hand at a time for four
and two players with random options.

Hypothesis draws every move choice (an index into the legal moves, and in "bot" examples whether
the seat follows the built-in bot instead, so that pozzetti and closings are frequent), so a
failure shrinks to a short hand of early moves. Every expected value is written here from the
rules — card values, the 108-card deck, which card acts as a wild, the score items — and never
read from the code under test: melds are classified by this file's own reading of their cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import parlour
from parlour import IllegalMoveError, NotationError
from parlour.base import (
    Card,
    Rank,
)
from parlour.burraco import Add, BurracoView, Discard, Draw, Meld, PickUp
from parlour.engine import (
    Move,
    get_game,
)

GAME = get_game("burraco")

VALUE = {
    "JK": 30, "2": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5, "3": 5,
}  # fmt: skip
"""Card values by rank (rules §4.1)."""

DECK_VALUE = 1080
"""4 × 30 + 8 × 20 + 8 × 15 + 48 × 10 + 40 × 5 (rules §4.1)."""

DECK_SIZE = 108
HAND = 11
POZZETTO = 11
STOCK_FLOOR = 2
BURRACO = 7
CLEAN_BONUS, DIRTY_BONUS, CLOSING_BONUS, NO_POZZETTO = 200, 100, 100, 100
MAX_STEPS = 3000
"""A safety net: a hand that has not ended after this many moves is a bug."""

OPTIONS = st.fixed_dictionaries(
    {
        "target": st.just(None),
        "players": st.sampled_from([4, 2]),
        "close_requires": st.sampled_from(["any_burraco", "clean_burraco"]),
        "ace_to_ace_run": st.booleans(),
        "allow_duplicate_set_rank": st.booleans(),
        "single_card_pile_no_rediscard": st.booleans(),
        "must_meld_after_taking_pile": st.booleans(),
        "wild_rearrangement": st.sampled_from(["tournament", "free"]),
        "stalemate_turns": st.sampled_from([None, 1, 3]),
    }
)


def value(card: Card) -> int:
    return VALUE[card.rank.text]


def is_wild_rank(card: Card) -> bool:
    """Jokers and twos: the cards that may act as a wild (rules §4.1)."""
    return card.rank in (Rank.TWO, Rank.JOKER)


# --- this file's own reading of a meld -----------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    wilds: int
    """cards acting as a wild, by rules §4.5.1"""
    length: int


def read_set(group: Sequence[Card]) -> Reading:
    naturals = [card for card in group if not is_wild_rank(card)]
    assert len({card.rank for card in naturals}) == 1, group
    assert len(naturals) >= 2, group  # at least two naturals; never a set of 2s or jokers
    assert 3 <= len(group) <= 9, group
    return Reading(wilds=len(group) - len(naturals), length=len(group))


def read_sequence(group: Sequence[Card], ace_to_ace: bool) -> Reading:
    """Positions 1 (ace low) … 14 (ace high); a card is natural at its own position in the
    suit (an ace at 1 or 14, a 2 of the suit at 2); any other card acts as a wild."""
    suits = {card.suit for card in group if not is_wild_rank(card)}
    assert len(suits) == 1, group
    (suit,) = suits
    low = None
    for index, card in enumerate(group):
        if card.suit == suit and Rank.THREE <= card.rank <= Rank.KING:
            low = int(card.rank) - index
            break
    if low is None:  # only aces, 2s and jokers: the ace must be low (A 2 3 …)
        assert group[0].rank is Rank.ACE and group[0].suit == suit, group
        low = 1
    wilds = 0
    for index, card in enumerate(group):
        position = low + index
        assert 1 <= position <= 14, group
        natural = card.suit == suit and (
            int(card.rank) == position or (card.rank is Rank.ACE and position in (1, 14))
        )
        if not natural:
            assert is_wild_rank(card), group
            wilds += 1
    assert 3 <= len(group) <= (14 if ace_to_ace else 13), group
    return Reading(wilds=wilds, length=len(group))


def read(meld: Any, ace_to_ace: bool) -> Reading:
    group = meld.cards
    return read_set(group) if meld.kind == "set" else read_sequence(group, ace_to_ace)


# --- playing one hand ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    before: Any
    move: Move
    after: Any


def play_hand(
    options: dict[str, Any], seed: int, dealer: int, bot_share: int, data: st.DataObject
) -> Iterator[Step]:
    """One hand (``target`` is None): the deal from ``Random(seed)``, then every move chosen
    by hypothesis: the bot's move when a draw from 0..9 falls below ``bot_share``, else a legal
    move by index."""
    rng = random.Random(seed)
    state = parlour.new_game("burraco", options=options, dealer=dealer)
    state = parlour.apply(state, parlour.random_deal(state, rng))
    for _ in range(MAX_STEPS):
        if parlour.is_over(state):
            return
        moves = parlour.legal_moves(state)
        assert len(moves) > 0
        if bot_share and data.draw(st.integers(0, 9), label="policy") < bot_share:
            move = GAME.bot_move(state, rng)  # type: ignore[attr-defined]
        else:
            move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        after = parlour.apply(state, move)
        yield Step(state, move, after)
        state = after
    raise AssertionError(f"the hand did not end after {MAX_STEPS} moves")


def shown(state: Any) -> BurracoView:
    seen = parlour.view(state, None)
    assert isinstance(seen, BurracoView)
    return seen


def in_play(state: Any) -> bool:
    return not parlour.is_over(state) and not parlour.is_chance(state)


def zones(state: Any) -> dict[str, Counter[Card]]:
    return {name: Counter(cards) for name, cards in GAME.card_zones(state).items()}


def team_of(state: Any, seat: int) -> int:
    return next(team for team, seats in enumerate(parlour.teams(state)) if seat in seats)


hands_settings = settings()
"""The profile's example count (tests/conftest.py): 15 in dev, 60 in ci."""


# --- the invariants of every move ----------------------------------------------------------------


def expected_zones(step: Step) -> dict[str, Counter[Card]]:
    """The zones after ``step`` worked out from the zones before it and the move alone (rules
    §4.3): what the move takes from where, and the pozzetto when the hand empties."""
    before = step.before
    seat = before.to_act
    team = team_of(before, seat)
    moved = {name: Counter(cards) for name, cards in zones(before).items()}
    hand = moved[f"hand {seat}"]
    move = step.move
    if isinstance(move, Draw):
        top = GAME.card_zones(before)["stock"][0]
        moved["stock"][top] -= 1
        hand[top] += 1
    elif isinstance(move, PickUp):
        hand.update(moved["discard"])
        moved["discard"] = Counter()
    elif isinstance(move, (Meld, Add)):
        hand.subtract(move.cards)
        moved[f"melds {team}"].update(move.cards)
    elif isinstance(move, Discard):
        hand[move.card] -= 1
        moved["discard"][move.card] += 1
    if sum(hand.values()) == 0 and not (
        isinstance(move, Discard) and shown(before).pozzetto_of_team[team]
    ):
        # the first pozzetto not yet taken: the top one (1) first
        taken = sum(1 for which in shown(before).pozzetto_of_team if which)
        pozzetto = f"pozzetto {taken + 1}"
        hand.update(moved[pozzetto])
        moved[pozzetto] = Counter()
    return {name: +counter for name, counter in moved.items()}


def check_step(step: Step, ace_to_ace: bool) -> None:
    before, move, after = step.before, step.move, step.after
    seat = before.to_act
    team = team_of(before, seat)
    old, new = shown(before), shown(after)
    if in_play(after):
        now = zones(after)
        # 108 cards and 1080 points, conserved, and moved zone by zone as the move says
        total: Counter[Card] = Counter()
        for counter in now.values():
            total.update(counter)
        assert sum(total.values()) == DECK_SIZE
        assert sum(value(card) * count for card, count in total.items()) == DECK_VALUE
        assert total[parlour.parse_card("JK")] == 4
        assert all(count == 2 for card, count in total.items() if card.rank is not Rank.JOKER)
        assert {name: +counter for name, counter in now.items()} == expected_zones(step)
        listed = GAME.card_zones(after)
        if isinstance(move, Draw):
            assert listed["stock"] == GAME.card_zones(before)["stock"][1:]
        if isinstance(move, Discard):
            # a turn that does not end the hand leaves the pile non-empty, the card on top
            assert listed["discard"] == (move.card, *GAME.card_zones(before)["discard"])
        # the stock never drops below two
        assert new.stock_size == len(listed["stock"]) >= STOCK_FLOOR
        # each meld holds at most one card acting as a wild; clean means none
        for melds in new.melds:
            for meld in melds:
                reading = read(meld, ace_to_ace)
                assert reading.wilds <= 1, meld
                assert meld.clean == (reading.wilds == 0), meld
                assert meld.burraco == (reading.length >= BURRACO), meld
        # melds never shrink and never leave the table: each team's meld i only grows
        for old_melds, new_melds in zip(old.melds, new.melds, strict=True):
            assert len(new_melds) >= len(old_melds)
            for was, now_meld in zip(old_melds, new_melds, strict=False):
                assert not Counter(was.cards) - Counter(now_meld.cards)
        if isinstance(move, Meld):
            assert len(new.melds[team]) == len(old.melds[team]) + 1
            assert Counter(new.melds[team][-1].cards) == Counter(move.cards)
        elif isinstance(move, Add):
            index = move.number - 1
            grown = Counter(new.melds[team][index].cards) - Counter(old.melds[team][index].cards)
            assert grown == Counter(move.cards)
            assert new.melds[team][:index] == old.melds[team][:index]
            assert new.melds[team][index + 1 :] == old.melds[team][index + 1 :]
        else:
            assert new.melds == old.melds
        # pozzetti: at most one per team, kept once taken, the top one first
        taken_before = [which for which in old.pozzetto_of_team if which]
        taken = [which for which in new.pozzetto_of_team if which]
        pairs = zip(old.pozzetto_of_team, new.pozzetto_of_team, strict=True)
        assert all(was in (0, now) for was, now in pairs)
        assert sorted(taken) == list(range(1, len(taken) + 1))
        assert new.pozzetti_left == 2 - len(taken)
        # the mover's hand changes by what the move explains, the others' not at all
        got_pozzetto = len(taken) > len(taken_before)
        change = {Draw: 1, PickUp: len(old.discard), Discard: -1}.get(type(move))
        if change is None:
            assert isinstance(move, (Meld, Add))
            change = -len(move.cards)
        if got_pozzetto:
            assert new.pozzetto_of_team[team] and not old.pozzetto_of_team[team]
            change += POZZETTO
            assert old.hand_sizes[seat] + change - POZZETTO == 0
        assert new.hand_sizes[seat] == old.hand_sizes[seat] + change
        others = [size for other, size in enumerate(new.hand_sizes) if other != seat]
        assert others == [size for other, size in enumerate(old.hand_sizes) if other != seat]
    else:
        # only a discard ends a hand
        assert isinstance(move, Discard)


def check_hand_end(last: Step, options: dict[str, Any]) -> None:
    """The score of the hand, item by item, from the table and hands as the last move left
    them (rules §4.9, BU12), and the conditions of a closing (§4.7, §4.11)."""
    before, move = last.before, last.move
    assert isinstance(move, Discard)
    seat = before.to_act
    closer_team = team_of(before, seat)
    (result,) = parlour.deal_results(last.after)
    event(f"ended by {result.ended_by}")
    old = shown(before)
    cards_before = GAME.card_zones(before)
    hands = {other: Counter(cards_before[f"hand {other}"]) for other in range(len(old.hand_sizes))}
    hands[seat][move.card] -= 1
    took = [bool(which) for which in old.pozzetto_of_team]
    if sum(hands[seat].values()) == 0 and not took[closer_team]:
        # the pozzetto taken on the final discard counts as cards in hand
        pozzetto = f"pozzetto {sum(took) + 1}"
        hands[seat].update(cards_before[pozzetto])
        took[closer_team] = True
    if result.ended_by == "closing":
        assert result.closed_by == closer_team
        assert old.hand_sizes[seat] == 1 and not is_wild_rank(move.card)
        assert old.pozzetto_of_team[closer_team]
        readings = [read(meld, options["ace_to_ace_run"]) for meld in old.melds[closer_team]]
        clean_needed = options["close_requires"] == "clean_burraco"
        assert any(r.length >= BURRACO and (r.wilds == 0 or not clean_needed) for r in readings)
    else:
        assert result.closed_by is None
        if result.ended_by == "stock":
            assert old.stock_size == STOCK_FLOOR and old.last_turn
    for score in result.teams:
        readings = [read(meld, options["ace_to_ace_run"]) for meld in old.melds[score.team]]
        clean = sum(1 for r in readings if r.length >= BURRACO and r.wilds == 0)
        dirty = sum(1 for r in readings if r.length >= BURRACO and r.wilds == 1)
        melded = sum(value(card) for meld in old.melds[score.team] for card in meld.cards)
        in_hand = sum(value(card) * count for other in score.seats
                      for card, count in hands[other].items())  # fmt: skip
        closing = CLOSING_BONUS if result.closed_by == score.team else 0
        penalty = 0 if took[score.team] else NO_POZZETTO
        assert (score.melded, score.clean_burracos, score.dirty_burracos) == (melded, clean, dirty)
        assert (score.closing, score.in_hand, score.pozzetto_penalty) == (closing, in_hand, penalty)
        assert score.burraco_bonus == CLEAN_BONUS * clean + DIRTY_BONUS * dirty
        assert score.total == (
            score.melded + score.burraco_bonus + score.closing - score.in_hand
            - score.pozzetto_penalty
        )  # fmt: skip
    scores = parlour.score(last.after)
    for score in result.teams:
        assert all(scores[seat_] == score.total for seat_ in score.seats)


@hands_settings
@given(
    options=OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    bot_share=st.sampled_from([0, 9]),
    data=st.data(),
)
def test_invariants_of_every_move_and_the_score_of_the_hand(
    options: dict[str, Any], seed: int, dealer: int, bot_share: int, data: st.DataObject
) -> None:
    dealer %= options["players"]
    last = None
    for step in play_hand(options, seed, dealer, bot_share, data):
        check_step(step, options["ace_to_ace_run"])
        last = step
    assert last is not None
    check_hand_end(last, options)
    event(f"pozzetti taken: {sum(1 for which in shown(last.before).pozzetto_of_team if which)}")


# --- legal moves against check -------------------------------------------------------------------


def agrees(state: Any, candidate: Move | str, known: set[str]) -> None:
    """`check`, `apply` and the legal moves agree on ``candidate`` (with the legal moves already
    computed, so `apply` may read them back instead of checking)."""
    move = parlour.parse_move(state, candidate) if isinstance(candidate, str) else candidate
    legal = parlour.check(state, move) is None
    assert legal == (str(move) in known), move
    if legal:
        parlour.apply(state, move)
    else:
        with pytest.raises(IllegalMoveError):
            parlour.apply(state, move)


def check_legal_moves(state: Any, rng: random.Random) -> None:
    moves = list(parlour.legal_moves(state))
    texts = [str(move) for move in moves]
    assert len(set(texts)) == len(texts), "a legal move is listed twice"
    assert len(set(moves)) == len(moves)
    known = set(texts)
    # each legal move applies (a sample when there are many), and reads back from its text
    for move in rng.sample(moves, min(4, len(moves))):
        assert parlour.parse_move(state, str(move)) == move
        assert parlour.check(state, move) is None
        parlour.apply(state, move)
    seen = parlour.view(state, state.to_act)
    assert isinstance(seen, BurracoView)
    if seen.phase == "draw":
        agrees(state, "pickup", known)
        assert "draw" in known
        return
    hand = list(seen.hand)
    # every discard of each card in the hand
    for card in dict.fromkeys(hand):
        agrees(state, f"discard {card.text}", known)
    # melds of small subsets, written in the hand's order and shuffled
    subsets = list(dict.fromkeys(combinations(hand, 3)))
    for group in rng.sample(subsets, min(12, len(subsets))):
        for order in (list(group), rng.sample(group, 3)):
            agrees(state, "meld " + " ".join(c.text for c in order), known)
    # adds of one card to each of the team's melds (and one past the last)
    team = team_of(state, state.to_act)
    numbers = range(1, len(seen.melds[team]) + 2)
    singles = [(number, card) for number in numbers for card in dict.fromkeys(hand)]
    for number, card in rng.sample(singles, min(12, len(singles))):
        try:
            candidate = parlour.parse_move(state, f"add {number} {card.text}")
        except NotationError:
            continue  # several arrangements: only the '=' forms are moves
        agrees(state, candidate, known)


@hands_settings
@given(
    options=OPTIONS,
    seed=st.integers(0, 2**32 - 1),
    bot_share=st.sampled_from([0, 9]),
    data=st.data(),
)
def test_legal_moves_are_distinct_apply_and_agree_with_check(
    options: dict[str, Any], seed: int, bot_share: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    for step in play_hand(options, seed, 0, bot_share, data):
        if in_play(step.after):
            check_legal_moves(step.after, rng)
