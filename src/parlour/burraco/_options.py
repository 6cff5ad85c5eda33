"""Burraco's options, exactly those of the rules' Settled point 1 (see docs/burraco.md)."""

from __future__ import annotations

from typing import Any

import attrs

from parlour.base import (
    OptionCheck,
    OptionsError,
    boolean,
    choice,
    option,
    positive_int_or_none,
)

__all__ = ["Options"]

_TARGET = attrs.evolve(positive_int_or_none(), examples=(None, 600))
"""A positive int or ``None``; the tests exercise a single hand and a short match to 600."""


def _positive_int_or_default() -> OptionCheck:
    """``None`` (the rules' default: twice the number of players) or a positive integer."""

    def check(name: str, value: Any) -> Any:
        if value is None or (type(value) is int and value > 0):
            return value
        raise OptionsError(
            f"option {name!r} must be a positive integer or null (twice the number of players), "
            f"not {value!r}"
        )

    return OptionCheck(
        describe="a positive integer or null", check=check, examples=(None, 2),
        kind="positive_int_or_null",
    )  # fmt: skip


DESCRIPTIONS: dict[str, str] = {
    "target": "The match points a team needs to win the match; null plays a single hand.",
    "players": "The number of players: four in two partnerships, or two playing alone.",
    "close_requires": "The burraco a team needs before it may close: any burraco or a clean one.",
    "ace_to_ace_run": "Whether a fourteen-card sequence from ace to ace is allowed.",
    "allow_duplicate_set_rank": "Whether a team may start a second set of a rank it already "
    "has on the table.",
    "single_card_pile_no_rediscard": "Whether, after taking a one-card pile, neither copy of "
    "that card may be discarded in the same turn.",
    "must_meld_after_taking_pile": "Whether a player who takes the pile must meld or add at "
    "least once before discarding.",
    "wild_rearrangement": "How a wild may move in a sequence: only when its natural card is "
    "added (tournament), or to any arrangement that keeps every card (free).",
    "stalemate_turns": "How many consecutive turns that take a one-card pile and meld nothing "
    "end the hand; null is twice the number of players.",
}
"""One sentence per option, for settings screens (`parlour.option_specs`)."""


@attrs.frozen(slots=True, kw_only=True)
class Options:
    """Every Burraco option; build one with ``Options(**values)`` or pass a mapping to new_game.

    * ``target``: the match target (2000); ``None`` plays a single hand.
    * ``players``: 4 (two partnerships, partners opposite) or 2 (each player alone).
    * ``close_requires``: the burraco a team needs to close, ``"any_burraco"`` or
      ``"clean_burraco"``.
    * ``ace_to_ace_run``: whether a 14-card sequence from ace to ace is allowed.
    * ``allow_duplicate_set_rank``: whether a team may start a second set of a rank it has.
    * ``single_card_pile_no_rediscard``: after taking a one-card pile, neither copy of that
      face may be discarded in the same turn.
    * ``must_meld_after_taking_pile``: after taking the pile the player must meld or add at
      least once before discarding.
    * ``wild_rearrangement``: ``"tournament"`` (a wild moves only when its natural card is added;
      a natural 2 may become the wild) or ``"free"`` (any arrangement that keeps every card in
      its meld).
    * ``stalemate_turns``: how many consecutive turns that take a one-card pile and meld nothing
      end the hand; ``None`` is twice the number of players.
    """

    target: int | None = option(_TARGET, 2000)
    players: int = option(choice(4, 2), 4)
    close_requires: str = option(choice("any_burraco", "clean_burraco"), "any_burraco")
    ace_to_ace_run: bool = option(boolean(), False)
    allow_duplicate_set_rank: bool = option(boolean(), False)
    single_card_pile_no_rediscard: bool = option(choice(True, False), True)
    must_meld_after_taking_pile: bool = option(boolean(), False)
    wild_rearrangement: str = option(choice("tournament", "free"), "tournament")
    stalemate_turns: int | None = option(_positive_int_or_default(), None)

    @property
    def stalemate_limit(self) -> int:
        """The number of stalled turns that end a hand (``stalemate_turns`` or 2 × players)."""
        return 2 * self.players if self.stalemate_turns is None else self.stalemate_turns
