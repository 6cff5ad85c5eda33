"""Zone helpers of the conformance suite: card flows, swaps of hidden cards, the canonical card
order, and the trick-winner rule, all written from the rules, never from the engine's tables.

A *layout* is what `Game.card_zones` reports: zone name → the cards in it (a stock or a talon
top first). Everything here works on layouts and plain `Card` values, so it serves every game;
the per-game hooks in ``games.py`` say which zones are hidden, how a state is rebuilt with other
zone contents, and which cards each move sends where.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import parlour
from parlour.base import Card

__all__ = [
    "CANONICAL_RANKS",
    "CANONICAL_SUITS",
    "HiddenCards",
    "Layout",
    "Transfer",
    "belote_family_plays",
    "between_deals",
    "card_key",
    "copy_assignment",
    "gather_into",
    "hidden_slots",
    "layout_after",
    "players",
    "random_hidden_swap",
    "random_visible_swap",
    "rank_token",
    "suit_letter",
    "swap",
    "trick_winner",
    "unexplained_changes",
]

Layout = Mapping[str, tuple[Card, ...]]
"""Zone name → its cards, as `Game.card_zones` reports them."""
HiddenCards = Mapping[str, tuple[Card, ...]]
"""Zone name → the cards of that zone hidden from one seat (all of them, or some: a hand whose
turn-up everyone saw go into it)."""

CANONICAL_SUITS = "SHDC"
"""The canonical suit order of every game (rules/README.md, "Dealing")."""
CANONICAL_RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
                                    "A")  # fmt: skip
"""The canonical rank order, lowest to ace (rules/README.md, "Dealing")."""


def players(state: Any) -> int:
    """The number of seats of the match (``parlour.players``; the length of the score where an
    older API lacks it)."""
    count = getattr(parlour, "players", None)
    if count is not None:
        return int(count(state))
    return len(parlour.score(state))


def between_deals(state: Any) -> bool:
    """A deal is due or the match is over: no card is in play."""
    return parlour.is_chance(state) or parlour.is_over(state)


def rank_token(card: Card) -> str:
    """The rank part of a card's canonical text (``10`` of ``10H``)."""
    return card.text[:-1]


def suit_letter(card: Card) -> str:
    """The suit letter of a card's canonical text (``H`` of ``10H``)."""
    return card.text[-1]


def card_key(card: Card) -> tuple[int, int]:
    """A card's place in the canonical order (suits S H D C, in each 2 … 10 J Q K A; jokers,
    whose text is not a rank and a suit, last)."""
    rank, suit = rank_token(card), suit_letter(card)
    if rank not in CANONICAL_RANKS or suit not in CANONICAL_SUITS:
        return (len(CANONICAL_SUITS), 0)
    return (CANONICAL_SUITS.index(suit), CANONICAL_RANKS.index(rank))


def trick_winner(
    cards: Sequence[Card], trump: str | None, power: Callable[[Card, bool], int]
) -> int:
    """The index in ``cards`` (in playing order) of the card that wins the trick, by the rule
    every trick game here shares (rules/README.md, "Trick winner"): the highest trump played
    wins; with no trump, the highest card of the suit led; other suits never win; of two
    identical cards the one played first wins. ``power(card, is_trump)`` ranks a card within
    its suit (higher wins); ``trump`` is a suit letter."""
    best = 0
    for index in range(1, len(cards)):
        card, top = cards[index], cards[best]
        if suit_letter(card) == suit_letter(top):
            if power(card, suit_letter(card) == trump) > power(top, suit_letter(top) == trump):
                best = index
        elif suit_letter(card) == trump:
            best = index
    return best


@dataclass(frozen=True)
class Transfer:
    """One card going from one zone to another."""

    card: Card
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.card.text}: {self.source} -> {self.target}"


def gather_into(layout: Layout, target: str) -> list[Transfer]:
    """Every card of ``layout`` outside ``target`` going into ``target`` (a deal's end: all the
    cards back to the pack)."""
    return [
        Transfer(card, name, target)
        for name, cards in layout.items()
        if name != target
        for card in cards
    ]


def _changes(before: Layout, after: Layout) -> dict[str, tuple[Counter[Card], Counter[Card]]]:
    """For each zone whose contents differ: (cards that left it, cards that arrived)."""
    changes = {}
    for name in dict.fromkeys([*before, *after]):
        old, new = Counter(before.get(name, ())), Counter(after.get(name, ()))
        left, arrived = old - new, new - old
        if left or arrived:
            changes[name] = (left, arrived)
    return changes


def _apply_transfers(before: Layout, transfers: Iterable[Transfer]) -> dict[str, tuple[Card, ...]]:
    """The layout after ``transfers``, each checked to take a card its source holds then."""
    layout = {name: list(cards) for name, cards in before.items()}
    for transfer in transfers:
        source = layout.get(transfer.source, [])
        assert transfer.card in source, (
            f"the hook's flow moves {transfer}, but {transfer.source} does not hold it then"
        )
        source.remove(transfer.card)
        layout.setdefault(transfer.target, []).append(transfer.card)
    return {name: tuple(cards) for name, cards in layout.items()}


def layout_after(before: Layout, transfers: Iterable[Transfer]) -> dict[str, tuple[Card, ...]]:
    """The layout ``before`` becomes after ``transfers`` (each checked to be possible)."""
    return _apply_transfers(before, transfers)


def _show(changes: Mapping[str, tuple[Counter[Card], Counter[Card]]]) -> dict[str, str]:
    return {
        name: "-[" + " ".join(sorted(c.text for c in left.elements())) + "] +["
        + " ".join(sorted(c.text for c in arrived.elements())) + "]"
        for name, (left, arrived) in changes.items()
    }  # fmt: skip


def unexplained_changes(
    before: Layout, after: Layout, flows: Sequence[Sequence[Transfer]]
) -> str | None:
    """``None`` if the zone-by-zone difference between ``before`` and ``after`` is exactly that
    of one of ``flows`` (each a sequence of transfers); else a message showing both."""
    actual = _changes(before, after)
    expected = [_changes(before, _apply_transfers(before, flow)) for flow in flows]
    if actual in expected:
        return None
    shown = [_show(changes) for changes in expected]
    return f"the cards moved {_show(actual)}; the move explains {' or '.join(map(str, shown))}"


def hidden_slots(hidden: HiddenCards) -> list[tuple[str, int]]:
    """Every hidden card as (zone, position): its position in the zone for an ordered zone (a
    stock), its position among the zone's hidden cards for the others."""
    return [(name, index) for name, cards in hidden.items() for index in range(len(cards))]


def _position(layout: Layout, hidden: HiddenCards, ordered: frozenset[str],
              slot: tuple[str, int]) -> tuple[Card, int]:  # fmt: skip
    """The card at a hidden slot and its index in the whole zone."""
    name, index = slot
    card = hidden[name][index]
    if name in ordered:
        assert hidden[name] == layout[name], f"{name} is ordered, so wholly hidden or shown"
        return card, index
    return card, layout[name].index(card)


def swap(
    layout: Layout,
    first: tuple[str, int],
    second: tuple[str, int],
) -> dict[str, tuple[Card, ...]]:
    """``layout`` with the card at index ``first[1]`` of zone ``first[0]`` and the card at
    ``second`` exchanged (sizes kept)."""
    zones = {name: list(cards) for name, cards in layout.items()}
    (a_zone, a_index), (b_zone, b_index) = first, second
    a, b = zones[a_zone][a_index], zones[b_zone][b_index]
    zones[a_zone][a_index], zones[b_zone][b_index] = b, a
    return {name: tuple(cards) for name, cards in zones.items()}


def _random_pair(
    first: Sequence[Any],
    second: Sequence[Any],
    fits: Callable[[Any, Any], bool],
    rng: random.Random,
) -> tuple[Any, Any] | None:
    """A random pair (a from ``first``, b from ``second``) for which ``fits(a, b)``: a few
    random draws, then, if none fits, a uniform choice among every pair that does."""
    if not first or not second:
        return None
    for _ in range(12):
        a, b = first[rng.randrange(len(first))], second[rng.randrange(len(second))]
        if fits(a, b):
            return a, b
    pairs = [(a, b) for a in first for b in second if fits(a, b)]
    return pairs[rng.randrange(len(pairs))] if pairs else None


def random_hidden_swap(
    layout: Layout,
    hidden: HiddenCards,
    ordered: frozenset[str],
    rng: random.Random,
    *,
    across: bool,
) -> dict[str, tuple[Card, ...]] | None:
    """``layout`` with two hidden cards of different faces exchanged: from two different zones
    (``across``), or two places of one ordered zone; ``None`` if there are no such two cards."""
    slots = hidden_slots(hidden)
    if not across:
        slots = [slot for slot in slots if slot[0] in ordered]
    elif len({name for name, _ in slots}) < 2:
        return None

    def fits(a: tuple[str, int], b: tuple[str, int]) -> bool:
        zones_ok = a[0] != b[0] if across else a[0] == b[0] and a[0] in ordered
        return zones_ok and hidden[a[0]][a[1]] != hidden[b[0]][b[1]]

    pair = _random_pair(slots, slots, fits, rng)
    if pair is None:
        return None
    a, b = pair
    _, a_index = _position(layout, hidden, ordered, a)
    _, b_index = _position(layout, hidden, ordered, b)
    return swap(layout, (a[0], a_index), (b[0], b_index))


def random_visible_swap(
    layout: Layout,
    hidden: HiddenCards,
    shown: Sequence[str],
    ordered: frozenset[str],
    rng: random.Random,
) -> dict[str, tuple[Card, ...]] | None:
    """``layout`` with a hidden card and a card of a shown zone (of another face) exchanged;
    ``None`` if there are no such two cards."""
    slots = hidden_slots(hidden)
    visible = [(name, index) for name in shown for index in range(len(layout.get(name, ())))]

    def fits(slot: tuple[str, int], place: tuple[str, int]) -> bool:
        return bool(layout[place[0]][place[1]] != hidden[slot[0]][slot[1]])

    pair = _random_pair(slots, visible, fits, rng)
    if pair is None:
        return None
    slot, place = pair
    _, index = _position(layout, hidden, ordered, slot)
    return swap(layout, (slot[0], index), place)


def copy_assignment(
    old: Mapping[str, Sequence[int]],
    new: Layout,
    face_of: Callable[[int], Card],
    ordered: frozenset[str],
    keep_first: Callable[[int], bool] = lambda card: False,
) -> dict[str, list[int]]:
    """Physical cards (deck indexes) for a new layout of faces, for a deck with copies.

    ``old`` gives each zone's physical cards now. In an ordered zone a place whose face did not
    change keeps its card; a face that stays in its zone keeps a copy it had there (those for
    which ``keep_first`` holds before the others: a copy the opponent knows of stays, the
    unknown one leaves); a face that arrives takes a copy of that face that left its zone.
    Deterministic (no set is iterated).
    """
    used: set[int] = set()
    result: dict[str, list[int | None]] = {name: [None] * len(cards) for name, cards in new.items()}
    for name in sorted(ordered & set(new)):
        previous = old.get(name, ())
        for index, card in enumerate(new[name]):
            if index < len(previous) and face_of(previous[index]) == card:
                result[name][index] = previous[index]
                used.add(previous[index])
    for name, cards in new.items():
        mine: dict[Card, list[int]] = {}
        for physical in sorted(old.get(name, ()), key=lambda c: (not keep_first(c), c)):
            if physical not in used:
                mine.setdefault(face_of(physical), []).append(physical)
        for index, face in enumerate(cards):
            if result[name][index] is None and mine.get(face):
                result[name][index] = mine[face].pop(0)
                used.add(result[name][index])  # type: ignore[arg-type]
    spare: dict[Card, list[int]] = {}
    for physical in sorted(c for cards in old.values() for c in cards if c not in used):
        spare.setdefault(face_of(physical), []).append(physical)
    for name, cards in new.items():
        for index, face in enumerate(cards):
            if result[name][index] is None:
                result[name][index] = spare[face].pop(0)
    return {name: [card for card in cards if card is not None] for name, cards in result.items()}


def belote_family_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: str,
    trump_power: Callable[[Card], int],
    partner_winning: bool,
    *,
    partner_free: bool,
    must_undertrump: bool,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played to ``trick`` under belote.md §3.4 with trumps
    ``trump`` (``partner_winning``: the partner of the seat to act holds the trick), read from
    the rules' text by the suite: follow suit (trumps led: higher if able); void, with the
    partner winning, any card if ``partner_free``, else a discard or a trump that overtrumps if
    able; void with an opponent winning, overtrump if able, else any trump if
    ``must_undertrump`` (classic Belote; Coinche's option, coinche.md C.4), else any card."""
    if not trick:  # the leader: any card
        return frozenset(hand)
    led = suit_letter(trick[0])
    highest = max((trump_power(card) for card in trick if suit_letter(card) == trump), default=0)

    def over(cards: Sequence[Card]) -> list[Card]:
        return [card for card in cards
                if suit_letter(card) == trump and trump_power(card) > highest]  # fmt: skip

    follow = [card for card in hand if suit_letter(card) == led]
    if follow:
        return frozenset((over(follow) or follow) if led == trump else follow)
    trumps = [card for card in hand if suit_letter(card) == trump]
    if not trumps:
        return frozenset(hand)
    if partner_winning:
        if partner_free:
            return frozenset(hand)
        discards = [card for card in hand if suit_letter(card) != trump]
        return frozenset(discards + (over(trumps) or trumps))
    if over(trumps):
        return frozenset(over(trumps))
    return frozenset(trumps if must_undertrump else hand)
