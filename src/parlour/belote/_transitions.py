"""Belote's transitions: the state after each move its check has accepted (`MOVE_TRANSITIONS`,
read by `parlour.tricks.TrickGame.apply_unchecked`)."""

from __future__ import annotations

from parlour.base import PIQUET_INDEX_BY_CODE
from parlour.belote._checks import turnup_suit
from parlour.belote._dealing import (
    read_deal,
    stock_shares,
)
from parlour.belote._moves import (
    Pass,
    Play,
    Take,
)
from parlour.belote._play import FOLLOWING
from parlour.belote._scoring import (
    DealFacts,
    match_winner_team,
    score_deal,
)
from parlour.belote._state import (
    PARTNER_OF,
    BeloteState,
    DealResult,
    Phase,
    Table,
    belote_holder_of,
    build_state,
    build_state_by_position,
    build_table,
)
from parlour.belote.rules import (
    CARD_TABLE,
    DECK,
    KING_QUEEN_OF,
    PLAYERS,
)
from parlour.engine import (
    CHANCE,
    Deal,
    Move,
)
from parlour.tricks import MoveTransition

__all__ = ["MOVE_TRANSITIONS", "between_deals", "play_card"]

_FULL_DECK_MASK = (1 << 32) - 1
# An enum member read through its class costs about 0.3 µs in Python 3.11: read them once.
_DEAL_DUE = Phase.DEAL_DUE
_BID_ROUND_1 = Phase.BID_ROUND_1
_BID_ROUND_2 = Phase.BID_ROUND_2
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_TAKES_FROM = CARD_TABLE.takes_from
_NEXT_SEAT = tuple((seat + 1) % PLAYERS for seat in range(PLAYERS))


def between_deals(table: Table, phase: Phase = _DEAL_DUE) -> BeloteState:
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


def _deal_cards(
    state: BeloteState, hands: tuple[int, ...], turnup: int, stock: tuple[int, ...]
) -> BeloteState:
    """The state after a deal read by `read_deal`: the first bidding round opens, from the
    dealer's next seat."""
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
    return between_deals(
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
    belote_holder = belote_holder_of(trump, hands)
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


def play_card(state: BeloteState, move: Play) -> BeloteState:
    """Seat ``state.to_act`` plays the card of ``move``: the trick's winner is updated from the
    card that was winning (`takes_lead`'s table read in place), and the next seat's legal cards
    are computed (`legal_cards` of a trick under way: the options' follow function)."""
    card = PIQUET_INDEX_BY_CODE[move.card.code]
    table = state.table
    seat = state.to_act
    bit = 1 << card
    first, second, third, fourth = state.hands
    if seat == 0:
        hand = first = first & ~bit
    elif seat == 1:
        hand = second = second & ~bit
    elif seat == 2:
        hand = third = third & ~bit
    else:
        hand = fourth = fourth & ~bit
    hands = (first, second, third, fourth)
    trick = state.trick + (card,)  # noqa: RUF005 (half the cost of unpacking, on every card)
    trump = table.trump
    rebelote_trick = state.rebelote_trick
    if seat == table.belote_holder:
        king_queen = KING_QUEEN_OF[trump]
        if bit & king_queen and not hand & king_queen:
            rebelote_trick = state.tricks_played + 1
    winning_card = state.winning_card
    if winning_card < 0 or _TAKES_FROM[trump][winning_card] & bit:  # `takes_lead`
        winner, winning_card = seat, card
    else:
        winner = state.trick_winner
    if len(trick) < PLAYERS:
        to_act = _NEXT_SEAT[seat]
        legal_mask = FOLLOWING[table.options.partner_winning](  # `legal_cards`, trick begun
            trump, hands[to_act], trick[0], winning_card, winner == PARTNER_OF[to_act]
        )
        return build_state_by_position(
            table, _PLAY, to_act, hands, (), trick, state.leader, state.won, rebelote_trick,
            state.played, winning_card, winner, legal_mask, to_act,
        )  # fmt: skip
    team = winner % 2
    trick_mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | bit
    won = state.won
    won = (won[0] | trick_mask, won[1]) if team == 0 else (won[0], won[1] | trick_mask)
    if won[0] | won[1] == _FULL_DECK_MASK:
        facts = DealFacts(won=won, last_trick_team=team, rebelote_trick=rebelote_trick)
        return _finish_deal(table, facts)
    return build_state_by_position(
        table, _PLAY, winner, hands, (), (), winner, won, rebelote_trick, state.played + trick,
        -1, -1, hands[winner], winner,
    )  # fmt: skip


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
    return between_deals(next_table, _DEAL_DUE if winner is None else _OVER)


def _dealt(state: BeloteState, move: Deal) -> BeloteState:
    dealt = read_deal(move)
    assert dealt is not None  # check() refuses any other deal
    return _deal_cards(state, *dealt)


def _taken(state: BeloteState, move: Take) -> BeloteState:
    return _take(state, turnup_suit(state.table) if move.suit is None else int(move.suit))


MOVE_TRANSITIONS: dict[type[Move], MoveTransition] = {
    Deal: _dealt,
    Play: play_card,
    Pass: lambda state, move: _pass(state),
    Take: _taken,
}
"""The state after each move type, once `check` has accepted the move."""
