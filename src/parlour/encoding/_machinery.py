"""The machinery every game's action encoding shares.

An encoding is a fixed, state-independent map between a game's move texts and short sequences
of integer action ids (*sub-actions*): ``play JH`` is one id in Belote, ``meld 3H 4H 5H`` is four
ids in Burraco (three cards, then "as a new meld"). The map reads and writes the canonical move
text only, so an id means the same thing in every state, and `decode` turns ids back into a move
with `parlour.parse_move`. The legal-action mask at a point of a move's sub-action sequence (its
*prefix*) marks exactly the ids that extend the prefix towards at least one legal move; it is
computed from `parlour.legal_moves` once per state (and cached). The observation is a flat list
of floats built only from ``view(state, seat).to_dict()`` and the seat's own pending prefix, in
named blocks (`Block`) whose sizes are fixed per game. The information state adds the game's
``history_blocks`` after the observation's: in the trick games, every card of the deal in the
order played (`play_sequence_block`), so that it recalls what the observation's current and last
trick alone would forget; in Burraco, the cards each hand is known to hold since it took the
discard pile.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from parlour.base import (
    Card,
    ParlourError,
    Suit,
    describe,
    parse_card,
)
from parlour.engine import (
    Move,
    current_player,
    legal_moves,
    parse_move,
    view,
)

__all__ = [
    "Block",
    "Encoding",
    "EncodingError",
    "FlatEncoding",
    "LegalTable",
    "Observer",
    "SubActionEncoding",
    "card_counts",
    "cards_observer",
    "one_hot",
    "phase_block",
    "play_sequence_block",
    "relative",
    "seat_observer",
    "suit_observer",
    "trick_blocks",
    "trick_observer",
    "turnup_observer",
    "two_seat_observer",
]


class EncodingError(ParlourError, ValueError):
    """A move that the encoding has no ids for, or ids that name no move (out of range, not a
    complete sub-action sequence)."""


Observer = Callable[[Mapping[str, Any], int, tuple[int, ...]], Sequence[float]]
"""Fills one observation block from the view's dict, the observing seat and the pending prefix."""


@attrs.frozen(kw_only=True, slots=True)
class Block:
    """One named block of an observation: ``size`` floats made by ``fill`` (documented by
    ``doc``)."""

    name: str
    size: int
    doc: str
    fill: Observer = attrs.field(eq=False, repr=False)


@attrs.frozen(slots=True)
class LegalTable:
    """The legal moves of one state by their sub-action sequences, and for every prefix of those
    sequences the ids that may follow it (ascending)."""

    moves: Mapping[tuple[int, ...], Move]
    following: Mapping[tuple[int, ...], tuple[int, ...]]

    @staticmethod
    def build(pairs: Sequence[tuple[tuple[int, ...], Move]]) -> LegalTable:
        """The table of ``pairs`` (each legal move's ids and the move)."""
        moves: dict[tuple[int, ...], Move] = {}
        following: dict[tuple[int, ...], set[int]] = {}
        for actions, move in pairs:
            moves[actions] = move
            for cut in range(len(actions)):
                following.setdefault(actions[:cut], set()).add(actions[cut])
        return LegalTable(
            moves=moves, following={key: tuple(sorted(ids)) for key, ids in following.items()}
        )


class Encoding(abc.ABC):
    """A game's action encoding: ids, legal masks and observations (see the module docstring).

    A subclass gives ``game``, ``action_names`` (one name per id), ``blocks`` (the observation
    layout), and the two halves of the text map, `actions_of_text` and `text_of_actions`.
    """

    game: str
    action_names: tuple[str, ...]
    blocks: tuple[Block, ...]
    max_players: int
    history_blocks: tuple[Block, ...] = ()
    """The blocks the information state adds after the observation's (see the module
    docstring)."""

    @property
    def num_actions(self) -> int:
        """The number of distinct action ids (ids are ``0 .. num_actions - 1``)."""
        return len(self.action_names)

    @property
    def observation_size(self) -> int:
        """The length of every observation vector of this game."""
        return sum(block.size for block in self.blocks)

    @property
    def information_state_size(self) -> int:
        """The length of every information-state vector of this game."""
        return self.observation_size + sum(block.size for block in self.history_blocks)

    def layout(self, information_state: bool = False) -> tuple[tuple[str, int, int], ...]:
        """The observation's blocks (with ``information_state``, the information state's) as
        (name, first index, size), in order."""
        rows = []
        start = 0
        for block in self._blocks(information_state):
            rows.append((block.name, start, block.size))
            start += block.size
        return tuple(rows)

    def _blocks(self, information_state: bool) -> tuple[Block, ...]:
        return self.blocks + self.history_blocks if information_state else self.blocks

    @abc.abstractmethod
    def actions_of_text(self, text: str) -> tuple[int, ...]:
        """The sub-action ids of the canonical move text ``text``; `EncodingError` if none."""

    @abc.abstractmethod
    def text_of_actions(self, actions: tuple[int, ...]) -> str:
        """The move text of a complete sub-action sequence; `EncodingError` if it is not one."""

    def actions(self, state: Any, move: Move) -> tuple[int, ...]:
        """The sub-action ids of ``move`` (the same in every state; ``state`` is for symmetry
        with `decode_actions`)."""
        del state
        return _actions_of_text(self, str(move))

    def decode_actions(self, state: Any, actions: Sequence[int]) -> Move:
        """The move of the complete sub-action sequence ``actions``, parsed in ``state``."""
        return parse_move(state, self.text_of_actions(self._checked(actions)))

    def legal_table(self, state: Any) -> LegalTable:
        """The legal moves of ``state`` keyed by their ids (cached per state)."""
        return _legal_table(self, state)

    def legal_actions(self, state: Any, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """The ids that extend ``prefix`` towards at least one legal move, ascending (empty at a
        chance node, once the match is over, or after a prefix that leads nowhere)."""
        return self.legal_table(state).following.get(tuple(prefix), ())

    def legal_mask(self, state: Any, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """A 0/1 flag per id: 1 exactly for the ids of `legal_actions`."""
        mask = [0] * self.num_actions
        for action in self.legal_actions(state, prefix):
            mask[action] = 1
        return tuple(mask)

    def complete(self, state: Any, actions: Sequence[int]) -> Move | None:
        """The legal move whose ids are exactly ``actions``, or ``None`` if they are a proper
        prefix of some (or of none)."""
        return self.legal_table(state).moves.get(tuple(actions))

    def observation(self, state: Any, seat: int | None, prefix: Sequence[int] = ()) -> list[float]:
        """The observation of ``state`` for ``seat`` (``None``: a spectator, laid out as seat
        0), with the seat's pending ``prefix``: `observation_size` floats, block by block."""
        return self._vector(state, seat, prefix, self.blocks)

    def information_state(
        self, state: Any, seat: int | None, prefix: Sequence[int] = ()
    ) -> list[float]:
        """The observation followed by the ``history_blocks``: `information_state_size`
        floats, built from the same view."""
        return self._vector(state, seat, prefix, self.blocks + self.history_blocks)

    def _vector(
        self, state: Any, seat: int | None, prefix: Sequence[int], blocks: tuple[Block, ...]
    ) -> list[float]:
        seen = view(state, seat).to_dict()
        me = 0 if seat is None else seat
        pending = tuple(prefix)
        values: list[float] = []
        for block in blocks:
            part = block.fill(seen, me, pending)
            if len(part) != block.size:
                raise AssertionError(f"{block.name} gave {len(part)} floats, not {block.size}")
            values.extend(float(value) for value in part)
        return values

    def _checked(self, actions: Sequence[int]) -> tuple[int, ...]:
        ids = tuple(actions)
        for action in ids:
            if type(action) is not int or not 0 <= action < self.num_actions:
                raise EncodingError(
                    f"{describe(action)} is not an action id of {self.game} "
                    f"(0 to {self.num_actions - 1})"
                )
        return ids


@functools.lru_cache(maxsize=8192)
def _actions_of_text(encoding: Encoding, text: str) -> tuple[int, ...]:
    """`Encoding.actions_of_text`, remembered: the same move texts come up in state after
    state (the map does not depend on the state, so caching is safe)."""
    return encoding.actions_of_text(text)


@functools.lru_cache(maxsize=128)
def _legal_table(encoding: Encoding, state: Any) -> LegalTable:
    """The legal table of ``state`` (states are immutable and hashable, so caching is safe)."""
    if not isinstance(current_player(state), int):
        return LegalTable(moves={}, following={})
    return LegalTable.build([(encoding.actions(state, move), move) for move in legal_moves(state)])


class FlatEncoding(Encoding):
    """An encoding in which every move is a single id."""

    def encode(self, state: Any, move: Move) -> int:
        """The id of ``move``; `EncodingError` if the game has none for it."""
        (action,) = self.actions(state, move)
        return action

    def decode(self, state: Any, action: int) -> Move:
        """The move of id ``action`` in ``state`` (`EncodingError` for an id out of range)."""
        return self.decode_actions(state, (action,))


class SubActionEncoding(Encoding):
    """An encoding in which some moves are several ids in a row (see the game's module)."""

    def encode(self, state: Any, move: Move) -> tuple[int, ...]:
        """The sub-action ids of ``move``; `EncodingError` if the game has none for it."""
        return self.actions(state, move)

    def decode(self, state: Any, actions: Sequence[int]) -> Move:
        """The move of the complete sub-action sequence ``actions`` in ``state``."""
        return self.decode_actions(state, actions)


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (all zeros for ``None``)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def play_sequence_block(players: int, face_index: Mapping[Card, int], plays: int) -> Block:
    """The block of the deal's cards in the order played (the view's ``played``): for each of
    the ``plays`` places of a deal, the seat that played it counted from the observer (one-hot
    over ``players``) then its face (one-hot over ``face_index``); zeros for places not yet
    played."""
    faces = len(face_index)
    width = players + faces

    def fill(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
        values = [0.0] * (plays * width)
        for place, (seat, text) in enumerate(seen["played"][:plays]):
            values[place * width + (seat - me) % players] = 1.0
            values[place * width + players + face_index[parse_card(text)]] = 1.0
        return values

    return Block(
        name="play_sequence",
        size=plays * width,
        doc=f"the deal's cards in playing order: per place ({plays}), the seat from the observer "
        f"({players}) then the face ({faces}), one-hot",
        fill=fill,
    )


def relative(seat: int | None, me: int, players: int) -> int | None:
    """``seat`` counted from ``me`` (0 is ``me``, 1 the next seat…), or ``None``."""
    return None if seat is None else (seat - me) % players


def card_counts(cards: Sequence[str], index: Mapping[Card, int], size: int) -> list[float]:
    """How many of each face ``cards`` (card texts) hold, over a face ``index`` of ``size``."""
    values = [0.0] * size
    for text in cards:
        values[index[parse_card(text)]] += 1.0
    return values


def seat_observer(key: str, players: int) -> Observer:
    """The observer of the seat the view names at ``key``, one-hot counted from the observer
    (all zeros when the view names none)."""
    return lambda seen, me, pending: one_hot(relative(seen[key], me, players), players)


def two_seat_observer(key: str, scale: float) -> Observer:
    """The observer of a two-seat pair the view holds at ``key``: the observer's value, then
    the other seat's, each divided by ``scale``."""
    return lambda seen, me, pending: [seen[key][me] / scale, seen[key][1 - me] / scale]


def trick_observer(key: str, players: int, face_index: Mapping[Card, int]) -> Observer:
    """The observer of the trick the view holds at ``key`` (``(seat, card)`` pairs): per seat
    counted from the observer, a one-hot block of the card it played, over ``face_index``."""
    faces = len(face_index)

    def fill(seen: Mapping[str, Any], me: int, pending: tuple[int, ...]) -> list[float]:
        values = [0.0] * (players * faces)
        for seat, text in seen[key]:
            values[(seat - me) % players * faces + face_index[parse_card(text)]] = 1.0
        return values

    return fill


def trick_blocks(players: int, face_index: Mapping[Card, int]) -> tuple[Block, Block]:
    """The blocks of the view's current trick (``trick``) and last finished trick
    (``last_trick``), each laid out by `trick_observer`: what every trick game observes of its
    tricks."""
    size = players * len(face_index)
    return (
        Block(
            name="trick",
            size=size,
            doc=f"the current trick: {len(face_index)} per seat, from the observer",
            fill=trick_observer("trick", players, face_index),
        ),
        Block(
            name="last_trick",
            size=size,
            doc="the last finished trick, laid out like trick",
            fill=trick_observer("last_trick", players, face_index),
        ),
    )


def cards_observer(key: str, face_index: Mapping[Card, int]) -> Observer:
    """The observer of the cards the view lists at ``key`` (card texts): how many of each face,
    over ``face_index``."""
    faces = len(set(face_index.values()))
    return lambda seen, me, pending: card_counts(seen[key], face_index, faces)


def turnup_observer(face_index: Mapping[Card, int]) -> Observer:
    """The observer of the view's ``turnup`` card, one-hot over ``face_index`` (all zeros when
    none lies there)."""
    faces = len(set(face_index.values()))
    return lambda seen, me, pending: card_counts(
        [seen["turnup"]] if seen["turnup"] else [], face_index, faces
    )


SUIT_LETTERS: tuple[str, ...] = tuple(suit.letter for suit in Suit)
"""The suits' letters in the notation's order (S H D C), as the views write them."""


def suit_observer(key: str) -> Observer:
    """The observer of the suit the view names at ``key`` (a letter of S H D C), one-hot (all
    zeros when it names none)."""
    return lambda seen, me, pending: one_hot(
        SUIT_LETTERS.index(seen[key]) if seen[key] else None, len(SUIT_LETTERS)
    )


def phase_block(phases: tuple[str, ...]) -> Block:
    """The block of the view's ``phase``: one-hot over the game's ``phases`` names, in order
    (its doc lists them)."""
    return Block(
        name="phase",
        size=len(phases),
        doc=", ".join(phases),
        fill=lambda seen, me, pending: one_hot(phases.index(seen["phase"]), len(phases)),
    )


for _public in (EncodingError,):
    _public.__module__ = "parlour.encoding"  # as users import it
