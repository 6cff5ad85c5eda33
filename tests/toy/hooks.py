"""The toy game's conformance hooks (`tests.conformance.games.HOOKS["toy"]`), written from its
rules (the docstring of `tests.toy.rules`), not from its code: twelve cards, 9 to A of spades
and hearts; 5 cards each, a turn-up that sets trumps, one face-down widow; the non-dealer
leads; follow suit if able; the highest trump wins, else the highest card of the suit led
(A K Q J 10 9); the winner leads; one point per trick, five tricks a deal; ``target`` ends the
match at the end of a deal once a player has reached it and leads (``None``: one deal).

The hooks read the state's own fields (hands, turn-up, widow, tricks) but never the game's
views, trick-winner rule or scoring to decide what to expect.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import parlour
from parlour.base import (
    JOKER,
    PIQUET_DECK,
    Card,
    parse_card,
)
from parlour.engine import (
    Deal,
    Move,
    Play,
)
from tests.conformance.zones import HiddenCards, Layout, Transfer, card_key, rank_token, suit_letter
from tests.conformance.zones import trick_winner as shared_trick_winner
from tests.strategies import Step
from tests.toy.state import Phase, ToyState, Trick

__all__ = [
    "toy_deals_finished",
    "toy_flow",
    "toy_hidden",
    "toy_order_key",
    "toy_playout_check",
    "toy_shown",
    "toy_step_check",
    "toy_texts",
    "toy_with_zones",
]

_DECK_TEXTS = ("9S", "10S", "JS", "QS", "KS", "AS", "9H", "10H", "JH", "QH", "KH", "AH")
"""The rules' twelve cards."""
_HAND = 5
_TRICKS = 5
_POWER = {rank: power for power, rank in enumerate(("9", "10", "J", "Q", "K", "A"))}
"""The rank order, the same in trumps and the other suit (higher wins)."""
_TEXTS: tuple[str, ...] = (
    *(f"play {card.text}" for card in PIQUET_DECK),
    f"play {JOKER.text}",
    "play 2H",
    "play 7D",
)
"""Every card play there is in a piquet deck, and cards of no piquet deck."""


def toy_texts(state: Any) -> tuple[str, ...]:
    return _TEXTS


def _in_deal(state: ToyState) -> bool:
    return state.phase is Phase.PLAY


def _trump(state: ToyState) -> str:
    assert state.turnup is not None
    return suit_letter(state.turnup)


def _winner(leader: int, cards: Sequence[Card], trump: str) -> int:
    """The seat that wins a trick ``leader`` led (the shared trick-winner rule, this game's
    rank order)."""
    won = shared_trick_winner(cards, trump, lambda card, _: _POWER[rank_token(card)])
    return (leader + won) % 2


def toy_hidden(state: Any, seat: int | None) -> HiddenCards:
    """Hidden from a seat: the other hand (both for a spectator) and the widow."""
    assert isinstance(state, ToyState)
    if not _in_deal(state):
        return {}
    assert state.widow is not None
    hidden = {f"hand {other}": state.hands[other] for other in (0, 1) if other != seat}
    hidden["widow"] = (state.widow,)
    return hidden


def toy_shown(state: Any, seat: int | None) -> tuple[str, ...]:
    """What a seat sees: its own hand, the turn-up, the trick and the cards won."""
    own = () if seat is None else (f"hand {seat}",)
    return (*own, "turnup", "trick", "won by 0", "won by 1")


def toy_with_zones(state: Any, zones: Layout) -> ToyState:
    """The state with these zone contents: the hands, turn-up, widow and trick as given; the
    cards won by each seat put back into its tricks, in order, two to a trick."""
    assert isinstance(state, ToyState)
    if not _in_deal(state):
        return state
    piles = {seat: list(zones[f"won by {seat}"]) for seat in (0, 1)}
    tricks = []
    for trick in state.tricks:
        pile = piles[trick.winner]
        cards = (pile.pop(0), pile.pop(0))
        tricks.append(Trick(leader=trick.leader, cards=cards, winner=trick.winner))
    hands = (
        tuple(sorted(zones["hand 0"], key=card_key)),
        tuple(sorted(zones["hand 1"], key=card_key)),
    )
    return attrs.evolve(
        state,
        hands=hands,
        turnup=zones["turnup"][0],
        widow=zones["widow"][0],
        trick=tuple(zones["trick"]),
        tricks=tuple(tricks),
    )


def toy_flow(step: Step) -> Sequence[Sequence[Transfer]]:
    """A deal lays the pack out as it lists (hands, turn-up, widow); a play takes the card
    from the hand to the trick; the second card sends the trick to its winner's pile."""
    before: ToyState = step.before
    move = step.move
    if isinstance(move, Deal):
        return (
            [
                Transfer(card, "pack", f"hand {index}" if name == "hands" else name)
                for name, groups in move.fields
                for index, group in enumerate(groups)
                for card in group
            ],
        )
    assert isinstance(move, Play)
    seat = parlour.current_player(before)
    transfers = [Transfer(move.card, f"hand {seat}", "trick")]
    if before.trick:
        cards = (*before.trick, move.card)
        winner = _winner(before.leader, cards, _trump(before))
        transfers += [Transfer(card, "trick", f"won by {winner}") for card in cards]
    return (transfers,)


def toy_order_key(state: Any, move: Move) -> tuple[Any, ...]:
    """Plays in canonical card order."""
    keyword, card = str(move).split()
    return (keyword, card_key(parse_card(card)))


def toy_step_check(step: Step) -> None:
    """After a deal: five cards each, the non-dealer to lead. In play: the hands shrink by a
    card per play, the seat holding the suit led may only follow it, each trick scores one
    point for the rules' winner. A deal ends after its fifth trick with five points shared."""
    before: ToyState = step.before
    after: ToyState = step.after
    if isinstance(step.move, Deal):
        assert [len(hand) for hand in after.hands] == [_HAND, _HAND]
        assert parlour.current_player(after) == 1 - after.dealer
        assert after.trick == () and after.tricks == ()
        assert after.turnup is not None and after.widow is not None
        dealt = [*after.hands[0], *after.hands[1], after.turnup, after.widow]
        assert sorted(card.text for card in dealt) == sorted(_DECK_TEXTS)
        return
    if _in_deal(after):
        completed = len(after.tricks)
        for seat in (0, 1):
            played_now = 1 if after.trick and seat == after.leader else 0
            assert len(after.hands[seat]) == _HAND - completed - played_now
        to_act = parlour.current_player(after)
        assert isinstance(to_act, int)
        hand = after.hands[to_act]
        legal = [move.card for move in parlour.legal_moves(after) if isinstance(move, Play)]
        if after.trick and any(suit_letter(c) == suit_letter(after.trick[0]) for c in hand):
            assert sorted(legal, key=card_key) == [
                c for c in hand if suit_letter(c) == suit_letter(after.trick[0])
            ]
        else:
            assert sorted(legal, key=card_key) == list(hand)
    if before.trick:
        cards = (*before.trick, step.move.card)  # type: ignore[attr-defined]
        winner = _winner(before.leader, cards, _trump(before))
        gained = [now - then for now, then in zip(after.match_score, before.match_score,
                                                   strict=True)]  # fmt: skip
        assert gained == [1 if seat == winner else 0 for seat in (0, 1)], (gained, winner)
        if _in_deal(after):
            assert parlour.current_player(after) == winner
    new_deals = after.deals[len(before.deals) :]
    if len(before.tricks) == _TRICKS - 1 and before.trick:
        assert len(new_deals) == 1 and not _in_deal(after)
        (result,) = new_deals
        assert sum(result.tricks) == _TRICKS and result.points == result.tricks
        target = parlour.options(after).target
        over = target is None or (
            max(after.match_score) >= target and after.match_score[0] != after.match_score[1]
        )
        assert parlour.is_over(after) == over
    else:
        assert new_deals == ()


def toy_playout_check(steps: Sequence[Step]) -> None:
    """Every deal is ten plays (five tricks), and each deal's points add up to five."""
    plays = 0
    for step in steps:
        if isinstance(step.move, Play):
            plays += 1
        if len(step.after.deals) > len(step.before.deals):
            assert plays == 2 * _TRICKS, plays
            assert sum(parlour.score(step.after)) == _TRICKS * len(step.after.deals)
            plays = 0


def toy_deals_finished(state: Any) -> int:
    return len(parlour.deal_results(state))
