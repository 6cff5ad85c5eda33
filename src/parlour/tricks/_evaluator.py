"""Trick-taking shared by Belote, Bezique and Écarté: rank tables, the trick winner, and the
evaluator that reads a game's obligation records.

Cards are small ints (indexes into a game's deck) and hands are bitmasks. A game describes its
play duties as an ordered tuple of `Obligation` records; the `TrickEvaluator` narrows the hand
clause by clause, so `legal_moves` (the cards left) and `check` (the first clause that rules a
card out) share one source of truth. A variant is a different tuple of records, not new code.

How one clause narrows: when all its conditions hold, the cards it demands are looked up among
the cards still allowed; if there are any, every allowed card in the clause's scope that is not
demanded is ruled out, with the clause's rule id. A duty the hand cannot meet binds nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from parlour.base import (
    Card,
    NotationError,
    Rank,
    Suit,
    Teams,
    same_team_at_offset,
)

__all__ = [
    "NO_TRUMP",
    "CardTable",
    "Condition",
    "Demand",
    "FollowSteps",
    "Obligation",
    "Scope",
    "TrickEvaluator",
    "TrickRules",
]

NO_TRUMP = 4
"""The trump index meaning that no suit is trump (suits are 0..3)."""


class Condition(enum.IntFlag):
    """A fact about the trick so far that a clause may require."""

    ALWAYS = 0
    TRUMP_LED = 1
    PLAIN_LED = 2
    PARTNER_WINNING = 4
    OPPONENT_WINNING = 8
    TRUMP_IN_TRICK = 16
    NO_TRUMP_IN_TRICK = 32


class Demand(enum.IntEnum):
    """The cards a clause asks for."""

    LED_SUIT = 0
    """cards of the suit led"""
    BEAT_LED_CARD = 1
    """cards of the suit led that rank above the card led"""
    TRUMPS = 2
    """trumps"""
    OVERTRUMP = 3
    """trumps that rank above the highest trump in the trick (any trump if none was played)"""


class Scope(enum.IntEnum):
    """Which of the allowed cards a clause may rule out."""

    ANY_CARD = 0
    TRUMPS = 1
    """only trumps: the clause says 'if you play a trump, it must be one demanded'"""


@attrs.frozen(slots=True, kw_only=True)
class Obligation:
    """One duty of the player following to a trick.

    ``message`` is a template for a player; it may use ``{card}`` (the card refused),
    ``{led_suit}``, ``{led_card}``, ``{trump}``, ``{highest_trump}`` and ``{required}`` (the
    cards that would satisfy the duty).
    """

    rule: str
    demand: Demand
    when: Condition = Condition.ALWAYS
    scope: Scope = Scope.ANY_CARD
    message: str = "{card} breaks the rule {rule}"


@attrs.frozen(slots=True)
class TrickRules:
    """A game's play duties, in the order they are checked, and its seating."""

    obligations: tuple[Obligation, ...]
    teams: Teams
    partner_at_offset: tuple[bool, ...] = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda rules: same_team_at_offset(rules.teams), takes_self=True),
    )  # fmt: skip
    """Whether the seat ``d`` places after another is its partner (from ``teams``)."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return len(self.partner_at_offset)

    @property
    def partnerships(self) -> bool:
        """Whether any seat has a partner."""
        return any(self.partner_at_offset[1:])


@attrs.frozen(slots=True, kw_only=True)
class CardTable:
    """A deck as the evaluator sees it: per card its suit, and its power under each trump.

    ``trump_order`` and ``plain_order`` list ranks from highest to lowest. Under trump ``t``
    (0..3, or `NO_TRUMP`), a trump's power is above every plain card's.
    """

    cards: tuple[Card, ...]
    suit_of: tuple[int, ...]
    suit_masks: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    beaten_by: tuple[tuple[int, ...], ...]
    takes_from: tuple[tuple[int, ...], ...] = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda table: _takes_from(table), takes_self=True),
    )  # fmt: skip
    """Under each trump, per card: the cards that would win the trick from it while it is the
    card winning (higher cards of its suit, and every trump if it is not one)."""
    index_of: dict[Card, int] = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(
            lambda table: {card: table.cards.index(card) for card in table.cards}, takes_self=True
        ),
    )  # fmt: skip
    """Each card face's index in ``cards`` (its first copy's, in a deck with two of each)."""

    @classmethod
    def build(
        cls, cards: Sequence[Card], trump_order: Sequence[Rank], plain_order: Sequence[Rank]
    ) -> CardTable:
        """Precompute the tables for ``cards`` (card ``i`` is bit ``i`` of a hand)."""
        suit_of = tuple(int(card.suit) if card.suit is not None else NO_TRUMP for card in cards)
        suit_masks = tuple(
            sum(1 << index for index, suit in enumerate(suit_of) if suit == wanted)
            for wanted in range(5)
        )
        power_by_trump: list[tuple[int, ...]] = []
        beaten_by_trump: list[tuple[int, ...]] = []
        for trump in range(5):
            power = []
            for card, suit in zip(cards, suit_of, strict=True):
                if suit == trump:
                    power.append(100 + len(trump_order) - trump_order.index(card.rank))
                else:
                    power.append(len(plain_order) - plain_order.index(card.rank))
            beaten = tuple(
                sum(
                    1 << other
                    for other in range(len(cards))
                    if suit_of[other] == suit_of[index] and power[other] > power[index]
                )
                for index in range(len(cards))
            )
            power_by_trump.append(tuple(power))
            beaten_by_trump.append(beaten)
        return cls(
            cards=tuple(cards),
            suit_of=suit_of,
            suit_masks=suit_masks,
            power=tuple(power_by_trump),
            beaten_by=tuple(beaten_by_trump),
        )

    def index(self, card: object, deck_name: str) -> int:
        """The index of ``card`` (a `Card`) in ``cards``: a `TypeError` for anything that is not
        a `Card`, a `NotationError` for a card of no copy in the deck (``deck_name`` says whose,
        in the message)."""
        if not isinstance(card, Card):
            raise TypeError(
                f"a card must be a parlour Card (parlour.parse_card reads one), "
                f"not {type(card).__name__}"
            )
        index = self.index_of.get(card)
        if index is None:
            raise NotationError(f"{card.text} is not a card of the {deck_name} deck")
        return index

    def winning_index(self, trump: int, trick: Sequence[int]) -> int:
        """The position in ``trick`` of the card that wins it so far.

        The highest trump wins; with no trump, the highest card of the suit led; cards of another
        suit never win; of two identical cards the one played first wins.
        """
        power = self.power[trump]
        suit_of = self.suit_of
        led = suit_of[trick[0]]
        best = 0
        best_power = power[trick[0]]
        for position in range(1, len(trick)):
            card = trick[position]
            suit = suit_of[card]
            if suit in (led, trump) and power[card] > best_power:
                best = position
                best_power = power[card]
        return best


def _takes_from(table: CardTable) -> tuple[tuple[int, ...], ...]:
    """`CardTable.takes_from` of ``table``'s other tables."""
    return tuple(
        tuple(
            beaten | (table.suit_masks[trump] if suit != trump else 0)
            for beaten, suit in zip(table.beaten_by[trump], table.suit_of, strict=True)
        )
        for trump in range(5)
    )


FollowSteps = tuple[tuple[int, int], ...]
"""Clauses compiled for one situation: per clause that binds there, the cards it demands and
the allowed cards it leaves alone (those outside its scope). Narrowing a hand by them: each
clause the cards still allowed can meet keeps only its demanded cards and the ones it leaves
alone; a clause the hand cannot meet binds nothing."""


_TRUMP_LED = int(Condition.TRUMP_LED)
_PLAIN_LED = int(Condition.PLAIN_LED)
_PARTNER_WINNING = int(Condition.PARTNER_WINNING)
_OPPONENT_WINNING = int(Condition.OPPONENT_WINNING)
_TRUMP_IN_TRICK = int(Condition.TRUMP_IN_TRICK)
_NO_TRUMP_IN_TRICK = int(Condition.NO_TRUMP_IN_TRICK)


class TrickEvaluator:
    """Legal cards and violations for one game's `TrickRules` over its `CardTable`."""

    __slots__ = ("_cards", "_clauses", "_compiled", "obligations", "rules", "table")

    def __init__(self, table: CardTable, rules: TrickRules) -> None:
        self.table = table
        self.rules = rules
        self.obligations = rules.obligations
        self._clauses = tuple(
            (int(obligation.when), int(obligation.demand), obligation.scope is Scope.TRUMPS)
            for obligation in rules.obligations
        )
        self._cards = len(table.cards)
        self._compiled: list[FollowSteps | None] = [None] * (5 * self._cards * self._cards * 2)
        """The clauses compiled per situation, filled on first use (see `following`)."""

    def following(
        self, trump: int, hand: int, led_card: int, winning_card: int, partner_winning: bool
    ) -> int:
        """The cards of ``hand`` that may be played to a trick led with ``led_card`` in which
        ``winning_card`` wins so far (``partner_winning``: played by the partner of the seat to
        act); the same answer as `allowed`, from what a game keeps about the trick.

        The clauses that bind in that situation are compiled once into (demanded, kept) mask
        pairs, so each call is a few ``&`` and ``|`` (see `FollowSteps`).
        """
        cards = self._cards
        key = ((trump * cards + led_card) * cards + winning_card) * 2 + partner_winning
        steps = self._compiled[key]
        if steps is None:
            steps = self._compile(trump, led_card, winning_card, partner_winning)
            self._compiled[key] = steps
        allowed = hand
        for demanded, kept in steps:
            candidates = allowed & demanded
            if candidates:
                allowed = candidates | (allowed & kept)
        return allowed

    def _compile(
        self, trump: int, led_card: int, winning_card: int, partner_winning: bool
    ) -> FollowSteps:
        table = self.table
        trump_mask = table.suit_masks[trump]
        trump_in_trick = table.suit_of[winning_card] == trump
        active = _TRUMP_LED if table.suit_of[led_card] == trump else _PLAIN_LED
        active |= _TRUMP_IN_TRICK if trump_in_trick else _NO_TRUMP_IN_TRICK
        active |= _PARTNER_WINNING if partner_winning else _OPPONENT_WINNING
        demands = (
            table.suit_masks[table.suit_of[led_card]],
            table.beaten_by[trump][led_card],
            trump_mask,
            table.beaten_by[trump][winning_card] if trump_in_trick else trump_mask,
        )
        return tuple(
            (demands[demand], ~trump_mask if trumps_only else 0)
            for when, demand, trumps_only in self._clauses
            if when & active == when
        )

    def _situation(self, trump: int, trick: Sequence[int]) -> tuple[int, tuple[int, int, int, int]]:
        table = self.table
        suit_of = table.suit_of
        led_card = trick[0]
        led = suit_of[led_card]
        trump_mask = table.suit_masks[trump]
        highest_trump = -1
        highest_power = -1
        power = table.power[trump]
        for card in trick:
            if suit_of[card] == trump and power[card] > highest_power:
                highest_trump = card
                highest_power = power[card]
        active = _TRUMP_LED if led == trump else _PLAIN_LED
        if highest_trump >= 0:
            active |= _TRUMP_IN_TRICK
            overtrump = table.beaten_by[trump][highest_trump]
        else:
            active |= _NO_TRUMP_IN_TRICK
            overtrump = trump_mask
        rules = self.rules
        if rules.partnerships:
            winner = table.winning_index(trump, trick)
            if rules.partner_at_offset[(len(trick) - winner) % rules.players]:
                active |= _PARTNER_WINNING
            else:
                active |= _OPPONENT_WINNING
        else:
            active |= _OPPONENT_WINNING
        demands = (
            table.suit_masks[led],
            table.beaten_by[trump][led_card],
            trump_mask,
            overtrump,
        )
        return active, demands

    def allowed(self, trump: int, hand: int, trick: Sequence[int]) -> int:
        """The bitmask of the cards of ``hand`` that may be played to ``trick``."""
        if not trick:
            return hand
        winner = self.table.winning_index(trump, trick)
        rules = self.rules
        partner_winning = (
            rules.partnerships and rules.partner_at_offset[(len(trick) - winner) % rules.players]
        )
        return self.following(trump, hand, trick[0], trick[winner], partner_winning)

    def violation(
        self, trump: int, hand: int, trick: Sequence[int], card: int
    ) -> tuple[Obligation, str] | None:
        """The first clause that rules ``card`` (held in ``hand``) out, with its message."""
        if not trick:
            return None
        active, demands = self._situation(trump, trick)
        trump_mask = self.table.suit_masks[trump]
        allowed = hand
        bit = 1 << card
        for obligation, (when, demand, trumps_only) in zip(
            self.obligations, self._clauses, strict=True
        ):
            if when & active != when:
                continue
            candidates = allowed & demands[demand]
            if candidates:
                allowed = candidates | (allowed & ~trump_mask) if trumps_only else candidates
                if not allowed & bit:
                    return obligation, self._message(obligation, trump, trick, card, candidates)
        return None

    def _message(
        self, obligation: Obligation, trump: int, trick: Sequence[int], card: int, required: int
    ) -> str:
        table = self.table
        cards = table.cards
        power = table.power[trump]
        trumps_played = [played for played in trick if table.suit_of[played] == trump]
        highest = max(trumps_played, key=power.__getitem__) if trumps_played else None
        led = table.suit_of[trick[0]]
        return obligation.message.format(
            rule=obligation.rule,
            card=cards[card].symbol,
            led_card=cards[trick[0]].symbol,
            led_suit=Suit(led).symbol if led < 4 else "jokers",
            trump=Suit(trump).symbol if trump < 4 else "none",
            highest_trump=cards[highest].symbol if highest is not None else "none",
            required=" ".join(
                cards[index].symbol for index in range(len(cards)) if required >> index & 1
            ),
        )
