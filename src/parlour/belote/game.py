"""Belote's game logic: the deal, the two bidding rounds, the play, and the move notation.

`GAME` is the object registered under ``"belote"``; the top-level functions of `parlour`
dispatch to it. Legal moves come in a fixed order: ``pass`` before ``take`` (second round: the
suits in S H D C order), cards in the deck's canonical order (suits S H D C, 7 up to A).
"""

from __future__ import annotations

import random
from typing import Any

from parlour.belote import bot as _bot
from parlour.belote import narrate as _narrate
from parlour.belote import view as _view
from parlour.belote.moves import PASS, PLAYS, TAKE_TURNUP, TAKES, Pass, Play, Take
from parlour.belote.options import Options
from parlour.belote.play import play_evaluator
from parlour.belote.rules import (
    CARD_TABLE,
    DEAL_FIELDS,
    DECK,
    KING_QUEEN_OF,
    PLAYERS,
    STOCK_PACKET_TO_OTHERS,
    STOCK_PACKET_TO_TAKER,
    TEAMS,
    cards_in,
)
from parlour.belote.scoring import DealFacts, match_winner_team, score_deal, team_seats
from parlour.belote.state import BeloteState, DealResult, Phase, Table
from parlour.cards import Card, Suit, parse_card, parse_suit
from parlour.core import CHANCE, Chance, Deal, Move, ScoreEvent, Violation, raise_if_illegal
from parlour.errors import NotationError, describe, shown
from parlour.fixed_seats import FixedSeats
from parlour.masks import moves_by_mask
from parlour.notation import deal_in_packets, make_deal, parse_deal, split_move
from parlour.options import build_options
from parlour.turns import turn_violation

__all__ = ["GAME", "BeloteGame"]

_FULL_DECK_MASK = (1 << 32) - 1
_INDEX_OF: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
_ROUND_1_MOVES = (PASS, TAKE_TURNUP)
_ROUND_2_MOVES = {
    (allow_turnup_suit, turnup_suit): (
        PASS,
        *(TAKES[suit] for suit in range(4) if allow_turnup_suit or suit != turnup_suit),
    )
    for allow_turnup_suit in (False, True)
    for turnup_suit in range(4)
}
_MOVE_KEYWORDS = "deal, pass, take, play"


_plays = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order."""


def _turnup_suit(table: Table) -> int:
    return CARD_TABLE.suit_of[table.turnup]


class BeloteGame(FixedSeats):
    """The rules of Belote behind the `parlour.core.Game` protocol."""

    name = "belote"
    players = PLAYERS
    deck = DECK
    state_type = BeloteState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> BeloteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return BeloteState(Table(build_options(Options, options), dealer), Phase.DEAL_DUE)

    def options(self, state: BeloteState) -> Options:
        """The match's options."""
        return state.table.options

    def random_deal(self, state: BeloteState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it as the rules' canonical procedure says."""
        table = state.table
        deck = list(DECK)
        rng.shuffle(deck)
        hands = deal_in_packets(deck, table.options.first_packets, table.dealer, PLAYERS)
        return make_deal(DEAL_FIELDS, (hands, [[deck[20]]], [deck[21:]]))

    # --- whose turn -------------------------------------------------------------------------
    def current_player(self, state: BeloteState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        phase = state.phase
        if phase == Phase.DEAL_DUE:
            return CHANCE
        if phase == Phase.OVER:
            return None
        return state.to_act

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: BeloteState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        phase = state.phase
        if phase == Phase.PLAY:
            return _plays(state.legal_mask)
        if phase == Phase.BID_ROUND_1:
            return _ROUND_1_MOVES
        if phase == Phase.BID_ROUND_2:
            table = state.table
            return _ROUND_2_MOVES[(table.options.round2_allows_turnup_suit, _turnup_suit(table))]
        return ()

    def check(self, state: BeloteState, move: Move, seat: int | None) -> Violation | None:
        """``None`` if ``move`` is legal for the seat to act (or ``seat``), else the reason."""
        phase = state.phase
        violation = turn_violation(
            move, seat, over=phase == Phase.OVER, deal_due=phase == Phase.DEAL_DUE,
            to_act=state.to_act, deal_fields=DEAL_FIELDS, deck=DECK,
        )  # fmt: skip
        if violation is not None or isinstance(move, Deal):
            return violation
        if isinstance(move, Play):
            return self._check_play(state, move)
        if isinstance(move, Pass):
            if phase == Phase.PLAY:
                return Violation("phase.wrong_move", "the bidding is over: play a card")
            return None
        if isinstance(move, Take):
            return self._check_take(state, move)
        return Violation("phase.wrong_move", f"{move} is not a Belote move")

    def _check_take(self, state: BeloteState, move: Take) -> Violation | None:
        phase = state.phase
        if move.suit is not None and type(move.suit) is not Suit:
            return Violation(
                "belote.name_a_suit",
                f"'take' names a suit (S, H, D or C) or none, not {describe(move.suit)}",
            )
        if phase == Phase.PLAY:
            return Violation("phase.wrong_move", "the bidding is over: play a card")
        turnup_suit = Suit(_turnup_suit(state.table))
        if phase == Phase.BID_ROUND_1:
            if move.suit is not None and move.suit != turnup_suit:
                return Violation(
                    "belote.take_turnup_suit",
                    f"in the first round only the turn-up's suit {turnup_suit.symbol} "
                    f"may be taken ('take')",
                )
            return None
        if move.suit is None:
            return Violation(
                "belote.name_a_suit", "in the second round, name the trump suit: 'take H'"
            )
        if move.suit == turnup_suit and not state.table.options.round2_allows_turnup_suit:
            return Violation(
                "belote.not_turnup_suit",
                f"in the second round the turn-up's suit {turnup_suit.symbol} may not be taken",
            )
        return None

    def _check_play(self, state: BeloteState, move: Play) -> Violation | None:
        if type(move.card) is not Card:
            return Violation(
                "card.not_held", f"a play names a card, not {type(move.card).__name__}"
            )
        if state.phase != Phase.PLAY:
            return Violation("phase.wrong_move", "the bidding is not over: pass or take")
        index = _INDEX_OF.get(move.card)
        hand = state.hands[state.to_act]
        if index is None or not hand >> index & 1:
            return Violation("card.not_held", f"you do not hold {move.card.symbol}")
        if state.legal_mask >> index & 1:
            return None
        table = state.table
        found = play_evaluator(table.options).violation(table.trump, hand, state.trick, index)
        assert found is not None
        obligation, message = found
        return Violation(obligation.rule, message)

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: BeloteState, move: Move, seat: int | None) -> BeloteState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal."""
        if (
            type(move) is Play
            and type(move.card) is Card
            and state.phase == Phase.PLAY
            and (seat is None or seat == state.to_act)
        ):
            index = _INDEX_OF.get(move.card)
            if index is not None and state.legal_mask >> index & 1:
                return _play(state, index)
        raise_if_illegal(self.check(state, move, seat), move)
        if isinstance(move, Deal):
            return _deal(state, move)
        if isinstance(move, Pass):
            return _pass(state)
        if isinstance(move, Take):
            suit = _turnup_suit(state.table) if move.suit is None else int(move.suit)
            return _take(state, suit)
        raise AssertionError(f"unhandled move {move!r}")  # check() refuses anything else

    # --- notation -------------------------------------------------------------------------------
    def parse_move(self, state: BeloteState, text: str) -> Move:
        """Parse ``deal …``, ``pass``, ``take``, ``take H`` or ``play JH``; `NotationError` else.

        In the first round ``take`` and ``take <turn-up suit>`` are the same move.
        """
        keyword, arguments = split_move(text)
        if keyword == "play":
            if len(arguments) != 1:
                raise NotationError(f"'play' takes one card, as in 'play JH': {shown(text)}")
            card = parse_card(arguments[0])
            index = _INDEX_OF.get(card)
            return Play(card) if index is None else PLAYS[index]
        if keyword == "pass":
            if arguments:
                raise NotationError(f"'pass' takes no argument: {shown(text)}")
            return PASS
        if keyword == "take":
            if not arguments:
                return TAKE_TURNUP
            if len(arguments) != 1:
                raise NotationError(f"'take' takes at most one suit, as in 'take H': {shown(text)}")
            suit = parse_suit(arguments[0])
            table = state.table
            if state.phase == Phase.BID_ROUND_1 and suit == _turnup_suit(table):
                return TAKE_TURNUP
            return TAKES[suit]
        if keyword == "deal":
            return parse_deal(arguments, DEAL_FIELDS)
        raise NotationError(
            f"{keyword!r} is not a Belote move (the moves are {_MOVE_KEYWORDS}): {shown(text)}"
        )

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: BeloteState) -> tuple[int, ...]:
        """Match points per seat (partners show the same number), counted at the end of deals."""
        first, second = state.table.match_score
        return (first, second, first, second)

    def winners(self, state: BeloteState) -> tuple[int, ...]:
        """The winning team's two seats once the match is over; empty before."""
        if state.phase != Phase.OVER:
            return ()
        table = state.table
        last_played = next(deal for deal in reversed(table.deals) if deal.outcome != "thrown_in")
        team = match_winner_team(table.options, table.match_score, last_played)
        assert team is not None
        return team_seats(team)

    def score_events(self, state: BeloteState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far (Belote awards points at the end of each deal)."""
        return tuple(award for deal in state.table.deals for award in deal.awards)

    def deal_results(self, state: BeloteState) -> tuple[DealResult, ...]:
        """The breakdown of every finished deal, throw-ins included."""
        return state.table.deals

    # --- where the cards are ---------------------------------------------------------------
    def card_zones(self, state: BeloteState) -> dict[str, tuple[Card, ...]]:
        """Where every card is: hands, turn-up, stock, current trick, tricks won by each team.

        Between deals (and once the match is over) the whole deck is in the ``pack``.
        """
        if state.phase in (Phase.DEAL_DUE, Phase.OVER):
            return {"pack": DECK}
        table = state.table

        zones = {f"hand {seat}": cards_in(state.hands[seat]) for seat in range(PLAYERS)}
        in_bidding = state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2)
        zones["turnup"] = (DECK[table.turnup],) if in_bidding else ()
        zones["stock"] = tuple(DECK[index] for index in state.stock)
        zones["trick"] = tuple(DECK[index] for index in state.trick)
        zones["won by team 0"] = cards_in(state.won[0])
        zones["won by team 1"] = cards_in(state.won[1])
        return zones

    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    narrate = staticmethod(_narrate.narrate)
    bot_move = staticmethod(_bot.bot_move)


# --- transitions (moves already checked) -----------------------------------------------


def _deal(state: BeloteState, deal: Deal) -> BeloteState:
    table = state.table
    hands = tuple(sum(1 << _INDEX_OF[card] for card in hand) for hand in deal["hands"])
    turnup = _INDEX_OF[deal["turnup"][0][0]]
    stock = tuple(_INDEX_OF[card] for card in deal["stock"][0])
    new_table = Table(
        table.options,
        table.dealer,
        table.deal_number + 1,
        table.match_score,
        table.held,
        table.deals,
        turnup,
    )
    first_bidder = (table.dealer + 1) % PLAYERS
    return BeloteState(new_table, Phase.BID_ROUND_1, first_bidder, hands, stock)


def _pass(state: BeloteState) -> BeloteState:
    table = state.table
    seat = state.to_act
    if seat != table.dealer:
        return BeloteState(table, state.phase, (seat + 1) % PLAYERS, state.hands, state.stock)
    first_bidder = (table.dealer + 1) % PLAYERS
    if state.phase == Phase.BID_ROUND_1:
        return BeloteState(table, Phase.BID_ROUND_2, first_bidder, state.hands, state.stock)
    thrown_in = DealResult(table.deal_number, table.dealer, "thrown_in", turnup=DECK[table.turnup])
    next_dealer = table.dealer if table.options.all_pass == "redeal_same_dealer" else first_bidder
    return BeloteState(
        Table(
            table.options,
            next_dealer,
            table.deal_number,
            table.match_score,
            table.held,
            (*table.deals, thrown_in),
        ),
        Phase.DEAL_DUE,
    )


def _take(state: BeloteState, trump: int) -> BeloteState:
    table = state.table
    taker = state.to_act
    hands = list(state.hands)
    hands[taker] |= 1 << table.turnup
    stock = iter(state.stock)
    for offset in range(1, PLAYERS + 1):
        seat = (table.dealer + offset) % PLAYERS
        packet = STOCK_PACKET_TO_TAKER if seat == taker else STOCK_PACKET_TO_OTHERS
        for _ in range(packet):
            hands[seat] |= 1 << next(stock)
    king_queen = KING_QUEEN_OF[trump]
    belote_holder = next(
        (seat for seat in range(PLAYERS) if hands[seat] & king_queen == king_queen), -1
    )
    new_table = Table(
        table.options,
        table.dealer,
        table.deal_number,
        table.match_score,
        table.held,
        table.deals,
        table.turnup,
        trump,
        taker,
        belote_holder,
        1 if state.phase == Phase.BID_ROUND_1 else 2,
    )
    leader = (table.dealer + 1) % PLAYERS
    return BeloteState(new_table, Phase.PLAY, leader, tuple(hands), (), (), leader)


def _play(state: BeloteState, card: int) -> BeloteState:
    table = state.table
    seat = state.to_act
    hands = list(state.hands)
    hands[seat] &= ~(1 << card)
    trick = (*state.trick, card)
    rebelote_trick = state.rebelote_trick
    if seat == table.belote_holder:
        king_queen = KING_QUEEN_OF[table.trump]
        if (1 << card) & king_queen and not hands[seat] & king_queen:
            rebelote_trick = state.tricks_played + 1
    if len(trick) < PLAYERS:
        return BeloteState(
            table, Phase.PLAY, (seat + 1) % PLAYERS, tuple(hands), (), trick, state.leader,
            state.won, state.last_trick, rebelote_trick,
        )  # fmt: skip
    winner = (state.leader + CARD_TABLE.winning_index(table.trump, trick)) % PLAYERS
    team = winner % 2
    trick_mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
    won = (
        (state.won[0] | trick_mask, state.won[1])
        if team == 0
        else (state.won[0], state.won[1] | trick_mask)
    )
    if won[0] | won[1] != _FULL_DECK_MASK:
        return BeloteState(
            table, Phase.PLAY, winner, tuple(hands), (), (), winner, won,
            (state.leader, trick), rebelote_trick,
        )  # fmt: skip
    return _finish_deal(table, DealFacts(won, team, rebelote_trick))


def _finish_deal(table: Table, facts: DealFacts) -> BeloteState:
    result = score_deal(table, facts)
    match_score = (
        table.match_score[0] + result.points[0],
        table.match_score[1] + result.points[1],
    )
    deals = (*table.deals, result)
    winner = match_winner_team(table.options, match_score, result)
    next_dealer = (table.dealer + 1) % PLAYERS
    next_table = Table(
        table.options, next_dealer, table.deal_number, match_score, result.held, deals
    )
    return BeloteState(next_table, Phase.DEAL_DUE if winner is None else Phase.OVER)


GAME = BeloteGame()
