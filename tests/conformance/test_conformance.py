"""The conformance suite: the same tests for every registered game (DESIGN.md §5).

Random playouts, from a fixed list of seeds with each option preset and from hypothesis-drawn
seeds and options, are checked after every move: legal moves and turns, `check` against
`legal_moves` (with illegal candidates refused by a dotted rule id and `apply` raising the same
rule), the purity of `apply`, card conservation zone by zone, the notation round trip, what views
hide, the log round trip, and each game's own per-deal invariants (``games.py``).
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.core import Deal, Game, Move, get_game
from tests.conformance.games import THOROUGH, hooks_for
from tests.strategies import PlayoutSpec, Step, option_presets, playouts, random_playout

GAMES: tuple[str, ...] = parlour.game_names()
RULE_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
RESAMPLES_PER_SEAT = 2 if THOROUGH else 1
"""How many random redeals of the hidden cards each view is compared with, at every state."""


# --- the checks, one function per property, each over a whole playout ---------------------------


def _states(steps: Sequence[Step]) -> Iterator[Any]:
    """Every state of a playout: the first `before`, then each `after`."""
    if steps:
        yield steps[0].before
    for step in steps:
        yield step.after


def _seats(game: Game) -> tuple[int | None, ...]:
    return (None, *range(game.players))


def _assert_untouched(state: Any, pickled: bytes) -> None:
    assert pickle.dumps(state) == pickled, "the state was changed in place"
    assert state == pickle.loads(pickled)


def check_turns_and_legal_moves(game: Game, steps: Sequence[Step]) -> None:
    """Legal moves are distinct and non-empty exactly when a seat acts; each one applies, passes
    `check` (for the seat to act too), and is refused for any other seat with
    ``turn.not_your_turn``; the state is unchanged after all of them (a change in place would
    persist, so one comparison per state catches it)."""
    for state in _states(steps):
        player = parlour.current_player(state)
        moves = tuple(parlour.legal_moves(state))
        assert parlour.is_chance(state) == (player is parlour.CHANCE)
        assert parlour.is_over(state) == (player is None)
        if not isinstance(player, int):
            assert moves == (), (player, moves)
            continue
        assert 0 <= player < game.players
        assert len(moves) > 0, f"no legal move for seat {player}"
        assert len(set(moves)) == len(moves), moves
        assert parlour.winners(state) == ()
        pickled = pickle.dumps(state)
        for move in moves:
            assert parlour.check(state, move) is None, move
            assert parlour.check(state, move, seat=player) is None, move
            after = parlour.apply(state, move, seat=player)
            assert type(after) is type(state)
            for other in range(game.players):
                if other == player:
                    continue
                violation = parlour.check(state, move, seat=other)
                assert violation is not None and violation.rule == "turn.not_your_turn"
                with pytest.raises(parlour.IllegalMoveError) as refused:
                    parlour.apply(state, move, seat=other)
                assert refused.value.rule == "turn.not_your_turn"
        _assert_untouched(state, pickled)


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


def check_illegal_candidates(game: Game, steps: Sequence[Step]) -> None:
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
    for state in _states(steps):
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
    """At every step the zones together hold exactly the game's deck, each card once."""
    deck = Counter(game.deck)
    for state in _states(steps):
        zones = game.card_zones(state)
        held = Counter(card for cards in zones.values() for card in cards)
        assert held == deck, {name: [str(card) for card in cards] for name, cards in zones.items()}
        assert sum(len(cards) for cards in zones.values()) == len(game.deck)


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


def check_views(game: Game, steps: Sequence[Step], rng: random.Random) -> None:
    """Views are JSON-ready, and equal for states that differ only in cards hidden from the
    seat: `resample_hidden` keeps the seat's view, the card count of every zone, and the seat's
    legal moves when it is to act; over a playout it does redeal something for every seat."""
    differed = dict.fromkeys(_seats(game), False)
    deck_codes = sorted(card.code for card in game.deck)
    dealt = False
    for state in _states(steps):
        player = parlour.current_player(state)
        dealt = dealt or isinstance(player, int)
        zones = game.card_zones(state)
        sizes = {name: len(cards) for name, cards in zones.items()}
        pickled = pickle.dumps(state)
        for seat in _seats(game):
            seen = parlour.view(state, seat)
            as_dict = seen.to_dict()
            assert json.loads(json.dumps(as_dict)) == as_dict
            for _ in range(RESAMPLES_PER_SEAT):
                other = game.resample_hidden(state, seat, rng)
                assert type(other) is type(state)
                assert parlour.view(other, seat) == seen, (seat, state, other)
                other_zones = game.card_zones(other)
                assert {name: len(cards) for name, cards in other_zones.items()} == sizes
                assert sorted(card.code for cards in other_zones.values() for card in cards) == (
                    deck_codes
                )
                assert parlour.current_player(other) == player
                if seat is not None and player == seat:
                    assert tuple(parlour.legal_moves(other)) == tuple(parlour.legal_moves(state))
                if other != state:
                    differed[seat] = True
        _assert_untouched(state, pickled)
    if dealt:
        assert all(differed.values()), f"resample_hidden never changed anything for {differed}"


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
        assert len(match_score) == game.players
        for seat in range(game.players):
            credited = sum(event.points for event in events if seat in event.seats)
            assert match_score[seat] == credited, (seat, match_score, events)
        winners = parlour.winners(state)
        if parlour.is_over(state):
            assert len(winners) > 0
            assert list(winners) == sorted(set(winners))
            assert all(0 <= seat < game.players for seat in winners)
        else:
            assert winners == ()


def check_game_invariants(game: Game, steps: Sequence[Step]) -> None:
    """The game's own invariants (``games.py``) after every move and over the playout."""
    hooks = hooks_for(game.name)
    for step in steps:
        hooks.step_check(step)
    hooks.playout_check(steps)


def check_everything(spec: PlayoutSpec, steps: Sequence[Step]) -> None:
    """Every check of the suite on one playout."""
    game = get_game(spec.game)
    check_turns_and_legal_moves(game, steps)
    check_illegal_candidates(game, steps)
    check_apply_is_pure(game, steps)
    check_cards_conserved(game, steps)
    check_notation_round_trip(game, steps)
    check_views(game, steps, random.Random(spec.seed))
    check_log_round_trip(game, spec, steps)
    check_scores(game, steps)
    check_game_invariants(game, steps)


# --- fixed seeds: deterministic, one test per property, game, preset and seed -------------------


def _fixed_cases() -> list[Any]:
    cases = []
    for name in GAMES:
        hooks = hooks_for(name)
        for preset_id, options in hooks.presets:
            for seed in hooks.fixed_seeds:
                spec = PlayoutSpec(name, seed, options, dealer=seed % get_game(name).players)
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
    check_turns_and_legal_moves(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_illegal_candidates_refused(spec: PlayoutSpec) -> None:
    check_illegal_candidates(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_apply_is_pure(spec: PlayoutSpec) -> None:
    check_apply_is_pure(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_cards_conserved(spec: PlayoutSpec) -> None:
    check_cards_conserved(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_notation_round_trip(spec: PlayoutSpec) -> None:
    check_notation_round_trip(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_views_hide_hidden_cards(spec: PlayoutSpec) -> None:
    check_views(get_game(spec.game), _playout(spec), random.Random(spec.seed))


@pytest.mark.parametrize("spec", FIXED)
def test_log_round_trip(spec: PlayoutSpec) -> None:
    check_log_round_trip(get_game(spec.game), spec, _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_scores_match_events(spec: PlayoutSpec) -> None:
    check_scores(get_game(spec.game), _playout(spec))


@pytest.mark.parametrize("spec", FIXED)
def test_game_invariants(spec: PlayoutSpec) -> None:
    check_game_invariants(get_game(spec.game), _playout(spec))


# --- hypothesis: random seeds, random combinations of options, random first dealer -------------


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_random_playouts_conform(name: str, data: st.DataObject) -> None:
    spec = data.draw(playouts(name), label="playout")
    check_everything(spec, random_playout(spec.game, spec.seed, spec.options, dealer=spec.dealer))


# --- the checks themselves can fail ---------------------------------------------------------------


def test_checks_catch_a_broken_state() -> None:
    """Sanity check of the suite: a step whose `after` is not what `apply` gives is caught."""
    steps = list(_playout(FIXED[0].values[0]))
    broken = Step(steps[3].before, steps[3].move, steps[5].after)
    with pytest.raises(AssertionError):
        check_apply_is_pure(get_game(GAMES[0]), [broken])
