"""Coinche's checks and transitions of each move type once it is the seat's turn in a deal under
way (`MOVE_CHECKS` and `MOVE_TRANSITIONS`, read by `parlour.tricks.TrickGame`): the auction by
`parlour.coinche._auction`, the card play by `parlour.coinche._cardplay`, the score by
`parlour.coinche._scoring`."""

from __future__ import annotations

from parlour.base import PIQUET_INDEX_BY_CODE, Card
from parlour.coinche._announcements import announcement_points
from parlour.coinche._auction import auction_step, auction_violation
from parlour.coinche._cardplay import evaluator_for, finished_tricks
from parlour.coinche._moves import Bid, Coinche, Pass, Play, Surcoinche
from parlour.coinche._options import Options
from parlour.coinche._scoring import build_deal_facts, match_winner_team, score_deal
from parlour.coinche._state import (
    CoincheState,
    DealResult,
    Phase,
    Table,
    build_state,
    build_table,
    first_leader_of,
)
from parlour.coinche.rules import (
    BELOTE_POINTS,
    CARD_TABLE,
    DEAL_LAYOUT,
    GENERALE,
    KING_QUEEN_OF,
    PLAYERS,
    TRICK_TRUMPS,
    belote_suits,
)
from parlour.engine import Deal, Move, Violation
from parlour.tricks import (
    MoveCheck,
    MoveTransition,
    OpeningStates,
    broken_obligation,
    not_a_card,
    not_held,
)

__all__ = [
    "MOVE_CHECKS",
    "MOVE_TRANSITIONS",
    "belote_points",
    "between_deals",
    "opening_state",
    "read_hands",
]

_DEAL_DUE = Phase.DEAL_DUE
_AUCTION = Phase.AUCTION
_PLAY = Phase.PLAY
_TAKES_FROM = CARD_TABLE.takes_from
_NEXT_SEAT = tuple((seat + 1) % PLAYERS for seat in range(PLAYERS))
_AUCTION_OVER = Violation("phase.wrong_move", "the auction is over: play a card")
_FULL_DECK_MASK = (1 << 32) - 1


def between_deals(table: Table, phase: Phase = _DEAL_DUE) -> CoincheState:
    """The state when a deal is due (or the match is over): only the table says anything."""
    return build_state(
        table, phase, -1, _NO_HANDS, _NO_HANDS, (), 0, -1, -1, 0, 0, (), -1, (0, 0), (), -1
    )


_NO_HANDS = (0, 0, 0, 0)


def _new_match(options: Options, dealer: int) -> CoincheState:
    """The state of a new match: a deal by ``dealer`` is due."""
    return between_deals(build_table(options=options, dealer=dealer))


opening_state = OpeningStates(_new_match)
"""The state of a new match, built once per options record and dealer."""


def read_hands(deal: Deal) -> tuple[int, ...] | None:
    """The four hand masks of ``deal`` if it lays out exactly the deck in four 8-card hands,
    else ``None``."""
    reading = DEAL_LAYOUT.read(deal)
    if reading is None:
        return None
    hands, _ = reading
    return tuple(hands)


def _dealt(state: CoincheState, move: Deal) -> CoincheState:
    hands = read_hands(move)
    assert hands is not None  # check() refuses any other deal
    table = state.table
    new_table = build_table(
        options=table.options, dealer=table.dealer, deal_number=table.deal_number + 1,
        match_score=table.match_score, deals=table.deals,
    )  # fmt: skip
    return build_state(
        new_table, _AUCTION, (table.dealer + 1) % PLAYERS, hands, hands, (), 0, -1, -1, 0, 0,
        (), -1, (0, 0), (), -1,
    )  # fmt: skip


# --- the auction -----------------------------------------------------------------------------


def _check_auction(state: CoincheState, move: Move) -> Violation | None:
    if state.phase != _AUCTION:
        return _AUCTION_OVER
    return auction_violation(
        state.table.options, move, state.bid_value, state.bid_seat, state.level, state.to_act
    )


def _speak(state: CoincheState, move: Move) -> CoincheState:
    table = state.table
    step = auction_step(
        table.options, move, state.bid_value, state.bid_denomination, state.bid_seat,
        state.level, state.passes, state.to_act,
    )  # fmt: skip
    auction = (*state.auction, (state.to_act, move))
    if step.next == "throw_in":
        thrown_in = DealResult(number=table.deal_number, dealer=table.dealer, outcome="thrown_in")
        same = table.options.all_pass == "redeal_same_dealer"
        return between_deals(
            build_table(
                options=table.options,
                dealer=table.dealer if same else (table.dealer + 1) % PLAYERS,
                deal_number=table.deal_number,
                match_score=table.match_score,
                deals=(*table.deals, thrown_in),
            )
        )
    if step.next == "speak":
        phase, to_act, leader = _AUCTION, step.to_act, -1
    else:
        phase, to_act = _PLAY, first_leader_of(table.dealer, step.value, step.bidder)
        leader = to_act
    return build_state(
        table, phase, to_act, state.dealt, state.hands, auction, step.value, step.denomination,
        step.bidder, step.level, step.passes, (), leader, (0, 0), (), -1,
    )  # fmt: skip


# --- the play ----------------------------------------------------------------------------------


def _check_play(state: CoincheState, move: Play) -> Violation | None:
    card = move.card
    if type(card) is Card:
        index = PIQUET_INDEX_BY_CODE[card.code]
        if index >= 0 and state.legal_mask >> index & 1:  # the common case: a legal card
            return None
    return _play_violation(state, move)


def _play_violation(state: CoincheState, move: Play) -> Violation | None:
    """Why ``move`` may not be played (``None``: it may), reason by reason in order: the first
    obligation of the contract's evaluator that rules the card out."""
    card = move.card
    if type(card) is not Card:
        return not_a_card(move)
    if state.phase != _PLAY:
        return Violation("phase.wrong_move", "the auction is not over: pass, bid or coinche")
    index = PIQUET_INDEX_BY_CODE[card.code]
    hand = state.hands[state.to_act]
    if index < 0 or not hand >> index & 1:
        return not_held(card)
    if state.legal_mask >> index & 1:
        return None
    denomination = state.bid_denomination
    evaluator = evaluator_for(state.table.options, denomination)
    trump = TRICK_TRUMPS[denomination][state.trick[0]]
    return broken_obligation(evaluator, trump, hand, state.trick, index)


def belote_points(state: CoincheState) -> tuple[int, int]:
    """Each team's belote points (rules C.5): 20 for each belote suit whose king and queen one
    seat was dealt."""
    points = [0, 0]
    for suit in belote_suits(state.bid_denomination):
        pair = KING_QUEEN_OF[suit]
        for seat, hand in enumerate(state.dealt):
            if hand & pair == pair:
                points[seat % 2] += BELOTE_POINTS
    return (points[0], points[1])


def _play_card(state: CoincheState, move: Play) -> CoincheState:
    """Seat ``state.to_act`` plays the card of ``move``: the card winning the trick follows
    from the one that was winning (`parlour.coinche._cardplay.winning_card_after`'s table read
    in place), and `build_state` derives the rest."""
    card = PIQUET_INDEX_BY_CODE[move.card.code]
    seat = state.to_act
    bit = 1 << card
    first, second, third, fourth = state.hands
    if seat == 0:
        first &= ~bit
    elif seat == 1:
        second &= ~bit
    elif seat == 2:
        third &= ~bit
    else:
        fourth &= ~bit
    hands = (first, second, third, fourth)
    trick = state.trick + (card,)  # noqa: RUF005 (half the cost of unpacking, on every card)
    denomination = state.bid_denomination
    winning = state.winning_card
    if winning < 0 or _TAKES_FROM[TRICK_TRUMPS[denomination][trick[0]]][winning] & bit:
        winning = card  # `winning_card_after`
    if len(trick) < PLAYERS:
        return build_state(
            state.table, _PLAY, _NEXT_SEAT[seat], state.dealt, hands, state.auction,
            state.bid_value, denomination, state.bid_seat, state.level, state.passes, trick,
            state.leader, state.won, state.played, winning,
        )  # fmt: skip
    winner = (state.leader + trick.index(winning)) % PLAYERS
    mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | bit
    won = state.won
    won = (won[0] | mask, won[1]) if winner % 2 == 0 else (won[0], won[1] | mask)
    played = state.played + trick
    if won[0] | won[1] != _FULL_DECK_MASK:
        return build_state(
            state.table, _PLAY, winner, state.dealt, hands, state.auction, state.bid_value,
            denomination, state.bid_seat, state.level, state.passes, (), winner, won, played,
            -1,
        )  # fmt: skip
    table = state.table
    bidder = state.bid_seat
    bidder_tricks = None
    if state.bid_value == GENERALE:  # the one contract that counts the bidder's own tricks
        tricks = finished_tricks(played, state.first_leader, denomination)
        bidder_tricks = sum(1 for _, _, taker in tricks if taker == bidder)
    facts = build_deal_facts(
        number=table.deal_number, dealer=table.dealer, value=state.bid_value,
        denomination=denomination, taker=bidder, level=state.level, won=won,
        last_trick_team=winner % 2, bidder_tricks=bidder_tricks, belote=belote_points(state),
        announcements=announcement_points(state),
    )  # fmt: skip
    result = score_deal(table.options, facts)
    match_score = (
        table.match_score[0] + result.points[0],
        table.match_score[1] + result.points[1],
    )
    over = match_winner_team(table.options, match_score, result) is not None
    return between_deals(
        build_table(
            options=table.options, dealer=(table.dealer + 1) % PLAYERS,
            deal_number=table.deal_number, match_score=match_score,
            deals=(*table.deals, result),
        ),
        Phase.OVER if over else Phase.DEAL_DUE,
    )  # fmt: skip


MOVE_CHECKS: dict[type[Move], MoveCheck] = {
    Play: _check_play,
    Pass: _check_auction,
    Bid: _check_auction,
    Coinche: _check_auction,
    Surcoinche: _check_auction,
}
"""The check of each Coinche move type (the deal is checked by `parlour.engine`)."""

MOVE_TRANSITIONS: dict[type[Move], MoveTransition] = {
    Deal: _dealt,
    Play: _play_card,
    Pass: _speak,
    Bid: _speak,
    Coinche: _speak,
    Surcoinche: _speak,
}
"""The state after each move type, once `check` has accepted the move."""
