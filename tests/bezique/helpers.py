"""Helpers for exact Bezique scenarios: deal texts with a chosen stock, tricks, draws, refusals.

Cards are written in the notation (``"QS"``, ``"10D"``); a group of cards may be one string
separated by spaces or commas, or a sequence of card texts. The deck holds two copies of every
face, so a deal must name each face exactly twice over the hands, the turn-up and the stock;
`stock_for` fills in the cards a test does not care about, in a fixed order.

Seats: `start` makes seat 1 the dealer by default, so seat 0 (the non-dealer) leads trick 1.
The stock is drawn top first: after stage-one trick ``t`` the winner takes ``stock[2t - 2]``
and the loser ``stock[2t - 1]``; after trick 24 the winner takes ``stock[46]`` and the loser
the turn-up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import parlour
from parlour import IllegalMoveError
from parlour.base import (
    PIQUET_DECK,
    Card,
    parse_card,
)
from parlour.bezique import BeziqueState, DealResult, Options, Phase
from parlour.bezique._state import Table
from parlour.bezique.rules import DECK, FACES, STOCK_SIZE, face_index
from tests.helpers import Cards, card, cards, deal_text_of, legal_texts, run, texts

__all__ = [
    "awards",
    "bit",
    "deal_text",
    "draw",
    "held_faces",
    "last_deal",
    "last_stage_state",
    "new_match",
    "physical",
    "play_to_end",
    "play_to_last_stage",
    "play_to_trick",
    "start",
    "stock_for",
    "trick",
    "win_with",
]


def bit(text: str, copy: int = 0) -> int:
    """The mask of one physical card: copy ``copy`` (0 or 1) of the face ``text``."""
    return 1 << (face_index(parse_card(text)) + FACES * copy)


def held_faces(mask: int) -> list[str]:
    """The faces of a 64-bit card mask, each copy listed, in canonical order."""
    return [
        PIQUET_DECK[face].text
        for face in range(FACES)
        for _ in range((mask >> face & 1) + (mask >> (face + FACES) & 1))
    ]


def stock_for(
    hands: Sequence[Cards],
    turnup: str,
    top: Cards = (),
    *,
    at: Mapping[int, str] | None = None,
    bottom: Cards = (),
) -> list[str]:
    """The 47 stock cards, top first, for these hands and turn-up.

    ``top`` opens the stock in that order, ``bottom`` closes it (its last card is the last
    face-down card, taken by the winner of trick 24), and ``at`` puts cards at given positions
    (0 = top); every other card of the 64 fills the remaining places in the deck's canonical
    order (suits S H D C, 7 up to A). Asserts that each face is used exactly twice in all.
    """
    given = [*cards(hands[0]), *cards(hands[1]), card(turnup)]
    placed: dict[int, Card] = {}
    for offset, one in enumerate(cards(top)):
        placed[offset] = one
    bottom_cards = cards(bottom)
    for offset, one in enumerate(bottom_cards):
        placed[STOCK_SIZE - len(bottom_cards) + offset] = one
    for position, text in (at or {}).items():
        assert position not in placed, f"stock position {position} is given twice"
        placed[position] = card(text)
    used = Counter(given + list(placed.values()))
    too_many = [one.text for one, count in used.items() if count > 2]
    assert not too_many, f"more than two copies of {too_many}"
    rest = list((Counter(DECK) - used).elements())
    rest.sort(key=lambda one: face_index(one))
    stock: list[str] = []
    for position in range(STOCK_SIZE):
        if position in placed:
            stock.append(placed[position].text)
        else:
            stock.append(rest.pop(0).text)
    assert not rest
    assert Counter(given + cards(stock)) == Counter(DECK)
    return stock


def deal_text(hands: Sequence[Cards], turnup: str, stock: Cards) -> str:
    """The text of a deal move (no check: bad layouts are allowed, to test them)."""
    return deal_text_of([("hands", hands), ("turnup", [turnup]), ("stock", [stock])])


def new_match(options: Mapping[str, Any] | Options | None = None, dealer: int = 1) -> BeziqueState:
    """A new Bezique match with a deal due (seat 1 deals by default, so seat 0 leads)."""
    state: BeziqueState = parlour.new_game("bezique", options=options, dealer=dealer)
    return state


def start(
    hands: Sequence[Cards],
    turnup: str,
    top: Cards = (),
    *,
    at: Mapping[int, str] | None = None,
    bottom: Cards = (),
    options: Mapping[str, Any] | Options | None = None,
    dealer: int = 1,
    state: BeziqueState | None = None,
) -> BeziqueState:
    """A deal of these hands and turn-up with the stock of `stock_for`, applied to a new match
    (or to ``state``, a deal due); the non-dealer is to lead trick 1."""
    if state is None:
        state = new_match(options, dealer)
    stock = stock_for(hands, turnup, top, at=at, bottom=bottom)
    state = parlour.apply(state, deal_text(hands, turnup, stock))
    assert state.phase == Phase.PLAY
    return state


def trick(
    state: BeziqueState, lead: str, follow: str, *, winner: int | None = None
) -> BeziqueState:
    """Play one trick (the leader's card, then the follower's); with ``winner``, assert who
    took it."""
    assert not state.trick, "a trick is already under way"
    state = parlour.apply(state, f"play {lead}")
    state = parlour.apply(state, f"play {follow}")
    if winner is not None:
        assert state.to_act == winner, f"seat {state.to_act} won the trick, not seat {winner}"
    return state


def win_with(
    state: BeziqueState, play: str, *, seat: int | None = None, keep: Cards = ()
) -> BeziqueState:
    """``seat`` (default: the leader) plays ``play`` and wins the trick; the other seat plays
    (before or after, as the turn goes) the first face of its holding, in canonical order,
    that lets ``play`` win, is not in ``keep`` and does not score as a seven. Returns the state
    after the trick (the winner's window in stage one)."""
    assert not state.trick, "a trick is already under way"
    winner = state.to_act if seat is None else seat
    other = 1 - winner
    kept = set(texts(keep))
    for text in held_faces(state.hands[other] | state.tables[other]):
        if text in kept:
            continue
        order = [play, text] if state.to_act == winner else [text, play]
        try:
            after = run(state, [f"play {card_text}" for card_text in order])
        except IllegalMoveError:
            continue
        if after.to_act == winner and after.sevens_scored == state.sevens_scored:
            return after
    raise AssertionError(f"seat {other} has no card that lets {play} win")


def _simple_play(state: BeziqueState, kept: set[str]) -> str:
    """The first legal play (canonical order) whose face is not kept and that does not score
    as a seven; the first legal play if there is none."""
    plays = legal_texts(state)
    trump_seven = f"play 7{'SHDC'[state.table.trump]}"
    for text in plays:
        if text[5:] in kept:
            continue
        if state.phase == Phase.PLAY and text == trump_seven:
            continue
        return text
    return plays[0]


def play_to_trick(state: BeziqueState, number: int, *, keep: Cards = ()) -> BeziqueState:
    """Play on as `play_to_last_stage` does until trick ``number`` of stage one is won (the
    state is its winner's window)."""
    kept = set(texts(keep))
    while not (state.phase == Phase.DECLARE and state.tricks == number):
        assert state.phase in (Phase.PLAY, Phase.DECLARE) and state.tricks <= number
        if state.phase == Phase.DECLARE:
            state = parlour.apply(state, "draw")
        else:
            state = parlour.apply(state, _simple_play(state, kept))
    return state


def play_to_last_stage(state: BeziqueState, *, keep: Cards = ()) -> BeziqueState:
    """Finish the first stage with the simplest play: each seat plays its first legal card not in
    ``keep`` (never a trump seven, which would score), and every winner just draws."""
    kept = set(texts(keep))
    while state.phase in (Phase.PLAY, Phase.DECLARE):
        if state.phase == Phase.DECLARE:
            state = parlour.apply(state, "draw")
        else:
            state = parlour.apply(state, _simple_play(state, kept))
    return state


def play_to_end(state: BeziqueState, *, keep: Cards = ()) -> BeziqueState:
    """Finish the deal as `play_to_last_stage` does, then play the first legal card of each
    seat in the last stage."""
    state = play_to_last_stage(state, keep=keep)
    kept = set(texts(keep))
    while state.phase == Phase.LAST_STAGE:
        state = parlour.apply(state, _simple_play(state, kept))
    return state


def draw(state: BeziqueState) -> BeziqueState:
    """End the trick winner's window: both players draw."""
    assert state.phase == Phase.DECLARE
    after: BeziqueState = parlour.apply(state, "draw")
    return after


def awards(state: Any) -> list[tuple[int, int, str, int | None]]:
    """Every award of the match as (seat, points, reason, trick)."""
    return [
        (event.seats[0], event.points, event.reason, event.trick)
        for event in parlour.score_events(state)
    ]


def last_deal(state: BeziqueState) -> DealResult:
    """The breakdown of the last finished deal."""
    result: DealResult = parlour.deal_results(state)[-1]
    return result


def physical(group: Cards, taken: int = 0) -> list[int]:
    """Physical card indexes for ``group``: for each card the first copy not in ``taken`` (nor
    already used by an earlier card of the group)."""
    result: list[int] = []
    for one in cards(group):
        face = face_index(one)
        for index in (face, face + FACES):
            if not (taken >> index & 1):
                result.append(index)
                taken |= 1 << index
                break
        else:
            raise AssertionError(f"both copies of {one.text} are taken")
    return result


def last_stage_state(
    *,
    trump: str,
    hands: Sequence[Cards],
    trick: Cards = (),
    leader: int = 0,
    options: Mapping[str, Any] | Options | None = None,
) -> BeziqueState:
    """A last-stage state built directly: ``trump`` suit letter, the two hands, and the card
    led (if any) by ``leader``; the seat after the card led is to act. Hands need not hold 8
    cards; the led card is a copy that no hand holds."""
    suit = "SHDC".index(trump)
    taken = 0
    masks = []
    for group in hands:
        indexes = physical(group, taken)
        mask = sum(1 << index for index in indexes)
        taken |= mask
        masks.append(mask)
    played = tuple(physical(trick, taken))
    built = options if isinstance(options, Options) else Options(**(options or {}))
    table = Table(options=built, dealer=1, deal_number=1, trump=suit, first_turnup=8 * suit + 2)
    return BeziqueState(
        table=table,
        phase=Phase.LAST_STAGE,
        to_act=(leader + len(played)) % 2,
        hands=(masks[0], masks[1]),
        trick=played,
        leader=leader,
        tricks=24,
        drawn=STOCK_SIZE,
    )
