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
from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from parlour.cards import Card, Rank, Suit, parse_card
from parlour.core import CHANCE, Chance, Deal, Move, ScoreEvent, Violation, raise_if_illegal
from parlour.deal_shape import cards_in_shape
from parlour.ecarte import bot as _bot
from parlour.ecarte import narrate as _narrate
from parlour.ecarte import view as _view
from parlour.ecarte.moves import (
    ACCEPT,
    KING,
    PLAYS,
    PROPOSE,
    REFUSE,
    Accept,
    Discard,
    MarkKing,
    Play,
    Propose,
    Refuse,
    discard_of_mask,
)
from parlour.ecarte.options import Options, options_of
from parlour.ecarte.play import play_evaluator
from parlour.ecarte.rules import (
    CARD_TABLE,
    CARDS_PER_HAND,
    DEAL_FIELDS,
    DECK,
    KING_BIT,
    MAX_DISCARD,
    PLAYERS,
    TALON_START,
    TEAMS,
    TRICKS_PER_DEAL,
    TURNUP_POSITION,
    cards_in,
    deal_slices,
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
from parlour.errors import NotationError, shown
from parlour.fixed_seats import FixedSeats
from parlour.notation import parse_deal, split_move
from parlour.turns import turn_violation

__all__ = ["GAME", "EcarteGame"]

_INDEX_OF: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
_KEYWORD_MOVES: dict[str, Move] = {
    "propose": PROPOSE,
    "accept": ACCEPT,
    "refuse": REFUSE,
    "king": KING,
}
_MOVE_KEYWORDS = "deal, propose, accept, refuse, discard, king, play"
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

_EXCHANGE_PHASES = (_RESPOND, _DISCARD_NONDEALER, _DISCARD_DEALER)
_INDEX_BY_CODE: dict[int, int] = {card.code: index for index, card in enumerate(DECK)}
"""The deck index of each card's `Card.code`, read without hashing a card."""
_BIT_BY_CODE: dict[int, int] = {card.code: 1 << index for index, card in enumerate(DECK)}
_CODE = attrgetter("code")
_KINGS = sum(KING_BIT)
"""The mask of the four kings: a king turned up scores for the dealer."""
_DECK_CODES = {card.code for card in DECK}
_TURNUP = 2 * CARDS_PER_HAND
_FIELD_NAMES = tuple(field.name for field in DEAL_FIELDS)
_GROUPS_PER_FIELD = tuple(len(field.sizes) for field in DEAL_FIELDS)
_GROUP_SIZES = tuple(size for field in DEAL_FIELDS for size in field.sizes)
"""The deal move's layout as `_deck_layout` reads it: field names, groups, cards per group."""


def _king_of_trumps(table: Table) -> Card:
    return Card.of(Rank.KING, Suit(table.trump))


class EcarteGame(FixedSeats):
    """The rules of Écarté behind the `parlour.core.Game` protocol."""

    name = "ecarte"
    players = PLAYERS
    deck = DECK
    state_type = EcarteState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS

    # --- setting up -----------------------------------------------------------------------
    def make_options(self, given: Mapping[str, Any] | Any | None) -> Options:
        """The `Options` of a mapping of option names (or returned as given); `OptionsError` on
        an unknown name or a bad value."""
        return options_of(given)

    def new_game(self, options: Any, dealer: int) -> EcarteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return _opening(options_of(options), dealer)

    def options(self, state: EcarteState) -> Options:
        """The match's options."""
        return state.table.options

    def random_deal(self, state: EcarteState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it by the canonical procedure: packets of
        ``deal_packets`` to the non-dealer then the dealer, ``deck[10]`` turned up, the rest the
        talon, top first."""
        table = state.table
        deck = list(DECK)
        rng.shuffle(deck)
        hands = tuple(
            tuple(sorted([deck[position] for position in positions], key=_CODE))
            for positions in deal_slices(table.options.deal_packets, table.dealer)
        )
        return Deal(
            (
                ("hands", hands),
                ("turnup", ((deck[TURNUP_POSITION],),)),
                ("talon", (tuple(deck[TALON_START:]),)),
            )
        )

    # --- whose turn -------------------------------------------------------------------------
    def current_player(self, state: EcarteState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        phase = state.phase
        if phase is _DEAL_DUE:
            return CHANCE
        if phase is _OVER:
            return None
        return state.to_act

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: EcarteState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        return state.legal

    def check(self, state: EcarteState, move: Move, seat: int | None) -> Violation | None:
        """``None`` if ``move`` is legal for the seat to act (or ``seat``), else the reason."""
        phase = state.phase
        violation = turn_violation(
            move, seat, over=phase is _OVER, deal_due=phase is _DEAL_DUE,
            to_act=state.to_act, deal_fields=DEAL_FIELDS, deck=DECK,
        )  # fmt: skip
        if violation is not None or isinstance(move, Deal):
            return violation
        if isinstance(move, Play):
            return _check_play(state, move)
        if isinstance(move, Propose):
            return _check_propose(state)
        if isinstance(move, (Accept, Refuse)):
            if phase is _RESPOND:
                return None
            return Violation("phase.wrong_move", f"there is no proposal to {move}")
        if isinstance(move, Discard):
            return _check_discard(state, move)
        if isinstance(move, MarkKing):
            return _check_king(state)
        return Violation("phase.wrong_move", f"{move} is not an Écarté move")

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: EcarteState, move: Move, seat: int | None) -> EcarteState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal."""
        if (
            type(move) is Play
            and type(move.card) is Card
            and (seat is None or seat == state.to_act)
        ):
            index = _INDEX_BY_CODE.get(move.card.code)
            if index is not None and state.play_mask >> index & 1:
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

    # --- notation -------------------------------------------------------------------------------
    def parse_move(self, state: EcarteState, text: str) -> Move:
        """Parse ``deal …``, ``propose``, ``accept``, ``refuse``, ``discard 7S 8H``
        (``discard`` alone: keep the hand), ``king`` or ``play KH``; `NotationError` else.

        The cards of a discard may come in any order; the move lists them canonically.
        """
        keyword, arguments = split_move(text)
        if keyword == "play":
            if len(arguments) != 1:
                raise NotationError(f"'play' takes one card, as in 'play KH': {shown(text)}")
            card = parse_card(arguments[0])
            index = _INDEX_OF.get(card)
            return Play(card) if index is None else PLAYS[index]
        keyword_move = _KEYWORD_MOVES.get(keyword)
        if keyword_move is not None:
            if arguments:
                raise NotationError(f"{keyword!r} takes no argument: {shown(text)}")
            return keyword_move
        if keyword == "discard":
            return _parse_discard(arguments, text)
        if keyword == "deal":
            return parse_deal(arguments, DEAL_FIELDS)
        raise NotationError(
            f"{keyword!r} is not an Écarté move (the moves are {_MOVE_KEYWORDS}): {shown(text)}"
        )

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

    def deal_results(self, state: EcarteState) -> tuple[Any, ...]:
        """The breakdown of every finished deal (a deal cut short by the target included)."""
        return state.table.deals

    # --- where the cards are ---------------------------------------------------------------
    def card_zones(self, state: EcarteState) -> dict[str, tuple[Card, ...]]:
        """Where every card is: hands, turn-up, talon (top first), each seat's discards, the
        current trick, the cards each seat has won. Between deals the whole deck is the pack."""
        if state.phase is _DEAL_DUE or state.phase is _OVER:
            return {"pack": DECK}
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


# --- checks ---------------------------------------------------------------------------------


def _check_play(state: EcarteState, move: Play) -> Violation | None:
    if type(move.card) is not Card:
        return Violation("card.not_held", f"a play names a card, not {type(move.card).__name__}")
    phase = state.phase
    if phase is _RESPOND:
        return Violation("phase.wrong_move", "the dealer must first accept or refuse the proposal")
    if phase is _DISCARD_NONDEALER or phase is _DISCARD_DEALER:
        return Violation(
            "phase.wrong_move",
            "the exchange is not complete: discard first (for example 'discard 7S 8H')",
        )
    index = _INDEX_OF.get(move.card)
    hand = state.hands[state.to_act]
    if index is None or not hand >> index & 1:
        return Violation("card.not_held", f"you do not hold {move.card.symbol}")
    if state.play_mask >> index & 1:
        return None
    table = state.table
    found = play_evaluator(table.options).violation(table.trump, hand, state.trick, index)
    assert found is not None
    obligation, message = found
    return Violation(obligation.rule, message)


def _check_propose(state: EcarteState) -> Violation | None:
    phase = state.phase
    if phase is _DECIDE:
        return None
    if phase is _RESPOND:
        return Violation("phase.wrong_move", "a proposal is waiting: accept or refuse it")
    if phase is _DISCARD_NONDEALER or phase is _DISCARD_DEALER:
        return Violation("phase.wrong_move", "the exchange is not complete: discard first")
    first_lead = state.to_act == state.table.nondealer and not state.trick and not state.won[0]
    if first_lead and not state.exchange.talon and not state.won[1]:
        return Violation("ecarte.talon_empty", "the talon is empty: no more proposals, lead a card")
    return Violation("phase.wrong_move", "play has begun: no more proposals")


def _check_discard(state: EcarteState, move: Discard) -> Violation | None:
    phase = state.phase
    if phase is not _DISCARD_NONDEALER and phase is not _DISCARD_DEALER:
        return Violation(
            "phase.wrong_move",
            "there is no exchange under way: a discard follows an accepted proposal",
        )
    hand = state.hands[state.to_act]
    named = 0
    for card in move.cards:
        index = _INDEX_OF.get(card)
        if index is None or not hand >> index & 1:
            return Violation("card.not_held", f"you do not hold {card.symbol}")
        if named >> index & 1:
            return Violation("card.not_held", f"you hold {card.symbol} only once")
        named |= 1 << index
    count = len(move.cards)
    talon = len(state.exchange.talon)
    most = min(MAX_DISCARD, talon)
    if phase is _DISCARD_NONDEALER:
        if count < 1:
            return Violation("ecarte.discard_count", "you proposed: discard at least one card")
    else:
        fewest = min(state.table.options.dealer_min_exchange, most)
        if count < fewest:
            return Violation(
                "ecarte.discard_count",
                "the dealer must exchange at least one card (dealer_min_exchange is 1)",
            )
    if count > most:
        return Violation(
            "ecarte.discard_count",
            f"the talon holds {talon} card(s): discard at most {most}",
        )
    return None


def _check_king(state: EcarteState) -> Violation | None:
    table = state.table
    phase = state.phase
    if phase in _EXCHANGE_PHASES:
        return Violation(
            "ecarte.king_too_early",
            "the king of trumps is marked once play begins (or, by the non-dealer, instead of "
            "proposing), not during the proposals and exchanges",
        )
    king = _king_of_trumps(table)
    if table.turnup == _INDEX_OF[king]:
        return Violation(
            "ecarte.king_not_held",
            f"the king of trumps {king.symbol} is the turn-up: it scored for the dealer",
        )
    seat = state.to_act
    if table.king == seat:
        return Violation(
            "ecarte.king_already_marked", f"you have already marked the king {king.symbol}"
        )
    if not state.king_window_open:
        return Violation(
            "ecarte.king_window_closed",
            f"too late: the king of trumps {king.symbol} must be marked before your first card",
        )
    king_bit = KING_BIT[table.trump]
    if not state.hands[seat] & king_bit:
        discarded = state.exchange.discards[seat] & king_bit
        return Violation(
            "ecarte.king_not_held",
            f"you do not hold the king of trumps {king.symbol}"
            + (" (a discarded king does not count)" if discarded else ""),
        )
    return None


def _parse_discard(arguments: list[str], text: str) -> Discard:
    if len(arguments) > CARDS_PER_HAND:
        raise NotationError(
            f"'discard' names at most {CARDS_PER_HAND} cards, not {len(arguments)}: {shown(text)}"
        )
    cards = [parse_card(token) for token in arguments]
    mask = 0
    in_deck = True
    for card in cards:
        index = _INDEX_OF.get(card)
        if index is None:
            in_deck = False
            continue
        if mask >> index & 1:
            raise NotationError(f"'discard' names {card.text} twice: {shown(text)}")
        mask |= 1 << index
    if in_deck:
        return discard_of_mask(mask)
    if len(set(cards)) != len(cards):
        raise NotationError(f"'discard' names a card twice: {shown(text)}")
    return Discard(tuple(cards))


# --- transitions (moves already checked) -----------------------------------------------


_OPENINGS: dict[tuple[int, int], EcarteState] = {}
_OPENINGS_LIMIT = 256


def _opening(options: Options, dealer: int) -> EcarteState:
    """The state of a new match with this very options record (shared, as states are
    immutable). Remembered by the record's identity, which stays valid while the remembered
    state holds the record."""
    key = (id(options), dealer)
    state = _OPENINGS.get(key)
    if state is None:
        if len(_OPENINGS) >= _OPENINGS_LIMIT:
            _OPENINGS.clear()
        state = build_state(table=Table(options=options, dealer=dealer), phase=_DEAL_DUE)
        _OPENINGS[key] = state
    return state


def _deck_layout(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """The hand masks, turn-up and talon (deck indexes) of a deal that lays out exactly the
    deck in Écarté's zones, else ``None`` (`check` then says what is wrong)."""
    cards = cards_in_shape(deal, _FIELD_NAMES, _GROUPS_PER_FIELD, _GROUP_SIZES)
    if cards is None:
        return None
    codes = [card.code for card in cards]
    if set(codes) != _DECK_CODES:
        return None  # a card twice (and so one missing), or one from another deck
    bit_of = _BIT_BY_CODE.__getitem__
    hands = (
        sum(map(bit_of, codes[:CARDS_PER_HAND])),
        sum(map(bit_of, codes[CARDS_PER_HAND:_TURNUP])),
    )
    talon = tuple(map(_INDEX_BY_CODE.__getitem__, codes[_TURNUP + 1 :]))
    return hands, _INDEX_BY_CODE[codes[_TURNUP]], talon


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
    discarded = 0
    for card in move.cards:
        discarded |= 1 << _INDEX_OF[card]
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
