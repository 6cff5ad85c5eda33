"""What one seat may see of a Burraco state, and states that differ only in what it cannot see.

A seat sees its own hand (except a pozzetto it took on the discard, until its next turn), both
teams' melds as laid (each wild at its place), the whole discard pile (it is open), the sizes of
the stock, of the pozzetti left and of every hand, which team took which pozzetto, what the
current turn has done, the cards everybody knows a hand holds (taken with the discard pile),
and the scores. It never sees the rest of another hand, the stock's order or a pozzetto's cards.
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

from parlour.base import Card, JsonRecord
from parlour.burraco._faces import DECK, FACE_CARDS, cards_of, faces_of, pack, pack_cards
from parlour.burraco._faces import size as hand_size
from parlour.burraco._legal import TEAM_OF, TEAMS
from parlour.burraco._meld_tables import Meld
from parlour.burraco._state import BurracoState, HandResult, Phase
from parlour.burraco.rules import NAME, POZZETTO_SIZE
from parlour.engine import View, legal_moves

__all__ = ["BurracoView", "MeldView", "resample_hidden", "view"]


@attrs.frozen(slots=True, kw_only=True)
class MeldView(JsonRecord):
    """A meld on the table as everyone sees it: ``kind`` (``"set"`` or ``"sequence"``), its
    cards (a sequence low to high), the place of the card acting as wild (a sequence's position,
    1 = ace low … 14 = ace high; -1 in a set; ``None`` when clean), whether it is a burraco and
    whether it is clean."""

    kind: str
    cards: tuple[Card, ...]
    wild_position: int | None
    burraco: bool
    clean: bool


def _meld_view(meld: Meld) -> MeldView:
    return MeldView(
        kind=meld.kind.value, cards=meld.cards, wild_position=meld.wild_position,
        burraco=meld.is_burraco, clean=meld.is_clean,
    )  # fmt: skip


@attrs.frozen(slots=True, kw_only=True)
class BurracoView(View):
    """One seat's view (``seat=None``: a spectator, who sees no hand): the `View` fields (``played``
    always empty: Burraco has no tricks; ``moves`` may be a lazy sequence, written as the
    ``legal_moves`` texts by ``to_dict``), then Burraco's own.

    ``hand`` is empty while ``pozzetto_unseen`` (the seat took a pozzetto on the discard and has
    not had a turn since); ``melds`` lists each team's melds in the order laid down (``add n``
    names the n-th of one's own team); ``discard`` is the whole pile, top first;
    ``known_cards`` gives, by seat, the cards everybody knows that hand holds (taken with the
    discard pile and not laid down or discarded since: one copy of a face leaves it each time
    the seat lays down or discards that face); ``pozzetto_of_team`` is the pozzetto each team
    took (1 the top one, 2 the other, 0 none);
    ``no_discard`` is the card that may not be discarded this turn (a one-card pile just taken).

    For bots: ``discard_top`` (the pile's top card), ``team_melds`` and ``opponent_melds``
    (the melds of the viewer's team and of the other team or teams' in ``teams`` order; both
    empty in a spectator's view).
    """

    _deal_results_field: ClassVar[str] = "results"

    hand_number: int
    pozzetto_unseen: bool
    melds: tuple[tuple[MeldView, ...], ...]
    discard: tuple[Card, ...]
    known_cards: tuple[tuple[Card, ...], ...]
    stock_size: int
    pozzetti_left: int
    pozzetto_of_team: tuple[int, ...]
    took_pile: bool
    no_discard: Card | None
    last_turn: bool
    results: tuple[HandResult, ...]

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile (what ``draw discard`` takes first); ``None`` while
        the pile is empty."""
        return self.discard[0] if self.discard else None

    @property
    def team_melds(self) -> tuple[MeldView, ...]:
        """The melds of the viewer's team, in the order laid (``add n`` names the n-th); empty
        in a spectator's view."""
        if self.seat is None:
            return ()
        return next(
            melds for team, melds in zip(self.teams, self.melds, strict=True) if self.seat in team
        )

    @property
    def opponent_melds(self) -> tuple[MeldView, ...]:
        """The melds of the teams the viewer is not on, team after team in ``teams`` order;
        empty in a spectator's view."""
        if self.seat is None:
            return ()
        return tuple(
            meld
            for team, melds in zip(self.teams, self.melds, strict=True)
            if self.seat not in team
            for meld in melds
        )



def view(state: BurracoState, seat: int | None) -> BurracoView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    table = state.table
    teams = TEAMS[table.options.players]
    in_play = state.phase is Phase.DRAW or state.phase is Phase.PLAY
    unseen = seat is not None and bool(state.unseen >> seat & 1)
    hand: tuple[Card, ...] = ()
    if in_play and seat is not None and not unseen:
        hand = cards_of(state.hands[seat])
    turn = state.turn
    to_act = state.to_act if in_play else None
    return BurracoView(
        game=NAME,
        options=state.table.options,
        seat=seat,
        phase=state.phase.value,
        to_act=to_act,
        dealer=table.dealer,
        hand_number=table.hand_number,
        teams=teams,
        hand=hand,
        pozzetto_unseen=unseen,
        hand_sizes=state.hand_sizes if in_play else (0,) * table.options.players,
        melds=tuple(tuple(_meld_view(meld) for meld in melds) for melds in state.melds),
        discard=tuple(FACE_CARDS[face] for face in state.discard),
        known_cards=tuple(cards_of(known) for known in _known(state))
        if in_play
        else ((),) * table.options.players,
        stock_size=state.stock_left if in_play else 0,
        pozzetti_left=len(state.pozzetti) - state.pozzetti_taken if in_play else 0,
        pozzetto_of_team=tuple(taken + 1 for taken in state.pozzetto_of_team),
        took_pile=turn.took_pile,
        no_discard=FACE_CARDS[turn.no_discard_face] if turn.no_discard_face >= 0 else None,
        last_turn=turn.last_turn,
        match_score=table.match_score,
        results=table.results,
        played=(),
        moves=legal_moves(state) if seat is not None and to_act == seat else (),
    )


_WHOLE_DECK = pack_cards(DECK)
"""The 108 cards as one packed multiset."""


def _known(state: BurracoState) -> tuple[int, ...]:
    """The packed cards known in each hand (none for a state that keeps no record)."""
    return state.known or (0,) * len(state.hands)


def resample_hidden(state: BurracoState, seat: int | None, rng: random.Random) -> BurracoState:
    """A state ``seat`` cannot tell from ``state``, drawn from what its view shows and ``rng``
    alone: two states with equal views give equal samples from equal generators.

    The cards the seat cannot see (the deck less its own hand, the melds, the discard pile and
    the cards everybody knows a hand holds) are listed in face order and dealt at random among
    the places it cannot see, each keeping its size: the unknown part of the other hands (and
    of its own while its pozzetto is unseen), the stock left and the pozzetti not yet taken.
    Nothing constrains where an unseen card may be, so this is one shuffle cut into the places,
    and every layout of the unseen cards (the two copies of a face told apart, as in a real
    deal) is equally likely.
    The hidden history is then drawn again to agree with that layout: a pozzetto taken on the
    discard and still unseen is the hand that holds it; every other taken pozzetto, then the
    cards drawn from the stock (in a random order), are drawn at random from the cards that
    have left the stock and the pozzetti (the hands, the melds, the discard pile), each copy at
    most once, so that the deal as a whole stays one deck."""
    if state.phase is not Phase.DRAW and state.phase is not Phase.PLAY:
        return state
    players = len(state.hands)
    team_of = TEAM_OF[players]
    known = _known(state)
    hidden_seats = [
        other for other in range(players) if other != seat or state.unseen >> other & 1
    ]
    laid = pack_cards(card for melds in state.melds for meld in melds for card in meld.cards)
    laid += pack(state.discard)
    seen = laid
    for other in range(players):
        seen += known[other] if other in hidden_seats else state.hands[other]
    pool = list(faces_of(_WHOLE_DECK - seen))
    rng.shuffle(pool)
    hands = list(state.hands)
    position = 0
    for other in hidden_seats:
        size = state.hand_sizes[other] - hand_size(known[other])
        hands[other] = known[other] + pack(pool[position : position + size])
        position += size
    stock_left = tuple(pool[position : position + state.stock_left])
    position += state.stock_left
    taken = state.pozzetti_taken
    pozzetti = list(state.pozzetti)
    for index in range(taken, len(pozzetti)):
        pozzetti[index] = tuple(sorted(pool[position : position + POZZETTO_SIZE]))
        position += POZZETTO_SIZE
    out = laid + sum(hands)
    unseen_pozzetti = set()
    for other in range(players):
        if state.unseen >> other & 1:
            index = state.pozzetto_of_team[team_of[other]]
            pozzetti[index] = faces_of(hands[other])
            out -= hands[other]
            unseen_pozzetti.add(index)
    left = list(faces_of(out))
    rng.shuffle(left)
    for index in range(taken):
        if index not in unseen_pozzetti:
            pozzetti[index] = tuple(sorted(left[:POZZETTO_SIZE]))
            del left[:POZZETTO_SIZE]
    stock = (*left[: state.drawn], *stock_left)
    return attrs.evolve(
        state, hands=tuple(hands), stock=stock, pozzetti=tuple(pozzetti), judged=None
    )
