"""What a bot writer reads off a trick game's view: the suit led, the seat and card winning the
trick in play, and whether the viewer's partner is winning it.

`TrickView` is a mixin of the views of Belote, Coinche, Écarté and Bezique. Each of them says,
by `TrickView.trick_ranking`, which `CardTable` and which trump index the trick in play is won
under; the winner is then the table's own `CardTable.winning_index`, the one the rules use.
"""

from __future__ import annotations

from parlour.base import Card, Suit, describe
from parlour.tricks._evaluator import CardTable

__all__ = ["TrickView", "card_strength_in", "trump_index"]


class TrickView:
    """The trick helpers of a trick game's view (``isinstance(view, parlour.tricks.TrickView)``
    tells a generic bot that they are there).

    * ``led_suit``: the suit of the trick's first card, ``None`` while the trick is empty.
    * ``trick_winner``: (seat, card) winning the trick in play so far, ``None`` while it is
      empty; it is the trick's winner once every card is played.
    * ``partner_winning``: whether that seat is the viewer's partner (never the viewer itself);
      ``None`` while the trick is empty and in a spectator's view. In a two-player game (Écarté,
      Bezique) no seat has a partner, so it is ``False`` whenever it is not ``None``.
    """

    __slots__ = ()

    seat: int | None
    teams: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, Card], ...]

    def trick_ranking(self) -> tuple[CardTable, int]:
        """The card table and the trump index (0..3, or `NO_TRUMP`) that the trick in play is
        won under; each game's view says (it is asked only while the trick is not empty)."""
        raise NotImplementedError

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the card led to the trick in play; ``None`` while the trick is empty."""
        if not self.trick:
            return None
        return self.trick[0][1].suit

    @property
    def trick_winner(self) -> tuple[int, Card] | None:
        """The (seat, card) winning the trick in play so far; ``None`` while it is empty."""
        if not self.trick:
            return None
        table, trump = self.trick_ranking()
        index_of = table.index_of
        return self.trick[table.winning_index(trump, [index_of[card] for _, card in self.trick])]

    @property
    def partner_winning(self) -> bool | None:
        """Whether the viewer's partner is winning the trick in play; ``None`` while the trick
        is empty or for a spectator (always ``False`` otherwise in a two-player game)."""
        winner = self.trick_winner
        seat = self.seat
        if winner is None or seat is None:
            return None
        return winner[0] != seat and any(seat in team and winner[0] in team for team in self.teams)


def trump_index(trump: object) -> int:
    """The index (0..3) of the suit ``trump``; a `TypeError` for anything that is not a `Suit`."""
    if not isinstance(trump, Suit):
        raise TypeError(f"a trump must be a parlour Suit (Suit.HEARTS, …), not {describe(trump)}")
    return int(trump)


def card_strength_in(table: CardTable, card: object, trump: int, deck_name: str) -> int:
    """The strength of ``card`` (a `Card` of ``table``'s deck) under the trump index ``trump``:
    its power in ``table``, so that within a suit the card that beats another is the stronger,
    and every trump is stronger than every plain card. Errors as `CardTable.index`."""
    return table.power[trump][table.index(card, deck_name)]
