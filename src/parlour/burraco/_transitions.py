"""Burraco's transitions: the state after a legal move, applied from its `Judgement`
(`parlour.burraco._judgement`) without judging again. Each state made here records the judgement
of the move that made it (``BurracoState.judged``), which the events read."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from parlour.burraco import _known
from parlour.burraco._faces import FACE_OF, cards_of, pack, shares_a_face
from parlour.burraco._legal import TEAM_OF, TEAMS
from parlour.burraco._moves import (
    ADD,
    DEAL,
    DISCARD,
    DRAW_CARD,
    MELD,
    PICKUP_PILE,
    Judgement,
)
from parlour.burraco._scoring import hand_awards, match_winner, score_hand
from parlour.burraco._state import NEW_TURN, BurracoState, HandResult, Phase, Table, Turn
from parlour.burraco.rules import POZZETTO_SIZE, STOCK_LEFT_AT_END
from parlour.engine import Deal

__all__ = ["apply_unchecked"]


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index`` (through a list: the fastest way for short tuples)."""
    replaced = list(items)
    replaced[index] = value
    return tuple(replaced)


def apply_unchecked(state: BurracoState, judged: Judgement) -> BurracoState:
    """The state after the move ``judged`` judges, a legal move of ``state``: nothing is
    checked (the judgement is `parlour.burraco._judgement.judge`'s, or `legal_judgement`'s for
    a move read from the legal moves)."""
    return _BY_KIND[judged.kind](state, judged)


def _deal(state: BurracoState, judged: Judgement) -> BurracoState:
    deal = judged.move
    assert isinstance(deal, Deal)
    table = state.table
    players = table.options.players
    hands = tuple(pack(FACE_OF[card] for card in hand) for hand in deal["hands"])
    pozzetti = tuple(tuple(FACE_OF[card] for card in pozzetto) for pozzetto in deal["pozzetti"])
    teams = len(TEAMS[players])
    new_table = Table(
        options=table.options, dealer=table.dealer, hand_number=table.hand_number + 1,
        match_score=table.match_score, results=table.results,
    )  # fmt: skip
    return BurracoState(
        table=new_table,
        phase=Phase.DRAW,
        to_act=(table.dealer + 1) % players,
        hands=hands,
        hand_sizes=tuple(len(hand) for hand in deal["hands"]),
        melds=((),) * teams,
        discard=(FACE_OF[deal["discard"][0][0]],),
        stock=tuple(FACE_OF[card] for card in deal["stock"][0]),
        drawn=0,
        pozzetti=pozzetti,
        pozzetto_of_team=(-1,) * teams,
        known=_known.nothing_known(players),
        judged=judged,
    )


_DRAWN_TURN = {False: NEW_TURN, True: Turn(last_turn=True)}
"""The turn after a draw, by whether it left the stock at two cards (the last turn)."""


def _draw(state: BurracoState, judged: Judgement) -> BurracoState:
    seat = state.to_act
    stock = state.stock
    drawn = state.drawn + 1
    return BurracoState(
        table=state.table, phase=Phase.PLAY, to_act=seat,
        hands=_replace(state.hands, seat, state.hands[seat] + (1 << 3 * judged.face)),
        hand_sizes=_replace(state.hand_sizes, seat, state.hand_sizes[seat] + 1),
        melds=state.melds, discard=state.discard, stock=stock, drawn=drawn,
        pozzetti=state.pozzetti, pozzetto_of_team=state.pozzetto_of_team, unseen=state.unseen,
        turn=_DRAWN_TURN[len(stock) - drawn <= STOCK_LEFT_AT_END], stalled=state.stalled,
        known=state.known, judged=judged,
    )  # fmt: skip


def _pickup(state: BurracoState, judged: Judgement) -> BurracoState:
    seat = state.to_act
    pile = state.discard
    single = len(pile) == 1
    options = state.table.options
    forbidden = pile[0] if single and options.single_card_pile_no_rediscard else -1
    return BurracoState(
        table=state.table, phase=Phase.PLAY, to_act=seat,
        hands=_replace(state.hands, seat, state.hands[seat] + pack(pile)),
        hand_sizes=_replace(state.hand_sizes, seat, state.hand_sizes[seat] + len(pile)),
        melds=state.melds, discard=(), stock=state.stock, drawn=state.drawn,
        pozzetti=state.pozzetti, pozzetto_of_team=state.pozzetto_of_team, unseen=state.unseen,
        turn=_pickup_turn(
            single, forbidden, pack(pile) if options.must_meld_after_taking_pile else 0
        ),
        stalled=state.stalled,
        known=_known.after_pickup(state.known, seat, pile, options.players),
        judged=judged,
    )  # fmt: skip


def _pickup_turn(single: bool, forbidden: int, pile_to_meld: int) -> Turn:
    """The turn after taking the pile (a one-card pile if ``single``; ``forbidden`` the face
    that may not be discarded, or -1; ``pile_to_meld`` the packed pile when one of its cards
    must be melded this turn, else 0)."""
    if pile_to_meld:
        return Turn(took_pile=True, single_card_pile=single, no_discard_face=forbidden,
                    pile_to_meld=pile_to_meld)  # fmt: skip
    return _pile_taken_turn(single, forbidden)


@functools.cache
def _pile_taken_turn(single: bool, forbidden: int) -> Turn:
    return Turn(took_pile=True, single_card_pile=single, no_discard_face=forbidden)


def _melded_turn(turn: Turn, laid: int) -> Turn:
    """``turn`` once the player has melded or added the packed cards ``laid``: a card of the
    pile still to be melded is melded if ``laid`` holds one of its faces (copies are alike)."""
    pending = turn.pile_to_meld
    if pending and not shares_a_face(pending, laid):
        return Turn(took_pile=turn.took_pile, single_card_pile=turn.single_card_pile,
                    no_discard_face=turn.no_discard_face, melded=True,
                    last_turn=turn.last_turn, pile_to_meld=pending)  # fmt: skip
    return _melded_plain_turn(turn.took_pile, turn.single_card_pile, turn.no_discard_face,
                              turn.last_turn)  # fmt: skip


@functools.cache
def _melded_plain_turn(took_pile: bool, single: bool, forbidden: int, last_turn: bool) -> Turn:
    return Turn(took_pile=took_pile, single_card_pile=single, no_discard_face=forbidden,
                melded=True, last_turn=last_turn)  # fmt: skip


def _laid(state: BurracoState, judged: Judgement) -> BurracoState:
    """After a meld or an add: the team's meld ``judged.number`` is now ``judged.meld``, the
    hand lost ``judged.laid``, and the pozzetto ``judged.pozzetto`` (if any) is taken
    directly."""
    seat = state.to_act
    team = TEAM_OF[state.table.options.players][seat]
    laid = judged.laid
    hand = state.hands[seat] - laid
    hand_size = state.hand_sizes[seat] - judged.laid_size
    pozzetto_of_team = state.pozzetto_of_team
    index = judged.pozzetto
    if index >= 0:
        hand = pack(state.pozzetti[index])
        hand_size = POZZETTO_SIZE
        pozzetto_of_team = _replace(pozzetto_of_team, team, index)
    team_melds = state.melds[team]
    number = judged.number
    assert judged.meld is not None
    if judged.kind == MELD:
        melds = (*team_melds, judged.meld)
    else:
        melds = _replace(team_melds, number - 1, judged.meld)
    return BurracoState(
        table=state.table, phase=state.phase, to_act=seat,
        hands=_replace(state.hands, seat, hand),
        hand_sizes=_replace(state.hand_sizes, seat, hand_size),
        melds=_replace(state.melds, team, melds), discard=state.discard, stock=state.stock,
        drawn=state.drawn, pozzetti=state.pozzetti, pozzetto_of_team=pozzetto_of_team,
        unseen=state.unseen, turn=_melded_turn(state.turn, laid), stalled=state.stalled,
        known=_known.after_laying(state.known, seat, laid), judged=judged,
    )  # fmt: skip


def _discard(state: BurracoState, judged: Judgement) -> BurracoState:
    seat = state.to_act
    face = judged.face
    team = TEAM_OF[state.table.options.players][seat]
    hand = state.hands[seat] - (1 << 3 * face)
    hand_size = state.hand_sizes[seat] - 1
    pozzetto_of_team = state.pozzetto_of_team
    unseen = state.unseen
    closed = judged.closes
    index = judged.pozzetto
    if index >= 0:
        hand = pack(state.pozzetti[index])
        hand_size = POZZETTO_SIZE
        pozzetto_of_team = _replace(pozzetto_of_team, team, index)
        unseen |= 1 << seat
    turn = state.turn
    stalled = state.stalled + 1 if turn.single_card_pile and not turn.melded else 0
    options = state.table.options
    ends = "closing" if closed else "stock" if turn.last_turn else None
    if ends is None and stalled >= options.stalemate_limit:
        ends = "stalemate"
    following = seat if ends is not None else (seat + 1) % options.players
    after = BurracoState(
        table=state.table, phase=Phase.DRAW, to_act=following,
        hands=_replace(state.hands, seat, hand),
        hand_sizes=_replace(state.hand_sizes, seat, hand_size),
        melds=state.melds, discard=(face, *state.discard), stock=state.stock,
        drawn=state.drawn, pozzetti=state.pozzetti, pozzetto_of_team=pozzetto_of_team,
        unseen=unseen & ~(1 << following) if ends is None else unseen,
        turn=NEW_TURN, stalled=stalled,
        known=_known.after_laying(state.known, seat, 1 << 3 * face), judged=judged,
    )  # fmt: skip
    if ends is not None:
        return _finish_hand(after, ends, team if closed else None, judged)
    return after


def _finish_hand(
    state: BurracoState, ended_by: str, closed_by: int | None, judged: Judgement
) -> BurracoState:
    table = state.table
    options = table.options
    teams = TEAMS[options.players]
    scores = score_hand(
        teams=teams,
        melds=state.melds,
        hands=[cards_of(hand) for hand in state.hands],
        took_pozzetto=[taken >= 0 for taken in state.pozzetto_of_team],
        closed_by=closed_by,
    )
    result = HandResult(
        number=table.hand_number, dealer=table.dealer, ended_by=ended_by, closed_by=closed_by,
        teams=scores, awards=hand_awards(scores, table.hand_number),
    )  # fmt: skip
    match_score = tuple(
        total + score.total for total, score in zip(table.match_score, scores, strict=True)
    )
    over, _ = match_winner(options.target, match_score)
    next_table = Table(
        options=options, dealer=(table.dealer + 1) % options.players,
        hand_number=table.hand_number, match_score=match_score,
        results=(*table.results, result),
    )  # fmt: skip
    return BurracoState(
        table=next_table, phase=Phase.OVER if over else Phase.DEAL_DUE, judged=judged
    )


_BY_KIND: tuple[Callable[[BurracoState, Judgement], BurracoState], ...] = (
    _deal, _draw, _pickup, _laid, _laid, _discard,
)  # fmt: skip
"""The transition of each kind of judgement (`DEAL` … `DISCARD`)."""
assert tuple(range(6)) == (DEAL, DRAW_CARD, PICKUP_PILE, MELD, ADD, DISCARD)
