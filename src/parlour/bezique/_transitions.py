"""Bezique's transitions: the state after each move its check has accepted (`MOVE_TRANSITIONS`,
read by `parlour.tricks.TrickGame.apply_checked`), the ones the game's `apply` takes
directly (a legal play, the draw, a deal of exactly the deck), and the match totals.
"""

from __future__ import annotations

from typing import Any

from parlour.base import PIQUET_INDEX_BY_CODE, Suit
from parlour.bezique import _melds
from parlour.bezique._moves import (
    Draw,
    Exchange,
    Meld,
    Play,
    Show,
)
from parlour.bezique._options import Options
from parlour.bezique._state import (
    BeziqueState,
    DealResult,
    Declaration,
    Phase,
    Table,
    build_state,
    card_led,
    cards_drawn,
    replace_state,
    trick_taken,
)
from parlour.bezique.rules import (
    DEAL_LAYOUT,
    DECK,
    LAST_TRICK_BONUS,
    PLAYERS,
    SEVEN_POINTS,
    SEVENS_OF,
    STOCK_SIZE,
    TRICKS_PER_DEAL,
    USES,
    ScoreReasons,
    brisques_in,
    face_index,
)
from parlour.engine import (
    Deal,
    Move,
    build_score_event,
)
from parlour.tricks import (
    MoveTransition,
    OpeningStates,
)

__all__ = [
    "MOVE_TRANSITIONS",
    "deal_cards",
    "draw_card",
    "match_decided",
    "match_total",
    "opening_state",
    "play_card",
    "read_deal",
]

_USE_INDEX = {use: index for index, use in enumerate(USES)}
_SUIT_OF = tuple(int(card.suit) for card in DECK)  # type: ignore[arg-type]
"""The suit of each card (suits are the same under both rank orders)."""

# The phases as module constants: reading ``Phase.PLAY`` goes through the enum's metaclass
# (about ten times the cost of a global), and the hot paths read them on every move.
_DEAL_DUE = Phase.DEAL_DUE
_PLAY = Phase.PLAY
_DECLARE = Phase.DECLARE
_LAST_STAGE = Phase.LAST_STAGE
_OVER = Phase.OVER


def _with(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _new_match(options: Options, dealer: int) -> BeziqueState:
    """The state of a new match: a deal by ``dealer`` is due."""
    return build_state(table=Table(options=options, dealer=dealer), phase=_DEAL_DUE)


opening_state = OpeningStates(_new_match)
"""The state of a new match, built once per options record and dealer."""


def read_deal(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """The hand masks, turn-up and stock (physical cards) of a deal that lays out exactly the
    deck in Bezique's zones (read by `DEAL_LAYOUT`), else ``None`` (`check` then says what is
    wrong). The first copy of each face met (hands in seat order, then the turn-up, then the
    stock) is copy 0, the second copy 1."""
    reading = DEAL_LAYOUT.read(deal)
    if reading is None:
        return None
    (first, second), ((turnup,), stock) = reading
    return (first, second), turnup, stock


def deal_cards(
    state: BeziqueState, layout: tuple[tuple[int, int], int, tuple[int, ...]]
) -> BeziqueState:
    """Lay out a checked deal (see `read_deal` for the copies)."""
    table = state.table
    hands, turnup, stock = layout
    trump = int(DECK[turnup].suit)  # type: ignore[arg-type]
    new_table = Table(
        options=table.options, dealer=table.dealer, deal_number=table.deal_number + 1,
        deals=table.deals, trump=trump, first_turnup=turnup, stock=stock,
    )  # fmt: skip
    non_dealer = (table.dealer + 1) % PLAYERS
    scores = match_total(table)
    state = build_state(
        table=new_table, phase=_PLAY, to_act=non_dealer, hands=hands, turnup=turnup,
        leader=non_dealer, scores=scores,
    )  # fmt: skip
    bonus = table.options.turnup_seven_bonus
    if SEVENS_OF[trump] >> turnup & 1 and bonus:
        state = _award(
            state, table.dealer, bonus, ScoreReasons.SEVEN_TURNUP.id, None,
            Declaration(
                seat=table.dealer, name=ScoreReasons.SEVEN_TURNUP.name,
                cards=(DECK[turnup],), points=bonus, trick=None,
            ),
            sevens_scored=1 << turnup,
        )  # fmt: skip
    return state


def match_total(table: Table) -> tuple[int, int]:
    """Each seat's points over the table's finished deals."""
    totals = [0, 0]
    for deal in table.deals:
        totals[0] += deal.points[0]
        totals[1] += deal.points[1]
    return (totals[0], totals[1])


def _award(
    state: BeziqueState,
    seat: int,
    points: int,
    reason: str,
    trick: int | None,
    declaration: Declaration | None = None,
    **changes: Any,
) -> BeziqueState:
    """``state`` with ``points`` scored by ``seat`` (and ``changes`` made); the match ends at
    once if the award reaches the target under ``match_end="first_to_reach"``."""
    table = state.table
    scores = _with(state.scores, seat, state.scores[seat] + points)
    event = build_score_event(
        seats=(seat,), points=points, reason=reason, deal=table.deal_number, trick=trick
    )
    declarations = state.declarations if declaration is None else (
        *state.declarations, declaration
    )  # fmt: skip
    new = replace_state(
        state, scores=scores, awards=(*state.awards, event), declarations=declarations, **changes
    )
    options = table.options
    if (
        options.match_end == "first_to_reach"
        and options.target is not None
        and scores[seat] >= options.target
    ):
        return _finish_deal(new, complete=False)
    return new


def play_card(state: BeziqueState, card: int) -> BeziqueState:
    """The seat to act plays physical card ``card`` (from its hand or its melds on the table):
    a lead waits for the answer; an answer settles the trick, opens the winner's window to
    declare (first stage) or goes on to the next trick (last stage, the deal's end)."""
    seat = state.to_act
    bit = 1 << card
    first, second = state.hands
    hands = (first & ~bit, second) if seat == 0 else (first, second & ~bit)
    tables = state.tables
    if tables[seat] & bit:
        tables = _with(tables, seat, tables[seat] & ~bit)
    known = state.known
    if known[seat] & bit:
        known = _with(known, seat, known[seat] & ~bit)
    leading = not state.trick
    trick = (card,) if leading else (*state.trick, card)
    table = state.table
    phase = state.phase
    if leading:
        new = card_led(state, to_act=1 - seat, hands=hands, tables=tables, known=known, trick=trick)
    else:
        leader = state.leader
        led = trick[0]
        trump = table.trump
        power = table.card_table.power[trump]
        suit = _SUIT_OF[card]
        follower_wins = (suit == _SUIT_OF[led] or suit == trump) and power[card] > power[led]
        winner = seat if follower_wins else leader
        won = _with(state.won, winner, state.won[winner] | (1 << led) | bit)
        new = trick_taken(
            state, phase=_DECLARE if phase is _PLAY else _LAST_STAGE, winner=winner, hands=hands,
            tables=tables, known=known, won=won, played=state.played + trick,
        )  # fmt: skip
    if (
        phase is _PLAY
        and SEVENS_OF[table.trump] & bit
        and not state.sevens_scored & bit
        and "play" in table.options.seven_scoring
    ):
        new = _award(
            new, seat, SEVEN_POINTS, ScoreReasons.SEVEN_PLAY.id, state.tricks + 1,
            Declaration(
                seat=seat, name=ScoreReasons.SEVEN_PLAY.name,
                cards=(DECK[card],), points=SEVEN_POINTS, trick=state.tricks + 1,
            ),
            sevens_scored=new.sevens_scored | bit,
        )  # fmt: skip
        if new.phase is _OVER:
            return new
    if leading:
        return new
    return _after_trick(new)


def _after_trick(state: BeziqueState) -> BeziqueState:
    """The awards a completed trick brings: brisques (if counted as they are won) and the last
    trick's 10; the end of the deal after trick 32."""
    options = state.table.options
    winner = state.to_act
    tricks = state.tricks
    if options.brisque_timing == "immediate":
        played = state.played
        points = brisques_in((1 << played[-1]) | (1 << played[-2]))
        if points:
            state = _award(state, winner, points, ScoreReasons.BRISQUES.id, tricks)
            if state.phase is _OVER:
                return state
    if tricks == options.last_trick:
        state = _award(state, winner, LAST_TRICK_BONUS, ScoreReasons.LAST_TRICK.id, tricks)
        if state.phase is _OVER:
            return state
    if tricks == TRICKS_PER_DEAL:
        return _end_of_deal(state)
    return state


def _end_of_deal(state: BeziqueState) -> BeziqueState:
    """Brisques counted at the end (non-dealer first), then the deal's result."""
    table = state.table
    if table.options.brisque_timing == "end":
        non_dealer = (table.dealer + 1) % PLAYERS
        for seat in (non_dealer, table.dealer):
            points = brisques_in(state.won[seat])
            if points:
                state = _award(state, seat, points, ScoreReasons.BRISQUES.id, None)
                if state.phase is _OVER:
                    return state
    return _finish_deal(state, complete=True)


def _finish_deal(state: BeziqueState, *, complete: bool) -> BeziqueState:
    """Record the deal's result and move on: the next deal, or the end of the match."""
    table = state.table
    options = table.options
    points = [0, 0]
    brisques = [0, 0]
    last_trick_seat = None
    for award in state.awards:
        points[award.seats[0]] += award.points
        if award.reason == ScoreReasons.BRISQUES.id:
            brisques[award.seats[0]] += award.points
        elif award.reason == ScoreReasons.LAST_TRICK.id:
            last_trick_seat = award.seats[0]
    result = DealResult(
        number=table.deal_number,
        dealer=table.dealer,
        outcome="played" if complete else "stopped",
        trump=Suit(table.trump),
        turnup=DECK[table.first_turnup],
        tricks=(state.won[0].bit_count() // 2, state.won[1].bit_count() // 2),
        brisques=(brisques[0], brisques[1]),
        last_trick_seat=last_trick_seat,
        declarations=state.declarations,
        points=(points[0], points[1]),
        awards=state.awards,
    )
    deals = (*table.deals, result)
    scores = state.scores
    over = not complete or match_decided(options, scores)
    if options.next_dealer == "winner_of_last_trick" and complete:
        next_dealer = state.to_act
    else:
        next_dealer = 1 - table.dealer
    next_table = Table(
        options=options, dealer=next_dealer, deal_number=table.deal_number, deals=deals
    )
    return build_state(table=next_table, phase=_OVER if over else _DEAL_DUE, scores=scores)


def match_decided(options: Options, scores: tuple[int, int]) -> bool:
    """Whether the match is over after a complete deal: a single deal always; with a target,
    a player at or over it and ahead (an exact tie plays another deal)."""
    if options.target is None:
        return True
    return max(scores) >= options.target and scores[0] != scores[1]


def draw_card(state: BeziqueState) -> BeziqueState:
    """The winner draws the top card and the loser the next; after trick 24 the winner takes
    the last face-down card, the loser the turn-up, and the last stage begins."""
    table = state.table
    winner = state.to_act
    loser = 1 - winner
    stock = table.stock
    drawn = state.drawn
    if drawn < STOCK_SIZE - 1:
        top, next_card = 1 << stock[drawn], 1 << stock[drawn + 1]
        first, second = state.hands
        if winner == 0:
            first, second = first | top, second | next_card
        else:
            first, second = first | next_card, second | top
        return cards_drawn(
            state, phase=_PLAY, hands=(first, second), tables=state.tables, known=state.known,
            drawn=drawn + 2, turnup=state.turnup,
        )  # fmt: skip
    hands = list(state.hands)
    last = stock[drawn]
    hands[winner] |= 1 << last
    hands[loser] |= 1 << state.turnup
    known = list(state.known)
    known[loser] |= 1 << state.turnup
    if table.options.reveal_last_stock_card:
        known[winner] |= 1 << last
    for seat in range(PLAYERS):
        hands[seat] |= state.tables[seat]
        known[seat] |= state.tables[seat]
    return cards_drawn(
        state, phase=_LAST_STAGE, hands=(hands[0], hands[1]), tables=(0, 0),
        known=(known[0], known[1]), drawn=drawn + 1, turnup=-1,
    )  # fmt: skip


def _meld(state: BeziqueState, move: Meld) -> BeziqueState:
    seat = state.to_act
    kind = _melds.identify_meld(state, move.cards)
    assert kind is not None
    faces = [face_index(card) for card in move.cards]
    cards = _melds.meld_assignment(state, seat, kind, faces)
    mask = 0
    for card in cards:
        mask |= 1 << card
    from_hand = mask & state.hands[seat]
    uses = list(state.uses)
    uses[_USE_INDEX[kind.adds]] |= mask
    return _award(
        state, seat, kind.points, kind.rule, state.tricks,
        Declaration(
            seat=seat, name=kind.name,
            cards=move.cards, points=kind.points, trick=state.tricks,
        ),
        hands=_with(state.hands, seat, state.hands[seat] & ~from_hand),
        tables=_with(state.tables, seat, state.tables[seat] | mask),
        known=_with(state.known, seat, state.known[seat] & ~from_hand),
        uses=tuple(uses),
        declared=True,
    )  # fmt: skip


def _exchange(state: BeziqueState) -> BeziqueState:
    seat = state.to_act
    options = state.table.options
    seven = _melds.exchange_seven(state, seat)
    seven_bit = 1 << seven
    turnup_bit = 1 << state.turnup
    changes: dict[str, Any] = {
        "hands": _with(state.hands, seat, (state.hands[seat] & ~seven_bit) | turnup_bit),
        "known": _with(state.known, seat, (state.known[seat] & ~seven_bit) | turnup_bit),
        "turnup": seven,
        "exchanged": state.turnup,
        "declared": state.declared or options.seven_counts_as_meld,
    }
    if "exchange" in options.seven_scoring and not state.sevens_scored & seven_bit:
        return _award(
            state, seat, SEVEN_POINTS, ScoreReasons.SEVEN_EXCHANGE.id, state.tricks,
            Declaration(
                seat=seat, name=ScoreReasons.SEVEN_EXCHANGE.name,
                cards=(DECK[seven],), points=SEVEN_POINTS, trick=state.tricks,
            ),
            sevens_scored=state.sevens_scored | seven_bit, **changes,
        )  # fmt: skip
    return replace_state(state, **changes)


def _show(state: BeziqueState) -> BeziqueState:
    seat = state.to_act
    seven = _melds.show_seven(state, seat)
    bit = 1 << seven
    return _award(
        state, seat, SEVEN_POINTS, ScoreReasons.SEVEN_SHOW.id, state.tricks,
        Declaration(
            seat=seat, name=ScoreReasons.SEVEN_SHOW.name,
            cards=(DECK[seven],), points=SEVEN_POINTS, trick=state.tricks,
        ),
        sevens_scored=state.sevens_scored | bit,
        known=_with(state.known, seat, state.known[seat] | bit),
        declared=state.declared or state.table.options.seven_counts_as_meld,
    )  # fmt: skip


def _dealt(state: BeziqueState, move: Deal) -> BeziqueState:
    layout = read_deal(move)
    assert layout is not None  # check() accepted it: the whole deck in the right zones
    return deal_cards(state, layout)


def _played(state: BeziqueState, move: Play) -> BeziqueState:
    face = PIQUET_INDEX_BY_CODE[move.card.code]
    return play_card(state, _melds.play_copy(state, state.to_act, face))


MOVE_TRANSITIONS: dict[type[Move], MoveTransition] = {
    Deal: _dealt,
    Play: _played,
    Draw: lambda state, move: draw_card(state),
    Meld: _meld,
    Exchange: lambda state, move: _exchange(state),
    Show: lambda state, move: _show(state),
}
"""The state after each move type, once `check` has accepted the move."""
