"""Burraco's conformance hooks, written from the rules (``rules/burraco.md``): what each seat
may not see, how every move moves the cards, the documented order of the legal moves, and the
invariants of §4.11 with their numbers as literals.

The hooks read the state's own fields (hands, melds, the stock, who took which pozzetto) but
never the engine's views, meld engine or scoring to decide what to expect: melds are read here
with this module's own reading of the rules' notation (Settled point 5).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

import parlour
from parlour.base import Card
from parlour.burraco import Add, BurracoState, Discard, Draw, Meld, PickUp
from parlour.burraco._faces import FACE_OF, cards_of, pack
from parlour.engine import (
    Deal,
    Move,
    get_game,
)
from tests.conformance.zones import HiddenCards, Layout, Transfer, card_key, rank_token, suit_letter
from tests.strategies import Step

__all__ = [
    "Known",
    "burraco_deals_finished",
    "burraco_flow",
    "burraco_hidden",
    "burraco_moves_to_apply",
    "burraco_order_key",
    "burraco_playout_check",
    "burraco_shown",
    "burraco_step_check",
    "burraco_texts",
    "burraco_with_zones",
    "known_after",
]

_GAME = "burraco"
_CARD_VALUE = {"JK": 30, "2": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10,
               "8": 10, "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}  # fmt: skip
"""Card values, rules §4.1: joker 30, 2 → 20, A 15, K … 8 → 10, 7 … 3 → 5."""
_DECK_VALUE = 1080
"""The total value of the 108 cards: 4×30 + 8×20 + 8×15 + 48×10 + 40×5 (rules §4.1)."""
_STOCK_FLOOR = 2
"""The stock never drops below two cards (rules §4.8, §4.11)."""
_POZZETTO = 11
"""Cards in a pozzetto (rules §4.2)."""
_BURRACO = 7
"""A burraco is a meld of seven cards or more (rules §4.4)."""
_WILD_ORDER = ("2S", "2H", "2D", "2C", "JK")
"""The wild faces in canonical card order."""
_POSITIONS = {"A": 1, **{str(rank): rank for rank in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
"""A rank's place in a sequence (the ace also stands at 14, after the king)."""


def _in_hand_play(state: Any) -> bool:
    return isinstance(state, BurracoState) and state.phase.value in ("draw", "play")


def _team(state: BurracoState, seat: int) -> int:
    """Partners sit opposite with four players (seats 0 and 2 against 1 and 3); with two each
    player is his own side (rules §4.2, §4.12)."""
    return seat % 2 if parlour.players(state) == 4 else seat


def _is_wild_capable(card: Card) -> bool:
    return card.text == "JK" or rank_token(card) == "2"


def _value(cards: Sequence[Card]) -> int:
    return sum(_CARD_VALUE[card.text if card.text == "JK" else rank_token(card)] for card in cards)


# --- reading melds (Settled point 5), independently of the engine -------------------------------


@attrs.frozen
class Reading:
    """A meld as the rules read it: a set, or a sequence from ``low`` (1 = ace low) with the
    card acting as wild at ``wild_position`` (0: none)."""

    is_set: bool
    suit: str
    low: int
    wild_position: int
    wild_cards: int


def _natural_at(card: Card, suit: str, position: int) -> bool:
    if card.text == "JK" or suit_letter(card) != suit:
        return False
    rank = rank_token(card)
    return _POSITIONS[rank] == position or (rank == "A" and position == 14)


def read(cards: Sequence[Card]) -> Reading:
    """How the rules read a meld's cards: a set when every card that is not a 2 or a joker has
    one rank; else the sequence, low to high, with the fewest cards acting as wild."""
    naturals = [card for card in cards if not _is_wild_capable(card)]
    ranks = {rank_token(card) for card in naturals}
    if len(ranks) == 1 and len(naturals) >= 2:
        return Reading(is_set=True, suit="", low=0, wild_position=0,
                       wild_cards=len(cards) - len(naturals))  # fmt: skip
    suits = [suit_letter(card) for card in cards if card.text != "JK"]
    best: Reading | None = None
    for suit in dict.fromkeys(suits):
        for low in range(1, 16 - len(cards)):
            odd = [i for i, card in enumerate(cards) if not _natural_at(card, suit, low + i)]
            if all(_is_wild_capable(cards[i]) for i in odd):
                reading = Reading(is_set=False, suit=suit, low=low,
                                  wild_position=low + odd[0] if odd else 0,
                                  wild_cards=len(odd))  # fmt: skip
                if best is None or reading.wild_cards < best.wild_cards:
                    best = reading
    assert best is not None, f"{[card.text for card in cards]} reads as no meld"
    return best


# --- hidden and shown ---------------------------------------------------------------------------


def _not_known(cards: Sequence[Card], state: BurracoState, seat: int) -> tuple[Card, ...]:
    """A hand's cards less those everybody saw it take with the (open) discard pile and has not
    laid down or discarded since (the state's public record ``known``)."""
    known = Counter(cards_of(state.known[seat])) if state.known else Counter()
    unseen = []
    for card in cards:
        if known[card]:
            known[card] -= 1
        else:
            unseen.append(card)
    return tuple(unseen)


def burraco_hidden(state: Any, seat: int | None) -> HiddenCards:
    """Hidden from a seat (rules README, "Hidden information"; §4.6): every other hand (the
    partner's too) but the cards everybody saw it take with the discard pile, its own hand
    while it is a pozzetto taken on the discard that it has not yet looked at, the stock, and
    the pozzetti not yet taken. The discard pile and the melds are open."""
    if not _in_hand_play(state):
        return {}
    zones = get_game(_GAME).card_zones(state)
    hidden = {name: cards for name, cards in zones.items()
              if name.startswith("pozzetto") and cards}  # fmt: skip
    hidden["stock"] = zones["stock"]
    for other in range(parlour.players(state)):
        if other != seat or state.unseen >> other & 1:
            hidden[f"hand {other}"] = _not_known(zones[f"hand {other}"], state, other)
    return hidden


def burraco_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    """A seat's view shows its own hand (unless it is an unseen pozzetto) and the discard pile."""
    if seat is None or not _in_hand_play(state) or state.unseen >> seat & 1:
        return ("discard",)
    return (f"hand {seat}", "discard")


def burraco_with_zones(state: Any, zones: Layout) -> Any:
    """The state with these hands, discard pile, stock and untaken pozzetti (melds as they are),
    built with ``attrs.evolve`` so its cached legal moves are computed afresh."""
    if not _in_hand_play(state):
        return state
    assert isinstance(state, BurracoState)
    taken = sum(1 for index in state.pozzetto_of_team if index >= 0)
    pozzetti = list(state.pozzetti)
    for index in range(taken, len(pozzetti)):
        pozzetti[index] = tuple(sorted(FACE_OF[card] for card in zones[f"pozzetto {index + 1}"]))
    return attrs.evolve(
        state,
        hands=tuple(pack(FACE_OF[card] for card in zones[f"hand {seat}"])
                    for seat in range(parlour.players(state))),
        discard=tuple(FACE_OF[card] for card in zones["discard"]),
        stock=(*state.stock[: state.drawn], *(FACE_OF[card] for card in zones["stock"])),
        pozzetti=tuple(pozzetti),
    )  # fmt: skip


# --- card flows ---------------------------------------------------------------------------------


def _deal_zone(name: str, index: int) -> str:
    if name == "hands":
        return f"hand {index}"
    if name == "pozzetti":
        return f"pozzetto {index + 1}"
    return name


def _next_pozzetto(zones: Layout) -> str:
    """The pozzetto taken next: the top one first (rules §4.6, Settled point 4)."""
    return "pozzetto 1" if zones["pozzetto 1"] else "pozzetto 2"


def burraco_flow(step: Step) -> Sequence[Sequence[Transfer]]:
    """Deal: the pack into the layout the move lists. Draw: the stock's top card to the hand.
    Pickup: the whole discard pile to the hand. Meld and add: the cards from the hand to the
    team's melds, then, if the hand is empty, the next pozzetto into it (taken directly).
    Discard: the card to the top of the pile, then, if the hand is empty and the team has not
    had its pozzetto, the next pozzetto into the hand (taken on the discard)."""
    before: BurracoState = step.before
    move = step.move
    if isinstance(move, Deal):
        return ([Transfer(card, "pack", _deal_zone(name, index))
                 for name, groups in move.fields
                 for index, group in enumerate(groups) for card in group],)  # fmt: skip
    zones = get_game(_GAME).card_zones(before)
    seat = before.to_act
    hand = f"hand {seat}"
    if isinstance(move, Draw):
        return ([Transfer(zones["stock"][0], "stock", hand)],)
    if isinstance(move, PickUp):
        return ([Transfer(card, "discard", hand) for card in zones["discard"]],)
    team = _team(before, seat)
    cards: Sequence[Card]
    if isinstance(move, (Meld, Add)):
        cards = move.cards
        transfers = [Transfer(card, hand, f"melds {team}") for card in cards]
    else:
        assert isinstance(move, Discard), move
        cards = (move.card,)
        transfers = [Transfer(move.card, hand, "discard")]
    emptied = len(cards) == len(zones[hand])
    no_pozzetto = before.pozzetto_of_team[team] < 0
    if emptied and no_pozzetto:
        pozzetto = _next_pozzetto(zones)
        transfers.extend(Transfer(card, pozzetto, hand) for card in zones[pozzetto])
    return (transfers,)


# --- the order of legal moves (docs/burraco.md, "Order of legal_moves") -----------------------


def _wild_index(cards: Sequence[Card], reading: Reading) -> int:
    """0 for a clean meld, else 1 + the place of its wild face in S H D C order, joker last."""
    if reading.is_set:
        wilds = [card.text for card in cards if _is_wild_capable(card)]
    else:
        wilds = [cards[reading.wild_position - reading.low].text] if reading.wild_position else []
    return 1 + _WILD_ORDER.index(wilds[0]) if wilds else 0


def _set_key(naturals: Sequence[Card], wild: int) -> tuple[Any, ...]:
    return (len(naturals), tuple(sorted(card_key(card)[0] for card in naturals)), wild)


def _sequence_key(cards: Sequence[Card], reading: Reading) -> tuple[Any, ...]:
    return (reading.low, len(cards), reading.wild_position != 0, reading.wild_position,
            _wild_index(cards, reading))  # fmt: skip


def burraco_order_key(state: Any, move: Move) -> tuple[Any, ...]:
    """``draw`` then ``pickup``; in play the melds (sets by rank 3 … K, A, then by their natural
    cards, fewer first and in suit order, clean before each wild face; then sequences by suit,
    low end, length, clean first, the wild's place and face), then the adds by meld number (onto
    a set: by the natural cards added, then no wild before each wild face; onto a sequence: by
    the resulting meld as for a new one), then the discards in canonical card order."""
    if isinstance(move, Draw):
        return (0,)
    if isinstance(move, PickUp):
        return (1,)
    if isinstance(move, Discard):
        return (5, card_key(move.card))
    if isinstance(move, Meld):
        cards = move.cards
        reading = read(cards)
        if reading.is_set:
            naturals = [card for card in cards if not _is_wild_capable(card)]
            rank = _POSITIONS[rank_token(naturals[0])]
            return (2, 14 if rank == 1 else rank, *_set_key(naturals, _wild_index(cards, reading)))
        return (3, "SHDC".index(reading.suit), *_sequence_key(cards, reading))
    assert isinstance(move, Add), move
    after = parlour.apply(state, move)
    assert isinstance(after, BurracoState)
    result = after.melds[_team(state, state.to_act)][move.number - 1].cards
    reading = read(result)
    if reading.is_set:
        naturals = [card for card in move.cards if not _is_wild_capable(card)]
        wild = next((1 + _WILD_ORDER.index(c.text) for c in move.cards if _is_wild_capable(c)), 0)
        return (4, move.number, 0, *_set_key(naturals, wild))
    return (4, move.number, 1, *_sequence_key(result, reading))


# --- sampling and candidates --------------------------------------------------------------------


def burraco_moves_to_apply(state: Any, moves: Sequence[Move], rng: random.Random) -> Sequence[Move]:
    """Every move when there are few; else the discards, the first and last move and a random
    dozen of the others (a play-phase state may offer a hundred melds and adds)."""
    if len(moves) <= 16:
        return moves
    chosen = {0, len(moves) - 1, *rng.sample(range(len(moves)), 12)}
    chosen.update(index for index, move in enumerate(moves) if isinstance(move, Discard))
    return [moves[index] for index in sorted(chosen)]


_TEXTS: tuple[str, ...] = (
    "draw", "pickup",
    *(f"discard {card.text}" for card in get_game(_GAME).deck[:52]), "discard JK",
    "meld 3H 4H 5H", "meld KS KH KD", "meld JK 2S 3S", "meld 5H 4H 3H", "meld 2S 2H 2D",
    "meld QH KH AH", "meld AH 2H 3H", "meld 7C 8C JK 10C", "add 1 5H", "add 2 KC",
    "add 1 JK", "add 9 5H", "play 7S", "discard 1S",
)  # fmt: skip
"""Every discard, the draws, and melds and adds of every shape (some never legal)."""


def burraco_texts(state: Any) -> tuple[str, ...]:
    return _TEXTS


# --- invariants (rules §4.11) --------------------------------------------------------------------


def _cards_acting_wild(cards: Sequence[Card]) -> int:
    return read(cards).wild_cards


def burraco_step_check(step: Step) -> None:
    """After every move: the stock never below two; every meld of at least three cards with at
    most one card acting as wild, a set of at most nine; melds never shrink nor leave the
    table; each team takes at most one pozzetto; the cards in play are worth 1080; a turn that
    does not end the hand leaves the discard pile non-empty; and each finished hand's score
    follows §4.9 item by item."""
    before, after = step.before, step.after
    if _in_hand_play(after):
        assert isinstance(after, BurracoState)
        zones = get_game(_GAME).card_zones(after)
        assert len(zones["stock"]) >= _STOCK_FLOOR, len(zones["stock"])
        assert _value([card for cards in zones.values() for card in cards]) == _DECK_VALUE
        assert len([index for index in after.pozzetto_of_team if index >= 0]) <= 2
        for melds in after.melds:
            for meld in melds:
                assert len(meld.cards) >= 3, meld
                assert _cards_acting_wild(meld.cards) <= 1, meld
                assert not read(meld.cards).is_set or len(meld.cards) <= 9, meld
        if after.phase.value == "draw" and isinstance(step.move, Discard):
            assert zones["discard"], "a turn that does not end the hand left no discard"
        if _in_hand_play(before):
            assert isinstance(before, BurracoState)
            _check_meld_owner(before, after, step.move)
            for old, new in zip(before.melds, after.melds, strict=True):
                assert len(new) >= len(old)
                for was, now in zip(old, new, strict=False):
                    assert not Counter(was.cards) - Counter(now.cards), (was, now)
            for had, has in zip(before.pozzetto_of_team, after.pozzetto_of_team, strict=True):
                assert had < 0 or had == has, "a team's pozzetto changed"
    new_results = after.table.results[len(before.table.results) :]
    for result in new_results:
        _check_hand_result(before, step.move, result)


def _check_meld_owner(before: BurracoState, after: BurracoState, move: Move) -> None:
    """A meld or an add lays its cards on the table of the mover's own side (partners opposite
    with four players, each player alone with two: rules §4.2) and nowhere else: a meld opens
    one new meld of exactly its cards, an add puts exactly its cards into one existing meld;
    any other move leaves every table as it was."""
    mover_team = _team(before, before.to_act)
    for team, (old, new) in enumerate(zip(before.melds, after.melds, strict=True)):
        old_cards = [Counter(meld.cards) for meld in old]
        new_cards = [Counter(meld.cards) for meld in new]
        if team != mover_team or not isinstance(move, (Meld, Add)):
            assert new_cards == old_cards, (team, move, "a table changed that the move is not on")
        elif isinstance(move, Meld):
            assert new_cards[: len(old_cards)] == old_cards and len(new) == len(old) + 1, move
            assert new_cards[-1] == Counter(move.cards), (move, new[-1])
        else:
            assert len(new) == len(old), move
            pairs = enumerate(zip(old_cards, new_cards, strict=True))
            grown = [index for index, (was, now) in pairs if was != now]
            assert len(grown) == 1, (move, grown)
            assert new_cards[grown[0]] - old_cards[grown[0]] == Counter(move.cards), move
            assert not old_cards[grown[0]] - new_cards[grown[0]], move


def _team_seats(state: BurracoState, team: int) -> tuple[int, ...]:
    return tuple(seat for seat in range(parlour.players(state)) if _team(state, seat) == team)


def _check_awards(result: Any, expected: dict[int, dict[str, int]], state: BurracoState) -> None:
    """Every score item of a hand goes to the seats of the side whose item it is (the side the
    suite reckons, not the engine's ``TeamScore.team``), with the points the suite reckons, one
    event per item that is not zero, and nothing else (rules §4.9)."""
    wanted = sorted(
        (_team_seats(state, team), reason, points)
        for team, items in expected.items()
        for reason, points in items.items()
        if points
    )
    got = sorted((award.seats, award.reason, award.points) for award in result.awards)
    assert got == wanted, (got, wanted)
    assert [score.seats for score in result.teams] == [
        _team_seats(state, score.team) for score in result.teams
    ]


def _check_hand_result(before: BurracoState, move: Move, result: Any) -> None:
    """A finished hand's score (rules §4.9): each team's melded cards, 200 per clean and 100 per
    dirty burraco, 100 for closing, less its cards in hand and 100 without a pozzetto."""
    assert result.ended_by in ("closing", "stock", "stalemate"), result.ended_by
    assert isinstance(move, Discard), "a hand ends with a discard"
    seat = before.to_act
    closer = _team(before, seat)
    if result.ended_by == "closing":
        assert result.closed_by == closer
        assert before.hand_sizes[seat] == 1 and before.pozzetto_of_team[closer] >= 0
        assert not _is_wild_capable(move.card), "closed on a wild card"
        assert any(len(meld.cards) >= _BURRACO for meld in before.melds[closer])
    else:
        assert result.closed_by is None
    zones = get_game(_GAME).card_zones(before)
    held = {other: list(zones[f"hand {other}"]) for other in range(parlour.players(before))}
    held[seat].remove(move.card)
    if not held[seat] and before.pozzetto_of_team[closer] < 0:
        held[seat] = list(zones[_next_pozzetto(zones)])  # taken on the discard, unseen: in hand
    expected: dict[int, dict[str, int]] = {}
    for team in range(len(before.melds)):
        melds = before.melds[team]
        seats = [other for other in held if _team(before, other) == team]
        took = before.pozzetto_of_team[team] >= 0 or (
            team == closer and len(zones[f"hand {seat}"]) == 1
        )
        burracos = [meld.cards for meld in melds if len(meld.cards) >= _BURRACO]
        dirty = sum(1 for cards in burracos if _cards_acting_wild(cards))
        expected[team] = {
            "burraco.melded_cards": sum(_value(meld.cards) for meld in melds),
            "burraco.burraco_bonus": 200 * (len(burracos) - dirty) + 100 * dirty,
            "burraco.closing": 100 if result.ended_by == "closing" and team == closer else 0,
            "burraco.cards_in_hand": -sum(_value(held[other]) for other in seats),
            "burraco.no_pozzetto": 0 if took else -100,
        }
    _check_awards(result, expected, before)
    for team_score in result.teams:
        melds = before.melds[team_score.team]
        seats = [other for other in held if _team(before, other) == team_score.team]
        assert team_score.in_hand == sum(_value(held[other]) for other in seats)
        took = before.pozzetto_of_team[team_score.team] >= 0 or (
            team_score.team == closer and len(zones[f"hand {seat}"]) == 1
        )
        assert team_score.pozzetto_penalty == (0 if took else 100)
        burracos = [meld.cards for meld in melds if len(meld.cards) >= _BURRACO]
        dirty = sum(1 for cards in burracos if _cards_acting_wild(cards))
        clean = len(burracos) - dirty
        assert (team_score.clean_burracos, team_score.dirty_burracos) == (clean, dirty)
        assert team_score.burraco_bonus == 200 * clean + 100 * dirty
        assert team_score.melded == sum(_value(meld.cards) for meld in melds)
        assert team_score.closing == (100 if result.closed_by == team_score.team else 0)
        assert team_score.total == (team_score.melded + team_score.burraco_bonus
                                    + team_score.closing - team_score.in_hand
                                    - team_score.pozzetto_penalty)  # fmt: skip


Known = list[Counter[Card]]
"""Per seat, the cards everybody knows to be in its hand."""


def known_after(known: Known, before: Any, move: Move) -> Known:
    """The cards known to be in each hand after ``move`` from ``before``, reckoned from the
    moves alone (rules §4.6): a deal knows nothing; a pickup makes the whole open discard pile
    known in the mover's hand; a card laid down or discarded leaves the known cards once per
    copy laid (a face, whichever copy it was)."""
    if isinstance(move, Deal):
        return [Counter() for _ in range(parlour.players(before))]
    seat = before.to_act
    after = [Counter(cards) for cards in known]
    if isinstance(move, PickUp):
        after[seat].update(get_game(_GAME).card_zones(before)["discard"])
    laid: Sequence[Card] = ()
    if isinstance(move, (Meld, Add)):
        laid = move.cards
    elif isinstance(move, Discard):
        laid = (move.card,)
    for card in laid:
        if after[seat][card]:
            after[seat][card] -= 1
    return [+cards for cards in after]


def burraco_playout_check(steps: Sequence[Step]) -> None:
    """The public record of every view (``known_cards``, the same for every seat and for a
    spectator) is the suite's own reckoning from the moves (`known_after`), after every move."""
    known: Known = []
    for step in steps:
        known = known_after(known, step.before, step.move)
        if not _in_hand_play(step.after):
            continue
        for seat in (*range(parlour.players(step.after)), None):
            shown = parlour.view(step.after, seat).known_cards
            assert [Counter(cards) for cards in shown] == known, (step.move, seat, shown, known)


def burraco_deals_finished(state: Any) -> int:
    assert isinstance(state, BurracoState)
    return len(state.table.results)
