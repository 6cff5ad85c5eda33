"""The perfect-information solver (`parlour.tricks.solve`) against brute force and colver.

The brute force here is the test's own: a minimax over the game's real moves (`legal_moves`
and `apply`, so the duties of play are the game's), with the trick winner and the card points
written from the rules (Belote §3.2-3.3 and Coinche's colour contracts; Écarté §2.1), with no
pruning and no table. On random endings of two or three tricks (some with a trick under way,
some where one side has taken every trick so far, so that capot is at stake) the solver must
give the same points for the position and for every card the seat to act may play. Coinche's
endings are also solved by colver's double-dummy `solve_scores` (the bench extra), which must
agree card for card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parlour
from parlour.base import PIQUET_DECK, Card
from parlour.tricks import TrickEnding, solve
from tests.conformance.zones import rank_token, suit_letter
from tests.profiles import thorough

_BELOTE_TRUMP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
_BELOTE_PLAIN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
_BELOTE_TRUMP_ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]
_BELOTE_PLAIN_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]
_ECARTE_ORDER = ["K", "Q", "J", "A", "10", "9", "8", "7"]
"""Rules §3.2-§3.3 (Belote, Coinche's colour contracts) and §2.1 (Écarté): rank orders, high to
low, and card points."""
_LAST_TRICK = 10


def _winner(cards: Sequence[Card], trump: str, trump_order: list[str], plain: list[str]) -> int:
    """The position of the card that wins the trick: the highest trump, else the highest card
    of the suit led."""

    def strength(card: Card) -> tuple[int, int]:
        if suit_letter(card) == trump:
            return (2, -trump_order.index(rank_token(card)))
        if suit_letter(card) == suit_letter(cards[0]):
            return (1, -plain.index(rank_token(card)))
        return (0, 0)

    return max(range(len(cards)), key=lambda index: (strength(cards[index]), -index))


def _belote_points(card: Card, trump: str) -> int:
    return (_BELOTE_TRUMP if suit_letter(card) == trump else _BELOTE_PLAIN)[rank_token(card)]


def _points_before(state: Any, trump: str) -> int:
    """The card points seats 0 and 2 have taken so far this deal (the engine's won cards)."""
    return sum(_belote_points(PIQUET_DECK[card], trump)
               for card in range(32) if state.won[0] >> card & 1)  # fmt: skip


def _brute_belote(
    state: Any, trump: str, taken: int | None, before: int, capot: int
) -> dict[Card, int]:
    """Per card seat to act may play, the first team's (seats 0, 2) card points from ``state``
    on with best play by both sides after it: the cards of the tricks it takes, 10 for the
    last, and, if it takes every trick of the deal, ``capot`` less the ``before`` points it had
    (``taken``: who has taken every trick so far, -1 if both sides have taken some)."""
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    trick = list(parlour.view(state, None).trick)
    values: dict[Card, int] = {}
    for move in parlour.legal_moves(state):
        card = parlour.parse_card(str(move).split()[1])
        after = parlour.apply(state, move)
        played = [*trick, (seat, card)]
        if len(played) < 4:
            values[card] = _best_belote(after, trump, taken, before, capot)
            continue
        cards = [played_card for _, played_card in played]
        team = played[_winner(cards, trump, _BELOTE_TRUMP_ORDER, _BELOTE_PLAIN_ORDER)][0] % 2
        points = sum(_belote_points(played_card, trump) for played_card in cards)
        now_taken = team if taken in (None, team) else -1
        if parlour.view(after, None).phase != "play":  # the last trick
            points += _LAST_TRICK
            values[card] = capot - before if now_taken == 0 else (points if team == 0 else 0)
        else:
            gained = points if team == 0 else 0
            values[card] = gained + _best_belote(after, trump, now_taken, before + gained, capot)
    return values


def _best_belote(state: Any, trump: str, taken: int | None, before: int, capot: int) -> int:
    values = _brute_belote(state, trump, taken, before, capot).values()
    seat = parlour.current_player(state)
    return max(values) if seat in (0, 2) else min(values)


def _trump(state: Any) -> str | None:
    """The trump suit's letter: Belote's view names it; Coinche's contract text ends with its
    denomination (``None`` for SA and TA)."""
    seen = parlour.view(state, None)
    if hasattr(seen, "contract"):
        letter = seen.contract.split()[-1]
        return letter if letter in "SHDC" else None
    return str(seen.trump.letter)


def _taken(tricks_won: Sequence[int]) -> int | None:
    first, second = tricks_won
    if not first + second:
        return None
    return 0 if not second else 1 if not first else -1


def _random_ending(game: str, seed: int, cards_left: int, options: dict[str, Any]) -> Any:
    """A position of ``game``'s card play with ``cards_left`` cards still in the hands: a
    single deal from ``seed`` played at random up to there (``None`` if it ends before)."""
    rng = random.Random(seed)
    state = parlour.new_game(game, options={"target": None, **options}, dealer=seed % 4)
    while not parlour.is_over(state):
        if parlour.is_chance(state):
            state = parlour.apply(state, parlour.random_deal(state, rng))
            continue
        seen = parlour.view(state, None)
        if seen.phase == "play" and sum(seen.hand_sizes) == cards_left:
            return state
        moves = parlour.legal_moves(state)
        if game == "coinche" and seen.phase == "auction":  # a contract, mostly low
            bids = [move for move in moves if str(move).startswith("bid ")]
            moves = bids[:8] if bids and rng.random() < 0.5 else [moves[0]]
        state = parlour.apply(state, moves[rng.randrange(len(moves))])
    return None


def _check_against_brute_belote(state: Any, capot: int) -> None:
    game = parlour.engine.game_of(state).name
    module = parlour.belote if game == "belote" else parlour.coinche
    seen = parlour.view(state, None)
    trump = _trump(state)
    assert trump is not None
    before = _points_before(state, trump)
    expected = _brute_belote(state, trump, _taken(seen.tricks_won), before, capot)
    solution = solve(module.trick_ending(state))
    best = max(expected.values()) if parlour.current_player(state) in (0, 2) else min(
        expected.values()
    )
    assert solution.points == best, (solution, expected)
    for card, points in solution.card_points:
        assert expected[PIQUET_DECK[card]] == points, (PIQUET_DECK[card], points, expected)
    assert {PIQUET_DECK[card] for card in solution.best} <= {
        card for card, points in expected.items() if points == best
    }


@settings(max_examples=thorough(12, 40))
@given(
    seed=st.integers(0, 10_000),
    cards_left=st.integers(5, 12),
    partner_winning=st.sampled_from(["seed_overtrump_if_trumping", "free"]),
    capot=st.sampled_from([252, 250]),
)
def test_belote_endings_solve_as_brute_force_does(
    seed: int, cards_left: int, partner_winning: str, capot: int
) -> None:
    options = {"partner_winning": partner_winning, "capot_points": capot}
    state = _random_ending("belote", seed, cards_left, options)
    if state is not None:
        _check_against_brute_belote(state, capot)


@settings(max_examples=thorough(8, 30))
@given(seed=st.integers(0, 10_000), cards_left=st.integers(5, 12))
def test_coinche_colour_endings_solve_as_brute_force_does(seed: int, cards_left: int) -> None:
    state = _random_ending("coinche", seed, cards_left, {})
    if state is not None and _trump(state) is not None:
        _check_against_brute_belote(state, 252)


def test_a_capot_at_stake_is_solved_as_brute_force_does() -> None:
    """Endings where one side has taken every trick so far (capot at stake, rules §3.6): the
    solver agrees with the brute force, and in some of them seats 0 and 2 end with 252."""
    checked = capots = 0
    for seed in range(thorough(400, 800)):
        state = _random_ending("belote", seed, 12, {})
        if state is None or 0 not in parlour.view(state, None).tricks_won:
            continue
        _check_against_brute_belote(state, 252)
        checked += 1
        solution = solve(parlour.belote.trick_ending(state))
        trump = str(parlour.view(state, None).trump.letter)
        before = _points_before(state, trump)
        capots += before + solution.points == 252
    assert checked >= 5 and capots >= 1, (checked, capots)


# --- Écarté -------------------------------------------------------------------------------------


def _brute_ecarte(state: Any, trump: str) -> dict[Card, int]:
    """Per card the seat to act may play, the tricks seat 0 takes from ``state`` on after it,
    with best play by both."""
    seat = parlour.current_player(state)
    trick = list(parlour.view(state, None).trick)
    values: dict[Card, int] = {}
    for move in parlour.legal_moves(state):
        if str(move) == "king":
            continue
        card = parlour.parse_card(str(move).split()[1])
        after = parlour.apply(state, move)
        played = [*trick, (seat, card)]
        if len(played) < 2:
            values[card] = _best_ecarte(after, trump)
            continue
        cards = [played_card for _, played_card in played]
        winner = played[_winner(cards, trump, _ECARTE_ORDER, _ECARTE_ORDER)][0]
        gained = 1 if winner == 0 else 0
        if parlour.view(after, None).phase != "play" or not parlour.legal_moves(after):
            values[card] = gained
        else:
            values[card] = gained + _best_ecarte(after, trump)
    return values


def _best_ecarte(state: Any, trump: str) -> int:
    if parlour.view(state, None).phase != "play":
        return 0
    values = _brute_ecarte(state, trump).values()
    return max(values) if parlour.current_player(state) == 0 else min(values)


def _ecarte_ending(seed: int, cards_left: int) -> Any:
    rng = random.Random(seed)
    state = parlour.new_game("ecarte", options={"target": None}, dealer=seed % 2)
    while not parlour.is_over(state):
        if parlour.is_chance(state):
            state = parlour.apply(state, parlour.random_deal(state, rng))
            continue
        seen = parlour.view(state, None)
        if seen.phase == "play" and sum(seen.hand_sizes) == cards_left:
            return state
        moves = [move for move in parlour.legal_moves(state) if str(move) != "king"]
        state = parlour.apply(state, moves[rng.randrange(len(moves))])
    return None


@settings(max_examples=thorough(15, 60))
@given(
    seed=st.integers(0, 10_000),
    cards_left=st.integers(1, 10),
    must_trump=st.booleans(),
)
def test_ecarte_endings_solve_as_brute_force_does(
    seed: int, cards_left: int, must_trump: bool
) -> None:
    state = _ecarte_ending(seed, cards_left)
    if state is None or parlour.view(state, None).phase != "play":
        return
    del must_trump
    trump = parlour.view(state, None).trump.letter
    expected = _brute_ecarte(state, trump)
    solution = solve(parlour.ecarte.trick_ending(state))
    best = max(expected.values()) if parlour.current_player(state) == 0 else min(
        expected.values()
    )
    assert solution.points == best
    assert solution.in_play == (cards_left + 1) // 2
    for card, tricks in solution.card_points:
        assert expected[PIQUET_DECK[card]] == tricks


# --- colver -------------------------------------------------------------------------------------

_COLVER_RANKS = ("7", "8", "9", "J", "Q", "K", "10", "A")
"""colver's rank order within a suit (Coinche rules C.12)."""


def _colver_card(card: Card) -> int:
    return 8 * "SHDC".index(suit_letter(card)) + _COLVER_RANKS.index(rank_token(card))


def _colver_env(colver: Any, state: Any) -> Any:
    """colver's environment at the same point of the same deal: dealt the same hands, the
    contract set, the cards of the deal played in order."""
    seen = parlour.view(state, None)
    dealt = [
        [_colver_card(PIQUET_DECK[card]) for card in range(32) if state.dealt[seat] >> card & 1]
        for seat in range(4)
    ]
    env = colver.Env.deal_with_hands(seen.dealer, dealt)
    _, value, letter = seen.contract.split()
    env.set_contract("SHDC".index(letter), 250 if value == "capot" else int(value),
                     seen.bidder % 2, seen.level)  # fmt: skip
    env.set_phase_playing()
    for _, card in seen.played:
        env.step(_colver_card(card))
    return env


@pytest.mark.parametrize("cards_left", [12, 16, 20])
def test_coinche_endings_agree_with_colvers_double_dummy(cards_left: int) -> None:
    colver = pytest.importorskip("colver", reason="colver (the bench extra) is not installed")
    compared = 0
    for seed in range(thorough(15, 60)):
        state = _random_ending("coinche", seed, cards_left, {})
        if state is None or _trump(state) is None:
            continue
        env = _colver_env(colver, state)
        assert env.current_player() == parlour.current_player(state)
        theirs = {card: points for card, points in env.solve_scores()["scores"]}
        solution = solve(parlour.coinche.trick_ending(state))
        trump = _trump(state)
        assert trump is not None
        before = _points_before(state, trump)
        for card, points in solution.card_points:
            assert theirs[_colver_card(PIQUET_DECK[card])] == before + points, (seed, card)
        compared += 1
    assert compared >= thorough(5, 20)


# --- bad endings --------------------------------------------------------------------------------


def _ending(**changes: Any) -> TrickEnding:
    state = _random_ending("belote", 1, 8, {})
    assert state is not None
    ending = parlour.belote.trick_ending(state)
    fields = {name: getattr(ending, name) for name in (
        "evaluator", "scoring", "trump", "hands", "trick", "leader", "taken", "trump_led")}
    return TrickEnding(**{**fields, **changes})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"trick": (0, 1, 2, 3)}, "at most 3 cards"),
        ({"hands": (1, 1, 2, 4)}, "two places"),
        ({"hands": (1, 2, 4, 8 | 16)}, "cannot finish"),
    ],
)
def test_an_ending_that_cannot_be_played_out_is_refused(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        solve(_ending(**changes))


@pytest.mark.parametrize(
    ("game", "make"),
    [
        ("belote", lambda: parlour.new_game("belote", seed=1)),
        ("coinche", lambda: parlour.new_game("coinche", seed=1)),
        ("ecarte", lambda: parlour.new_game("ecarte", seed=1)),
    ],
)
def test_trick_ending_outside_the_card_play_is_refused(
    game: str, make: Callable[[], Any]
) -> None:
    module = getattr(parlour, game)
    with pytest.raises(ValueError, match="not the"):
        module.trick_ending(make())


# --- Bezique's last stage -----------------------------------------------------------------------


def _brute_bezique(state: Any) -> dict[Any, int]:
    """Per legal move, seat 0's brisques (10 an ace or a ten, rules §1.6) and last-trick 10
    from ``state`` on after it, with best play by both; the trick's winner is the seat that
    leads the next one (or, at the deal's last trick, the rules' order of §1.4 from the view)."""
    seat = parlour.current_player(state)
    trick = list(parlour.view(state, None).trick)
    values = {}
    for move in parlour.legal_moves(state):
        after = parlour.apply(state, move)
        if not trick:
            values[move] = _best_bezique(after)
            continue
        cards = [trick[0][1], move.card]  # type: ignore[attr-defined]
        points = 10 * sum(rank_token(card) in ("A", "10") for card in cards)
        if parlour.view(after, None).phase == "last_stage":
            winner = parlour.current_player(after)
            values[move] = (points if winner == 0 else 0) + _best_bezique(after)
        else:  # the deal's last trick: its winner takes the last trick's 10 (last_trick 32)
            winner = _bezique_last_winner(state, cards, trick[0][0], seat)
            values[move] = points + _LAST_TRICK if winner == 0 else 0
    return values


def _best_bezique(state: Any) -> int:
    values = _brute_bezique(state).values()
    return max(values) if parlour.current_player(state) == 0 else min(values)


_BEZIQUE_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def _bezique_last_winner(state: Any, cards: list[Card], leader: Any, follower: Any) -> Any:
    """Rules §1.4: the higher card of the suit led wins, a trump beats a card of another
    suit, and of two identical cards the first played wins."""
    trump = parlour.view(state, None).trump.letter
    led, reply = cards
    if suit_letter(reply) == suit_letter(led):
        higher = _BEZIQUE_ORDER.index(rank_token(reply)) < _BEZIQUE_ORDER.index(rank_token(led))
        return follower if higher else leader
    return follower if suit_letter(reply) == trump else leader


@settings(max_examples=thorough(10, 30))
@given(seed=st.integers(0, 10_000), cards_left=st.integers(2, 10))
@example(seed=0, cards_left=10)  # a copy of a card in the other hand (found by this test)
@example(seed=21, cards_left=8)
def test_bezique_last_stage_endings_solve_as_brute_force_does(seed: int, cards_left: int) -> None:
    """Two copies of every card: the solver must not take a card for another of the same rank
    while the other copy of either is still in play."""
    rng = random.Random(seed)
    state = parlour.new_game("bezique", options={"target": None}, dealer=seed % 2)
    while not parlour.is_over(state):
        if parlour.is_chance(state):
            state = parlour.apply(state, parlour.random_deal(state, rng))
            continue
        seen = parlour.view(state, None)
        if seen.phase == "last_stage" and sum(seen.hand_sizes) == cards_left:
            break
        moves = parlour.legal_moves(state)
        state = parlour.apply(state, moves[rng.randrange(len(moves))])
    else:
        return
    expected = _brute_bezique(state)
    solution = solve(parlour.bezique.trick_ending(state))
    by_card = dict(solution.card_points)
    cards = parlour.bezique.trick_ending(state).evaluator.table.cards
    for move, points in expected.items():
        held = [card for card, _ in solution.card_points if cards[card] == move.card]
        assert held and all(by_card[card] == points for card in held), (move, points, solution)
