"""Écarté's game logic: the deal, proposals and exchanges, the king, the play, and the notation.

`GAME` is the object registered under ``"ecarte"``; the top-level functions of `parlour`
dispatch to it. Legal moves come in a fixed order:

* the non-dealer's decision: ``propose``, then ``king`` (if he holds the king of trumps), then
  a lead of each card of his hand in the deck's canonical order (suits S H D C, 7 up to A);
* the dealer's answer: ``accept``, ``refuse``;
* a discard: by number of cards (the dealer's ``discard`` alone first, when he may keep his
  hand), then lexicographically by deck order;
* play: ``king`` (while the seat to act may still mark it), then the legal cards in deck order.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.card_index import PIQUET_INDEX_BY_CODE, piquet_mask
from parlour.cards import Card
from parlour.core import Deal, Move, ScoreEvent, raise_if_illegal
from parlour.deal_layout import shuffle_and_deal
from parlour.ecarte import bot as _bot
from parlour.ecarte import narrate as _narrate
from parlour.ecarte import view as _view
from parlour.ecarte.checks import MOVE_CHECKS
from parlour.ecarte.moves import Accept, Discard, MarkKing, Play, Propose, Refuse
from parlour.ecarte.options import Options
from parlour.ecarte.parsing import MOVE_PARSERS
from parlour.ecarte.rules import (
    CARD_TABLE,
    DEAL_FIELDS,
    DEAL_LAYOUT,
    DECK,
    KING_BIT,
    PLAYERS,
    TEAMS,
    TRICKS_PER_DEAL,
    cards_in,
)
from parlour.ecarte.scoring import (
    king_award,
    match_over_after_deal,
    score_deal,
    stopped_deal,
    target_reached,
    turnup_king_award,
    winning_seats,
)
from parlour.ecarte.state import EcarteState, Exchange, Phase, Table, build_state
from parlour.trick_game import OpeningStates, TrickGame, seat_to_act

__all__ = ["GAME", "EcarteGame"]

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


class EcarteGame(TrickGame):
    """The rules of Écarté behind the `parlour.core.Game` protocol."""

    name = "ecarte"
    players = PLAYERS
    deck = DECK
    state_type = EcarteState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "an Écarté move"
    deal_due_phase = _DEAL_DUE
    over_phase = _OVER
    move_checks = MOVE_CHECKS
    move_parsers = MOVE_PARSERS
    current_player = seat_to_act(_DEAL_DUE, _OVER)

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> EcarteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return _opening(self.make_options(options), dealer)

    def random_deal(self, state: EcarteState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it by the canonical procedure (`DEAL_LAYOUT`):
        packets of ``deal_packets`` to the non-dealer then the dealer, the next card turned up,
        the rest the talon, top first."""
        table = state.table
        return shuffle_and_deal(
            DEAL_LAYOUT, rng, packets=table.options.deal_packets, dealer=table.dealer
        )

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: EcarteState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        return state.legal

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: EcarteState, move: Move, seat: int | None) -> EcarteState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal."""
        if (
            type(move) is Play
            and type(move.card) is Card
            and (seat is None or seat == state.to_act)
        ):
            index = PIQUET_INDEX_BY_CODE[move.card.code]
            if index >= 0 and state.play_mask >> index & 1:
                return _play(state, index)
        elif type(move) is Deal and seat is None and state.phase is _DEAL_DUE:
            layout = _deck_layout(move)
            if layout is not None:
                return _deal(state, layout)
        raise_if_illegal(self.check(state, move, seat), move)
        if isinstance(move, Deal):
            layout = _deck_layout(move)
            assert layout is not None  # check() accepted it: the whole deck in the right zones
            return _deal(state, layout)
        if isinstance(move, Propose):
            return _propose(state)
        if isinstance(move, Accept):
            return build_state(
                table=state.table, phase=_DISCARD_NONDEALER, to_act=state.table.nondealer,
                hands=state.hands, exchange=state.exchange,
            )  # fmt: skip
        if isinstance(move, Refuse):
            return _refuse(state)
        if isinstance(move, Discard):
            return _discard(state, move)
        if isinstance(move, MarkKing):
            return _mark_king(state)
        raise AssertionError(f"unhandled move {move!r}")  # check() refuses anything else

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: EcarteState) -> tuple[int, ...]:
        """Match points per seat: kings as they are marked, tricks at the end of each deal."""
        return state.table.match_score

    def winners(self, state: EcarteState) -> tuple[int, ...]:
        """The seat with the highest score once the match is over (both on a single-deal tie)."""
        if state.phase is not _OVER:
            return ()
        return winning_seats(state.table.match_score)

    def score_events(self, state: EcarteState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far: finished deals, then this deal's kings."""
        table = state.table
        return (*(award for deal in table.deals for award in deal.awards), *table.awards)

    # --- where the cards are ---------------------------------------------------------------
    def zones_in_deal(self, state: EcarteState) -> dict[str, tuple[Card, ...]]:
        """Where every card is in a deal: hands, turn-up, talon (top first), each seat's
        discards, the current trick, the cards each seat has won."""
        exchange = state.exchange
        return {
            "hand 0": cards_in(state.hands[0]),
            "hand 1": cards_in(state.hands[1]),
            "turnup": (DECK[state.table.turnup],),
            "talon": tuple(DECK[index] for index in exchange.talon),
            "discards 0": cards_in(exchange.discards[0]),
            "discards 1": cards_in(exchange.discards[1]),
            "trick": tuple(DECK[index] for index in state.trick),
            "won by 0": cards_in(state.won[0]),
            "won by 1": cards_in(state.won[1]),
        }

    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    narrate = staticmethod(_narrate.narrate)
    bot_move = staticmethod(_bot.bot_move)


# --- transitions (moves already checked) -----------------------------------------------


def _new_match(options: Options, dealer: int) -> EcarteState:
    """The state of a new match: a deal by ``dealer`` is due."""
    return build_state(table=Table(options=options, dealer=dealer), phase=_DEAL_DUE)


_opening = OpeningStates(_new_match)
"""The state of a new match, built once per options record and dealer."""


def _deck_layout(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """The hand masks, turn-up and talon (deck indexes) of a deal that lays out exactly the
    deck in Écarté's zones (read by `DEAL_LAYOUT`), else ``None`` (`check` then says what is
    wrong)."""
    reading = DEAL_LAYOUT.read(deal)
    if reading is None:
        return None
    (first, second), ((turnup,), talon) = reading
    return (first, second), turnup, talon


def _deal(state: EcarteState, layout: tuple[tuple[int, int], int, tuple[int, ...]]) -> EcarteState:
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


def _play(state: EcarteState, card: int) -> EcarteState:
    table = state.table
    seat = state.to_act
    hands = state.hands
    bit = 1 << card
    hands = (hands[0] & ~bit, hands[1]) if seat == 0 else (hands[0], hands[1] & ~bit)
    trick = state.trick
    won = state.won
    exchange = state.exchange
    if not trick:
        if state.phase is _DECIDE:
            exchange = _choose_play(exchange)
        if bit == KING_BIT[table.trump] and table.king < 0 and not (won[0] | won[1]):
            table = _with_king(table, seat)  # leading the king to trick 1 marks it
            if target_reached(table.options, table.match_score):
                return _stop(table, exchange, won)
        return build_state(
            table=table, phase=_PLAY, to_act=1 - seat, hands=hands, exchange=exchange,
            trick=(card,), won=won, finished_tricks=state.finished_tricks,
        )  # fmt: skip
    led = trick[0]
    leader = 1 - seat
    power = _POWER[table.trump]
    suit = _SUIT_OF[card]
    follower_wins = (suit == _SUIT_OF[led] or suit == table.trump) and power[card] > power[led]
    winner = seat if follower_wins else leader
    taken = (1 << led) | bit
    won = (won[0] | taken, won[1]) if winner == 0 else (won[0], won[1] | taken)
    if (won[0] | won[1]).bit_count() == _CARDS_PER_DEAL:
        return _finish_deal(table, exchange, won)
    return build_state(
        table=table, phase=_PLAY, to_act=winner, hands=hands, exchange=exchange, won=won,
        finished_tricks=(*state.finished_tricks, (leader, led, card)),
    )  # fmt: skip


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


GAME = EcarteGame()
