"""A perfect-information solver for the trick games: the best play when every hand is known.

`solve` searches the rest of a deal from a `TrickEnding` (the hands, the trick under way, the
trump and the game's obligation records through its `TrickEvaluator`) by alpha-beta with a
transposition table, and gives the points the first team takes from here on with best play by
both sides, with the value of each card the seat to act may play.

What a trick is worth is data (`TrickScoring`): per card a value (Belote's card points, the
brisques of Bezique), a value per trick (1 in Écarté, where tricks count), a bonus for the last
trick, and optionally the points of a team that takes every trick (Belote's capot). The search
never reads a game's rules otherwise: the cards a seat may play are the evaluator's, so the
solver plays by the same records as `legal_moves`.

Speed comes from how the tree is read, not from another copy of the rules: hands are bitmasks,
the legal cards come from `TrickEvaluator.allowed`, cards of one suit that no card left in play
separates are one move (equivalent cards), winning and valuable cards are tried first, the
transposition table is keyed on the remaining hands, the trick and the seat that led it (and,
with a capot, who has taken every trick so far), and the points still in play bound the search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from parlour.base import bit_indexes, team_of_seat
from parlour.tricks._evaluator import TrickEvaluator

__all__ = ["Solution", "SupportsSolver", "TrickEnding", "TrickScoring", "solve", "taken_by"]


@attrs.frozen(slots=True, kw_only=True)
class TrickScoring:
    """What the tricks of a deal are worth to the team that takes them.

    ``card_values[c]`` is card ``c``'s value (for the deal's trump); ``per_trick`` is added for
    each trick taken; ``last_trick`` for the deal's last trick; ``all_tricks``, when set, is what
    a team that takes every trick scores instead of the sum (Belote's capot, 252).
    """

    card_values: tuple[int, ...]
    per_trick: int = 0
    last_trick: int = 0
    all_tricks: int | None = None


@attrs.frozen(slots=True, kw_only=True)
class TrickEnding:
    """A position of trick play with every hand known: per seat its hand (a bitmask of card
    indexes of the evaluator's deck), the cards of the trick under way in the order played,
    the seat that led it, and the trump (0-3, or `NO_TRUMP`; with ``trump_led`` each trick's
    trump is the suit led to it, as in Coinche's Tout-Atout). ``taken`` says who has taken
    the tricks of the deal so far: ``None`` for no trick yet, a team index if that team took
    them all, -1 if both teams have taken some (it matters only with ``all_tricks``)."""

    evaluator: TrickEvaluator
    scoring: TrickScoring
    trump: int
    hands: tuple[int, ...]
    trick: tuple[int, ...] = ()
    leader: int
    taken: int | None = None
    trump_led: bool = False

    @property
    def to_act(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % len(self.hands)


def taken_by(won: Sequence[int]) -> int | None:
    """`TrickEnding.taken` from the cards each team has won this deal (a mask per team):
    ``None`` for none, the team that has them all, or -1 when both teams have taken some."""
    winners = [team for team, cards in enumerate(won) if cards]
    if not winners:
        return None
    return winners[0] if len(winners) == 1 else -1


@runtime_checkable
class SupportsSolver(Protocol):
    """A game object whose card play `solve` can search: ``trick_ending(state)`` gives the
    state's card play as a `TrickEnding` (`ValueError` outside the card play). Belote, Coinche
    and Écarté have one (``parlour.belote.trick_ending``...); the PIMC agent reads it."""

    def trick_ending(self, state: Any) -> TrickEnding: ...


@attrs.frozen(slots=True, kw_only=True)
class Solution:
    """The result of `solve`. ``points``: what the first team (the team of seat 0) takes from
    the position on, with best play by both sides (the second team plays to keep it low);
    ``in_play``: the points still to be taken, a sweep apart (so the second team takes
    ``in_play - points`` unless it takes every trick of the deal); ``card_points``: per card
    the seat to act may play, the first team's points after it; ``best``: the cards that
    achieve ``points``; ``nodes``: the positions searched."""

    points: int
    in_play: int
    card_points: tuple[tuple[int, int], ...]
    best: tuple[int, ...]
    nodes: int


_INFINITY = 1 << 30


class _Search:
    """One search: the position's constants and the transposition table."""

    def __init__(self, ending: TrickEnding) -> None:
        evaluator = ending.evaluator
        table = evaluator.table
        self.allowed = evaluator.allowed
        self.winning_index = table.winning_index
        self.fixed_trump = -1 if ending.trump_led else ending.trump
        self.powers = table.power
        self.suit_of = table.suit_of
        self.players = len(ending.hands)
        self.team = team_of_seat(evaluator.rules.teams)
        scoring = ending.scoring
        self.values = scoring.card_values
        self.per_trick = scoring.per_trick
        self.last_bonus = scoring.last_trick
        self.sweep_bonus = 0
        if scoring.all_tricks is not None:
            nominal = (
                sum(scoring.card_values)
                + scoring.per_trick * (len(table.cards) // self.players)
                + scoring.last_trick
            )
            self.sweep_bonus = scoring.all_tricks - nominal
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0

    def in_play(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """The points still to be taken, a sweep apart: cards in hand and in the trick, the
        tricks' values, the last trick's bonus."""
        cards = [*trick, *(card for hand in hands for card in bit_indexes(hand))]
        tricks = len(cards) // self.players
        value = sum(self.values[card] for card in cards)
        return value + tricks * self.per_trick + (self.last_bonus if tricks else 0)

    def moves(
        self, hands: tuple[int, ...], trick: tuple[int, ...], seat: int, *, merge: bool = True
    ) -> list[int]:
        """The cards ``seat`` may play, one per run of equivalent cards (same suit and value,
        no other card still in play at or between their ranks; every card without ``merge``),
        likely best
        first: in a trick under way
        the cards that take it (the most valuable first), then the others (the cheapest
        first); on a lead, the highest cards first."""
        in_play = 0
        for hand in hands:
            in_play |= hand
        suit_of = self.suit_of
        values = self.values
        trump = self.trump_of(trick)
        powers = self.powers

        def power_of(card: int) -> int:
            # a lead under ``trump_led`` is ranked as the trump it makes its suit
            return powers[suit_of[card] if trump < 0 else trump][card]

        cards = sorted(
            bit_indexes(self.allowed(trump, hands[seat], trick)),
            key=lambda card: (suit_of[card], power_of(card)),
        )
        others = [*bit_indexes(in_play), *trick]  # a card in the trick separates runs too
        kept: list[int] = []
        for card in cards:
            if kept and merge:
                previous = kept[-1]
                suit = suit_of[card]
                if suit_of[previous] == suit and values[previous] == values[card]:
                    # another card of the suit in play at or between their powers (a copy of
                    # either, in a two-pack game) would tell them apart
                    low, high = power_of(previous), power_of(card)
                    if not any(
                        suit_of[other] == suit and low <= power_of(other) <= high
                        for other in others
                        if other != previous and other != card
                    ):
                        kept[-1] = card  # the higher of the two stands for both
                        continue
            kept.append(card)
        if trick:
            position = len(trick)

            def order(card: int) -> tuple[int, int]:
                takes = self.winning_index(trump, (*trick, card)) == position
                return (0, -values[card]) if takes else (1, values[card])

            kept.sort(key=order)
        else:
            kept.sort(key=lambda card: (-power_of(card), card))
        return kept

    def trump_of(self, trick: Sequence[int]) -> int:
        """The trump the trick is played under (-1: a lead to come under ``trump_led``)."""
        if self.fixed_trump >= 0 or not trick:
            return self.fixed_trump
        return self.suit_of[trick[0]]

    def value(
        self,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        leader: int,
        taken: int | None,
        alpha: int,
        beta: int,
        left: int,
    ) -> int:
        """The first team's points from here on with best play: exact when the result lies
        strictly inside (``alpha``, ``beta``), else a bound on that side of the window.
        ``left``: the points still in play, a sweep apart (the most the first team can take
        unless it sweeps)."""
        self.nodes += 1
        if not trick and not any(hands):
            return 0
        most = left + (self.sweep_bonus if taken is None or taken == 0 else 0)
        if most <= alpha:
            return most  # even every point left cannot reach alpha
        if beta <= 0:
            return 0
        key = (hands, trick, leader, taken if self.sweep_bonus else None)
        entry = self.table.get(key) if not trick else None
        lower, upper = entry if entry is not None else (0, _INFINITY)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)  # still a window: lower < upper
        window = (alpha, beta)
        seat = (leader + len(trick)) % self.players
        maximising = self.team[seat] == 0
        best = -1 if maximising else _INFINITY
        for card in self.moves(hands, trick, seat):
            result = self.after(hands, trick, leader, taken, seat, card, alpha, beta, left)
            if maximising:
                best = max(best, result)
                alpha = max(alpha, best)
            else:
                best = min(best, result)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= window[0]:
            upper = min(upper, best)
        elif best >= window[1]:
            lower = max(lower, best)
        else:
            lower = upper = best
        if not trick:
            self.table[key] = (lower, upper)
        return best

    def after(
        self,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        leader: int,
        taken: int | None,
        seat: int,
        card: int,
        alpha: int,
        beta: int,
        left: int,
    ) -> int:
        """The first team's points from here on once ``seat`` has played ``card``."""
        new_hands = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
        new_trick = (*trick, card)
        if len(new_trick) < self.players:
            return self.value(new_hands, new_trick, leader, taken, alpha, beta, left)
        winner = (leader + self.winning_index(self.trump_of(new_trick), new_trick)) % self.players
        team = self.team[winner]
        now_taken = team if taken is None or taken == team else -1
        points = sum(self.values[played] for played in new_trick) + self.per_trick
        last = not any(new_hands)
        if last:
            points += self.last_bonus
        gained = points if team == 0 else 0
        if last:
            return gained + (self.sweep_bonus if team == 0 and now_taken == 0 else 0)
        rest = left - points
        return gained + self.value(
            new_hands, (), winner, now_taken, alpha - gained, beta - gained, rest
        )


def solve(ending: TrickEnding) -> Solution:
    """The best play from ``ending``: see `Solution`.

    Raises `ValueError` for an ending that cannot be played out: a trick as long as the
    table, a card in two places, or hands whose sizes do not finish the trick and the deal
    together.
    """
    _check(ending)
    search = _Search(ending)
    seat = ending.to_act
    in_play = search.in_play(ending.hands, ending.trick)
    results = [
        (card, search.after(ending.hands, ending.trick, ending.leader, ending.taken, seat, card,
                            -1, _INFINITY, in_play))
        for card in search.moves(ending.hands, ending.trick, seat, merge=False)
    ]  # fmt: skip
    pick = max if search.team[seat] == 0 else min
    points = pick(value for _, value in results)
    return Solution(
        points=points,
        in_play=in_play,
        card_points=tuple(sorted(results)),
        best=tuple(sorted(card for card, value in results if value == points)),
        nodes=search.nodes,
    )


def _check(ending: TrickEnding) -> None:
    """`ValueError` unless ``ending`` can be played out (see `solve`)."""
    players = len(ending.hands)
    if len(ending.trick) >= players:
        raise ValueError(f"a trick holds at most {players - 1} cards before it is complete")
    seen = 0
    for mask in (*ending.hands, *(1 << card for card in ending.trick)):
        if seen & mask:
            raise ValueError("a card is in two places")
        seen |= mask
    sizes = [bin(hand).count("1") for hand in ending.hands]
    most = max(sizes)
    for offset in range(players):
        seat = (ending.leader + offset) % players
        if sizes[seat] != most - (1 if offset < len(ending.trick) else 0):
            raise ValueError(f"hands of sizes {sizes} cannot finish the trick and the deal")
