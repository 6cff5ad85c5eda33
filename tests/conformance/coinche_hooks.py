"""Coinche's conformance hooks, written from the rules (``rules/coinche.md``): what each seat
may not see, how every move moves the cards, the documented order of the legal moves (C.10),
and the invariants of C.11 with their numbers as literals.

The hooks read the state's own fields (the hands as dealt and now, the standing bid, the cards
won) but never the engine's views, tables or scoring to decide what to expect.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.base import JOKER, PIQUET_DECK, Card, parse_card
from parlour.coinche import CoincheState, DealResult, Phase
from parlour.engine import Deal, Move, get_game
from tests.conformance.zones import (
    CANONICAL_SUITS,
    HiddenCards,
    Layout,
    Transfer,
    belote_family_plays,
    card_key,
    rank_token,
    suit_letter,
    trick_winner,
)
from tests.strategies import Step

__all__ = [
    "coinche_deals_finished",
    "coinche_flow",
    "coinche_hidden",
    "coinche_legal_plays",
    "coinche_order_key",
    "coinche_playout_check",
    "coinche_shown",
    "coinche_step_check",
    "coinche_texts",
    "coinche_with_zones",
]

_SEATS = 4
_INDEX = {card: index for index, card in enumerate(PIQUET_DECK)}
_DENOMINATIONS = ("S", "H", "D", "C", "SA", "TA")
"""The denominations in the order of rules C.10: S H D C SA TA."""
_VALUES = {**{str(value): value for value in range(80, 161, 10)}, "capot": 250, "generale": 500}
"""The bid ladder of rules C.3: 80 … 160, capot 250, générale 500."""


def _power(order: str) -> dict[str, int]:
    ranks = order.split()
    return {rank: len(ranks) - index for index, rank in enumerate(ranks)}


_TRUMP_POWER = _power("J 9 A 10 K Q 8 7")
"""Trump order, and every suit's in TA (rules C.1)."""
_PLAIN_POWER = _power("A 10 K Q J 9 8 7")
"""Plain order, and every suit's in SA (rules C.1)."""

_TEXTS: tuple[str, ...] = (
    "pass",
    "coinche",
    "surcoinche",
    *(f"bid {value} {denomination}" for value in _VALUES for denomination in _DENOMINATIONS),
    *(f"play {card.text}" for card in PIQUET_DECK),
    f"play {JOKER.text}",
    "play 2H",
)
"""Every Coinche move text there is (plus two cards that are not in the deck)."""


def coinche_texts(state: Any) -> tuple[str, ...]:
    return _TEXTS


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << _INDEX[card]
    return mask


def _cards(mask: int) -> list[Card]:
    return [PIQUET_DECK[index] for index in range(32) if mask >> index & 1]


def _belote_suits(state: CoincheState) -> tuple[str, ...]:
    """The suits whose king and queen are a belote (rules C.5): the trump suit, none in SA,
    every suit in TA."""
    denomination = state.bid_denomination
    if denomination < 4:
        return (CANONICAL_SUITS[denomination],)
    return () if _DENOMINATIONS[denomination] == "SA" else tuple(CANONICAL_SUITS)


def _pair(suit: str) -> tuple[Card, Card]:
    return parse_card(f"K{suit}"), parse_card(f"Q{suit}")


def _public_and_excluded(state: CoincheState) -> tuple[list[Card], list[Card]]:
    """Cards whose place every seat knows (the other card of a belote its holder has
    announced by playing one, rules C.5), and cards known to be out of one hand (the other card
    of a pair whose first was played without a belote: a seat dealt both would have said it);
    the latter are left out of the hidden cards, since a swap could give the pair to the seat
    that played the first."""
    public: list[Card] = []
    excluded: list[Card] = []
    if state.phase != Phase.PLAY:
        return public, excluded
    for suit in _belote_suits(state):
        pair = _pair(suit)
        for seat in range(_SEATS):
            dealt = [card for card in pair if state.dealt[seat] >> _INDEX[card] & 1]
            held = [card for card in pair if state.hands[seat] >> _INDEX[card] & 1]
            if len(dealt) == 2 and len(held) == 1:
                public.extend(held)
            elif len(dealt) == 1 and not held:
                excluded.extend(card for card in pair if card not in dealt)
    return public, excluded


def coinche_hidden(state: Any, seat: int | None) -> HiddenCards:
    """Hidden from a seat (rules C.10): the other hands, but for an announced belote's second
    card (public) and the other card of a belote pair one card of which a seat played without
    a belote (its place is partly known: see `_public_and_excluded`); with announcements,
    nothing once trick 1 is complete (see below)."""
    assert isinstance(state, CoincheState)
    if state.phase not in (Phase.AUCTION, Phase.PLAY):
        return {}
    if state.table.options.announcements and len(state.played) >= _SEATS:
        # Trick 1 is complete: the scoring side's melds are shown (rules C.9), and which side
        # scores, and with what, depends on every hand (a swap can make or break a meld), so
        # no card is declared hidden; `resample_hidden` is still checked to keep the view.
        return {}
    zones = get_game("coinche").card_zones(state)
    public, excluded = _public_and_excluded(state)
    return {
        f"hand {other}": tuple(
            card for card in zones[f"hand {other}"] if card not in public and card not in excluded
        )
        for other in range(_SEATS)
        if other != seat
    }


def coinche_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    """A seat's view shows its own hand and the trick."""
    return (*(() if seat is None else (f"hand {seat}",)), "trick")


def coinche_with_zones(state: Any, zones: Layout) -> CoincheState:
    """The state with these zone contents: the hands now (the hands as dealt follow: each hand
    now and the cards its seat played), the trick, the teams' tricks."""
    assert isinstance(state, CoincheState)
    if state.phase not in (Phase.AUCTION, Phase.PLAY):
        return state
    hands = tuple(_mask(zones[f"hand {seat}"]) for seat in range(_SEATS))
    played = [state.dealt[seat] & ~state.hands[seat] for seat in range(_SEATS)]
    return state._replace(
        hands=hands,
        dealt=tuple(hands[seat] | played[seat] for seat in range(_SEATS)),
        trick=tuple(_INDEX[card] for card in zones["trick"]),
        won=(_mask(zones["won by team 0"]), _mask(zones["won by team 1"])),
    )


def _winner(state: CoincheState, cards: Sequence[Card]) -> int:
    """The index of the card that wins a trick (rules C.1, C.4): trumps first in a colour
    contract; in SA and TA only the suit led wins, by its own order."""
    denomination = _DENOMINATIONS[state.bid_denomination]
    if denomination == "SA":
        return trick_winner(cards, None, lambda card, _: _PLAIN_POWER[rank_token(card)])
    if denomination == "TA":
        return trick_winner(cards, None, lambda card, _: _TRUMP_POWER[rank_token(card)])
    return trick_winner(
        cards,
        denomination,
        lambda card, is_trump: (_TRUMP_POWER if is_trump else _PLAIN_POWER)[rank_token(card)],
    )


def coinche_legal_plays(state: Any) -> frozenset[Card] | None:
    """The cards the seat to act may play, by the rules alone (C.4: belote.md §3.4 in a colour
    contract with `partner_winning` and `must_undertrump`; SA: follow suit; TA: follow suit and
    beat the best card of the suit led); ``None`` outside the play."""
    assert isinstance(state, CoincheState)
    if state.phase != Phase.PLAY:
        return None
    zones = get_game("coinche").card_zones(state)
    seat = state.to_act
    hand = zones[f"hand {seat}"]
    trick = zones["trick"]
    if not trick:
        return frozenset(hand)
    denomination = _DENOMINATIONS[state.bid_denomination]
    led = suit_letter(trick[0])
    follow = [card for card in hand if suit_letter(card) == led]
    if denomination == "SA":
        return frozenset(follow or hand)
    if denomination == "TA":
        best = max(_TRUMP_POWER[rank_token(card)] for card in trick if suit_letter(card) == led)
        higher = [card for card in follow if _TRUMP_POWER[rank_token(card)] > best]
        return frozenset(higher or follow or hand)
    trump = denomination
    partner_winning = False
    if trick:
        leader = (seat - len(trick)) % _SEATS
        partner_winning = (leader + _winner(state, trick)) % _SEATS == (seat + 2) % _SEATS
    options = state.table.options
    return belote_family_plays(
        hand, trick, trump, lambda card: _TRUMP_POWER[rank_token(card)], partner_winning,
        partner_free=options.partner_winning == "free", must_undertrump=options.must_undertrump,
    )  # fmt: skip


def coinche_flow(step: Step) -> Sequence[Sequence[Transfer]]:
    """Deal: the pack into the four hands the move lists. A call moves nothing. Play: the card
    from the player's hand to the trick; the fourth card sends the trick to the pile of the
    winner's team."""
    before: CoincheState = step.before
    move = step.move
    if isinstance(move, Deal):
        return (
            [
                Transfer(card, "pack", f"hand {index}")
                for _, groups in move.fields
                for index, group in enumerate(groups)
                for card in group
            ],
        )
    words = str(move).split()
    if words[0] != "play":
        return ([],)
    card = parse_card(words[1])
    seat = before.to_act
    transfers = [Transfer(card, f"hand {seat}", "trick")]
    trick = (*(PIQUET_DECK[index] for index in before.trick), card)
    if len(trick) == _SEATS:
        leader = (seat - (_SEATS - 1)) % _SEATS
        winner = (leader + _winner(before, trick)) % _SEATS
        transfers.extend(Transfer(c, "trick", f"won by team {winner % 2}") for c in trick)
    return (transfers,)


def coinche_order_key(state: Any, move: Move) -> tuple[Any, ...]:
    """docs/coinche.md, "Order of legal_moves" (rules C.10): ``pass``; bids by value, then
    S H D C SA TA; ``coinche``; ``surcoinche``; cards in canonical order."""
    words = str(move).split()
    if words[0] == "pass":
        return (0,)
    if words[0] == "bid":
        return (1, _VALUES[words[1]], _DENOMINATIONS.index(words[2]))
    if words[0] == "coinche":
        return (2,)
    if words[0] == "surcoinche":
        return (3,)
    return (4, card_key(parse_card(words[1])))


def _points(awards: Sequence[Any], team: int, reason: str) -> int:
    seats = (team, team + 2)
    return sum(a.points for a in awards if a.seats == seats and a.reason == reason)


def check_coinche_deal_result(options: Any, result: DealResult) -> None:
    """The numeric invariants of one finished Coinche deal (rules C.6, C.11)."""
    if result.outcome == "thrown_in":
        assert result.points == (0, 0) and result.awards == () and result.taker is None
        assert result.tricks == (0, 0)
        return
    assert result.outcome in ("made", "failed"), result.outcome
    assert result.taker is not None and result.value is not None
    assert sum(result.tricks) == 8, result.tricks
    takers = result.taker % 2
    defenders = 1 - takers
    first, second = result.card_points
    if result.capot_team is None:
        assert first + second == 162, result.card_points  # 152 + 10 in every kind (C.1)
    else:
        assert result.card_points[result.capot_team] == options.capot_points  # 252 or 250
        assert result.card_points[1 - result.capot_team] == 0
    belote = sum(result.belote)
    if result.denomination == "SA":
        assert belote == 0
    elif result.denomination == "TA":
        assert belote in (0, 20, 40, 60, 80)
    else:
        assert result.belote[0] in (0, 20) and result.belote[1] in (0, 20) and belote <= 20
    value = result.value
    assert value in (80, 90, 100, 110, 120, 130, 140, 150, 160, 250, 500)
    m = (1, 2, options.surcoinche_multiplier)[result.level]
    for team in (0, 1):
        awarded = sum(a.points for a in result.awards if a.seats == (team, team + 2))
        assert awarded == result.points[team]
    if options.round_scores or options.announcements:
        return
    made = result.outcome == "made"
    total = sum(result.points)
    contract_only = options.scoring == "contract_only"
    if made and result.level == 0:
        cards = 0 if contract_only else first + second
        assert total == cards + value + belote, result  # C.6, first row
        if not contract_only and result.denomination not in ("SA", "TA") and value <= 160:
            t, d = result.points[takers], result.points[defenders]
            assert t - d >= 3 * value - 182, result  # C.11
        return
    base = 0
    if not contract_only:
        base = options.capot_points if made and result.capot_team == takers else options.deal_base
    if options.coinche_multiplies == "base_and_contract":
        expected = (base + value) * m + belote
    else:
        expected = base + value * m + belote
    assert total == expected, (result, expected)  # C.6: base + V·m + B
    winner = takers if made else defenders
    loser_gets = result.points[1 - winner]
    if options.belote_on_failure == "kept_by_holder":
        assert loser_gets == result.belote[1 - winner]
    else:
        assert loser_gets == 0, result  # failed: takers 0; coinched and made: defenders 0
    if not made:
        assert _points(result.awards, takers, "coinche.contract") == 0


def coinche_step_check(step: Step) -> None:
    before: CoincheState = step.before
    after: CoincheState = step.after
    if before.phase == Phase.DEAL_DUE and after.phase == Phase.AUCTION:
        assert [hand.bit_count() for hand in after.hands] == [8, 8, 8, 8]  # C.2
        assert after.to_act == (after.table.dealer + 1) % _SEATS  # C.3: dealer + 1 speaks
    if after.phase == Phase.AUCTION:
        assert str(after.legal[0]) == "pass"  # pass is always legal (C.11)
    if before.phase == Phase.AUCTION and after.phase == Phase.PLAY:
        words = str(step.move).split()
        assert words[0] in ("pass", "surcoinche"), step.move
        leader = after.to_act
        if after.bid_value == 500:
            assert leader == after.bid_seat
        else:
            assert leader == (after.table.dealer + 1) % _SEATS  # C.3: whoever took
    if after.phase == Phase.PLAY:
        played = (after.won[0] | after.won[1]).bit_count() + len(after.trick)
        assert played + sum(hand.bit_count() for hand in after.hands) == 32
    new_deals = after.table.deals[len(before.table.deals) :]
    for result in new_deals:
        check_coinche_deal_result(after.table.options, result)


def coinche_playout_check(steps: Sequence[Step]) -> None:
    """The auction (C.3, C.11): 4 passes for a throw-in, at most 37 moves with the defaults'
    ladder (three more per extra value); bid values strictly increase; at most one coinche and
    one surcoinche, a surcoinche the auction's last move."""
    calls: list[str] = []
    for step in steps:
        before: CoincheState = step.before
        if before.phase == Phase.AUCTION:
            calls.append(str(step.move))
            if step.after.phase != Phase.AUCTION:
                _check_auction(calls, step.after, before.table.options)
                calls = []


def _check_auction(calls: list[str], after: CoincheState, options: Any) -> None:
    values = [_VALUES[call.split()[1]] for call in calls if call.startswith("bid")]
    assert values == sorted(set(values)), calls
    assert calls.count("coinche") <= 1 and calls.count("surcoinche") <= 1, calls
    if "surcoinche" in calls:
        assert calls[-1] == "surcoinche"
    if not values:
        assert calls == ["pass"] * 4, calls
    ladder = 10 + (1 if options.generale else 0)
    assert len(calls) <= 3 + 3 * ladder + 4, calls  # 37 with the defaults' ladder
    if after.phase == Phase.PLAY:
        assert values


def coinche_deals_finished(state: Any) -> int:
    assert isinstance(state, CoincheState)
    return len(state.table.deals)
