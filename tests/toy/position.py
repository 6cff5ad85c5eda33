"""Toy positions: a state as JSON-ready keys and back (`CODEC`, the game object's
``position_codec``).

After the header: ``phase``, ``dealer``, ``deal_number``, ``match_score``, the finished
``deals`` (their records) and ``deal``, the deal in progress (``null`` between deals): the hands
by seat, the turn-up, the widow, the finished ``tricks`` (each [led, followed]) and the current
``trick``. Who led and won each trick and the deal's awards are not written: reading replays
the play through the game's own `apply` from the hands as they were dealt, which proves every
card a legal play, and checks the written score against it.
"""

from __future__ import annotations

from typing import Any

from parlour.base import (
    Card,
    IllegalMoveError,
    PositionError,
    card_text,
)
from parlour.engine import (
    MAX_LIST_ITEMS,
    Game,
    Play,
    PositionReader,
    card_texts,
    make_deal,
)
from tests.toy.options import Options
from tests.toy.play import match_over
from tests.toy.rules import (
    CARDS_PER_HAND,
    DEAL_FIELDS,
    DECK,
    TRICK_REASON,
    TRICKS_PER_DEAL,
    trick_winner,
)
from tests.toy.state import PHASE_NAMES, DealResult, Phase, ToyState

__all__ = ["CODEC", "ToyCodec"]

KEYS = ("phase", "dealer", "deal_number", "match_score", "deals", "deal")
DEAL_KEYS = ("hands", "turnup", "widow", "tricks", "trick")
_PHASE_OF_NAME = {name: phase for phase, name in PHASE_NAMES.items()}
_MAX_SCORE = 2**53


class ToyCodec:
    """Writes toy states as positions and reads them back (`parlour.engine.PositionCodec`)."""

    def write(self, state: ToyState) -> dict[str, Any]:
        """The game's keys of ``state``'s position (see the module docstring)."""
        deal = None
        if state.phase is Phase.PLAY:
            assert state.turnup is not None and state.widow is not None
            deal = {
                "hands": [card_texts(hand) for hand in state.hands],
                "turnup": state.turnup.text,
                "widow": state.widow.text,
                "tricks": [card_texts(trick.cards) for trick in state.tricks],
                "trick": card_texts(state.trick),
            }
        return {
            "phase": PHASE_NAMES[state.phase],
            "dealer": state.dealer,
            "deal_number": state.deal_number,
            "match_score": list(state.match_score),
            "deals": [result.to_dict() for result in state.deals],
            "deal": deal,
        }

    def read(self, reader: PositionReader, options: Options, game: Game) -> ToyState:
        """The state the game's keys describe; `PositionError` for anything missing, malformed
        or inconsistent."""
        reader.expect_keys(KEYS)
        phase = _PHASE_OF_NAME[reader.choice("phase", tuple(_PHASE_OF_NAME))]
        dealer = reader.integer("dealer", 0, 1)
        deal_number = reader.integer("deal_number", 0, MAX_LIST_ITEMS + 1)
        written = reader.integers("match_score", 2, 0, _MAX_SCORE)
        score = (written[0], written[1])
        deals = reader.records("deals", DealResult)
        in_deal = phase is Phase.PLAY
        if deal_number != len(deals) + in_deal:
            raise reader.fail(
                f"must be {len(deals) + in_deal}: {len(deals)} deal(s) finished"
                + (" and one in progress" if in_deal else ""),
                "deal_number",
            )
        finished = _check_deals(reader, options, deals, dealer, phase)
        base = ToyState(
            options=options, phase=Phase.DEAL_DUE, dealer=dealer, deal_number=len(deals),
            match_score=finished, deals=deals,
        )  # fmt: skip
        if in_deal:
            return _read_deal(reader.child("deal"), base, score, game)
        if reader.get("deal") is not None:
            raise reader.fail(f"must be null in phase '{PHASE_NAMES[phase]}'", "deal")
        if score != finished:
            raise reader.fail(
                f"must be {list(finished)}, the finished deals' points, not {list(score)}",
                "match_score",
            )
        return ToyState(
            options=options, phase=phase, dealer=dealer, deal_number=len(deals),
            match_score=finished, deals=deals,
        )  # fmt: skip

    def deck(self, options: Options) -> tuple[Card, ...]:
        """The twelve cards of a toy deal."""
        return DECK


def _check_deals(
    reader: PositionReader, options: Options, deals: tuple[DealResult, ...], dealer: int,
    phase: Phase,
) -> tuple[int, int]:  # fmt: skip
    """The match score of the finished ``deals``, each checked: numbered in order, dealt in
    turn, five tricks with one award each, and the match going on after each but the last,
    which ends it exactly when ``phase`` is over."""
    if phase is Phase.OVER and not deals:
        raise reader.fail("a match that is over has finished at least one deal", "deals")
    last_dealer = dealer if phase is Phase.OVER else 1 - dealer
    score = (0, 0)
    for index, result in enumerate(deals):
        path = f"deals[{index}]"
        if result.number != index + 1:
            raise reader.fail(f"must be deal {index + 1}, not {result.number}", path)
        if result.dealer != (last_dealer + len(deals) - 1 - index) % 2:
            raise reader.fail("the players deal in turn, to the dealer of the position", path)
        if result.outcome != "played":
            raise reader.fail(f"'outcome' must be 'played', not {result.outcome!r}", path)
        if min(result.tricks) < 0 or sum(result.tricks) != TRICKS_PER_DEAL:
            raise reader.fail(f"the tricks must add up to {TRICKS_PER_DEAL}", path)
        if result.points != result.tricks:
            raise reader.fail("a deal's points are its tricks, one each", path)
        awards = result.awards
        expected = [(number, TRICK_REASON) for number in range(1, TRICKS_PER_DEAL + 1)]
        if [(award.trick, award.reason) for award in awards] != expected or any(
            award.points != 1 or award.deal != result.number or award.seats not in ((0,), (1,))
            for award in awards
        ):
            raise reader.fail("must list one award of 1 point per trick, in order", path)
        if tuple(sum(1 for a in awards if a.seats == (s,)) for s in (0, 1)) != result.tricks:
            raise reader.fail("the awards must credit each seat its tricks", path)
        score = (score[0] + result.points[0], score[1] + result.points[1])
        ends = match_over(options, score)
        if ends != (index == len(deals) - 1 and phase is Phase.OVER):
            raise reader.fail(
                "ends the match" if ends else "does not end the match, but the phase is over",
                path,
            )
    return score


def _read_deal(
    reader: PositionReader, base: ToyState, score: tuple[int, int], game: Game
) -> ToyState:
    """The state of the deal in progress ``reader`` (the ``deal`` object) describes: the
    dealt hands rebuilt from the hands now and the cards each seat played, the play replayed."""
    reader.expect_keys(DEAL_KEYS)
    hands = reader.card_groups("hands", 2, CARDS_PER_HAND)
    turnup = reader.card("turnup")
    widow = reader.card("widow")
    tricks = [item.cards_here(2, 2) for item in reader.items("tricks", 0, TRICKS_PER_DEAL - 1)]
    trick = reader.cards("trick", 0, 1)
    seen: dict[Card, str] = {}
    placed = [
        *((card, f"hands[{seat}]") for seat, hand in enumerate(hands) for card in hand),
        (turnup, "turnup"), (widow, "widow"),
        *((card, f"tricks[{number}]") for number, cards in enumerate(tricks) for card in cards),
        *((card, "trick") for card in trick),
    ]  # fmt: skip
    for card, where in placed:
        if card not in DECK:
            raise reader.fail(f"{card_text(card)} is not a card of the toy deck", where)
        if card in seen:
            raise reader.fail(f"{card_text(card)} is already placed at {seen[card]}", where)
        seen[card] = where
    assert turnup.suit is not None
    leader = 1 - base.dealer
    plays: list[tuple[int, Card, str]] = []
    for number, (led, followed) in enumerate(tricks):
        plays += [(leader, led, f"tricks[{number}]"), (1 - leader, followed, f"tricks[{number}]")]
        leader = trick_winner(leader, led, followed, turnup.suit)
    plays += [(leader, card, "trick") for card in trick]
    dealt = [list(hands[0]), list(hands[1])]
    for seat, card, _ in plays:
        dealt[seat].append(card)
    if [len(hand) for hand in dealt] != [CARDS_PER_HAND, CARDS_PER_HAND]:
        raise reader.fail(
            f"with the cards each seat played, the hands must hold {CARDS_PER_HAND} each, not "
            f"{[len(hand) for hand in dealt]}",
            "hands",
        )
    deal = make_deal(DEAL_FIELDS, [dealt, [[turnup]], [[widow]]])
    path = "hands"
    try:
        state: ToyState = game.apply(base, deal, None)
        for seat, card, where in plays:
            path = where
            state = game.apply(state, Play(card), seat)
    except IllegalMoveError as error:
        raise PositionError(
            f"the play cannot be replayed: {error.message} [{error.rule}]", reader.where(path)
        ) from error
    if state.match_score != score:
        raise PositionError(
            f"must be {list(state.match_score)}, the points won so far, not {list(score)}",
            "match_score",
        )
    return state


CODEC = ToyCodec()
"""The toy game's position codec."""
