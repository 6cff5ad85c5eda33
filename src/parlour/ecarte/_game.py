"""Écarté's game logic: the deal, proposals and exchanges, the king, the play, and the notation.

`GAME` is the object registered under ``"ecarte"``; the top-level functions of `parlour`
dispatch to it. Legal moves come in a fixed order:

* the non-dealer's decision: ``propose``, then ``king`` (if he holds the king of trumps), then
  a lead of each card of his hand in the deck's canonical order (suits S H D C, 7 up to A);
* the dealer's answer: ``accept``, ``refuse``;
* a discard: by number of cards (the dealer's ``discard`` alone first, when he may keep his
  hand), then lexicographically by deck order;
* play: ``king`` (while the seat to act may still mark it), then the legal cards in deck order.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.base import Card
from parlour.ecarte import _bot, _events, _narrate, _scoring, _screen, _view
from parlour.ecarte._checks import MOVE_CHECKS
from parlour.ecarte._encoding import ECARTE
from parlour.ecarte._options import Options
from parlour.ecarte._parsing import MOVE_PARSERS
from parlour.ecarte._position import CODEC
from parlour.ecarte._scoring import winning_seats
from parlour.ecarte._state import (
    PHASE_NAMES,
    EcarteState,
    Phase,
)
from parlour.ecarte._transitions import (
    MOVE_TRANSITIONS,
    opening_state,
)
from parlour.ecarte.rules import (
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

__all__ = ["GAME", "EcarteGame"]

# The phases as module constants: reading ``Phase.PLAY`` goes through the enum's metaclass
# (about ten times the cost of a global).
_DEAL_DUE = Phase.DEAL_DUE
_OVER = Phase.OVER


class EcarteGame(TrickGame):
    """The rules of Écarté behind the `parlour.engine.Game` protocol."""

    name = NAME
    players = PLAYERS
    deck = DECK
    state_type = EcarteState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "an Écarté move"
    deal_due_phase = _DEAL_DUE
    over_phase = _OVER
    move_checks = MOVE_CHECKS
    move_transitions = MOVE_TRANSITIONS
    move_parsers = MOVE_PARSERS
    deal_layout = DEAL_LAYOUT
    turn_field = "turn"
    legal_field = "legal"

    def current_player(self, state: EcarteState) -> int | Chance | None:
        """The seat to act, `CHANCE` when a deal is due, ``None`` once the match is over (read
        from the state, where it is precomputed)."""
        return state.turn

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> EcarteState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return opening_state(self.make_options(options), dealer)

    def random_deal(self, state: EcarteState, rng: random.Random) -> Deal:
        """Shuffle the deck with ``rng`` and deal it by the canonical procedure (`DEAL_LAYOUT`):
        packets of ``deal_packets`` to the non-dealer then the dealer, the next card turned up,
        the rest the talon, top first."""
        table = state.table
        return shuffle_and_deal(
            DEAL_LAYOUT, rng, packets=table.options.deal_packets, dealer=table.dealer
        )

    # --- legal moves and checking -------------------------------------------------------------
    def legal_moves(self, state: EcarteState) -> tuple[Move, ...]:
        """Every legal move in the documented order; empty at a deal or once the match is over."""
        return state.legal

    # --- score and results ------------------------------------------------------------------------
    def score(self, state: EcarteState) -> tuple[int, ...]:
        """Match points per seat: kings as they are marked, tricks at the end of each deal."""
        return state.table.match_score

    def winners(self, state: EcarteState) -> tuple[int, ...]:
        """The seat with the highest score once the match is over (both on a single-deal tie)."""
        if state.phase is not _OVER:
            return ()
        return winning_seats(state.table.match_score)

    def score_events(self, state: EcarteState) -> tuple[ScoreEvent, ...]:
        """Every award of the match so far: finished deals, then this deal's kings."""
        table = state.table
        return (*(award for deal in table.deals for award in deal.awards), *table.awards)

    # --- where the cards are ---------------------------------------------------------------
    def zones_in_deal(self, state: EcarteState) -> dict[str, tuple[Card, ...]]:
        """Where every card is in a deal: hands, turn-up, talon (top first), each seat's
        discards, the current trick, the cards each seat has won."""
        exchange = state.exchange
        return {
            "hand 0": cards_in(state.hands[0]),
            "hand 1": cards_in(state.hands[1]),
            "turnup": (DECK[state.table.turnup],),
            "talon": tuple(DECK[index] for index in exchange.talon),
            "discards 0": cards_in(exchange.discards[0]),
            "discards 1": cards_in(exchange.discards[1]),
            "trick": tuple(DECK[index] for index in state.trick),
            "won by 0": cards_in(state.won[0]),
            "won by 1": cards_in(state.won[1]),
        }

    # --- what the game provides to the layers above (its one registry entry) -------------
    view_type = _view.EcarteView
    view_phases = tuple(PHASE_NAMES.values())
    position_codec = CODEC
    encoding = ECARTE
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


GAME = EcarteGame()
