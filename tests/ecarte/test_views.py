"""What each seat sees: its own hand and discards only, the public counts, proposals, the king,
the tricks; and `resample_hidden` keeping the view."""

from __future__ import annotations

import json
import random

import parlour
from parlour.ecarte import EcarteState, EcarteView
from parlour.ecarte.rules import DECK
from tests.ecarte.helpers import deal_text, idx, new_match, start
from tests.helpers import cards, run

ND_HAND = "7S 8S 9S 10S JS"
D_HAND = "KH 8D 9D 10D JD"  # the dealer (seat 0) holds the king of trumps (turn-up 8♥)


def view_of(state: EcarteState, seat: int | None) -> EcarteView:
    result = parlour.view(state, seat)
    assert isinstance(result, EcarteView)
    return result


def dealt() -> EcarteState:
    return start(ND_HAND, D_HAND)


def after_exchange() -> EcarteState:
    """Seat 1 exchanged 2 (drew Q♠ K♠), seat 0 exchanged 1 (drew A♠); seat 1 to decide."""
    return run(dealt(), ["propose", "accept", "discard 7S 8S", "discard 8D"])


def _texts(state: EcarteState, seat: int | None) -> str:
    return json.dumps(view_of(state, seat).to_dict())


def test_the_view_of_the_seat_to_act() -> None:
    view = view_of(dealt(), 1)
    assert (view.seat, view.phase, view.to_act, view.dealer, view.deal_number) == (
        1, "decide", 1, 0, 1,
    )  # fmt: skip
    assert view.hand == tuple(cards(ND_HAND))
    assert view.discards == ()
    assert view.hand_sizes == (5, 5)
    assert view.turnup == cards("8H")[0]
    assert view.trump is not None and view.trump.letter == "H"
    assert view.talon_size == 21
    assert view.legal_moves == ("propose", "play 7S", "play 8S", "play 9S", "play 10S", "play JS")
    assert view.match_score == (0, 0)


def test_the_other_seat_sees_its_hand_and_no_moves() -> None:
    view = view_of(dealt(), 0)
    assert view.hand == tuple(cards("KH 8D 9D 10D JD"))  # canonical order: S H D C
    assert view.legal_moves == ()
    assert view.to_act == 1


def test_discards_are_seen_only_by_their_owner_and_counts_by_all() -> None:
    state = after_exchange()
    nondealer, dealer, spectator = view_of(state, 1), view_of(state, 0), view_of(state, None)
    assert nondealer.discards == tuple(cards("7S 8S"))
    assert dealer.discards == tuple(cards("8D"))
    assert spectator.discards == () and spectator.hand == ()
    for view in (nondealer, dealer, spectator):
        assert view.exchanges == ((2, 1),)
        assert view.discard_sizes == (1, 2)
        assert view.talon_size == 18
        assert view.proposals == ((1, "propose"), (0, "accept"))
    assert '"7S"' not in _texts(state, 0) and '"8S"' not in _texts(state, 0)
    assert '"8D"' not in _texts(state, 1)
    assert nondealer.hand == tuple(cards("9S 10S JS QS KS"))


def test_the_opponent_hand_and_the_talon_never_show() -> None:
    state = after_exchange()
    talon = [DECK[index].text for index in state.exchange.talon]
    for seat, hidden in [(1, "9D 10D JD KH AS"), (0, "9S 10S JS QS KS"), (None, "")]:
        text = _texts(state, seat)
        for card in [*hidden.split(), *talon]:
            assert f'"{card}"' not in text, (seat, card)


def test_proposal_history_with_a_refusal_and_pending_answers() -> None:
    state = run(after_exchange(), ["propose"])
    assert view_of(state, 0).proposals == ((1, "propose"), (0, "accept"), (1, "propose"))
    assert view_of(state, 0).legal_moves == ("accept", "refuse")
    state = run(state, ["refuse"])
    assert view_of(state, 1).proposals == (
        (1, "propose"), (0, "accept"), (1, "propose"), (0, "refuse"),
    )  # fmt: skip
    assert view_of(state, 1).phase == "play"
    accepted = run(after_exchange(), ["propose", "accept"])
    assert view_of(accepted, 1).proposals[-1] == (0, "accept")
    assert view_of(accepted, 1).exchanges == ((2, 1),)


def test_tricks_and_the_king_mark() -> None:
    state = run(dealt(), ["play 9S"])
    assert view_of(state, 0).played_without_proposing is True
    assert view_of(state, 0).legal_moves[0] == "king"
    state = run(state, ["king"])
    assert view_of(state, 1).king == 0
    assert view_of(state, 1).match_score == (1, 0)
    state = run(state, ["play 8D"])
    view = view_of(state, None)
    assert view.trick == ()
    assert [(seat, card.text) for seat, card in view.last_trick] == [(1, "9S"), (0, "8D")]
    assert view.tricks_won == (0, 1)
    state = run(state, ["play 10S"])
    assert [(seat, card.text) for seat, card in view_of(state, 0).trick] == [(1, "10S")]


def test_the_view_between_deals_and_json() -> None:
    view = view_of(new_match(), 0)
    assert (view.phase, view.to_act, view.hand, view.turnup) == ("deal_due", None, (), None)
    assert json.loads(json.dumps(view.to_dict())) == view.to_dict()


def test_states_differing_in_hidden_cards_give_equal_views() -> None:
    # the talon's top and a card of the dealer swapped: the non-dealer cannot tell
    first = start(ND_HAND, D_HAND)
    second = run(
        new_match(),
        [deal_text(ND_HAND, "KH 8D 9D 10D QS", talon_top="JD")],
    )
    assert first != second
    assert view_of(first, 1) == view_of(second, 1)
    assert view_of(first, None) == view_of(second, None)
    assert view_of(first, 0) != view_of(second, 0)


def test_resample_hidden_keeps_the_view_and_the_sizes() -> None:
    state = run(after_exchange(), ["propose", "accept", "discard 9S"])
    rng = random.Random(4)
    changed = False
    for seat in (0, 1, None):
        for _ in range(5):
            other = parlour.resample_hidden(state, seat, rng)
            assert view_of(other, seat) == view_of(state, seat)
            assert [hand.bit_count() for hand in other.hands] == [5, 5]
            assert len(other.exchange.talon) == len(state.exchange.talon)
            assert [d.bit_count() for d in other.exchange.discards] == [1, 3]
            if seat is not None:
                assert other.hands[seat] == state.hands[seat]
                assert other.exchange.discards[seat] == state.exchange.discards[seat]
            changed = changed or other != state
    assert changed


def test_resample_keeps_a_marked_king_with_its_holder() -> None:
    state = run(dealt(), ["play 9S", "king"])  # the dealer marked K♥ and still holds it
    rng = random.Random(1)
    for _ in range(20):
        other = parlour.resample_hidden(state, 1, rng)
        assert other.hands[0] >> idx("KH") & 1
        assert view_of(other, 1) == view_of(state, 1)


def test_resample_outside_a_deal_is_the_state_itself() -> None:
    state = new_match()
    assert parlour.resample_hidden(state, 0, random.Random(1)) is state
