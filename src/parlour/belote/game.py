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
from parlour.belote.checks import MOVE_CHECKS, turnup_suit
from parlour.belote.dealing import read_deal, stock_shares
from parlour.belote.moves import PLAYS, Pass, Play, Take
from parlour.belote.options import Options
from parlour.belote.parsing import MOVE_PARSERS
from parlour.belote.play import EVALUATORS as _EVALUATORS
from parlour.belote.rules import (
    CARD_TABLE,
    DEAL_FIELDS,
    DEAL_LAYOUT,
    DECK,
    KING_QUEEN_OF,
    PLAYERS,
    TEAMS,
    cards_in,
)
from parlour.belote.scoring import DealFacts, match_winner_team, score_deal, team_seats
from parlour.belote.state import (
    PARTNER_OF,
    BeloteState,
    DealResult,
    Phase,
    Table,
    bid_moves,
    build_state,
    build_table,
)
from parlour.card_index import PIQUET_INDEX_BY_CODE
from parlour.cards import Card
from parlour.core import CHANCE, Chance, Deal, Move, ScoreEvent, Violation, raise_if_illegal
from parlour.deal_layout import shuffle_and_deal
from parlour.masks import moves_by_mask
from parlour.trick_game import TrickGame

__all__ = ["GAME", "BeloteGame"]

_FULL_DECK_MASK = (1 << 32) - 1
# An enum member read through its class costs about 0.3 µs in Python 3.11: read them once.
_DEAL_DUE = Phase.DEAL_DUE
_BID_ROUND_1 = Phase.BID_ROUND_1
_BID_ROUND_2 = Phase.BID_ROUND_2
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_INTERNED_PLAY_INDEX = {id(move): index for index, move in enumerate(PLAYS)}
"""The card index of each interned play move, by identity: those moves live as long as the
module, so no other object can have their ids; any other `Play` goes through `check`."""
_NEXT_SEAT = tuple((seat + 1) % PLAYERS for seat in range(PLAYERS))
_TAKES_FROM = CARD_TABLE.takes_from


_plays = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order."""


class BeloteGame(TrickGame):
    """The rules of Belote behind the `parlour.core.Game` protocol."""

    name = "belote"
    players = PLAYERS
    deck = DECK
    state_type = BeloteState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "a Belote move"
    deal_due_phase = _DEAL_DUE
    over_phase = _OVER
    move_checks = MOVE_CHECKS
    move_parsers = MOVE_PARSERS

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> BeloteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return _between_deals(
            build_table(
                options=self.make_options(options), dealer=dealer, deal_number=0,
                match_score=(0, 0), held=0, deals=(),
            )
        )  # fmt: skip

    def random_deal(self, state: BeloteState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it as the rules' canonical procedure says
        (`DEAL_LAYOUT`): packets of ``first_packets`` from the dealer's next seat round to the
        dealer, the next card turned up, the rest the stock, top first."""
        table = state.table
        return shuffle_and_deal(
            DEAL_LAYOUT, rng, packets=table.options.first_packets, dealer=table.dealer
        )

    # --- whose turn -------------------------------------------------------------------------
    def current_player(self, state: BeloteState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over (read
        from the state, where it is precomputed)."""
        return state.turn

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: BeloteState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        mask = state.legal_mask
        return _plays(mask) if mask else bid_moves(state.phase, state.table)

    def check(self, state: BeloteState, move: Move, seat: int | None) -> Violation | None:
        """``None`` if ``move`` is legal for the seat to act (or ``seat``), else the reason."""
        if _is_legal_deal(state, move, seat):
            return None
        return TrickGame.check(self, state, move, seat)

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: BeloteState, move: Move, seat: int | None) -> BeloteState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal.

        A card the seat to act may play (one bit of the state's legal mask) and a deal of
        exactly the deck go straight to their transition; anything else is judged by `check`.
        """
        index = _INTERNED_PLAY_INDEX.get(id(move), -1)
        if index >= 0 and (seat is None or seat == state.to_act):
            if state.legal_mask >> index & 1:
                return _play(state, index)
        elif type(move) is Deal and seat is None and state.phase == _DEAL_DUE:
            dealt = read_deal(move)
            if dealt is not None:
                return _deal(state, *dealt)
        raise_if_illegal(self.check(state, move, seat), move)
        if isinstance(move, Play):
            return _play(state, PIQUET_INDEX_BY_CODE[move.card.code])
        if isinstance(move, Deal):
            dealt = read_deal(move)
            assert dealt is not None  # check() refuses any other deal
            return _deal(state, *dealt)
        if isinstance(move, Pass):
            return _pass(state)
        if isinstance(move, Take):
            suit = turnup_suit(state.table) if move.suit is None else int(move.suit)
            return _take(state, suit)
        raise AssertionError(f"unhandled move {move!r}")  # check() refuses anything else

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: BeloteState) -> tuple[int, ...]:
        """Match points per seat (partners show the same number), counted at the end of deals."""
        first, second = state.table.match_score
        return (first, second, first, second)

    def winners(self, state: BeloteState) -> tuple[int, ...]:
        """The winning team's two seats once the match is over; empty before."""
        if state.phase != _OVER:
            return ()
        table = state.table
        last_played = next(deal for deal in reversed(table.deals) if deal.outcome != "thrown_in")
        team = match_winner_team(table.options, table.match_score, last_played)
        assert team is not None
        return team_seats(team)

    def score_events(self, state: BeloteState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far (Belote awards points at the end of each deal)."""
        return tuple(award for deal in state.table.deals for award in deal.awards)

    # --- where the cards are ---------------------------------------------------------------
    def zones_in_deal(self, state: BeloteState) -> dict[str, tuple[Card, ...]]:
        """Where every card is in a deal: hands, turn-up, stock, current trick, tricks won by
        each team."""
        table = state.table

        zones = {f"hand {seat}": cards_in(state.hands[seat]) for seat in range(PLAYERS)}
        in_bidding = state.phase in (_BID_ROUND_1, _BID_ROUND_2)
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


def _is_legal_deal(state: BeloteState, move: Move, seat: int | None) -> bool:
    """Whether ``move`` is a deal due now that lays out exactly the deck (the common case,
    decided without the general check's sorting)."""
    return (
        type(move) is Deal
        and seat is None
        and state.phase == _DEAL_DUE
        and read_deal(move) is not None
    )


# --- transitions (moves already checked) -----------------------------------------------


def _between_deals(table: Table, phase: Phase = _DEAL_DUE) -> BeloteState:
    """The state when a deal is due (or the match is over): only the table says anything."""
    return build_state(
        table=table, phase=phase, to_act=-1, hands=(0, 0, 0, 0), stock=(), trick=(),
        leader=-1, won=(0, 0), rebelote_trick=0, played=(), legal_mask=0,
        trick_winner=-1, winning_card=-1, turn=CHANCE if phase == _DEAL_DUE else None,
    )  # fmt: skip


def _bidding(
    state: BeloteState, table: Table, phase: Phase, to_act: int, hands: tuple[int, ...]
) -> BeloteState:
    """A state of a bidding round: ``to_act`` may pass or take."""
    return build_state(
        table=table, phase=phase, to_act=to_act, hands=hands, stock=state.stock, trick=(),
        leader=-1, won=(0, 0), rebelote_trick=0, played=(), legal_mask=0,
        trick_winner=-1, winning_card=-1, turn=to_act,
    )  # fmt: skip


def _deal(
    state: BeloteState, hands: tuple[int, ...], turnup: int, stock: tuple[int, ...]
) -> BeloteState:
    table = state.table
    new_table = build_table(
        options=table.options,
        dealer=table.dealer,
        deal_number=table.deal_number + 1,
        match_score=table.match_score,
        held=table.held,
        deals=table.deals,
        turnup=turnup,
    )
    first_bidder = (table.dealer + 1) % PLAYERS
    phase = _BID_ROUND_1
    return build_state(
        table=new_table, phase=phase, to_act=first_bidder, hands=hands, stock=stock, trick=(),
        leader=-1, won=(0, 0), rebelote_trick=0, played=(), legal_mask=0,
        trick_winner=-1, winning_card=-1, turn=first_bidder,
    )  # fmt: skip


def _pass(state: BeloteState) -> BeloteState:
    table = state.table
    seat = state.to_act
    if seat != table.dealer:
        return _bidding(state, table, state.phase, (seat + 1) % PLAYERS, state.hands)
    first_bidder = (table.dealer + 1) % PLAYERS
    if state.phase == _BID_ROUND_1:
        return _bidding(state, table, _BID_ROUND_2, first_bidder, state.hands)
    thrown_in = DealResult(
        number=table.deal_number,
        dealer=table.dealer,
        outcome="thrown_in",
        turnup=DECK[table.turnup],
    )
    next_dealer = table.dealer if table.options.all_pass == "redeal_same_dealer" else first_bidder
    return _between_deals(
        build_table(
            options=table.options,
            dealer=next_dealer,
            deal_number=table.deal_number,
            match_score=table.match_score,
            held=table.held,
            deals=(*table.deals, thrown_in),
        )
    )


def _take(state: BeloteState, trump: int) -> BeloteState:
    table = state.table
    taker = state.to_act
    hands = list(state.hands)
    hands[taker] |= 1 << table.turnup
    stock = state.stock
    for seat, positions in enumerate(stock_shares(table.dealer, taker)):
        for position in positions:
            hands[seat] |= 1 << stock[position]
    king_queen = KING_QUEEN_OF[trump]
    belote_holder = next(
        (seat for seat in range(PLAYERS) if hands[seat] & king_queen == king_queen), -1
    )
    new_table = build_table(
        options=table.options,
        dealer=table.dealer,
        deal_number=table.deal_number,
        match_score=table.match_score,
        held=table.held,
        deals=table.deals,
        turnup=table.turnup,
        trump=trump,
        taker=taker,
        belote_holder=belote_holder,
        take_round=1 if state.phase == _BID_ROUND_1 else 2,
    )
    leader = (table.dealer + 1) % PLAYERS
    return build_state(
        table=new_table, phase=_PLAY, to_act=leader, hands=tuple(hands), stock=(),
        trick=(), leader=leader, won=(0, 0), rebelote_trick=0, played=(),
        legal_mask=hands[leader], trick_winner=-1, winning_card=-1, turn=leader,
    )  # fmt: skip


def _play(state: BeloteState, card: int) -> BeloteState:
    """Seat ``state.to_act`` plays ``card``: the trick's winner is updated from the card that
    was winning (one mask test), and the next seat's legal cards are computed."""
    table = state.table
    seat = state.to_act
    bit = 1 << card
    new_hands = list(state.hands)
    hand = new_hands[seat] = new_hands[seat] & ~bit
    hands = tuple(new_hands)
    trick = (*state.trick, card)
    trump = table.trump
    rebelote_trick = state.rebelote_trick
    if seat == table.belote_holder:
        king_queen = KING_QUEEN_OF[trump]
        if bit & king_queen and not hand & king_queen:
            rebelote_trick = state.tricks_played + 1
    winning_card = state.winning_card
    if winning_card < 0 or bit & _TAKES_FROM[trump][winning_card]:
        winner, winning_card = seat, card
    else:
        winner = state.trick_winner
    if len(trick) < PLAYERS:
        to_act = _NEXT_SEAT[seat]
        legal_mask = _EVALUATORS[table.options.partner_winning].following(
            trump, hands[to_act], trick[0], winning_card, winner == PARTNER_OF[to_act]
        )
        return build_state(
            table=table, phase=_PLAY, to_act=to_act, hands=hands, stock=(), trick=trick,
            leader=state.leader, won=state.won, rebelote_trick=rebelote_trick,
            played=state.played, legal_mask=legal_mask, trick_winner=winner,
            winning_card=winning_card, turn=to_act,
        )  # fmt: skip
    team = winner % 2
    trick_mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | bit
    won = state.won
    won = (won[0] | trick_mask, won[1]) if team == 0 else (won[0], won[1] | trick_mask)
    if won[0] | won[1] != _FULL_DECK_MASK:
        return build_state(
            table=table, phase=_PLAY, to_act=winner, hands=hands, stock=(), trick=(),
            leader=winner, won=won, rebelote_trick=rebelote_trick,
            played=state.played + trick, legal_mask=hands[winner], trick_winner=-1,
            winning_card=-1, turn=winner,
        )  # fmt: skip
    return _finish_deal(table, DealFacts(won, team, rebelote_trick))


def _finish_deal(table: Table, facts: DealFacts) -> BeloteState:
    result = score_deal(table, facts)
    match_score = (
        table.match_score[0] + result.points[0],
        table.match_score[1] + result.points[1],
    )
    winner = match_winner_team(table.options, match_score, result)
    next_table = build_table(
        options=table.options,
        dealer=(table.dealer + 1) % PLAYERS,
        deal_number=table.deal_number,
        match_score=match_score,
        held=result.held,
        deals=(*table.deals, result),
    )
    return _between_deals(next_table, _DEAL_DUE if winner is None else _OVER)


GAME = BeloteGame()
