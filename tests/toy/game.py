"""The toy game object: its rules (on the shared `TrickGame` skeleton) and everything it
provides to the layers above, declared in one place."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from parlour.base import Card
from parlour.engine import (
    Deal,
    DealLayout,
    Move,
    Play,
    ScoreEvent,
    shuffle_and_deal,
)
from parlour.tricks import (
    MoveCheck,
    MoveParser,
    MoveTransition,
    TrickGame,
    play_parser,
    seat_to_act,
)
from tests.toy import bot as _bot
from tests.toy import events as _events
from tests.toy import view as _view
from tests.toy.encoding import TOY_ENCODING
from tests.toy.options import Options
from tests.toy.play import check_play, deal_cards, legal_plays, opening_state, play_card
from tests.toy.position import CODEC
from tests.toy.rules import DEAL_FIELDS, DECK, PACKETS, PLAYERS, TEAMS
from tests.toy.state import PHASE_NAMES, DealResult, Phase, ToyState

__all__ = ["TOY_GAME", "ToyGame"]


MOVE_CHECKS: Mapping[type[Move], MoveCheck] = {Play: check_play}
MOVE_TRANSITIONS: Mapping[type[Move], MoveTransition] = {Play: play_card, Deal: deal_cards}
MOVE_PARSERS: Mapping[str, MoveParser] = {"play": play_parser("9S")}


class ToyGame(TrickGame):
    """The toy game's rules behind the `parlour.engine.Game` protocol."""

    name = "toy"
    players = PLAYERS
    deck = DECK
    state_type = ToyState
    options_type = Options
    fixed_teams = TEAMS
    fixed_deal_fields = DEAL_FIELDS
    move_phrase = "a toy move"
    deal_layout = DealLayout(deck=DECK, players=PLAYERS, fields=DEAL_FIELDS)
    deal_due_phase = Phase.DEAL_DUE
    over_phase = Phase.OVER
    move_checks = MOVE_CHECKS
    move_transitions = MOVE_TRANSITIONS
    move_parsers = MOVE_PARSERS
    current_player = seat_to_act(Phase.DEAL_DUE, Phase.OVER)

    def options(self, state: ToyState) -> Options:
        """The match's options."""
        return state.options

    def deal_results(self, state: ToyState) -> tuple[DealResult, ...]:
        """The finished deals' results."""
        return state.deals

    def new_game(self, options: Any, dealer: int) -> ToyState:
        """A match with no card dealt yet: the first move is a deal by ``dealer``."""
        return opening_state(self.make_options(options), dealer)

    def random_deal(self, state: ToyState, rng: random.Random) -> Deal:
        """``rng.shuffle`` of the deck in canonical order, dealt from the top: packets of 3
        then 2 to each player, the non-dealer first; the next card turned up; the last one the
        widow."""
        return shuffle_and_deal(self.deal_layout, rng, packets=PACKETS, dealer=state.dealer)

    def legal_moves(self, state: ToyState) -> tuple[Move, ...]:
        """The plays of the seat to act in canonical card order; none between deals."""
        return legal_plays(state)

    def score(self, state: ToyState) -> tuple[int, ...]:
        """Match points per seat: one per trick won."""
        return state.match_score

    def winners(self, state: ToyState) -> tuple[int, ...]:
        """The seat with more points once the match is over."""
        if state.phase is not Phase.OVER:
            return ()
        best = max(state.match_score)
        return tuple(seat for seat in range(PLAYERS) if state.match_score[seat] == best)

    def score_events(self, state: ToyState) -> tuple[ScoreEvent, ...]:
        """Every award so far: the finished deals', then this deal's."""
        return (*(award for deal in state.deals for award in deal.awards), *state.awards)

    def zones_in_deal(self, state: ToyState) -> dict[str, tuple[Card, ...]]:
        """Hands, turn-up, widow, the current trick, and the cards each seat has won."""
        assert state.turnup is not None and state.widow is not None
        won: list[list[Card]] = [[], []]
        for trick in state.tricks:
            won[trick.winner].extend(trick.cards)
        return {
            "hand 0": state.hands[0],
            "hand 1": state.hands[1],
            "turnup": (state.turnup,),
            "widow": (state.widow,),
            "trick": state.trick,
            "won by 0": tuple(won[0]),
            "won by 1": tuple(won[1]),
        }

    # --- what the game provides to the layers above (its one registry entry) -------------
    view_type = _view.ToyView
    view_phases = tuple(PHASE_NAMES.values())
    position_codec = CODEC
    encoding = TOY_ENCODING
    view = staticmethod(_view.view)
    resample_hidden = staticmethod(_view.resample_hidden)
    sample_state = staticmethod(_view.sample_state)
    events = staticmethod(_events.events)
    narrate = staticmethod(_events.narrate)
    sentences = _events.SENTENCES
    bot_move = staticmethod(_bot.bot_move)


TOY_GAME = ToyGame()
"""The toy game: two players, twelve cards, five tricks a deal (see `tests.toy.rules`)."""
