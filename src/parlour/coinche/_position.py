"""Coinche positions: a state as JSON-ready keys and back (`CODEC`, the game object's
``position_codec``).

After the header: ``phase``, ``dealer``, ``deal_number``, ``match_score``, the finished
``deals`` (their records) and ``deal``, the deal in progress (``null`` between deals): the four
``hands`` as dealt and the deal's ``moves`` since, as their texts (the auction's calls, then the
cards played). Reading replays the deal through the game's own `apply`, which proves every move
legal, and checks the written phase and score against it; the finished deals are checked for
their numbers, their dealers in turn, their points against their awards, and the match going on
after each but the last.
"""

from __future__ import annotations

from typing import Any

from parlour.base import (
    Card,
    ParlourError,
    PositionError,
)
from parlour.coinche._options import Options
from parlour.coinche._scoring import match_winner_team
from parlour.coinche._state import CoincheState, DealResult, Phase, Table
from parlour.coinche._transitions import between_deals
from parlour.coinche._view import PHASE_NAMES
from parlour.coinche.rules import CARDS_PER_HAND, DEAL_FIELDS, DECK, PLAYERS, TEAMS, cards_in
from parlour.engine import (
    MAX_LIST_ITEMS,
    Game,
    PositionReader,
    card_texts,
    make_deal,
)

__all__ = ["CODEC", "CoincheCodec"]

KEYS = ("phase", "dealer", "deal_number", "match_score", "deals", "deal")
DEAL_KEYS = ("hands", "moves")
_PHASE_OF_NAME = {name: phase for phase, name in PHASE_NAMES.items()}
_MAX_SCORE = 2**53
_MOST_MOVES = 37 + 32
"""The longest auction (rules C.3) and the 32 cards of the play."""


class CoincheCodec:
    """Writes Coinche states as positions and reads them back (`parlour.engine.PositionCodec`)."""

    def write(self, state: CoincheState) -> dict[str, Any]:
        """The game's keys of ``state``'s position (see the module docstring)."""
        table = state.table
        deal = None
        if state.phase in (Phase.AUCTION, Phase.PLAY):
            played = [str(move) for _, move in state.auction]
            played.extend(f"play {card.text}" for card in _cards_played(state))
            deal = {"hands": [card_texts(cards_in(hand)) for hand in state.dealt], "moves": played}
        return {
            "phase": PHASE_NAMES[state.phase],
            "dealer": table.dealer,
            "deal_number": table.deal_number,
            "match_score": list(table.match_score),
            "deals": [result.to_dict() for result in table.deals],
            "deal": deal,
        }

    def read(self, reader: PositionReader, options: Options, game: Game) -> CoincheState:
        """The state the game's keys describe; `PositionError` for anything missing, malformed
        or inconsistent."""
        reader.expect_keys(KEYS)
        phase = _PHASE_OF_NAME[reader.choice("phase", tuple(_PHASE_OF_NAME))]
        dealer = reader.integer("dealer", 0, PLAYERS - 1)
        deal_number = reader.integer("deal_number", 0, MAX_LIST_ITEMS + 1)
        written = reader.integers("match_score", 2, 0, _MAX_SCORE)
        deals = reader.records("deals", DealResult)
        in_deal = phase in (Phase.AUCTION, Phase.PLAY)
        if deal_number != len(deals) + in_deal:
            raise reader.fail(
                f"must be {len(deals) + in_deal}: {len(deals)} deal(s) finished"
                + (" and one in progress" if in_deal else ""),
                "deal_number",
            )
        score = _check_deals(reader, options, deals, dealer, phase)
        if (written[0], written[1]) != score:
            raise reader.fail(
                f"must be {list(score)}, the finished deals' points, not {list(written)}",
                "match_score",
            )
        table = Table(
            options=options, dealer=dealer, deal_number=len(deals), match_score=score,
            deals=deals,
        )  # fmt: skip
        if not in_deal:
            if reader.get("deal") is not None:
                raise reader.fail(f"must be null in phase '{PHASE_NAMES[phase]}'", "deal")
            return between_deals(table, phase)
        return _read_deal(reader.child("deal"), between_deals(table), phase, game)

    def deck(self, options: Options) -> tuple[Card, ...]:
        """The 32 cards of a Coinche deal."""
        return DECK


def _cards_played(state: CoincheState) -> list[Card]:
    cards = [DECK[card] for card in state.played]
    cards.extend(DECK[card] for card in state.trick)
    return cards


def _next_dealer(options: Options, result: DealResult) -> int:
    """The dealer after ``result``'s deal (rules C.2.3)."""
    if result.outcome == "thrown_in" and options.all_pass == "redeal_same_dealer":
        return result.dealer
    return (result.dealer + 1) % PLAYERS


def _check_deals(
    reader: PositionReader, options: Options, deals: tuple[DealResult, ...], dealer: int,
    phase: Phase,
) -> tuple[int, int]:  # fmt: skip
    """The match score of the finished ``deals``, each checked against the rules."""
    if phase is Phase.OVER and not any(result.outcome != "thrown_in" for result in deals):
        raise reader.fail("a match that is over has played at least one deal", "deals")
    score = (0, 0)
    for index, result in enumerate(deals):
        path = f"deals[{index}]"
        if result.number != index + 1:
            raise reader.fail(f"must be deal {index + 1}, not {result.number}", path)
        following = deals[index + 1].dealer if index + 1 < len(deals) else dealer
        if not 0 <= result.dealer < PLAYERS or following != _next_dealer(options, result):
            raise reader.fail("the deal passes to the next seat after each deal", path)
        if result.outcome not in ("made", "failed", "thrown_in"):
            raise reader.fail(f"'outcome' {result.outcome!r} is not a deal's outcome", path)
        for team, seats in enumerate(TEAMS):
            awarded = sum(award.points for award in result.awards if award.seats == seats)
            if awarded != result.points[team]:
                raise reader.fail(f"team {team}'s points must be its awards' sum", path)
        if any(award.deal != result.number for award in result.awards):
            raise reader.fail("every award names its deal", path)
        if result.outcome == "thrown_in" and (result.points != (0, 0) or result.taker is not None):
            raise reader.fail("a thrown-in deal scores nothing and has no taker", path)
        score = (score[0] + result.points[0], score[1] + result.points[1])
        if result.outcome == "thrown_in":
            continue
        ends = match_winner_team(options, score, result) is not None
        if ends != (index == len(deals) - 1 and phase is Phase.OVER):
            raise reader.fail(
                "ends the match" if ends else "does not end the match, but the phase is over",
                path,
            )
    return score


def _read_deal(
    reader: PositionReader, base: CoincheState, phase: Phase, game: Game
) -> CoincheState:
    """The state of the deal in progress: the hands as dealt, the moves since replayed."""
    reader.expect_keys(DEAL_KEYS)
    hands = reader.card_groups("hands", (CARDS_PER_HAND,) * PLAYERS)
    moves = reader.entries("moves", 0, _MOST_MOVES)
    path: str | int = "hands"
    try:
        state: CoincheState = game.apply(base, make_deal(DEAL_FIELDS, [hands]), None)
        for number, text in enumerate(moves):
            path = number
            if type(text) is not str:
                raise PositionError("a move is its text", f"{reader.where('moves')}[{number}]")
            state = game.apply(state, game.parse_move(state, text), None)
    except PositionError:
        raise
    except ParlourError as error:
        where = reader.where("hands") if path == "hands" else f"{reader.where('moves')}[{path}]"
        raise PositionError(f"the deal cannot be replayed: {error}", where) from error
    if state.phase != phase:
        raise reader.fail(
            f"the moves leave the deal in phase '{PHASE_NAMES[state.phase]}', not "
            f"'{PHASE_NAMES[phase]}'",
            "moves",
        )
    return state


CODEC = CoincheCodec()
"""Coinche's position codec."""
