"""Coinche's auction (rules C.3) as pure functions of the standing bid: the legal moves in the
documented order, why a move is refused, and what a move does to the auction.

The auction's facts: the standing bid (``value`` 0 and ``seat`` -1 before the first), its
coinche ``level`` (0, 1 coinched, 2 surcoinched), the ``passes`` since the last bid or the
coinche, and the seat to speak.
"""

from __future__ import annotations

from typing import NamedTuple

from parlour.coinche._moves import (
    BIDS,
    COINCHE,
    PASS,
    SURCOINCHE,
    Bid,
    Coinche,
    Pass,
    Surcoinche,
)
from parlour.coinche._options import Options
from parlour.coinche.rules import (
    ALL_TRICKS_KINDS,
    BID_VALUES,
    CAPOT,
    DENOMINATIONS,
    GENERALE,
    PLAYERS,
    SA,
    TA,
)
from parlour.engine import Move, Violation

__all__ = [
    "AuctionStep",
    "auction_moves",
    "auction_step",
    "auction_violation",
    "denominations",
    "ladder",
]


def _denominations_of(sans_atout: bool, tout_atout: bool) -> tuple[int, ...]:
    return (0, 1, 2, 3, *((SA,) if sans_atout else ()), *((TA,) if tout_atout else ()))


_DENOMINATIONS = {
    (sans_atout, tout_atout): _denominations_of(sans_atout, tout_atout)
    for sans_atout in (False, True)
    for tout_atout in (False, True)
}
_LADDERS = {generale: (*BID_VALUES, CAPOT, *((GENERALE,) if generale else ()))
            for generale in (False, True)}  # fmt: skip


def denominations(options: Options) -> tuple[int, ...]:
    """The denominations the options allow, in order: S H D C, then SA and TA if on."""
    return _DENOMINATIONS[(options.sans_atout, options.tout_atout)]


def ladder(options: Options) -> tuple[int, ...]:
    """The bid values the options allow, in order: 80 … 160, capot, and générale if on."""
    return _LADDERS[options.generale]


def _opening_moves_of(
    sans_atout: bool, tout_atout: bool, generale: bool, value: int, coinche: bool
) -> tuple[Move, ...]:
    higher = tuple(
        BIDS[(bid_value, denomination)]
        for bid_value in _LADDERS[generale]
        if bid_value > value
        for denomination in _DENOMINATIONS[(sans_atout, tout_atout)]
    )
    return (PASS, *higher, *((COINCHE,) if coinche else ()))


_OPENING_MOVES: dict[tuple[bool, bool, bool, int, bool], tuple[Move, ...]] = {
    (sans_atout, tout_atout, generale, value, coinche): _opening_moves_of(
        sans_atout, tout_atout, generale, value, coinche
    )
    for sans_atout in (False, True)
    for tout_atout in (False, True)
    for generale in (False, True)
    for value in (0, *_LADDERS[generale])
    for coinche in (False, True)
}
"""The legal moves before a coinche, by (sans_atout, tout_atout, generale, the standing value,
whether ``coinche`` is legal): ``pass``, the bids above the value, ``coinche`` if legal."""


def _opening_moves(options: Options, value: int, coinche: bool) -> tuple[Move, ...]:
    return _OPENING_MOVES[
        (options.sans_atout, options.tout_atout, options.generale, value, coinche)
    ]


def _same_team(first: int, second: int) -> bool:
    return (first - second) % 2 == 0


def _may_coinche(options: Options, value: int, seat: int, bidder: int, level: int) -> bool:
    return (
        value > 0
        and level == 0
        and not _same_team(seat, bidder)
        and (value not in ALL_TRICKS_KINDS or options.capot_coinche)
    )


_PASS_SURCOINCHE: tuple[Move, ...] = (PASS, SURCOINCHE)
_PASS_ONLY: tuple[Move, ...] = (PASS,)


def auction_moves(
    options: Options, value: int, bidder: int, level: int, seat: int
) -> tuple[Move, ...]:
    """The legal moves of ``seat`` (rules C.10 order): ``pass``; the bids above ``value`` by
    value then denomination; ``coinche``; ``surcoinche``."""
    if level:
        return _PASS_SURCOINCHE if _same_team(seat, bidder) else _PASS_ONLY
    return _opening_moves(options, value, _may_coinche(options, value, seat, bidder, level))


def _bid_violation(options: Options, move: Bid, value: int, bidder: int, level: int,
                   seat: int) -> Violation | None:  # fmt: skip
    if type(move.value) is not int or type(move.denomination) is not int or (
        move.value, move.denomination) not in BIDS:  # fmt: skip
        return Violation("coinche.bid_too_low", f"{move!r} is not a bid of the ladder")
    if move.denomination not in denominations(options) or move.value not in ladder(options):
        word = "generale" if move.value == GENERALE else DENOMINATIONS[move.denomination]
        option = {"generale": "generale", "SA": "sans_atout", "TA": "tout_atout"}[word]
        return Violation("coinche.option_off", f"{word} is not played: the option {option} is off")
    if level:
        if not _same_team(seat, bidder):
            return Violation(
                "coinche.coinching_side_must_pass",
                "your side has coinched: you may only pass now",
            )
        return Violation("coinche.bid_after_coinche", "no bid after a coinche: pass or surcoinche")
    if move.value <= value:
        return Violation(
            "coinche.bid_too_low",
            f"a bid must be higher in value than the standing {value}: {move} is not",
        )
    return None


def auction_violation(
    options: Options, move: Move, value: int, bidder: int, level: int, seat: int
) -> Violation | None:
    """Why ``move`` may not be made by ``seat`` in the auction (``None``: it may)."""
    if isinstance(move, Pass):
        return None
    if isinstance(move, Bid):
        return _bid_violation(options, move, value, bidder, level, seat)
    if isinstance(move, Coinche):
        if value == 0:
            return Violation("coinche.coinche_no_bid", "there is no bid to coinche")
        if level:
            return Violation("coinche.already_coinched", "the bid is already coinched")
        if _same_team(seat, bidder):
            return Violation(
                "coinche.coinche_own_side", "only the opponents of the bidder may coinche"
            )
        if value in ALL_TRICKS_KINDS and not options.capot_coinche:
            return Violation(
                "coinche.capot_not_coinchable",
                "a capot may not be coinched (the option capot_coinche is off)",
            )
        return None
    if isinstance(move, Surcoinche):
        if level == 0:
            return Violation(
                "coinche.surcoinche_not_coinched", "only a coinched bid is surcoinched"
            )
        if not _same_team(seat, bidder):
            return Violation(
                "coinche.surcoinche_wrong_side",
                "only the bidder or the bidder's partner may surcoinche",
            )
        return None
    return Violation(
        "phase.wrong_move", "the auction is not over: pass, bid, coinche or surcoinche"
    )


class AuctionStep(NamedTuple):
    """The auction after one move: the standing bid, its level, the passes, and what comes next:
    ``"speak"`` (``to_act`` speaks), ``"play"`` or ``"throw_in"``."""

    value: int
    denomination: int
    bidder: int
    level: int
    passes: int
    to_act: int
    next: str


def auction_step(options: Options, move: Move, value: int, denomination: int, bidder: int,
                 level: int, passes: int, seat: int) -> AuctionStep:  # fmt: skip
    """The auction after ``seat`` makes ``move`` (which `auction_violation` accepted)."""
    following = (seat + 1) % PLAYERS
    if isinstance(move, Bid):
        return AuctionStep(move.value, move.denomination, seat, 0, 0, following, "speak")
    if isinstance(move, Surcoinche):
        return AuctionStep(value, denomination, bidder, 2, 0, -1, "play")
    if isinstance(move, Coinche):
        level, passes = 1, 0
    else:
        passes += 1
    if level == 0:
        if value == 0 and passes == PLAYERS:
            return AuctionStep(value, denomination, bidder, 0, passes, -1, "throw_in")
        if value and passes == PLAYERS - 1:
            return AuctionStep(value, denomination, bidder, 0, passes, -1, "play")
        return AuctionStep(value, denomination, bidder, 0, passes, following, "speak")
    if options.after_coinche == "bidding_side_only":
        if passes == 2:
            return AuctionStep(value, denomination, bidder, 1, passes, -1, "play")
        if _same_team(following, bidder):
            return AuctionStep(value, denomination, bidder, 1, passes, following, "speak")
        return AuctionStep(
            value, denomination, bidder, 1, passes, (following + 1) % PLAYERS, "speak"
        )
    if passes == PLAYERS - 1:
        return AuctionStep(value, denomination, bidder, 1, passes, -1, "play")
    return AuctionStep(value, denomination, bidder, 1, passes, following, "speak")
