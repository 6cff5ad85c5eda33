"""Écarté's transitions: the state after each move its check has accepted (`MOVE_TRANSITIONS`,
read by `parlour.tricks.TrickGame.apply_unchecked`)."""

from __future__ import annotations

from parlour.base import (
    PIQUET_INDEX_BY_CODE,
    piquet_mask,
)
from parlour.ecarte._moves import (
    Accept,
    Discard,
    MarkKing,
    Play,
    Propose,
    Refuse,
)
from parlour.ecarte._options import Options
from parlour.ecarte._scoring import (
    king_award,
    match_over_after_deal,
    score_deal,
    stopped_deal,
    target_reached,
    turnup_king_award,
)
from parlour.ecarte._state import (
    EcarteState,
    Exchange,
    Phase,
    Table,
    build_state,
    build_state_by_position,
)
from parlour.ecarte.rules import (
    CARD_TABLE,
    DEAL_LAYOUT,
    KING_BIT,
    TRICKS_PER_DEAL,
)
from parlour.engine import (
    Deal,
    Move,
    ScoreEvent,
)
from parlour.tricks import (
    MoveTransition,
    OpeningStates,
)

__all__ = ["MOVE_TRANSITIONS", "opening_state", "play_card", "read_deal"]

_CARDS_PER_DEAL = 2 * TRICKS_PER_DEAL
_SUIT_OF = CARD_TABLE.suit_of
_POWER = CARD_TABLE.power
# The phases as module constants: reading ``Phase.PLAY`` goes through the enum's metaclass
# (about ten times the cost of a global), and the hot paths read them on every move.
_DEAL_DUE = Phase.DEAL_DUE
_DECIDE = Phase.DECIDE
_RESPOND = Phase.RESPOND
_DISCARD_NONDEALER = Phase.DISCARD_NONDEALER
_DISCARD_DEALER = Phase.DISCARD_DEALER
_PLAY = Phase.PLAY
_OVER = Phase.OVER

_KINGS = sum(KING_BIT)
"""The mask of the four kings: a king turned up scores for the dealer."""


def _new_match(options: Options, dealer: int) -> EcarteState:
    """The state of a new match: a deal by ``dealer`` is due."""
    return build_state(table=Table(options=options, dealer=dealer), phase=_DEAL_DUE)


opening_state = OpeningStates(_new_match)
"""The state of a new match, built once per options record and dealer."""


def read_deal(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """The hand masks, turn-up and talon (deck indexes) of a deal that lays out exactly the
    deck in Écarté's zones (read by `DEAL_LAYOUT`), else ``None`` (`check` then says what is
    wrong)."""
    reading = DEAL_LAYOUT.read(deal)
    if reading is None:
        return None
    (first, second), ((turnup,), talon) = reading
    return (first, second), turnup, talon


def _deal_cards(
    state: EcarteState, layout: tuple[tuple[int, int], int, tuple[int, ...]]
) -> EcarteState:
    """The state after a deal read by `read_deal`: the turn-up sets trumps (a king turned up
    scores for the dealer) and the non-dealer is to decide."""
    table = state.table
    hands, turnup, talon = layout
    dealer = table.dealer
    number = table.deal_number + 1
    match_score = table.match_score
    awards: tuple[ScoreEvent, ...] = ()
    if _KINGS >> turnup & 1:
        awards = (turnup_king_award(dealer, number),)
        match_score = _plus(match_score, dealer, 1)
    new_table = Table(
        options=table.options, dealer=dealer, deal_number=number, match_score=match_score,
        deals=table.deals, turnup=turnup, trump=_SUIT_OF[turnup], awards=awards,
    )  # fmt: skip
    exchange = Exchange(talon=talon)
    if awards and target_reached(table.options, match_score):
        return _stop(new_table, exchange, (0, 0))
    return build_state(
        table=new_table, phase=_DECIDE, to_act=1 - dealer, hands=hands, exchange=exchange
    )


def _plus(match_score: tuple[int, int], seat: int, points: int) -> tuple[int, int]:
    first, second = match_score
    return (first + points, second) if seat == 0 else (first, second + points)


def _choose_play(exchange: Exchange) -> Exchange:
    """The non-dealer decides to play: flag it when it is his first decision of the deal."""
    if exchange.proposals:
        return exchange
    return Exchange(talon=exchange.talon, discards=exchange.discards, played_without_proposing=True)


def _propose(state: EcarteState) -> EcarteState:
    table = state.table
    exchange = state.exchange
    proposed = Exchange(
        talon=exchange.talon, discards=exchange.discards, exchanges=exchange.exchanges,
        proposals=exchange.proposals + 1,
    )  # fmt: skip
    return build_state(
        table=table, phase=_RESPOND, to_act=table.dealer, hands=state.hands, exchange=proposed
    )


def _refuse(state: EcarteState) -> EcarteState:
    table = state.table
    exchange = state.exchange
    refused = Exchange(
        talon=exchange.talon, discards=exchange.discards, exchanges=exchange.exchanges,
        proposals=exchange.proposals, refused=exchange.proposals,
    )  # fmt: skip
    return build_state(
        table=table, phase=_PLAY, to_act=table.nondealer, hands=state.hands, exchange=refused
    )


def _discard(state: EcarteState, move: Discard) -> EcarteState:
    table = state.table
    exchange = state.exchange
    seat = state.to_act
    discarded = piquet_mask(move.cards)
    count = len(move.cards)
    drawn = 0
    for index in exchange.talon[:count]:
        drawn |= 1 << index
    talon = exchange.talon[count:]
    hand = (state.hands[seat] & ~discarded) | drawn
    hands = (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)
    old = exchange.discards
    discards = (old[0] | discarded, old[1]) if seat == 0 else (old[0], old[1] | discarded)
    if state.phase is _DISCARD_NONDEALER:
        exchanges = (*exchange.exchanges, (count, 0))
        phase = _DISCARD_DEALER if talon else _PLAY
        to_act = table.dealer if talon else seat
    else:
        exchanges = (*exchange.exchanges[:-1], (exchange.exchanges[-1][0], count))
        phase = _DECIDE if talon else _PLAY
        to_act = table.nondealer
    updated = Exchange(
        talon=talon, discards=discards, exchanges=exchanges, proposals=exchange.proposals
    )
    return build_state(table=table, phase=phase, to_act=to_act, hands=hands, exchange=updated)


def _with_king(table: Table, seat: int) -> Table:
    """The table once ``seat`` has marked the king of trumps (1 point, during trick 1)."""
    event = king_award(seat, table.deal_number)
    return Table(
        options=table.options, dealer=table.dealer, deal_number=table.deal_number,
        match_score=_plus(table.match_score, seat, 1), deals=table.deals, turnup=table.turnup,
        trump=table.trump, awards=(*table.awards, event), king=seat,
    )  # fmt: skip


def _mark_king(state: EcarteState) -> EcarteState:
    seat = state.to_act
    table = _with_king(state.table, seat)
    exchange = state.exchange
    if state.phase is _DECIDE:
        exchange = _choose_play(exchange)
    if target_reached(table.options, table.match_score):
        return _stop(table, exchange, state.won)
    return build_state(
        table=table, phase=_PLAY, to_act=seat, hands=state.hands, exchange=exchange,
        trick=state.trick, won=state.won, finished_tricks=state.finished_tricks,
    )  # fmt: skip


def play_card(state: EcarteState, move: Play) -> EcarteState:
    """The state after the seat to act plays the card of ``move`` (one it may play): a lead
    waits for the answer, an answer settles the trick, the last trick scores the deal."""
    card = PIQUET_INDEX_BY_CODE[move.card.code]
    table = state.table
    seat = state.to_act
    hands = state.hands
    bit = 1 << card
    hands = (hands[0] & ~bit, hands[1]) if seat == 0 else (hands[0], hands[1] & ~bit)
    trick = state.trick
    won = state.won
    exchange = state.exchange
    finished_tricks = state.finished_tricks
    if not trick:
        if state.phase is _DECIDE:
            exchange = _choose_play(exchange)
        if bit == KING_BIT[table.trump] and table.king < 0 and not (won[0] | won[1]):
            table = _with_king(table, seat)  # leading the king to trick 1 marks it
            if target_reached(table.options, table.match_score):
                return _stop(table, exchange, won)
        to_act = 1 - seat
        trick = (card,)
    else:
        led = trick[0]
        leader = 1 - seat
        power = _POWER[table.trump]
        suit = _SUIT_OF[card]
        follower_wins = (suit == _SUIT_OF[led] or suit == table.trump) and power[card] > power[led]
        to_act = seat if follower_wins else leader
        taken = (1 << led) | bit
        won = (won[0] | taken, won[1]) if to_act == 0 else (won[0], won[1] | taken)
        if (won[0] | won[1]).bit_count() == _CARDS_PER_DEAL:
            return _finish_deal(table, exchange, won)
        trick = ()
        finished_tricks = finished_tricks + ((leader, led, card),)  # noqa: RUF005 (fast)
    return build_state_by_position(
        table, _PLAY, to_act, hands, exchange, trick, won, finished_tricks
    )


def _finish_deal(table: Table, exchange: Exchange, won: tuple[int, int]) -> EcarteState:
    result = score_deal(table, exchange, won)
    trick_award = result.awards[-1]
    match_score = _plus(table.match_score, trick_award.seats[0], trick_award.points)
    over = match_over_after_deal(table.options, match_score)
    next_table = Table(
        options=table.options, dealer=1 - table.dealer, deal_number=table.deal_number,
        match_score=match_score, deals=(*table.deals, result),
    )  # fmt: skip
    return build_state(table=next_table, phase=_OVER if over else _DEAL_DUE)


def _stop(table: Table, exchange: Exchange, won: tuple[int, int]) -> EcarteState:
    """The match ends mid-deal: a king brought a player to the target."""
    result = stopped_deal(table, exchange, won)
    next_table = Table(
        options=table.options, dealer=1 - table.dealer, deal_number=table.deal_number,
        match_score=table.match_score, deals=(*table.deals, result),
    )  # fmt: skip
    return build_state(table=next_table, phase=_OVER)


def _accept(state: EcarteState) -> EcarteState:
    return build_state(
        table=state.table, phase=_DISCARD_NONDEALER, to_act=state.table.nondealer,
        hands=state.hands, exchange=state.exchange,
    )  # fmt: skip


def _dealt(state: EcarteState, move: Deal) -> EcarteState:
    layout = read_deal(move)
    assert layout is not None  # check() accepted it: the whole deck in the right zones
    return _deal_cards(state, layout)


MOVE_TRANSITIONS: dict[type[Move], MoveTransition] = {
    Deal: _dealt,
    Play: play_card,
    Propose: lambda state, move: _propose(state),
    Accept: lambda state, move: _accept(state),
    Refuse: lambda state, move: _refuse(state),
    Discard: _discard,
    MarkKing: lambda state, move: _mark_king(state),
}
"""The state after each move type, once `check` has accepted the move."""
