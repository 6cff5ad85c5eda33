"""Bezique's options: the defaults follow the seed where it is clear, else the classic references
(see docs/bezique.md for every decision)."""

from __future__ import annotations

import attrs

from parlour.base import (
    boolean,
    choice,
    int_list,
    option,
    positive_int_or_none,
    subset_of,
)

__all__ = ["SEVEN_ACTIONS", "Options"]

SEVEN_ACTIONS = ("exchange", "show", "play")
"""The ways a seven of trumps can score, in the order ``seven_scoring`` is normalised to."""


DESCRIPTIONS: dict[str, str] = {
    "target": "The match points a player needs to win the match; null plays a single deal.",
    "match_end": "When the target is checked: at the end of each deal, or as soon as a running "
    "total reaches it.",
    "brisque_timing": "When brisques (aces and tens won) score: at the end of the deal or as "
    "tricks are won.",
    "rank_order": "The rank order of the cards: A 10 K Q J 9 8 7, or the seed's A K Q J 10 9 8 7.",
    "last_trick": "The trick whose winner scores 10: the last of the deal (32) or the last of "
    "the first stage (24).",
    "reveal_last_stock_card": "Whether the winner of trick 24 shows the last face-down card.",
    "seven_scoring": "The ways a seven of trumps scores 10: exchanging it for the turn-up, "
    "showing it, playing it.",
    "seven_counts_as_meld": "Whether exchanging or showing a seven takes the trick's one "
    "declaration.",
    "turnup_seven_bonus": "The points the dealer scores for turning up a seven.",
    "bezique_cards": "The two cards of a bezique: always the queen of spades and jack of "
    "diamonds, or the queen of clubs and jack of hearts when spades or diamonds are trumps.",
    "deal_packets": "The packet sizes random_deal deals to each player in turn (summing to 8).",
    "next_dealer": "Who deals the next deal: the players alternate, or the winner of the last "
    "trick deals.",
}
"""One sentence per option, for settings screens (`parlour.option_specs`)."""


@attrs.frozen(slots=True, kw_only=True)
class Options:
    """Every Bezique option; build one with ``Options(**values)`` or pass a mapping to new_game.

    * ``target``: match points to win (1000); ``None`` plays a single deal.
    * ``match_end``: ``"end_of_deal"`` (totals compared after each deal) or ``"first_to_reach"``
      (the first running total to reach the target wins, even mid-deal).
    * ``brisque_timing``: brisques scored at the ``"end"`` of the deal or as tricks are won
      (``"immediate"``).
    * ``rank_order``: ``"A-10-K"`` (A 10 K Q J 9 8 7) or the seed's ``"seed_A-K-Q-J-10"``.
    * ``last_trick``: the trick whose winner scores 10: 32 (the last) or 24 (the last of the
      first stage).
    * ``reveal_last_stock_card``: the winner of trick 24 shows the last face-down card.
    * ``seven_scoring``: the ways a seven of trumps scores 10: any of ``"exchange"``,
      ``"show"``, ``"play"``.
    * ``seven_counts_as_meld``: an exchange or show takes the trick's one declaration.
    * ``turnup_seven_bonus``: the dealer's points for a seven turned up (10 or 0).
    * ``bezique_cards``: always Q♠+J♦ (``"fixed_QS_JD"``) or Q♣+J♥ with ♠/♦ trumps
      (``"by_trump"``).
    * ``deal_packets``: the packet sizes `random_deal` deals to each player in turn (sum 8).
    * ``next_dealer``: ``"alternate"`` or ``"winner_of_last_trick"``.
    """

    target: int | None = option(positive_int_or_none(), 1000)
    match_end: str = option(choice("end_of_deal", "first_to_reach"), "end_of_deal")
    brisque_timing: str = option(choice("end", "immediate"), "end")
    rank_order: str = option(choice("A-10-K", "seed_A-K-Q-J-10"), "A-10-K")
    last_trick: int = option(choice(32, 24), 32)
    reveal_last_stock_card: bool = option(boolean(), True)
    seven_scoring: tuple[str, ...] = option(
        subset_of(*SEVEN_ACTIONS, examples=(SEVEN_ACTIONS, ("exchange", "play"), ())),
        SEVEN_ACTIONS,
    )
    seven_counts_as_meld: bool = option(boolean(), False)
    turnup_seven_bonus: int = option(choice(10, 0), 10)
    bezique_cards: str = option(choice("fixed_QS_JD", "by_trump"), "fixed_QS_JD")
    deal_packets: tuple[int, ...] = option(
        int_list(None, 8, examples=((3, 2, 3), (2, 3, 3))), (3, 2, 3)
    )
    next_dealer: str = option(choice("alternate", "winner_of_last_trick"), "alternate")
