"""What one seat may see of a Belote state, and states that differ only in what it cannot see.

A seat sees its own hand, the turn-up (face up until the taker picks it up, and known to be in
the taker's hand after), the bidding, every card played, the tricks' winners, and a belote once
its holder has played the first of the pair. It never sees another hand or the stock.
"""

from __future__ import annotations

import random

import attrs

from parlour.base import (
    Card,
    HiddenPlace,
    Suit,
    deal_hidden,
)
from parlour.belote._history import (
    belote_announced,
    play_tricks,
    played_in_order,
    played_masks,
)
from parlour.belote._play import play_evaluator
from parlour.belote._state import (
    BeloteState,
    DealResult,
    Phase,
    Table,
    belote_holder_of,
)
from parlour.belote.rules import CARD_TABLE, DECK, KING_QUEEN_OF, NAME, PLAYERS, TEAMS, cards_in
from parlour.engine import View, legal_moves
from parlour.tricks import NO_TRUMP, CardTable, TrickView, excluded_by_play

__all__ = ["PHASE_NAMES", "BeloteView", "resample_hidden", "sample_state", "view"]

PHASE_NAMES = {
    Phase.DEAL_DUE: "deal_due",
    Phase.BID_ROUND_1: "bidding_round_1",
    Phase.BID_ROUND_2: "bidding_round_2",
    Phase.PLAY: "play",
    Phase.OVER: "over",
}
"""The name of each phase, in views and positions."""


@attrs.frozen(slots=True, kw_only=True)
class BeloteView(View, TrickView):
    """One seat's view (``seat=None``: a spectator, who sees no hand): the `View` fields, then
    Belote's own, and the trick helpers of `parlour.tricks.TrickView` (``led_suit``,
    ``trick_winner``, ``partner_winning``).

    ``bids`` lists this deal's bidding as (seat, move text); ``trick`` and ``last_trick`` list
    (seat, card) in playing order; ``belote_announced`` is the seat that has announced belote.
    """

    deal_number: int
    turnup: Card | None
    stock_size: int
    bids: tuple[tuple[int, str], ...]
    trump: Suit | None
    taker: int | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    belote_announced: int | None
    held: int
    deals: tuple[DealResult, ...]

    def trick_ranking(self) -> tuple[CardTable, int]:
        """Belote's card table under the deal's trump (`parlour.tricks.TrickView`)."""
        return CARD_TABLE, NO_TRUMP if self.trump is None else int(self.trump)


def _bids(state: BeloteState) -> tuple[tuple[int, str], ...]:
    table = state.table
    first = (table.dealer + 1) % PLAYERS
    if state.phase == Phase.BID_ROUND_1:
        count = (state.to_act - first) % PLAYERS
        return tuple(((first + i) % PLAYERS, "pass") for i in range(count))
    if state.phase == Phase.BID_ROUND_2:
        count = PLAYERS + (state.to_act - first) % PLAYERS
        return tuple(((first + i) % PLAYERS, "pass") for i in range(count))
    if state.phase == Phase.PLAY:
        passes = (table.taker - first) % PLAYERS + (PLAYERS if table.take_round == 2 else 0)
        take = "take" if table.take_round == 1 else f"take {Suit(table.trump).letter}"
        return (
            *(((first + i) % PLAYERS, "pass") for i in range(passes)),
            (table.taker, take),
        )
    return ()


def view(state: BeloteState, seat: int | None) -> BeloteView:
    """What ``seat`` may see of ``state``; two states differing only in cards hidden from
    ``seat`` give equal views."""
    table = state.table
    phase = state.phase
    in_deal = phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.PLAY)
    to_act = state.to_act if in_deal else None
    leader = state.leader
    last_trick: tuple[tuple[int, Card], ...] = ()
    if state.last_trick is not None:
        last_leader, cards = state.last_trick
        last_trick = tuple(
            ((last_leader + i) % PLAYERS, DECK[card]) for i, card in enumerate(cards)
        )
    trick = tuple(((leader + i) % PLAYERS, DECK[card]) for i, card in enumerate(state.trick))
    return BeloteView(
        game=NAME,
        options=state.table.options,
        seat=seat,
        phase=PHASE_NAMES[phase],
        to_act=to_act,
        dealer=table.dealer,
        deal_number=table.deal_number,
        hand=cards_in(state.hands[seat]) if seat is not None and in_deal else (),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands) if in_deal else (0,) * 4,
        turnup=DECK[table.turnup] if in_deal else None,
        stock_size=len(state.stock),
        bids=_bids(state),
        trump=Suit(table.trump) if phase == Phase.PLAY else None,
        taker=table.taker if phase == Phase.PLAY else None,
        teams=TEAMS,
        played=played_in_order(state),
        trick=trick,
        last_trick=last_trick,
        tricks_won=(state.won[0].bit_count() // 4, state.won[1].bit_count() // 4),
        belote_announced=belote_announced(state),
        match_score=table.match_score,
        held=table.held,
        deals=table.deals,
        moves=legal_moves(state) if seat is not None and to_act == seat else (),
    )


def _public_places(state: BeloteState, announced: int | None) -> int:
    """The cards of the hands whose place every seat knows: in the play, the turn-up (in the
    taker's hand) and, once belote is ``announced``, the king and queen of trumps (in its
    holder's)."""
    if state.phase != Phase.PLAY:
        return 0
    table = state.table
    fixed = 1 << table.turnup
    if announced is not None:
        fixed |= KING_QUEEN_OF[table.trump]
    return fixed


def _holder_again(state: BeloteState, announced: int | None, hands: list[int]) -> Table:
    """The table of a state whose hidden cards were dealt again as ``hands``: in the play, while
    no belote is ``announced``, its holder is whoever now holds the pair (`belote_holder_of`,
    the take's own rule)."""
    table = state.table
    if state.phase != Phase.PLAY or announced is not None:
        return table
    return attrs.evolve(table, belote_holder=belote_holder_of(table.trump, hands))


def resample_hidden(state: BeloteState, seat: int | None, rng: random.Random) -> BeloteState:
    """A state ``seat`` cannot tell from ``state``: the cards it cannot see are redealt at random
    among the places it cannot see (other hands and the stock), each keeping its size.

    Cards whose place is public stay put: the turn-up in the taker's hand, and the second card of
    an announced belote in its holder's hand. Useful for search bots (determinization).
    """
    if state.phase in (Phase.DEAL_DUE, Phase.OVER):
        return state
    announced = belote_announced(state)
    fixed = _public_places(state, announced)
    hidden_seats = [other for other in range(PLAYERS) if other != seat]
    pool = [
        index
        for other in hidden_seats
        for index in range(32)
        if (state.hands[other] & ~fixed) >> index & 1
    ]
    pool.extend(state.stock)
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    position = 0
    for other in hidden_seats:
        free = (hands[other] & ~fixed).bit_count()
        hands[other] &= fixed
        for index in pool[position : position + free]:
            hands[other] |= 1 << index
        position += free
    stock = tuple(pool[position:])
    new_table = _holder_again(state, announced, hands)
    return state._replace(table=new_table, hands=tuple(hands), stock=stock)


def _pair_excluded(state: BeloteState) -> list[int]:
    """Per seat, the belote card it cannot hold: while no belote is announced, a seat that has
    played the king or the queen of trumps did not hold the other (it would have announced)."""
    king_queen = KING_QUEEN_OF[state.table.trump]
    return [king_queen & ~mask if mask & king_queen else 0 for mask in played_masks(state)]


def sample_state(state: BeloteState, seat: int | None, rng: random.Random) -> BeloteState:
    """A state ``seat`` cannot tell from ``state`` that agrees with what its play showed: the
    hidden cards (other hands and the stock) dealt again by `deal_hidden`, each place keeping
    its size, with the turn-up and an announced belote card staying put, and no hand given a
    card that a trick of the deal shows its holder lacked (`excluded_by_play` over every trick
    played so far) or the second card of a belote it played without announcing."""
    if state.phase in (Phase.DEAL_DUE, Phase.OVER):
        return state
    table = state.table
    announced = belote_announced(state)
    fixed = _public_places(state, announced)
    hidden_seats = [other for other in range(PLAYERS) if other != seat]
    free = [state.hands[other] & ~fixed for other in range(PLAYERS)]
    hidden = 0
    for other in hidden_seats:
        hidden |= free[other]
    for card in state.stock:
        hidden |= 1 << card
    excluded = [0] * PLAYERS
    if state.phase == Phase.PLAY:
        tricks = play_tricks(state)
        shown = excluded_by_play(play_evaluator(table.options), table.trump, tricks, hidden)
        pair = _pair_excluded(state) if announced is None else [0] * PLAYERS
        excluded = [shown[other] | pair[other] for other in range(PLAYERS)]
    places = [
        *(
            HiddenPlace(size=free[other].bit_count(), excluded=excluded[other])
            for other in hidden_seats
        ),
        HiddenPlace(size=len(state.stock)),
    ]
    groups = deal_hidden([card for card in range(32) if hidden >> card & 1], places, rng)
    hands = list(state.hands)
    for other, group in zip(hidden_seats, groups, strict=False):
        hands[other] &= fixed
        for card in group:
            hands[other] |= 1 << card
    stock = list(groups[-1])
    rng.shuffle(stock)
    new_table = _holder_again(state, announced, hands)
    return state._replace(table=new_table, hands=tuple(hands), stock=tuple(stock))
