"""Bezique positions, the match level: the finished deals, and the awards and declarations of a
deal, checked against the rules (`bezique.position` reads them)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from parlour.base import PIQUET_DECK, describe
from parlour.bezique._options import Options
from parlour.bezique._state import (
    DealResult,
    Declaration,
)
from parlour.bezique._transitions import match_decided
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    MELD_BY_NAME,
    QUARTET_FACES,
    SCORE_REASONS,
    SEVEN_REASONS,
    TRICKS_PER_DEAL,
    ScoreReasons,
    fixed_melds,
)
from parlour.engine import PositionReader, ScoreEvent

__all__ = [
    "SEVEN_NAMES",
    "WINDOW_SEVENS",
    "check_awards",
    "check_deals",
    "check_declarations",
    "check_reaching",
]

SEVEN_NAMES = tuple(reason.name for reason in SEVEN_REASONS)
"""The declarations of a seven of trumps."""
WINDOW_SEVENS = (ScoreReasons.SEVEN_EXCHANGE.name, ScoreReasons.SEVEN_SHOW.name)
"""The declarations of a seven made in the trick winner's window."""
_FACE_OF = {card: face for face, card in enumerate(PIQUET_DECK)}
_REASONS = frozenset(reason.id for reason in SCORE_REASONS)
_REASON_OF_DECLARATION = {reason.name: reason.id for reason in SCORE_REASONS}
"""A declaration's name → the reason id of the award that scores it."""


def check_deals(reader: PositionReader, deals: tuple[DealResult, ...], options: Options) -> None:
    """Each finished deal numbered in turn, its points the sum of its awards, brisques and the
    last trick as awarded, and the match not decided before the last one."""
    totals = [0, 0]
    for index, deal in enumerate(deals):
        where = f"deals[{index}]"
        if deal.number != index + 1:
            raise reader.fail(f"the deal number must be {index + 1}, not {deal.number}",
                              f"{where}.number")  # fmt: skip
        if deal.dealer not in (0, 1):
            raise reader.fail(f"must be 0 or 1, not {deal.dealer}", f"{where}.dealer")
        if index and options.next_dealer == "alternate" and deal.dealer == deals[index - 1].dealer:
            raise reader.fail(
                f"the deal alternates: deal {index + 1} is dealt by seat "
                f"{1 - deals[index - 1].dealer}", f"{where}.dealer",
            )  # fmt: skip
        if deal.outcome not in ("played", "stopped"):
            raise reader.fail(f"must be 'played' or 'stopped', not {describe(deal.outcome)}",
                              f"{where}.outcome")  # fmt: skip
        if deal.outcome == "stopped" and index != len(deals) - 1:
            raise reader.fail("only the last deal may have been stopped", f"{where}.outcome")
        points = check_awards(reader, f"{where}.awards", deal.awards, deal.number, None)
        if deal.points != points:
            raise reader.fail(f"must be the sum of the deal's awards, {list(points)}",
                              f"{where}.points")  # fmt: skip
        brisques = _award_sums(deal.awards, ScoreReasons.BRISQUES.id)
        if deal.brisques != brisques:
            raise reader.fail(f"must be the deal's brisque awards, {list(brisques)}",
                              f"{where}.brisques")  # fmt: skip
        last_tricks = [a.seats[0] for a in deal.awards if a.reason == ScoreReasons.LAST_TRICK.id]
        if len(last_tricks) > 1 or deal.last_trick_seat != (last_tricks[0] if last_tricks
                                                            else None):  # fmt: skip
            raise reader.fail("must be the seat of the deal's one last-trick award (null if "
                              "none)", f"{where}.last_trick_seat")  # fmt: skip
        if deal.outcome == "played" and (
            deal.last_trick_seat is None or sum(deal.tricks) != TRICKS_PER_DEAL
            or min(deal.tricks) < 0
        ):  # fmt: skip
            raise reader.fail(f"a deal played out has {TRICKS_PER_DEAL} tricks and a last-trick "
                              f"award", where)  # fmt: skip
        check_declarations(reader, f"{where}.declarations", deal.declarations, deal.awards,
                            options, int(deal.trump))  # fmt: skip
        if deal.turnup not in _FACE_OF or deal.turnup.suit != deal.trump:
            raise reader.fail("must be a card of the Bezique deck of the trump suit",
                              f"{where}.turnup")  # fmt: skip
        stopped = deal.outcome == "stopped"
        totals = check_reaching(reader, where, deal.awards, totals, options, stopped=stopped)
        if index < len(deals) - 1 and match_decided(options, (totals[0], totals[1])):
            raise reader.fail(f"the match was over after deal {index + 1}: no deal follows it",
                              f"deals[{index + 1}]")  # fmt: skip


def check_reaching(
    reader: PositionReader,
    where: str,
    awards: Sequence[ScoreEvent],
    totals: Sequence[int],
    options: Options,
    *,
    stopped: bool,
) -> list[int]:
    """The match totals after ``awards`` (of the deal at ``where``). Under ``first_to_reach``
    the award that brings its seat to the target ends the match at once: it must be the last
    award of a deal cut short (``stopped``), and a deal is cut short only by such an award.
    ``where`` is the deal's key in ``reader`` (empty: the reader is the deal's own)."""
    awards_key = f"{where}.awards" if where else "awards"
    target = options.target
    active = options.match_end == "first_to_reach" and target is not None
    running = list(totals)
    for index, award in enumerate(awards):
        seat = award.seats[0]
        running[seat] += award.points
        reaches = active and target is not None and running[seat] >= target
        if reaches and (index != len(awards) - 1 or not stopped):
            raise reader.fail(
                f"seat {seat} reaches the target {target} with this award: under "
                f"first_to_reach the match ends here", f"{awards_key}[{index}]",
            )  # fmt: skip
    if stopped and not (
        active and target is not None and awards and running[awards[-1].seats[0]] >= target
    ):
        raise reader.fail("a deal is stopped only by an award that reaches the target under "
                          "first_to_reach", f"{where}.outcome")  # fmt: skip
    return running


def _award_sums(awards: Sequence[ScoreEvent], reason: str | None = None) -> tuple[int, int]:
    sums = [0, 0]
    for award in awards:
        if reason is None or award.reason == reason:
            sums[award.seats[0]] += award.points
    return sums[0], sums[1]


def check_awards(
    reader: PositionReader, key: str, awards: Sequence[ScoreEvent], deal: int, tricks: int | None
) -> tuple[int, int]:
    """Each award to one seat, in this deal, for a Bezique reason, in tens; the points by seat."""
    for index, award in enumerate(awards):
        where = f"{key}[{index}]"
        if len(award.seats) != 1 or award.seats[0] not in (0, 1):
            raise reader.fail("must name one seat, 0 or 1", f"{where}.seats")
        if award.reason not in _REASONS:
            raise reader.fail(f"is not a Bezique award: {describe(award.reason)}",
                              f"{where}.reason")  # fmt: skip
        if award.points <= 0 or award.points % 10:
            raise reader.fail(f"must be a positive multiple of 10, not {award.points}",
                              f"{where}.points")  # fmt: skip
        if award.deal != deal:
            raise reader.fail(f"must be this deal's number, {deal}", f"{where}.deal")
        limit = TRICKS_PER_DEAL if tricks is None else tricks + 1
        if award.trick is not None and not 1 <= award.trick <= limit:
            raise reader.fail(f"must be null or a trick from 1 to {limit}", f"{where}.trick")
    return _award_sums(awards)


def check_declarations(
    reader: PositionReader,
    key: str,
    declarations: Sequence[Declaration],
    awards: Sequence[ScoreEvent],
    options: Options,
    trump: int,
) -> None:
    """Each declaration a meld or seven under ``trump`` with its cards and points, scored by an
    award of the same seat, points and trick, in the order of the awards."""
    shapes = _meld_shapes(trump, options.bezique_cards)
    position = 0
    for index, declaration in enumerate(declarations):
        where = f"{key}[{index}]"
        name = declaration.name
        kind = MELD_BY_NAME.get(name)
        if kind is None and name not in SEVEN_NAMES:
            raise reader.fail(f"is not a meld or a seven: {describe(name)}", f"{where}.name")
        points = kind.points if kind is not None else (
            options.turnup_seven_bonus if name == ScoreReasons.SEVEN_TURNUP.name else 10
        )  # fmt: skip
        if declaration.points != points:
            raise reader.fail(f"a {name} scores {points}", f"{where}.points")
        if declaration.seat not in (0, 1):
            raise reader.fail(f"must be 0 or 1, not {declaration.seat}", f"{where}.seat")
        faces = sorted(_FACE_OF.get(card, -1) for card in declaration.cards)
        if faces not in shapes[name]:
            raise reader.fail(f"are not the cards of a {name} with {'SHDC'[trump]} trumps",
                              f"{where}.cards")  # fmt: skip
        reason = _REASON_OF_DECLARATION[name]
        wanted = (declaration.seat, declaration.points, reason, declaration.trick)
        while position < len(awards) and (
            awards[position].seats[0], awards[position].points, awards[position].reason,
            awards[position].trick,
        ) != wanted:  # fmt: skip
            position += 1
        if position == len(awards):
            raise reader.fail("has no award of the same seat, points and trick after the "
                              "previous declaration's", where)  # fmt: skip
        position += 1


def _meld_shapes(trump: int, bezique_cards: str) -> dict[str, list[list[int]]]:
    """For each declaration name, every list of faces (sorted) it may name under ``trump``."""
    shapes: dict[str, list[list[int]]] = {name: [] for name in (*MELD_BY_NAME, *SEVEN_NAMES)}
    for kind, faces in fixed_melds(trump, BEZIQUE_PAIRS[bezique_cards][trump]):
        shapes[kind.name].append(sorted(faces))
    for kind in MELD_BY_NAME.values():
        if kind.quartet_rank is not None:
            suits = QUARTET_FACES[kind.quartet_rank]
            shapes[kind.name] = [
                sorted(choice)
                for choice in itertools.combinations_with_replacement(suits, 4)
                if all(choice.count(face) <= 2 for face in suits)
            ]
    seven = [[8 * trump]]
    for name in SEVEN_NAMES:
        shapes[name] = seven
    return shapes
