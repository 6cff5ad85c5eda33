"""Écarté's options: the defaults follow the seed (see docs/ecarte.md for every decision)."""

from __future__ import annotations

import attrs

from parlour.base import (
    boolean,
    choice,
    option,
    positive_int_or_none,
)

__all__ = ["Options"]

_TARGET = attrs.evolve(positive_int_or_none(), examples=(None, 7))
"""A positive int or ``None``; the values exercised by the tests are a single deal and 7 (BGA
offers 7 and 11), so that random test matches stay short."""


DESCRIPTIONS: dict[str, str] = {
    "target": "The match points a player needs to win the match; null plays a single deal.",
    "stop_at_target": "When the target ends the match: the moment a player reaches it, even "
    "by a king mid-deal, or when a deal ends (the higher total wins).",
    "penalty_rule": "How playing without proposing or refusing a proposal is scored: the "
    "seed's literal rule or the classic club rule.",
    "refusal_penalty": "Which refusal incurs the penalty: only a refusal of the deal's first "
    "proposal, or any refusal.",
    "must_trump_when_void": "Whether a follower void in the suit led must trump when able.",
    "dealer_min_exchange": "The fewest cards the dealer exchanges after accepting a proposal.",
    "deal_packets": "The packet sizes of the deal, three then two or two then three, used by "
    "random_deal.",
}
"""One sentence per option, for settings screens (`parlour.option_specs`)."""


@attrs.frozen(slots=True, kw_only=True)
class Options:
    """Every Écarté option; build one with ``Options(**values)`` or pass a mapping to new_game.

    * ``target``: match points to win (5); ``None`` plays a single deal.
    * ``stop_at_target``: ``"immediate"`` (the match ends the moment a player reaches the target,
      even by a king mid-deal) or ``"end_of_deal"`` (checked when a deal ends; the higher total
      wins, an exact tie plays another deal).
    * ``penalty_rule``: the scoring after playing without proposing or a refusal,
      ``"seed_literal"`` or ``"classic"`` (the table in docs/ecarte.md).
    * ``refusal_penalty``: which refusal counts for the penalty, ``"first_only"`` (only a refusal
      of the deal's first proposal) or ``"any_refusal"``.
    * ``must_trump_when_void``: whether a follower void in the suit led must trump if able.
    * ``dealer_min_exchange``: the fewest cards the dealer exchanges after accepting, 0 or 1
      (it gives way to what the talon holds).
    * ``deal_packets``: ``(3, 2)`` or ``(2, 3)``: how `random_deal` maps a shuffled deck.
    """

    target: int | None = option(_TARGET, 5)
    stop_at_target: str = option(choice("immediate", "end_of_deal"), "immediate")
    penalty_rule: str = option(choice("seed_literal", "classic"), "seed_literal")
    refusal_penalty: str = option(choice("first_only", "any_refusal"), "first_only")
    must_trump_when_void: bool = option(boolean(), False)
    dealer_min_exchange: int = option(choice(0, 1), 0)
    deal_packets: tuple[int, int] = option(choice((3, 2), (2, 3)), (3, 2))
