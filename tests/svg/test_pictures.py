"""`parlour.svg`: pictures of the cards and of every game's views.

* one card: its group, ``data-card`` and ``<title>``; a back carries no identity;
* a view's picture parses as XML for every game at several points of random playouts, draws
  each card the view shows (and no other) once per copy, one back per hidden card of each other
  hand, and never names a card hidden from its seat (hypothesis, over random playouts): not in a
  ``data-card``, a title or a text; a spectator's picture shows no hand;
* the same view gives the same text; bad arguments get a `TypeError` naming what was given.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
import tests.toy  # noqa: F401  (registers the toy game, as its own tests do)
from parlour.base import JOKER, PIQUET_DECK, Card, Rank, Suit, parse_card
from parlour.engine import game_of
from parlour.svg import card_back_svg, card_svg, card_title, view_svg
from tests.helpers import BUILT_IN
from tests.strategies import PlayoutSpec, playout_states, playouts
from tests.svg.helpers import Picture, others_known, shown_cards, view_cards

FULL_DECK = (
    *(Card.of(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER),
    JOKER,
)


# --- one card ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [("JC", "jack of clubs"), ("10H", "ten of hearts"), ("AS", "ace of spades"),
     ("7D", "seven of diamonds"), ("2C", "two of clubs"), ("QS", "queen of spades"),
     ("KH", "king of hearts"), ("JK", "joker")],
)  # fmt: skip
def test_a_card_is_titled_in_words(text: str, title: str) -> None:
    card = parse_card(text)
    assert card_title(card) == title
    picture = Picture(f'<svg xmlns="http://www.w3.org/2000/svg">{card_svg(card)}</svg>')
    group = picture.root[0]
    assert group.get("class") == "card"
    assert group.get("data-card") == text
    assert picture.titles == [title]
    assert group[0].tag.endswith("title")  # the title comes first, then the shapes


def test_a_card_face_shows_its_rank_and_suit_symbol_in_the_suit_colour() -> None:
    heart = Picture(f'<svg xmlns="http://www.w3.org/2000/svg">{card_svg(parse_card("10H"))}</svg>')
    assert "10" in heart.texts and "♥" in heart.texts
    spade = card_svg(parse_card("10S"))
    assert "#c8102e" in card_svg(parse_card("10H")) and "#c8102e" not in spade
    assert "#111111" in spade


def test_a_card_is_placed_by_a_translation() -> None:
    assert 'transform="translate(54 12.5)"' in card_svg(parse_card("AS"), x=54, y=12.5)
    assert "transform=" not in card_svg(parse_card("AS")).split(">", 1)[0]


def test_every_card_back_is_the_same_text_and_names_no_card() -> None:
    back = card_back_svg()
    picture = Picture(f'<svg xmlns="http://www.w3.org/2000/svg">{back}</svg>')
    assert picture.titles == ["a hidden card"]
    assert picture.cards == Counter()
    assert picture.texts == []
    for card in FULL_DECK:
        assert not picture.mentions(card)
    assert card_back_svg(x=10, y=5) == card_back_svg(x=10, y=5)
    assert card_back_svg(x=10, y=5).replace(' transform="translate(10 5)"', "") == back


@pytest.mark.parametrize("bad", ["JC", 11, None])
def test_a_card_that_is_not_a_card_is_a_type_error(bad: Any) -> None:
    with pytest.raises(TypeError, match=type(bad).__name__):
        card_svg(bad)
    with pytest.raises(TypeError, match=type(bad).__name__):
        card_title(bad)


@pytest.mark.parametrize("bad", ["1", None, True])
def test_a_place_that_is_not_a_number_is_a_type_error(bad: Any) -> None:
    with pytest.raises(TypeError, match="x must be a number"):
        card_svg(PIQUET_DECK[0], x=bad)
    with pytest.raises(TypeError, match="y must be a number"):
        card_back_svg(y=bad)


def test_a_place_that_is_not_finite_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="finite"):
        card_svg(PIQUET_DECK[0], x=float("nan"))


# --- a view --------------------------------------------------------------------------------------


def _check_picture(state: Any, seat: int | None) -> Picture:
    """The picture of ``seat``'s view of ``state``, checked against the view and the state."""
    view = parlour.view(state, seat)
    text = view_svg(view)
    picture = Picture(text)
    assert picture.root.tag == "{http://www.w3.org/2000/svg}svg"
    assert picture.titles[0].endswith("a spectator" if seat is None else f"seat {seat}")
    # each card the view shows is drawn once per copy, and nothing else face up
    assert picture.cards == shown_cards(view)
    # a card the view does not hold is nowhere: no data-card, no title, no text
    held = view_cards(view)
    for card in FULL_DECK:
        if card.text not in held:
            assert card.text not in picture.cards
            assert card_title(card) not in picture.titles
            assert not picture.mentions(card), card
    assert all(picture.cards[text] <= count for text, count in held.items())
    # one back per card of another hand that the seat does not know (and of its own pozzetto
    # while it lies face down)
    known = sum(others_known(view).values())
    unseen = seat is not None and getattr(view, "pozzetto_unseen", False)
    own = view.hand_sizes[seat] if unseen and seat is not None else 0
    others = sum(size for other, size in enumerate(view.hand_sizes) if other != seat)
    assert picture.backs == others - known + own
    if seat is None:
        assert "own-hand" not in picture.zones()
        assert view.hand == ()
        public = Counter[str]()
        for name, cards in game_of(state).card_zones(state).items():
            if not name.startswith("hand "):
                public.update(card.text for card in cards)
        assert picture.cards <= public + others_known(view)
    return picture


POINTS = 6
"""How many states of each playout are pictured (spread over the playout)."""


def _points(spec: PlayoutSpec) -> list[Any]:
    states = list(
        playout_states(spec.game, spec.seed, spec.options, dealer=spec.dealer,
                       max_moves=spec.max_moves)
    )  # fmt: skip
    step = max(len(states) // POINTS, 1)
    return [*states[::step][:POINTS], states[-1]]


@pytest.mark.parametrize("game", BUILT_IN)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_seat_and_a_spectator_at_points_of_a_playout(game: str, seed: int) -> None:
    spec = PlayoutSpec(game=game, seed=seed, max_moves=150)
    for state in _points(spec):
        players = len(parlour.view(state, None).hand_sizes)
        for seat in (*range(players), None):
            _check_picture(state, seat)


@pytest.mark.parametrize("game", BUILT_IN)
@given(data=st.data())
def test_no_picture_names_a_card_hidden_from_its_seat(game: str, data: st.DataObject) -> None:
    spec = data.draw(playouts(game, max_moves=200), label="playout")
    states = list(
        playout_states(spec.game, spec.seed, spec.options, dealer=spec.dealer,
                       max_moves=spec.max_moves)
    )  # fmt: skip
    state = data.draw(st.sampled_from(states), label="state")
    players = len(parlour.view(state, None).hand_sizes)
    seat = data.draw(st.sampled_from([*range(players), None]), label="seat")
    _check_picture(state, seat)


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_same_view_gives_the_same_text(game: str) -> None:
    states = list(itertools.islice(playout_states(game, 3, max_moves=40), 40))
    for state in states[::8]:
        first = view_svg(parlour.view(state, 0))
        again = view_svg(parlour.view(parlour.state_from_dict(parlour.state_to_dict(state)), 0))
        assert first == again


def test_a_width_scales_the_picture_and_keeps_its_view_box() -> None:
    view = parlour.view(parlour.new_game("belote", seed=7), 1)
    natural = Picture(view_svg(view)).root
    scaled = Picture(view_svg(view, width=300)).root
    assert scaled.get("width") == "300"
    assert scaled.get("viewBox") == natural.get("viewBox")
    _, _, width, height = (int(value) for value in natural.get("viewBox", "").split())
    assert natural.get("width") == str(width) and natural.get("height") == str(height)
    assert float(scaled.get("height", "")) == pytest.approx(height * 300 / width, abs=0.01)


def test_the_texts_are_escaped() -> None:
    # the heading of one's own melds in Burraco holds "<n>", which must be written escaped
    burraco = parlour.view(parlour.new_game("burraco", seed=7), 0)
    assert "add &lt;n&gt; adds to meld n" in view_svg(burraco)


@pytest.mark.parametrize(
    "bad", [None, "view", 3, parlour.new_game("belote", seed=7), object()],
    ids=["None", "str", "int", "state", "object"],
)  # fmt: skip
def test_anything_but_a_view_is_a_type_error_naming_it(bad: Any) -> None:
    with pytest.raises(TypeError, match=f"not {type(bad).__name__}"):
        view_svg(bad)


@pytest.mark.parametrize(("width", "error"), [("300", TypeError), (True, TypeError),
                                              (2.5, TypeError), (0, ValueError)])  # fmt: skip
def test_a_bad_width_is_refused(width: Any, error: type[Exception]) -> None:
    view = parlour.view(parlour.new_game("ecarte", seed=1), 0)
    with pytest.raises(error, match="width"):
        view_svg(view, width=width)


def test_a_seeded_deal_shows_the_seat_its_own_hand() -> None:
    state = parlour.new_game("belote", seed=7)
    view = parlour.view(state, 1)
    picture = Picture(view_svg(view))
    assert picture.cards == Counter(card.text for card in view.hand) + Counter(
        [view.turnup.text if view.turnup is not None else ""]
    )
    assert len(view.hand) == 5 and picture.backs == 15


def test_a_game_of_ones_own_gets_a_picture_of_the_fields_it_shares() -> None:
    states = list(playout_states("toy", 4, max_moves=30))
    for state in states[::5]:
        for seat in (0, 1, None):
            picture = _check_picture(state, seat)
            assert picture.titles[0].startswith("Toy: the view of")
