"""Action encodings: every legal move round-trips, masks mark exactly what can lead to a legal
move, ids are stable, and observations depend only on what the seat may see."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.encoding import (
    Encoding,
    EncodingError,
    FlatEncoding,
    SubActionEncoding,
    encoding_for,
)
from tests.profiles import thorough

GAMES = ("belote", "bezique", "ecarte", "burraco", "coinche")
PLAYOUTS = thorough(3, 12)
OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "belote": ({"target": None}, {"target": None, "round2_allows_turnup_suit": True}),
    "bezique": ({"target": None}, {"target": None, "bezique_cards": "by_trump"}),
    "ecarte": ({}, {"dealer_min_exchange": 1}),
    "burraco": ({"target": None}, {"target": None, "players": 2}),
    "coinche": (
        {"target": None},
        {"target": None, "sans_atout": True, "tout_atout": True, "generale": True,
         "announcements": True},
    ),
}


def decision_points(name: str) -> Iterator[tuple[Any, random.Random]]:
    """Every state where a seat acts, over random playouts of ``name`` with each option set."""
    for options in OPTION_SETS[name]:
        for seed in range(PLAYOUTS):
            rng = random.Random(seed)
            state = parlour.new_game(name, options=options, seed=seed)
            while not parlour.is_over(state):
                if parlour.is_chance(state):
                    state = parlour.apply(state, parlour.random_deal(state, rng))
                    continue
                yield state, rng
                moves = parlour.legal_moves(state)
                state = parlour.apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_round_trips(name: str) -> None:
    encoding = encoding_for(name)
    kinds: set[str] = set()
    for state, _ in decision_points(name):
        seen: dict[tuple[int, ...], parlour.Move] = {}
        for move in parlour.legal_moves(state):
            actions = encoding.actions(state, move)
            assert all(0 <= action < encoding.num_actions for action in actions)
            assert encoding.decode_actions(state, actions) == move
            assert actions not in seen, f"{move} and {seen[actions]} share {actions}"
            seen[actions] = move
            kinds.add(str(move).split()[0])
        for actions in seen:  # no move's ids are a proper prefix of another's
            for cut in range(1, len(actions)):
                assert actions[:cut] not in seen
    expected_kinds = {
        "belote": {"pass", "take", "play"},
        "bezique": {"play", "meld", "draw", "exchange", "show"},
        "ecarte": {"propose", "accept", "refuse", "discard", "play"},
        "burraco": {"draw", "pickup", "meld", "add", "discard"},
        "coinche": {"pass", "bid", "play"},
    }[name]
    assert expected_kinds <= kinds, f"the playouts never tried {expected_kinds - kinds}"


@pytest.mark.parametrize("name", ("belote", "bezique", "coinche"))
def test_flat_mask_is_exactly_the_legal_moves(name: str) -> None:
    """Each id the mask marks decodes to a move `check` accepts, whose canonical text is the
    id's name; each other id decodes to a move `check` refuses, to text the state cannot parse,
    or to another id's move (Belote's ``take H`` in the first round, when the turn-up is a
    heart, is the move ``take``)."""
    encoding = encoding_for(name)
    assert isinstance(encoding, FlatEncoding)
    for index, (state, _) in enumerate(decision_points(name)):
        if index % 5:
            continue
        mask = encoding.legal_mask(state)
        assert len(mask) == encoding.num_actions
        assert sum(mask) == len(parlour.legal_moves(state))
        for action, flag in enumerate(mask):
            try:
                move = encoding.decode(state, action)
            except parlour.NotationError:
                assert flag == 0
                continue
            legal = parlour.check(state, move) is None
            own = str(move) == encoding.action_names[action]
            assert (legal and own) == (flag == 1), (action, str(move), legal)


def _walk(encoding: Encoding, state: Any, rng: random.Random) -> tuple[int, ...]:
    """Follow the mask at random until the ids make a complete move; return them."""
    prefix: tuple[int, ...] = ()
    for _ in range(200):
        if encoding.complete(state, prefix) is not None:
            return prefix
        choices = encoding.legal_actions(state, prefix)
        assert choices, f"the mask offers nothing after {prefix}"
        prefix += (rng.choice(choices),)
    raise AssertionError("no move completed after 200 sub-actions")


@pytest.mark.parametrize("name", ("ecarte", "burraco"))
def test_sub_action_mask_leads_only_to_legal_moves(name: str) -> None:
    """Every id the mask marks, after any prefix reached by following it, can still end in a
    legal move (a random walk from it finishes with a move `check` accepts), and every complete
    sequence walked is a legal move; the ids the mask leaves out lead to none."""
    encoding = encoding_for(name)
    assert isinstance(encoding, SubActionEncoding)
    for index, (state, rng) in enumerate(decision_points(name)):
        if index % 3:
            continue
        legal = {encoding.actions(state, move) for move in parlour.legal_moves(state)}
        actions = _walk(encoding, state, rng)
        move = encoding.decode(state, actions)
        assert parlour.check(state, move) is None
        assert actions in legal
        for cut in range(len(actions)):
            prefix = actions[:cut]
            marked = set(encoding.legal_actions(state, prefix))
            reachable = {ids[cut] for ids in legal if len(ids) > cut and ids[:cut] == prefix}
            assert marked == reachable
            for action in marked:
                assert _walk_from(encoding, state, (*prefix, action), rng) in legal


def _walk_from(encoding: Encoding, state: Any, prefix: tuple[int, ...], rng: random.Random) -> Any:
    while encoding.complete(state, prefix) is None:
        prefix += (rng.choice(encoding.legal_actions(state, prefix)),)
    return prefix


def test_mask_is_empty_at_chance_and_at_the_end() -> None:
    for name in GAMES:
        encoding = encoding_for(name)
        state = parlour.new_game(name, options={"target": None} if name != "ecarte" else None)
        assert parlour.is_chance(state)
        assert sum(encoding.legal_mask(state)) == 0
        assert encoding.legal_actions(state) == ()


REGRESSION_GOLDEN_IDS: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    # Regression goldens: ids pinned as docs/encodings.md lays them out. A change here breaks
    # every trained agent and stored trajectory; make it only with a new encoding version.
    "belote": (
        ("pass", (0,)), ("take", (1,)), ("take S", (2,)), ("take C", (5,)),
        ("play 7S", (6,)), ("play AS", (13,)), ("play 7H", (14,)), ("play JH", (18,)),
        ("play AC", (37,)),
    ),
    "bezique": (
        ("play 7S", (0,)), ("play AC", (31,)), ("exchange", (32,)), ("show", (33,)),
        ("draw", (34,)), ("meld QS KS", (35,)), ("meld QC KC", (38,)),
        ("meld 10S JS QS KS AS", (39,)), ("meld QS JD", (43,)), ("meld JH QC", (44,)),
        ("meld QS QS JD JD", (45,)), ("meld AS AS AH AH", (47,)), ("meld JD JD JC JC", (122,)),
    ),
    "ecarte": (
        ("propose", (0,)), ("accept", (1,)), ("refuse", (2,)), ("king", (3,)),
        ("play 7S", (4,)), ("play AC", (35,)), ("discard", (68,)),
        ("discard 7S 8H", (36, 45, 68)), ("discard AC", (67, 68)),
    ),
    "burraco": (
        ("draw", (0,)), ("pickup", (1,)), ("discard 2S", (2,)), ("discard JK", (54,)),
        ("meld 3H JK 5H", (69, 107, 71, 108)), ("meld KS KD JK", (66, 92, 107, 108)),
        ("add 2 8H 9H", (74, 75, 110)), ("add 36 AC", (106, 144)),
        ("add 1 6H = JK 5H 6H 7H", (72, 109, 107, 71, 72, 73)),
    ),
    "coinche": (
        ("pass", (0,)), ("bid 80 S", (1,)), ("bid 80 TA", (6,)), ("bid 90 S", (7,)),
        ("bid 160 TA", (54,)), ("bid capot S", (55,)), ("bid capot TA", (60,)),
        ("bid generale H", (62,)), ("bid generale TA", (66,)), ("coinche", (67,)),
        ("surcoinche", (68,)), ("play 7S", (69,)), ("play AS", (76,)), ("play AC", (100,)),
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_regression_golden_ids(name: str) -> None:
    encoding = encoding_for(name)
    for text, ids in REGRESSION_GOLDEN_IDS[name]:
        assert encoding.actions_of_text(text) == ids, text
        assert encoding.text_of_actions(ids) == text


def test_sizes_match_the_documented_layout() -> None:
    """The sizes stated in each module's docstring (docs/encodings.md gives the same)."""
    documented = {
        "belote": (38, 355),
        "bezique": (123, 310),
        "ecarte": (69, 285),
        "burraco": (145, 2596),
        "coinche": (101, 469),
    }
    for name, (actions, floats) in documented.items():
        encoding = encoding_for(name)
        assert (encoding.num_actions, encoding.observation_size) == (actions, floats)
        assert len(set(encoding.action_names)) == actions
        rows = encoding.layout()
        assert rows[-1][1] + rows[-1][2] == floats


@pytest.mark.parametrize("name", GAMES)
def test_observation_depends_only_on_what_the_seat_sees(name: str) -> None:
    """Redealing the cards hidden from a seat (`resample_hidden`) leaves its observation as
    it was; the observation has the documented length and finite values."""
    encoding = encoding_for(name)
    for index, (state, rng) in enumerate(decision_points(name)):
        if index % 7:
            continue
        for seat in range(parlour.players(state)):
            observed = encoding.observation(state, seat)
            assert len(observed) == encoding.observation_size
            assert all(math.isfinite(value) for value in observed)
            other = parlour.resample_hidden(state, seat, rng)
            assert encoding.observation(other, seat) == observed


def test_observation_shows_the_hand() -> None:
    """Belote seat 0's hand block holds exactly its hand's cards, in deck order."""
    state = parlour.new_game("belote", seed=11)
    hand = parlour.view(state, 0).to_dict()["hand"]
    observed = encoding_for("belote").observation(state, 0)
    deck_texts = [card.text for card in parlour.PIQUET_DECK]
    assert [deck_texts[index] for index in range(32) if observed[index] == 1.0] == sorted(
        hand, key=deck_texts.index
    )
    assert sum(observed[:32]) == 5


def _coinche_with_shown_announcement() -> Any:
    """The first state of a seeded Coinche deal (announcements on) where a belote has been
    announced and an announcement shown."""
    rng = random.Random(5)
    state = parlour.new_game("coinche", options={"announcements": True, "target": None}, seed=5)
    while not parlour.is_over(state):
        seen = parlour.view(state, 0).to_dict()
        if seen["announcements"] and seen["belotes"]:
            return state
        moves = parlour.legal_moves(state)
        move = rng.choice(moves) if moves else parlour.random_deal(state, rng)
        state = parlour.apply(state, move)
    raise AssertionError("the seeded deal never showed an announcement and a belote")


def test_coinche_observation_shows_belotes_and_announcements_from_each_seat() -> None:
    """In this seeded deal seat 3 announced belote in diamonds and showed a tierce 8C 9C 10C
    (20 points, rules C.9): each seat sees them at seat 3's place counted from itself, and the
    20 points on its own team's side (seats 1 and 3) or the other's (seats 0 and 2)."""
    state = _coinche_with_shown_announcement()
    seen = parlour.view(state, 0).to_dict()
    assert [tuple(entry[:3]) for entry in seen["announcements"]] == [(3, "tierce", 20)]
    assert sorted(seen["announcements"][0][3]) == sorted(["8C", "9C", "10C"])
    assert [tuple(entry) for entry in seen["belotes"]] == [(3, "D")]
    encoding = encoding_for("coinche")
    start = {name: first for name, first, _ in encoding.layout()}
    clubs = {"8C": 25, "9C": 26, "10C": 27}  # deck order S H D C, each 7 8 9 10 J Q K A
    for seat in range(4):
        observed = encoding.observation(state, seat)
        place = (3 - seat) % 4
        belotes = observed[start["belotes"] : start["belotes"] + 16]
        assert [index for index, value in enumerate(belotes) if value] == [place * 4 + 2]
        shown = observed[start["announced_cards"] : start["announced_cards"] + 128]
        assert [index for index, value in enumerate(shown) if value] == sorted(
            place * 32 + index for index in clubs.values()
        )
        points = observed[start["announcement_points"] : start["announcement_points"] + 2]
        assert points == ([20 / 500, 0.0] if seat % 2 == 1 else [0.0, 20 / 500])


def test_pending_discard_shows_in_the_observation() -> None:
    state = parlour.new_game("ecarte", seed=3)
    state = parlour.apply(parlour.apply(state, "propose"), "accept")
    encoding = encoding_for("ecarte")
    first = encoding.legal_actions(state)[0]
    start = dict((name, first_index) for name, first_index, _ in encoding.layout())
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    observed = encoding.observation(state, seat, (first,))
    assert observed[start["pending_discard"] + first - 36] == 1.0
    assert sum(observed[start["pending_discard"] :]) == 1.0


def test_bad_ids_and_foreign_moves_are_encoding_errors() -> None:
    state = parlour.new_game("belote", seed=1)
    belote = encoding_for("belote")
    assert isinstance(belote, FlatEncoding)
    for bad in (-1, 38, True, 2.0):
        with pytest.raises(EncodingError):
            belote.decode(state, bad)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="not a Belote move"):
        belote.actions_of_text("meld KH QH")
    burraco = encoding_for("burraco")
    with pytest.raises(EncodingError, match="not a complete Burraco move"):
        burraco.text_of_actions((69, 70))
    with pytest.raises(EncodingError, match="not a Burraco move"):
        burraco.actions_of_text("add 37 AC")
    with pytest.raises(EncodingError, match="no action encoding"):
        encoding_for("chess")
    ecarte = encoding_for("ecarte")
    with pytest.raises(EncodingError):
        ecarte.text_of_actions((45, 36, 68))  # cards out of canonical order


def test_docs_give_each_observation_layout() -> None:
    """docs/encodings.md lists every block of each game with its first index and size, under
    the game's own heading, with the game's id and float counts."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "encodings.md").read_text("utf-8")
    headings = {"belote": "## Belote", "bezique": "## Bezique", "ecarte": "## Écarté",
                "burraco": "## Burraco", "coinche": "## Coinche"}  # fmt: skip
    for name, heading in headings.items():
        encoding = encoding_for(name)
        section = page.split(heading, 1)[1].split("\n## ", 1)[0]
        first_line = section.splitlines()[0]
        assert f"{encoding.num_actions} ids, {encoding.observation_size} floats" in first_line
        for block, start, size in encoding.layout():
            assert f"| `{block}` | {start} | {size} |" in section, (name, block)
