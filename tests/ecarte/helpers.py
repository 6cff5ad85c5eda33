"""Helpers for exact Écarté scenarios: deal texts, scripted moves, deals with forced trick counts.

Cards are written in the notation (``"KH"``, ``"10S"``); a group of cards may be given as one
string separated by spaces or commas, or as a sequence of card texts.
"""

from __future__ import annotations

from typing import Any

import parlour
from parlour.base import parse_card
from parlour.ecarte import DealResult, EcarteState, EcarteView, Options, Phase
from parlour.ecarte.rules import DECK, card_index
from tests.helpers import Cards, card_mask, cards, deal_text_of, run

__all__ = [
    "JUNK",
    "SITUATION_MOVES",
    "deal_text",
    "forced_tricks",
    "hand_texts",
    "idx",
    "last_deal",
    "mask",
    "new_match",
    "play_forced_deal",
    "start",
    "view_of",
]


def idx(text: str) -> int:
    """The index of a card in the deck (its bit in a hand mask)."""
    return card_index(parse_card(text))


def mask(group: Cards) -> int:
    """The hand mask of a group of cards."""
    return card_mask(group, card_index)


def deal_text(
    nondealer: Cards, dealer_hand: Cards, *, dealer: int = 0, turnup: str = "8H",
    talon_top: Cards = (),
) -> str:  # fmt: skip
    """The deal text giving the non-dealer and the dealer these hands; the talon is
    ``talon_top`` (top first) followed by the other cards in deck order."""
    hands: list[Cards] = ["", ""]
    hands[1 - dealer] = nondealer
    hands[dealer] = dealer_hand
    used = {*cards(nondealer), *cards(dealer_hand), parse_card(turnup), *cards(talon_top)}
    talon = [*cards(talon_top), *(card for card in DECK if card not in used)]
    return deal_text_of(
        [("hands", hands), ("turnup", [turnup]), ("talon", [[one.text for one in talon]])]
    )


def new_match(options: dict[str, Any] | Options | None = None, dealer: int = 0) -> EcarteState:
    """A new Écarté match with a deal due."""
    state: EcarteState = parlour.new_game("ecarte", options=options, dealer=dealer)
    return state


def start(
    nondealer: Cards,
    dealer_hand: Cards,
    *,
    dealer: int = 0,
    turnup: str = "8H",
    talon_top: Cards = (),
    options: dict[str, Any] | Options | None = None,
    state: EcarteState | None = None,
) -> EcarteState:
    """Deal these hands (on ``state``, a deal due with that dealer, or a new match)."""
    if state is None:
        state = new_match(options, dealer)
    assert state.table.dealer == dealer
    return run(
        state,
        [deal_text(nondealer, dealer_hand, dealer=dealer, turnup=turnup, talon_top=talon_top)],
    )


def last_deal(state: EcarteState) -> DealResult:
    """The breakdown of the last finished deal."""
    return state.table.deals[-1]


def view_of(state: EcarteState, seat: int | None) -> EcarteView:
    """The seat's view, typed as the Écarté view."""
    result = parlour.view(state, seat)
    assert isinstance(result, EcarteView)
    return result


def hand_texts(state: EcarteState, seat: int) -> list[str]:
    """The seat's hand as card texts, in canonical order (from its view)."""
    return [card.text for card in view_of(state, seat).hand]


# --- deals whose trick count is forced ---------------------------------------------------------

_WINNERS = ["KS", "QS", "JS", "AS", "10S"]
"""The non-dealer's top spades: the dealer holds no spade, so each wins when led."""
_LOSERS = ["7C", "8C", "9C", "10C", "JC"]
"""The non-dealer's low clubs: the dealer, void in clubs, trumps them."""
_TRUMPS = ["QH", "JH", "AH", "10H", "9H"]
"""The dealer's trumps (hearts; the turn-up is 8♥ and the king of trumps stays in the talon)."""
_DISCARDS = ["7D", "8D", "9D", "10D", "JD"]
"""The dealer's low diamonds, thrown on the non-dealer's spades."""
JUNK = "7S"
"""A card the non-dealer holds instead of his last card when he is to exchange one."""


def forced_tricks(nondealer_tricks: int) -> tuple[list[str], list[str], list[str]]:
    """Hands for the non-dealer and the dealer (trump ♥), and the ten plays after which the
    non-dealer has taken exactly ``nondealer_tricks`` tricks (default options).

    The non-dealer leads his top spades, winning one trick each while the dealer throws a
    diamond; then he leads a club, which the dealer trumps, and the dealer leads his trumps.
    """
    wins = nondealer_tricks
    nondealer = _WINNERS[:wins] + _LOSERS[: 5 - wins]
    dealer_hand = _TRUMPS[: 5 - wins] + _DISCARDS[:wins]
    plays: list[str] = []
    for trick in range(wins):
        plays += [f"play {_WINNERS[trick]}", f"play {_DISCARDS[trick]}"]
    for trick in range(5 - wins):
        if trick == 0:
            plays += [f"play {_LOSERS[0]}", f"play {_TRUMPS[0]}"]
        else:
            plays += [f"play {_TRUMPS[trick]}", f"play {_LOSERS[trick]}"]
    return nondealer, dealer_hand, plays


SITUATION_MOVES = {
    "normal": ["propose", "accept", f"discard {JUNK}", "discard"],
    "played_without_proposing": [],
    "refused": ["propose", "refuse"],
    "refused_later": ["propose", "accept", f"discard {JUNK}", "discard", "propose", "refuse"],
}
"""The moves before the first lead that put a deal in each situation of the §2.6 table (for
``"normal"`` and ``"refused_later"`` the non-dealer exchanges one card, then is content or
proposes again)."""


def play_forced_deal(
    nondealer_tricks: int,
    situation: str,
    options: dict[str, Any] | None = None,
    *,
    dealer: int = 0,
    turnup: str = "8H",
    state: EcarteState | None = None,
) -> EcarteState:
    """Play a whole deal in ``situation`` in which the non-dealer takes ``nondealer_tricks``
    (``turnup`` must be a heart that no hand holds: 7♥, 8♥ or K♥)."""
    nondealer, dealer_hand, plays = forced_tricks(nondealer_tricks)
    talon_top: list[str] = []
    moves = list(SITUATION_MOVES[situation])
    if JUNK in " ".join(moves):
        talon_top = [nondealer[-1]]  # drawn in place of the junk card
        nondealer = [*nondealer[:-1], JUNK]
    state = start(
        nondealer, dealer_hand, dealer=dealer, turnup=turnup, talon_top=talon_top,
        options=options, state=state,
    )  # fmt: skip
    state = run(state, moves)
    if situation == "normal":
        assert state.phase == Phase.DECIDE
    state = run(state, plays)
    assert state.phase in (Phase.DEAL_DUE, Phase.OVER)
    assert last_deal(state).tricks[1 - dealer] == nondealer_tricks
    return state
