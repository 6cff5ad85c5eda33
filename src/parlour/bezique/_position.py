"""Bezique positions: a state as JSON-ready data and back (`parlour.engine`), read as strictly
as a deal.

The deck holds two copies of each face and a state tells them apart (which queen of spades has
scored in a bezique, which one is known to the opponent), so a position names *physical* cards:
``"QS"`` is the first copy of the queen of spades and ``"QS#2"`` the second. The keys mirror the
state (see docs/bezique.md, "Positions"); what follows from them is derived, not written: the
trump (the dealt turn-up's suit), the number of tricks, who led each trick and who won it, the
cards each seat has won. The reader re-derives the rest and refuses a position whose written
fields disagree: the seat to act, the hand sizes for the tricks played, the stock drawn, the
scores against the awards and the finished deals, every last-stage card a legal play from the
hand it came from, a meld history only on cards that can carry one, and so on. The checks of
a deal are in `bezique.position_deal`, those of the finished deals, awards and declarations in
`bezique.position_records`.
"""

from __future__ import annotations

from typing import Any

from parlour.base import (
    Card,
    PositionError,
    describe,
    to_json,
)
from parlour.bezique._options import Options
from parlour.bezique._position_deal import (
    HOLDING,
    DealFields,
    card_of_text,
    cards_mask,
    check_draws,
    check_history,
    check_places,
    check_shape,
    physical_text,
    replay,
)
from parlour.bezique._position_records import (
    check_awards,
    check_deals,
    check_declarations,
    check_reaching,
)
from parlour.bezique._state import (
    BeziqueState,
    DealResult,
    Declaration,
    Phase,
    Table,
    build_state,
)
from parlour.bezique._transitions import (
    match_decided,
    match_total,
)
from parlour.bezique._view import (
    PHASE_NAMES,
    USE_NAMES,
)
from parlour.bezique.rules import DECK, FACES, PLAYERS, SEVENS_OF, STOCK_SIZE, TRICKS_PER_DEAL
from parlour.engine import (
    Game,
    ItemReader,
    PositionReader,
    ScoreEvent,
)

__all__ = ["CODEC", "BeziqueCodec"]

_PHASE_OF_NAME = {name: phase for phase, name in PHASE_NAMES.items()}
_IN_DEAL = (Phase.PLAY, Phase.DECLARE, Phase.LAST_STAGE)
_TOP_KEYS = ("phase", "dealer", "deal_number", "scores", "deals", "deal")
_DEAL_KEYS = (
    "dealt_turnup", "stock", "drawn", "turnup", "hands", "known", "tables", "played", "trick",
    "to_act", "melds", "sevens_scored", "declared", "exchanged", "declarations", "awards",
)  # fmt: skip
_MAX_SCORE = 2**53
_MAX_DEALS = 100_000


def _ordered(mask: int) -> list[str]:
    """The texts of a card mask, by face in the deck's order, the first copy before the second."""
    cards = [card for card in range(2 * FACES) if mask >> card & 1]
    cards.sort(key=lambda card: (card % FACES, card))
    return [physical_text(card) for card in cards]


# --- writing ----------------------------------------------------------------------------------


def _write_deal(state: BeziqueState) -> dict[str, Any]:
    table = state.table
    return {
        "dealt_turnup": physical_text(table.first_turnup),
        "stock": [physical_text(card) for card in table.stock],
        "drawn": state.drawn,
        "turnup": physical_text(state.turnup) if state.turnup >= 0 else None,
        "hands": [_ordered(mask) for mask in state.hands],
        "known": [_ordered(mask) for mask in state.known],
        "tables": [_ordered(mask) for mask in state.tables],
        "played": [physical_text(card) for card in state.played],
        "trick": [physical_text(card) for card in state.trick],
        "to_act": state.to_act,
        "melds": {name: _ordered(mask) for name, mask in zip(USE_NAMES, state.uses, strict=True)},
        "sevens_scored": _ordered(state.sevens_scored),
        "declared": state.declared,
        "exchanged": physical_text(state.exchanged) if state.exchanged >= 0 else None,
        "declarations": [to_json(declaration) for declaration in state.declarations],
        "awards": [to_json(award) for award in state.awards],
    }


# --- reading: small getters -------------------------------------------------------------------


def _card(reader: PositionReader, key: str) -> int:
    value = reader.get(key)
    if key not in reader.data:
        raise reader.fail(f"the key {key!r} is missing")
    return card_of_text(value, lambda message: reader.fail(message, key))


def _optional_card(reader: PositionReader, key: str) -> int:
    """A physical card, or -1 for null."""
    if key in reader.data and reader.get(key) is None:
        return -1
    return _card(reader, key)


def _item_cards(item: ItemReader, low: int, high: int) -> tuple[int, ...]:
    """The item as a list of ``low`` to ``high`` physical cards."""
    value = item.value
    if not isinstance(value, list):
        raise item.fail(f"must be a list, not {describe(value)}")
    if not low <= len(value) <= high:
        size = f"exactly {low}" if low == high else f"from {low} to {high}"
        raise item.fail(f"must hold {size} cards, not {len(value)}")
    where = f"{item.path}[{item.index}]"
    return tuple(
        card_of_text(entry, ItemReader(entry, where, index).fail)
        for index, entry in enumerate(value)
    )


def _cards(reader: PositionReader, key: str, low: int, high: int) -> tuple[int, ...]:
    """A list of ``low`` to ``high`` different physical cards."""
    cards = []
    for item in reader.items(key, low, high):
        card = card_of_text(item.value, item.fail)
        if card in cards:
            raise item.fail(f"{physical_text(card)} is listed twice")
        cards.append(card)
    return tuple(cards)


def _card_sets(reader: PositionReader, key: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A list of two lists of physical cards (by seat), each of at most a full holding."""
    first, second = (_item_cards(item, 0, HOLDING) for item in reader.items(key, 2, 2))
    for seat, cards in enumerate((first, second)):
        if len(set(cards)) != len(cards):
            raise reader.fail("names a card twice", f"{key}[{seat}]")
    return first, second


# --- reading -------------------------------------------------------------------------------


def _read_deal_fields(reader: PositionReader) -> DealFields:
    reader.expect_keys(_DEAL_KEYS)
    melds = reader.child("melds")
    melds.expect_keys(USE_NAMES)
    return DealFields(
        dealt_turnup=_card(reader, "dealt_turnup"),
        stock=_cards(reader, "stock", STOCK_SIZE, STOCK_SIZE),
        drawn=reader.integer("drawn", 0, STOCK_SIZE),
        turnup=_optional_card(reader, "turnup"),
        hands=_card_sets(reader, "hands"),
        known=_card_sets(reader, "known"),
        tables=_card_sets(reader, "tables"),
        played=_cards(reader, "played", 0, 2 * (TRICKS_PER_DEAL - 1)),
        trick=_cards(reader, "trick", 0, 1),
        to_act=reader.integer("to_act", 0, PLAYERS - 1),
        uses=tuple(cards_mask(_cards(melds, name, 0, 2 * FACES)) for name in USE_NAMES),
        sevens_scored=_cards(reader, "sevens_scored", 0, 2),
        declared=reader.boolean("declared"),
        exchanged=_optional_card(reader, "exchanged"),
        declarations=reader.records("declarations", Declaration, 4 * TRICKS_PER_DEAL),
        awards=reader.records("awards", ScoreEvent, 4 * TRICKS_PER_DEAL),
    )


def _read_deal(
    reader: PositionReader,
    options: Options,
    phase: Phase,
    head: tuple[int, int, tuple[DealResult, ...], tuple[int, int]],
) -> BeziqueState:
    dealer, deal_number, deals, scores = head
    deal = _read_deal_fields(reader)
    check_places(reader, deal)
    trump = int(DECK[deal.dealt_turnup].suit)  # type: ignore[arg-type]
    exchanged_for = deal.turnup >= 0 and deal.turnup != deal.dealt_turnup
    if exchanged_for and not SEVENS_OF[trump] >> deal.turnup & 1:
        raise reader.fail("is the dealt turn-up, or the seven of trumps exchanged for it",
                              "turnup")  # fmt: skip
    table = Table(
        options=options, dealer=dealer, deal_number=deal_number, deals=deals, trump=trump,
        first_turnup=deal.dealt_turnup, stock=deal.stock,
    )  # fmt: skip
    leaders, leader, won = replay(reader, deal, table, phase)
    holdings = (len(deal.hands[0]) + len(deal.tables[0]), len(deal.hands[1]) + len(deal.tables[1]))
    # The shape first (whole tricks, as many draws as they make): the draws are then read
    # against the tricks' leaders, one per completed trick.
    check_shape(reader, phase, deal, holdings, leader)
    check_draws(reader, deal, leaders, leader)
    tricks = len(deal.played) // 2
    points = check_awards(reader, "awards", deal.awards, deal_number, tricks)
    check_declarations(reader, "declarations", deal.declarations, deal.awards, options, trump)
    check_history(reader, deal, table, phase)
    before = match_total(table)
    expected = (before[0] + points[0], before[1] + points[1])
    if scores != expected:
        raise PositionError(
            f"must be the finished deals' points plus this deal's awards, {list(expected)}",
            "scores",
        )
    check_reaching(reader, "", deal.awards, before, options, stopped=False)
    return build_state(
        table=table, phase=phase, to_act=deal.to_act,
        hands=(cards_mask(deal.hands[0]), cards_mask(deal.hands[1])),
        tables=(cards_mask(deal.tables[0]), cards_mask(deal.tables[1])),
        known=(cards_mask(deal.known[0]), cards_mask(deal.known[1])),
        drawn=deal.drawn, turnup=deal.turnup, trick=deal.trick, leader=leader, tricks=tricks,
        won=won, played=deal.played, uses=deal.uses, sevens_scored=cards_mask(deal.sevens_scored),
        declared=deal.declared, exchanged=deal.exchanged, scores=scores,
        awards=deal.awards, declarations=deal.declarations,
    )  # fmt: skip


class BeziqueCodec:
    """The `parlour.engine.PositionCodec` of Bezique (see the module docstring)."""

    def write(self, state: BeziqueState) -> dict[str, Any]:
        """The game's keys of ``state``'s position."""
        table = state.table
        return {
            "phase": PHASE_NAMES[state.phase],
            "dealer": table.dealer,
            "deal_number": table.deal_number,
            "scores": list(state.scores),
            "deals": [to_json(deal) for deal in table.deals],
            "deal": _write_deal(state) if state.phase in _IN_DEAL else None,
        }

    def read(self, reader: PositionReader, options: Any, game: Game) -> BeziqueState:
        """The state of a position's game keys; `PositionError` naming the key at fault."""
        reader.expect_keys(_TOP_KEYS)
        phase = _PHASE_OF_NAME[reader.choice("phase", tuple(_PHASE_OF_NAME))]
        dealer = reader.integer("dealer", 0, PLAYERS - 1)
        deal_number = reader.integer("deal_number", 0, _MAX_DEALS)
        raw_scores = reader.integers("scores", PLAYERS, 0, _MAX_SCORE)
        scores = (raw_scores[0], raw_scores[1])
        deals = reader.records("deals", DealResult, _MAX_DEALS)
        check_deals(reader, deals, options)
        if deals and options.next_dealer == "alternate" and dealer == deals[-1].dealer:
            raise reader.fail(f"the deal alternates: seat {1 - deals[-1].dealer} deals after "
                              f"deal {len(deals)}", "dealer")  # fmt: skip
        table = Table(options=options, dealer=dealer, deal_number=deal_number, deals=deals)
        totals = match_total(table)
        stopped = bool(deals) and deals[-1].outcome == "stopped"
        decided = stopped or (bool(deals) and match_decided(options, totals))
        if phase in _IN_DEAL:
            if deal_number != len(deals) + 1:
                raise reader.fail(f"must be {len(deals) + 1}: the deal after the finished ones",
                                  "deal_number")  # fmt: skip
            if decided:
                raise reader.fail("the match is over: no deal is under way", "phase")
            return _read_deal(reader.child("deal"), options, phase,
                              (dealer, deal_number, deals, scores))  # fmt: skip
        if reader.get("deal") is not None or "deal" not in reader.data:
            raise reader.fail("must be null between deals and once the match is over", "deal")
        if deal_number != len(deals):
            raise reader.fail(f"must be {len(deals)}, the number of finished deals",
                              "deal_number")  # fmt: skip
        if phase is Phase.OVER and not decided:
            raise reader.fail("the match is not over: a deal is due", "phase")
        if phase is Phase.DEAL_DUE and decided:
            raise reader.fail("the match is over after the last deal", "phase")
        if scores != totals:
            raise reader.fail(f"must be the finished deals' points, {list(totals)}", "scores")
        return build_state(table=table, phase=phase, scores=scores)

    def deck(self, options: Any) -> tuple[Card, ...]:
        """The 64 cards of a deal: two piquet packs."""
        return DECK


CODEC = BeziqueCodec()
"""Bezique's position codec, registered under ``"bezique"``."""
