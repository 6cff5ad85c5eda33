"""The proposals and exchanges of one Écarté deal, checked against the rules (§2.3, settled
point 3): how many cards each exchange could take from the talon, and how the proposals, the
exchanges, a refusal and playing without proposing fit together at each stage of the deal.

Used by the position reader for the deal in progress and for every finished deal's record.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from parlour.base import PositionError
from parlour.ecarte._options import Options
from parlour.ecarte._state import (
    PHASE_NAMES,
    Phase,
)
from parlour.ecarte.rules import MAX_DISCARD, TALON_SIZE

__all__ = ["ExchangeFacts", "talon_left"]

_Fail = Callable[[str, str], PositionError]
"""Makes the `PositionError` of a message about a key."""

_BEFORE_A_PROPOSAL = (Phase.RESPOND, Phase.DISCARD_NONDEALER)
"""The stages at which a proposal is made (or accepted) but not yet recorded as an exchange."""


@attrs.frozen(slots=True, kw_only=True)
class ExchangeFacts:
    """What a deal's proposals settled: ``proposals`` made, the cards exchanged per accepted
    proposal (non-dealer, dealer), the number of the ``refused`` one (0: none), and whether the
    non-dealer ``played_without_proposing``."""

    proposals: int
    exchanges: tuple[tuple[int, int], ...]
    refused: int
    played_without_proposing: bool


def talon_left(options: Options, facts: ExchangeFacts, stage: Phase, where: str) -> int:
    """The cards left in the talon after ``facts``' exchanges, at ``stage`` (a phase of the deal;
    a finished deal's stage is `Phase.PLAY`); `PositionError` under ``where`` (``deal`` or
    ``deals[3]``) for a fact the rules make impossible there."""

    def fail(key: str, message: str) -> PositionError:
        return PositionError(message, f"{where}.{key}")

    proposals = facts.proposals
    exchanges = facts.exchanges
    refused = facts.refused
    if not 0 <= proposals <= TALON_SIZE:
        raise fail("proposals", f"must be from 0 to {TALON_SIZE}, not {proposals}")
    stage_name = PHASE_NAMES[stage]
    if facts.played_without_proposing:
        if stage is not Phase.PLAY:
            raise fail(
                "played_without_proposing",
                f"must be false in phase '{stage_name}': it is set when the non-dealer plays",
            )
        if proposals:
            raise fail(
                "played_without_proposing",
                f"must be false: the non-dealer made {proposals} proposal(s)",
            )
    if refused:
        if stage is not Phase.PLAY:
            raise fail("refused", f"must be null in phase '{stage_name}': a refusal begins play")
        if refused != proposals:
            raise fail(
                "refused",
                f"must be {proposals} or null: only the last proposal can have been refused",
            )
        expected = proposals - 1
    elif stage in _BEFORE_A_PROPOSAL:
        if not proposals:
            raise fail("proposals", f"must be at least 1 in phase '{stage_name}'")
        expected = proposals - 1
    else:
        if stage is Phase.DISCARD_DEALER and not proposals:
            raise fail("proposals", "must be at least 1: the dealer discards after a proposal")
        if stage is Phase.PLAY and not proposals and not facts.played_without_proposing:
            raise fail(
                "played_without_proposing",
                "must be true: play began without any proposal",
            )
        expected = proposals
    if len(exchanges) != expected:
        raise fail(
            "exchanges",
            f"must list {expected} exchange(s) for {proposals} proposal(s)"
            + (" (the last refused)" if refused else "")
            + f" in phase '{stage_name}', not {len(exchanges)}",
        )
    talon = _talon_after(options, exchanges, stage is Phase.DISCARD_DEALER, fail)
    if refused and not talon:
        raise fail("refused", "must be null: no proposal is made once the talon is empty")
    if stage is not Phase.PLAY and not talon:
        raise fail(
            "exchanges",
            f"empty the talon: play begins then, so the phase cannot be '{stage_name}'",
        )
    return talon


def _talon_after(
    options: Options,
    exchanges: tuple[tuple[int, int], ...],
    dealer_pending: bool,
    fail: _Fail,
) -> int:
    """The talon left after ``exchanges``, each checked against what the talon held then (the
    last one's dealer part still to come when ``dealer_pending``)."""
    talon = TALON_SIZE
    last = len(exchanges) - 1
    for number, (given, taken) in enumerate(exchanges):
        if not talon:
            raise fail(f"exchanges[{number}]", "follows an exchange that emptied the talon")
        most = min(MAX_DISCARD, talon)
        if not 1 <= given <= most:
            raise fail(
                f"exchanges[{number}][0]",
                f"the non-dealer exchanges 1 to {most} card(s) when the talon holds {talon}, "
                f"not {given}",
            )
        talon -= given
        most = min(MAX_DISCARD, talon)
        fewest = min(options.dealer_min_exchange, most)
        if number == last and dealer_pending:
            if taken:
                raise fail(
                    f"exchanges[{number}][1]",
                    f"must be 0 while the dealer is to discard, not {taken}",
                )
            if not talon:
                raise fail(
                    f"exchanges[{number}][0]",
                    "empties the talon: the dealer then has no discard to make",
                )
            continue
        if not fewest <= taken <= most:
            raise fail(
                f"exchanges[{number}][1]",
                f"the dealer exchanges {fewest} to {most} card(s) when the talon holds {talon}, "
                f"not {taken}",
            )
        talon -= taken
    return talon
