"""Écarté positions: a state as JSON-ready keys and back (`CODEC`, registered for
`parlour.engine`).

After the header, a position holds the match (``phase``, ``dealer``, ``deal_number``,
``match_score``, the finished ``deals`` as their records) and ``deal``: the deal in progress,
or ``null`` when a deal is due or the match is over. The deal lists its cards zone by zone
(hands by seat, the turn-up, the talon top first, the discards by seat, the finished
``tricks`` and the current ``trick`` in playing order) and what the proposals settled. Who led
and won each trick, the cards each seat has won and the kings' awards are not written: reading
derives them by replaying the play (see `position_deal`), and checks everything that is
written against them. docs/ecarte.md has the table of keys and an example.
"""

from __future__ import annotations

from typing import Any

from parlour.base import Card, PositionError
from parlour.ecarte._options import Options
from parlour.ecarte._position_deal import read_deal
from parlour.ecarte._position_match import check_finished_deals
from parlour.ecarte._state import (
    PHASE_NAMES,
    DealResult,
    EcarteState,
    Phase,
    Table,
    build_state,
)
from parlour.ecarte.rules import DECK, cards_in
from parlour.engine import (
    MAX_LIST_ITEMS,
    Game,
    PositionReader,
    card_texts,
)

__all__ = ["CODEC", "EcarteCodec"]

KEYS = ("phase", "dealer", "deal_number", "match_score", "deals", "deal")
"""The game's keys of a position, in the order they are written."""

_PHASE_OF_NAME = {name: phase for phase, name in PHASE_NAMES.items()}
_BETWEEN_DEALS = (Phase.DEAL_DUE, Phase.OVER)
_MAX_SCORE = 2**53
"""No match score is larger (the largest integer every JSON reader keeps exactly)."""


class EcarteCodec:
    """Writes Écarté states as positions and reads them back (`parlour.engine.PositionCodec`)."""

    def write(self, state: EcarteState) -> dict[str, Any]:
        """The game's keys of ``state``'s position (see the module docstring)."""
        table = state.table
        return {
            "phase": PHASE_NAMES[state.phase],
            "dealer": table.dealer,
            "deal_number": table.deal_number,
            "match_score": list(table.match_score),
            "deals": [deal.to_dict() for deal in table.deals],
            "deal": None if state.phase in _BETWEEN_DEALS else _write_deal(state),
        }

    def read(self, reader: PositionReader, options: Options, game: Game) -> EcarteState:
        """The state the game's keys describe; `PositionError` for anything missing, malformed
        or inconsistent (the module docstring says what is derived and checked)."""
        reader.expect_keys(KEYS)
        phase = _PHASE_OF_NAME[reader.choice("phase", tuple(_PHASE_OF_NAME))]
        dealer = reader.integer("dealer", 0, 1)
        deal_number = reader.integer("deal_number", 0, MAX_LIST_ITEMS + 1)
        match_score = reader.integers("match_score", 2, 0, _MAX_SCORE)
        deals = reader.records("deals", DealResult)
        in_deal = phase not in _BETWEEN_DEALS
        if deal_number != len(deals) + in_deal:
            raise reader.fail(
                f"must be {len(deals) + in_deal}: {len(deals)} deal(s) finished"
                + (" and one in progress" if in_deal else ""),
                "deal_number",
            )
        finished_score = check_finished_deals(options, deals, dealer, phase)
        table = Table(
            options=options, dealer=dealer, deal_number=deal_number, match_score=finished_score,
            deals=deals,
        )  # fmt: skip
        score = (match_score[0], match_score[1])
        if in_deal:
            return read_deal(reader.child("deal"), options, phase, table, score, game)
        if reader.get("deal") is not None:
            raise reader.fail(f"must be null in phase '{PHASE_NAMES[phase]}'", "deal")
        if score != finished_score:
            raise PositionError(
                f"must be {list(finished_score)}, the finished deals' points, not {list(score)}",
                "match_score",
            )
        return build_state(table=table, phase=phase)

    def deck(self, options: Options) -> tuple[Card, ...]:
        """The 32 cards of an Écarté deal."""
        return DECK


def _write_deal(state: EcarteState) -> dict[str, Any]:
    """The ``deal`` object of a state in a deal."""
    table = state.table
    exchange = state.exchange
    return {
        "to_act": state.to_act,
        "turnup": DECK[table.turnup].text,
        "hands": [card_texts(cards_in(hand)) for hand in state.hands],
        "talon": card_texts(DECK[card] for card in exchange.talon),
        "discards": [card_texts(cards_in(discards)) for discards in exchange.discards],
        "proposals": exchange.proposals,
        "exchanges": [list(pair) for pair in exchange.exchanges],
        "refused": exchange.refused or None,
        "played_without_proposing": exchange.played_without_proposing,
        "king": table.king if table.king >= 0 else None,
        "tricks": [
            card_texts((DECK[led], DECK[followed])) for _, led, followed in state.finished_tricks
        ],
        "trick": card_texts(DECK[card] for card in state.trick),
    }


CODEC = EcarteCodec()
"""Écarté's position codec."""
