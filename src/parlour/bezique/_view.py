"""What one seat may see of a Bezique state, and states that differ only in what it cannot see.

A seat sees its own hand, both players' melds on the table (with the meld classes each card has
scored in), the cards of each hand that the other player knows of (a turn-up taken by exchange,
a shown seven, the melds picked up for the last stage, the turn-up taken after trick 24 and,
under ``reveal_last_stock_card``, the last face-down card), the turn-up, the stock's size,
every card played to a trick this deal (by whom, in order: what a player at the table watched),
the declarations and awards of the deal, and the scores. It never sees the other hand's unknown
cards or the stock's order. Cards are shown as faces: which of the two copies of a face a card is
never shows.
"""

from __future__ import annotations

import random

import attrs

from parlour.base import (
    Card,
    HiddenPlace,
    JsonRecord,
    Suit,
    bit_indexes,
    deal_hidden,
)
from parlour.bezique._history import (
    last_stage_tricks,
    played_in_order,
)
from parlour.bezique._state import (
    BeziqueState,
    DealResult,
    Declaration,
    Phase,
    deal_tricks,
)
from parlour.bezique.rules import (
    CARD_TABLES,
    DECK,
    FACES,
    MELD_TABLE,
    NAME,
    PLAYERS,
    SEVENS_OF,
    STOCK_SIZE,
    TEAMS,
    USES,
    cards_in,
)
from parlour.engine import (
    ScoreEvent,
    View,
    legal_moves,
)
from parlour.tricks import NO_TRUMP, CardTable, TrickView, excluded_by_play

__all__ = [
    "PHASE_NAMES",
    "USE_NAMES",
    "BeziqueView",
    "TableCard",
    "resample_hidden",
    "sample_state",
    "view",
]

PHASE_NAMES = {
    Phase.DEAL_DUE: "deal_due",
    Phase.PLAY: "play",
    Phase.DECLARE: "declare",
    Phase.LAST_STAGE: "last_stage",
    Phase.OVER: "over",
}
"""The name of each phase, as views and positions write it."""
USE_NAMES: tuple[str, ...] = tuple(
    next(kind.name for kind in MELD_TABLE if kind.adds == use) for use in USES
)
"""For each index of ``BeziqueState.uses``, the name of the meld whose class it records."""


@attrs.frozen(slots=True)
class TableCard(JsonRecord):
    """A melded card lying face up on the table, with the melds it has scored in (meld names
    such as ``royal_marriage`` or ``four_kings``, in the meld table's order)."""

    card: Card
    melds: tuple[str, ...]


@attrs.frozen(slots=True, kw_only=True)
class BeziqueView(View, TrickView):
    """One seat's view of a Bezique state (``seat=None``: a spectator, who sees no hand): the
    `View` fields, then Bezique's own, and the trick helpers of `parlour.tricks.TrickView`
    (``led_suit``, ``trick_winner``; ``partner_winning`` is never true: no one has a partner).

    * ``hand``: the seat's own hand cards (melds on the table are in ``tables``);
      ``tables``: each seat's melded cards; ``known``: for each seat, the cards of its hand the
      other player knows of; ``hand_sizes``: cards in each hand (the table not counted);
      ``holding_sizes``: hand + table, the cards each seat may play.
    * ``turnup``: the face-up trump card, ``None`` once taken; ``stock_size``: face-down cards
      left in the stock.
    * ``played`` (a `View` field): every card played to a trick this deal, the current
      trick's included, as (seat, card) in playing order; ``trick`` and ``last_trick``: the
      current and the last completed trick, the same way; ``tricks_won``: tricks taken by
      each seat this deal.
    * ``declared``: the trick winner has made this window's declaration; ``sevens_scored``:
      how many sevens of trumps have scored this deal (every scored seven is public).
    * ``declarations`` and ``awards``: this deal's, in the order they were scored;
      ``match_score``: the match totals (this deal's awards included); ``deals``: the finished
      deals.
    """

    deal_number: int
    trump: Suit | None
    tables: tuple[tuple[TableCard, ...], tuple[TableCard, ...]]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    holding_sizes: tuple[int, int]
    turnup: Card | None
    stock_size: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    declared: bool
    sevens_scored: int
    declarations: tuple[Declaration, ...]
    awards: tuple[ScoreEvent, ...]
    deals: tuple[DealResult, ...]

    def trick_ranking(self) -> tuple[CardTable, int]:
        """The card table of the match's ``rank_order`` under the deal's trump
        (`parlour.tricks.TrickView`)."""
        table = CARD_TABLES[self.options.rank_order]
        return table, NO_TRUMP if self.trump is None else int(self.trump)


def _table_cards(state: BeziqueState, mask: int) -> tuple[TableCard, ...]:
    """The melded cards of ``mask`` with their meld history, by face (copies never show)."""
    cards = []
    for card in range(len(DECK)):
        if mask >> card & 1:
            melds = tuple(
                name for name, used in zip(USE_NAMES, state.uses, strict=True) if used >> card & 1
            )
            cards.append((card & 31, melds))
    cards.sort()
    return tuple(TableCard(DECK[face], melds) for face, melds in cards)


def _faces_played(state: BeziqueState) -> tuple[tuple[int, Card], ...]:
    """The deal's cards played so far as (seat, card), in playing order."""
    return tuple((seat, DECK[card]) for seat, card in played_in_order(state))


def view(state: BeziqueState, seat: int | None) -> BeziqueView:
    """What ``seat`` may see of ``state``; two states that differ only in cards hidden from
    ``seat`` give equal views."""
    table = state.table
    phase = state.phase
    in_deal = phase in (Phase.PLAY, Phase.DECLARE, Phase.LAST_STAGE)
    to_act = state.to_act if in_deal else None
    hands = state.hands
    tables = state.tables
    played = _faces_played(state) if in_deal else ()
    completed = len(state.played)  # the cards of the completed tricks, the last trick's last
    return BeziqueView(
        game=NAME,
        options=state.table.options,
        seat=seat,
        phase=PHASE_NAMES[phase],
        to_act=to_act,
        dealer=table.dealer,
        deal_number=table.deal_number,
        trump=Suit(table.trump) if in_deal else None,
        hand=cards_in(hands[seat]) if seat is not None and in_deal else (),
        tables=(_table_cards(state, tables[0]), _table_cards(state, tables[1])),
        known=(cards_in(state.known[0]), cards_in(state.known[1])),
        hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
        holding_sizes=(
            (hands[0] | tables[0]).bit_count(),
            (hands[1] | tables[1]).bit_count(),
        ),
        turnup=DECK[state.turnup] if state.turnup >= 0 else None,
        stock_size=len(table.stock) - state.drawn if in_deal else 0,
        teams=TEAMS,
        played=played,
        trick=played[completed:],
        last_trick=played[completed - 2 : completed] if completed else (),
        tricks_won=(state.won[0].bit_count() // 2, state.won[1].bit_count() // 2),
        declared=state.declared,
        sevens_scored=state.sevens_scored.bit_count(),
        declarations=state.declarations,
        awards=state.awards,
        match_score=state.scores,
        deals=table.deals,
        moves=legal_moves(state) if seat is not None and to_act == seat else (),
    )


def _draw_slots(
    state: BeziqueState, tricks: tuple[tuple[int, tuple[int, ...]], ...]
) -> list[tuple[int, int]]:
    """Each stock card drawn so far as (drawer, trick after which it was drawn): the winner of a
    trick draws first, then the other player (who won each of the deal's ``tricks`` is
    public)."""
    slots = []
    for index in range(state.drawn):
        after = index // 2 + 1
        winner = tricks[after][0] if after < len(tricks) else state.leader
        slots.append((winner if index % 2 == 0 else 1 - winner, after))
    return slots


def _held_until(
    state: BeziqueState, hands: list[int], tricks: tuple[tuple[int, tuple[int, ...]], ...]
) -> dict[int, tuple[int, int]]:
    """Per card a seat holds or has played this deal (its ``tricks`` and the current one): (that
    seat, the trick it was played to, numbered from 1; 0 while it is still held)."""
    holder: dict[int, tuple[int, int]] = {}
    for seat in range(PLAYERS):
        for card in bit_indexes(hands[seat] | state.tables[seat]):
            holder[card] = (seat, 0)
    for number, (leader, cards) in enumerate(tricks, start=1):
        holder[cards[0]] = (leader, number)
        holder[cards[1]] = (1 - leader, number)
    if state.trick:
        holder[state.trick[0]] = (state.leader, len(tricks) + 1)
    return holder


def _drawn_again(state: BeziqueState, hands: list[int], rng: random.Random) -> tuple[int, ...]:
    """The record of the stock cards drawn so far (``table.stock[:drawn]``) drawn again for the
    sampled ``hands``, from what every seat saw alone: each draw gets, at random, a card its
    drawer holds now or played after that draw (never the dealt turn-up), so that the record
    agrees with the play and the hands and says nothing of when a card was really drawn (the
    last face-down card, shown when drawn, keeps its place while its drawer holds it). Each
    seat's draws are filled latest first, each from the cards it still had at that draw less
    those the later draws took: the sets grow as the draws get earlier, so this never runs out
    while enough cards exist. The sevens of trumps, which an exchange moves between a hand and
    the turn-up, are used only where a seat has too few other cards (the rules let any draw
    hold one)."""
    table = state.table
    sevens = SEVENS_OF[table.trump]
    tricks = deal_tricks(state)
    holder = _held_until(state, hands, tricks)
    excluded = 1 << table.first_turnup
    drawn = [-1] * state.drawn
    slots = _draw_slots(state, tricks)
    if state.drawn == STOCK_SIZE:
        # The last face-down card, shown when drawn (reveal_last_stock_card), is public while
        # its drawer still holds it: it keeps its place.
        last = table.stock[STOCK_SIZE - 1]
        if state.known[slots[-1][0]] >> last & 1:
            drawn[-1] = last
            excluded |= 1 << last
    wild = [card for card in bit_indexes(sevens) if card in holder or card == state.turnup]
    for seat in range(PLAYERS):
        mine = [index for index in range(state.drawn - 1, -1, -1)
                if slots[index][0] == seat and drawn[index] < 0]  # fmt: skip
        # (trick after which the card left the hand, 0 if never: held now; card), latest first
        own = sorted(
            ((trick or _NEVER, card) for card, (held_by, trick) in holder.items()
             if held_by == seat and not (sevens | excluded) >> card & 1),
            reverse=True,
        )  # fmt: skip
        chosen = _fill_draws(mine, slots, own, rng)
        if chosen is None:
            chosen = _fill_draws(mine, slots, sorted([*own, *((_NEVER, card) for card in wild
                                                              if card not in drawn)],
                                                     reverse=True), rng)  # fmt: skip
        assert chosen is not None, "no record of the draws agrees with the sampled hands"
        for index, card in zip(mine, chosen, strict=True):
            drawn[index] = card
    return tuple(drawn)


_NEVER = 1 << 30
"""`_drawn_again`'s trick for a card still held: it left the hand after every draw."""


def _fill_draws(
    mine: list[int],
    slots: list[tuple[int, int]],
    own: list[tuple[int, int]],
    rng: random.Random,
) -> list[int] | None:
    """A card for each of the draws ``mine`` (latest first), each a different one of ``own``
    ((trick after which it left the hand, card), latest first) that was still in the hand at
    that draw (it left after it), chosen at random among those left; ``None`` if they run out."""
    available: list[int] = []
    next_card = 0
    chosen = []
    for index in mine:
        after = slots[index][1]
        while next_card < len(own) and own[next_card][0] > after:
            available.append(own[next_card][1])
            next_card += 1
        if not available:
            return None
        pick = rng.randrange(len(available))
        chosen.append(available[pick])
        available[pick] = available[-1]
        available.pop()
    return chosen


def _places_seen(state: BeziqueState, seat: int | None) -> dict[int, tuple[int, int, int]]:
    """Where each card ``seat`` can see stands: (0, owner, known) in a hand (known: the other
    player knows of it), (1, owner, 0) on a table, (2, 0, 0) the turn-up, (3, 0, 0) in the
    current trick, (4, n, 0) the n-th card played to the deal's completed tricks. The cards it
    cannot see (the other hand's unknown cards, the stock) are not listed."""
    places: dict[int, tuple[int, int, int]] = {}
    for owner in range(PLAYERS):
        known = state.known[owner]
        for card in bit_indexes(state.hands[owner] if owner == seat else known):
            places[card] = (0, owner, known >> card & 1)
        for card in bit_indexes(state.tables[owner]):
            places[card] = (1, owner, 0)
    if state.turnup >= 0:
        places[state.turnup] = (2, 0, 0)
    for card in state.trick:
        places[card] = (3, 0, 0)
    for number, card in enumerate(state.played):
        places[card] = (4, number, 0)
    return places


def _copy_key(
    state: BeziqueState, place: tuple[int, int, int], card: int
) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    """What a card the seat can see is: where it stands (`_places_seen`), then the meld classes
    it has scored in, whether it is a scored seven, the dealt turn-up, the card an exchange
    brought."""
    return place, (
        *(used >> card & 1 for used in state.uses),
        state.sevens_scored >> card & 1,
        int(card == state.table.first_turnup),
        int(card == state.exchanged),
    )


def _swapped(mask: int, faces: int) -> int:
    """``mask`` with the two copies of each face of ``faces`` (bit ``f``: face ``f``) exchanged."""
    both = faces | faces << FACES
    return (mask & ~both) | (mask & faces) << FACES | (mask >> FACES & faces)


def _copies_in_view_order(state: BeziqueState, seat: int | None) -> BeziqueState:
    """``state`` with the two copies of a face exchanged everywhere wherever the second copy
    comes first: a copy the seat sees before one it does not, two it sees by `_copy_key`.
    Which copy of a face a card is never shows, so two states that differ only in that (and
    show the seat equal views) become one before the sampler reads them. The result is the
    same match under other copy numbers, equal to ``state`` for the seat's view and for the
    rules (which read faces, and a copy's history, never its number)."""
    places = _places_seen(state, seat)
    faces = 0
    for face, place in places.items():
        if face >= FACES:
            continue
        other = places.get(face + FACES)
        # A card the seat sees comes before one it does not; two it sees, by their keys.
        if other is not None and _copy_key(state, other, face + FACES) < _copy_key(
            state, place, face
        ):
            faces |= 1 << face
    for second in places:
        if second >= FACES and second - FACES not in places:
            faces |= 1 << (second - FACES)
    if not faces:
        return state

    def card(index: int) -> int:
        return index ^ FACES if index >= 0 and faces >> (index & (FACES - 1)) & 1 else index

    table = state.table
    relabelled = attrs.evolve(
        table,
        stock=tuple(card(index) for index in table.stock),
        first_turnup=card(table.first_turnup),
    )
    return state._replace(
        table=relabelled,
        hands=(_swapped(state.hands[0], faces), _swapped(state.hands[1], faces)),
        tables=(_swapped(state.tables[0], faces), _swapped(state.tables[1], faces)),
        known=(_swapped(state.known[0], faces), _swapped(state.known[1], faces)),
        won=(_swapped(state.won[0], faces), _swapped(state.won[1], faces)),
        played=tuple(card(index) for index in state.played),
        trick=tuple(card(index) for index in state.trick),
        uses=tuple(_swapped(used, faces) for used in state.uses),
        sevens_scored=_swapped(state.sevens_scored, faces),
        turnup=card(state.turnup),
        exchanged=card(state.exchanged),
    )


def resample_hidden(state: BeziqueState, seat: int | None, rng: random.Random) -> BeziqueState:
    """A state ``seat`` cannot tell from ``state``: the cards hidden from it (the unknown cards
    of the other hand, of both hands for a spectator, and the stock's face-down cards) are
    redealt at random among those same places, each keeping its size.

    Melds on the table, cards known to the other player, the turn-up and the tricks stay put;
    the record of the stock cards drawn follows the hands (see `_drawn_again`). Hidden cards
    carry no meld history and no scored seven, so moving them changes no rule.
    Between deals and once the match is over the state is returned unchanged. Useful for search
    bots (determinization).
    """
    if state.phase in (Phase.DEAL_DUE, Phase.OVER):
        return state
    state = _copies_in_view_order(state, seat)
    table = state.table
    hidden_seats = [other for other in range(PLAYERS) if other != seat]
    free = [state.hands[other] & ~state.known[other] for other in range(PLAYERS)]
    pool = [card for other in hidden_seats for card in bit_indexes(free[other])]
    pool.extend(table.stock[state.drawn :])
    hidden = 0
    for card in pool:
        hidden |= 1 << card
    scored = state.sevens_scored
    for used in state.uses:
        scored |= used
    assert not hidden & scored, "a hidden card carries meld history or a scored seven"
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    position = 0
    for other in hidden_seats:
        size = free[other].bit_count()
        new_free = 0
        for card in pool[position : position + size]:
            new_free |= 1 << card
        hands[other] = (hands[other] & ~free[other]) | new_free
        position += size
    stock = (*_drawn_again(state, hands, rng), *pool[position:])
    return state._replace(table=attrs.evolve(table, stock=stock), hands=(hands[0], hands[1]))


def sample_state(state: BeziqueState, seat: int | None, rng: random.Random) -> BeziqueState:
    """A state ``seat`` cannot tell from ``state`` that agrees with what the play showed: the
    hidden cards (the unknown cards of the other hand, of both for a spectator, and the stock's
    face-down cards) dealt again by `deal_hidden`, each place keeping its size. Melds, known
    cards, the turn-up and the tricks stay put (the record of the stock cards drawn follows the
    hands, see `_drawn_again`), and in the last stage no hand is given a card
    that any of the deal's last-stage tricks shows its holder lacked (`excluded_by_play`; the
    first stage binds no play, so its tricks show nothing). A seat has nothing to infer there
    (the other hand is all it cannot see), a spectator does."""
    if state.phase in (Phase.DEAL_DUE, Phase.OVER):
        return state
    state = _copies_in_view_order(state, seat)
    table = state.table
    hidden_seats = [other for other in range(PLAYERS) if other != seat]
    free = [state.hands[other] & ~state.known[other] for other in range(PLAYERS)]
    hidden = 0
    for other in hidden_seats:
        hidden |= free[other]
    stock_rest = table.stock[state.drawn :]
    for card in stock_rest:
        hidden |= 1 << card
    excluded = (0,) * PLAYERS
    tricks = last_stage_tricks(state)
    if tricks:
        excluded = excluded_by_play(table.last_stage_evaluator, table.trump, tricks, hidden)
    places = [
        *(
            HiddenPlace(size=free[other].bit_count(), excluded=excluded[other])
            for other in hidden_seats
        ),
        HiddenPlace(size=len(stock_rest)),
    ]
    groups = deal_hidden(bit_indexes(hidden), places, rng)
    hands = list(state.hands)
    for other, group in zip(hidden_seats, groups, strict=False):
        new_free = 0
        for card in group:
            new_free |= 1 << card
        hands[other] = (hands[other] & ~free[other]) | new_free
    stock = list(groups[-1])
    rng.shuffle(stock)
    drawn = _drawn_again(state, hands, rng)
    return state._replace(
        table=attrs.evolve(table, stock=(*drawn, *stock)), hands=(hands[0], hands[1])
    )
