"""Coinche's options: the defaults are what colver 0.11.1 plays (see docs/coinche.md for every
decision); the option names Coinche shares with classic Belote mean the same there."""

from __future__ import annotations

import attrs

from parlour.base import (
    boolean,
    choice,
    option,
    positive_int_or_none,
)

__all__ = ["DESCRIPTIONS", "Options"]


DESCRIPTIONS: dict[str, str] = {
    "target": "The match points a team needs to win the match; null plays a single deal.",
    "packets": "The packet sizes random_deal deals the 8 cards of each hand in.",
    "all_pass": "Who deals again after four passes: the next dealer or the same one.",
    "after_coinche": "Who speaks after a coinche: the three other seats, or only the coinched "
    "side's.",
    "capot_coinche": "Whether a capot (or générale) bid may be coinched.",
    "partner_winning": "What a player void in the suit led may do while the partner wins the "
    "trick: any card, or discard but overtrump if trumping.",
    "must_undertrump": "Whether a player who cannot overtrump an opponent's trump must still "
    "play a trump.",
    "contract_test": "What makes a contract: reaching the bid, reaching it with at least 82 for "
    "an 80, or reaching it and beating the defence.",
    "belote_counts_for_contract": "Whether the takers' belote counts towards making the contract.",
    "belote_on_failure": "Where a belote goes when the winners of the deal are not its holders: "
    "to them, or kept by its holder.",
    "scoring": "What a deal scores: card points plus the contract, or the contract only.",
    "surcoinche_multiplier": "The multiplier of a surcoinched contract.",
    "coinche_multiplies": "What a coinche multiplies: the contract, or the base and the contract.",
    "deal_base": "The card points a failed or coinched deal scores (162 or 160).",
    "capot_points": "The card points a team scores for taking every trick (capot).",
    "round_scores": "Whether each side's deal score is rounded to the nearest ten.",
    "sans_atout": "Whether Sans-Atout (no trump) contracts may be bid.",
    "tout_atout": "Whether Tout-Atout (every suit trumps) contracts may be bid.",
    "announcements": "Whether melds (tierce, cinquante, cent, carrés) are scored.",
    "card_in_two_announcements": "Whether one card may count in both a carré and a sequence.",
    "generale": "Whether a générale (the bidder alone takes every trick, 500) may be bid.",
}
"""One sentence per option, for settings screens (`parlour.option_specs`)."""


@attrs.frozen(slots=True, kw_only=True)
class Options:
    """Every Coinche option (rules, Settled point 1); build one with ``Options(**values)`` or
    pass a mapping to new_game. Defaults first:

    * ``target``: 2000; ``None`` plays a single deal.
    * ``packets``: ``(3, 2, 3)``, ``(3, 3, 2)`` or ``(2, 3, 3)``: how `random_deal` deals.
    * ``all_pass``: ``"redeal_next_dealer"`` or ``"redeal_same_dealer"``.
    * ``after_coinche``: ``"three_passes"`` or ``"bidding_side_only"``.
    * ``capot_coinche``: true or false.
    * ``partner_winning``: ``"free"`` or ``"seed_overtrump_if_trumping"``.
    * ``must_undertrump``: false or true.
    * ``contract_test``: ``"reach_bid"``, ``"reach_bid_min_82"`` or
      ``"reach_bid_and_beat_defence"``.
    * ``belote_counts_for_contract``: true or false.
    * ``belote_on_failure``: ``"to_defenders"`` or ``"kept_by_holder"``.
    * ``scoring``: ``"points_plus_contract"`` or ``"contract_only"``.
    * ``surcoinche_multiplier``: 3 or 4; ``coinche_multiplies``: ``"contract"`` or
      ``"base_and_contract"``.
    * ``deal_base``: 162 or 160; ``capot_points``: 252 or 250; ``round_scores``: false or
      ``"nearest_ten"``.
    * ``sans_atout``, ``tout_atout``, ``generale``: false or true.
    * ``announcements``, ``card_in_two_announcements``: false or true.
    """

    target: int | None = option(positive_int_or_none(), 2000)
    packets: tuple[int, int, int] = option(choice((3, 2, 3), (3, 3, 2), (2, 3, 3)), (3, 2, 3))
    all_pass: str = option(choice("redeal_next_dealer", "redeal_same_dealer"), "redeal_next_dealer")
    after_coinche: str = option(choice("three_passes", "bidding_side_only"), "three_passes")
    capot_coinche: bool = option(boolean(), True)
    partner_winning: str = option(choice("free", "seed_overtrump_if_trumping"), "free")
    must_undertrump: bool = option(boolean(), False)
    contract_test: str = option(
        choice("reach_bid", "reach_bid_min_82", "reach_bid_and_beat_defence"), "reach_bid"
    )
    belote_counts_for_contract: bool = option(boolean(), True)
    belote_on_failure: str = option(choice("to_defenders", "kept_by_holder"), "to_defenders")
    scoring: str = option(choice("points_plus_contract", "contract_only"), "points_plus_contract")
    surcoinche_multiplier: int = option(choice(3, 4), 3)
    coinche_multiplies: str = option(choice("contract", "base_and_contract"), "contract")
    deal_base: int = option(choice(162, 160), 162)
    capot_points: int = option(choice(252, 250), 252)
    round_scores: bool | str = option(choice(False, "nearest_ten"), False)
    sans_atout: bool = option(boolean(), False)
    tout_atout: bool = option(boolean(), False)
    announcements: bool = option(boolean(), False)
    """Melds (rules C.9, belote.md §3.8; `parlour.coinche._announcements`)."""
    card_in_two_announcements: bool = option(boolean(), False)
    """Whether a card may serve in a carré and a sequence at once (with ``announcements``)."""
    generale: bool = option(boolean(), False)
