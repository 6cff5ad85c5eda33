"""Burraco's game logic: the deal, the turn (draw or take the pile, meld and add, discard), the
pozzetti, the three ends of a hand, and the notation.

`GAME` is the object registered under ``"burraco"``; the top-level functions of `parlour`
dispatch to it. The order of the legal moves is given in `parlour.burraco._legal`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.burraco import _bot, _known, _narrate, _view
from parlour.burraco import events as _events
from parlour.burraco._encoding import BURRACO
from parlour.burraco._faces import (
    COPIES,
    DECK,
    FACE_CARDS,
    FACE_OF,
    cards_of,
    contains,
    excess_face,
    pack,
    shares_a_face,
)
from parlour.burraco._legal import (
    TEAM_OF,
    TEAMS,
    LegalMoves,
    discard_problem,
    finish_problem,
    legal_moves,
    listed_moves,
    meld_rules,
    pickup_problem,
    pile_card_problem,
    team_melds_allow_set,
)
from parlour.burraco._melds import Addition, read_addition, read_meld
from parlour.burraco._melds import Meld as TableMeld
from parlour.burraco._moves import DRAW, PICKUP, Add, Discard, Draw, Meld, PickUp, meld_of
from parlour.burraco._options import Options
from parlour.burraco._position import CODEC
from parlour.burraco._scoring import hand_awards, match_winner, score_hand
from parlour.burraco._state import NEW_TURN, BurracoState, HandResult, Phase, Table, Turn
from parlour.burraco.rules import (
    DEAL_LAYOUTS,
    HAND_PACKETS,
    POZZETTO_SIZE,
    STOCK_LEFT_AT_END,
    deal_fields,
)
from parlour.cards import Card, Rank, parse_card
from parlour.core import (
    CHANCE,
    Chance,
    Deal,
    DealField,
    Move,
    ScoreEvent,
    Violation,
)
from parlour.deal_layout import shuffle_and_deal
from parlour.errors import IllegalMoveError, NotationError
from parlour.notation import parse_deal, split_move
from parlour.options import build_options
from parlour.seating import Teams
from parlour.turns import turn_violation

__all__ = ["GAME", "BurracoGame"]

_MOVE_KEYWORDS = "deal, draw, pickup, meld, add, discard"
_MAX_MELD_TOKENS = 32
"""No meld or add names more cards than this (a sequence holds at most 14)."""


def _team(state: BurracoState, seat: int) -> int:
    return TEAM_OF[state.table.options.players][seat]


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


class BurracoGame:
    """The rules of Burraco behind the `parlour.core.Game` protocol."""

    name = "burraco"
    player_counts = (4, 2)
    deck = DECK
    state_type = BurracoState
    options_type = Options

    # --- the match's seating ----------------------------------------------------------------
    def make_options(self, given: Mapping[str, Any] | Any | None) -> Options:
        """The `Options` from a mapping (or as given); `OptionsError` on anything wrong."""
        built: Options = build_options(Options, given)
        return built

    def player_count(self, options: Options) -> int:
        """4 or 2, by the ``players`` option."""
        return options.players

    def teams(self, options: Options) -> Teams:
        """Partners opposite with four players, each alone with two."""
        return TEAMS[options.players]

    def deal_fields(self, options: Options) -> tuple[DealField, ...]:
        """``hands`` (one per seat), ``pozzetti`` (top first), ``discard``, ``stock``."""
        return deal_fields(options.players)

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> BurracoState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        built = build_options(Options, options)
        teams = len(TEAMS[built.players])
        table = Table(options=built, dealer=dealer, match_score=(0,) * teams)
        return BurracoState(table=table, phase=Phase.DEAL_DUE)

    def options(self, state: BurracoState) -> Options:
        """The match's options."""
        return state.table.options

    def random_deal(self, state: BurracoState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it by the canonical mapping (rules §4.2 item
        5, Settled points 2–3; `DEAL_LAYOUTS`): one card at a time to each seat from the
        dealer's next seat, then alternately into the two pozzetti, one card to the discard
        pile, the rest the stock, top first."""
        table = state.table
        layout = DEAL_LAYOUTS[table.options.players]
        return shuffle_and_deal(layout, rng, packets=HAND_PACKETS, dealer=table.dealer)

    # --- whose turn -------------------------------------------------------------------------
    def current_player(self, state: BurracoState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a hand is to be dealt, ``None`` once it is over."""
        phase = state.phase
        if phase is Phase.DEAL_DUE:
            return CHANCE
        if phase is Phase.OVER:
            return None
        return state.to_act

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: BurracoState) -> Sequence[Move]:
        """Every legal move in the documented order; empty at a deal or once it is over
        (`BurracoState.legal`, computed once per state)."""
        return legal_moves(state)

    def check(self, state: BurracoState, move: Move, seat: int | None) -> Violation | None:
        """``None`` if ``move`` is legal for the seat to act (or ``seat``), else the reason."""
        verdict = _verdict(state, move, seat)
        return verdict if isinstance(verdict, Violation) else None

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: BurracoState, move: Move, seat: int | None) -> BurracoState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal.

        When the state's legal moves were already listed, a listed move is applied with what
        the list recorded; otherwise the move is judged once, and what it makes applied.
        """
        if seat is None or seat == state.to_act:
            listed = listed_moves(state)  # None if not asked for: then judge this move alone
            if isinstance(listed, LegalMoves):
                try:
                    return _apply_legal(state, move, listed.made_by(move))
                except KeyError:
                    pass  # not a legal move: the verdict says why
            elif listed is not None and move in listed:
                return _draw(state) if isinstance(move, Draw) else _pickup(state)
        verdict = _verdict(state, move, seat)
        if isinstance(verdict, Violation):
            raise IllegalMoveError(verdict.rule, verdict.message, move)
        if isinstance(move, Deal):
            return _deal(state, move)
        return _apply_legal(state, move, verdict)

    # --- notation -------------------------------------------------------------------------------
    def parse_move(self, state: BurracoState, text: str) -> Move:
        """Parse ``deal …``, ``draw``, ``pickup``, ``meld <cards>``, ``add <n> <cards>
        [= <cards>]`` or ``discard <card>``; `NotationError` for text that does not fit.

        A set's cards may come in any order; a sequence's are read as written (low to high,
        each wild at its place). An add is put in canonical form against the team's meld when
        that meld exists (an ``add`` whose cards could leave the meld in more than one
        arrangement needs ``=`` and the meld as it will stand).
        """
        keyword, arguments = split_move(text)
        if keyword in ("draw", "pickup"):
            if arguments:
                raise NotationError(f"{keyword!r} takes no argument: {_shown(text)}")
            return DRAW if keyword == "draw" else PICKUP
        if keyword == "discard":
            if len(arguments) != 1:
                raise NotationError(f"'discard' takes one card, as in 'discard 7S': {_shown(text)}")
            return Discard(_deck_card(arguments[0]))
        if keyword == "meld":
            return meld_of(_parse_cards(arguments, text, "meld", least=1))
        if keyword == "add":
            return _parse_add(state, arguments, text)
        if keyword == "deal":
            return parse_deal(arguments, deal_fields(state.table.options.players))
        raise NotationError(
            f"{keyword!r} is not a Burraco move (the moves are {_MOVE_KEYWORDS}): {_shown(text)}"
        )

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: BurracoState) -> tuple[int, ...]:
        """Match points per seat (partners show their team's total), counted at each hand's
        end."""
        table = state.table
        team_of = TEAM_OF[table.options.players]
        return tuple(table.match_score[team] for team in team_of)

    def winners(self, state: BurracoState) -> tuple[int, ...]:
        """The winning team's seats once the match is over (every seat on a level single hand)."""
        if state.phase is not Phase.OVER:
            return ()
        table = state.table
        _, teams = match_winner(table.options.target, table.match_score)
        all_teams = TEAMS[table.options.players]
        return tuple(sorted(seat for team in teams for seat in all_teams[team]))

    def score_events(self, state: BurracoState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far, hand by hand (each made at the end of its hand)."""
        return tuple(award for result in state.table.results for award in result.awards)

    def deal_results(self, state: BurracoState) -> tuple[HandResult, ...]:
        """The breakdown of every finished hand."""
        return state.table.results

    # --- where the cards are ---------------------------------------------------------------
    def card_zones(self, state: BurracoState) -> dict[str, tuple[Card, ...]]:
        """Where every card is: each hand, each team's melds, the discard pile (top first), the
        stock (top first), and each pozzetto not yet taken. Between hands, the whole pack."""
        if state.phase is Phase.DEAL_DUE or state.phase is Phase.OVER:
            return {"pack": DECK}
        zones = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
        for team, melds in enumerate(state.melds):
            zones[f"melds {team}"] = tuple(card for meld in melds for card in meld.cards)
        zones["discard"] = tuple(FACE_CARDS[face] for face in state.discard)
        zones["stock"] = tuple(FACE_CARDS[face] for face in state.stock[state.drawn :])
        taken = state.pozzetti_taken
        for index, pozzetto in enumerate(state.pozzetti):
            cards = () if index < taken else tuple(FACE_CARDS[face] for face in pozzetto)
            zones[f"pozzetto {index + 1}"] = cards
        return zones

    # --- what the game provides to the layers above (its one registry entry) -------------
    view_type = _view.BurracoView
    view_phases = tuple(phase.value for phase in Phase)
    position_codec = CODEC
    encoding = BURRACO
    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    sample_state = staticmethod(_view.resample_hidden)
    events = staticmethod(_events.events)
    narrate = staticmethod(_narrate.narrate)
    bot_move = staticmethod(_bot.bot_move)


# --- notation helpers ------------------------------------------------------------------------


def _shown(text: str) -> str:
    """The text for an error message, cut short if long."""
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _deck_card(token: str) -> Card:
    card = parse_card(token)
    if card not in FACE_OF:
        raise NotationError(f"{token!r} is not a Burraco card")
    return card


def _parse_cards(tokens: Sequence[str], text: str, keyword: str, *, least: int) -> tuple[Card, ...]:
    if len(tokens) < least:
        raise NotationError(f"{keyword!r} needs at least {least} card(s): {_shown(text)}")
    if len(tokens) > _MAX_MELD_TOKENS:
        raise NotationError(
            f"{keyword!r} names at most {_MAX_MELD_TOKENS} cards, not {len(tokens)}"
        )
    return tuple(_deck_card(token) for token in tokens)


def _parse_add(state: BurracoState | None, arguments: Sequence[str], text: str) -> Add:
    token = arguments[0] if arguments else ""
    if not (token.isascii() and token.isdigit() and len(token) <= 4 and int(token) >= 1):
        raise NotationError(
            f"'add' needs the number of your team's meld, then cards, as in 'add 1 8H': "
            f"{_shown(text)}"
        )
    number = int(arguments[0])
    tokens = list(arguments[1:])
    if tokens.count("=") > 1:
        raise NotationError(f"'add' takes at most one '=': {_shown(text)}")
    arrangement: tuple[Card, ...] | None = None
    if "=" in tokens:
        split = tokens.index("=")
        added = _parse_cards(tokens[:split], text, "add", least=1)
        arrangement = _parse_cards(tokens[split + 1 :], text, "add … =", least=1)
    else:
        added = _parse_cards(tokens, text, "add", least=1)
    move = Add(number, added, arrangement)
    melds = _team_melds(state)
    if state is None or melds is None or not 1 <= number <= len(melds):
        return move
    resolved = read_addition(
        melds[number - 1], _tokens_of(move), meld_rules(state.table.options), number=number
    )
    if isinstance(resolved, Violation):
        return move
    return _add_move(number, resolved)


def _team_melds(state: BurracoState | None) -> tuple[Any, ...] | None:
    """The melds of the team to act, against which an ``add`` is read (``None`` outside a
    turn, or with no state: a view's moves read back from JSON keep the text's own form)."""
    if state is None or (state.phase is not Phase.PLAY and state.phase is not Phase.DRAW):
        return None
    return state.melds[_team(state, state.to_act)]


def _tokens_of(move: Add) -> list[str]:
    tokens = [card.text for card in move.cards]
    if move.arrangement is not None:
        tokens += ["=", *(card.text for card in move.arrangement)]
    return tokens


def _add_move(number: int, addition: Addition) -> Add:
    """The canonical `Add` of an addition onto meld ``number``."""
    return Add(number, addition.added, addition.result.cards if addition.ambiguous else None)


# --- checks ---------------------------------------------------------------------------------


def _verdict(
    state: BurracoState, move: Move, seat: int | None
) -> Violation | TableMeld | Addition | None:
    """Why ``move`` (by ``seat``, if given) is illegal, or, for a legal meld or add, the meld or
    the addition it makes (``None`` for any other legal move): one judgement that `check` and
    `apply` share."""
    phase = state.phase
    if type(move) is Deal and seat is None and phase is Phase.DEAL_DUE and (
        DEAL_LAYOUTS[state.table.options.players].read(move) is not None
    ):
        return None  # the whole deck in the layout's zones (else the check below says why not)
    violation = turn_violation(
        move, seat, over=phase is Phase.OVER, deal_due=phase is Phase.DEAL_DUE,
        to_act=state.to_act, deal_fields=deal_fields(state.table.options.players), deck=DECK,
    )  # fmt: skip
    if violation is not None or isinstance(move, Deal):
        return violation
    if isinstance(move, (Draw, PickUp)):
        if phase is Phase.PLAY:
            return Violation("phase.wrong_move", "you have drawn this turn: meld, add, or discard")
        return pickup_problem(state) if isinstance(move, PickUp) else None
    if not isinstance(move, (Meld, Add, Discard)):
        return Violation("phase.wrong_move", f"{move} is not a Burraco move")
    if phase is Phase.DRAW:
        return Violation(
            "burraco.draw_first",
            "draw from the stock or take the discard pile before you meld, add or discard",
        )
    if isinstance(move, Discard):
        return _check_discard(state, move)
    if isinstance(move, Meld):
        return _check_meld(state, move)
    return _resolve_add(state, move)


def _not_held(state: BurracoState, cards: Sequence[Card]) -> Violation | None:
    """``card.not_held`` unless the seat to act holds every one of ``cards`` (with repeats)."""
    if not isinstance(cards, tuple) or not cards:
        return Violation("card.not_held", "a meld, an add or a discard names at least one card")
    for card in cards:
        if not isinstance(card, Card) or card not in FACE_OF:
            return Violation("card.not_held", f"{card!r} is not a card of the Burraco deck")
    faces = [FACE_OF[card] for card in cards]
    excess = excess_face(faces)
    if excess >= 0:
        card = FACE_CARDS[excess]
        return Violation(
            "card.not_held",
            f"you do not hold {cards.count(card)} × {card.symbol} (the deck has "
            f"{COPIES[excess]})",
        )
    hand = state.hands[state.to_act]
    if contains(hand, pack(faces)):
        return None
    missing = [card for card in dict.fromkeys(cards) if cards.count(card) > _held(hand, card)]
    card = missing[0]
    times = cards.count(card)
    said = card.symbol if times == 1 else f"{times} × {card.symbol}"
    return Violation("card.not_held", f"you do not hold {said}")


def _held(hand: int, card: Card) -> int:
    return hand >> (3 * FACE_OF[card]) & 7


def _check_discard(state: BurracoState, move: Discard) -> Violation | None:
    problem = _not_held(state, (move.card,))
    if problem is not None:
        return problem
    return discard_problem(state, FACE_OF[move.card])


def _check_meld(state: BurracoState, move: Meld) -> Violation | TableMeld:
    """Why ``move`` may not be laid down, or the meld it lays down."""
    cards = move.cards
    problem = _not_held(state, cards)
    if problem is not None:
        return problem
    options = state.table.options
    meld = read_meld(cards, meld_rules(options))
    if isinstance(meld, Violation):
        return meld
    problem = pile_card_problem(state, meld.packed)
    if problem is not None:
        return problem
    team_melds = state.melds[_team(state, state.to_act)]
    if not team_melds_allow_set(options, team_melds, meld):
        return Violation(
            "burraco.duplicate_set",
            f"your team already has a set of {_plural(meld.rank)}: add to it instead",
        )
    seat = state.to_act
    problem = finish_problem(
        state, state.hands[seat] - meld.packed, state.hand_sizes[seat] - len(cards),
        (*team_melds, meld),
    )  # fmt: skip
    return meld if problem is None else problem


_RANK_PLURALS = {Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces"}


def _plural(rank: Rank | None) -> str:
    """A rank's name in the plural, for messages: ``9s``, ``kings``, ``aces``."""
    assert rank is not None
    return _RANK_PLURALS.get(rank, f"{rank.text}s")


def _resolve_add(state: BurracoState, move: Add) -> Addition | Violation:
    """The addition ``move`` makes, or why it cannot be made."""
    seat = state.to_act
    team_melds = state.melds[_team(state, seat)]
    if type(move.number) is not int or not 1 <= move.number <= len(team_melds):
        has = f"it has {len(team_melds)}" if team_melds else "it has none yet"
        return Violation(
            "burraco.no_such_meld", f"your team has no meld number {move.number} ({has})"
        )
    problem = _not_held(state, move.cards)
    if problem is not None:
        return problem
    if move.arrangement is not None and not (
        isinstance(move.arrangement, tuple)
        and all(isinstance(card, Card) and card in FACE_OF for card in move.arrangement)
    ):
        return Violation(
            "burraco.bad_arrangement",
            f"the meld as it will stand (after '=') must be Burraco cards: {move.arrangement!r}",
        )
    meld = team_melds[move.number - 1]
    try:
        resolved = read_addition(
            meld, _tokens_of(move), meld_rules(state.table.options), number=move.number
        )
    except NotationError as error:
        return Violation("burraco.place_needed", str(error))
    if isinstance(resolved, Violation):
        return resolved
    problem = pile_card_problem(state, resolved.added_packed)
    if problem is not None:
        return problem
    left = state.hands[seat] - resolved.added_packed
    changed = _replace(team_melds, move.number - 1, resolved.result)
    violation = finish_problem(
        state, left, state.hand_sizes[seat] - len(resolved.added), changed
    )
    return resolved if violation is None else violation


# --- transitions (moves already checked) -----------------------------------------------


def _apply_legal(
    state: BurracoState, move: Move, made: TableMeld | Addition | None
) -> BurracoState:
    """The state after ``move``, a legal move of ``state``; ``made`` is the new meld or the
    addition of a meld or add, as the legal-move table recorded it."""
    if isinstance(made, Addition):
        assert isinstance(move, Add)
        return _add(state, move.number - 1, made)
    if made is not None:
        team_melds = state.melds[_team(state, state.to_act)]
        return _laid(state, made.packed, len(made.cards), (*team_melds, made))
    if isinstance(move, Discard):
        return _discard(state, FACE_OF[move.card])
    return _draw(state) if isinstance(move, Draw) else _pickup(state)


def _deal(state: BurracoState, deal: Deal) -> BurracoState:
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
    )


_DRAWN_TURN = {False: NEW_TURN, True: Turn(last_turn=True)}
"""The turn after a draw, by whether it left the stock at two cards (the last turn)."""


def _draw(state: BurracoState) -> BurracoState:
    seat = state.to_act
    stock = state.stock
    drawn = state.drawn + 1
    return BurracoState(
        table=state.table, phase=Phase.PLAY, to_act=seat,
        hands=_replace(state.hands, seat, state.hands[seat] + (1 << 3 * stock[drawn - 1])),
        hand_sizes=_replace(state.hand_sizes, seat, state.hand_sizes[seat] + 1),
        melds=state.melds, discard=state.discard, stock=stock, drawn=drawn,
        pozzetti=state.pozzetti, pozzetto_of_team=state.pozzetto_of_team, unseen=state.unseen,
        turn=_DRAWN_TURN[len(stock) - drawn <= STOCK_LEFT_AT_END], stalled=state.stalled,
        known=state.known,
    )  # fmt: skip


def _pickup(state: BurracoState) -> BurracoState:
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


def _laid(state: BurracoState, laid: int, laid_size: int, melds: tuple[Any, ...]) -> BurracoState:
    """After a meld or an add of the packed cards ``laid`` (``laid_size`` of them), the team's
    melds now ``melds``: the pozzetto is taken directly if the hand is empty."""
    seat = state.to_act
    team = _team(state, seat)
    hand = state.hands[seat] - laid
    hand_size = state.hand_sizes[seat] - laid_size
    pozzetto_of_team = state.pozzetto_of_team
    if hand_size == 0:
        index = state.pozzetti_taken
        hand = pack(state.pozzetti[index])
        hand_size = POZZETTO_SIZE
        pozzetto_of_team = _replace(pozzetto_of_team, team, index)
    return BurracoState(
        table=state.table, phase=state.phase, to_act=seat,
        hands=_replace(state.hands, seat, hand),
        hand_sizes=_replace(state.hand_sizes, seat, hand_size),
        melds=_replace(state.melds, team, melds), discard=state.discard, stock=state.stock,
        drawn=state.drawn, pozzetti=state.pozzetti, pozzetto_of_team=pozzetto_of_team,
        unseen=state.unseen, turn=_melded_turn(state.turn, laid), stalled=state.stalled,
        known=_known.after_laying(state.known, seat, laid),
    )  # fmt: skip


def _add(state: BurracoState, index: int, addition: Addition) -> BurracoState:
    team_melds = state.melds[_team(state, state.to_act)]
    return _laid(
        state, addition.added_packed, len(addition.added),
        _replace(team_melds, index, addition.result),
    )  # fmt: skip


def _discard(state: BurracoState, face: int) -> BurracoState:
    seat = state.to_act
    team = _team(state, seat)
    hand = state.hands[seat] - (1 << 3 * face)
    hand_size = state.hand_sizes[seat] - 1
    pozzetto_of_team = state.pozzetto_of_team
    unseen = state.unseen
    closed = False
    if hand_size == 0:
        if pozzetto_of_team[team] >= 0:
            closed = True
        else:
            index = state.pozzetti_taken
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
        known=_known.after_laying(state.known, seat, 1 << 3 * face),
    )  # fmt: skip
    if ends is not None:
        return _finish_hand(after, ends, team if closed else None)
    return after


def _finish_hand(state: BurracoState, ended_by: str, closed_by: int | None) -> BurracoState:
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
    return BurracoState(table=next_table, phase=Phase.OVER if over else Phase.DEAL_DUE)


GAME = BurracoGame()
