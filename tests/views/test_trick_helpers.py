"""The helpers for bot writers on the trick games' views and cards: ``led_suit``,
``trick_winner`` and ``partner_winning`` (`parlour.tricks.TrickView`), each game's
``card_points`` and ``card_strength`` on `Card` objects and its exported rank orders.

The values expected are the rules pages' (belote.md §3.1, coinche.md C.1, ecarte.md §2.1,
bezique.md: rank order and brisques), written here from the pages; the trick winner is checked
against the winner the game's events tell over random playouts.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import NotationError, Rank, Suit, belote, bezique, coinche, ecarte, parse_card
from parlour.engine import TrickWon
from parlour.tricks import TrickView
from tests.strategies import playouts

TRICK_GAMES = ("belote", "bezique", "coinche", "ecarte")
RANKS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "10": Rank.TEN,
         "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN}  # fmt: skip
SUITS = tuple(Suit)


def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(RANKS[word] for word in text.split())


def _card(rank: Rank, suit: Suit) -> parlour.Card:
    return parlour.Card.of(rank, suit)


def _order_by_strength(suit: Suit, strength: Any, *arguments: Any) -> tuple[Rank, ...]:
    """The ranks of ``suit``, strongest first, by ``strength(card, *arguments)``."""
    cards = [_card(rank, suit) for rank in RANKS.values()]
    ranked = sorted(cards, key=lambda card: strength(card, *arguments), reverse=True)
    return tuple(card.rank for card in ranked)


# --- the rank orders and card points of the rules pages ---------------------------------------

BELOTE_TRUMP = _ranks("J 9 A 10 K Q 8 7")
BELOTE_PLAIN = _ranks("A 10 K Q J 9 8 7")
BELOTE_TRUMP_POINTS = dict(zip(BELOTE_TRUMP, (20, 14, 11, 10, 4, 3, 0, 0), strict=True))
BELOTE_PLAIN_POINTS = dict(zip(BELOTE_PLAIN, (11, 10, 4, 3, 2, 0, 0, 0), strict=True))
"""belote.md §3.1: the card points of a trump and of a plain card."""


def test_the_exported_rank_orders_are_the_rules_pages() -> None:
    assert belote.TRUMP_ORDER == coinche.TRUMP_ORDER == BELOTE_TRUMP
    assert belote.PLAIN_ORDER == coinche.PLAIN_ORDER == BELOTE_PLAIN
    assert _ranks("K Q J A 10 9 8 7") == ecarte.RANK_ORDER
    assert {
        "A-10-K": _ranks("A 10 K Q J 9 8 7"),
        "seed_A-K-Q-J-10": _ranks("A K Q J 10 9 8 7"),
    } == bezique.RANK_ORDERS


@pytest.mark.parametrize("trump", SUITS)
def test_belote_card_points_and_strength_follow_the_rules_page(trump: Suit) -> None:
    assert belote.card_points(parse_card(f"J{trump.letter}"), trump) == 20
    assert belote.card_points(parse_card(f"9{trump.letter}"), trump) == 14
    for suit in SUITS:
        table = BELOTE_TRUMP_POINTS if suit == trump else BELOTE_PLAIN_POINTS
        for rank, points in table.items():
            assert belote.card_points(_card(rank, suit), trump) == points
        order = BELOTE_TRUMP if suit == trump else BELOTE_PLAIN
        assert _order_by_strength(suit, belote.card_strength, trump) == order
    weakest_trump = belote.card_strength(_card(Rank.SEVEN, trump), trump)
    strongest_plain = max(
        belote.card_strength(_card(rank, suit), trump)
        for suit in SUITS if suit != trump for rank in RANKS.values()
    )  # fmt: skip
    assert weakest_trump > strongest_plain


def test_coinche_card_points_and_strength_in_every_denomination() -> None:
    sans_atout = dict(zip(BELOTE_PLAIN, (19, 10, 4, 3, 2, 0, 0, 0), strict=True))
    tout_atout = dict(zip(BELOTE_TRUMP, (14, 9, 6, 5, 3, 1, 0, 0), strict=True))  # C.1
    for suit in SUITS:
        for rank in RANKS.values():
            card = _card(rank, suit)
            assert coinche.card_points(card, "SA") == sans_atout[rank]
            assert coinche.card_points(card, "TA") == tout_atout[rank]
            for trump in SUITS:
                expected = (BELOTE_TRUMP_POINTS if suit == trump else BELOTE_PLAIN_POINTS)[rank]
                assert coinche.card_points(card, trump) == expected
                assert coinche.card_points(card, trump.letter) == expected
        assert _order_by_strength(suit, coinche.card_strength, "SA") == BELOTE_PLAIN
        assert _order_by_strength(suit, coinche.card_strength, "TA") == BELOTE_TRUMP
        for trump in SUITS:
            order = BELOTE_TRUMP if suit == trump else BELOTE_PLAIN
            assert _order_by_strength(suit, coinche.card_strength, trump) == order


@pytest.mark.parametrize("trump", SUITS)
def test_ecarte_strength_ranks_every_suit_king_first_and_trumps_above_the_rest(trump: Suit) -> None:
    for suit in SUITS:
        order = _order_by_strength(suit, ecarte.card_strength, trump)
        assert order == _ranks("K Q J A 10 9 8 7")
    assert ecarte.card_strength(parse_card(f"7{trump.letter}"), trump) > max(
        ecarte.card_strength(_card(Rank.KING, suit), trump) for suit in SUITS if suit != trump
    )


def test_bezique_brisques_and_strength_by_the_rank_order_option() -> None:
    for suit in SUITS:
        for rank in RANKS.values():
            expected = 10 if rank in (Rank.ACE, Rank.TEN) else 0  # the brisques
            assert bezique.card_points(_card(rank, suit)) == expected
    deck = bezique.GAME.deck  # two of each card
    assert sum(bezique.card_points(card) for card in deck) == 160
    seed = bezique.Options(rank_order="seed_A-K-Q-J-10")
    for trump in SUITS:
        for suit in SUITS:
            default = _order_by_strength(suit, bezique.card_strength, trump)
            assert default == _ranks("A 10 K Q J 9 8 7")
            seeded = _order_by_strength(suit, bezique.card_strength, trump, seed)
            assert seeded == _ranks("A K Q J 10 9 8 7")


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: belote.card_points("JH", Suit.HEARTS), TypeError, "must be a parlour Card"),  # type: ignore[arg-type]
        (lambda: belote.card_points(parse_card("JK"), Suit.HEARTS), NotationError,
         "JK is not a card of the Belote deck"),
        (lambda: belote.card_strength(parse_card("6H"), Suit.HEARTS), NotationError,
         "6H is not a card of the Belote deck"),
        (lambda: belote.card_strength(parse_card("JH"), "H"), TypeError, "must be a parlour Suit"),  # type: ignore[arg-type]
        (lambda: ecarte.card_strength(parse_card("JH"), None), TypeError, "must be a parlour Suit"),  # type: ignore[arg-type]
        (lambda: coinche.card_points(parse_card("JH"), "XA"), NotationError, "not a denomination"),
        (lambda: coinche.card_strength(parse_card("JH"), 2), TypeError, "must be a Suit or one of"),  # type: ignore[arg-type]
        (lambda: bezique.card_strength(parse_card("JH"), Suit.SPADES, {}), TypeError,  # type: ignore[arg-type]
         "Bezique's Options"),
        (lambda: bezique.card_points(parse_card("2H")), NotationError,
         "2H is not a card of the Bezique deck"),
    ],
)  # fmt: skip
def test_bad_input_to_the_card_functions_is_a_clear_error(
    call: Any, error: Any, match: str
) -> None:
    with pytest.raises(error, match=match):
        call()


# --- the trick helpers over random playouts ---------------------------------------------------


def _check_trick(finished: TrickWon, before: Any, prefixes: list[Any]) -> None:
    """The views of one trick's prefixes against the winner the events tell."""
    cards = finished.cards
    assert [seen.trick for seen in prefixes] == [cards[:k] for k in range(1, len(cards))]
    winner_at = next(index for index, (seat, _) in enumerate(cards) if seat == finished.seat)
    whole = attrs.evolve(before, trick=cards)  # the trick with its last card, as a view
    assert whole.trick_winner == cards[winner_at]
    for seen in [*prefixes, whole]:
        assert seen.led_suit == cards[0][1].suit
        # once played, the card that takes the trick wins every longer prefix, and no shorter one
        assert (seen.trick_winner == cards[winner_at]) == (len(seen.trick) > winner_at)


@settings(max_examples=4, deadline=None)
@given(st.data())
@pytest.mark.parametrize("game", TRICK_GAMES)
def test_trick_winner_and_led_suit_agree_with_the_tricks_the_events_tell(
    game: str, data: st.DataObject
) -> None:
    spec = data.draw(playouts(game, max_moves=150), label="playout")
    prefixes: list[Any] = []
    told = 0
    for step in spec.run():
        seen = parlour.view(step.after, None)
        assert isinstance(seen, TrickView)
        for event in parlour.events(step.before, step.move, step.after):
            if isinstance(event, TrickWon):
                _check_trick(event, parlour.view(step.before, None), prefixes)
                told += 1
        if not seen.trick:
            prefixes = []
            assert (seen.led_suit, seen.trick_winner, seen.partner_winning) == (None, None, None)
            continue
        if not prefixes or prefixes[-1].trick != seen.trick:  # a move that plays no card
            prefixes.append(seen)
        players = parlour.players(step.after)
        assert seen.partner_winning is None  # a spectator has no partner
        assert seen.trick_winner is not None
        winner = seen.trick_winner[0]
        for seat in range(players):
            mine = parlour.view(step.after, seat)
            assert isinstance(mine, TrickView)
            assert (mine.led_suit, mine.trick_winner) == (seen.led_suit, seen.trick_winner)
            # partners sit opposite at four (belote.md §3.1, coinche.md C.1); at two, no partner
            assert mine.partner_winning == (players == 4 and winner == (seat + 2) % 4)
    assert told > 0 or len(spec.run()) < 40


def test_a_belote_trick_told_card_by_card() -> None:
    # Hearts trumps; seat 1 leads the 10 of spades, seat 2 plays the ace, seat 3 trumps low.
    state = parlour.new_game("belote", seed=7)
    seen = parlour.view(state, 0)
    trick = ((1, parse_card("10S")), (2, parse_card("AS")), (3, parse_card("7H")))
    cases = [
        (trick[:1], (1, parse_card("10S")), False),
        (trick[:2], (2, parse_card("AS")), True),  # seat 2 is seat 0's partner
        (trick, (3, parse_card("7H")), False),  # the lowest trump beats the ace
    ]
    for cards, winner, partner in cases:
        shown = attrs.evolve(seen, trump=Suit.HEARTS, trick=cards)
        assert shown.led_suit == Suit.SPADES
        assert shown.trick_winner == winner
        assert shown.partner_winning is partner


@pytest.mark.parametrize(
    ("contract", "trick", "winner"),
    [
        ("bid 90 H", ("10S", "AS", "7H"), 2),  # hearts trumps: the 7 of hearts takes
        ("bid 90 SA", ("10S", "AS", "JS"), 1),  # no trumps: the ace of spades takes
        ("bid 90 TA", ("10S", "9S", "JH"), 1),  # all trumps: the 9 of spades, the suit led's
        ("bid 90 TA", ("10S", "9S", "JS"), 2),  # the jack of the suit led above the nine
    ],
)
def test_a_coinche_trick_is_won_under_its_contracts_trump(
    contract: str, trick: tuple[str, ...], winner: int
) -> None:
    seen = parlour.view(parlour.new_game("coinche", seed=3), 0)
    cards = tuple((seat, parse_card(text)) for seat, text in enumerate(trick))
    shown = attrs.evolve(seen, contract=contract, trick=cards)
    assert shown.denomination == contract.split()[-1]
    assert shown.trick_winner == cards[winner]
    assert shown.partner_winning is (winner == 2)


def test_a_bezique_trick_of_two_equal_cards_goes_to_the_first() -> None:
    seen = parlour.view(parlour.new_game("bezique", seed=3), 0)
    trump = seen.trump
    assert trump is not None
    lead = parse_card("AS" if trump != Suit.SPADES else "AH")
    shown = attrs.evolve(seen, trick=((1, lead), (0, lead)))
    assert shown.trick_winner == (1, lead) and shown.partner_winning is False
    ten, king = parse_card("10C"), parse_card("KC")
    if trump != Suit.CLUBS:
        by_default = attrs.evolve(seen, trick=((1, king), (0, ten)))
        assert by_default.trick_winner == (0, ten)  # A 10 K …
        seeded = attrs.evolve(by_default, options=bezique.Options(rank_order="seed_A-K-Q-J-10"))
        assert seeded.trick_winner == (1, king)  # A K Q J 10 …


def test_burraco_view_helpers() -> None:
    state = parlour.new_game("burraco", seed=3)
    rng = random.Random(2)
    for _ in range(150):
        moves = parlour.legal_moves(state)
        move = rng.choice(moves) if moves else parlour.random_deal(state, rng)
        state = parlour.apply(state, move)
    for seat in range(4):
        seen = parlour.view(state, seat)
        assert seen.discard_top == (seen.discard[0] if seen.discard else None)
        mine = seen.melds[seat % 2]  # seats 0 and 2 against 1 and 3 (burraco.md)
        assert seen.team_melds == mine
        assert seen.opponent_melds == seen.melds[1 - seat % 2]
    spectator = parlour.view(state, None)
    assert spectator.team_melds == () and spectator.opponent_melds == ()
