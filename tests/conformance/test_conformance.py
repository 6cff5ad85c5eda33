"""The conformance suite: the same tests for every registered game (DESIGN.md §5).

Random playouts, from a fixed list of seeds with each option preset (full matches) and from
hypothesis-drawn options, seeds and move choices (bounded, shrinkable playouts), are checked
after every move: legal moves and turns, their documented order, `check` against `legal_moves`
(with illegal candidates refused by a dotted rule id and `apply` raising the same rule), the
purity of `apply`, card conservation in total and zone by zone (each move's card flow), the
notation round trip, what views hide (by swapping the cards the rules hide from a seat), what
`resample_hidden` does, the log round trip, and each game's own per-deal invariants.

Nothing here names a game: what differs between games lives in their hooks (``games.py``), and
the generic helpers on zones in ``zones.py``. The checks lean on the rules, not on the engine's
own ideas: hidden zones, trick winners, card flows, the move order and the per-deal numbers are
written in the hooks from the rules and docs.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator, MutableSequence, Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.base import parse_card
from parlour.engine import (
    Deal,
    Game,
    Move,
    get_game,
)
from tests.conformance.games import HOOKS, THOROUGH, hooks_for, no_legal_plays
from tests.conformance.zones import (
    Layout,
    between_deals,
    gather_into,
    layout_after,
    players,
    random_hidden_swap,
    random_visible_swap,
    unexplained_changes,
)
from tests.profiles import thorough
from tests.strategies import (
    PlayoutSpec,
    Step,
    option_presets,
    random_playout,
    seats_of,
    shrinkable_playouts,
)

GAMES: tuple[str, ...] = parlour.game_names()
RULE_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
RESAMPLES_PER_SEAT = 2 if THOROUGH else 1
"""How many random redeals of the hidden cards each view is compared with, at every state."""
SWAPS_PER_SEAT = 3 if THOROUGH else 2
"""Random swaps of hidden cards per seat and state (alternately across zones and within one)."""
DICT_EVERY = 2 if THOROUGH else 4
"""``to_dict()`` is the slow part of a view (it grows with the match's finished deals), so the
quick profile checks it at every ``DICT_EVERY``-th state (JSON-ready) and swap (equal to the
original's, with the rebuilt state's zones compared to those asked for); the view itself is
compared at every swap. The ``ci`` profile checks every second state and swap."""
RESAMPLE_STATES = 6 if THOROUGH else 3
"""States per playout at which `resample_hidden` must move every hidden card."""
RESAMPLE_SAMPLES = 50
"""The most redeals tried at each of those states."""
STAY_CHANCE = 0.7
"""A card is required to move only where a fair redeal leaves it in place with at most this
chance per try (0.7**50 < 1e-7)."""
HYPOTHESIS_MOVES_FACTOR = 2 if THOROUGH else 1
"""The ``ci`` profile plays hypothesis playouts this many times longer than the game's
``playout_moves``."""
DUTY_DEALS = thorough(300, 1000)
"""Single deals per option preset on which the duties of play alone are checked: the model is
cheap, and the rare situations (a partner winning with a trump, a hand able to undertrump only)
need many deals to come up."""
FIXED_STATE_STRIDE = thorough(3, 2)
"""The fixed full-match cases of the costliest checks (views hiding hidden cards, resampled
views, illegal candidates) look at every ``FIXED_STATE_STRIDE``-th state of the playout, plus its
first and last states and every deal due: every other state under ``ci``, a third of them
(hundreds still, per match) in the quick profile. The hypothesis playouts check every state."""


# --- the checks, one function per property, each over a whole playout ---------------------------


def _states(steps: Sequence[Step]) -> Iterator[Any]:
    """Every state of a playout: the first `before`, then each `after`."""
    if steps:
        yield steps[0].before
    for step in steps:
        yield step.after


def _some_states(steps: Sequence[Step], stride: int) -> Iterator[tuple[int, Any]]:
    """(number, state) for every ``stride``-th state of `_states` (the first included), every
    state where a deal is due, and the last state."""
    last = len(steps)
    for number, state in enumerate(_states(steps)):
        if number % stride == 0 or number == last or parlour.is_chance(state):
            yield number, state


def _seats(state: Any) -> tuple[int | None, ...]:
    """The spectator (``None``) and every seat of the match."""
    return (None, *range(players(state)))


def _assert_untouched(state: Any, pickled: bytes) -> None:
    assert pickle.dumps(state) == pickled, "the state was changed in place"
    assert state == pickle.loads(pickled)


def check_turns_and_legal_moves(game: Game, steps: Sequence[Step], rng: random.Random) -> None:
    """Legal moves are an immutable sequence, distinct, and non-empty exactly when a seat acts;
    each passes `check` (for the seat to act too); those the game's ``moves_to_apply`` picks
    (all of them by default) apply and are refused for any other seat with
    ``turn.not_your_turn``; the state is unchanged after all of them (a change in place would
    persist, so one comparison per state catches it)."""
    hooks = hooks_for(game.name)
    for state in _states(steps):
        player = parlour.current_player(state)
        moves = parlour.legal_moves(state)
        assert isinstance(moves, Sequence) and not isinstance(moves, MutableSequence), type(moves)
        assert parlour.is_chance(state) == (player is parlour.CHANCE)
        assert parlour.is_over(state) == (player is None)
        if not isinstance(player, int):
            assert len(moves) == 0, (player, moves)
            continue
        seats = players(state)
        assert 0 <= player < seats
        assert len(moves) > 0, f"no legal move for seat {player}"
        assert len(set(moves)) == len(moves), moves
        assert parlour.winners(state) == ()
        pickled = pickle.dumps(state)
        for move in moves:
            assert parlour.check(state, move) is None, move
        for move in hooks.moves_to_apply(state, moves, rng):
            assert parlour.check(state, move, seat=player) is None, move
            after = parlour.apply(state, move, seat=player)
            assert type(after) is type(state)
            for other in range(seats):
                if other == player:
                    continue
                violation = parlour.check(state, move, seat=other)
                assert violation is not None and violation.rule == "turn.not_your_turn"
                with pytest.raises(parlour.IllegalMoveError) as refused:
                    parlour.apply(state, move, seat=other)
                assert refused.value.rule == "turn.not_your_turn"
        _assert_untouched(state, pickled)


def check_legal_move_order(game: Game, steps: Sequence[Step]) -> None:
    """`legal_moves` comes in the order the game's docs state: the game's ``order_key``, computed
    from the rules-level description (deck order of cards, keywords first, …), strictly rises
    along the sequence at every state; the same state gives the same sequence again."""
    hooks = hooks_for(game.name)
    compared = 0
    for state in _states(steps):
        moves = parlour.legal_moves(state)
        assert tuple(parlour.legal_moves(state)) == tuple(moves)
        keys = [hooks.order_key(state, move) for move in moves]
        for index in range(1, len(keys)):
            assert keys[index - 1] < keys[index], (
                f"{moves[index - 1]} comes before {moves[index]}, against the documented order"
            )
            compared += 1
    assert compared > 0 or len(steps) < 3, "no state with two legal moves to compare"

def _bad_deals(deal: Deal) -> list[tuple[Deal, str]]:
    """Two broken copies of a deal: a card moved between fields (wrong zone sizes) and a card
    replaced by a duplicate of another (not the deck), with the rule each must break."""
    fields = [(name, [list(group) for group in groups]) for name, groups in deal.fields]
    first_group = fields[0][1][0]
    last_group = fields[-1][1][-1]
    moved = [(name, [list(group) for group in groups]) for name, groups in fields]
    moved[0][1][0].append(moved[-1][1][-1].pop())
    duplicated = [(name, [list(group) for group in groups]) for name, groups in fields]
    duplicated[0][1][0][0] = last_group[-1] if last_group[-1] != first_group[0] else first_group[1]

    def build(parts: list[tuple[str, list[list[Any]]]]) -> Deal:
        return Deal(
            tuple((name, tuple(tuple(group) for group in groups)) for name, groups in parts)
        )

    return [(build(moved), "deal.bad_layout"), (build(duplicated), "deal.not_the_deck")]


def _expect_refused(state: Any, move: Move, rule: str | None = None) -> None:
    """``move`` is illegal at ``state``: `check` names a dotted rule (``rule`` if given), and
    `apply` raises `IllegalMoveError` with that rule and the move (the caller checks that the
    state is left as it was)."""
    violation = parlour.check(state, move)
    assert violation is not None, f"{move} was accepted at a state where it is not legal"
    assert RULE_ID.match(violation.rule), violation.rule
    assert violation.message.strip() != "", violation
    if rule is not None:
        assert violation.rule == rule, (str(move), violation)
    try:
        parlour.apply(state, move)
    except parlour.IllegalMoveError as error:
        assert error.rule == violation.rule, (str(move), error.rule, violation.rule)
        assert error.move == move
    else:
        raise AssertionError(f"apply accepted {move}, which check refused: {violation}")


def check_illegal_candidates(game: Game, steps: Sequence[Step], stride: int = 1) -> None:
    """Every candidate that parses but is not legal is refused with a dotted rule id, by `check`
    and by `apply` alike, and leaves the state unchanged; shared ids where the turn decides.

    Candidates: the game's own texts (every keyword, every card), the moves seen elsewhere in the
    playout, the last deal, and two broken copies of it.
    """
    hooks = hooks_for(game.name)
    seen: dict[str, None] = {}
    last_deal: Deal | None = None
    for step in steps:
        if isinstance(step.move, Deal):
            last_deal = step.move
        else:
            seen[str(step.move)] = None
    assert last_deal is not None, "the playout has no deal"
    parsed_any = False
    for _number, state in _some_states(steps, stride):
        player = parlour.current_player(state)
        legal = set(parlour.legal_moves(state))
        pickled = pickle.dumps(state)
        texts = dict.fromkeys([*hooks.candidate_texts(state), *seen])
        for text in texts:
            try:
                move = parlour.parse_move(state, text)
            except parlour.NotationError:
                continue
            parsed_any = True
            if move in legal:
                assert parlour.check(state, move) is None, move
                continue
            if player is None:
                _expect_refused(state, move, "turn.match_over")
            elif player is parlour.CHANCE:
                _expect_refused(state, move, "turn.deal_due")
            else:
                _expect_refused(state, move)
        if player is parlour.CHANCE:
            assert parlour.check(state, last_deal) is None
            for bad, rule in _bad_deals(last_deal):
                _expect_refused(state, bad, rule)
        else:
            _expect_refused(
                state, last_deal, "turn.match_over" if player is None else "turn.no_deal_due"
            )
        _assert_untouched(state, pickled)
    assert parsed_any, "no candidate text parsed"


def check_apply_is_pure(game: Game, steps: Sequence[Step]) -> None:
    """`apply` never changes its input and gives equal results for equal inputs; states pickle
    to equal, equally hashed copies."""
    for step in steps:
        pickled = pickle.dumps(step.before)
        again = parlour.apply(step.before, step.move)
        _assert_untouched(step.before, pickled)
        assert again == step.after
        assert hash(again) == hash(step.after)
        copy = pickle.loads(pickle.dumps(step.after))
        assert copy == step.after
        assert hash(copy) == hash(step.after)
        assert parlour.apply(pickle.loads(pickled), step.move) == step.after


def check_cards_conserved(game: Game, steps: Sequence[Step]) -> None:
    """At every state the zones together hold exactly the game's deck, each card once."""
    deck = Counter(game.deck)
    for state in _states(steps):
        zones = game.card_zones(state)
        held = Counter(card for cards in zones.values() for card in cards)
        assert held == deck, {name: [str(card) for card in cards] for name, cards in zones.items()}


def check_card_flows(game: Game, steps: Sequence[Step]) -> None:
    """Zone by zone, the cards that left each zone and arrived in another at every move are
    exactly those the move explains (the game's ``flow``: a card played leaves that hand for
    the trick, a trick goes to its winner's pile, a draw takes the stock's top, …); when the
    move ends a deal (or the match), every card then goes back to the one zone between deals."""
    hooks = hooks_for(game.name)
    for number, step in enumerate(steps):
        before, after = game.card_zones(step.before), game.card_zones(step.after)
        flows = [list(flow) for flow in hooks.flow(step)]
        if between_deals(step.after):
            (pack,) = after
            flows = [flow + gather_into(layout_after(before, flow), pack) for flow in flows]
        problem = unexplained_changes(before, after, flows)
        assert problem is None, f"move {number} ({step.move}): {problem}"


def check_notation_round_trip(game: Game, steps: Sequence[Step]) -> None:
    """``parse_move(s, format_move(m)) == m`` for every legal move and every move played
    (deals included), and the parsed move formats to the same canonical text."""
    for step in steps:
        state = step.before
        for move in (*parlour.legal_moves(state), step.move):
            text = parlour.format_move(move)
            assert text == str(move)
            parsed = parlour.parse_move(state, text)
            assert parsed == move, (text, parsed)
            assert str(parsed) == text


def _same_layout(rebuilt: Layout, wanted: Layout, ordered: frozenset[str]) -> bool:
    """Two layouts agree: ordered zones card for card, the others as multisets."""
    if set(rebuilt) != set(wanted):
        return False
    return all(
        rebuilt[name] == wanted[name]
        if name in ordered
        else Counter(rebuilt[name]) == Counter(wanted[name])
        for name in wanted
    )


def _check_hidden_declaration(zones: Layout, hidden: Layout, seat: int | None) -> None:
    """The hidden cards a hook declares are cards of the zones it names."""
    for name, cards in hidden.items():
        assert name in zones, f"hidden zone {name!r} is not one of {list(zones)}"
        assert not Counter(cards) - Counter(zones[name]), (seat, name, cards, zones[name])


def check_views_hide_hidden_cards(
    game: Game, steps: Sequence[Step], rng: random.Random, stride: int = 1
) -> None:
    """Views are JSON-ready and hide what the rules hide, checked by the suite itself.

    At every state and for every seat (and the spectator): the cards the game's hooks declare
    hidden from that seat (from the rules, not from the view code) are swapped, several times,
    between two different hidden zones and within an ordered hidden zone (a stock), sizes kept;
    the state is rebuilt with ``with_zones``, and the seat's `view` and its ``to_dict()`` must not
    change. A hidden card swapped with a card the seat sees (its own hand, the trick, …) must
    change the view. Each kind of swap must have happened for every seat over a playout that
    dealt.
    """
    hooks = hooks_for(game.name)
    hidden_swaps: Counter[int | None] = Counter()
    visible_swaps: Counter[int | None] = Counter()
    shown_any: set[int | None] = set()
    """The seats shown some card at some state (a Coinche spectator of deals all thrown in
    never is: nothing is face up in the auction)."""
    dealt = False
    for number, state in _some_states(steps, stride):
        zones = game.card_zones(state)
        rebuilt = hooks.with_zones(state, zones)
        assert rebuilt == state, "with_zones(state, card_zones(state)) is not the state"
        dealt = dealt or not between_deals(state)
        pickled = pickle.dumps(state)
        for seat in _seats(state):
            seen = parlour.view(state, seat)
            as_dict: dict[str, Any] | None = None
            if number % DICT_EVERY == 0:
                as_dict = _json_ready(seen)
            hidden = hooks.hidden(state, seat)
            _check_hidden_declaration(zones, hidden, seat)
            for attempt in range(SWAPS_PER_SEAT):
                swapped = random_hidden_swap(
                    zones, hidden, hooks.ordered_zones, rng, across=attempt % 2 == 0
                )
                if swapped is None:
                    continue
                other = hooks.with_zones(state, swapped)
                assert parlour.view(other, seat) == seen, (
                    f"seat {seat}'s view changed when hidden cards were swapped: "
                    f"{_difference(zones, swapped)}"
                )
                if hidden_swaps[seat] % DICT_EVERY == 0:
                    assert _same_layout(game.card_zones(other), swapped, hooks.ordered_zones)
                    as_dict = _json_ready(seen) if as_dict is None else as_dict
                    assert parlour.view(other, seat).to_dict() == as_dict, (seat, swapped)
                hidden_swaps[seat] += 1
            shown_zones = hooks.shown(state, seat)
            if any(zones.get(name) for name in shown_zones):
                shown_any.add(seat)
            visible = random_visible_swap(zones, hidden, shown_zones,
                                          hooks.ordered_zones, rng)  # fmt: skip
            if visible is not None:
                other = hooks.with_zones(state, visible)
                assert parlour.view(other, seat) != seen, (
                    f"seat {seat}'s view did not change when a card it sees was swapped with a "
                    f"hidden one: {_difference(zones, visible)}"
                )
                visible_swaps[seat] += 1
        _assert_untouched(state, pickled)
    if dealt:
        seats = _seats(steps[0].before)
        assert all(hidden_swaps[seat] for seat in seats), f"no hidden swap for {hidden_swaps}"
        assert all(visible_swaps[seat] for seat in seats if seat in shown_any), (
            f"no visible swap for {visible_swaps}"
        )


def _json_ready(seen: Any) -> dict[str, Any]:
    """The view's ``to_dict()``, checked to survive a JSON round trip."""
    as_dict: dict[str, Any] = seen.to_dict()
    assert json.loads(json.dumps(as_dict)) == as_dict
    return as_dict


def _difference(before: Layout, after: Layout) -> str:
    """The cards two layouts differ in, zone by zone, for messages."""
    parts = []
    for name, cards in after.items():
        old, new = Counter(before[name]), Counter(cards)
        left, arrived = old - new, new - old
        if left or arrived:
            parts.append(f"{name} -{sorted(c.text for c in left.elements())} "
                         f"+{sorted(c.text for c in arrived.elements())}")  # fmt: skip
        elif cards != before[name]:
            pairs = enumerate(zip(before[name], cards, strict=True))
            moved = [f"{a.text}@{i}->{b.text}" for i, (a, b) in pairs if a != b]
            parts.append(f"{name} reordered {moved}")
    return "; ".join(parts)


def check_resample_keeps_views(
    game: Game, steps: Sequence[Step], rng: random.Random, stride: int = 1
) -> None:
    """`resample_hidden` gives a state the seat cannot tell apart: an equal view, the card count
    of every zone, the whole deck, the same seat to act and, for that seat, the same legal
    moves."""
    deck_codes = sorted(card.code for card in game.deck)
    for _number, state in _some_states(steps, stride):
        player = parlour.current_player(state)
        sizes = {name: len(cards) for name, cards in game.card_zones(state).items()}
        pickled = pickle.dumps(state)
        for seat in _seats(state):
            seen = parlour.view(state, seat)
            for _ in range(RESAMPLES_PER_SEAT):
                other = game.resample_hidden(state, seat, rng)
                assert type(other) is type(state)
                assert parlour.view(other, seat) == seen, (
                    f"seat {seat}'s view changed after resample_hidden: "
                    f"{_difference(game.card_zones(state), game.card_zones(other))}"
                )
                other_zones = game.card_zones(other)
                assert {name: len(cards) for name, cards in other_zones.items()} == sizes
                codes = sorted(card.code for cards in other_zones.values() for card in cards)
                assert codes == deck_codes
                assert parlour.current_player(other) == player
                if seat is not None and player == seat:
                    assert tuple(parlour.legal_moves(other)) == tuple(parlour.legal_moves(state))
        _assert_untouched(state, pickled)


def _movable(zones: Layout, hidden: Layout, ordered: frozenset[str]) -> list[tuple[str, Any]]:
    """The hidden places whose card a fair redeal moves with near certainty in
    `RESAMPLE_SAMPLES` tries: (ordered zone, position) or (other zone, face). A place is left out
    when another face could not take it, or when a uniform redeal would leave it as it is with
    a chance above `STAY_CHANCE` per try (a big hand beside a tiny stock)."""
    total = sum(len(cards) for cards in hidden.values())
    places: list[tuple[str, Any]] = []
    for name, cards in hidden.items():
        outside = Counter(card for other, rest in hidden.items() if other != name for card in rest)
        for index, card in enumerate(cards):
            if name in ordered:
                same = sum(1 for rest in hidden.values() for c in rest if c == card)
                if same / total <= STAY_CHANCE and same < total:
                    places.append((name, index))
            elif (name, card) not in places and any(c != card for c in outside):
                chance = len(cards) / total * (2 if outside[card] else 1)
                if chance <= STAY_CHANCE:
                    places.append((name, card))
    return places


def _moved(place: tuple[str, Any], zones: Layout, other: Layout, ordered: frozenset[str]) -> bool:
    name, where = place
    if name in ordered:
        return bool(other[name][where] != zones[name][where])
    return Counter(other[name])[where] < Counter(zones[name])[where]


def check_resample_moves_hidden_cards(
    game: Game, steps: Sequence[Step], rng: random.Random
) -> None:
    """Over up to `RESAMPLE_SAMPLES` redeals at a few states of the playout (drawn at random
    among those where some hidden card can be checked), `resample_hidden` moves every card the
    hooks declare hidden from the seat somewhere else at least once (to another zone, or another
    place of an ordered zone), where a fair redeal surely would."""
    hooks = hooks_for(game.name)
    in_deal = [state for state in _states(steps) if isinstance(parlour.current_player(state), int)]
    rng.shuffle(in_deal)
    checked_states = 0
    for state in in_deal:
        if checked_states == RESAMPLE_STATES:
            break
        zones = game.card_zones(state)
        by_seat = {
            seat: _movable(zones, hooks.hidden(state, seat), hooks.ordered_zones)
            for seat in _seats(state)
        }
        if not any(by_seat.values()):
            continue
        checked_states += 1
        for seat, places in by_seat.items():
            for _ in range(RESAMPLE_SAMPLES):
                if not places:
                    break
                other = game.card_zones(game.resample_hidden(state, seat, rng))
                places = [p for p in places if not _moved(p, zones, other, hooks.ordered_zones)]
            assert not places, f"resample_hidden never moved {places} for seat {seat}"
    assert checked_states > 0 or len(in_deal) < 2, "no state with a hidden card to check"


def check_log_round_trip(game: Game, spec: PlayoutSpec, steps: Sequence[Step]) -> None:
    """The playout recorded by a `Match` writes a log that reads back, replays to the same final
    state, and validates with the same score."""
    match = parlour.Match(game.name, options=dict(spec.options), dealer=spec.dealer)
    for step in steps:
        match.apply(step.move)
    final = steps[-1].after
    assert match.state == final
    assert match.moves == tuple(str(step.move) for step in steps)
    text = parlour.write_log(match)
    log = parlour.read_log(text)
    assert log.moves == match.moves
    assert parlour.replay(log) == final
    assert parlour.replay(text) == final
    report = parlour.validate(text)
    assert report.error is None, report.error
    assert report.ok is True
    assert report.moves_applied == len(steps)
    assert report.score == tuple(parlour.score(final))


def check_scores(game: Game, steps: Sequence[Step]) -> None:
    """The match score of every seat is the sum of the score events crediting it; events only
    ever grow; winners are named exactly when the match is over."""
    for step in steps:
        state = step.after
        events = parlour.score_events(state)
        assert events[: len(parlour.score_events(step.before))] == parlour.score_events(step.before)
        match_score = parlour.score(state)
        seats = players(state)
        assert len(match_score) == seats
        for seat in range(seats):
            credited = sum(event.points for event in events if seat in event.seats)
            assert match_score[seat] == credited, (seat, match_score, events)
        winners = parlour.winners(state)
        if parlour.is_over(state):
            assert len(winners) > 0
            assert list(winners) == sorted(set(winners))
            assert all(0 <= seat < seats for seat in winners)
        else:
            assert winners == ()


def check_game_invariants(game: Game, steps: Sequence[Step]) -> None:
    """The game's own invariants (``games.py``) after every move and over the playout."""
    hooks = hooks_for(game.name)
    for step in steps:
        hooks.step_check(step)
    hooks.playout_check(steps)


def check_duties_of_play(game: Game, steps: Sequence[Step]) -> None:
    """The cards `legal_moves` lets the seat to act play are exactly those the suite's own
    model of the duties of play allows (``legal_plays``, written from the rules): follow,
    beat, trump, overtrump and undertrump, each clause with its option."""
    model = hooks_for(game.name).legal_plays
    for state in _states(steps):
        allowed = model(state)
        if allowed is None:
            continue
        plays = {
            card
            for move in parlour.legal_moves(state)
            for keyword, card in [_play_of(move)]
            if keyword == "play"
        }
        assert plays == allowed, (
            f"legal plays {sorted(card.text for card in plays)} but the rules allow "
            f"{sorted(card.text for card in allowed)} (seat {parlour.current_player(state)})"
        )


def _play_of(move: Move) -> tuple[str, Any]:
    """``("play", card)`` for a card play, else (keyword, ``None``)."""
    keyword, *tokens = str(move).split()
    if keyword == "play" and len(tokens) == 1:
        return keyword, parse_card(tokens[0])
    return keyword, None


def check_everything(spec: PlayoutSpec, steps: Sequence[Step]) -> None:
    """Every check of the suite on one playout."""
    game = get_game(spec.game)
    check_turns_and_legal_moves(game, steps, random.Random(spec.seed))
    check_legal_move_order(game, steps)
    check_duties_of_play(game, steps)
    check_illegal_candidates(game, steps)
    check_apply_is_pure(game, steps)
    check_cards_conserved(game, steps)
    check_card_flows(game, steps)
    check_notation_round_trip(game, steps)
    check_views_hide_hidden_cards(game, steps, random.Random(spec.seed))
    check_resample_keeps_views(game, steps, random.Random(spec.seed))
    check_resample_moves_hidden_cards(game, steps, random.Random(spec.seed))
    check_log_round_trip(game, spec, steps)
    check_scores(game, steps)
    check_game_invariants(game, steps)


# --- fixed seeds: deterministic, one test per property, game, preset and seed -------------------


def _fixed_cases() -> list[Any]:
    """One case per game, preset and fixed seed (a game with no hooks yet has none: it fails
    ``test_every_game_has_hooks_and_presets`` and the hypothesis test instead)."""
    cases = []
    for name in GAMES:
        if name not in HOOKS:
            continue
        hooks = HOOKS[name]
        for preset_id, preset in hooks.presets:
            options = {**hooks.base_options, **preset}
            seats = seats_of(name, options)
            for seed in hooks.fixed_seeds:
                spec = PlayoutSpec(name, seed, options, dealer=seed % seats)
                cases.append(pytest.param(spec, id=f"{name}-{preset_id}-seed{seed}"))
    return cases


FIXED = _fixed_cases()


@cache
def _cached_playout(
    game: str, seed: int, options: tuple[tuple[str, Any], ...], dealer: int
) -> tuple[Step, ...]:
    return tuple(random_playout(game, seed, dict(options), dealer=dealer))


def _playout(spec: PlayoutSpec) -> tuple[Step, ...]:
    """The playout of a fixed case, computed once for all the tests that check it."""
    steps = _cached_playout(spec.game, spec.seed, tuple(sorted(spec.options.items())), spec.dealer)
    assert len(steps) > 0
    return steps


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_hooks_and_presets(name: str) -> None:
    hooks = hooks_for(name)
    assert hooks.presets == option_presets(name)
    assert hooks.presets[0] == ("default", {})
    assert len(hooks.fixed_seeds) > 0
    for _, options in hooks.presets:
        parlour.new_game(name, options=options)  # every preset is valid


@pytest.mark.parametrize("spec", FIXED)
def test_playout_ends(spec: PlayoutSpec) -> None:
    steps = _playout(spec)
    final = steps[-1].after
    assert parlour.is_over(final) is True
    assert hooks_for(spec.game).deals_finished(final) >= 1


@pytest.mark.parametrize("spec", FIXED)
def test_turns_and_legal_moves(spec: PlayoutSpec) -> None:
    check_turns_and_legal_moves(get_game(spec.game), _playout(spec), random.Random(spec.seed))


@pytest.mark.parametrize("spec", FIXED)
def test_legal_moves_in_documented_order(spec: PlayoutSpec) -> None:
    check_legal_move_order(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_duties_of_play_by_the_rules(spec: PlayoutSpec) -> None:
    check_duties_of_play(get_game(spec.game), _playout(spec))


def _duty_cases() -> list[Any]:
    """One case per game with a model of its duties of play and per option preset."""
    return [
        pytest.param(name, preset, id=f"{name}-{preset_id}")
        for name in GAMES
        if name in HOOKS and HOOKS[name].legal_plays is not no_legal_plays
        for preset_id, preset in HOOKS[name].presets
    ]


@pytest.mark.parametrize(("name", "preset"), _duty_cases())
def test_duties_of_play_over_many_deals(name: str, preset: dict[str, Any]) -> None:
    """The duties of play alone, over many single random deals of each preset."""
    game = get_game(name)
    options = {**preset, "target": None}
    for seed in range(DUTY_DEALS):
        check_duties_of_play(game, random_playout(name, seed, options, dealer=seed % 2))


@pytest.mark.parametrize("spec", FIXED)
def test_illegal_candidates_refused(spec: PlayoutSpec) -> None:
    check_illegal_candidates(get_game(spec.game), _playout(spec), FIXED_STATE_STRIDE)


@pytest.mark.parametrize("spec", FIXED)
def test_apply_is_pure(spec: PlayoutSpec) -> None:
    check_apply_is_pure(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_cards_conserved(spec: PlayoutSpec) -> None:
    check_cards_conserved(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_card_flows_zone_by_zone(spec: PlayoutSpec) -> None:
    check_card_flows(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_notation_round_trip(spec: PlayoutSpec) -> None:
    check_notation_round_trip(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_views_hide_hidden_cards(spec: PlayoutSpec) -> None:
    game = get_game(spec.game)
    check_views_hide_hidden_cards(
        game, _playout(spec), random.Random(spec.seed), FIXED_STATE_STRIDE
    )


@pytest.mark.parametrize("spec", FIXED)
def test_resample_hidden_keeps_views(spec: PlayoutSpec) -> None:
    game = get_game(spec.game)
    check_resample_keeps_views(game, _playout(spec), random.Random(spec.seed), FIXED_STATE_STRIDE)


@pytest.mark.parametrize("spec", FIXED)
def test_resample_hidden_moves_every_hidden_card(spec: PlayoutSpec) -> None:
    game = get_game(spec.game)
    check_resample_moves_hidden_cards(game, _playout(spec), random.Random(spec.seed))


@pytest.mark.parametrize("spec", FIXED)
def test_log_round_trip(spec: PlayoutSpec) -> None:
    check_log_round_trip(get_game(spec.game), spec, _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_scores_match_events(spec: PlayoutSpec) -> None:
    check_scores(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_game_invariants(spec: PlayoutSpec) -> None:
    check_game_invariants(get_game(spec.game), _playout(spec))


# --- hypothesis: random options, dealer, deals and move choices; bounded, shrinkable ----------


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_random_playouts_conform(name: str, data: st.DataObject) -> None:
    """Hypothesis draws the options, the first dealer, the seed of the deals and every move
    choice (at most the game's ``playout_moves``), so a failure shrinks to a short playout."""
    moves = hooks_for(name).playout_moves * HYPOTHESIS_MOVES_FACTOR
    spec = data.draw(shrinkable_playouts(name, moves=moves), label="playout")
    check_everything(spec, spec.run())


# --- the checks themselves can fail ---------------------------------------------------------------


def test_checks_catch_a_broken_state() -> None:
    """Sanity check of the suite: a step whose `after` is not what `apply` gives is caught, by
    the purity check and by the card flows."""
    steps = list(_playout(FIXED[0].values[0]))
    broken = Step(steps[3].before, steps[3].move, steps[5].after)
    game = get_game(GAMES[0])
    with pytest.raises(AssertionError):
        check_apply_is_pure(game, [broken])
    with pytest.raises(AssertionError, match="the cards moved"):
        check_card_flows(game, [broken])


def test_order_check_catches_a_reversed_legal_set() -> None:
    """Sanity check of the suite: a state whose legal moves came reversed fails the order
    check (the keys of the first playout state with two or more moves, compared backwards)."""
    spec = FIXED[0].values[0]
    hooks = hooks_for(spec.game)
    state = next(s for s in _states(_playout(spec)) if len(parlour.legal_moves(s)) > 1)
    keys = [hooks.order_key(state, move) for move in reversed(parlour.legal_moves(state))]
    assert any(keys[i - 1] >= keys[i] for i in range(1, len(keys)))
