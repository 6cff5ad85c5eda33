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

from parlour.cards import Card, Rank, Suit, parse_card
from parlour.core import CHANCE, Chance, Deal, Move, ScoreEvent, Violation, raise_if_illegal
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
from parlour.ecarte.options import Options
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
)
from parlour.ecarte.scoring import (
    match_over_after_deal,
    score_deal,
    stopped_deal,
    target_reached,
    winning_seats,
)
from parlour.ecarte.state import EcarteState, Exchange, Phase, Table
from parlour.errors import NotationError, shown
from parlour.fixed_seats import FixedSeats
from parlour.notation import deal_in_packets, make_deal, parse_deal, split_move
from parlour.options import build_options
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
_EXCHANGE_PHASES = (Phase.RESPOND, Phase.DISCARD_NONDEALER, Phase.DISCARD_DEALER)


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
    def new_game(self, options: Any, dealer: int) -> EcarteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return EcarteState(Table(build_options(Options, options), dealer), Phase.DEAL_DUE)

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
        hands = deal_in_packets(deck, table.options.deal_packets, table.dealer, PLAYERS)
        return make_deal(DEAL_FIELDS, (hands, [[deck[TURNUP_POSITION]]], [deck[TALON_START:]]))

    # --- whose turn -------------------------------------------------------------------------
    def current_player(self, state: EcarteState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        phase = state.phase
        if phase is Phase.DEAL_DUE:
            return CHANCE
        if phase is Phase.OVER:
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
            move, seat, over=phase is Phase.OVER, deal_due=phase is Phase.DEAL_DUE,
            to_act=state.to_act, deal_fields=DEAL_FIELDS, deck=DECK,
        )  # fmt: skip
        if violation is not None or isinstance(move, Deal):
            return violation
        if isinstance(move, Play):
            return _check_play(state, move)
        if isinstance(move, Propose):
            return _check_propose(state)
        if isinstance(move, (Accept, Refuse)):
            if phase is Phase.RESPOND:
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
            index = _INDEX_OF.get(move.card)
            if index is not None and state.play_mask >> index & 1:
                return _play(state, index)
        raise_if_illegal(self.check(state, move, seat), move)
        if isinstance(move, Deal):
            return _deal(state, move)
        if isinstance(move, Propose):
            return _propose(state)
        if isinstance(move, Accept):
            return EcarteState(
                state.table, Phase.DISCARD_NONDEALER, state.table.nondealer, state.hands,
                state.exchange,
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
        if state.phase is not Phase.OVER:
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
        if state.phase is Phase.DEAL_DUE or state.phase is Phase.OVER:
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
    if phase is Phase.RESPOND:
        return Violation("phase.wrong_move", "the dealer must first accept or refuse the proposal")
    if phase is Phase.DISCARD_NONDEALER or phase is Phase.DISCARD_DEALER:
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
    if phase is Phase.DECIDE:
        return None
    if phase is Phase.RESPOND:
        return Violation("phase.wrong_move", "a proposal is waiting: accept or refuse it")
    if phase is Phase.DISCARD_NONDEALER or phase is Phase.DISCARD_DEALER:
        return Violation("phase.wrong_move", "the exchange is not complete: discard first")
    first_lead = state.to_act == state.table.nondealer and not state.trick and not state.won[0]
    if first_lead and not state.exchange.talon and not state.won[1]:
        return Violation("ecarte.talon_empty", "the talon is empty: no more proposals, lead a card")
    return Violation("phase.wrong_move", "play has begun: no more proposals")


def _check_discard(state: EcarteState, move: Discard) -> Violation | None:
    phase = state.phase
    if phase is not Phase.DISCARD_NONDEALER and phase is not Phase.DISCARD_DEALER:
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
    if phase is Phase.DISCARD_NONDEALER:
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


def _deal(state: EcarteState, deal: Deal) -> EcarteState:
    table = state.table
    index_of = _INDEX_OF
    hands = tuple(sum(1 << index_of[card] for card in hand) for hand in deal["hands"])
    turnup = index_of[deal["turnup"][0][0]]
    talon = tuple(index_of[card] for card in deal["talon"][0])
    dealer = table.dealer
    number = table.deal_number + 1
    match_score = table.match_score
    awards: tuple[ScoreEvent, ...] = ()
    if DECK[turnup].rank is Rank.KING:
        awards = (ScoreEvent((dealer,), 1, "ecarte.turnup_king", number, None),)
        match_score = _plus(match_score, dealer, 1)
    new_table = Table(
        table.options, dealer, number, match_score, table.deals, turnup, _SUIT_OF[turnup], awards
    )
    exchange = Exchange(talon)
    if awards and target_reached(table.options, match_score):
        return _stop(new_table, exchange, (0, 0))
    return EcarteState(new_table, Phase.DECIDE, 1 - dealer, (hands[0], hands[1]), exchange)


def _plus(match_score: tuple[int, int], seat: int, points: int) -> tuple[int, int]:
    first, second = match_score
    return (first + points, second) if seat == 0 else (first, second + points)


def _choose_play(exchange: Exchange) -> Exchange:
    """The non-dealer decides to play: flag it when it is his first decision of the deal."""
    if exchange.proposals:
        return exchange
    return Exchange(exchange.talon, exchange.discards, (), 0, 0, True)


def _propose(state: EcarteState) -> EcarteState:
    table = state.table
    exchange = state.exchange
    proposed = Exchange(
        exchange.talon, exchange.discards, exchange.exchanges, exchange.proposals + 1
    )
    return EcarteState(table, Phase.RESPOND, table.dealer, state.hands, proposed)


def _refuse(state: EcarteState) -> EcarteState:
    table = state.table
    exchange = state.exchange
    refused = Exchange(
        exchange.talon, exchange.discards, exchange.exchanges, exchange.proposals,
        exchange.proposals,
    )  # fmt: skip
    return EcarteState(table, Phase.PLAY, table.nondealer, state.hands, refused)


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
    if state.phase is Phase.DISCARD_NONDEALER:
        exchanges = (*exchange.exchanges, (count, 0))
        phase = Phase.DISCARD_DEALER if talon else Phase.PLAY
        to_act = table.dealer if talon else seat
    else:
        exchanges = (*exchange.exchanges[:-1], (exchange.exchanges[-1][0], count))
        phase = Phase.DECIDE if talon else Phase.PLAY
        to_act = table.nondealer
    updated = Exchange(talon, discards, exchanges, exchange.proposals)
    return EcarteState(table, phase, to_act, hands, updated)


def _with_king(table: Table, seat: int) -> Table:
    """The table once ``seat`` has marked the king of trumps (1 point, during trick 1)."""
    event = ScoreEvent((seat,), 1, "ecarte.king", table.deal_number, 1)
    return Table(
        table.options, table.dealer, table.deal_number, _plus(table.match_score, seat, 1),
        table.deals, table.turnup, table.trump, (*table.awards, event), seat,
    )  # fmt: skip


def _mark_king(state: EcarteState) -> EcarteState:
    seat = state.to_act
    table = _with_king(state.table, seat)
    exchange = state.exchange
    if state.phase is Phase.DECIDE:
        exchange = _choose_play(exchange)
    if target_reached(table.options, table.match_score):
        return _stop(table, exchange, state.won)
    return EcarteState(
        table, Phase.PLAY, seat, state.hands, exchange, state.trick, state.won, state.last_trick
    )


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
        if state.phase is Phase.DECIDE:
            exchange = _choose_play(exchange)
        if bit == KING_BIT[table.trump] and table.king < 0 and not (won[0] | won[1]):
            table = _with_king(table, seat)  # leading the king to trick 1 marks it
            if target_reached(table.options, table.match_score):
                return _stop(table, exchange, won)
        return EcarteState(
            table, Phase.PLAY, 1 - seat, hands, exchange, (card,), won, state.last_trick
        )
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
    return EcarteState(table, Phase.PLAY, winner, hands, exchange, (), won, (leader, led, card))


def _finish_deal(table: Table, exchange: Exchange, won: tuple[int, int]) -> EcarteState:
    result = score_deal(table, exchange, won)
    trick_award = result.awards[-1]
    match_score = _plus(table.match_score, trick_award.seats[0], trick_award.points)
    over = match_over_after_deal(table.options, match_score)
    next_table = Table(
        table.options, 1 - table.dealer, table.deal_number, match_score, (*table.deals, result)
    )
    return EcarteState(next_table, Phase.OVER if over else Phase.DEAL_DUE)


def _stop(table: Table, exchange: Exchange, won: tuple[int, int]) -> EcarteState:
    """The match ends mid-deal: a king brought a player to the target."""
    result = stopped_deal(table, exchange, won)
    next_table = Table(
        table.options, 1 - table.dealer, table.deal_number, table.match_score,
        (*table.deals, result),
    )  # fmt: skip
    return EcarteState(next_table, Phase.OVER)


GAME = EcarteGame()
