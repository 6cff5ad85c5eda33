"""What every agent kind says when its ``choose`` is handed the wrong thing (`check_choice`, the
common check every built-in agent calls first): a full state, a spectator's view, the view of a
seat that is not to act, a view where no seat is to act, and, for the agents that play from the
view's sampled state, a plain view from `parlour.view`. Each is an `AgentError` naming what was
passed and what is expected, and the state given is left as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents import (
    AgentError,
    HeuristicAgent,
    ISMCTSAgent,
    PIMCAgent,
    RandomAgent,
)
from tests.helpers import BUILT_IN

AGENTS: dict[str, Any] = {
    "random": RandomAgent(),
    "heuristic": HeuristicAgent(),
    "ismcts": ISMCTSAgent(iterations=4),
    "pimc": PIMCAgent(worlds=2, max_cards=4, fallback=RandomAgent()),
}
"""One agent of every kind (small searches: these tests only look at the checks)."""
KINDS = tuple(AGENTS)
NEEDS_SAMPLED = ("heuristic", "ismcts", "pimc")
"""The kinds that play from the view's ``sampled`` state (`parlour.agent_view`)."""


def _position(game: str) -> tuple[Any, int]:
    """A seeded position of ``game`` whose seat to act has more than one legal move."""
    state = parlour.new_game(game, seed=5)
    rng = random.Random(5)
    while len(parlour.legal_moves(state)) < 2:
        moves = parlour.legal_moves(state)
        state = parlour.apply(state, moves[0] if moves else parlour.random_deal(state, rng))
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    return state, seat


@pytest.mark.parametrize("game", BUILT_IN)
@pytest.mark.parametrize("kind", KINDS)
def test_a_state_instead_of_a_view_is_refused_saying_what_is_expected(game: str, kind: str) -> None:
    state, _ = _position(game)
    as_before = parlour.state_to_dict(state)
    with pytest.raises(AgentError) as raised:
        AGENTS[kind].choose(state, parlour.legal_moves(state), random.Random(1))
    message = str(raised.value)
    assert type(state).__name__ in message and "a full state" in message
    assert "parlour.agent_view(state, seat, rng)" in message
    assert parlour.state_to_dict(state) == as_before


@pytest.mark.parametrize("game", BUILT_IN)
@pytest.mark.parametrize("kind", KINDS)
def test_a_spectators_view_is_refused_naming_the_seat_to_act(game: str, kind: str) -> None:
    state, seat = _position(game)
    for seen in (parlour.agent_view(state, None, random.Random(1)), parlour.view(state, None)):
        with pytest.raises(AgentError, match=r"the view is a spectator's \(seat None\)") as raised:
            AGENTS[kind].choose(seen, parlour.legal_moves(state), random.Random(1))
        assert f"parlour.agent_view(state, {seat}, rng)" in str(raised.value)


@pytest.mark.parametrize("game", BUILT_IN)
@pytest.mark.parametrize("kind", KINDS)
def test_the_view_of_a_seat_not_to_act_is_refused(game: str, kind: str) -> None:
    state, seat = _position(game)
    for other in range(parlour.players(state)):
        if other == seat:
            continue
        seen = parlour.agent_view(state, other, random.Random(1))
        with pytest.raises(
            AgentError, match=f"the view is seat {other}'s, but the seat to act is {seat}"
        ):
            AGENTS[kind].choose(seen, parlour.legal_moves(state), random.Random(1))


@pytest.mark.parametrize("kind", KINDS)
def test_a_view_where_no_seat_is_to_act_is_refused(kind: str) -> None:
    state = parlour.new_game("ecarte")  # a deal is due: no seat is to act
    seen = parlour.agent_view(state, 0, random.Random(1))
    with pytest.raises(AgentError, match="has no seat to act"):
        AGENTS[kind].choose(seen, [], random.Random(1))


@pytest.mark.parametrize("game", BUILT_IN)
@pytest.mark.parametrize("kind", NEEDS_SAMPLED)
def test_a_plain_view_is_refused_by_the_agents_that_play_from_the_sampled_state(
    game: str, kind: str
) -> None:
    state, seat = _position(game)
    plain = parlour.view(state, seat)
    with pytest.raises(AgentError, match="is a plain view, with no sampled state") as raised:
        AGENTS[kind].choose(plain, parlour.legal_moves(state), random.Random(1))
    assert "parlour.agent_view(state, seat, rng)" in str(raised.value)


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_random_agent_plays_from_a_plain_view_of_the_seat_to_act(game: str) -> None:
    state, seat = _position(game)
    legal = parlour.legal_moves(state)
    assert RandomAgent().choose(parlour.view(state, seat), legal, random.Random(1)) in legal


def test_anything_else_is_a_plain_type_error() -> None:
    state, _ = _position("belote")
    with pytest.raises(TypeError, match="must be given a parlour View of the seat to act"):
        RandomAgent().choose({"seat": 1}, parlour.legal_moves(state), random.Random(1))
