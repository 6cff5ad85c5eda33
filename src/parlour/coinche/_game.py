"""Coinche's game logic: the deal, the auction, the play, the scoring and the move notation.

`GAME` is the object registered under ``"coinche"``; the top-level functions of `parlour`
dispatch to it. Legal moves come in the order of rules C.10: ``pass``; the bids by value, then
S H D C SA TA; capot; générale; ``coinche``; ``surcoinche``; cards in the deck's canonical
order (suits S H D C, 7 up to A).
"""

from __future__ import annotations

import random
from typing import Any

from parlour.base import Card
from parlour.coinche import _bot, _events, _narrate, _scoring, _screen, _view
from parlour.coinche._encoding import COINCHE_ENCODING
from parlour.coinche._options import Options
from parlour.coinche._parsing import MOVE_PARSERS
from parlour.coinche._position import CODEC
from parlour.coinche._scoring import match_winner_team, team_seats
from parlour.coinche._state import CoincheState, Phase
from parlour.coinche._transitions import MOVE_CHECKS, MOVE_TRANSITIONS, opening_state
from parlour.coinche.rules import (
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

__all__ = ["GAME", "CoincheGame"]


class CoincheGame(TrickGame):
    """The rules of Coinche behind the `parlour.engine.Game` protocol."""

    name = NAME
    players = PLAYERS
    deck = DECK
    state_type = CoincheState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "a Coinche move"
    deal_due_phase = Phase.DEAL_DUE
    over_phase = Phase.OVER
    turn_field = "turn"
    legal_field = "legal"
    move_checks = MOVE_CHECKS
    move_transitions = MOVE_TRANSITIONS
    move_parsers = MOVE_PARSERS
    deal_layout = DEAL_LAYOUT

    def new_game(self, options: Any, dealer: int) -> CoincheState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return opening_state(self.make_options(options), dealer)

    def random_deal(self, state: CoincheState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it as rules C.2.2 say: packets of the
        ``packets`` option from the dealer's next seat round to the dealer."""
        table = state.table
        return shuffle_and_deal(
            DEAL_LAYOUT, rng, packets=table.options.packets, dealer=table.dealer
        )

    def current_player(self, state: CoincheState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over."""
        return state.turn

    def legal_moves(self, state: CoincheState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        return state.legal

    def score(self, state: CoincheState) -> tuple[int, ...]:
        """Match points per seat (partners show the same number), counted at the end of deals."""
        first, second = state.table.match_score
        return (first, second, first, second)

    def winners(self, state: CoincheState) -> tuple[int, ...]:
        """The winning team's two seats once the match is over; empty before."""
        if state.phase != Phase.OVER:
            return ()
        table = state.table
        last_played = next(deal for deal in reversed(table.deals) if deal.outcome != "thrown_in")
        team = match_winner_team(table.options, table.match_score, last_played)
        assert team is not None
        return team_seats(team)

    def score_events(self, state: CoincheState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far (Coinche awards points at the end of each deal)."""
        return tuple(award for deal in state.table.deals for award in deal.awards)

    def zones_in_deal(self, state: CoincheState) -> dict[str, tuple[Card, ...]]:
        """Where every card is in a deal: hands, current trick, tricks won by each team."""
        zones = {f"hand {seat}": cards_in(state.hands[seat]) for seat in range(PLAYERS)}
        zones["trick"] = tuple(DECK[index] for index in state.trick)
        zones["won by team 0"] = cards_in(state.won[0])
        zones["won by team 1"] = cards_in(state.won[1])
        return zones

    # --- what the game provides to the layers above (its one registry entry) -------------
    view_type = _view.CoincheView
    view_phases = tuple(_view.PHASE_NAMES.values())
    position_codec = CODEC
    encoding = COINCHE_ENCODING
    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    sample_state = staticmethod(_view.sample_state)
    events = staticmethod(_events.events)
    narrate = staticmethod(_narrate.narrate)
    sentences = _narrate.SENTENCES
    screen = staticmethod(_screen.screen)
    last_play = staticmethod(_screen.last_play)
    trick_ending = staticmethod(_scoring.trick_ending)
    bot_move = staticmethod(_bot.bot_move)
    hint = staticmethod(_bot.explained_move)


GAME = CoincheGame()
