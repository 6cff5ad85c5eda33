"""The toy game, registered by one line, through parlour's generic machinery unchanged.

Every expected value comes from the toy game's rules (``tests/toy/rules.py``'s docstring):
twelve cards (9 to A of spades and hearts), 5 cards each in packets of 3 then 2 from the
non-dealer, a turn-up that sets trumps, one face-down widow; the non-dealer leads; follow suit
if able; the highest trump wins, else the highest card of the suit led; the winner leads; one
point per trick, so five tricks and five points a deal; ``target`` (``None``: one deal).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import parlour
import parlour.games
from parlour.agents import RandomAgent, make_agent, play_match
from parlour.base import (
    Card,
    parse_card,
)
from parlour.encoding import FlatEncoding, encoding_for
from parlour.engine import (
    CardPlayed,
    Deal,
    DealStarted,
    Event,
    HandShown,
    MatchWon,
    Play,
    Scored,
    SupportsBot,
    SupportsNarration,
    TrickWon,
    get_game,
)
from tests.strategies import bot_choice, final_state, play_on, random_playout
from tests.toy.game import TOY_GAME
from tests.toy.state import ToyState
from tests.toy.view import ToyView

GAME = "toy"
DECK_TEXTS = ("9S", "10S", "JS", "QS", "KS", "AS", "9H", "10H", "JH", "QH", "KH", "AH")
"""The rules' twelve cards, in canonical order."""
HAND, TRICKS, POINTS_PER_DEAL = 5, 5, 5
OPTIONS: tuple[dict[str, Any], ...] = ({}, {"target": None}, {"target": 7}, {"target": 3})
SEEDS = range(8)

# Seat 0 (the dealer) holds every spade but the ace, seat 1 every heart but the ace; the ace of
# spades is turned up (spades are trumps) and the ace of hearts is the widow.
TRUMPS_DEAL = "deal hands:9S,10S,JS,QS,KS/9H,10H,JH,QH,KH turnup:AS widow:AH"
# Seat 0: two spades and three hearts; seat 1: three spades and two hearts; spades trumps.
MIXED_DEAL = "deal hands:9S,10S,9H,10H,JH/JS,QS,KS,QH,KH turnup:AS widow:AH"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


def plays(state: Any) -> list[str]:
    return [str(move) for move in parlour.legal_moves(state)]


def dealt(text: str, *, options: dict[str, Any] | None = None, dealer: int = 0) -> Any:
    return parlour.apply(parlour.new_game(GAME, options=options, dealer=dealer), text)


# --- one package, one line ---------------------------------------------------------------------


def test_the_toy_game_is_registered_beside_the_built_in_games() -> None:
    assert parlour.game_names()[: len(parlour.games.GAMES)] == tuple(
        game.name for game in parlour.games.GAMES
    )
    assert GAME in parlour.game_names()
    assert GAME not in (game.name for game in parlour.games.GAMES)
    assert get_game(GAME) is TOY_GAME
    assert isinstance(TOY_GAME, SupportsBot) and isinstance(TOY_GAME, SupportsNarration)
    with pytest.raises(ValueError, match="another game"):
        parlour.engine.register(type(TOY_GAME)())


def test_option_specs_describe_the_target() -> None:
    (spec,) = parlour.option_specs(GAME)
    assert (spec.name, spec.type, spec.default, spec.nullable) == ("target", "integer", None, True)
    assert spec.minimum == 1 and spec.description
    with pytest.raises(parlour.OptionsError, match="target"):
        parlour.new_game(GAME, options={"target": 0})
    with pytest.raises(parlour.OptionsError, match="target"):
        parlour.new_game(GAME, options={"trumps": "S"})


# --- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_random_deal_is_a_shuffle_of_the_deck_dealt_by_the_rules(seed: int, dealer: int) -> None:
    """``rng.shuffle`` of the deck in canonical order, then 3 and 2 cards to each player from
    the non-dealer, the next card turned up, the last one the widow."""
    fresh = parlour.new_game(GAME, dealer=dealer)
    assert parlour.is_chance(fresh) and parlour.legal_moves(fresh) == ()
    deck = list(cards(" ".join(DECK_TEXTS)))
    random.Random(seed).shuffle(deck)
    nondealer = 1 - dealer
    hands = {nondealer: deck[0:3] + deck[6:8], dealer: deck[3:6] + deck[8:10]}
    deal = parlour.random_deal(fresh, random.Random(seed))
    assert isinstance(deal, Deal)
    key = DECK_TEXTS.index
    for seat in (0, 1):
        assert [card.text for card in deal["hands"][seat]] == sorted(
            (card.text for card in hands[seat]), key=key
        )
    assert deal["turnup"] == ((deck[10],),) and deal["widow"] == ((deck[11],),)
    after = parlour.apply(fresh, deal)
    assert after == parlour.new_game(GAME, seed=seed, dealer=dealer)
    assert parlour.current_player(after) == nondealer
    assert parlour.view(after, None).hand_sizes == (HAND, HAND)
    zones = TOY_GAME.card_zones(after)
    assert sorted(card.text for cards in zones.values() for card in cards) == sorted(DECK_TEXTS)


def test_the_deal_text_round_trips() -> None:
    fresh = parlour.new_game(GAME)
    text = "DEAL hands:KS,9s,10S,JS,QS/9H,10H,JH,QH,KH turnup:AS widow:AH"
    deal = parlour.parse_move(fresh, text)
    assert str(deal) == TRUMPS_DEAL
    assert parlour.parse_move(fresh, str(deal)) == deal
    bad = "deal hands:9S,10S,JS,QS,KS/9H,10H,JH,QH,AS turnup:AS widow:AH"
    violation = parlour.check(fresh, bad)
    assert violation is not None and violation.rule == "deal.not_the_deck"


# --- the play ---------------------------------------------------------------------------------


def test_must_follow_suit_when_able() -> None:
    state = dealt(MIXED_DEAL)  # seat 0 deals: seat 1 leads
    assert parlour.current_player(state) == 1
    assert plays(state) == ["play JS", "play QS", "play KS", "play QH", "play KH"]
    state = parlour.apply(state, "play QH")
    assert plays(state) == ["play 9H", "play 10H", "play JH"]  # seat 0 holds hearts
    refused = parlour.check(state, "play 9S")
    assert refused is not None and refused.rule == "toy.must_follow"
    with pytest.raises(parlour.IllegalMoveError) as raised:
        parlour.apply(state, "play 10S")
    assert raised.value.rule == "toy.must_follow"
    absent = parlour.check(state, "play KH")
    assert absent is not None and absent.rule == "toy.not_in_hand"
    other = parlour.check(state, "play 9H", seat=1)
    assert other is not None and other.rule == "turn.not_your_turn"
    with pytest.raises(parlour.NotationError):
        parlour.parse_move(state, "play")


def test_the_higher_card_of_the_suit_led_wins_and_leads_next() -> None:
    state = parlour.apply(dealt(MIXED_DEAL), "play QH")
    state = parlour.apply(state, "play JH")  # the queen beats the jack
    assert parlour.score(state) == (0, 1)
    assert parlour.current_player(state) == 1
    assert parlour.score_events(state)[-1].reason == "toy.trick"
    # void in nothing: seat 1 leads a trump, seat 0 must follow with a trump
    state = parlour.apply(state, "play JS")
    assert plays(state) == ["play 9S", "play 10S"]


def test_a_trump_beats_the_suit_led_and_a_side_card_never_wins() -> None:
    """Seat 1 holds only hearts, seat 0 only spades (trumps): seat 0 takes all five tricks,
    ruffing seat 1's leads, then leading trumps seat 1 cannot follow."""
    state = dealt(TRUMPS_DEAL)
    state = parlour.apply(state, "play KH")
    assert plays(state) == ["play 9S", "play 10S", "play JS", "play QS", "play KS"]  # void
    state = parlour.apply(state, "play 9S")  # the lowest trump beats the king led
    assert parlour.score(state) == (1, 0) and parlour.current_player(state) == 0
    for card in ("10S", "JS", "QS", "KS"):
        state = parlour.apply(state, f"play {card}")
        state = parlour.apply(state, parlour.legal_moves(state)[-1])  # seat 1's highest heart
    assert parlour.score(state) == (POINTS_PER_DEAL, 0)
    assert parlour.is_over(state) and parlour.winners(state) == (0,)
    (result,) = parlour.deal_results(state)
    assert result.tricks == (TRICKS, 0)
    assert [event.trick for event in parlour.score_events(state)] == [1, 2, 3, 4, 5]


# --- options, both ways -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_without_a_target_the_match_is_one_deal(seed: int) -> None:
    steps = random_playout(GAME, seed, {"target": None})
    assert sum(isinstance(step.move, Deal) for step in steps) == 1
    assert len(steps) == 1 + 2 * TRICKS
    final = steps[-1].after
    assert sum(parlour.score(final)) == POINTS_PER_DEAL
    assert len(parlour.winners(final)) == 1  # five points cannot be shared equally
    outcome = parlour.outcome(final)
    assert outcome is not None and outcome.reason == "single_deal"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("target", [3, 7])
def test_with_a_target_deals_go_on_until_a_player_reaches_it_ahead(seed: int, target: int) -> None:
    steps = random_playout(GAME, seed, {"target": target}, dealer=1)
    deals = [step for step in steps if isinstance(step.move, Deal)]
    final = steps[-1].after
    assert len(steps) == len(deals) * (1 + 2 * TRICKS)
    assert sum(parlour.score(final)) == POINTS_PER_DEAL * len(deals)
    (winner,) = parlour.winners(final)
    assert max(parlour.score(final)) == parlour.score(final)[winner] >= target
    # the dealers alternate, starting with the dealer given
    assert [parlour.view(step.after, None).dealer for step in deals] == [
        (1 + number) % 2 for number in range(len(deals))
    ]
    # no deal but the last ended with a player at the target and ahead
    for step in deals[1:]:
        score = parlour.score(step.before)
        assert max(score) < target or score[0] == score[1]
    if target == 3:
        assert len(deals) == 1  # a player takes at least 3 of 5 tricks
    else:
        assert len(deals) >= 2  # at most 5 points a deal
        outcome = parlour.outcome(final)
        assert outcome is not None and outcome.reason == "target_reached"


# --- positions, logs and validation -------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_positions_round_trip_over_random_playouts(options: dict[str, Any]) -> None:
    for seed in SEEDS:
        for step in random_playout(GAME, seed, options, dealer=seed % 2):
            for state in (step.before, step.after):
                position = json.loads(json.dumps(parlour.state_to_dict(state)))
                again = parlour.state_from_dict(position)
                assert again == state and hash(again) == hash(state)
                assert ToyState.from_dict(position) == state
                assert plays(again) == plays(state)


def _mid_deal_position() -> dict[str, Any]:
    state = parlour.apply(parlour.apply(dealt(MIXED_DEAL), "play QH"), "play JH")
    state = parlour.apply(state, "play JS")
    return parlour.state_to_dict(state)


def _tampered(change: Any) -> dict[str, Any]:
    position = json.loads(json.dumps(_mid_deal_position()))
    change(position)
    return dict(position)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda p: p.update(extra=1), None),
        (lambda p: p["deal"]["hands"][0].append("JS"), "deal"),  # JS twice
        (lambda p: p["deal"].update(widow="7S"), "deal.widow"),  # not a card of the deck
        (lambda p: p["deal"]["hands"][1].remove("KS"), "deal.hands"),  # a card missing
        (lambda p: p.update(match_score=[1, 0]), "match_score"),
        (lambda p: p.update(deal_number=2), "deal_number"),
        (lambda p: p.update(phase="over"), None),
        # seat 0 answered the queen of hearts with a spade while holding hearts
        (lambda p: p["deal"]["tricks"][0].__setitem__(1, "9S"), "deal.tricks[0]"),
    ],
)
def test_positions_are_read_strictly(change: Any, path: str | None) -> None:
    position = _tampered(change)
    with pytest.raises(parlour.PositionError) as raised:
        parlour.state_from_dict(position)
    if path is not None:
        assert raised.value.path is not None and raised.value.path.startswith(path)


def test_a_broken_trick_names_the_toy_rule() -> None:
    state = parlour.apply(parlour.apply(dealt(MIXED_DEAL), "play QH"), "play JH")
    position = json.loads(json.dumps(parlour.state_to_dict(state)))
    assert position["deal"]["tricks"] == [["QH", "JH"]] and position["deal"]["trick"] == []
    position["deal"]["tricks"][0][1] = "9S"  # a trump on the queen of hearts, holding hearts
    position["deal"]["hands"][0] = ["10S", "9H", "10H", "JH"]
    with pytest.raises(parlour.PositionError, match=r"toy\.must_follow"):
        parlour.state_from_dict(position)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_log_of_a_random_match_validates(seed: int) -> None:
    match = play_on(parlour.Match(GAME, options={"target": 7}, seed=seed), seed)
    log = match.to_log()
    assert log.game == GAME and log.options == {"target": 7}
    report = parlour.validate(parlour.write_log(match))
    assert report.ok and report.error is None
    assert report.moves_applied == len(match.moves)
    assert report.score == parlour.score(match.state)
    assert parlour.replay(parlour.write_log(match)) == match.state


def test_a_log_with_an_illegal_move_fails_with_the_toy_rule() -> None:
    match = parlour.Match(GAME, options={"target": None})
    for move in (MIXED_DEAL, "play QH", "play JH"):
        match.apply(move)
    data = json.loads(parlour.write_log(match))
    data["moves"][2] = "play 9S"  # seat 0 holds hearts
    report = parlour.validate(json.dumps(data))
    assert not report.ok and report.error is not None
    assert (report.error.kind, report.error.rule) == ("illegal", "toy.must_follow")
    assert report.error.move_index == 2 and report.moves_applied == 2
    data["moves"][2] = "play QD"
    report = parlour.validate(json.dumps(data))
    assert report.error is not None and report.error.rule == "toy.not_in_hand"


# --- views, sampling, events, narration ---------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_views_read_back_and_hide_the_other_hand_and_the_widow(seed: int) -> None:
    for step in random_playout(GAME, seed, {"target": 7}):
        state = step.after
        zones = TOY_GAME.card_zones(state)
        for seat in (None, 0, 1):
            seen = parlour.view(state, seat)
            assert isinstance(seen, ToyView)
            as_dict = seen.to_dict()
            assert ToyView.from_dict(json.loads(json.dumps(as_dict))) == seen
            shown = json.dumps(as_dict)
            hidden = [*zones.get("widow", ())]
            for other in (0, 1):
                if other != seat:
                    hidden += zones.get(f"hand {other}", ())
            assert not any(f'"{card.text}"' in shown for card in hidden), (seat, shown)
            if seat is not None and "hand 0" in zones:
                assert seen.hand == zones[f"hand {seat}"]
            to_act = parlour.current_player(state)
            assert bool(seen.legal_moves) == (seat is not None and seat == to_act)


@pytest.mark.parametrize("seed", SEEDS)
def test_sample_state_agrees_with_the_view_and_with_the_voids_shown(seed: int) -> None:
    rng = random.Random(seed)
    for step in random_playout(GAME, seed, {"target": None}):
        state = step.after
        for seat in (None, 0, 1):
            sampled = parlour.sample_state(state, seat, rng)
            assert parlour.view(sampled, seat) == parlour.view(state, seat)
            zones = TOY_GAME.card_zones(sampled)
            assert Counter(c for cs in zones.values() for c in cs) == Counter(TOY_GAME.deck)
            # a seat that did not follow the suit led holds none of it in any sample
            for trick in state.tricks:
                led, followed = trick.cards
                if led.suit != followed.suit:
                    follower = 1 - trick.leader
                    assert all(c.suit != led.suit for c in sampled.hands[follower])
            agent_view = parlour.agent_view(state, seat, rng)
            assert agent_view == parlour.view(state, seat) and agent_view.sampled is not None


def test_sampling_respects_a_void_the_resampler_ignores() -> None:
    """Seat 0 ruffed a heart (so holds no heart): every sample for seat 1 gives it spades only,
    while `resample_hidden` may deal it the widow's ace of hearts."""
    state = parlour.apply(parlour.apply(dealt(TRUMPS_DEAL), "play KH"), "play 9S")
    rng = random.Random(1)
    for _ in range(30):
        sample = parlour.sample_state(state, 1, rng)
        assert all(card.suit == parse_card("AS").suit for card in sample.hands[0])
    resampled = {parlour.resample_hidden(state, 1, rng).widow for _ in range(60)}
    assert len(resampled) > 1


@pytest.mark.parametrize("seed", SEEDS)
def test_events_account_for_the_whole_match(seed: int) -> None:
    found: list[Event] = []
    steps = random_playout(GAME, seed, {"target": 7})
    for step in steps:
        found.extend(parlour.events(step.before, step.move, step.after))
        for seat in (None, 0, 1):
            for event in parlour.events_for(step.before, step.move, step.after, seat):
                if isinstance(event, HandShown) and event.seat != seat:
                    assert event.cards is None and event.size == HAND
        assert all(json.loads(json.dumps(event.to_dict())) for event in found)
    deals = len([event for event in found if isinstance(event, DealStarted)])
    assert deals == len(parlour.deal_results(steps[-1].after))
    assert sum(isinstance(event, CardPlayed) for event in found) == 2 * TRICKS * deals
    assert sum(isinstance(event, TrickWon) for event in found) == TRICKS * deals
    final = parlour.score(steps[-1].after)
    for seat in (0, 1):
        won = sum(e.points for e in found if isinstance(e, Scored) and e.seats == (seat,))
        assert won == final[seat]
    (end,) = [event for event in found if isinstance(event, MatchWon)]
    assert end.score == final and end.winners == parlour.winners(steps[-1].after)


def test_narration_tells_the_deal_and_the_tricks() -> None:
    before: ToyState = parlour.engine.new_game(GAME)
    deal = parlour.parse_move(before, TRUMPS_DEAL)
    after = parlour.apply(before, deal)
    lines = TOY_GAME.narrate(before, deal, after)
    assert lines[0].startswith("Deal 1: seat 0 deals") and "♠" in lines[0]
    played = parlour.apply(after, "play KH")
    won = parlour.apply(played, "play 9S")
    assert TOY_GAME.narrate(played, Play(parse_card("9S")), won) == [
        "  Seat 0 plays 9♠.",
        "  Seat 0 wins trick 1.",
    ]


# --- encoding, bot and agents -------------------------------------------------------------------


def test_the_encoding_has_one_id_per_card_and_masks_the_legal_plays() -> None:
    encoding = encoding_for(GAME)
    assert isinstance(encoding, FlatEncoding) and encoding is encoding_for(dealt(TRUMPS_DEAL))
    assert encoding.num_actions == len(DECK_TEXTS)
    assert encoding.action_names == tuple(f"play {text}" for text in DECK_TEXTS)
    for seed in SEEDS:
        for step in random_playout(GAME, seed):
            state = step.before
            legal = parlour.legal_moves(state)
            ids = sorted(encoding.encode(state, move) for move in legal)
            assert list(encoding.legal_actions(state)) == ids
            assert sum(encoding.legal_mask(state)) == len(legal)
            for move in legal:
                assert encoding.decode(state, encoding.encode(state, move)) == move
            for seat in (0, 1):
                assert len(encoding.observation(state, seat)) == encoding.observation_size
                size = encoding.information_state_size
                assert len(encoding.information_state(state, seat)) == size


@pytest.mark.parametrize("seed", SEEDS)
def test_the_bot_plays_legal_moves_and_wins_cheaply(seed: int) -> None:
    start: ToyState = parlour.engine.new_game(GAME, options={"target": 7}, seed=seed)
    assert parlour.is_over(final_state(GAME, seed, start=start, choose=bot_choice))
    # second in hand to the king of hearts, holding only trumps, it ruffs with the lowest
    state = parlour.apply(dealt(TRUMPS_DEAL), "play KH")
    assert str(TOY_GAME.bot_move(state, random.Random(seed))) == "play 9S"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_against_heuristic_plays_whole_matches(seed: int) -> None:
    agents = [RandomAgent(), make_agent("heuristic", GAME)]
    final = play_match(GAME, agents, options={"target": 7}, seed=seed)
    assert parlour.is_over(final)
    assert sum(parlour.score(final)) == POINTS_PER_DEAL * len(parlour.deal_results(final))
    again = play_match(GAME, agents, options={"target": 7}, seed=seed)
    assert again == final


def test_ismcts_plays_a_whole_match() -> None:
    moves: list[str] = []
    agents = [make_agent("ismcts:50", GAME), make_agent("ismcts:50+heuristic", GAME)]
    final = play_match(
        GAME, agents, options={"target": 7}, seed=3,
        on_move=lambda before, move, after: moves.append(str(move)),
    )  # fmt: skip
    assert parlour.is_over(final) and len(parlour.winners(final)) == 1
    assert len(moves) == (1 + 2 * TRICKS) * len(parlour.deal_results(final))
