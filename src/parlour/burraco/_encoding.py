"""Burraco's action encoding: 145 sub-action ids and a 2596-float observation.

A Burraco turn lays down any number of melds, each of any size, so there is no small fixed list
of meld moves; each move is instead a short sequence of sub-actions, read off its text:

* ``0`` ``draw``; ``1`` ``pickup``; ``2..54`` ``discard <face>`` (one id each);
* ``55..107`` "card <face>": the next card of a ``meld`` or an ``add``, in the order the move
  writes them (a sequence low to high with each wild where it stands, a set in canonical order);
* ``108`` "as a new meld" ends a ``meld``; ``109..144`` "onto meld n" (n = 1..36, the team's
  melds in the order laid down) ends an ``add`` - unless the add needs its arrangement
  (``add 2 6H = JK 5H 6H 7H``), whose cards then follow as "card" ids.

Faces are numbered 0..52: ``suit * 13 + rank - 2`` for the ranks 2..A of S H D C, 52 the
joker. So ``meld 3H JK 5H`` is ``(55+14, 55+52, 55+16, 108)`` and ``add 2 8H 9H`` is
``(55+19, 55+20, 110)``. The mask after a prefix marks exactly the ids that extend it towards
some legal move. No legal move's sequence is a prefix of another's. Seats in the observation are
counted from the observer (0 = itself, 1 = the next seat in playing order…), teams from its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.base import (
    JOKER,
    Card,
    Rank,
    Suit,
    parse_card,
    shown,
)
from parlour.encoding import (
    Block,
    EncodingError,
    SubActionEncoding,
    card_counts,
    one_hot,
    phase_block,
    relative,
)

__all__ = ["BURRACO", "BurracoEncoding"]

MAX_PLAYERS = 4
FACES: tuple[Card, ...] = (
    *(Card.of(Rank(rank), suit) for suit in Suit for rank in range(2, 15)),
    JOKER,
)
"""The 53 faces in id order."""
FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(FACES)}
FACE_COUNT = len(FACES)
DRAW, PICKUP = 0, 1
DISCARD_BASE = 2
CARD_BASE = DISCARD_BASE + FACE_COUNT
NEW_MELD = CARD_BASE + FACE_COUNT
MAX_MELDS = 36
"""A team's melds have at least three cards each, so 108 cards make at most 36."""
ONTO_BASE = NEW_MELD + 1
PHASES = ("deal_due", "draw", "play", "over")
SLOT_SIZE = 7 + FACE_COUNT
TARGET_SCALE = 2000.0

ACTION_NAMES: tuple[str, ...] = (
    "draw",
    "pickup",
    *(f"discard {card.text}" for card in FACES),
    *(f"card {card.text}" for card in FACES),
    "as a new meld",
    *(f"onto meld {number}" for number in range(1, MAX_MELDS + 1)),
)


def _team(seen: Mapping[str, Any], seat: int) -> int:
    return next(index for index, team in enumerate(seen["teams"]) if seat in team)


def _players(seen: Mapping[str, Any]) -> int:
    return sum(len(team) for team in seen["teams"])


def _team_melds(seen: Mapping[str, Any]) -> list[list[Any]]:
    """Each team's melds (none before the first deal, when the view lists no team's)."""
    melds = list(seen["melds"])
    return melds + [[] for _ in range(len(seen["teams"]) - len(melds))]


def _slots(seen: Mapping[str, Any], me: int) -> list[float]:
    values: list[float] = []
    melds = _team_melds(seen)[_team(seen, me)]
    for number in range(MAX_MELDS):
        if number >= len(melds):
            values.extend([0.0] * SLOT_SIZE)
            continue
        meld = melds[number]
        wild = meld["wild_position"]
        values += [
            1.0,
            1.0 if meld["kind"] == "set" else 0.0,
            len(meld["cards"]) / 14,
            1.0 if meld["burraco"] else 0.0,
            1.0 if meld["clean"] else 0.0,
            0.0 if wild is None else 1.0,
            wild / 14 if wild is not None and wild > 0 else 0.0,
            *card_counts(meld["cards"], FACE_INDEX, FACE_COUNT),
        ]
    return values


def _other_melds(seen: Mapping[str, Any], me: int) -> list[float]:
    mine = _team(seen, me)
    cards = [
        text
        for team, melds in enumerate(_team_melds(seen))
        if team != mine
        for meld in melds
        for text in meld["cards"]
    ]
    return card_counts(cards, FACE_INDEX, FACE_COUNT)


def _other_counts(seen: Mapping[str, Any], me: int) -> list[float]:
    mine = _team(seen, me)
    melds = [meld for team, ms in enumerate(_team_melds(seen)) if team != mine for meld in ms]
    return [
        len(melds) / MAX_MELDS,
        sum(1 for meld in melds if meld["burraco"] and meld["clean"]) / 4,
        sum(1 for meld in melds if meld["burraco"] and not meld["clean"]) / 4,
    ]


def _by_seat(seen: Mapping[str, Any], me: int, key: str, scale: float) -> list[float]:
    sizes = seen[key]
    players = _players(seen)
    values = [0.0] * MAX_PLAYERS
    if sizes:
        for offset in range(players):
            values[offset] = sizes[(me + offset) % players] / scale
    return values


def _seat(key: str) -> Any:
    return lambda seen, me, _: one_hot(relative(seen[key], me, _players(seen)), MAX_PLAYERS)


def _team_pair(seen: Mapping[str, Any], me: int, values: Sequence[float]) -> list[float]:
    """``values`` (one per team; none before the first deal) as: own team, sum of the others."""
    if not values:
        return [0.0, 0.0]
    mine = _team(seen, me)
    others = [value for team, value in enumerate(values) if team != mine]
    return [float(values[mine]), float(sum(others))]


def _pending(prefix: tuple[int, ...]) -> list[float]:
    """The cards chosen, the place chosen (new meld or meld n) and any arrangement cards."""
    chosen = [0.0] * FACE_COUNT
    place = [0.0] * (1 + MAX_MELDS)
    arrangement = [0.0] * FACE_COUNT
    placed = False
    for action in prefix:
        if action >= NEW_MELD:
            place[action - NEW_MELD] = 1.0
            placed = True
        elif placed:
            arrangement[action - CARD_BASE] += 1.0
        else:
            chosen[action - CARD_BASE] += 1.0
    return chosen + place + arrangement


def _team_score(seen: Mapping[str, Any], me: int) -> list[float]:
    score = seen["match_score"]
    mine = _team(seen, me)
    best_other = max(points for team, points in enumerate(score) if team != mine)
    return [score[mine] / TARGET_SCALE, best_other / TARGET_SCALE]


BLOCKS: tuple[Block, ...] = (
    Block(
        name="hand",
        size=FACE_COUNT,
        doc="copies of each face in the seat's hand (empty while its pozzetto is unseen)",
        fill=lambda s, m, p: card_counts(s["hand"], FACE_INDEX, FACE_COUNT),
    ),
    Block(
        name="discard_pile",
        size=FACE_COUNT,
        doc="copies of each face in the discard pile",
        fill=lambda s, m, p: card_counts(s["discard"], FACE_INDEX, FACE_COUNT),
    ),
    Block(
        name="discard_top",
        size=FACE_COUNT,
        doc="the top card of the discard pile",
        fill=lambda s, m, p: card_counts(s["discard"][:1], FACE_INDEX, FACE_COUNT),
    ),
    Block(
        name="own_melds",
        size=MAX_MELDS * SLOT_SIZE,
        doc="the team's melds in the order laid down, 60 "
        "floats each: present, set, length / 14, burraco, clean, has a wild, the wild's "
        "position / 14, copies of each face",
        fill=lambda s, m, p: _slots(s, m),
    ),
    Block(
        name="other_melds",
        size=FACE_COUNT,
        doc="copies of each face in the other teams' melds",
        fill=lambda s, m, p: _other_melds(s, m),
    ),
    Block(
        name="other_meld_counts",
        size=3,
        doc="the other teams' melds / 36, clean and dirty burraco / 4",
        fill=lambda s, m, p: _other_counts(s, m),
    ),
    Block(
        name="hand_sizes",
        size=MAX_PLAYERS,
        doc="cards in each hand / 30, from the observer",
        fill=lambda s, m, p: _by_seat(s, m, "hand_sizes", 30.0),
    ),
    Block(
        name="to_act",
        size=MAX_PLAYERS,
        doc="the seat to act, from the observer",
        fill=_seat("to_act"),
    ),
    Block(
        name="dealer", size=MAX_PLAYERS, doc="the dealer, from the observer", fill=_seat("dealer")
    ),
    phase_block(PHASES),
    Block(
        name="stock_size",
        size=1,
        doc="cards left in the stock / 63",
        fill=lambda s, m, p: [s["stock_size"] / 63],
    ),
    Block(
        name="pozzetti_left",
        size=1,
        doc="pozzetti not yet taken / 2",
        fill=lambda s, m, p: [s["pozzetti_left"] / 2],
    ),
    Block(
        name="pozzetto_taken",
        size=2,
        doc="1 if the pozzetto is taken: own team, any other team",
        fill=lambda s, m, p: _team_pair(s, m, [1.0 if t else 0.0 for t in s["pozzetto_of_team"]]),
    ),
    Block(
        name="pozzetto_unseen",
        size=1,
        doc="1 while the seat's pozzetto, taken on the discard, is unseen",
        fill=lambda s, m, p: [1.0 if s["pozzetto_unseen"] else 0.0],
    ),
    Block(
        name="took_pile",
        size=1,
        doc="1 if the seat to act took the discard pile this turn",
        fill=lambda s, m, p: [1.0 if s["took_pile"] else 0.0],
    ),
    Block(
        name="no_discard",
        size=FACE_COUNT,
        doc="the face that may not be discarded this turn",
        fill=lambda s, m, p: card_counts(
            [s["no_discard"]] if s["no_discard"] else [], FACE_INDEX, FACE_COUNT
        ),
    ),
    Block(
        name="last_turn",
        size=1,
        doc="1 in the turn whose draw left two cards in the stock",
        fill=lambda s, m, p: [1.0 if s["last_turn"] else 0.0],
    ),
    Block(
        name="match_score",
        size=2,
        doc="match points / 2000: own side, the best other side",
        fill=lambda s, m, p: _team_score(s, m),
    ),
    Block(
        name="pending",
        size=2 * FACE_COUNT + 1 + MAX_MELDS,
        doc="the move being built: copies of each "
        "face chosen, the place (new meld, meld 1..36), copies of each arrangement face",
        fill=lambda s, m, p: _pending(p),
    ),
)


def _face_id(word: str) -> int:
    return FACE_INDEX[parse_card(word)]


def _known_cards(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
    """The view's ``known_cards``, one block of face counts per seat counted from ``me``."""
    known = seen["known_cards"]
    values: list[float] = []
    for offset in range(MAX_PLAYERS):
        cards = known[(me + offset) % len(known)] if offset < len(known) else []
        values.extend(card_counts(cards, FACE_INDEX, FACE_COUNT))
    return values


class BurracoEncoding(SubActionEncoding):
    """Burraco's encoding (see the module docstring for the id layout)."""

    game = "burraco"
    action_names = ACTION_NAMES
    blocks = BLOCKS
    max_players = MAX_PLAYERS
    history_blocks = (
        Block(
            name="known_cards",
            size=MAX_PLAYERS * FACE_COUNT,
            doc="copies of each face every seat saw a "
            "hand take with the pile and still in it, per seat from the observer",
            fill=_known_cards,
        ),
    )

    def actions_of_text(self, text: str) -> tuple[int, ...]:
        words = text.split()
        try:
            if words == ["draw"]:
                return (DRAW,)
            if words == ["pickup"]:
                return (PICKUP,)
            if len(words) == 2 and words[0] == "discard":
                return (DISCARD_BASE + _face_id(words[1]),)
            if len(words) >= 2 and words[0] == "meld":
                return (*(CARD_BASE + _face_id(word) for word in words[1:]), NEW_MELD)
            if len(words) >= 3 and words[0] == "add" and words[1].isdigit():
                number = int(words[1])
                cards = words[2:]
                arrangement: list[str] = []
                if "=" in cards:
                    cut = cards.index("=")
                    cards, arrangement = cards[:cut], cards[cut + 1 :]
                if 1 <= number <= MAX_MELDS and cards:
                    return (
                        *(CARD_BASE + _face_id(word) for word in cards),
                        ONTO_BASE + number - 1,
                        *(CARD_BASE + _face_id(word) for word in arrangement),
                    )
        except (ValueError, KeyError):
            pass
        raise EncodingError(f"{shown(text)} is not a Burraco move the encoding knows")

    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        if len(actions) == 1 and actions[0] < CARD_BASE:
            return ACTION_NAMES[actions[0]]
        places = [index for index, action in enumerate(actions) if action >= NEW_MELD]
        if len(places) == 1 and places[0] > 0:
            cut = places[0]
            cards = [FACES[action - CARD_BASE].text for action in actions[:cut]]
            rest = [action - CARD_BASE for action in actions[cut + 1 :]]
            if all(CARD_BASE <= action < NEW_MELD for action in actions[:cut]) and all(
                0 <= face < FACE_COUNT for face in rest
            ):
                place = actions[cut]
                if place == NEW_MELD and not rest:
                    return " ".join(["meld", *cards])
                if place > NEW_MELD:
                    words = ["add", str(place - ONTO_BASE + 1), *cards]
                    if rest:
                        words += ["=", *(FACES[face].text for face in rest)]
                    return " ".join(words)
        raise EncodingError(f"{list(actions)} is not a complete Burraco move")


BURRACO = BurracoEncoding()
"""The Burraco encoding."""
