"""Burraco's screen for a seat (`parlour.engine.SupportsScreen`, read by ``parlour play``): each
team's melds numbered as ``add <n>`` numbers them (one's own team's) with their kind, the card
acting as wild and where, and whether each is a burraco and clean or dirty; the discard pile top
first and the card that may not be discarded; the stock; the pozzetti left and which team has
taken its own; the cards everybody knows a hand holds; the cards in each hand; all from the
seat's view. Burraco has no tricks: the last turn is told again from its events."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.base import Card, Rank
from parlour.burraco._view import BurracoView, MeldView
from parlour.engine import CardStyle, Event, Zone, seat_name

__all__ = ["last_play", "meld_text", "screen"]

_PLACE_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}


def _place(card: Card, index: int) -> int:
    """The place of a natural card of a sequence at ``index`` (an ace first is 1, else 14)."""
    if card.rank is Rank.ACE:
        return 1 if index == 0 else 14
    return int(card.rank)


def _wild_index(meld: MeldView) -> int | None:
    """Where in ``meld.cards`` the card acting as wild is, if there is one."""
    position = meld.wild_position
    if position is None:
        return None
    cards = meld.cards
    if meld.kind == "set":
        ranks = [card.rank for card in cards]
        natural = max(set(ranks), key=lambda rank: (ranks.count(rank), rank))
        return next(index for index, card in enumerate(cards) if card.rank is not natural)
    low = next(
        _place(card, index) - index
        for index, card in enumerate(cards)
        if card.rank not in (Rank.TWO, Rank.JOKER)
    )
    return position - low


def meld_text(meld: MeldView, style: CardStyle) -> str:
    """``sequence 6♦ 7♦ 🃏 (🃏 as 8♦), dirty`` or ``set Q♠ Q♣ Q♣, clean burraco``."""
    wild = _wild_index(meld)
    text = f"{meld.kind} {style.cards(meld.cards)}"
    if wild is not None:
        card = meld.cards[wild]
        if meld.kind == "sequence" and meld.wild_position is not None:
            suit = next(each.suit for each in meld.cards if each is not card and each.suit
                        is not None)  # fmt: skip
            rank = _PLACE_RANKS.get(meld.wild_position, str(meld.wild_position))
            text += f" ({style.card(card)} as {rank}{style.suit(suit) if suit else ''})"
        else:
            text += f" ({style.card(card)} wild)"
    kind = "burraco" if meld.burraco else f"{len(meld.cards)} cards"
    return f"{text}: {kind}, {'clean' if meld.clean else 'dirty'}"


def _team_words(team: Sequence[int], viewer: int | None) -> str:
    if viewer in team:
        return "your team" if len(team) > 1 else "you"
    return "seats " + " and ".join(str(seat) for seat in team) if len(team) > 1 else \
        f"seat {team[0]}"


def screen(view: BurracoView, events: Sequence[Event], style: CardStyle) -> tuple[Zone, ...]:
    """The zones of ``view`` in Burraco's words (``events``: unused, the view says it all)."""
    seat, teams = view.seat, view.teams
    zones = [Zone(label="Hand", text=f"{view.hand_number}, dealt by "
                                     f"{seat_name(view.dealer, seat, teams)}")]  # fmt: skip
    for number, team in enumerate(teams):
        melds = view.melds[number] if number < len(view.melds) else ()  # none between hands
        own = seat in team
        label = f"Melds of {_team_words(team, seat)}"
        if own:
            label += " (add <n> … adds to meld n)"
        lines = [f"{index}. {meld_text(meld, style)}" for index, meld in enumerate(melds, 1)]
        zones.append(Zone(label=label, text="".join(f"\n{line}" for line in lines) or "none yet"))
    pile = view.discard
    count = "1 card" if len(pile) == 1 else f"{len(pile)} cards"
    top = f"{count}, top first: {style.cards(pile)}" if pile else "empty"
    zones.append(Zone(label="Discard pile", text=top))
    actor = "-" if view.to_act is None else seat_name(view.to_act, seat, teams)
    if view.no_discard is not None:
        barred = style.card(view.no_discard)
        zones.append(Zone(label="This turn", text=f"{actor} took a one-card pile: no discard of "
                                                  f"{barred} this turn"))  # fmt: skip
    elif view.took_pile:
        zones.append(Zone(label="This turn", text=f"{actor} took the discard pile"))
    zones.append(Zone(label="Stock", text=f"{view.stock_size} cards"))
    pozzetti = zip(teams, view.pozzetto_of_team, strict=False)  # none between hands
    takers = [_team_words(team, seat) for team, taken in pozzetti if taken]
    taken = " and ".join(takers) or "no team yet"
    zones.append(Zone(label="Pozzetti", text=f"{view.pozzetti_left} left; taken by {taken}"))
    for owner, cards in enumerate(view.known_cards):
        if cards and owner != seat:
            zones.append(Zone(label=f"Known in the hand of {seat_name(owner, seat, teams)}",
                              text=f"{style.cards(cards)} (taken with the pile)"))  # fmt: skip
    sizes = ", ".join(f"{seat_name(owner, seat, teams)} {size}"
                      for owner, size in enumerate(view.hand_sizes) if owner != seat)  # fmt: skip
    zones.append(Zone(label="Cards in hand", text=sizes))
    if view.pozzetto_unseen:
        zones.append(Zone(label="Your hand", text="your pozzetto, face down until your next "
                                                  "turn"))  # fmt: skip
    if view.last_turn:
        zones.append(Zone(label="Last turn", text="the stock is down to its last cards: the "
                                                  "hand ends after this turn"))  # fmt: skip
    return tuple(zones)


def last_play(view: BurracoView, style: CardStyle) -> tuple[str, ...]:
    """Nothing: a Burraco view keeps no turn (the front-end tells the last turn's events)."""
    return ()
