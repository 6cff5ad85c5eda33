"""Belote's game logic: the deal, the two bidding rounds, the play, and the move notation.

`GAME` is the object registered under ``"belote"``; the top-level functions of `parlour`
dispatch to it. Legal moves come in a fixed order: ``pass`` before ``take`` (second round: the
suits in S H D C order), cards in the deck's canonical order (suits S H D C, 7 up to A).
"""

from __future__ import annotations

import random
from typing import Any

from parlour.base import Card, moves_by_mask
from parlour.belote import _bot, _events, _narrate, _scoring, _screen, _view
from parlour.belote._checks import MOVE_CHECKS
from parlour.belote._encoding import BELOTE
from parlour.belote._moves import PLAYS
from parlour.belote._options import Options
from parlour.belote._parsing import MOVE_PARSERS
from parlour.belote._position import CODEC
from parlour.belote._scoring import (
    match_winner_team,
    team_seats,
)
from parlour.belote._state import (
    BeloteState,
    Phase,
    bid_moves,
    build_table,
)
from parlour.belote._transitions import (
    MOVE_TRANSITIONS,
    between_deals,
)
from parlour.belote.rules import (
    DEAL_FIELDS,
    DEAL_LAYOUT,
    DECK,
    NAME,
    PLAYERS,
    TEAMS,
    cards_in,
)
from parlour.engine import (
    Chance,
    Deal,
    Move,
    ScoreEvent,
    shuffle_and_deal,
)
from parlour.tricks import TrickGame

__all__ = ["GAME", "BeloteGame"]

# An enum member read through its class costs about 0.3 µs in Python 3.11: read them once.
_DEAL_DUE = Phase.DEAL_DUE
_BID_ROUND_1 = Phase.BID_ROUND_1
_BID_ROUND_2 = Phase.BID_ROUND_2
_OVER = Phase.OVER

_plays = moves_by_mask(PLAYS)
"""The play moves of the cards of a hand mask, in deck order."""


class BeloteGame(TrickGame):
    """The rules of Belote behind the `parlour.engine.Game` protocol."""

    name = NAME
    players = PLAYERS
    deck = DECK
    state_type = BeloteState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "a Belote move"
    deal_due_phase = _DEAL_DUE
    over_phase = _OVER
    turn_field = "turn"
    move_checks = MOVE_CHECKS
    move_transitions = MOVE_TRANSITIONS
    move_parsers = MOVE_PARSERS
    deal_layout = DEAL_LAYOUT

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> BeloteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return between_deals(
            build_table(
                options=self.make_options(options), dealer=dealer, deal_number=0,
                match_score=(0, 0), held=0, deals=(),
            )
        )  # fmt: skip

    def random_deal(self, state: BeloteState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it as the rules' canonical procedure says
        (`DEAL_LAYOUT`): packets of ``first_packets`` from the dealer's next seat round to the
        dealer, the next card turned up, the rest the stock, top first."""
        table = state.table
        return shuffle_and_deal(
            DEAL_LAYOUT, rng, packets=table.options.first_packets, dealer=table.dealer
        )

    # --- whose turn -------------------------------------------------------------------------
    def current_player(self, state: BeloteState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over (read
        from the state, where it is precomputed)."""
        return state.turn

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: BeloteState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        mask = state.legal_mask
        return _plays(mask) if mask else bid_moves(state.phase, state.table)

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: BeloteState) -> tuple[int, ...]:
        """Match points per seat (partners show the same number), counted at the end of deals."""
        first, second = state.table.match_score
        return (first, second, first, second)

    def winners(self, state: BeloteState) -> tuple[int, ...]:
        """The winning team's two seats once the match is over; empty before."""
        if state.phase != _OVER:
            return ()
        table = state.table
        last_played = next(deal for deal in reversed(table.deals) if deal.outcome != "thrown_in")
        team = match_winner_team(table.options, table.match_score, last_played)
        assert team is not None
        return team_seats(team)

    def score_events(self, state: BeloteState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far (Belote awards points at the end of each deal)."""
        return tuple(award for deal in state.table.deals for award in deal.awards)

    # --- where the cards are ---------------------------------------------------------------
    def zones_in_deal(self, state: BeloteState) -> dict[str, tuple[Card, ...]]:
        """Where every card is in a deal: hands, turn-up, stock, current trick, tricks won by
        each team."""
        table = state.table

        zones = {f"hand {seat}": cards_in(state.hands[seat]) for seat in range(PLAYERS)}
        in_bidding = state.phase in (_BID_ROUND_1, _BID_ROUND_2)
        zones["turnup"] = (DECK[table.turnup],) if in_bidding else ()
        zones["stock"] = tuple(DECK[index] for index in state.stock)
        zones["trick"] = tuple(DECK[index] for index in state.trick)
        zones["won by team 0"] = cards_in(state.won[0])
        zones["won by team 1"] = cards_in(state.won[1])
        return zones

    # --- what the game provides to the layers above (its one registry entry) -------------
    view_type = _view.BeloteView
    view_phases = tuple(_view.PHASE_NAMES.values())
    position_codec = CODEC
    encoding = BELOTE
    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    sample_state = staticmethod(_view.sample_state)
    events = staticmethod(_events.events)
    narrate = staticmethod(_narrate.narrate)
    sentences = _narrate.SENTENCES
    bot_move = staticmethod(_bot.bot_move)
    hint = staticmethod(_bot.explained_move)
    screen = staticmethod(_screen.screen)
    last_play = staticmethod(_screen.last_play)
    trick_ending = staticmethod(_scoring.trick_ending)
    deal_scale = staticmethod(_scoring.deal_scale)


GAME = BeloteGame()
