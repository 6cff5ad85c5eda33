"""Twins: two states that one seat cannot tell apart, built from outside the engine.

A twin is made on the state's position (`parlour.state_to_dict`): two cards the seat cannot see
change places between two places hidden from it (another hand, the stock, the talon, a discard
pile, a pozzetto not yet taken), and the hidden records are updated to match (Bezique's record
of the stock as dealt follows the cards; in Burraco one copy of a card moved out of a hand is
replaced by the card moved in, in the record of the cards drawn and of a taken pozzetto, when
the position would otherwise not read). A twin of the hidden history only changes the records
the seat never sees: the order in which cards were drawn (Burraco, Bezique), which cards a
taken pozzetto held (Burraco). A twin of the copies (Bezique) exchanges the two copies of a
face everywhere in the deal (``QS`` and ``QS#2``): no view tells copies apart. The position
reader checks every twin; what places are hidden
is read here from the rules (``../shared/rules``), not from the engine's samplers:

* Belote: the other hands, less the turn-up in the taker's hand and the cards of an announced
  belote; the stock.
* Écarté: the other hand, less a marked king of trumps; the other player's discards; the talon.
* Bezique: the other hand, less the cards the seat knows of; the stock not yet drawn.
* Burraco: the other hands (and the seat's own while its pozzetto is unseen), less one copy
  of each card everybody knows a hand holds; the stock; the pozzetti not yet taken.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import parlour

__all__ = ["Slot", "hidden_slots", "history_twins", "swap_twins", "twin_of"]

Slot = tuple[str, int, int]
"""A hidden card of a position: the key of its list, the index of the list (-1 for a flat list
such as the stock), the index in that list."""


def _zone(data: dict[str, Any]) -> dict[str, Any] | None:
    """The part of a position that holds the deal in play (``None`` between deals)."""
    zone = data.get("deal", data.get("hand"))
    return zone if isinstance(zone, dict) else None


def _cards(zone: dict[str, Any], key: str, number: int) -> list[str]:
    value = zone[key] if number < 0 else zone[key][number]
    assert isinstance(value, list)
    return value


def _less(cards: list[str], public: list[str]) -> list[int]:
    """The indexes of ``cards`` less one occurrence of each of ``public``."""
    left = list(public)
    indexes = []
    for index, card in enumerate(cards):
        if card in left:
            left.remove(card)
        else:
            indexes.append(index)
    return indexes


def hidden_slots(state: Any, seat: int | None) -> list[Slot]:
    """Every card of ``state``'s position hidden from ``seat`` (module docstring)."""
    data = parlour.state_to_dict(state)
    zone = _zone(data)
    if zone is None:
        return []
    game = data["game"]
    players = parlour.players(state)
    others = [other for other in range(players) if other != seat]
    slots: list[Slot] = []

    def add(key: str, number: int, indexes: list[int]) -> None:
        slots.extend((key, number, index) for index in indexes)

    if game == "belote":
        contract = zone["contract"]
        announced = parlour.view(state, None).belote_announced
        for other in others:
            public = []
            if contract is not None and other == contract["taker"]:
                public.append(zone["turnup"])
            if contract is not None and other == announced:
                public += [f"K{contract['trump']}", f"Q{contract['trump']}"]
            add("hands", other, _less(zone["hands"][other], public))
        add("stock", -1, list(range(len(zone["stock"]))))
    elif game == "ecarte":
        king = [f"K{zone['turnup'][-1]}"] if zone["king"] is not None else []
        for other in others:
            add("hands", other, _less(zone["hands"][other], king))
            add("discards", other, list(range(len(zone["discards"][other]))))
        add("talon", -1, list(range(len(zone["talon"]))))
    elif game == "bezique":
        for other in others:
            add("hands", other, _less(zone["hands"][other], zone["known"][other]))
        add("stock", -1, list(range(zone["drawn"], len(zone["stock"]))))
    else:
        unseen = zone["pozzetto_unseen"]
        for other in range(players):
            if other != seat or other in unseen:
                add("hands", other, _less(zone["hands"][other], zone["known_cards"][other]))
        add("stock", -1, list(range(len(zone["stock"]))))
        taken = sum(1 for team in zone["pozzetto_of_team"] if team)
        for number in range(taken, len(zone["pozzetti"])):
            add("pozzetti", number, list(range(len(zone["pozzetti"][number]))))
    return slots


def _read(data: dict[str, Any]) -> Any | None:
    """The state of a position, or ``None`` when the reader refuses it."""
    try:
        return parlour.state_from_dict(json.loads(json.dumps(data)))
    except parlour.PositionError:
        return None


def _replace_once(zone: dict[str, Any], keys: list[tuple[str, int]], old: str, new: str) -> bool:
    """Replace one ``old`` by ``new`` in the first of the lists ``keys`` that holds it."""
    for key, number in keys:
        cards = _cards(zone, key, number)
        if old in cards:
            cards[cards.index(old)] = new
            return True
    return False


def twin_of(state: Any, first: Slot, second: Slot) -> Any | None:
    """``state`` with the hidden cards at ``first`` and ``second`` exchanged and the hidden
    records updated to match; ``None`` when the cards are equal or the reader refuses it."""
    data = copy.deepcopy(parlour.state_to_dict(state))
    zone = _zone(data)
    assert zone is not None
    a_cards = _cards(zone, first[0], first[1])
    b_cards = _cards(zone, second[0], second[1])
    a, b = a_cards[first[2]], b_cards[second[2]]
    if a == b or (first[0], first[1]) == (second[0], second[1]):
        return None
    if data["game"] == "bezique":
        # Physical cards: the swap follows each card everywhere it is listed (its hand or the
        # stock as dealt, drawn part included).
        swap = {a: b, b: a}
        for key in ("hands", "stock"):
            value = zone[key]
            if key == "hands":
                zone[key] = [[swap.get(card, card) for card in hand] for hand in value]
            else:
                zone[key] = [swap.get(card, card) for card in value]
        return _read(data)
    a_cards[first[2]], b_cards[second[2]] = b, a
    twin = _read(data)
    if twin is not None or data["game"] != "burraco":
        return twin
    # Burraco: the records of where the moved cards came from follow them.
    taken = sum(1 for team in zone["pozzetto_of_team"] if team)
    records = [("drawn", -1), *(("pozzetti", number) for number in range(taken))]
    for moved_out, moved_in, place in ((a, b, first), (b, a, second)):
        if place[0] == "hands":
            _replace_once(zone, records, moved_out, moved_in)
    return _read(data)


def swap_twins(state: Any, seat: int | None) -> Iterator[Any]:
    """Every twin of ``state`` for ``seat`` made by one exchange of hidden cards, in a fixed
    order (pairs of slots in order)."""
    slots = hidden_slots(state, seat)
    for number, first in enumerate(slots):
        for second in slots[number + 1 :]:
            twin = twin_of(state, first, second)
            if twin is not None:
                yield twin


def history_twins(state: Any) -> Iterator[Any]:
    """Twins that differ from ``state`` only in the hidden history (module docstring): two cards
    of the record of draws exchanged (Bezique, Burraco), a card of a taken pozzetto exchanged
    with one of the record of draws (Burraco). The same for every seat."""
    data = parlour.state_to_dict(state)
    zone = _zone(data)
    if zone is None or data["game"] not in ("bezique", "burraco"):
        return
    if data["game"] == "bezique":
        count = zone["drawn"]
        for early in range(count):
            for late in range(early + 1, count):
                changed = copy.deepcopy(data)
                stock = _zone(changed)["stock"]  # type: ignore[index]
                stock[early], stock[late] = stock[late], stock[early]
                twin = _read(changed)
                if twin is not None and twin != state:
                    yield twin
        return
    taken = sum(1 for team in zone["pozzetto_of_team"] if team)
    places: list[Slot] = [("drawn", -1, index) for index in range(len(zone["drawn"]))]
    for number in range(taken):
        places += [("pozzetti", number, index) for index in range(len(zone["pozzetti"][number]))]
    for number, first in enumerate(places):
        for second in places[number + 1 :]:
            changed = copy.deepcopy(data)
            hand = _zone(changed)
            assert hand is not None
            a_cards = _cards(hand, first[0], first[1])
            b_cards = _cards(hand, second[0], second[1])
            if a_cards[first[2]] == b_cards[second[2]]:
                continue
            a_cards[first[2]], b_cards[second[2]] = b_cards[second[2]], a_cards[first[2]]
            twin = _read(changed)
            if twin is not None and twin != state:
                yield twin


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    return value


def copy_twins(state: Any) -> Iterator[Any]:
    """Bezique: ``state`` with the two copies of one face exchanged everywhere in the deal (its
    hands, tables, tricks, stock, turn-up, meld histories, sevens scored), one twin per face
    whose copies stand apart; nothing for the other games. The same for every seat."""
    data = parlour.state_to_dict(state)
    zone = _zone(data)
    if zone is None or data["game"] != "bezique":
        return
    for face in sorted({card.text for card in parlour.engine.get_game("bezique").deck}):
        changed = copy.deepcopy(data)
        changed["deal"] = _renamed(zone, {face: face + "#2", face + "#2": face})
        twin = _read(changed)
        if twin is not None and twin != state:
            yield twin
