"""Determinization: full states a seat cannot tell from the real one, and the agent's view.

`sample_state(state, seat, rng)` deals every card hidden from ``seat`` again, at random, among
the places hidden from it, so that the result agrees with everything the seat knows: its hand,
the cards played, the melds and other face-up cards, the open discard pile, and what the play
has revealed (a seat that failed to follow suit holds none of it; one that failed to trump when
obliged holds no trump; one that failed to overtrump when obliged holds no higher trump). Each
game object carries its sampler (``sample_state``, from the game's ``view`` module): it lists
the hidden places and the cards each may not take (`parlour.tricks` reads the visible
tricks through the game's own obligation records), and `parlour.base` deals them
(Burraco's keeps in each hand the cards everybody saw it take with the discard pile). What
the play revealed is read from every trick of the current deal played under duties (the trick
games' states keep the deal's tricks).

`agent_view(state, seat, rng)` is the seat's view with ``sampled`` set to one such state. The
sampled state's hidden cards are random given what the seat knows, so holding it reveals
nothing more than the view itself; yet it is a full state that the game's functions accept. A
search agent given only the view draws as many fresh determinizations as it likes with
``sample_state(view.sampled, view.seat, rng)``: sampling from a state the seat cannot tell from
the real one gives the same distribution as sampling from the real one.

A sample is a function of the seat's view and ``rng`` alone: two states with equal views give
equal samples from equal generators. The hidden cards are listed in a fixed order, never the
real layout's, and the hidden history a state keeps (Burraco's cards drawn from the stock and
taken pozzetti, Bezique's record of the draws) is drawn again to agree with the sampled layout
and the play.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from parlour.engine._functions import check_rng, check_seat
from parlour.engine._game import View, game_of

__all__ = ["agent_view", "sample_state"]

def sample_state(state: Any, seat: int | None, rng: random.Random) -> Any:
    """A full state that ``seat`` cannot tell from ``state``, its hidden cards drawn by ``rng``
    among the layouts consistent with everything the seat has seen (module docstring).

    ``seat=None`` samples for a spectator. Between deals and once the match is over nothing is
    hidden and ``state`` comes back. A seat that is not one of the match's is a `SeatError`;
    ``rng`` must be a `random.Random` (a plain `TypeError` otherwise).

    Raises: `SeatError` for a ``seat`` that is not one of the match's; `TypeError` for an
    ``rng`` that is not a `random.Random` or a ``state`` that is not a parlour state.

    >>> import parlour, random
    >>> state = parlour.new_game("belote", seed=7)
    >>> sampled = parlour.sample_state(state, 0, random.Random(1))
    >>> parlour.view(sampled, 0) == parlour.view(state, 0), sampled == state
    (True, False)
    """
    game = game_of(state)
    check_seat(seat, game.player_count(game.options(state)))
    check_rng(rng)
    return game.sample_state(state, seat, rng)


def agent_view(state: Any, seat: int | None, rng: random.Random) -> View:
    """The view of ``seat`` with ``sampled`` set to ``sample_state(state, seat, rng)``.

    This is what an agent gets instead of the state: everything it may see, plus one
    determinization it may search from (module docstring). ``sampled`` takes no part in the
    view's equality, hash, ``repr`` or ``to_dict``.

    Raises: `SeatError` for a ``seat`` that is not one of the match's; `TypeError` for an
    ``rng`` that is not a `random.Random` or a ``state`` that is not a parlour state.

    >>> import parlour, random
    >>> state = parlour.new_game("belote", seed=7)
    >>> seen = parlour.agent_view(state, 1, random.Random(1))
    >>> seen == parlour.view(state, 1), parlour.current_player(seen.sampled)
    (True, 1)
    """
    game = game_of(state)
    check_seat(seat, game.player_count(game.options(state)))
    check_rng(rng)
    seen = game.view(state, seat)
    if not isinstance(seen, View):
        raise TypeError(f"the {game.name} view does not extend parlour.View")
    return attrs.evolve(seen, sampled=sample_state(state, seat, rng))
