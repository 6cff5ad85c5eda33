"""Bezique's meld history against the suite's own record (`bezique_melds`), over playouts driven
toward the melds the reuse rules are about.

Uniform play rarely melds twice with the same cards. Here a biased chooser melds whenever it
may and keeps its meld ranks (it plays sevens to tens first, and never a card from its table
while it has another), so its tables grow and its cards are offered again: a second quartet of
one rank, a royal marriage grown into the sequence, a double bezique, cards reused across
classes. Playouts run until each of these has happened (the test fails if one never does in the
budget), and every playout goes through `check_meld_history`: the melds offered at each window
are exactly those the rules allow from the suite's record, and each table after every meld and
play is one the documented choice of copies gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import parlour
from parlour.bezique import Phase
from parlour.engine import Move
from tests.conformance.bezique_melds import check_meld_history
from tests.conformance.zones import rank_token
from tests.profiles import thorough
from tests.strategies import random_playout

Reached = Callable[[Any, Any], bool]
"""Whether a declaring window (the state, the winner's view) shows the situation."""


def _table_melds(seen: Any, seat: int) -> list[tuple[Any, tuple[str, ...]]]:
    return [(placed.card, placed.melds) for placed in seen.tables[seat]]


def _quartet_rank_held_again(rank: str, kind: str) -> Reached:
    """A quartet of ``rank`` on the table and another card of that rank in the hand: may it
    score again?"""

    def shows(state: Any, seen: Any) -> bool:
        melded = sum(kind in melds for _, melds in _table_melds(seen, state.to_act))
        return melded >= 4 and any(rank_token(card) == rank for card in seen.hand)

    return shows


def _trumps(seen: Any, *ranks: str) -> set[Any]:
    return {parlour.parse_card(f"{rank}{seen.trump.letter}") for rank in ranks}


def _royal_marriage_to_grow(state: Any, seen: Any) -> bool:
    """A royal marriage on the table and the rest of the sequence (A, 10, J) in the hand."""
    table = _table_melds(seen, state.to_act)
    royal = {card for card, melds in table if "royal_marriage" in melds}
    return royal == _trumps(seen, "K", "Q") and _trumps(seen, "A", "10", "J") <= set(seen.hand)


def _sequence_and_a_fresh_king_or_queen(state: Any, seen: Any) -> bool:
    """A king or queen of trumps that scored in the sequence only (laid at once, not grown
    from a royal marriage), and a fresh king or queen of trumps in the hand: may it marry?"""
    table = _table_melds(seen, state.to_act)
    sequence_only = {card for card, melds in table if melds == ("sequence",)}
    pair = _trumps(seen, "K", "Q")
    return bool(pair & sequence_only) and bool(pair & set(seen.hand))


def _married_card_with_a_fresh_partner(state: Any, seen: Any) -> bool:
    """A king or queen that married on the table, its partner's face fresh in the hand."""
    for card, melds in _table_melds(seen, state.to_act):
        if "common_marriage" in melds or "royal_marriage" in melds:
            partner = ("Q" if rank_token(card) == "K" else "K") + card.text[-1]
            if parlour.parse_card(partner) in seen.hand:
                return True
    return False


def _bezique_on_the_table(state: Any, seen: Any) -> bool:
    return any("bezique" in melds for _, melds in _table_melds(seen, state.to_act))


SITUATIONS: dict[str, Reached] = {
    "four aces on the table, an ace in the hand": _quartet_rank_held_again("A", "four_aces"),
    "four kings on the table, a king in the hand": _quartet_rank_held_again("K", "four_kings"),
    "four queens on the table, a queen in the hand": _quartet_rank_held_again("Q", "four_queens"),
    "four jacks on the table, a jack in the hand": _quartet_rank_held_again("J", "four_jacks"),
    "a royal marriage that may grow into the sequence": _royal_marriage_to_grow,
    "a sequence laid at once and a fresh king or queen of trumps": (
        _sequence_and_a_fresh_king_or_queen
    ),
    "a married card and a fresh partner": _married_card_with_a_fresh_partner,
    "a bezique that may grow into the double": _bezique_on_the_table,
}
DEALS = 64
"""Single deals played per option set (twice as many with the thorough profile); every
situation must have been met in them."""
_KEEP = ("A", "10", "K", "Q", "J")


def meld_seeker(state: Any, moves: Sequence[Move], rng: random.Random) -> Move:
    """Meld when a meld is legal (half the time a marriage first); play a card that is not on
    the player's table before one that is, a side card before a trump, a seven to a nine
    before a meld rank; otherwise any move."""
    melds = [move for move in moves if str(move).startswith("meld ")]
    if melds:
        marriages = [move for move in melds if len(str(move).split()) == 3]
        # half the time a marriage first, so that it may grow later; else any meld
        choices = marriages if marriages and rng.randrange(2) else melds
        return choices[rng.randrange(len(choices))]
    plays = [move for move in moves if str(move).startswith("play ")]
    seat = parlour.current_player(state)
    if not plays or not isinstance(seat, int):
        return moves[rng.randrange(len(moves))]
    seen = parlour.view(state, seat)
    on_table = {placed.card for placed in seen.tables[seat]} if seen.tables else set()

    trump = seen.trump.letter if seen.trump is not None else ""

    def cost(move: Move) -> tuple[bool, bool, bool]:
        card = parlour.parse_card(str(move).split()[1])
        return card in on_table, card.text.endswith(trump), rank_token(card) in _KEEP

    cheapest = min(map(cost, plays))
    choices = [move for move in plays if cost(move) == cheapest]
    return choices[rng.randrange(len(choices))]


@pytest.mark.parametrize(
    "options", [{}, {"bezique_cards": "by_trump"}], ids=["default", "by_trump"]
)
def test_meld_history_follows_the_reuse_rules(options: dict[str, Any]) -> None:
    wanted = dict(SITUATIONS)
    budget = thorough(DEALS, 2 * DEALS)
    for seed in range(budget):
        steps = random_playout(
            "bezique", seed, {"target": None, **options}, dealer=seed % 2, choose=meld_seeker
        )
        check_meld_history(steps)
        for step in steps:
            if step.before.phase is Phase.DECLARE and wanted:
                seen = parlour.view(step.before, step.before.to_act)
                for situation in [name for name, shows in wanted.items()
                                  if shows(step.before, seen)]:  # fmt: skip
                    del wanted[situation]
    assert not wanted, f"never reached {sorted(wanted)} in {budget} deals"
