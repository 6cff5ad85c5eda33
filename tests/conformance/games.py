"""Per-game hooks of the conformance suite: option presets, seeds, extra illegal candidates,
what each seat may not see, how cards move, the order of the legal moves, and each game's own
invariants.

The suite in ``test_conformance.py`` is written once for every registered game; what differs
from game to game lives here, in one `GameHooks` record per game. A game registered without an
entry here fails the suite (``test_every_game_has_hooks``) until its hooks are written. Adding a
game is one more entry in `HOOKS`.

The hooks are written from the rules (``/work/shared/rules/<game>.md``, and the "Hidden
information" notes of its README), not from the engine: hidden zones come from the rules, trick
winners from the rules' trick-winner rule with the rank orders written here, the per-deal numbers
are literals citing their section. They read the state's own fields (hands, the stock, who took
the contract) but never call the engine's views, tables or scoring to decide what to expect.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import attrs

import parlour
from parlour.base import (
    JOKER,
    PIQUET_DECK,
    Card,
    parse_card,
)
from parlour.belote import (
    BeloteState,
    DealResult,
    Phase,
)
from parlour.bezique import _moves as bezique_moves
from parlour.bezique import _state as bezique_state
from parlour.ecarte import _state as ecarte_state
from parlour.engine import (
    Deal,
    Move,
    get_game,
)
from tests.conformance.bezique_melds import check_meld_history
from tests.conformance.burraco_hooks import (
    burraco_deals_finished,
    burraco_flow,
    burraco_hidden,
    burraco_moves_to_apply,
    burraco_order_key,
    burraco_playout_check,
    burraco_shown,
    burraco_step_check,
    burraco_texts,
    burraco_with_zones,
)
from tests.conformance.coinche_hooks import (
    coinche_deals_finished,
    coinche_flow,
    coinche_hidden,
    coinche_legal_plays,
    coinche_order_key,
    coinche_playout_check,
    coinche_shown,
    coinche_step_check,
    coinche_texts,
    coinche_with_zones,
)
from tests.conformance.zones import (
    CANONICAL_SUITS,
    HiddenCards,
    Layout,
    Transfer,
    belote_family_plays,
    card_key,
    copy_assignment,
    rank_token,
    suit_letter,
    trick_winner,
)
from tests.profiles import THOROUGH
from tests.strategies import Step, option_presets
from tests.toy import hooks as toy_hooks  # importing tests.toy registers the toy game

__all__ = ["HOOKS", "THOROUGH", "GameHooks", "hooks_for", "no_legal_plays"]

StepCheck = Callable[[Step], None]
PlayoutCheck = Callable[[Sequence[Step]], None]
Flows = Sequence[Sequence[Transfer]]


def _no_step_check(step: Step) -> None:
    """No game-specific check after a move."""


def _no_playout_check(steps: Sequence[Step]) -> None:
    """No game-specific check over a whole playout."""


def _no_texts(state: Any) -> tuple[str, ...]:
    return ()


def _all_moves(state: Any, moves: Sequence[Move], rng: random.Random) -> Sequence[Move]:
    """Apply every legal move (the default: the three card games have at most a few dozen)."""
    return moves


def _nothing_hidden(state: Any, seat: int | None) -> HiddenCards:
    return {}


def _nothing_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    return ()


def _unchanged(state: Any, zones: Layout) -> Any:
    return state


def _no_flow(step: Step) -> Flows:
    return ([],)


def no_legal_plays(state: Any) -> frozenset[Card] | None:
    """No model of the duties of play (a game with no card play, or none written yet)."""
    return None


def _text_key(state: Any, move: Move) -> tuple[Any, ...]:
    return (str(move),)


@dataclass(frozen=True)
class GameHooks:
    """What the conformance suite needs to know about one game.

    * ``presets``: (id, options) pairs to play with: the defaults plus one preset per option
      value other than its default.
    * ``fixed_seeds``: the deterministic seeds played with every preset (full matches).
    * ``base_options``: options the fixed playouts use unless the preset sets them (Burraco
      plays single hands, or its preset's target, so that a random match stays short).
    * ``playout_moves``: the most moves of one hypothesis example in the quick profile (the
      ``ci`` profile plays three times as many), so that examples stay fast and shrink short.
    * ``candidate_texts``: move texts to try at a state besides the moves seen in the playout
      (every card, every keyword): those that parse and are not legal must be refused.
    * ``moves_to_apply(state, moves, rng)``: which of the legal moves to apply and check at a
      state (all of them by default; a sample for a game with hundreds).
    * ``hidden(state, seat)``: zone name → the cards of that zone hidden from ``seat`` (``None``
      is a spectator), from the rules' "Hidden information"; ``ordered_zones``: the zones whose
      order is itself hidden information (a stock), swapped within as well as across.
    * ``shown(state, seat)``: zones whose every card the seat's view must show (its own hand,
      the trick, the turn-up): a hidden card swapped with one of these changes the view.
    * ``with_zones(state, zones)``: the state with other zone contents (the same sizes), built
      the way the engine builds its states, so cached derived values are right.
    * ``flow(step)``: the transfers one move explains (a card played goes from the hand to the
      trick, a complete trick to its winner's pile, …), as alternatives when the rules leave a
      choice; the suite adds "everything back to the pack" when a deal ends.
    * ``order_key(state, move)``: the key the documented order of ``legal_moves`` sorts by.
    * ``legal_plays(state)``: the cards the seat to act may play, from the suite's own model of
      the duties of play (written from the rules, never from the engine's obligation data);
      ``None`` where no card is played or the game has no such duties.
    * ``step_check`` / ``playout_check``: the game's own invariants after one move and over a
      playout; ``deals_finished``: how many deals a state has finished.
    """

    presets: list[tuple[str, dict[str, Any]]]
    fixed_seeds: tuple[int, ...]
    base_options: dict[str, Any] = field(default_factory=dict)
    playout_moves: int = 100
    candidate_texts: Callable[[Any], Sequence[str]] = _no_texts
    moves_to_apply: Callable[[Any, Sequence[Move], random.Random], Sequence[Move]] = _all_moves
    hidden: Callable[[Any, int | None], HiddenCards] = _nothing_hidden
    ordered_zones: frozenset[str] = frozenset()
    shown: Callable[[Any, int | None], tuple[str, ...]] = _nothing_shown
    with_zones: Callable[[Any, Layout], Any] = _unchanged
    flow: Callable[[Step], Flows] = _no_flow
    order_key: Callable[[Any, Move], tuple[Any, ...]] = _text_key
    legal_plays: Callable[[Any], frozenset[Card] | None] = no_legal_plays
    step_check: StepCheck = _no_step_check
    playout_check: PlayoutCheck = _no_playout_check
    deals_finished: Callable[[Any], int] = field(default=lambda state: 0)


FIXED_SEEDS: tuple[int, ...] = tuple(range(8)) if THOROUGH else (0, 1)
"""The deterministic seeds every preset is played with."""
LONG_MATCH_SEEDS: tuple[int, ...] = FIXED_SEEDS[:3] if THOROUGH else FIXED_SEEDS[:1]
"""Fewer seeds for a game whose matches run to hundreds of moves (Bezique: about 90 moves a
deal, several deals to 1000; Belote: about 40 a deal to 1000): its presets still each get a
full match in the quick profile, and the hypothesis playouts add variety."""


# --- shared by the hooks -----------------------------------------------------------------------


def _deck_of(game_name: str) -> tuple[Card, ...]:
    """The game's deck as its states index it (card ``i`` of a mask is ``deck[i]``)."""
    return tuple(get_game(game_name).deck)


def _mask(cards: Sequence[Card], index_of: dict[Card, int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << index_of[card]
    return mask


def _deal_transfers(deal: Deal, zone_of: Callable[[str, int], str]) -> list[Transfer]:
    """A deal move lays the pack out exactly as it lists: every card of field ``name``, group
    ``i`` goes from the pack to the zone ``zone_of(name, i)``."""
    return [
        Transfer(card, "pack", zone_of(name, index))
        for name, groups in deal.fields
        for index, group in enumerate(groups)
        for card in group
    ]


def _hand_or_field(name: str, index: int) -> str:
    """Deal fields to zones in the three trick games: ``hands`` group i is ``hand i``; the
    turn-up, stock and talon fields are the zones of the same names."""
    return f"hand {index}" if name == "hands" else name


def _words(move: Move) -> tuple[str, list[Card]]:
    """A move's keyword and the cards its canonical text names."""
    keyword, *tokens = str(move).split()
    return keyword, [parse_card(token) for token in tokens if keyword in ("play", "meld",
                                                                           "discard")]  # fmt: skip


def _power_by_order(order: str) -> dict[str, int]:
    """Rank tokens of ``order`` (highest first, space-separated) → a power, higher wins."""
    ranks = order.split()
    return {rank: len(ranks) - index for index, rank in enumerate(ranks)}


def _without(cards: Sequence[Card], removed: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` less one instance of each of ``removed`` (multisets), in canonical order."""
    left = Counter(cards) - Counter(removed)
    return tuple(sorted(left.elements(), key=card_key))


def _seats_hidden_from(seat: int | None, count: int) -> list[int]:
    """The seats whose hands ``seat`` cannot see: every other seat (all, for a spectator)."""
    return [other for other in range(count) if other != seat]


def _own(seat: int | None, *zones: str) -> tuple[str, ...]:
    """The seat's own zones (``hand {seat}``, …), none for a spectator."""
    return () if seat is None else tuple(zone.format(seat=seat) for zone in zones)


# --- Belote ------------------------------------------------------------------------------------

_BELOTE = "belote"
_BELOTE_DECK = _deck_of(_BELOTE)
_BELOTE_INDEX = {card: index for index, card in enumerate(_BELOTE_DECK)}
_BELOTE_SEATS = 4
"""Four players in two partnerships, seats {0, 2} and {1, 3} (rules §3.1)."""
_BELOTE_TRUMP_POWER = _power_by_order("J 9 A 10 K Q 8 7")
"""Rank order in trumps, highest first (rules §3.1)."""
_BELOTE_PLAIN_POWER = _power_by_order("A 10 K Q J 9 8 7")
"""Rank order in the other suits, highest first (rules §3.1)."""
_BELOTE_BIDDING = (Phase.BID_ROUND_1, Phase.BID_ROUND_2)

_BELOTE_TEXTS: tuple[str, ...] = (
    "pass",
    "take",
    "take S",
    "take H",
    "take D",
    "take C",
    *(f"play {card.text}" for card in PIQUET_DECK),
    f"play {JOKER.text}",
    "play 2H",
)
"""Every Belote move text there is (plus two cards that are not in the deck)."""


def _belote_texts(state: Any) -> tuple[str, ...]:
    return _BELOTE_TEXTS


def _belote_trump(state: BeloteState) -> str:
    """The trump suit's letter (the play phase only)."""
    return CANONICAL_SUITS[state.table.trump]


def _belote_pair(state: BeloteState) -> tuple[Card, Card]:
    """The king and queen of trumps (rules §3.5)."""
    trump = _belote_trump(state)
    return parse_card(f"K{trump}"), parse_card(f"Q{trump}")


def _belote_announced(state: BeloteState) -> bool:
    """Belote is announced once the holder of both the king and the queen of trumps has played
    the first of them (rules §3.5): the other is then known to be in that hand."""
    holder = state.table.belote_holder
    if holder < 0:
        return False
    hand = state.hands[holder]
    return not all(hand >> _BELOTE_INDEX[card] & 1 for card in _belote_pair(state))


def _belote_hidden(state: Any, seat: int | None) -> HiddenCards:
    """Hidden from a seat (rules README, "Hidden information"; §3.3, §3.5): the other hands and
    the stock. Public: the turn-up, face up while bidding and known to be in the taker's hand
    after; a belote's second card once the first is played."""
    assert isinstance(state, BeloteState)
    if state.phase not in (*_BELOTE_BIDDING, Phase.PLAY):
        return {}
    zones = get_game(_BELOTE).card_zones(state)
    known: list[Card] = []
    if state.phase == Phase.PLAY:
        known.append(_BELOTE_DECK[state.table.turnup])
        if _belote_announced(state):
            known.extend(_belote_pair(state))
    hidden = {
        f"hand {other}": _without(zones[f"hand {other}"], [c for c in known
                                                          if c in zones[f"hand {other}"]])
        for other in _seats_hidden_from(seat, _BELOTE_SEATS)
    }  # fmt: skip
    hidden["stock"] = zones["stock"]
    return hidden


def _belote_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    """A seat's view shows its own hand, the trick and, while bidding, the turn-up."""
    return (*_own(seat, "hand {seat}"), "trick", "turnup")


def _belote_with_zones(state: Any, zones: Layout) -> BeloteState:
    """The state with these zone contents: hands, turn-up, stock, trick, the teams' tricks.

    Built with ``_replace`` (so the cached legal-move mask is computed afresh); once the
    contract is taken and belote not yet announced, the belote holder is whoever now holds both
    the king and queen of trumps, as a deal with these hands would have made it."""
    assert isinstance(state, BeloteState)
    if state.phase not in (*_BELOTE_BIDDING, Phase.PLAY):
        assert dict(zones) == get_game(_BELOTE).card_zones(state)
        return state
    index = _BELOTE_INDEX
    hands = tuple(_mask(zones[f"hand {seat}"], index) for seat in range(_BELOTE_SEATS))
    table = state.table
    if state.phase in _BELOTE_BIDDING:
        table = attrs.evolve(table, turnup=index[zones["turnup"][0]])
    elif not _belote_announced(state):
        pair = _mask(_belote_pair(state), index)
        holder = next((seat for seat in range(_BELOTE_SEATS) if hands[seat] & pair == pair), -1)
        table = attrs.evolve(table, belote_holder=holder)
    return state._replace(
        table=table,
        hands=hands,
        stock=tuple(index[card] for card in zones["stock"]),
        trick=tuple(index[card] for card in zones["trick"]),
        won=(_mask(zones["won by team 0"], index), _mask(zones["won by team 1"], index)),
    )


def _belote_trick_winner(trump: str, cards: Sequence[Card]) -> int:
    """The index of the card that wins a Belote trick (rules §3.1 rank orders)."""
    return trick_winner(
        cards,
        trump,
        lambda card, is_trump: (_BELOTE_TRUMP_POWER if is_trump else _BELOTE_PLAIN_POWER)[
            rank_token(card)
        ],
    )


def _belote_flow(step: Step) -> Flows:
    """Deal: the pack into the layout the move lists. Take (rules §3.3): the turn-up to the
    taker, then from the top of the stock 3 cards to each other seat and 2 to the taker, seat by
    seat from the dealer's right, the dealer last. Play: the card from the player's hand to the
    trick; the fourth card sends the trick to the pile of the winner's team."""
    before: BeloteState = step.before
    move = step.move
    if isinstance(move, Deal):
        return (_deal_transfers(move, _hand_or_field),)
    keyword, cards = _words(move)
    zones = get_game(_BELOTE).card_zones(before)
    seat = before.to_act
    if keyword == "pass":
        return ([],)
    if keyword == "take":
        transfers = [Transfer(zones["turnup"][0], "turnup", f"hand {seat}")]
        stock = iter(zones["stock"])
        for offset in range(1, _BELOTE_SEATS + 1):
            receiver = (before.table.dealer + offset) % _BELOTE_SEATS
            for _ in range(2 if receiver == seat else 3):
                transfers.append(Transfer(next(stock), "stock", f"hand {receiver}"))
        return (transfers,)
    assert keyword == "play", move
    (card,) = cards
    transfers = [Transfer(card, f"hand {seat}", "trick")]
    trick = (*zones["trick"], card)
    if len(trick) == _BELOTE_SEATS:
        leader = (seat - (_BELOTE_SEATS - 1)) % _BELOTE_SEATS
        winner = (leader + _belote_trick_winner(_belote_trump(before), trick)) % _BELOTE_SEATS
        transfers.extend(Transfer(c, "trick", f"won by team {winner % 2}") for c in trick)
    return (transfers,)


def _belote_order_key(state: Any, move: Move) -> tuple[Any, ...]:
    """docs/belote.md, "Order of legal_moves": ``pass`` before ``take``; the second round's
    suits S H D C; cards in canonical order (suits S H D C, 7 up to A)."""
    keyword, cards = _words(move)
    if keyword == "pass":
        return (0,)
    if keyword == "take":
        words = str(move).split()
        return (1, CANONICAL_SUITS.index(words[1]) if len(words) > 1 else -1)
    return (2, card_key(cards[0]))


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
    assert result.taker is not None and 0 <= result.taker < _BELOTE_SEATS
    assert sum(result.tricks) == 8, result.tricks  # 8 tricks a deal (rules §3.9)
    first, second = result.card_points
    if result.capot_team is None:
        assert first + second == 162, result.card_points  # 152 + 10 for the last (rules §3.1)
        assert 0 not in result.tricks, result.tricks
    else:
        capot = result.capot_team
        assert result.tricks[capot] == 8, result.tricks
        # the capot team's card total is the capot_points option, 252 or 250 (rules §3.6)
        assert options.capot_points in (252, 250), options.capot_points
        assert result.card_points[capot] == options.capot_points, result.card_points
        assert result.card_points[1 - capot] == 0, result.card_points
    belotes = [award for award in result.awards if award.reason == "belote.belote"]
    assert len(belotes) <= 1, belotes
    for award in belotes:
        assert award.points == 20, award  # belote-rebelote is 20, once a deal (rules §3.5)
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
    assert this_deal <= options.capot_points + 20 <= 272, result  # the most a deal awards (§3.9)
    assert result.held >= 0


def _belote_step_check(step: Step) -> None:
    before: BeloteState = step.before
    after: BeloteState = step.after
    if before.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and after.phase == Phase.PLAY:
        assert isinstance(step.move, parlour.Move) and str(step.move).startswith("take")
        assert [hand.bit_count() for hand in after.hands] == [8, 8, 8, 8]
        assert after.stock == ()
        assert after.trick == ()
        assert after.to_act == (after.table.dealer + 1) % _BELOTE_SEATS
        assert after.table.taker == before.to_act
    if before.phase == Phase.DEAL_DUE and after.phase == Phase.BID_ROUND_1:
        assert [hand.bit_count() for hand in after.hands] == [5, 5, 5, 5]
        assert len(after.stock) == 11
    if after.phase == Phase.PLAY:
        played = (after.won[0] | after.won[1]).bit_count() + len(after.trick)
        in_hands = sum(hand.bit_count() for hand in after.hands)
        assert played + in_hands == 32
        # every seat holds the same number of cards, less one for those who played to the trick
        for offset in range(_BELOTE_SEATS):
            seat = (after.leader + offset) % _BELOTE_SEATS
            expected = 8 - after.tricks_played - (1 if offset < len(after.trick) else 0)
            assert after.hands[seat].bit_count() == expected, (seat, after.hands)
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (Phase.DEAL_DUE, Phase.OVER) and before.phase != Phase.DEAL_DUE:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_belote_deal_result(after.table.options, result)


_BELOTE_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
_BELOTE_PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
"""Card points (rules §3.1): 62 in the trump suit, 30 in each other suit."""


@dataclass
class _BeloteTally:
    """What the suite reads of one Belote deal from its moves: the contract, the belote
    holder, the card points and the last trick of each team (rules §3.5, §3.6)."""

    trump: str
    taker: int
    holder_team: int | None
    points: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_team: int = -1


def _belote_tally_move(tally: _BeloteTally, seat: int, card: Card) -> None:
    tally.trick.append((seat, card))
    if len(tally.trick) < _BELOTE_SEATS:
        return
    cards = [played for _, played in tally.trick]
    winner = tally.trick[_belote_trick_winner(tally.trump, cards)][0]
    team = winner % 2
    tally.points[team] += sum(
        (_BELOTE_TRUMP_POINTS if suit_letter(c) == tally.trump else _BELOTE_PLAIN_POINTS)[
            rank_token(c)
        ]
        for c in cards
    )
    tally.tricks[team] += 1
    tally.last_team = team
    tally.trick = []


def _belote_expected(
    options: Any, tally: _BeloteTally, held: int
) -> tuple[str, tuple[int, int], int, dict[str, int]]:
    """The deal's outcome, the points each team scores, the points held after it, and the team
    each kind of award goes to, by rules §3.6 and §3.7 with the options."""
    takers, defenders = tally.taker % 2, 1 - tally.taker % 2
    capot = next((team for team in (0, 1) if tally.tricks[team] == 8), None)
    card_points = list(tally.points)
    if capot is None:
        card_points[tally.last_team] += 10
    else:
        card_points = [0, 0]
        card_points[capot] = options.capot_points
    belote = [20 if tally.holder_team == team else 0 for team in (0, 1)]
    counted = belote if options.belote_counts_for_contract else [0, 0]
    test_takers = card_points[takers] + counted[takers]
    test_defenders = card_points[defenders] + counted[defenders]
    if test_takers != test_defenders:
        outcome = "made" if test_takers > test_defenders else "failed"
    else:
        outcome = {"takers_win": "made", "takers_fail": "failed", "litige": "litige"}[
            options.tie_rule
        ]
    points = [0, 0]
    recipients = {
        "belote.last_trick": tally.last_team,
        "belote.capot": capot if capot is not None else -1,
        "belote.contract_failed": defenders,
    }
    if outcome == "made":
        points = [card_points[team] + belote[team] for team in (0, 1)]
        recipients["belote.belote"] = tally.holder_team if tally.holder_team is not None else -1
    elif outcome == "failed":
        kept = options.belote_on_failure == "kept_by_holder"
        total = options.capot_points if capot == defenders else 162
        points[defenders] = total + belote[defenders] + (0 if kept else belote[takers])
        points[takers] = belote[takers] if kept else 0
        if tally.holder_team is not None:
            recipients["belote.belote"] = tally.holder_team if kept else defenders
    else:  # litige: the defenders score now, the takers' total is held (rules §3.7)
        points[defenders] = card_points[defenders] + belote[defenders]
        recipients["belote.belote"] = tally.holder_team if tally.holder_team is not None else -1
        held_after = held + card_points[takers] + belote[takers]
        return outcome, (points[0], points[1]), held_after, recipients
    winner = takers if outcome == "made" else defenders
    points[winner] += held
    recipients["belote.litige"] = winner
    return outcome, (points[0], points[1]), 0, recipients


def _belote_check_awards(steps: Sequence[Step]) -> None:
    """Every finished deal's points, held points and award recipients are those the suite
    reckons from the moves: who took, in which suit, who held the king and queen of trumps
    when the contract was taken, and who won each trick by the rules' rank orders."""
    tally: _BeloteTally | None = None
    held = 0
    for step in steps:
        before: BeloteState = step.before
        after: BeloteState = step.after
        keyword, cards = _words(step.move)
        if before.phase in _BELOTE_BIDDING and after.phase == Phase.PLAY:
            trump = _belote_trump(after)
            king, queen = parse_card(f"K{trump}"), parse_card(f"Q{trump}")
            zones = get_game(_BELOTE).card_zones(after)
            holders = [
                seat
                for seat in range(_BELOTE_SEATS)
                if king in zones[f"hand {seat}"] and queen in zones[f"hand {seat}"]
            ]
            tally = _BeloteTally(trump, before.to_act, holders[0] % 2 if holders else None)
        elif before.phase == Phase.PLAY and keyword == "play":
            assert tally is not None
            _belote_tally_move(tally, before.to_act, cards[0])
        for result in after.table.deals[len(before.table.deals) :]:
            if result.outcome == "thrown_in":
                continue
            assert tally is not None and not tally.trick
            outcome, points, held_after, recipients = _belote_expected(
                after.table.options, tally, held
            )
            assert result.outcome == outcome, (result.outcome, outcome)
            assert result.points == points, (result.points, points)
            assert result.held == held_after, (result.held, held_after)
            for award in result.awards:
                if award.reason == "belote.card_points":
                    team = award.seats[0] % 2
                    assert award.points == tally.points[team], (award, tally.points)
                    continue
                team = recipients[award.reason]
                assert tuple(award.seats) == (team, team + 2), (award, team)
            held = held_after
            tally = None


def _belote_check_announced(steps: Sequence[Step]) -> None:
    """Who has announced belote, reckoned from the moves (rules §3.5): the seat dealt both the
    king and the queen of trumps (the hands once the taker is known) announces it by playing
    the first of them; every view, for each seat and a spectator, says the same after every
    move of the play."""
    holder: int | None = None
    announced: int | None = None
    pair: tuple[Card, Card] | None = None
    for step in steps:
        before, after = step.before, step.after
        in_play = isinstance(after, BeloteState) and after.phase == Phase.PLAY
        if in_play and not (isinstance(before, BeloteState) and before.phase == Phase.PLAY):
            zones = get_game(_BELOTE).card_zones(after)
            pair = _belote_pair(after)
            holders = [seat for seat in range(_BELOTE_SEATS)
                       if set(pair) <= set(zones[f"hand {seat}"])]  # fmt: skip
            holder, announced = (holders[0] if holders else None), None
        keyword, cards = _words(step.move)
        first_of_pair = keyword == "play" and pair is not None and cards[0] in pair
        if first_of_pair and before.to_act == holder and announced is None:
            announced = holder
        if in_play:
            for seat in (*range(_BELOTE_SEATS), None):
                seen = parlour.view(after, seat)
                assert seen.belote_announced == announced, (step.move, seat, announced)


def _belote_playout_check(steps: Sequence[Step]) -> None:
    _belote_check_awards(steps)
    _belote_check_announced(steps)
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




# --- Écarté ------------------------------------------------------------------------------------

_ECARTE = "ecarte"
_ECARTE_DECK = _deck_of(_ECARTE)
_ECARTE_INDEX = {card: index for index, card in enumerate(_ECARTE_DECK)}
_ECARTE_SEATS = 2
_ECARTE_POWER = _power_by_order("K Q J A 10 9 8 7")
"""Rank order in every suit, trumps included, highest first (rules §2.1)."""
_ECARTE_TALON = 21
"""The talon after the deal (rules §2.2.3, §2.8)."""
_ECARTE_TRICKS = 5
"""Tricks in a played deal (rules §2.8)."""


def _ecarte_in_deal(state: ecarte_state.EcarteState) -> bool:
    return state.phase not in (ecarte_state.Phase.DEAL_DUE, ecarte_state.Phase.OVER)


def _ecarte_trump(zones: Layout) -> str:
    """The trump suit: the turn-up's (rules §2.2.3)."""
    return suit_letter(zones["turnup"][0])


def _ecarte_hidden(state: Any, seat: int | None) -> HiddenCards:
    """Hidden from a seat (rules README, "Hidden information"; §2.3): the other hand, the other
    player's discards and the talon. Public: the turn-up, and a king of trumps once marked (it is
    in the marker's hand until played)."""
    assert isinstance(state, ecarte_state.EcarteState)
    if not _ecarte_in_deal(state):
        return {}
    zones = get_game(_ECARTE).card_zones(state)
    king = parse_card(f"K{_ecarte_trump(zones)}")
    hidden: dict[str, tuple[Card, ...]] = {}
    for other in _seats_hidden_from(seat, _ECARTE_SEATS):
        hand = zones[f"hand {other}"]
        marked = [king] if state.table.king == other and king in hand else []
        hidden[f"hand {other}"] = _without(hand, marked)
        hidden[f"discards {other}"] = zones[f"discards {other}"]
    hidden["talon"] = zones["talon"]
    return hidden


def _ecarte_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    """A seat's view shows its own hand and discards, the turn-up and the trick."""
    return (*_own(seat, "hand {seat}", "discards {seat}"), "turnup", "trick")


def _ecarte_with_zones(state: Any, zones: Layout) -> ecarte_state.EcarteState:
    """The state with these zone contents, built with ``_replace`` of the state and
    ``attrs.evolve`` of its exchange record (so the cached legal moves and play mask are
    computed afresh)."""
    assert isinstance(state, ecarte_state.EcarteState)
    if not _ecarte_in_deal(state):
        assert dict(zones) == get_game(_ECARTE).card_zones(state)
        return state
    index = _ECARTE_INDEX
    exchange = attrs.evolve(
        state.exchange,
        talon=tuple(index[card] for card in zones["talon"]),
        discards=(_mask(zones["discards 0"], index), _mask(zones["discards 1"], index)),
    )
    return state._replace(
        table=attrs.evolve(state.table, turnup=index[zones["turnup"][0]]),
        hands=(_mask(zones["hand 0"], index), _mask(zones["hand 1"], index)),
        exchange=exchange,
        trick=tuple(index[card] for card in zones["trick"]),
        won=(_mask(zones["won by 0"], index), _mask(zones["won by 1"], index)),
    )


def _ecarte_flow(step: Step) -> Flows:
    """Deal: the pack into the layout the move lists. Discard (rules §2.3): the cards from the
    hand to the player's discards, as many from the top of the talon to the hand. Play: the card
    from the hand to the trick; the second card sends the trick to its winner's pile. Proposals,
    answers and the king move no card."""
    before: ecarte_state.EcarteState = step.before
    move = step.move
    if isinstance(move, Deal):
        return (_deal_transfers(move, _hand_or_field),)
    keyword, cards = _words(move)
    zones = get_game(_ECARTE).card_zones(before)
    seat = before.to_act
    if keyword == "discard":
        transfers = [Transfer(card, f"hand {seat}", f"discards {seat}") for card in cards]
        transfers.extend(Transfer(c, "talon", f"hand {seat}") for c in zones["talon"][: len(cards)])
        return (transfers,)
    if keyword != "play":
        return ([],)
    (card,) = cards
    transfers = [Transfer(card, f"hand {seat}", "trick")]
    if zones["trick"]:
        trick = (*zones["trick"], card)
        leader = 1 - seat
        won = trick_winner(trick, _ecarte_trump(zones), lambda c, _: _ECARTE_POWER[rank_token(c)])
        transfers.extend(Transfer(c, "trick", f"won by {(leader + won) % 2}") for c in trick)
    return (transfers,)


def _ecarte_order_key(state: Any, move: Move) -> tuple[Any, ...]:
    """docs/ecarte.md, "Order of legal_moves": ``propose``, then ``king``, then the cards in
    canonical order; ``accept`` before ``refuse``; discards by number of cards, then
    lexicographically by canonical card order."""
    keyword, cards = _words(move)
    if keyword in ("propose", "accept"):
        return (0,)
    if keyword in ("king", "refuse"):
        return (1,)
    if keyword == "play":
        return (2, card_key(cards[0]))
    assert keyword == "discard", move
    return (3, len(cards), tuple(sorted(card_key(card) for card in cards)))


_ECARTE_TEXTS: tuple[str, ...] = (
    "propose",
    "accept",
    "refuse",
    "king",
    "discard",
    *(f"play {card.text}" for card in PIQUET_DECK),
    *(f"discard {card.text}" for card in PIQUET_DECK),
    f"play {JOKER.text}",
    "play 2H",
    "discard 2H",
    "discard 7S 8S 9S 10S JS",
)
"""Every Écarté keyword and every card (plus cards that are not in the deck)."""

_ECARTE_TRICK_REASONS = ("ecarte.point", "ecarte.vole", "ecarte.penalty")
_ECARTE_KING_REASONS = ("ecarte.turnup_king", "ecarte.king")


def _ecarte_texts(state: Any) -> tuple[str, ...]:
    return _ECARTE_TEXTS


def check_ecarte_deal_result(options: Any, result: ecarte_state.DealResult) -> None:
    """The numeric invariants of one finished Écarté deal (rules §2.8)."""
    assert result.outcome in ("point", "vole", "stopped"), result.outcome
    assert result.proposals <= _ECARTE_TALON
    assert len(result.exchanges) <= result.proposals
    assert sum(nd + d for nd, d in result.exchanges) <= _ECARTE_TALON
    assert all(1 <= nd <= 5 and 0 <= d <= 5 for nd, d in result.exchanges), result.exchanges
    for award in result.awards:
        assert award.deal == result.number, award
        assert award.points > 0, award
        assert len(award.seats) == 1 and award.seats[0] in (0, 1), award
    for seat in (0, 1):
        credited = sum(award.points for award in result.awards if award.seats == (seat,))
        assert credited == result.points[seat], (seat, result)
        assert credited <= 3, result
    assert sum(result.points) <= 3, result
    kings = [award for award in result.awards if award.reason in _ECARTE_KING_REASONS]
    assert len(kings) <= 1, kings  # a turned-up king cannot be held, so never both kinds
    assert all(award.points == 1 for award in kings), kings
    assert result.turnup_king == (result.turnup.text[0] == "K")
    assert result.turnup_king == any(a.reason == "ecarte.turnup_king" for a in kings)
    assert (result.king is not None) == any(a.reason == "ecarte.king" for a in kings)
    tricks = [award for award in result.awards if award.reason in _ECARTE_TRICK_REASONS]
    if result.outcome == "stopped":
        assert tricks == [], tricks
        assert sum(result.tricks) < _ECARTE_TRICKS, result.tricks
        assert kings, "a deal stops only when a king reaches the target"
        assert options.target is not None and options.stop_at_target == "immediate"
        return
    assert sum(result.tricks) == _ECARTE_TRICKS, result.tricks
    assert len(tricks) == 1, tricks
    (award,) = tricks
    assert award.points in (1, 2), award
    assert result.tricks[award.seats[0]] >= 3, (award, result.tricks)
    assert (result.outcome == "vole") == (5 in result.tricks), result
    assert award.reason != "ecarte.point" or award.points == 1
    assert award.reason == "ecarte.point" or award.points == 2
    assert not (result.played_without_proposing and result.proposals), result


def _ecarte_step_check(step: Step) -> None:
    before: ecarte_state.EcarteState = step.before
    after: ecarte_state.EcarteState = step.after
    phase = ecarte_state.Phase
    if after.phase not in (phase.DEAL_DUE, phase.OVER):
        exchange = after.exchange
        drawn_by = [sum(pair[seat] for pair in exchange.exchanges) for seat in (0, 1)]
        nondealer = 1 - after.table.dealer
        drawn = [drawn_by[0], drawn_by[1]] if nondealer == 0 else [drawn_by[1], drawn_by[0]]
        # talon arithmetic: 21 less what was drawn; each seat discarded what it drew
        assert len(exchange.talon) == _ECARTE_TALON - sum(drawn)
        assert [exchange.discards[seat].bit_count() for seat in (0, 1)] == drawn
        assert exchange.proposals <= _ECARTE_TALON
        if after.phase is not phase.PLAY:
            # hands stay at five through every exchange
            assert [hand.bit_count() for hand in after.hands] == [5, 5]
            assert after.trick == () and after.won == (0, 0)
        else:
            played = after.tricks_played
            assert played < _ECARTE_TRICKS
            for seat in (0, 1):
                in_trick = 1 if after.trick and seat != after.to_act else 0
                assert after.hands[seat].bit_count() == 5 - played - in_trick
            assert len(after.trick) <= 1
        if before.phase is phase.DEAL_DUE:
            assert len(exchange.talon) == _ECARTE_TALON and exchange.proposals == 0
            assert after.to_act == nondealer
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (phase.DEAL_DUE, phase.OVER) and before.phase is not phase.OVER:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_ecarte_deal_result(after.table.options, result)


@dataclass
class _EcarteTally:
    """What the suite reads of one Écarté deal from its moves (rules §2.5, §2.6)."""

    dealer: int
    trump: str
    turnup_king: bool
    first_decision: str = ""
    proposals: int = 0
    refusals: list[int] = field(default_factory=list)
    marker: int | None = None
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    trick: list[tuple[int, Card]] = field(default_factory=list)


def _ecarte_tally_move(tally: _EcarteTally, before: Any, keyword: str, cards: list[Card]) -> None:
    seat = before.to_act
    nondealer = 1 - tally.dealer
    if seat == nondealer and not tally.first_decision and keyword in ("propose", "play", "king"):
        tally.first_decision = keyword
    if keyword == "propose":
        tally.proposals += 1
    elif keyword == "refuse":
        tally.refusals.append(tally.proposals)
    elif keyword == "king":
        tally.marker = seat
    elif keyword == "play":
        (card,) = cards
        first_lead = not tally.trick and tally.tricks == [0, 0]
        if first_lead and card == parse_card(f"K{tally.trump}") and tally.marker is None:
            tally.marker = seat  # leading the king of trumps to trick 1 marks it (§2.5)
        tally.trick.append((seat, card))
        if len(tally.trick) == _ECARTE_SEATS:
            trick = [played for _, played in tally.trick]
            index = trick_winner(trick, tally.trump, lambda c, _: _ECARTE_POWER[rank_token(c)])
            tally.tricks[tally.trick[index][0]] += 1
            tally.trick = []


def _ecarte_trick_award(options: Any, tally: _EcarteTally) -> tuple[int, int, str]:
    """(seat, points, reason) of the trick score, by the §2.6 table with the options."""
    nondealer, dealer = 1 - tally.dealer, tally.dealer
    taken = tally.tricks[nondealer]
    without_proposing = tally.first_decision != "propose"
    penalised = [number for number in tally.refusals
                 if number == 1 or options.refusal_penalty == "any_refusal"]  # fmt: skip
    if taken == 5:
        return nondealer, 2, "ecarte.vole"
    if taken == 0:
        return dealer, 2, "ecarte.vole"
    seed_literal = options.penalty_rule == "seed_literal"
    if taken >= 3:
        if penalised or (without_proposing and seed_literal):
            return nondealer, 2, "ecarte.penalty"
        return nondealer, 1, "ecarte.point"
    if without_proposing and not seed_literal:
        return dealer, 2, "ecarte.penalty"
    return dealer, 1, "ecarte.point"


def _ecarte_check_awards(steps: Sequence[Step]) -> None:
    """Every finished deal's awards go where the suite reckons from the moves: the turned-up
    king to the dealer, the marked king to its marker, the trick score by the §2.6 table
    from the tricks each seat won by the rules' rank order and the proposals made."""
    tally: _EcarteTally | None = None
    for step in steps:
        before, after = step.before, step.after
        if isinstance(step.move, Deal):
            turnup = dict(step.move.fields)["turnup"][0][0]  # a turned-up king may end it
            dealer = before.table.dealer  # the deal's (a king ending the match moves it on)
            tally = _EcarteTally(dealer, suit_letter(turnup), rank_token(turnup) == "K")
        elif tally is not None and _ecarte_in_deal(before):
            keyword, cards = _words(step.move)
            _ecarte_tally_move(tally, before, keyword, cards)
        for result in after.table.deals[len(before.table.deals) :]:
            assert tally is not None
            expected = []
            if tally.turnup_king:
                expected.append((tally.dealer, 1, "ecarte.turnup_king"))
            if tally.marker is not None:
                expected.append((tally.marker, 1, "ecarte.king"))
            if result.outcome != "stopped":
                expected.append(_ecarte_trick_award(after.table.options, tally))
            got = [(award.seats[0], award.points, award.reason) for award in result.awards]
            assert sorted(got) == sorted(expected), (got, expected)
            tally = None


def _ecarte_check_king(steps: Sequence[Step]) -> None:
    """Who marked the king of trumps, reckoned from the moves (rules §2.5, Settled point 1):
    the seat that said ``king``, or that led the king of trumps to the first trick; and whether
    the turn-up is a king. Every view, for each seat and for a spectator, says the same
    (``king``, ``turnup_king``) after every move of the deal."""
    marker: int | None = None
    trump = turnup_king = None
    plays = 0
    for step in steps:
        if isinstance(step.move, Deal):
            turnup = dict(step.move.fields)["turnup"][0][0]
            trump, turnup_king = suit_letter(turnup), rank_token(turnup) == "K"
            marker, plays = None, 0
        keyword, cards = _words(step.move)
        if keyword == "king":
            marker = step.before.to_act
        elif keyword == "play":
            if plays == 0 and cards[0] == parse_card(f"K{trump}"):
                marker = step.before.to_act
            plays += 1
        if not _ecarte_in_deal(step.after):
            continue
        for seat in (0, 1, None):
            seen = parlour.view(step.after, seat)
            assert (seen.king, seen.turnup_king) == (marker, turnup_king), (step.move, seat)


def _ecarte_playout_check(steps: Sequence[Step]) -> None:
    """Exactly five tricks (ten cards) in every deal played to its end; every award where the
    suite reckons it goes; the king's marker as the moves show it."""
    _ecarte_check_awards(steps)
    _ecarte_check_king(steps)
    plays = 0
    for step in steps:
        if str(step.move).startswith("play "):
            plays += 1
        new_deals = step.after.table.deals[len(step.before.table.deals) :]
        for result in new_deals:
            if result.outcome == "stopped":
                assert plays < 10, plays
            else:
                assert plays == 10, plays
            plays = 0


def _ecarte_deals_finished(state: Any) -> int:
    assert isinstance(state, ecarte_state.EcarteState)
    return len(state.table.deals)





# --- Bezique -----------------------------------------------------------------------------------

_BEZIQUE = "bezique"
_BEZIQUE_DECK = _deck_of(_BEZIQUE)
_BEZIQUE_SEATS = 2
_BEZIQUE_POWERS = {
    "A-10-K": _power_by_order("A 10 K Q J 9 8 7"),
    "seed_A-K-Q-J-10": _power_by_order("A K Q J 10 9 8 7"),
}
"""Rank order by the ``rank_order`` option, highest first, the same in every suit (rules §1.1,
ambiguity B1)."""
_BEZIQUE_STOCK = 47
"""Face-down stock cards after the deal (rules §1.2.4)."""
_BEZIQUE_STAGE_ONE_TRICKS = 24
_BEZIQUE_TRICKS = 32
"""24 first-stage tricks while the stock lasts, then 8 (rules §1.3)."""
_BEZIQUE_BRISQUES = 160
"""8 aces and 8 tens at 10 each (rules §1.1)."""
_BEZIQUE_LAST_TRICK = 10
"""The last trick's bonus (rules §1.6): brisques + last trick = 170 per deal."""
_BEZIQUE_SEVEN = 10
"""What a seven of trumps scores (rules §1.5.1, §1.5.4)."""
_BEZIQUE_MELD_POINTS = {
    "common_marriage": 20,
    "royal_marriage": 40,
    "sequence": 250,
    "bezique": 40,
    "double_bezique": 500,
    "four_aces": 100,
    "four_kings": 80,
    "four_queens": 60,
    "four_jacks": 40,
}
"""The meld table (rules §1.5.1)."""
_BEZIQUE_ORDERED = frozenset({"stock", "trick"})


def _bezique_in_deal(state: bezique_state.BeziqueState) -> bool:
    return state.phase not in (bezique_state.Phase.DEAL_DUE, bezique_state.Phase.OVER)


def _bezique_trump(state: bezique_state.BeziqueState) -> str:
    """The trump suit: the suit of the card turned up at the deal (rules §1.1)."""
    return suit_letter(_BEZIQUE_DECK[state.table.first_turnup])


def _bezique_faces(mask: int) -> list[Card]:
    return [_BEZIQUE_DECK[index] for index in range(len(_BEZIQUE_DECK)) if mask >> index & 1]


def _bezique_hidden(state: Any, seat: int | None) -> HiddenCards:
    """Hidden from a seat (rules README, "Hidden information"; §1.3): the face-down stock and
    the other hand, but not the cards of that hand the seat has seen go into it (the state's
    ``known``: a turn-up taken by exchange, a shown seven, melds picked up for the last stage,
    the last stock card when it is shown). Melds on the table and the turn-up are face up."""
    assert isinstance(state, bezique_state.BeziqueState)
    if not _bezique_in_deal(state):
        return {}
    zones = get_game(_BEZIQUE).card_zones(state)
    hidden = {
        f"hand {other}": _without(zones[f"hand {other}"], _bezique_faces(state.known[other]))
        for other in _seats_hidden_from(seat, _BEZIQUE_SEATS)
    }
    hidden["stock"] = zones["stock"]
    return hidden


def _bezique_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    """A seat's view shows its own hand, both tables of melds, the turn-up and the trick."""
    return (*_own(seat, "hand {seat}"), "table 0", "table 1", "turnup", "trick")


def _bezique_physical(state: bezique_state.BeziqueState) -> dict[str, list[int]]:
    """Each zone's physical cards (deck indexes; the zones list faces)."""

    def bits(mask: int) -> list[int]:
        return [index for index in range(len(_BEZIQUE_DECK)) if mask >> index & 1]

    return {
        "hand 0": bits(state.hands[0]),
        "hand 1": bits(state.hands[1]),
        "table 0": bits(state.tables[0]),
        "table 1": bits(state.tables[1]),
        "stock": list(state.table.stock[state.drawn :]),
        "turnup": [state.turnup] if state.turnup >= 0 else [],
        "trick": list(state.trick),
        "won 0": bits(state.won[0]),
        "won 1": bits(state.won[1]),
    }


def _bezique_with_zones(state: Any, zones: Layout) -> bezique_state.BeziqueState:
    """The state with these zone contents (faces), built with ``_replace``. Zones list faces
    and the deck holds two copies of each: a copy that stays in its zone keeps its identity (one
    with a history, known to the opponent or scored in a meld, before a plain one), and a face
    that moves takes a copy of that face that left its zone."""
    assert isinstance(state, bezique_state.BeziqueState)
    if not _bezique_in_deal(state):
        assert dict(zones) == get_game(_BEZIQUE).card_zones(state)
        return state
    marked = state.known[0] | state.known[1] | state.tables[0] | state.tables[1]
    marked |= state.sevens_scored
    for used in state.uses:
        marked |= used
    cards = copy_assignment(
        _bezique_physical(state),
        zones,
        lambda index: _BEZIQUE_DECK[index],
        _BEZIQUE_ORDERED,
        lambda index: bool(marked >> index & 1),
    )

    def mask(name: str) -> int:
        return sum(1 << index for index in cards[name])

    table = attrs.evolve(
        state.table, stock=(*state.table.stock[: state.drawn], *cards["stock"])
    )
    return state._replace(
        table=table,
        hands=(mask("hand 0"), mask("hand 1")),
        tables=(mask("table 0"), mask("table 1")),
        turnup=cards["turnup"][0] if cards["turnup"] else -1,
        trick=tuple(cards["trick"]),
        won=(mask("won 0"), mask("won 1")),
    )


def _bezique_meld_flows(seat: int, zones: Layout, cards: Sequence[Card]) -> Flows:
    """A meld's cards lie face up on the player's table: each card named comes from the hand or
    is already on the table, at least one from the hand (rules §1.5.3.1); which copies the
    engine takes is its documented choice, so every split the holdings allow is accepted."""
    hand, table = Counter(zones[f"hand {seat}"]), Counter(zones[f"table {seat}"])
    named = Counter(cards)
    faces = sorted(named, key=card_key)
    choices = [
        range(max(0, named[face] - table[face]), min(named[face], hand[face]) + 1)
        for face in faces
    ]
    flows = []
    for counts in itertools.product(*choices):
        if sum(counts) >= 1:
            flows.append([
                Transfer(face, f"hand {seat}", f"table {seat}")
                for face, count in zip(faces, counts, strict=True)
                for _ in range(count)
            ])  # fmt: skip
    return flows


def _bezique_flow(step: Step) -> Flows:
    """Deal: the pack into the layout the move lists. Play: the card to the trick, from the
    player's table of melds if a copy lies there, else from the hand (docs/bezique.md, "Which
    copy a move uses": the table before the hand); the second card sends the trick to its
    winner's pile. Meld: cards from the hand to the table. Exchange: the seven of trumps for the
    turn-up (rules §1.5.4). Draw (rules §1.3): the winner takes the stock's top card and the
    loser the next; when one face-down card is left, the winner takes it, the loser the turn-up,
    and both pick up their tables. Show moves no card."""
    before: bezique_state.BeziqueState = step.before
    move = step.move
    if isinstance(move, Deal):
        return (_deal_transfers(move, _hand_or_field),)
    keyword, cards = _words(move)
    zones = get_game(_BEZIQUE).card_zones(before)
    seat = before.to_act
    other = 1 - seat
    if keyword == "play":
        (card,) = cards
        source = f"table {seat}" if card in zones[f"table {seat}"] else f"hand {seat}"
        transfers = [Transfer(card, source, "trick")]
        if zones["trick"]:
            trick = (*zones["trick"], card)
            rank_order = before.table.options.rank_order
            won = _bezique_trick_winner(trick, _bezique_trump(before), rank_order)
            winner = other if won == 0 else seat
            transfers.extend(Transfer(c, "trick", f"won {winner}") for c in trick)
        return (transfers,)
    if keyword == "meld":
        return _bezique_meld_flows(seat, zones, cards)
    if keyword == "exchange":
        seven, turnup = parse_card(f"7{_bezique_trump(before)}"), zones["turnup"][0]
        return ([Transfer(seven, f"hand {seat}", "turnup"),
                 Transfer(turnup, "turnup", f"hand {seat}")],)  # fmt: skip
    if keyword == "draw":
        stock = zones["stock"]
        if len(stock) >= 2:
            return ([Transfer(stock[0], "stock", f"hand {seat}"),
                     Transfer(stock[1], "stock", f"hand {other}")],)  # fmt: skip
        transfers = [
            Transfer(stock[0], "stock", f"hand {seat}"),
            Transfer(zones["turnup"][0], "turnup", f"hand {other}"),
        ]
        for owner in range(_BEZIQUE_SEATS):
            transfers.extend(Transfer(c, f"table {owner}", f"hand {owner}")
                             for c in zones[f"table {owner}"])  # fmt: skip
        return (transfers,)
    assert keyword == "show", move
    return ([],)


def _bezique_meld_key(cards: Sequence[Card], trump: str) -> tuple[int, tuple[int, ...]]:
    """A meld's place in the meld table's order (docs/bezique.md, "Order of legal_moves"):
    common marriages by suit S H D C, royal marriage, sequence, bezique, double bezique, four
    aces, kings, queens, jacks; quartets with more cards of the earlier suits first."""
    ranks = sorted(rank_token(card) for card in cards)
    suits = [suit_letter(card) for card in cards]
    if ranks == ["K", "Q"] and suits[0] == suits[1]:
        if suits[0] != trump:
            return (0, (CANONICAL_SUITS.index(suits[0]),))
        return (1, ())
    if len(cards) == 5:
        return (2, ())
    if ranks == ["J", "Q"]:
        return (3, ())
    if ranks == ["J", "J", "Q", "Q"]:
        return (4, ())
    assert len(set(ranks)) == 1 and len(cards) == 4, cards
    counts = tuple(-suits.count(suit) for suit in CANONICAL_SUITS)
    return (5 + "AKQJ".index(ranks[0]), counts)


def _bezique_order_key(state: Any, move: Move) -> tuple[Any, ...]:
    """docs/bezique.md, "Order of legal_moves": plays of one face each in canonical order; in
    the winner's window every meld in the meld table's order, then ``exchange``, ``show``,
    ``draw``."""
    keyword, cards = _words(move)
    if keyword == "play":
        return (0, card_key(cards[0]))
    if keyword == "meld":
        return (1, _bezique_meld_key(cards, _bezique_trump(state)))
    return (2, ("exchange", "show", "draw").index(keyword))


def _bezique_meld_texts() -> tuple[str, ...]:
    """Every meld shape under each trump (both bezique pairs included), quartets with repeated
    suits, and card lists that form no meld."""
    suits = "SHDC"
    texts: list[str] = []
    for suit in suits:
        texts.append(f"meld K{suit} Q{suit}")
        texts.append(f"meld A{suit} 10{suit} K{suit} Q{suit} J{suit}")
    for queen, jack in (("QS", "JD"), ("QC", "JH")):
        texts.append(f"meld {queen} {jack}")
        texts.append(f"meld {queen} {queen} {jack} {jack}")
    for rank in ("A", "K", "Q", "J"):
        texts.append("meld " + " ".join(f"{rank}{suit}" for suit in suits))
        texts.append(f"meld {rank}S {rank}S {rank}H {rank}D")
        texts.append(f"meld {rank}C {rank}C {rank}C {rank}C")
    texts.extend(
        (
            "meld 7S 8S",
            "meld 10S 10H 10D 10C",
            "meld QS JS",
            "meld KS QH",
            "meld QS JD JD",
            "meld AS 10S KS QS",
            f"meld {JOKER.text}",
        )
    )
    return tuple(texts)


_BEZIQUE_MELD_TEXTS = _bezique_meld_texts()
_BEZIQUE_OUTSIDE_WINDOW_TEXTS: tuple[str, ...] = (
    "exchange",
    "show",
    "draw",
    *(f"play {card.text}" for card in PIQUET_DECK),
    f"play {JOKER.text}",
    "play 2H",
    *_BEZIQUE_MELD_TEXTS[:2],
)
"""Every Bezique keyword and card, and two melds: outside the trick winner's window every meld
is refused alike (``phase.wrong_move``)."""
_BEZIQUE_TEXTS: tuple[str, ...] = (*_BEZIQUE_OUTSIDE_WINDOW_TEXTS, *_BEZIQUE_MELD_TEXTS[2:])
"""Every Bezique keyword, every card, every meld shape under each trump, and some non-melds."""
_BEZIQUE_SEVENS = ("seven_turnup", "seven_exchange", "seven_show", "seven_play")
_BEZIQUE_FREE_SEVENS = ("seven_turnup", "seven_play")
"""Sevens that never take the trick winner's one declaration, whatever the options."""
_BEZIQUE_DECLARED_REASONS = tuple(f"bezique.{name}" for name in (*_BEZIQUE_MELD_POINTS,
                                                                 *_BEZIQUE_SEVENS))  # fmt: skip
"""The reasons of the awards that `Declaration` records list."""


def _bezique_texts(state: Any) -> tuple[str, ...]:
    if isinstance(state, bezique_state.BeziqueState) and state.phase == bezique_state.Phase.DECLARE:
        return _BEZIQUE_TEXTS
    return _BEZIQUE_OUTSIDE_WINDOW_TEXTS


def _bezique_last_trick_winner(state: bezique_state.BeziqueState) -> int:
    """The winner of the trick last completed at ``state``, by the rules' trick-winner rule."""
    assert state.last_trick is not None
    leader, indexes = state.last_trick
    cards = [_BEZIQUE_DECK[index] for index in indexes]
    won = _bezique_trick_winner(cards, _bezique_trump(state), state.table.options.rank_order)
    return (leader + won) % _BEZIQUE_SEATS


def check_bezique_deal_result(options: Any, result: bezique_state.DealResult) -> None:
    """The numeric invariants of one finished Bezique deal (rules §1.8)."""
    assert result.outcome in ("played", "stopped"), result.outcome
    for award in result.awards:
        assert award.points > 0 and award.points % 10 == 0, award
        assert len(award.seats) == 1 and award.seats[0] in (0, 1), award
        assert award.deal == result.number, award
    for seat in (0, 1):
        credited = sum(award.points for award in result.awards if award.seats == (seat,))
        assert credited == result.points[seat], (seat, result)
        declared = sum(d.points for d in result.declarations if d.seat == seat)
        last = _BEZIQUE_LAST_TRICK if result.last_trick_seat == seat else 0
        assert declared + result.brisques[seat] + last == result.points[seat], (seat, result)
    assert sum(d.points for d in result.declarations) == sum(
        a.points for a in result.awards if a.reason in _BEZIQUE_DECLARED_REASONS
    ), result
    sevens = [d for d in result.declarations if d.name in _BEZIQUE_SEVENS]
    assert len(sevens) <= 2 and sum(d.points for d in sevens) <= 20, sevens
    melds_by_trick: dict[int | None, int] = {}
    declarations_by_trick: dict[int | None, int] = {}
    for declaration in result.declarations:
        assert declaration.points % 10 == 0 and declaration.points > 0, declaration
        if declaration.name in _BEZIQUE_MELD_POINTS:
            assert declaration.points == _BEZIQUE_MELD_POINTS[declaration.name], declaration
            assert declaration.trick is not None
            assert 1 <= declaration.trick <= _BEZIQUE_STAGE_ONE_TRICKS, declaration
            melds_by_trick[declaration.trick] = melds_by_trick.get(declaration.trick, 0) + 1
        else:
            assert declaration.name in _BEZIQUE_SEVENS, declaration
            assert declaration.points == _BEZIQUE_SEVEN, declaration
            assert (declaration.trick is None) == (declaration.name == "seven_turnup")
            if declaration.trick is not None:
                assert 1 <= declaration.trick <= _BEZIQUE_STAGE_ONE_TRICKS, declaration
        if declaration.name not in _BEZIQUE_FREE_SEVENS:
            declarations_by_trick[declaration.trick] = (
                declarations_by_trick.get(declaration.trick, 0) + 1
            )
    assert all(count <= 1 for count in melds_by_trick.values()), result.declarations
    if options.seven_counts_as_meld:
        assert all(count <= 1 for count in declarations_by_trick.values()), result.declarations
    total_brisques = sum(result.brisques)
    assert all(points % 10 == 0 for points in result.brisques), result.brisques
    if result.outcome == "stopped":
        assert options.match_end == "first_to_reach" and options.target is not None
        assert sum(result.tricks) <= _BEZIQUE_TRICKS, result.tricks
        assert total_brisques <= _BEZIQUE_BRISQUES, result.brisques
        return
    assert sum(result.tricks) == _BEZIQUE_TRICKS, result.tricks
    assert total_brisques == _BEZIQUE_BRISQUES, result.brisques
    assert result.last_trick_seat is not None
    # the score events agree: brisque and last-trick awards make 170 (rules §1.6)
    card_awards = sum(
        award.points
        for award in result.awards
        if award.reason in ("bezique.brisques", "bezique.last_trick")
    )
    assert card_awards == _BEZIQUE_BRISQUES + _BEZIQUE_LAST_TRICK == 170, result.awards


def _bezique_holdings(state: bezique_state.BeziqueState) -> list[int]:
    """The cards each seat may play: its hand and its melds on the table."""
    return [(state.hands[seat] | state.tables[seat]).bit_count() for seat in (0, 1)]


def _bezique_step_check(step: Step) -> None:
    before: bezique_state.BeziqueState = step.before
    after: bezique_state.BeziqueState = step.after
    phase = bezique_state.Phase
    stock_left = len(after.table.stock) - after.drawn
    for seat in (0, 1):
        assert after.hands[seat] & after.tables[seat] == 0
        assert after.known[seat] & ~after.hands[seat] == 0, "a known card is not in the hand"
    if before.phase is phase.DEAL_DUE and after.phase is not phase.OVER:
        assert [hand.bit_count() for hand in after.hands] == [8, 8]
        assert len(after.table.stock) == _BEZIQUE_STOCK and after.drawn == 0
        assert after.turnup >= 0 and after.tables == (0, 0) and after.known == (0, 0)
        assert after.to_act == after.leader == 1 - after.table.dealer
    if after.phase in (phase.PLAY, phase.DECLARE):
        # the stock drops by two per trick; 24 tricks in the first stage
        completed = after.tricks
        assert completed <= _BEZIQUE_STAGE_ONE_TRICKS - (after.phase is phase.PLAY)
        draws = completed if after.phase is phase.PLAY else completed - 1
        assert after.drawn == 2 * draws, (after.drawn, completed, after.phase)
        assert stock_left == _BEZIQUE_STOCK - 2 * draws
        assert after.turnup >= 0
        holdings = _bezique_holdings(after)
        if after.phase is phase.DECLARE:
            assert holdings == [7, 7], holdings
            assert after.trick == ()
        else:
            # 8 each before a trick; the leader has one fewer once it has led
            expected = [8, 8]
            if after.trick:
                expected[after.leader] = 7
            assert holdings == expected, (holdings, after.trick)
    if after.phase is phase.LAST_STAGE:
        assert stock_left == 0 and after.turnup == -1 and after.tables == (0, 0)
        assert _BEZIQUE_STAGE_ONE_TRICKS <= after.tricks < _BEZIQUE_TRICKS
        left = _BEZIQUE_TRICKS - after.tricks
        expected = [left, left]
        if after.trick:
            expected[after.leader] -= 1
        assert [hand.bit_count() for hand in after.hands] == expected
        if after.trick:
            # the last stage's legal set: all of the suit led if it holds any
            led_suit = suit_letter(_BEZIQUE_DECK[after.trick[0]])
            suits = [
                suit_letter(move.card)
                for move in parlour.legal_moves(after)
                if isinstance(move, bezique_moves.Play)
            ]
            hand = _bezique_faces(after.hands[after.to_act])
            if any(suit_letter(card) == led_suit for card in hand):
                assert all(suit == led_suit for suit in suits), suits
    if before.phase is phase.DECLARE:
        # declarations (and the draw) only by the trick winner, in the first stage
        assert before.to_act == _bezique_last_trick_winner(before)
        assert 1 <= before.tricks <= _BEZIQUE_STAGE_ONE_TRICKS
    if isinstance(step.move, bezique_moves.Meld):
        assert before.phase is phase.DECLARE and not before.declared
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (phase.DEAL_DUE, phase.OVER) and before.phase is not phase.OVER:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_bezique_deal_result(after.table.options, result)


_BEZIQUE_BRISQUE_RANKS = ("A", "10")


def _bezique_meld_kind(cards: Sequence[Card], trump: str, bezique_cards: str) -> str:
    """The meld the cards make (rules §1.5.1; the bezique pair by ``bezique_cards``, B16)."""
    ranks = sorted(rank_token(card) for card in cards)
    suits = {suit_letter(card) for card in cards}
    pair = ("Q", "S", "J", "D")
    if bezique_cards == "by_trump" and trump in ("S", "D"):
        pair = ("Q", "C", "J", "H")
    queen, jack = parse_card(pair[0] + pair[1]), parse_card(pair[2] + pair[3])
    if len(cards) == 2 and ranks == ["K", "Q"] and len(suits) == 1:
        return "royal_marriage" if suits == {trump} else "common_marriage"
    if sorted(cards, key=card_key) == sorted([queen, jack], key=card_key):
        return "bezique"
    if len(cards) == 4 and sorted(cards, key=card_key) == sorted([queen, queen, jack, jack],
                                                               key=card_key):  # fmt: skip
        return "double_bezique"
    if len(cards) == 5 and suits == {trump} and ranks == sorted(["A", "10", "K", "Q", "J"]):
        return "sequence"
    names = {"A": "four_aces", "K": "four_kings", "Q": "four_queens", "J": "four_jacks"}
    assert len(cards) == 4 and len(set(ranks)) == 1 and ranks[0] in names, cards
    return names[ranks[0]]


def _bezique_trick_winner(cards: Sequence[Card], trump: str, rank_order: str) -> int:
    """The index of the card that wins a Bezique trick (rules §1.1, both stages)."""
    power = _BEZIQUE_POWERS[rank_order]
    return trick_winner(cards, trump, lambda card, _: power[rank_token(card)])


def _bezique_new_awards(before: Any, after: Any) -> tuple[Any, ...]:
    """The awards a move made: the state's list for the deal grows, or the deal's result holds
    the deal's awards once it ends."""
    results = after.table.deals[len(before.table.deals) :]
    if results:
        return tuple(results[0].awards[len(before.awards) :])
    return tuple(after.awards[len(before.awards) :])


def _bezique_check_awards(steps: Sequence[Step]) -> None:
    """Each award goes where the suite reckons from the moves: a meld's points (by the meld
    table, the kind read from its cards) and a shown or exchanged seven to the mover, a seven
    played to its player, brisques to the winner of the tricks holding them (by the rules'
    rank order), the last trick's 10 to its winner, the turned-up seven's bonus to the dealer;
    and at a deal's end each seat's brisques add up to 10 for every ace and ten it took."""
    phase = bezique_state.Phase
    won: list[list[Card]] = [[], []]
    trick: list[tuple[int, Card]] = []
    tricks = 0
    for step in steps:
        before, after = step.before, step.after
        keyword, cards = _words(step.move)
        options = after.table.options
        if isinstance(step.move, Deal):
            won, trick, tricks = [[], []], [], 0
        mover = before.to_act
        trick_winner_seat = None
        if keyword == "play":
            trick.append((mover, cards[0]))
            if len(trick) == _BEZIQUE_SEATS:
                played = [card for _, card in trick]
                index = _bezique_trick_winner(played, _bezique_trump(before), options.rank_order)
                trick_winner_seat = trick[index][0]
                won[trick_winner_seat].extend(played)
                tricks += 1
                trick = []
        for award in _bezique_new_awards(before, after):
            reason = award.reason
            name = reason.removeprefix("bezique.")
            if name in _BEZIQUE_MELD_POINTS:
                assert keyword == "meld" and award.seats == (mover,), (award, step.move)
                kind = _bezique_meld_kind(cards, _bezique_trump(before), options.bezique_cards)
                assert name == kind and award.points == _BEZIQUE_MELD_POINTS[kind], (award, cards)
            elif name in ("seven_show", "seven_exchange"):
                assert keyword == name.removeprefix("seven_") and award.seats == (mover,), award
                assert award.points == _BEZIQUE_SEVEN, award
            elif name == "seven_play":
                assert before.phase is phase.PLAY and keyword == "play", (award, step.move)
                card = cards[0]
                assert rank_token(card) == "7" and suit_letter(card) == _bezique_trump(before)
                assert award.seats == (mover,) and award.points == _BEZIQUE_SEVEN, award
            elif name == "seven_turnup":
                assert isinstance(step.move, Deal) and award.seats == (before.table.dealer,)
                assert award.points == options.turnup_seven_bonus > 0, award
                assert rank_token(dict(step.move.fields)["turnup"][0][0]) == "7"
            elif name == "last_trick":
                assert trick_winner_seat is not None and tricks == options.last_trick, award
                assert award.seats == (trick_winner_seat,) and award.points == 10, award
            else:
                assert name == "brisques", award
                if options.brisque_timing == "immediate":
                    assert trick_winner_seat is not None and award.seats == (trick_winner_seat,)
                    taken = won[trick_winner_seat][-_BEZIQUE_SEATS:]
                    count = sum(rank_token(card) in _BEZIQUE_BRISQUE_RANKS for card in taken)
                    assert award.points == 10 * count, (award, taken)
        for result in after.table.deals[len(before.table.deals) :]:
            brisques = [0, 0]
            for award in result.awards:
                if award.reason == "bezique.brisques":
                    brisques[award.seats[0]] += award.points
            counted = [10 * sum(rank_token(card) in _BEZIQUE_BRISQUE_RANKS for card in cards)
                       for cards in won]  # fmt: skip
            if result.outcome == "played":
                assert brisques == counted, (brisques, counted)
            else:
                assert all(got <= most for got, most in zip(brisques, counted, strict=True))


def _bezique_check_known(steps: Sequence[Step]) -> None:
    """What each hand is publicly known to hold (the views' ``known``), reckoned from the moves
    (rules §1.3-§1.5): a seven of trumps shown or a turn-up taken by exchange becomes known in
    the mover's hand; at the last stage every card that lay melded on a player's table is
    known in his hand, and so are the turn-up the loser of trick 24 takes and, with
    ``reveal_last_stock_card``, the last stock card its winner takes; a known card stays known
    until it leaves the hand."""
    phase = bezique_state.Phase
    for step in steps:
        before, after = step.before, step.after
        if not (_bezique_in_deal(before) and _bezique_in_deal(after)):
            continue
        keyword, cards = _words(step.move)
        seen_before, seen_after = parlour.view(before, None), parlour.view(after, None)
        mover = before.to_act
        trump = _bezique_trump(before)
        seven = parse_card(f"7{trump}")
        for seat in range(_BEZIQUE_SEATS):
            was, now = Counter(seen_before.known[seat]), Counter(seen_after.known[seat])
            left = Counter(cards) if seat == mover and keyword in ("play", "meld") else Counter()
            if seat == mover and keyword == "exchange":
                left = Counter([seven])
            assert not (was - left) - now, (step.move, seat, was, now)  # known stays known
            if seat == mover and keyword == "show":
                assert now[seven] == was[seven] + 1, (now, was)
            if seat == mover and keyword == "exchange":
                assert now[seen_before.turnup] >= was[seen_before.turnup] + 1, (now, was)
            if before.phase is not phase.LAST_STAGE and after.phase is phase.LAST_STAGE:
                expected = Counter(placed.card for placed in seen_before.tables[seat])
                if seat != mover:
                    expected[seen_before.turnup] += 1
                assert not expected - now, (seat, expected, now)
                if seat == mover and after.table.options.reveal_last_stock_card:
                    drawn = Counter(parlour.view(after, seat).hand) - Counter(
                        parlour.view(before, seat).hand
                    ) - Counter(placed.card for placed in seen_before.tables[seat])
                    assert not drawn - now, (drawn, now)


def _bezique_playout_check(steps: Sequence[Step]) -> None:
    """Every complete deal has 24 first-stage tricks (48 plays, 24 draws) and 8 last-stage
    tricks (16 plays); a deal cut short has fewer. Every award goes where the suite reckons,
    and each hand's known cards are those the moves made known."""
    _bezique_check_awards(steps)
    _bezique_check_known(steps)
    check_meld_history(steps)
    phase = bezique_state.Phase
    first_stage = last_stage = draws = 0
    for step in steps:
        before: bezique_state.BeziqueState = step.before
        if isinstance(step.move, bezique_moves.Play):
            if before.phase is phase.PLAY:
                first_stage += 1
            else:
                last_stage += 1
        elif isinstance(step.move, bezique_moves.Draw):
            draws += 1
        for result in step.after.table.deals[len(before.table.deals) :]:
            counts = (first_stage, last_stage, draws)
            if result.outcome == "played":
                assert counts == (48, 16, 24), counts
            else:
                assert first_stage <= 48 and last_stage <= 16 and draws <= 24, counts
            first_stage = last_stage = draws = 0


def _bezique_deals_finished(state: Any) -> int:
    assert isinstance(state, bezique_state.BeziqueState)
    return len(state.table.deals)


# --- the duties of play: the suite's own model, from the rules ---------------------------------
#
# Which cards the seat to act may play, decided here from the rules' text (belote.md §3.4,
# ecarte.md §2.4, bezique.md §1.4) with the rank orders above: never from the engine's
# obligation records or its evaluator, so that a duty dropped from the engine's data shows as a
# legal set that differs from this one.


def _cards_above(
    cards: Sequence[Card], suit: str, power: Callable[[Card], int], floor: int
) -> list[Card]:
    """The cards of ``suit`` among ``cards`` that rank above ``floor``."""
    return [card for card in cards if suit_letter(card) == suit and power(card) > floor]


def _follow_and_beat(
    hand: Sequence[Card], led: Card, trump: str, power: Callable[[Card], int], void_trumps: bool
) -> frozenset[Card]:
    """The follower's duty of Écarté (§2.4) and of Bezique's last stage (§1.4): follow suit and
    beat the card led with a higher card of its suit if able, else any card of that suit; void,
    a trump if ``void_trumps`` and one is held, else any card."""
    suit = suit_letter(led)
    same = [card for card in hand if suit_letter(card) == suit]
    if same:
        return frozenset(_cards_above(same, suit, power, power(led)) or same)
    trumps = [card for card in hand if suit_letter(card) == trump]
    if void_trumps and trumps:
        return frozenset(trumps)
    return frozenset(hand)


def _belote_legal_plays(state: Any) -> frozenset[Card] | None:
    """Belote §3.4, clause by clause (``None`` outside the play)."""
    assert isinstance(state, BeloteState)
    if state.phase != Phase.PLAY:
        return None
    zones = get_game(_BELOTE).card_zones(state)
    seat = state.to_act
    trick = zones["trick"]
    trump = _belote_trump(state)
    partner_winning = False
    if trick:
        leader = (seat - len(trick)) % _BELOTE_SEATS
        winner = (leader + _belote_trick_winner(trump, trick)) % _BELOTE_SEATS
        partner_winning = winner == (seat + 2) % _BELOTE_SEATS
    return belote_family_plays(
        zones[f"hand {seat}"], trick, trump, lambda card: _BELOTE_TRUMP_POWER[rank_token(card)],
        partner_winning, partner_free=state.table.options.partner_winning == "free",
        must_undertrump=True,
    )  # fmt: skip


def _ecarte_legal_plays(state: Any) -> frozenset[Card] | None:
    """Écarté §2.4 (``None`` when no card may be played)."""
    assert isinstance(state, ecarte_state.EcarteState)
    if state.phase not in (ecarte_state.Phase.PLAY, ecarte_state.Phase.DECIDE):
        return None
    zones = get_game(_ECARTE).card_zones(state)
    hand = zones[f"hand {state.to_act}"]
    trick = zones["trick"]
    if not trick:  # the leader is free
        return frozenset(hand)
    return _follow_and_beat(
        hand, trick[0], _ecarte_trump(zones), lambda card: _ECARTE_POWER[rank_token(card)],
        void_trumps=state.table.options.must_trump_when_void,
    )  # fmt: skip


def _bezique_legal_plays(state: Any) -> frozenset[Card] | None:
    """Bezique §1.4: the first stage free (a card of the hand or of one's melds on the table),
    the last stage's follower bound to follow, beat and trump (``None`` in the winner's window
    and between deals)."""
    assert isinstance(state, bezique_state.BeziqueState)
    if state.phase not in (bezique_state.Phase.PLAY, bezique_state.Phase.LAST_STAGE):
        return None
    zones = get_game(_BEZIQUE).card_zones(state)
    seat = state.to_act
    held = [*zones[f"hand {seat}"], *zones.get(f"table {seat}", ())]
    trick = zones["trick"]
    if state.phase == bezique_state.Phase.PLAY or not trick:
        return frozenset(held)
    power = _BEZIQUE_POWERS[state.table.options.rank_order]
    return _follow_and_beat(
        held, trick[0], _bezique_trump(state), lambda card: power[rank_token(card)],
        void_trumps=True,
    )  # fmt: skip


# --- the registry of hooks -----------------------------------------------------------------------

HOOKS: dict[str, GameHooks] = {
    "burraco": GameHooks(
        presets=option_presets("burraco"),
        fixed_seeds=LONG_MATCH_SEEDS,
        base_options={"target": None},
        playout_moves=120,
        candidate_texts=burraco_texts,
        moves_to_apply=burraco_moves_to_apply,
        hidden=burraco_hidden,
        ordered_zones=frozenset({"stock"}),
        shown=burraco_shown,
        with_zones=burraco_with_zones,
        flow=burraco_flow,
        order_key=burraco_order_key,
        step_check=burraco_step_check,
        playout_check=burraco_playout_check,
        deals_finished=burraco_deals_finished,
    ),
    "belote": GameHooks(
        presets=option_presets("belote"),
        fixed_seeds=LONG_MATCH_SEEDS,
        playout_moves=80,
        candidate_texts=_belote_texts,
        hidden=_belote_hidden,
        ordered_zones=frozenset({"stock", "trick"}),
        shown=_belote_shown,
        with_zones=_belote_with_zones,
        flow=_belote_flow,
        order_key=_belote_order_key,
        legal_plays=_belote_legal_plays,
        step_check=_belote_step_check,
        playout_check=_belote_playout_check,
        deals_finished=_belote_deals_finished,
    ),
    "bezique": GameHooks(
        presets=option_presets("bezique"),
        fixed_seeds=LONG_MATCH_SEEDS,
        playout_moves=110,
        candidate_texts=_bezique_texts,
        hidden=_bezique_hidden,
        ordered_zones=_BEZIQUE_ORDERED,
        shown=_bezique_shown,
        with_zones=_bezique_with_zones,
        flow=_bezique_flow,
        order_key=_bezique_order_key,
        legal_plays=_bezique_legal_plays,
        step_check=_bezique_step_check,
        playout_check=_bezique_playout_check,
        deals_finished=_bezique_deals_finished,
    ),
    "coinche": GameHooks(
        presets=option_presets("coinche"),
        fixed_seeds=LONG_MATCH_SEEDS,
        base_options={"target": 500},
        playout_moves=80,
        candidate_texts=coinche_texts,
        hidden=coinche_hidden,
        ordered_zones=frozenset({"trick"}),
        shown=coinche_shown,
        with_zones=coinche_with_zones,
        flow=coinche_flow,
        order_key=coinche_order_key,
        legal_plays=coinche_legal_plays,
        step_check=coinche_step_check,
        playout_check=coinche_playout_check,
        deals_finished=coinche_deals_finished,
    ),
    "ecarte": GameHooks(
        presets=option_presets("ecarte"),
        fixed_seeds=FIXED_SEEDS,
        playout_moves=60,
        candidate_texts=_ecarte_texts,
        hidden=_ecarte_hidden,
        ordered_zones=frozenset({"talon", "trick"}),
        shown=_ecarte_shown,
        with_zones=_ecarte_with_zones,
        flow=_ecarte_flow,
        order_key=_ecarte_order_key,
        legal_plays=_ecarte_legal_plays,
        step_check=_ecarte_step_check,
        playout_check=_ecarte_playout_check,
        deals_finished=_ecarte_deals_finished,
    ),
    "toy": GameHooks(
        presets=option_presets("toy"),
        fixed_seeds=FIXED_SEEDS,
        playout_moves=30,
        candidate_texts=toy_hooks.toy_texts,
        hidden=toy_hooks.toy_hidden,
        shown=toy_hooks.toy_shown,
        with_zones=toy_hooks.toy_with_zones,
        flow=toy_hooks.toy_flow,
        order_key=toy_hooks.toy_order_key,
        step_check=toy_hooks.toy_step_check,
        playout_check=toy_hooks.toy_playout_check,
        deals_finished=toy_hooks.toy_deals_finished,
    ),
}


def hooks_for(game_name: str) -> GameHooks:
    """The hooks of a registered game; a clear failure if it has none yet."""
    try:
        return HOOKS[game_name]
    except KeyError:
        raise AssertionError(
            f"the game {game_name!r} has no conformance hooks: add its hidden zones, card flows, "
            f"move order, per-deal invariants and presets to tests/conformance/games.py"
        ) from None
