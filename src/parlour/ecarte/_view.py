"""What one seat may see of an Écarté state, and states that differ only in what it cannot see.

A seat sees its own hand and its own discards, the turn-up, the talon's size, how many cards each
player exchanged each time, the proposals and answers, the king once marked, every card played,
and the scores. It never sees the other hand, the other player's discards or the talon's cards.
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
from parlour.ecarte._play import play_evaluator
from parlour.ecarte._state import (
    PHASE_NAMES,
    DealResult,
    EcarteState,
    Phase,
)
from parlour.ecarte.rules import (
    CARD_TABLE,
    DECK,
    KING_BIT,
    NAME,
    PLAYERS,
    TEAMS,
    ScoreReasons,
    cards_in,
)
from parlour.engine import View, legal_moves
from parlour.tricks import (
    NO_TRUMP,
    CardTable,
    PlayedTrick,
    TrickView,
    excluded_by_play,
)

__all__ = ["EcarteView", "resample_hidden", "sample_state", "view"]


@attrs.frozen(slots=True, kw_only=True)
class EcarteView(View, TrickView):
    """One seat's view (``seat=None``: a spectator, who sees no hand and no discard): the `View`
    fields, then Écarté's own, and the trick helpers of `parlour.tricks.TrickView`
    (``led_suit``, ``trick_winner``; ``partner_winning`` is never true: no one has a partner).

    ``proposals`` lists this deal's proposals and answers as (seat, ``"propose"`` /
    ``"accept"`` / ``"refuse"``); ``exchanges`` the cards exchanged by the non-dealer and the
    dealer per accepted proposal; ``trick`` and ``last_trick`` list (seat, card) in playing
    order (``played`` lists every card of the deal's tricks so far, the current one included);
    ``king`` is the seat that marked the king of trumps.
    """

    deal_number: int
    discards: tuple[Card, ...]
    discard_sizes: tuple[int, int]
    turnup: Card | None
    trump: Suit | None
    talon_size: int
    proposals: tuple[tuple[int, str], ...]
    exchanges: tuple[tuple[int, int], ...]
    played_without_proposing: bool
    turnup_king: bool
    king: int | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    deals: tuple[DealResult, ...]

    def trick_ranking(self) -> tuple[CardTable, int]:
        """Écarté's card table under the deal's trump (`parlour.tricks.TrickView`)."""
        return CARD_TABLE, NO_TRUMP if self.trump is None else int(self.trump)


def proposal_history(state: EcarteState) -> tuple[tuple[int, str], ...]:
    """This deal's proposals and the dealer's answers, in order, as (seat, word)."""
    exchange = state.exchange
    nondealer = state.table.nondealer
    dealer = state.table.dealer
    history: list[tuple[int, str]] = []
    for number in range(1, exchange.proposals + 1):
        history.append((nondealer, "propose"))
        if number == exchange.refused:
            history.append((dealer, "refuse"))
        elif number <= len(exchange.exchanges) or state.phase is Phase.DISCARD_NONDEALER:
            history.append((dealer, "accept"))
    return tuple(history)


def view(state: EcarteState, seat: int | None) -> EcarteView:
    """What ``seat`` may see of ``state``; two states differing only in cards hidden from
    ``seat`` give equal views."""
    table = state.table
    phase = state.phase
    in_deal = phase is not Phase.DEAL_DUE and phase is not Phase.OVER
    to_act = state.to_act if in_deal else None
    exchange = state.exchange
    leader = state.to_act if not state.trick else 1 - state.to_act
    finished = tuple(
        ((trick_leader, DECK[first]), (1 - trick_leader, DECK[second]))
        for trick_leader, first, second in state.finished_tricks
    )
    last_trick = finished[-1] if finished else ()
    own = in_deal and seat is not None
    trick = tuple(((leader + i) % PLAYERS, DECK[card]) for i, card in enumerate(state.trick))
    return EcarteView(
        game=NAME,
        options=state.table.options,
        seat=seat,
        phase=PHASE_NAMES[phase],
        to_act=to_act,
        dealer=table.dealer,
        deal_number=table.deal_number,
        hand=cards_in(state.hands[seat]) if own and seat is not None else (),
        discards=cards_in(exchange.discards[seat]) if own and seat is not None else (),
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        discard_sizes=(exchange.discards[0].bit_count(), exchange.discards[1].bit_count()),
        turnup=DECK[table.turnup] if in_deal else None,
        trump=Suit(table.trump) if in_deal else None,
        talon_size=len(exchange.talon),
        proposals=proposal_history(state),
        exchanges=exchange.exchanges,
        played_without_proposing=exchange.played_without_proposing,
        turnup_king=any(award.reason == ScoreReasons.TURNUP_KING.id for award in table.awards),
        king=table.king if table.king >= 0 else None,
        teams=TEAMS,
        played=(*(play for pair in finished for play in pair), *trick),
        trick=trick,
        last_trick=last_trick,
        tricks_won=(state.won[0].bit_count() // 2, state.won[1].bit_count() // 2),
        match_score=table.match_score,
        deals=table.deals,
        moves=legal_moves(state) if seat is not None and to_act == seat else (),
    )


def resample_hidden(state: EcarteState, seat: int | None, rng: random.Random) -> EcarteState:
    """A state ``seat`` cannot tell from ``state``: the cards it cannot see are redealt at random
    among the places it cannot see (the other hand, the talon, the other player's discards; for a
    spectator both hands and both discards), each keeping its size.

    A king of trumps that has been marked is public and stays where it is. Useful for search
    bots (determinization).
    """
    if state.phase is Phase.DEAL_DUE or state.phase is Phase.OVER:
        return state
    table = state.table
    exchange = state.exchange
    fixed = KING_BIT[table.trump] if table.king >= 0 else 0
    hidden_seats = [other for other in range(PLAYERS) if other != seat]
    hands = list(state.hands)
    discards = list(exchange.discards)
    pool: list[int] = []
    for other in hidden_seats:
        for mask in (hands[other] & ~fixed, discards[other]):
            pool.extend(index for index in range(32) if mask >> index & 1)
    pool.extend(exchange.talon)
    pool.sort()
    rng.shuffle(pool)
    position = 0

    def take(count: int) -> int:
        nonlocal position
        mask = 0
        for index in pool[position : position + count]:
            mask |= 1 << index
        position += count
        return mask

    for other in hidden_seats:
        hands[other] = (hands[other] & fixed) | take((hands[other] & ~fixed).bit_count())
        discards[other] = take(discards[other].bit_count())
    talon = tuple(pool[position:])
    resampled = attrs.evolve(exchange, talon=talon, discards=(discards[0], discards[1]))
    return state._replace(hands=(hands[0], hands[1]), exchange=resampled)


def _visible_tricks(state: EcarteState) -> tuple[PlayedTrick, ...]:
    """The tricks of this deal, every one played under the duties: the finished ones and the
    current one."""
    tricks: list[PlayedTrick] = [
        (leader, (first, second)) for leader, first, second in state.finished_tricks
    ]
    if state.trick:
        tricks.append((1 - state.to_act, state.trick))
    return tuple(tricks)


def sample_state(state: EcarteState, seat: int | None, rng: random.Random) -> EcarteState:
    """A state ``seat`` cannot tell from ``state`` that agrees with what the play showed: the
    hidden cards (the other hand, the other player's discards, the talon; for a spectator both
    hands and both discards) dealt again by `deal_hidden`, each place keeping its size, a marked
    king staying put, and no hand given a card that a trick of this deal shows its holder
    lacked (`excluded_by_play`, over every trick of the deal)."""
    if state.phase is Phase.DEAL_DUE or state.phase is Phase.OVER:
        return state
    table = state.table
    exchange = state.exchange
    fixed = KING_BIT[table.trump] if table.king >= 0 else 0
    hidden_seats = [other for other in range(PLAYERS) if other != seat]
    free = [hand & ~fixed for hand in state.hands]
    hidden = 0
    for other in hidden_seats:
        hidden |= free[other] | exchange.discards[other]
    for card in exchange.talon:
        hidden |= 1 << card
    excluded = (0,) * PLAYERS
    if state.phase is Phase.PLAY:
        evaluator = play_evaluator(table.options)
        excluded = excluded_by_play(evaluator, table.trump, _visible_tricks(state), hidden)
    places: list[HiddenPlace] = []
    for other in hidden_seats:
        places.append(HiddenPlace(size=free[other].bit_count(), excluded=excluded[other]))
        places.append(HiddenPlace(size=exchange.discards[other].bit_count()))
    places.append(HiddenPlace(size=len(exchange.talon)))
    groups = deal_hidden([card for card in range(32) if hidden >> card & 1], places, rng)
    hands = list(state.hands)
    discards = list(exchange.discards)
    for number, other in enumerate(hidden_seats):
        hands[other] = (hands[other] & fixed) | _mask(groups[2 * number])
        discards[other] = _mask(groups[2 * number + 1])
    talon = list(groups[-1])
    rng.shuffle(talon)
    resampled = attrs.evolve(exchange, talon=tuple(talon), discards=(discards[0], discards[1]))
    return state._replace(hands=(hands[0], hands[1]), exchange=resampled)


def _mask(cards: tuple[int, ...]) -> int:
    """The bitmask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
