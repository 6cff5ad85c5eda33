"""Per-game hooks of the conformance suite: option presets, seeds, extra illegal candidates and
each game's own invariants.

The suite in ``test_conformance.py`` is written once for every registered game; what differs
from game to game lives here, in one `GameHooks` record per game. A game registered without an
entry here fails the suite (``test_every_game_has_hooks``) until its invariants are written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import parlour
from parlour.belote.rules import CARD_POINTS_TOTAL, DECK, PLAYERS
from parlour.belote.state import BeloteState, DealResult, Phase
from parlour.cards import JOKER
from tests.strategies import Step, option_presets

__all__ = ["HOOKS", "GameHooks", "hooks_for"]

StepCheck = Callable[[Step], None]
PlayoutCheck = Callable[[Sequence[Step]], None]


def _no_step_check(step: Step) -> None:
    """No game-specific check after a move."""


def _no_playout_check(steps: Sequence[Step]) -> None:
    """No game-specific check over a whole playout."""


def _no_texts(state: Any) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class GameHooks:
    """What the conformance suite needs to know about one game.

    * ``presets``: (id, options) pairs to play with: the defaults plus one preset per option
      value other than its default.
    * ``fixed_seeds``: the deterministic seeds played with every preset.
    * ``candidate_texts``: move texts to try at a state besides the moves seen in the playout
      (every card, every keyword): those that parse and are not legal must be refused.
    * ``step_check``: the game's own invariants after one move (per-deal numbers and layouts).
    * ``playout_check``: the game's own invariants over a whole playout.
    * ``deals_finished``: how many deals a state has finished (to check the per-deal invariants
      were actually reached).
    """

    presets: list[tuple[str, dict[str, Any]]]
    fixed_seeds: tuple[int, ...]
    candidate_texts: Callable[[Any], Sequence[str]] = _no_texts
    step_check: StepCheck = _no_step_check
    playout_check: PlayoutCheck = _no_playout_check
    deals_finished: Callable[[Any], int] = field(default=lambda state: 0)


THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "dev") == "ci"
"""The ``ci`` profile (see ``tests/conftest.py``) plays more fixed seeds than the quick default."""
FIXED_SEEDS: tuple[int, ...] = tuple(range(6)) if THOROUGH else (0, 1)
"""The deterministic seeds every preset is played with."""

# --- Belote ------------------------------------------------------------------------------------

_BELOTE_TEXTS: tuple[str, ...] = (
    "pass",
    "take",
    "take S",
    "take H",
    "take D",
    "take C",
    *(f"play {card.text}" for card in DECK),
    f"play {JOKER.text}",
    "play 2H",
)
"""Every Belote move text there is (plus two cards that are not in the deck)."""


def _belote_texts(state: Any) -> tuple[str, ...]:
    return _BELOTE_TEXTS


def check_belote_deal_result(options: Any, result: DealResult) -> None:
    """The numeric invariants of one finished Belote deal (rules §3.9)."""
    if result.outcome == "thrown_in":
        assert result.tricks == (0, 0)
        assert result.card_points == (0, 0)
        assert result.points == (0, 0)
        assert result.awards == ()
        assert result.taker is None
        return
    assert result.outcome in ("made", "failed", "litige"), result.outcome
    assert result.taker is not None and 0 <= result.taker < PLAYERS
    assert sum(result.tricks) == 8, result.tricks
    first, second = result.card_points
    if result.capot_team is None:
        assert first + second == CARD_POINTS_TOTAL, result.card_points
        assert 0 not in result.tricks, result.tricks
    else:
        capot = result.capot_team
        assert result.tricks[capot] == 8, result.tricks
        assert result.card_points[capot] == options.capot_points, result.card_points
        assert result.card_points[1 - capot] == 0, result.card_points
    belotes = [award for award in result.awards if award.reason == "belote.belote"]
    assert len(belotes) <= 1, belotes
    for award in belotes:
        assert award.points == 20, award
        assert result.belote_team is not None
    if result.belote_team is None:
        assert belotes == [], belotes
    for team in (0, 1):
        won = sum(award.points for award in result.awards if award.seats == (team, team + 2))
        assert won == result.points[team], (team, result.awards, result.points)
    for award in result.awards:
        assert award.seats in ((0, 2), (1, 3)), award
        assert award.deal == result.number, award
        assert award.points > 0, award
    this_deal = sum(award.points for award in result.awards if award.reason != "belote.litige")
    assert this_deal <= options.capot_points + 20, result
    assert this_deal <= 272, result
    assert result.held >= 0


def _belote_step_check(step: Step) -> None:
    before: BeloteState = step.before
    after: BeloteState = step.after
    if before.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and after.phase == Phase.PLAY:
        assert isinstance(step.move, parlour.Move) and str(step.move).startswith("take")
        assert [hand.bit_count() for hand in after.hands] == [8, 8, 8, 8]
        assert after.stock == ()
        assert after.trick == ()
        assert after.to_act == (after.table.dealer + 1) % PLAYERS
        assert after.table.taker == before.to_act
    if before.phase == Phase.DEAL_DUE and after.phase == Phase.BID_ROUND_1:
        assert [hand.bit_count() for hand in after.hands] == [5, 5, 5, 5]
        assert len(after.stock) == 11
    if after.phase == Phase.PLAY:
        played = (after.won[0] | after.won[1]).bit_count() + len(after.trick)
        in_hands = sum(hand.bit_count() for hand in after.hands)
        assert played + in_hands == 32
        # every seat holds the same number of cards, less one for those who played to the trick
        for offset in range(PLAYERS):
            seat = (after.leader + offset) % PLAYERS
            expected = 8 - after.tricks_played - (1 if offset < len(after.trick) else 0)
            assert after.hands[seat].bit_count() == expected, (seat, after.hands)
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (Phase.DEAL_DUE, Phase.OVER) and before.phase != Phase.DEAL_DUE:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_belote_deal_result(after.table.options, result)


def _belote_playout_check(steps: Sequence[Step]) -> None:
    decisions = 0
    for step in steps:
        before: BeloteState = step.before
        after: BeloteState = step.after
        if before.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            decisions += 1
            assert decisions <= 8, decisions
            if str(step.move).startswith("take"):
                assert after.phase == Phase.PLAY
        else:
            decisions = 0


def _belote_deals_finished(state: Any) -> int:
    assert isinstance(state, BeloteState)
    return len(state.table.deals)


# --- the registry of hooks -----------------------------------------------------------------------

HOOKS: dict[str, GameHooks] = {
    "belote": GameHooks(
        presets=option_presets("belote"),
        fixed_seeds=FIXED_SEEDS,
        candidate_texts=_belote_texts,
        step_check=_belote_step_check,
        playout_check=_belote_playout_check,
        deals_finished=_belote_deals_finished,
    ),
}


def hooks_for(game_name: str) -> GameHooks:
    """The hooks of a registered game; a clear failure if it has none yet."""
    try:
        return HOOKS[game_name]
    except KeyError:
        raise AssertionError(
            f"the game {game_name!r} has no conformance hooks: add its per-deal invariants and "
            f"presets to tests/conformance/games.py"
        ) from None
