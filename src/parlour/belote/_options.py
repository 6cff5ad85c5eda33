"""Belote's options: the defaults follow the seed (see docs/belote.md for every decision)."""

from __future__ import annotations

import attrs

from parlour.base import (
    boolean,
    choice,
    option,
    positive_int_or_none,
)

__all__ = ["Options"]


DESCRIPTIONS: dict[str, str] = {
    "target": "The match points a team needs to win the match; null plays a single deal.",
    "tie_rule": "What an exact tie in the contract test gives: the takers win, a litige "
    "(the takers' points go to the winner of the next deal), or the takers fail.",
    "belote_on_failure": "Where a belote goes when the takers fail: to the defenders, or kept "
    "by its holder.",
    "capot_points": "The card points a team scores for taking every trick (capot).",
    "belote_counts_for_contract": "Whether the takers' belote counts towards making the contract.",
    "partner_winning": "What a player void in the suit led may do while the partner wins the "
    "trick: discard, but overtrump if trumping (seed), or play any card.",
    "round2_allows_turnup_suit": "Whether the second bidding round may name the turn-up's suit.",
    "first_packets": "The packet sizes of the first distribution, three then two or two then "
    "three, used by random_deal.",
    "all_pass": "Who deals again after two rounds of passes: the next dealer or the same one.",
}
"""One sentence per option, for settings screens (`parlour.option_specs`)."""


@attrs.frozen(slots=True, kw_only=True)
class Options:
    """Every Belote option; build one with ``Options(**values)`` or pass a mapping to new_game.

    * ``target``: match points to win (1000); ``None`` plays a single deal.
    * ``tie_rule``: an exact tie in the contract test: ``"takers_win"`` (seed), ``"litige"``
      (defenders score now, the takers' points go to the winner of the next deal) or
      ``"takers_fail"``.
    * ``belote_on_failure``: when the takers fail, every belote goes ``"to_defenders"`` (seed), or
      is ``"kept_by_holder"``.
    * ``capot_points``: the capot team's card total, 252 (seed) or 250.
    * ``belote_counts_for_contract``: whether belote counts in the contract test (seed: true).
    * ``partner_winning``: void while the partner wins: ``"seed_overtrump_if_trumping"`` (may
      discard; a trump must overtrump if able) or ``"free"`` (any card).
    * ``round2_allows_turnup_suit``: whether the second round may name the turn-up's suit.
    * ``first_packets``: ``(3, 2)`` or ``(2, 3)``: how `random_deal` maps a shuffled deck.
    * ``all_pass``: after two rounds of passes, ``"redeal_next_dealer"`` or
      ``"redeal_same_dealer"``.
    """

    target: int | None = option(positive_int_or_none(), 1000)
    tie_rule: str = option(choice("takers_win", "litige", "takers_fail"), "takers_win")
    belote_on_failure: str = option(choice("to_defenders", "kept_by_holder"), "to_defenders")
    capot_points: int = option(choice(252, 250), 252)
    belote_counts_for_contract: bool = option(boolean(), True)
    partner_winning: str = option(
        choice("seed_overtrump_if_trumping", "free"), "seed_overtrump_if_trumping"
    )
    round2_allows_turnup_suit: bool = option(boolean(), False)
    first_packets: tuple[int, int] = option(choice((3, 2), (2, 3)), (3, 2))
    all_pass: str = option(choice("redeal_next_dealer", "redeal_same_dealer"), "redeal_next_dealer")
