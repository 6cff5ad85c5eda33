"""Perfect-information Monte Carlo (PIMC): the solver's verdict averaged over sampled worlds.

In the card play of a game the solver can search (its game object is a
`parlour.tricks.SupportsSolver`: Belote, Coinche, Écarté, and Bezique's last stage), once the
hands hold at most ``max_cards`` cards in all, `PIMCAgent` deals ``worlds`` worlds consistent
with its view (`parlour.sample_state`, which draws them uniformly), solves each exactly
(`parlour.tricks.solve`) and plays the card whose points for its side, summed over the worlds,
are the most (ties to the first in the legal order). Before that, and for any other decision
(bidding, a proposal, an exchange, marking a king), it plays as its ``fallback`` agent:
``pimc:20+ismcts:200`` searches with ISMCTS early and solves late.

PIMC assumes each world is known to everyone, so it never plays to hide or to find out; its
strength is exact counting late in a deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.agents._base import Agent, check_choice, sampled_state
from parlour.base import Card, team_of_seat
from parlour.engine import Move, game_of, sample_state
from parlour.tricks import SupportsSolver, TrickEnding, solve

__all__ = ["PIMCAgent"]


class PIMCAgent(Agent):
    """PIMC over ``worlds`` sampled worlds once at most ``max_cards`` cards are in the hands;
    ``fallback`` decides everything else (see the module docstring)."""

    def __init__(self, *, worlds: int = 20, max_cards: int = 16, fallback: Agent) -> None:
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds must be a positive int, not {worlds!r}")
        if isinstance(max_cards, bool) or not isinstance(max_cards, int) or max_cards < 1:
            raise ValueError(f"max_cards must be a positive int, not {max_cards!r}")
        self.worlds = worlds
        self.max_cards = max_cards
        self.fallback = fallback

    def __repr__(self) -> str:
        return (
            f"PIMCAgent(worlds={self.worlds!r}, max_cards={self.max_cards!r}, "
            f"fallback={self.fallback!r})"
        )

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The move for ``view.seat``: PIMC's card in a late card play, else the fallback's.

        Raises: `AgentError` for a state instead of a view, a spectator's view, a view of a
        seat that is not to act, no legal move (see `check_choice`), or a plain view without a
        ``sampled`` state (from `parlour.view` rather than `parlour.agent_view`); `TypeError`
        for a ``view`` that is neither a view nor a state, ``legal_moves`` that are not a
        sequence or an ``rng`` that is not a `random.Random`.

        >>> import parlour, random
        >>> from parlour.agents import HeuristicAgent, PIMCAgent
        >>> state = parlour.apply(parlour.new_game("ecarte", seed=4), "play QS")
        >>> [str(move) for move in parlour.legal_moves(state)]  # seat 0, void in spades
        ['play QH', 'play JD', 'play KD', 'play 9C', 'play QC']
        >>> agent = PIMCAgent(worlds=8, max_cards=10, fallback=HeuristicAgent())
        >>> seen = parlour.agent_view(state, 0, random.Random(0))
        >>> agent.choose(seen, parlour.legal_moves(state), random.Random(0))
        Play(QH)
        """
        seat = check_choice(view, legal_moves, rng)
        sampled = sampled_state(view)
        game = game_of(sampled)
        ending = self._ending(game, sampled)
        plays = _plays_by_card(legal_moves)
        if ending is None or plays is None or len(legal_moves) == 1:
            return self.fallback.choose(view, legal_moves, rng)
        assert isinstance(game, SupportsSolver)
        first_team = team_of_seat(ending.evaluator.rules.teams)[seat] == 0
        cards = ending.evaluator.table.cards
        totals = dict.fromkeys(plays, 0)
        for _ in range(self.worlds):
            solution = solve(game.trick_ending(sample_state(sampled, seat, rng)))
            # per card face (the two copies of a face in a two-pack game are worth the same)
            values = {cards[card]: points for card, points in solution.card_points}
            for card in totals:
                points = values[card]
                totals[card] += points if first_team else solution.in_play - points
        best = max(plays, key=lambda card: totals[card])  # the first in the legal order on a tie
        return plays[best]

    def _ending(self, game: Any, state: Any) -> TrickEnding | None:
        """The state's card play for the solver when PIMC decides (a solvable card play with
        at most ``max_cards`` cards in the hands), else ``None``."""
        if not isinstance(game, SupportsSolver):
            return None
        try:
            ending = game.trick_ending(state)
        except ValueError:
            return None
        if sum(hand.bit_count() for hand in ending.hands) > self.max_cards:
            return None
        return ending


def _plays_by_card(legal_moves: Sequence[Move]) -> dict[Card, Move] | None:
    """The legal moves by the card each plays, in their order, when every one is a card play
    (else ``None``: a move such as Écarté's ``king`` is the fallback's to judge)."""
    plays: dict[Card, Move] = {}
    for move in legal_moves:
        card = getattr(move, "card", None)
        if not isinstance(card, Card):
            return None
        plays[card] = move
    return plays
