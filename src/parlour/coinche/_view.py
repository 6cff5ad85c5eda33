"""What one seat may see of a Coinche state, and states that differ only in what it cannot see.

A seat sees its own 8 cards, the whole auction, every card played and who played it, the tricks'
winners, each belote once its holder has played the first card of the pair (rules C.10), and
with the option ``announcements`` the scoring side's melds once trick 1 is complete (C.9). It
never sees another hand.
"""

from __future__ import annotations

import random

import attrs

from parlour.base import (
    Card,
    HiddenPlace,
    deal_hidden,
)
from parlour.coinche._announcements import shown_melds
from parlour.coinche._card_values import denomination_index
from parlour.coinche._cardplay import evaluator_for, finished_tricks
from parlour.coinche._moves import BIDS
from parlour.coinche._state import CoincheState, DealResult, Phase
from parlour.coinche.rules import (
    CARD_TABLE,
    DECK,
    DENOMINATIONS,
    KING_QUEEN_OF,
    NAME,
    PLAYERS,
    TEAMS,
    belote_suits,
    cards_in,
    trick_trump,
)
from parlour.engine import View
from parlour.tricks import NO_TRUMP, CardTable, TrickView, excluded_by_play

__all__ = [
    "PHASE_NAMES",
    "CoincheView",
    "announced_belotes",
    "played_in_order",
    "played_masks",
    "resample_hidden",
    "sample_state",
    "view",
]

PHASE_NAMES = {
    Phase.DEAL_DUE: "deal_due",
    Phase.AUCTION: "auction",
    Phase.PLAY: "play",
    Phase.OVER: "over",
}
"""The name of each phase, in views and positions."""


@attrs.frozen(slots=True, kw_only=True)
class CoincheView(View, TrickView):
    """One seat's view (``seat=None``: a spectator, who sees no hand): the `View` fields, then
    Coinche's own, and the trick helpers of `parlour.tricks.TrickView` (``led_suit``,
    ``trick_winner``, ``partner_winning``) with ``denomination``, the contract's.

    ``auction`` lists this deal's auction as (seat, move text); ``contract`` is the standing
    bid's text (``"bid 90 H"``, ``None`` before the first bid), ``bidder`` its seat and
    ``level`` 0, 1 (coinched) or 2 (surcoinched); ``trick`` and ``last_trick`` list (seat,
    card) in playing order; ``belotes`` the belotes announced as (seat, suit letter);
    ``announcements`` the scoring side's melds once trick 1 is complete (option
    ``announcements``), as (seat, kind, points, cards): kind ``tierce``, ``cinquante``,
    ``cent`` or ``carre``.
    """

    deal_number: int
    auction: tuple[tuple[int, str], ...]
    contract: str | None
    bidder: int | None
    level: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    belotes: tuple[tuple[int, str], ...]
    announcements: tuple[tuple[int, str, int, tuple[Card, ...]], ...]
    deals: tuple[DealResult, ...]

    @property
    def denomination(self) -> str | None:
        """The standing contract's denomination as written in it (``S H D C SA TA``), what
        `parlour.coinche.card_points` and ``card_strength`` take; ``None`` with no contract."""
        if self.contract is None:
            return None
        return DENOMINATIONS[_BID_BY_TEXT[self.contract].denomination]

    def trick_ranking(self) -> tuple[CardTable, int]:
        """Belote's card table under the trick's own trump (`trick_trump`: the contract's suit,
        none in SA, the suit led in TA), for `parlour.tricks.TrickView`."""
        denomination = self.denomination
        if denomination is None:  # no trick is played without a contract
            return CARD_TABLE, NO_TRUMP
        led = CARD_TABLE.index_of[self.trick[0][1]]
        return CARD_TABLE, trick_trump(denomination_index(denomination), led)


_BID_BY_TEXT = {str(bid): bid for bid in BIDS.values()}
"""Every bid by its text (a view's ``contract``)."""


def _in_deal(state: CoincheState) -> bool:
    return state.phase in (Phase.AUCTION, Phase.PLAY)


def _finished(state: CoincheState) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    if state.phase != Phase.PLAY or not state.played:
        return ()
    return finished_tricks(state.played, state.first_leader, state.bid_denomination)


def played_in_order(state: CoincheState) -> tuple[tuple[int, Card], ...]:
    """Every card played in the deal so far, the current trick's included, as (seat, card)."""
    if state.phase != Phase.PLAY:
        return ()
    pairs = [
        ((leader + offset) % PLAYERS, DECK[card])
        for leader, cards, _ in _finished(state)
        for offset, card in enumerate(cards)
    ]
    pairs.extend(
        ((state.leader + offset) % PLAYERS, DECK[card]) for offset, card in enumerate(state.trick)
    )
    return tuple(pairs)


def played_masks(state: CoincheState) -> tuple[int, ...]:
    """Per seat, the mask of the cards it has played in this deal (current trick included)."""
    return tuple(state.dealt[seat] & ~state.hands[seat] for seat in range(PLAYERS))


def announced_belotes(state: CoincheState) -> tuple[tuple[int, int], ...]:
    """The belotes announced so far, as (seat, suit): the seat dealt the king and queen of a
    belote suit (rules C.5) has played one of them."""
    if state.phase != Phase.PLAY:
        return ()
    found = []
    for suit in belote_suits(state.bid_denomination):
        pair = KING_QUEEN_OF[suit]
        for seat in range(PLAYERS):
            if state.dealt[seat] & pair == pair and state.hands[seat] & pair != pair:
                found.append((seat, suit))
    return tuple(found)


def view(state: CoincheState, seat: int | None) -> CoincheView:
    """What ``seat`` may see of ``state``; two states differing only in cards hidden from
    ``seat`` give equal views."""
    table = state.table
    in_deal = _in_deal(state)
    to_act = state.to_act if in_deal else None
    finished = _finished(state)
    last_trick: tuple[tuple[int, Card], ...] = ()
    tricks_won = [0, 0]
    for leader, cards, winner in finished:
        tricks_won[winner % 2] += 1
        last_trick = tuple(((leader + i) % PLAYERS, DECK[card]) for i, card in enumerate(cards))
    contract = None
    if in_deal and state.bid_value:
        contract = next(str(move) for _, move in reversed(state.auction) if str(move)[:3] == "bid")
    return CoincheView(
        game=NAME,
        options=state.table.options,
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        to_act=to_act,
        dealer=table.dealer,
        hand=cards_in(state.hands[seat]) if seat is not None and in_deal else (),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands) if in_deal else (0,) * 4,
        teams=TEAMS,
        match_score=table.match_score,
        played=played_in_order(state),
        moves=state.legal if seat is not None and to_act == seat else (),
        deal_number=table.deal_number,
        auction=tuple((speaker, str(move)) for speaker, move in state.auction) if in_deal else (),
        contract=contract,
        bidder=state.bid_seat if contract is not None else None,
        level=state.level if in_deal else 0,
        trick=tuple(((state.leader + i) % PLAYERS, DECK[c]) for i, c in enumerate(state.trick)),
        last_trick=last_trick,
        tricks_won=(tricks_won[0], tricks_won[1]),
        belotes=tuple((holder, DENOMINATIONS[suit]) for holder, suit in announced_belotes(state)),
        announcements=tuple(
            (holder, meld.kind, meld.points, cards_in(meld.cards))
            for holder, meld in shown_melds(state)
        ),
        deals=table.deals,
    )


def _fixed(state: CoincheState) -> int:
    """The cards whose place every seat knows: the rest of each announced belote pair and of
    each shown announcement."""
    fixed = 0
    for _, suit in announced_belotes(state):
        fixed |= KING_QUEEN_OF[suit]
    for _, meld in shown_melds(state):
        fixed |= meld.cards
    return fixed


def _excluded(state: CoincheState, hidden: int, with_voids: bool) -> list[int]:
    """Per seat, the hidden cards its play shows it cannot hold: the suits it did not follow
    and the trumps it could not have held (`excluded_by_play`, trick by trick under each
    trick's trump), and the other card of a belote pair it played without announcing."""
    excluded = [0] * PLAYERS
    if state.phase != Phase.PLAY:
        return excluded
    evaluator = evaluator_for(state.table.options, state.bid_denomination)
    tricks = [(leader, cards) for leader, cards, _ in _finished(state)]
    if state.trick:
        tricks.append((state.leader, state.trick))
    for leader, cards in tricks if with_voids else ():
        trump = trick_trump(state.bid_denomination, cards[0])
        shown = excluded_by_play(evaluator, trump, [(leader, cards)], hidden)
        for other in range(PLAYERS):
            excluded[other] |= shown[other]
    played = played_masks(state)
    announced = {(holder, suit) for holder, suit in announced_belotes(state)}
    for suit in belote_suits(state.bid_denomination):
        pair = KING_QUEEN_OF[suit]
        for other in range(PLAYERS):
            if played[other] & pair and (other, suit) not in announced:
                excluded[other] |= pair & ~played[other]
    return excluded


MELD_TRIES = 200
"""How many redeals `_deal_again` tries for one that shows the same announcements before it
keeps the state's own hands (one such deal always exists: the state's)."""


def _deal_again(
    state: CoincheState, seat: int | None, rng: random.Random, with_voids: bool
) -> CoincheState:
    """The other hands dealt again by `deal_hidden`, each keeping its size, an announced
    belote's second card and a shown announcement's cards staying put, and no hand given a card
    `_excluded` rules out (the plays' evidence only ``with_voids``; the belote pairs' always, so
    that the belotes stay as seen). Once trick 1 is complete with announcements on, a redeal
    that would show other ones (a new meld, a better one on the other side, or one where none
    was shown) is drawn again, up to `MELD_TRIES`
    times, after which the hands stay as they are."""
    if not _in_deal(state):
        return state
    fixed = _fixed(state)
    others = [other for other in range(PLAYERS) if other != seat]
    free = [state.hands[other] & ~fixed for other in range(PLAYERS)]
    hidden = 0
    for other in others:
        hidden |= free[other]
    excluded = _excluded(state, hidden, with_voids)
    places = [
        HiddenPlace(size=free[other].bit_count(), excluded=excluded[other]) for other in others
    ]
    cards = [card for card in range(32) if hidden >> card & 1]
    played = played_masks(state)
    keep_melds = state.table.options.announcements and len(state.played) >= PLAYERS
    shown = shown_melds(state)
    for _ in range(MELD_TRIES if keep_melds else 1):
        groups = deal_hidden(cards, places, rng)
        hands = list(state.hands)
        for other, group in zip(others, groups, strict=True):
            hands[other] &= fixed
            for card in group:
                hands[other] |= 1 << card
        dealt = tuple(hands[other] | played[other] for other in range(PLAYERS))
        again = state._replace(hands=tuple(hands), dealt=dealt)
        if not keep_melds or shown_melds(again) == shown:
            return again
    return state


def resample_hidden(state: CoincheState, seat: int | None, rng: random.Random) -> CoincheState:
    """A state ``seat`` cannot tell from ``state``: the cards of the other hands redealt at
    random among them, each keeping its size; the belotes stay as seen (an announced belote's
    second card stays put; no seat gets the other card of a pair it played unannounced), and so
    do the announcements shown (see `_deal_again`)."""
    return _deal_again(state, seat, rng, with_voids=False)


def sample_state(state: CoincheState, seat: int | None, rng: random.Random) -> CoincheState:
    """A state ``seat`` cannot tell from ``state`` that agrees with what the play showed: as
    `resample_hidden`, and no hand given a card its holder's plays show it lacked (a suit it did
    not follow, a trump it would have had to play)."""
    return _deal_again(state, seat, rng, with_voids=True)
