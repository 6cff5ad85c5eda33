"""The trick-game skeleton (`parlour.tricks`, `parlour.tricks`) on a toy game, and the
messages the three trick games now take from it, as they read before the skeleton existed."""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs
import pytest

import parlour
from parlour.base import (
    PIQUET_DECK,
    Card,
    NotationError,
    Rank,
    Suit,
    parse_card,
    partnership_teams,
)
from parlour.belote._moves import PASS
from parlour.belote._play import play_evaluator as belote_evaluator
from parlour.ecarte._moves import PROPOSE
from parlour.engine import (
    CHANCE,
    PIQUET_PLAYS,
    Deal,
    DealField,
    KeywordMove,
    Move,
    Play,
    Violation,
)
from parlour.tricks import (
    MoveCheck,
    MoveParser,
    OpeningStates,
    TrickGame,
    broken_obligation,
    keyword_parser,
    not_a_card,
    not_held,
    play_parser,
    seat_to_act,
)


class _Phase(enum.IntEnum):
    DEAL_DUE = 0
    PLAY = 1
    OVER = 2


class _Knock(KeywordMove):
    __slots__ = ()
    keyword = "knock"


class _Tap(KeywordMove):
    __slots__ = ()
    keyword = "tap"


class _LoudKnock(_Knock):
    __slots__ = ()
    keyword = "loudknock"


@attrs.frozen
class _Table:
    options: Any = None
    deals: tuple[Any, ...] = ()


@attrs.frozen
class _State:
    phase: _Phase
    to_act: int = 0
    table: _Table = _Table()


_KNOCKED = Violation("toy.knocked", "knocked")


class _ToyGame(TrickGame):
    name = "toy"
    players = 2
    deck = PIQUET_DECK
    fixed_teams = partnership_teams(2)
    fixed_deal_fields = (DealField("hands", (16, 16), ordered=False),)
    move_phrase = "a Toy move"
    deal_due_phase = _Phase.DEAL_DUE
    over_phase = _Phase.OVER
    move_checks: ClassVar[dict[type[Move], MoveCheck]] = {
        _Knock: lambda state, move: _KNOCKED,
        Play: lambda state, move: None,
    }
    move_parsers: ClassVar[dict[str, MoveParser]] = {
        "knock": keyword_parser(_Knock()),
        "play": play_parser("9D"),
    }
    current_player = seat_to_act(_Phase.DEAL_DUE, _Phase.OVER)

    def zones_in_deal(self, state: Any) -> dict[str, tuple[Card, ...]]:
        return {"everything": PIQUET_DECK}


_GAME = _ToyGame()
_PLAYING = _State(_Phase.PLAY, to_act=1)


def test_whose_turn_follows_the_two_phases() -> None:
    assert _GAME.current_player(_State(_Phase.DEAL_DUE)) is CHANCE
    assert _GAME.current_player(_State(_Phase.OVER)) is None
    assert _GAME.current_player(_PLAYING) == 1


def test_the_turn_checks_come_before_the_table() -> None:
    over = _GAME.check(_State(_Phase.OVER), _Knock(), None)
    assert over is not None and over.rule == "turn.match_over"
    due = _GAME.check(_State(_Phase.DEAL_DUE), _Knock(), None)
    assert due is not None and due.rule == "turn.deal_due"
    wrong_seat = _GAME.check(_PLAYING, _Knock(), 0)
    assert wrong_seat == Violation("turn.not_your_turn", "it is seat 1's turn, not seat 0's")
    no_deal_due = _GAME.check(_PLAYING, Deal((("hands", ((), ())),)), None)
    assert no_deal_due is not None and no_deal_due.rule == "turn.no_deal_due"


def test_each_move_type_gets_its_own_check_and_a_subtype_its_parents() -> None:
    assert _GAME.check(_PLAYING, _Knock(), 1) is _KNOCKED
    assert _GAME.check(_PLAYING, _LoudKnock(), None) is _KNOCKED
    assert _GAME.check(_PLAYING, PIQUET_PLAYS[0], None) is None


def test_a_move_of_no_listed_type_is_not_the_games() -> None:
    assert _GAME.check(_PLAYING, _Tap(), None) == Violation(
        "phase.wrong_move", "tap is not a Toy move"
    )


def test_the_parser_reads_the_keyword_table() -> None:
    assert _GAME.parse_move(_PLAYING, "knock") == _Knock()
    assert _GAME.parse_move(_PLAYING, "play 9D") is PIQUET_PLAYS[18]  # 8 * diamonds + 2
    with pytest.raises(NotationError) as unknown:
        _GAME.parse_move(_PLAYING, "tap")
    assert str(unknown.value) == "'tap' is not a Toy move (the moves are deal, knock, play): 'tap'"


def test_a_keyword_move_takes_no_argument() -> None:
    with pytest.raises(NotationError) as refused:
        _GAME.parse_move(_PLAYING, "knock twice")
    assert str(refused.value) == "'knock' takes no argument: 'knock twice'"


def test_a_play_names_one_card() -> None:
    with pytest.raises(NotationError) as refused:
        _GAME.parse_move(_PLAYING, "play 9D 10D")
    assert str(refused.value) == "'play' takes one card, as in 'play 9D': 'play 9D 10D'"
    outside = _GAME.parse_move(_PLAYING, "play 2S")
    assert outside == Play(Card(Rank.TWO, Suit.SPADES))
    assert outside not in PIQUET_PLAYS


def test_the_deal_is_parsed_by_the_deals_fields() -> None:
    deal = Deal((("hands", (PIQUET_DECK[:16], PIQUET_DECK[16:])),))
    assert _GAME.parse_move(_PLAYING, str(deal)) == deal
    with pytest.raises(NotationError, match="a deal needs the fields hands:"):
        _GAME.parse_move(_PLAYING, "deal")


def test_the_zones_are_the_pack_between_deals() -> None:
    assert _GAME.card_zones(_State(_Phase.DEAL_DUE)) == {"pack": PIQUET_DECK}
    assert _GAME.card_zones(_State(_Phase.OVER)) == {"pack": PIQUET_DECK}
    assert _GAME.card_zones(_PLAYING) == {"everything": PIQUET_DECK}


def test_options_and_deal_results_are_read_from_the_table() -> None:
    state = _State(_Phase.PLAY, table=_Table(options="the options", deals=("first",)))
    assert _GAME.options(state) == "the options"
    assert _GAME.deal_results(state) == ("first",)


def test_opening_states_are_built_once_per_options_record_and_dealer() -> None:
    built: list[tuple[Any, int]] = []

    def build(options: Any, dealer: int) -> tuple[Any, int]:
        built.append((options, dealer))
        return (options, dealer)

    openings = OpeningStates(build, limit=2)
    record = object()
    assert openings(record, 0) is openings(record, 0)
    assert openings(record, 1) == (record, 1)
    assert len(built) == 2
    openings(object(), 0)  # a third entry: the two remembered ones are forgotten
    openings(record, 0)
    assert len(built) == 4


# --- the play verdicts -------------------------------------------------------------------


def test_a_play_of_something_else_than_a_card() -> None:
    odd: Any = Play.__new__(Play)
    object.__setattr__(odd, "card", "QS")
    assert not_a_card(odd) == Violation("card.not_held", "a play names a card, not str")
    assert not_a_card(PIQUET_PLAYS[3]) is None


def test_a_card_not_held() -> None:
    assert not_held(parse_card("10H")) == Violation("card.not_held", "you do not hold 10♥")


def test_a_broken_obligation_names_its_rule() -> None:
    # Hearts led with the ace (card 15), clubs trump; the hand holds the 8 of hearts (card 9)
    # and the 7 of spades (card 0): the 7 of spades breaks Belote's duty to follow suit.
    options = parlour.options(parlour.new_game("belote"))
    violation = broken_obligation(belote_evaluator(options), 3, (1 << 9) | 1, (15,), 0)
    assert violation.rule == "belote.must_follow"
    assert violation.message.startswith("you must follow suit")


# --- the three games' messages, as they read before the skeleton ----------------------------


def _dealt(game: str) -> Any:
    """A match of ``game`` just dealt (a seed deals the first deal)."""
    state = parlour.new_game(game, seed=3)
    assert not parlour.is_chance(state)
    return state


@pytest.mark.parametrize(
    ("game", "move", "message"),
    [
        ("belote", PROPOSE, "propose is not a Belote move"),
        ("ecarte", PASS, "pass is not an Écarté move"),
        ("bezique", PASS, "pass is not a Bezique move"),
    ],
)
def test_another_games_move_is_refused_by_name(game: str, move: Move, message: str) -> None:
    assert parlour.check(_dealt(game), move) == Violation("phase.wrong_move", message)


@pytest.mark.parametrize(
    ("game", "message"),
    [
        ("belote", "'bid' is not a Belote move (the moves are deal, pass, take, play): 'bid'"),
        (
            "ecarte",
            "'bid' is not an Écarté move (the moves are deal, propose, accept, refuse, "
            "discard, king, play): 'bid'",
        ),
        (
            "bezique",
            "'bid' is not a Bezique move (the moves are deal, play, meld, exchange, show, "
            "draw): 'bid'",
        ),
    ],
)
def test_an_unknown_keyword_lists_the_games_moves(game: str, message: str) -> None:
    with pytest.raises(NotationError) as refused:
        parlour.parse_move(_dealt(game), "bid")
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("game", "example"), [("belote", "JH"), ("ecarte", "KH"), ("bezique", "QS")]
)
def test_each_game_shows_its_own_example_play(game: str, example: str) -> None:
    with pytest.raises(NotationError) as refused:
        parlour.parse_move(_dealt(game), "play")
    assert str(refused.value) == f"'play' takes one card, as in 'play {example}': 'play'"
