"""Bezique's game logic: the deal, the first stage with its declarations, the last stage, the
scoring and the move notation.

`GAME` is the object registered under ``"bezique"``; the top-level functions of `parlour`
dispatch to it. Legal moves come in a fixed order. Playing: one ``play`` per face held, in the
deck's canonical order (suits S H D C, 7 up to A). Declaring: every scoring meld in the meld
table's order (see `bezique.melds.available_melds`), then ``exchange``, ``show``, ``draw``.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.bezique import bot as _bot
from parlour.bezique import melds as _melds
from parlour.bezique import narrate as _narrate
from parlour.bezique import view as _view
from parlour.bezique.checks import MOVE_CHECKS, last_stage_allowed
from parlour.bezique.moves import DRAW, PLAYS, Draw, Exchange, Meld, Play, Show
from parlour.bezique.options import Options
from parlour.bezique.parsing import MOVE_PARSERS
from parlour.bezique.rules import (
    DEAL_FIELDS,
    DEAL_LAYOUT,
    DECK,
    FACES,
    LAST_TRICK_BONUS,
    PLAYERS,
    SEVEN_POINTS,
    SEVENS_OF,
    STOCK_SIZE,
    TEAMS,
    TRICKS_PER_DEAL,
    USES,
    ScoreReasons,
    brisques_in,
    cards_in,
    face_index,
    faces_in,
)
from parlour.bezique.state import (
    BeziqueState,
    DealResult,
    Declaration,
    Phase,
    Table,
    build_state,
    card_led,
    cards_drawn,
    replace_state,
    trick_taken,
)
from parlour.card_index import PIQUET_INDEX_BY_CODE
from parlour.cards import Card, Suit
from parlour.core import Deal, Move, ScoreEvent, raise_if_illegal
from parlour.deal_layout import shuffle_and_deal
from parlour.masks import moves_by_mask
from parlour.trick_game import OpeningStates, TrickGame, seat_to_act

__all__ = ["GAME", "BeziqueGame", "match_decided", "match_total"]

_USE_INDEX = {use: index for index, use in enumerate(USES)}
_FACES_MASK = (1 << FACES) - 1
_SUIT_OF = tuple(int(card.suit) for card in DECK)  # type: ignore[arg-type]
"""The suit of each card (suits are the same under both rank orders)."""

# The phases as module constants: reading ``Phase.PLAY`` goes through the enum's metaclass
# (about ten times the cost of a global), and the hot paths read them on every move.
_DEAL_DUE = Phase.DEAL_DUE
_PLAY = Phase.PLAY
_DECLARE = Phase.DECLARE
_LAST_STAGE = Phase.LAST_STAGE
_OVER = Phase.OVER


_plays_of_faces = moves_by_mask(PLAYS)


def _plays(mask: int) -> tuple[Play, ...]:
    """The play moves of the faces in a 64-bit card mask, in the deck's canonical order."""
    return _plays_of_faces(faces_in(mask))


def _with(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class BeziqueGame(TrickGame):
    """The rules of two-handed Bezique behind the `parlour.core.Game` protocol."""

    name = "bezique"
    players = PLAYERS
    deck = DECK
    state_type = BeziqueState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "a Bezique move"
    deal_due_phase = _DEAL_DUE
    over_phase = _OVER
    move_checks = MOVE_CHECKS
    move_parsers = MOVE_PARSERS
    current_player = seat_to_act(_DEAL_DUE, _OVER)

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> BeziqueState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return _opening(self.make_options(options), dealer)

    def random_deal(self, state: BeziqueState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it as the rules' canonical procedure says
        (`DEAL_LAYOUT`): packets (``deal_packets``) to the non-dealer and dealer in turn, the
        next card turned up, the rest the stock, top first."""
        table = state.table
        return shuffle_and_deal(
            DEAL_LAYOUT, rng, packets=tuple(table.options.deal_packets), dealer=table.dealer
        )

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: BeziqueState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        phase = state.phase
        seat = state.to_act
        if phase is _PLAY:
            held = state.hands[seat] | state.tables[seat]
            return _plays_of_faces((held | held >> FACES) & _FACES_MASK)
        if phase is _LAST_STAGE:
            return _plays(last_stage_allowed(state))
        if phase is _DECLARE:
            moves: list[Move] = []
            if not state.declared:
                moves += _melds.available_melds(state, seat)
            moves += _melds.seven_moves(state, seat)
            moves.append(DRAW)
            return tuple(moves)
        return ()

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: BeziqueState, move: Move, seat: int | None) -> BeziqueState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal."""
        if (
            type(move) is Play
            and type(move.card) is Card
            and (seat is None or seat == state.to_act)
        ):
            phase = state.phase
            face = PIQUET_INDEX_BY_CODE[move.card.code]
            if face >= 0:
                if phase is _PLAY:
                    seat = state.to_act
                    held = state.hands[seat] | state.tables[seat]
                    if held >> face & 1 and held >> (face + FACES) & 1:
                        return _play(state, _melds.play_copy(state, seat, face))
                    if held >> face & 1:
                        return _play(state, face)
                    if held >> (face + FACES) & 1:
                        return _play(state, face + FACES)
                elif phase is _LAST_STAGE:
                    allowed = last_stage_allowed(state)
                    if allowed >> face & 1 or allowed >> (face + FACES) & 1:
                        return _play(state, _melds.play_copy(state, state.to_act, face))
        elif type(move) is Draw and state.phase is _DECLARE and seat in (None, state.to_act):
            return _draw(state)
        elif type(move) is Deal and seat is None and state.phase is _DEAL_DUE:
            layout = _deck_layout(move)
            if layout is not None:
                return _deal(state, layout)
        raise_if_illegal(self.check(state, move, seat), move)
        if isinstance(move, Deal):
            layout = _deck_layout(move)
            assert layout is not None  # check() accepted it: the whole deck in the right zones
            return _deal(state, layout)
        if isinstance(move, Meld):
            return _meld(state, move)
        if isinstance(move, Exchange):
            return _exchange(state)
        if isinstance(move, Show):
            return _show(state)
        raise AssertionError(f"unhandled move {move!r}")  # check() refuses anything else

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: BeziqueState) -> tuple[int, ...]:
        """Match points per seat: melds and sevens as they score, the rest at the deal's end."""
        return state.scores

    def winners(self, state: BeziqueState) -> tuple[int, ...]:
        """The seat(s) with the highest score once the match is over (both on a single-deal
        tie); empty before."""
        if state.phase != _OVER:
            return ()
        best = max(state.scores)
        return tuple(seat for seat in range(PLAYERS) if state.scores[seat] == best)

    def score_events(self, state: BeziqueState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far, in the order they were scored."""
        return (
            *(award for deal in state.table.deals for award in deal.awards),
            *state.awards,
        )

    # --- where the cards are ---------------------------------------------------------------
    def zones_in_deal(self, state: BeziqueState) -> dict[str, tuple[Card, ...]]:
        """Where every card is in a deal: hands, melds on the table, stock, turn-up, trick,
        tricks won."""
        stock = state.table.stock
        return {
            "hand 0": cards_in(state.hands[0]),
            "hand 1": cards_in(state.hands[1]),
            "table 0": cards_in(state.tables[0]),
            "table 1": cards_in(state.tables[1]),
            "stock": tuple(DECK[card] for card in stock[state.drawn :]),
            "turnup": (DECK[state.turnup],) if state.turnup >= 0 else (),
            "trick": tuple(DECK[card] for card in state.trick),
            "won 0": cards_in(state.won[0]),
            "won 1": cards_in(state.won[1]),
        }

    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    narrate = staticmethod(_narrate.narrate)
    bot_move = staticmethod(_bot.bot_move)


# --- transitions (moves already checked) -------------------------------------------------------


def _new_match(options: Options, dealer: int) -> BeziqueState:
    """The state of a new match: a deal by ``dealer`` is due."""
    return build_state(table=Table(options=options, dealer=dealer), phase=_DEAL_DUE)


_opening = OpeningStates(_new_match)
"""The state of a new match, built once per options record and dealer."""


def _deck_layout(deal: Deal) -> tuple[tuple[int, int], int, tuple[int, ...]] | None:
    """The hand masks, turn-up and stock (physical cards) of a deal that lays out exactly the
    deck in Bezique's zones (read by `DEAL_LAYOUT`), else ``None`` (`check` then says what is
    wrong). The first copy of each face met (hands in seat order, then the turn-up, then the
    stock) is copy 0, the second copy 1."""
    reading = DEAL_LAYOUT.read(deal)
    if reading is None:
        return None
    (first, second), ((turnup,), stock) = reading
    return (first, second), turnup, stock


def _deal(
    state: BeziqueState, layout: tuple[tuple[int, int], int, tuple[int, ...]]
) -> BeziqueState:
    """Lay out a checked deal (see `_deck_layout` for the copies)."""
    table = state.table
    hands, turnup, stock = layout
    trump = int(DECK[turnup].suit)  # type: ignore[arg-type]
    new_table = Table(
        options=table.options, dealer=table.dealer, deal_number=table.deal_number + 1,
        deals=table.deals, trump=trump, first_turnup=turnup, stock=stock,
    )  # fmt: skip
    non_dealer = (table.dealer + 1) % PLAYERS
    scores = match_total(table)
    state = build_state(
        table=new_table, phase=_PLAY, to_act=non_dealer, hands=hands, turnup=turnup,
        leader=non_dealer, scores=scores,
    )  # fmt: skip
    bonus = table.options.turnup_seven_bonus
    if SEVENS_OF[trump] >> turnup & 1 and bonus:
        state = _award(
            state, table.dealer, bonus, ScoreReasons.SEVEN_TURNUP.id, None,
            Declaration(
                seat=table.dealer, name=ScoreReasons.SEVEN_TURNUP.name,
                cards=(DECK[turnup],), points=bonus, trick=None,
            ),
            sevens_scored=1 << turnup,
        )  # fmt: skip
    return state


def match_total(table: Table) -> tuple[int, int]:
    """Each seat's points over the table's finished deals."""
    totals = [0, 0]
    for deal in table.deals:
        totals[0] += deal.points[0]
        totals[1] += deal.points[1]
    return (totals[0], totals[1])


def _award(
    state: BeziqueState,
    seat: int,
    points: int,
    reason: str,
    trick: int | None,
    declaration: Declaration | None = None,
    **changes: Any,
) -> BeziqueState:
    """``state`` with ``points`` scored by ``seat`` (and ``changes`` made); the match ends at
    once if the award reaches the target under ``match_end="first_to_reach"``."""
    table = state.table
    scores = _with(state.scores, seat, state.scores[seat] + points)
    event = ScoreEvent(
        seats=(seat,), points=points, reason=reason, deal=table.deal_number, trick=trick
    )
    declarations = state.declarations if declaration is None else (
        *state.declarations, declaration
    )  # fmt: skip
    new = replace_state(
        state, scores=scores, awards=(*state.awards, event), declarations=declarations, **changes
    )
    options = table.options
    if (
        options.match_end == "first_to_reach"
        and options.target is not None
        and scores[seat] >= options.target
    ):
        return _finish_deal(new, complete=False)
    return new


def _play(state: BeziqueState, card: int) -> BeziqueState:
    seat = state.to_act
    bit = 1 << card
    first, second = state.hands
    hands = (first & ~bit, second) if seat == 0 else (first, second & ~bit)
    tables = state.tables
    if tables[seat] & bit:
        tables = _with(tables, seat, tables[seat] & ~bit)
    known = state.known
    if known[seat] & bit:
        known = _with(known, seat, known[seat] & ~bit)
    leading = not state.trick
    trick = (card,) if leading else (*state.trick, card)
    table = state.table
    phase = state.phase
    if leading:
        new = card_led(state, to_act=1 - seat, hands=hands, tables=tables, known=known, trick=trick)
    else:
        leader = state.leader
        led = trick[0]
        trump = table.trump
        power = table.card_table.power[trump]
        suit = _SUIT_OF[card]
        follower_wins = (suit == _SUIT_OF[led] or suit == trump) and power[card] > power[led]
        winner = seat if follower_wins else leader
        won = _with(state.won, winner, state.won[winner] | (1 << led) | bit)
        new = trick_taken(
            state, phase=_DECLARE if phase is _PLAY else _LAST_STAGE, winner=winner, hands=hands,
            tables=tables, known=known, won=won, played=state.played + trick,
        )  # fmt: skip
    if (
        phase is _PLAY
        and SEVENS_OF[table.trump] & bit
        and not state.sevens_scored & bit
        and "play" in table.options.seven_scoring
    ):
        new = _award(
            new, seat, SEVEN_POINTS, ScoreReasons.SEVEN_PLAY.id, state.tricks + 1,
            Declaration(
                seat=seat, name=ScoreReasons.SEVEN_PLAY.name,
                cards=(DECK[card],), points=SEVEN_POINTS, trick=state.tricks + 1,
            ),
            sevens_scored=new.sevens_scored | bit,
        )  # fmt: skip
        if new.phase is _OVER:
            return new
    if leading:
        return new
    return _after_trick(new)


def _after_trick(state: BeziqueState) -> BeziqueState:
    """The awards a completed trick brings: brisques (if counted as they are won) and the last
    trick's 10; the end of the deal after trick 32."""
    options = state.table.options
    winner = state.to_act
    tricks = state.tricks
    if options.brisque_timing == "immediate":
        played = state.played
        points = brisques_in((1 << played[-1]) | (1 << played[-2]))
        if points:
            state = _award(state, winner, points, ScoreReasons.BRISQUES.id, tricks)
            if state.phase is _OVER:
                return state
    if tricks == options.last_trick:
        state = _award(state, winner, LAST_TRICK_BONUS, ScoreReasons.LAST_TRICK.id, tricks)
        if state.phase is _OVER:
            return state
    if tricks == TRICKS_PER_DEAL:
        return _end_of_deal(state)
    return state


def _end_of_deal(state: BeziqueState) -> BeziqueState:
    """Brisques counted at the end (non-dealer first), then the deal's result."""
    table = state.table
    if table.options.brisque_timing == "end":
        non_dealer = (table.dealer + 1) % PLAYERS
        for seat in (non_dealer, table.dealer):
            points = brisques_in(state.won[seat])
            if points:
                state = _award(state, seat, points, ScoreReasons.BRISQUES.id, None)
                if state.phase is _OVER:
                    return state
    return _finish_deal(state, complete=True)


def _finish_deal(state: BeziqueState, *, complete: bool) -> BeziqueState:
    """Record the deal's result and move on: the next deal, or the end of the match."""
    table = state.table
    options = table.options
    points = [0, 0]
    brisques = [0, 0]
    last_trick_seat = None
    for award in state.awards:
        points[award.seats[0]] += award.points
        if award.reason == ScoreReasons.BRISQUES.id:
            brisques[award.seats[0]] += award.points
        elif award.reason == ScoreReasons.LAST_TRICK.id:
            last_trick_seat = award.seats[0]
    result = DealResult(
        number=table.deal_number,
        dealer=table.dealer,
        outcome="played" if complete else "stopped",
        trump=Suit(table.trump),
        turnup=DECK[table.first_turnup],
        tricks=(state.won[0].bit_count() // 2, state.won[1].bit_count() // 2),
        brisques=(brisques[0], brisques[1]),
        last_trick_seat=last_trick_seat,
        declarations=state.declarations,
        points=(points[0], points[1]),
        awards=state.awards,
    )
    deals = (*table.deals, result)
    scores = state.scores
    over = not complete or match_decided(options, scores)
    if options.next_dealer == "winner_of_last_trick" and complete:
        next_dealer = state.to_act
    else:
        next_dealer = 1 - table.dealer
    next_table = Table(
        options=options, dealer=next_dealer, deal_number=table.deal_number, deals=deals
    )
    return build_state(table=next_table, phase=_OVER if over else _DEAL_DUE, scores=scores)


def match_decided(options: Options, scores: tuple[int, int]) -> bool:
    """Whether the match is over after a complete deal: a single deal always; with a target,
    a player at or over it and ahead (an exact tie plays another deal)."""
    if options.target is None:
        return True
    return max(scores) >= options.target and scores[0] != scores[1]


def _draw(state: BeziqueState) -> BeziqueState:
    """The winner draws the top card and the loser the next; after trick 24 the winner takes
    the last face-down card, the loser the turn-up, and the last stage begins."""
    table = state.table
    winner = state.to_act
    loser = 1 - winner
    stock = table.stock
    drawn = state.drawn
    if drawn < STOCK_SIZE - 1:
        top, next_card = 1 << stock[drawn], 1 << stock[drawn + 1]
        first, second = state.hands
        if winner == 0:
            first, second = first | top, second | next_card
        else:
            first, second = first | next_card, second | top
        return cards_drawn(
            state, phase=_PLAY, hands=(first, second), tables=state.tables, known=state.known,
            drawn=drawn + 2, turnup=state.turnup,
        )  # fmt: skip
    hands = list(state.hands)
    last = stock[drawn]
    hands[winner] |= 1 << last
    hands[loser] |= 1 << state.turnup
    known = list(state.known)
    known[loser] |= 1 << state.turnup
    if table.options.reveal_last_stock_card:
        known[winner] |= 1 << last
    for seat in range(PLAYERS):
        hands[seat] |= state.tables[seat]
        known[seat] |= state.tables[seat]
    return cards_drawn(
        state, phase=_LAST_STAGE, hands=(hands[0], hands[1]), tables=(0, 0),
        known=(known[0], known[1]), drawn=drawn + 1, turnup=-1,
    )  # fmt: skip


def _meld(state: BeziqueState, move: Meld) -> BeziqueState:
    seat = state.to_act
    kind = _melds.identify_meld(state, move.cards)
    assert kind is not None
    faces = [face_index(card) for card in move.cards]
    cards = _melds.meld_assignment(state, seat, kind, faces)
    mask = 0
    for card in cards:
        mask |= 1 << card
    from_hand = mask & state.hands[seat]
    uses = list(state.uses)
    uses[_USE_INDEX[kind.adds]] |= mask
    return _award(
        state, seat, kind.points, kind.rule, state.tricks,
        Declaration(
            seat=seat, name=kind.name,
            cards=move.cards, points=kind.points, trick=state.tricks,
        ),
        hands=_with(state.hands, seat, state.hands[seat] & ~from_hand),
        tables=_with(state.tables, seat, state.tables[seat] | mask),
        known=_with(state.known, seat, state.known[seat] & ~from_hand),
        uses=tuple(uses),
        declared=True,
    )  # fmt: skip


def _exchange(state: BeziqueState) -> BeziqueState:
    seat = state.to_act
    options = state.table.options
    seven = _melds.exchange_seven(state, seat)
    seven_bit = 1 << seven
    turnup_bit = 1 << state.turnup
    changes: dict[str, Any] = {
        "hands": _with(state.hands, seat, (state.hands[seat] & ~seven_bit) | turnup_bit),
        "known": _with(state.known, seat, (state.known[seat] & ~seven_bit) | turnup_bit),
        "turnup": seven,
        "exchanged": state.turnup,
        "declared": state.declared or options.seven_counts_as_meld,
    }
    if "exchange" in options.seven_scoring and not state.sevens_scored & seven_bit:
        return _award(
            state, seat, SEVEN_POINTS, ScoreReasons.SEVEN_EXCHANGE.id, state.tricks,
            Declaration(
                seat=seat, name=ScoreReasons.SEVEN_EXCHANGE.name,
                cards=(DECK[seven],), points=SEVEN_POINTS, trick=state.tricks,
            ),
            sevens_scored=state.sevens_scored | seven_bit, **changes,
        )  # fmt: skip
    return replace_state(state, **changes)


def _show(state: BeziqueState) -> BeziqueState:
    seat = state.to_act
    seven = _melds.show_seven(state, seat)
    bit = 1 << seven
    return _award(
        state, seat, SEVEN_POINTS, ScoreReasons.SEVEN_SHOW.id, state.tricks,
        Declaration(
            seat=seat, name=ScoreReasons.SEVEN_SHOW.name,
            cards=(DECK[seven],), points=SEVEN_POINTS, trick=state.tricks,
        ),
        sevens_scored=state.sevens_scored | bit,
        known=_with(state.known, seat, state.known[seat] | bit),
        declared=state.declared or state.table.options.seven_counts_as_meld,
    )  # fmt: skip


GAME = BeziqueGame()
