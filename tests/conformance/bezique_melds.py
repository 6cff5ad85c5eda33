"""Bezique's meld history, kept by the conformance suite itself from the moves (rules §1.5.3).

For each player the suite keeps its table: the cards laid in melds, each with the meld kinds it
has scored in. From that record alone it decides, by the rules, which melds a player may declare
(a meld of the table §1.5.1 made of cards from the hand and from the player's own table, at
least one from the hand; a table card never scores twice in one class except upward: royal
marriage to sequence, bezique to double bezique; a card that scored in a quartet never joins
another of its rank; a played card leaves the table, the others keep their history), and it
checks the engine against it:

* the melds `legal_moves` offers at the start of a declaring window are exactly those the rules
  allow from the suite's record;
* after every meld and every play, each player's table as the views show it (each card with the
  kinds it scored in) is one the rules' documented choice of copies gives (docs/bezique.md,
  "Which copy a move uses": fewest cards from the hand, the more used table copy first, a hand
  card replacing a table one in the meld's first face when the new-card rule needs it; a play
  takes a table copy, the more used first, before a hand copy). Where the documented rule
  leaves a tie that only copy numbers break (two table copies of one face, equally used but
  differently), every tied outcome is accepted and the one the views show is kept.

The record never reads the engine's own history (``state.uses``); the hands come from the card
zones, which the card-flow check holds to the moves.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import parlour
from parlour.base import Card, parse_card
from parlour.bezique import _state as bezique_state
from parlour.engine import Deal, get_game
from tests.conformance.zones import card_key, rank_token, suit_letter
from tests.strategies import Step

__all__ = ["check_meld_history", "meld_kind"]

Entry = tuple[Card, frozenset[str]]
"""A card on a player's table and the meld kinds it has scored in."""

_BARRED_BY: dict[str, frozenset[str]] = {
    "common_marriage": frozenset({"common_marriage"}),
    "royal_marriage": frozenset({"royal_marriage", "sequence"}),
    "sequence": frozenset({"sequence"}),
    "bezique": frozenset({"bezique", "double_bezique"}),
    "double_bezique": frozenset({"double_bezique"}),
    "four_aces": frozenset({"four_aces"}),
    "four_kings": frozenset({"four_kings"}),
    "four_queens": frozenset({"four_queens"}),
    "four_jacks": frozenset({"four_jacks"}),
}
"""Rules §1.5.3 item 3, per meld kind: the kinds whose history bars a table card from it (same
class, upward only: a royal marriage may grow into the sequence, a bezique into the double;
never the other way, never the same kind twice)."""
_QUARTET_OF = {"A": "four_aces", "K": "four_kings", "Q": "four_queens", "J": "four_jacks"}
_SEATS = 2


def meld_kind(cards: Sequence[Card], trump: str, bezique_cards: str) -> str | None:
    """The meld the cards make (rules §1.5.1; the bezique pair by ``bezique_cards``), or
    ``None`` when they make none."""
    ranks = sorted(rank_token(card) for card in cards)
    suits = {suit_letter(card) for card in cards}
    queen, jack = (parse_card("QC"), parse_card("JH")) if (
        bezique_cards == "by_trump" and trump in ("S", "D")
    ) else (parse_card("QS"), parse_card("JD"))  # fmt: skip
    ordered = sorted(cards, key=card_key)
    if len(cards) == 2 and ranks == ["K", "Q"] and len(suits) == 1:
        return "royal_marriage" if suits == {trump} else "common_marriage"
    if ordered == sorted([queen, jack], key=card_key):
        return "bezique"
    if ordered == sorted([queen, queen, jack, jack], key=card_key):
        return "double_bezique"
    if len(cards) == 5 and suits == {trump} and ranks == sorted(["A", "10", "K", "Q", "J"]):
        return "sequence"
    if len(cards) == 4 and len(set(ranks)) == 1 and ranks[0] in _QUARTET_OF:
        return _QUARTET_OF[ranks[0]]
    return None


def _used(entry: Entry) -> int:
    """How used a table card is: the number of meld kinds its history bars it from."""
    return sum(1 for barred in _BARRED_BY.values() if entry[1] & barred)


def _eligible(table: Sequence[Entry], card: Card, kind: str) -> list[Entry]:
    return [entry for entry in table if entry[0] == card and not entry[1] & _BARRED_BY[kind]]


def meld_allowed(
    table: Sequence[Entry], hand: Counter[Card], cards: Sequence[Card], kind: str
) -> bool:
    """Whether the rules let a player with this table and hand score ``cards`` as ``kind``:
    each card from the hand or from an eligible table card, at least one from the hand."""
    needed = Counter(cards)
    for card, count in needed.items():
        if count > len(_eligible(table, card, kind)) + hand[card]:
            return False
    return any(hand[card] for card in needed)


def _top_choices(entries: list[Entry], count: int) -> Iterator[list[Entry]]:
    """The ways to take ``count`` of ``entries`` the more used first (ties every way)."""
    for chosen in itertools.combinations(range(len(entries)), count):
        taken = [entries[index] for index in chosen]
        left = [entries[index] for index in range(len(entries)) if index not in chosen]
        if not taken or not left or min(map(_used, taken)) >= max(map(_used, left)):
            yield taken


def _key(table: Sequence[Entry]) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    return sorted((card_key(card), tuple(sorted(uses))) for card, uses in table)


def _without(table: Sequence[Entry], removed: Sequence[Entry]) -> list[Entry]:
    rest = list(table)
    for entry in removed:
        rest.remove(entry)
    return rest


def tables_after_meld(
    table: Sequence[Entry], hand: Counter[Card], cards: Sequence[Card], kind: str
) -> list[list[Entry]]:
    """Every table the documented choice of copies can leave after a meld (docs/bezique.md,
    "Which copy a move uses")."""
    needed = Counter(cards)
    faces = sorted(needed, key=card_key)
    from_table = {card: min(needed[card], len(_eligible(table, card, kind))) for card in faces}
    if sum(from_table.values()) == len(cards):
        first = next(card for card in faces if hand[card])
        from_table[first] -= 1
    per_face = [
        list(_top_choices(_eligible(table, card, kind), from_table[card])) for card in faces
    ]
    outcomes = []
    for choice in itertools.product(*per_face):
        taken = [entry for entries in choice for entry in entries]
        rest = _without(table, taken)
        grown = [(card, uses | {kind}) for card, uses in taken]
        fresh = [(card, frozenset({kind})) for card in faces
                 for _ in range(needed[card] - from_table[card])]  # fmt: skip
        outcomes.append(rest + grown + fresh)
    return outcomes


def tables_after_play(table: Sequence[Entry], card: Card) -> list[list[Entry]]:
    """Every table a play of ``card`` can leave: a table copy goes first, the more used one."""
    copies = [entry for entry in table if entry[0] == card]
    if not copies:
        return [list(table)]
    most = max(map(_used, copies))
    return [_without(table, [entry]) for entry in copies if _used(entry) == most]


def _candidates(trump: str, pair: str) -> Iterator[tuple[Card, ...]]:
    """Every card list that makes a meld of the table (rules §1.5.1) under this trump: each
    marriage, the sequence, the bezique and the double, each quartet with any repeated suits."""
    queen, jack = ("QC", "JH") if pair == "by_trump" and trump in ("S", "D") else ("QS", "JD")
    for suit in "SHDC":
        yield parse_card(f"K{suit}"), parse_card(f"Q{suit}")
    yield tuple(parse_card(f"{rank}{trump}") for rank in ("A", "10", "K", "Q", "J"))
    yield parse_card(queen), parse_card(jack)
    yield parse_card(queen), parse_card(queen), parse_card(jack), parse_card(jack)
    for rank in _QUARTET_OF:
        faces = [parse_card(f"{rank}{suit}") for suit in "SHDC"]
        yield from itertools.combinations_with_replacement(faces, 4)


def _possible_melds(
    table: Sequence[Entry], hand: Counter[Card], trump: str, pair: str
) -> set[str]:
    """The text of every meld the rules allow (cards in canonical order)."""
    held = Counter(hand) + Counter(card for card, _ in table)
    allowed: set[str] = set()
    for cards in _candidates(trump, pair):
        ordered = sorted(cards, key=card_key)
        if any(ordered.count(card) > held[card] for card in set(ordered)):
            continue
        kind = meld_kind(ordered, trump, pair)
        if kind is not None and meld_allowed(table, hand, ordered, kind):
            allowed.add("meld " + " ".join(card.text for card in ordered))
    return allowed


def _table_seen(state: Any, seat: int) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    return sorted((card_key(placed.card), tuple(sorted(placed.melds)))
                  for placed in parlour.view(state, None).tables[seat])  # fmt: skip


def _hand(state: Any, seat: int) -> Counter[Card]:
    return Counter(get_game("bezique").card_zones(state)[f"hand {seat}"])


def _kept(outcomes: list[list[Entry]], state: Any, seat: int, move: Any) -> list[Entry]:
    seen = _table_seen(state, seat)
    for outcome in outcomes:
        if _key(outcome) == seen:
            return outcome
    raise AssertionError(f"after {move} the table {seen} is none the rules give: "
                         f"{[_key(outcome) for outcome in outcomes]}")  # fmt: skip


def check_meld_history(steps: Sequence[Step]) -> None:
    """The checks of the module docstring over one playout (the trump suit is the turn-up's,
    read from each deal move, rules §1.2)."""
    phase = bezique_state.Phase
    tables: list[list[Entry]] = [[], []]
    window_open = False
    trump = ""
    for step in steps:
        before, after, move = step.before, step.after, step.move
        if isinstance(move, Deal):
            trump = suit_letter(dict(move.fields)["turnup"][0][0])
        if isinstance(move, Deal) or not isinstance(before, bezique_state.BeziqueState):
            tables, window_open = [[], []], False
            continue
        if before.phase is phase.DECLARE and window_open:
            seat = before.to_act
            pair = before.table.options.bezique_cards
            offered = {str(legal) for legal in parlour.legal_moves(before)
                       if str(legal).startswith("meld ")}  # fmt: skip
            allowed = _possible_melds(tables[seat], _hand(before, seat), trump, pair)
            assert offered == allowed, (sorted(offered ^ allowed), tables[seat])
        window_open = before.phase is phase.PLAY and after.phase is phase.DECLARE
        keyword, *texts = str(move).split()
        if before.phase is phase.LAST_STAGE or keyword not in ("meld", "play"):
            if after.phase is phase.LAST_STAGE:
                tables = [[], []]
            continue
        seat = before.to_act
        cards = [parse_card(text) for text in texts]
        if keyword == "meld":
            kind = meld_kind(cards, trump, before.table.options.bezique_cards)
            assert kind is not None, move
            hand = _hand(before, seat)
            assert meld_allowed(tables[seat], hand, cards, kind), (move, tables[seat])
            outcomes = tables_after_meld(tables[seat], hand, cards, kind)
        else:
            outcomes = tables_after_play(tables[seat], cards[0])
        if after.phase is phase.LAST_STAGE or not isinstance(after, bezique_state.BeziqueState):
            tables = [[], []]
            continue
        if after.phase in (phase.PLAY, phase.DECLARE):
            tables[seat] = _kept(outcomes, after, seat, move)
            for other in range(_SEATS):
                assert _key(tables[other]) == _table_seen(after, other), (move, other)
