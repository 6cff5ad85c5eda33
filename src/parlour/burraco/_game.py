"""Burraco behind the `parlour.engine.Game` protocol: the match's seating, the deal, whose turn,
the score and where the cards are, and the moves by job: the notation
(`parlour.burraco._notation`), the judgement of a move (`parlour.burraco._judgement`: `check`
returns its violation) and the transitions that apply a judgement
(`parlour.burraco._transitions`).

`GAME` is the object registered under ``"burraco"``; the top-level functions of `parlour`
dispatch to it. The order of the legal moves is given in `parlour.burraco._legal`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.base import Card, IllegalMoveError, Teams, build_options
from parlour.burraco import _bot, _events, _narrate, _scoring, _screen, _view
from parlour.burraco._encoding import BURRACO
from parlour.burraco._faces import DECK, FACE_CARDS, cards_of
from parlour.burraco._judgement import judge, legal_judgement
from parlour.burraco._legal import TEAM_OF, TEAMS, legal_moves, listed_moves
from parlour.burraco._legal_set import LegalMoves
from parlour.burraco._notation import parse_move
from parlour.burraco._options import Options
from parlour.burraco._position import CODEC
from parlour.burraco._scoring import match_winner
from parlour.burraco._state import BurracoState, HandResult, Phase, Table
from parlour.burraco._transitions import apply_unchecked
from parlour.burraco.rules import DEAL_LAYOUTS, HAND_PACKETS, NAME, deal_fields
from parlour.engine import (
    CHANCE,
    Chance,
    Deal,
    DealField,
    Move,
    ScoreEvent,
    Violation,
    shuffle_and_deal,
)

__all__ = ["GAME", "BurracoGame"]


class BurracoGame:
    """The rules of Burraco behind the `parlour.engine.Game` protocol."""

    name = NAME
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
        """``None`` if ``move`` is legal for the seat to act (or ``seat``), else the reason: the
        violation of the move's judgement (`parlour.burraco._judgement.judge`)."""
        judged = judge(state, move, seat)
        return judged if isinstance(judged, Violation) else None

    # --- applying moves -----------------------------------------------------------------------
    def apply(self, state: BurracoState, move: Move, seat: int | None) -> BurracoState:
        """The state after ``move``; raises `IllegalMoveError` if it is not legal.

        A move just read from the state's legal moves (by index, or a draw or a pickup of a
        listed draw phase) is known legal: its judgement is built from what the list recorded
        it makes, unchecked. Any other move is judged once, and the judgement applied.
        """
        if seat is None or seat == state.to_act:
            listed = listed_moves(state)  # None if not asked for
            if isinstance(listed, LegalMoves):
                picked = listed.picked(move)
                if picked is not None:
                    return apply_unchecked(state, legal_judgement(state, move, picked[2]))
            elif listed is not None and move in listed:
                return apply_unchecked(state, legal_judgement(state, move, None))
        judged = judge(state, move, seat)
        if isinstance(judged, Violation):
            raise IllegalMoveError(judged.rule, judged.message, move)
        return apply_unchecked(state, judged)

    # --- notation -------------------------------------------------------------------------------
    def parse_move(self, state: BurracoState, text: str) -> Move:
        """The move ``text`` writes (`parlour.burraco._notation.parse_move`)."""
        return parse_move(state, text)

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
    sentences = _narrate.SENTENCES
    bot_move = staticmethod(_bot.bot_move)
    hint = staticmethod(_bot.explained_move)
    screen = staticmethod(_screen.screen)
    last_play = staticmethod(_screen.last_play)
    deal_scale = staticmethod(_scoring.deal_scale)


GAME = BurracoGame()
