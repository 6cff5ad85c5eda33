"""The rules of thumb in specific positions, taken from seeded games and checked against the
rules (rank orders, trick winners, scores), not against the agents' code.

Each test walks heuristic-against-heuristic matches from fixed seeds, keeps the positions where
its rule applies, and asserts what the heuristic plays there; it also asserts that enough such
positions were met, so it cannot pass vacuously.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import parlour
from parlour.agents import HeuristicAgent
from parlour.base import (
    Card,
    Rank,
    Suit,
)
from parlour.belote.rules import PLAIN_ORDER as BELOTE_PLAIN
from parlour.belote.rules import PLAIN_POINTS, TRUMP_POINTS
from parlour.belote.rules import TRUMP_ORDER as BELOTE_TRUMP
from parlour.engine import Move
from tests.agents.helpers import SINGLE_DEAL
from tests.strategies import iter_playout

AGENT = HeuristicAgent()


def heuristic_positions(game: str, seeds: range) -> Iterator[tuple[Any, Any, Move]]:
    """(state, the seat's view, the heuristic's move) at every decision of single-deal
    heuristic matches from ``seeds``; the test may read the state to judge the position."""
    views: list[Any] = []

    def heuristic(state: Any, moves: Sequence[Move], rng: random.Random) -> Move:
        seat = parlour.current_player(state)
        assert isinstance(seat, int)
        views.append(parlour.agent_view(state, seat, rng))
        return AGENT.choose(views[-1], moves, rng)

    for seed in seeds:
        start = parlour.new_game(game, options=SINGLE_DEAL, seed=seed, dealer=seed % 2)
        for step in iter_playout(game, seed, start=start, choose=heuristic):
            if not parlour.is_chance(step.before):
                yield step.before, views[-1], step.move


# --- Belote ---------------------------------------------------------------------------------------


def _belote_higher(card: Card, trump: Suit) -> list[Card]:
    """The cards of ``card``'s suit that beat it, by the rank orders of the rules."""
    order = BELOTE_TRUMP if card.suit == trump else BELOTE_PLAIN
    assert card.suit is not None
    return [Card.of(rank, card.suit) for rank in order[: order.index(card.rank)]]


def _belote_trick_winner(trick: list[tuple[int, Card]], trump: Suit) -> int:
    """The seat winning ``trick``: the highest trump, else the highest card of the suit led."""
    led = trick[0][1].suit

    def strength(card: Card) -> int:
        if card.suit == trump:
            return 20 - BELOTE_TRUMP.index(card.rank)
        return 10 - BELOTE_PLAIN.index(card.rank) if card.suit == led else 0

    return max(trick, key=lambda played: strength(played[1]))[0]


def _master(card: Card, trump: Suit, known: set[Card]) -> bool:
    """Whether every card of ``card``'s suit that beats it is in ``known`` (played or held)."""
    return all(higher in known for higher in _belote_higher(card, trump))


def test_belote_leads_a_master_card_when_it_holds_one() -> None:
    """Leading, with a side card that no unplayed card of its suit can beat, it leads a master
    (that card or another, or the master trump)."""
    checked = 0
    played: set[Card] = set()
    for _state, seen, move in heuristic_positions("belote", range(1, 25)):
        if seen.phase != "play":
            played = set()
            continue
        for _, card in seen.last_trick:
            played.add(card)
        if not seen.trick and isinstance(move, parlour.belote.Play):
            trump = seen.trump
            known = played | set(seen.hand)
            if any(card.suit != trump and _master(card, trump, known) for card in seen.hand):
                assert _master(move.card, trump, known), (seen.hand, move)
                checked += 1
    assert checked >= 20


def test_belote_lets_its_partners_trick_be_and_gives_it_points_when_last() -> None:
    """While its partner wins the trick, it plays a card that leaves the partner winning when it
    has one; playing last, it gives the most card points it can without trumping."""
    protected = gifts = 0
    for state, seen, move in heuristic_positions("belote", range(1, 25)):
        if seen.phase != "play" or len(seen.trick) < 2:
            continue
        trick = list(seen.trick)
        trump = seen.trump
        partner = (seen.seat + 2) % 4
        if _belote_trick_winner(trick, trump) != partner:
            continue
        legal = [m for m in parlour.legal_moves(state) if isinstance(m, parlour.belote.Play)]
        if len(trick) == 3:
            side = [m for m in legal if m.card.suit != trump]
            if side:
                assert isinstance(move, parlour.belote.Play) and move.card.suit != trump
                most = max(_belote_points(m.card, trump) for m in side)
                assert _belote_points(move.card, trump) == most
                gifts += 1
            continue
        keeps = [
            m for m in legal
            if _belote_trick_winner([*trick, (seen.seat, m.card)], trump) == partner
        ]  # fmt: skip
        if keeps:
            assert move in keeps
            protected += 1
    assert protected >= 10 and gifts >= 10


def _belote_points(card: Card, trump: Suit) -> int:
    table = TRUMP_POINTS if card.suit == trump else PLAIN_POINTS
    return table[card.rank]


def test_belote_takes_with_the_jack_nine_and_ace_of_trumps_and_passes_with_no_trump() -> None:
    """In the first round, a hand holding (with the turn-up) the jack, nine and ace of the
    turn-up's suit takes; one with no card of that suit and no ace passes."""
    strong = weak = 0
    for _state, seen, move in heuristic_positions("belote", range(1, 400)):
        if seen.phase != "bidding_round_1":
            continue
        suit = seen.turnup.suit
        cards = {*seen.hand, seen.turnup}
        if {Card.of(rank, suit) for rank in (Rank.JACK, Rank.NINE, Rank.ACE)} <= cards:
            assert str(move) == "take"
            strong += 1
        elif all(card.suit != suit and card.rank != Rank.ACE for card in seen.hand):
            assert str(move) == "pass"
            weak += 1
        if strong >= 3 and weak >= 20:
            break
    assert strong >= 3 and weak >= 20


# --- Écarté ---------------------------------------------------------------------------------------


def test_ecarte_proposes_with_a_weak_hand_and_plays_with_a_strong_one() -> None:
    """The non-dealer with no trump and no king proposes; with three trumps or more, the king
    among them, it does not."""
    weak = strong = 0
    for _state, seen, move in heuristic_positions("ecarte", range(1, 400)):
        if seen.phase != "decide" or seen.proposals:
            continue
        trumps = [card for card in seen.hand if card.suit == seen.trump]
        if not trumps and all(card.rank != Rank.KING for card in seen.hand):
            assert str(move) == "propose"
            weak += 1
        elif len(trumps) >= 3 and any(card.rank == Rank.KING for card in trumps):
            assert str(move) != "propose"
            strong += 1
        if weak >= 10 and strong >= 3:
            break
    assert weak >= 10 and strong >= 3


def test_ecarte_discards_keep_trumps_and_kings() -> None:
    """A discard holds no trump and no king while the hand has another card to let go."""
    checked = 0
    for _state, seen, move in heuristic_positions("ecarte", range(1, 200)):
        if not seen.phase.startswith("discard") or not isinstance(move, parlour.ecarte.Discard):
            continue
        others = [c for c in seen.hand if c.suit != seen.trump and c.rank != Rank.KING]
        if others:
            assert all(c.suit != seen.trump and c.rank != Rank.KING for c in move.cards), move
            checked += 1
    assert checked >= 20


# --- Bezique --------------------------------------------------------------------------------------


def test_bezique_declares_the_meld_that_scores_most() -> None:
    """After winning a trick, the meld it declares scores as much as the best meld on offer
    (scores measured by applying each legal meld)."""
    checked = 0
    for state, seen, move in heuristic_positions("bezique", range(1, 6)):
        if seen.phase != "declare":
            continue
        seat = seen.seat
        gains = {
            str(meld): parlour.score(parlour.apply(state, meld))[seat] - parlour.score(state)[seat]
            for meld in parlour.legal_moves(state)
            if isinstance(meld, parlour.bezique.Meld)
        }
        if gains:
            assert str(move) in gains
            assert gains[str(move)] == max(gains.values())
            checked += 1
    assert checked >= 15


def test_bezique_keeps_its_bezique_cards_when_leading_in_the_first_stage() -> None:
    """Leading in the first stage with a plain seven, eight or nine in hand, it never leads the
    queen of spades or the jack of diamonds (the bezique)."""
    bezique = {Card.of(Rank.QUEEN, Suit.SPADES), Card.of(Rank.JACK, Suit.DIAMONDS)}
    low = (Rank.SEVEN, Rank.EIGHT, Rank.NINE)
    checked = 0
    for _state, seen, move in heuristic_positions("bezique", range(1, 6)):
        if seen.phase != "play" or seen.trick:
            continue
        if any(card.rank in low and card.suit != seen.trump for card in seen.hand):
            assert isinstance(move, parlour.bezique.Play)
            assert move.card not in bezique
            checked += 1
    assert checked >= 30


def _best_margin(state: Any, seat: int, memo: dict[Any, int]) -> int:
    """``seat``'s final score margin under best play by both, by searching every line."""
    if parlour.current_player(state) not in (0, 1):
        final = parlour.score(state)
        return final[seat] - final[1 - seat]
    known = memo.get(state)
    if known is None:
        after = [parlour.apply(state, move) for move in parlour.legal_moves(state)]
        values = [_best_margin(child, seat, memo) for child in after]
        known = max(values) if parlour.current_player(state) == seat else min(values)
        memo[state] = known
    return known


def test_bezique_plays_the_end_of_the_last_stage_exactly() -> None:
    """With four cards or fewer each in the last stage, the heuristic's card reaches the best
    final margin that an exhaustive search of the remaining play finds."""
    checked = 0
    for state, seen, move in heuristic_positions("bezique", range(1, 5)):
        if seen.phase != "last_stage" or seen.hand_sizes[seen.seat] > 4:
            continue
        memo: dict[Any, int] = {}
        best = _best_margin(state, seen.seat, memo)
        assert _best_margin(parlour.apply(state, move), seen.seat, memo) == best
        checked += 1
    assert checked >= 20


# --- Burraco --------------------------------------------------------------------------------------


def _burracos(seen: Any, team: int) -> int:
    return sum(1 for meld in seen.melds[team] if meld.burraco)


def _burracos_after(state: Any, move: Move, seat: int, team: int) -> int:
    return _burracos(parlour.view(parlour.apply(state, move), seat), team)


def test_burraco_completes_a_burraco_when_it_can() -> None:
    """When some legal meld or addition would give its team a new burraco (seven cards or more),
    the heuristic's move gives one."""
    checked = 0
    for state, seen, move in heuristic_positions("burraco", range(1, 12)):
        if seen.phase != "play":
            continue
        legal = parlour.legal_moves(state)
        if len(legal) > 300:
            continue
        seat = seen.seat
        team = next(number for number, members in enumerate(seen.teams) if seat in members)
        before = _burracos(seen, team)

        laying = [candidate for candidate in legal if not str(candidate).startswith("discard")]
        if any(_burracos_after(state, candidate, seat, team) > before for candidate in laying):
            assert _burracos_after(state, move, seat, team) > before, move
            checked += 1
    assert checked >= 5
