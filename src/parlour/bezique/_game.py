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

from parlour.base import Card, moves_by_mask
from parlour.bezique import _bot, _events, _last_stage, _melds, _narrate, _screen, _view
from parlour.bezique._checks import (
    MOVE_CHECKS,
    last_stage_allowed,
)
from parlour.bezique._encoding import BEZIQUE
from parlour.bezique._moves import (
    DRAW,
    PLAYS,
    Play,
)
from parlour.bezique._options import Options
from parlour.bezique._parsing import MOVE_PARSERS
from parlour.bezique._position import CODEC
from parlour.bezique._state import (
    BeziqueState,
    Phase,
)
from parlour.bezique._transitions import (
    MOVE_TRANSITIONS,
    match_decided,
    match_total,
    opening_state,
)
from parlour.bezique.rules import (
    DEAL_FIELDS,
    DEAL_LAYOUT,
    DEAL_SCALE,
    DECK,
    FACES,
    NAME,
    PLAYERS,
    TEAMS,
    cards_in,
    faces_in,
)
from parlour.engine import (
    Deal,
    Move,
    ScoreEvent,
    shuffle_and_deal,
)
from parlour.tricks import (
    TrickGame,
    seat_to_act,
)

__all__ = ["GAME", "BeziqueGame", "match_decided", "match_total"]

_FACES_MASK = (1 << FACES) - 1

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


class BeziqueGame(TrickGame):
    """The rules of two-handed Bezique behind the `parlour.engine.Game` protocol."""

    name = NAME
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
    move_transitions = MOVE_TRANSITIONS
    move_parsers = MOVE_PARSERS
    deal_layout = DEAL_LAYOUT
    current_player = seat_to_act(_DEAL_DUE, _OVER)

    # --- setting up -----------------------------------------------------------------------
    def new_game(self, options: Any, dealer: int) -> BeziqueState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return opening_state(self.make_options(options), dealer)

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

    # --- what the game provides to the layers above (its one registry entry) -------------
    view_type = _view.BeziqueView
    view_phases = tuple(_view.PHASE_NAMES.values())
    position_codec = CODEC
    encoding = BEZIQUE
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
    trick_ending = staticmethod(_last_stage.trick_ending)
    rollout_move = staticmethod(_bot.rollout_move)

    def deal_scale(self, options: Any) -> int:
        """A large deal's points margin, `DEAL_SCALE` (the options do not change it)."""
        return DEAL_SCALE


GAME = BeziqueGame()
