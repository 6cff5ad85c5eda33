"""Each game subpackage offers the top-level functions bound to its own states
(``parlour.belote.apply`` …): same results as the top level, another game's state refused."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour import belote, bezique, burraco, coinche, ecarte

SUBPACKAGES = {
    "belote": belote,
    "bezique": bezique,
    "ecarte": ecarte,
    "burraco": burraco,
    "coinche": coinche,
}
BOUND = [
    "new_game",
    "current_player",
    "is_chance",
    "is_over",
    "legal_moves",
    "check",
    "apply",
    "parse_move",
    "random_deal",
    "score",
    "winners",
    "score_events",
    "deal_results",
    "view",
    "resample_hidden",
    "players",
    "teams",
    "options",
]


@pytest.mark.parametrize("name", sorted(SUBPACKAGES))
def test_subpackage_plays_like_the_top_level(name: str) -> None:
    module = SUBPACKAGES[name]
    ours = module.new_game(seed=5)
    theirs = parlour.new_game(name, seed=5)
    rng_ours, rng_theirs = random.Random(2), random.Random(2)
    for _ in range(30):
        if parlour.is_over(theirs) or parlour.is_chance(theirs):
            break
        assert list(module.legal_moves(ours)) == list(parlour.legal_moves(theirs))
        assert module.view(ours, 0) == parlour.view(theirs, 0)
        assert module.current_player(ours) == parlour.current_player(theirs)
        ours = module.apply(ours, rng_ours.choice(module.legal_moves(ours)))
        theirs = parlour.apply(theirs, rng_theirs.choice(parlour.legal_moves(theirs)))
    assert ours == theirs
    assert module.score(ours) == parlour.score(theirs)
    assert module.options(ours) == parlour.options(theirs)


@pytest.mark.parametrize("name", sorted(SUBPACKAGES))
def test_subpackage_refuses_another_games_state(name: str) -> None:
    other = "ecarte" if name != "ecarte" else "belote"
    foreign = parlour.new_game(other, seed=1)
    for function_name in BOUND[1:]:
        function = getattr(SUBPACKAGES[name], function_name)
        with pytest.raises(TypeError, match=f"is not a {name} state"):
            if function_name in {"check", "apply", "parse_move"}:
                function(foreign, "pass")
            elif function_name in {"random_deal"}:
                function(foreign, random.Random(1))
            elif function_name == "resample_hidden":
                function(foreign, 0, random.Random(1))
            elif function_name == "view":
                function(foreign, 0)
            else:
                function(foreign)


@pytest.mark.parametrize("name", sorted(SUBPACKAGES))
def test_subpackage_exports_every_bound_function(name: str) -> None:
    module = SUBPACKAGES[name]
    assert set(BOUND) <= set(module.__all__)
