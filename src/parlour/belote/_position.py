"""Belote positions: a `BeloteState` as JSON-ready data and back (`parlour.engine`).

A position holds the match (phase, dealer, deal number, match score, held litige points, the
finished deals' results) and, during a deal, the deal itself under the key ``deal``: the hands,
the turn-up, the stock, the contract, the finished tricks in order, and the current trick with
its leader. ``docs/belote.md`` ("Positions") lists every key with an example.

It is read as strictly as a deal. The match keys must agree with the finished deals
(`parlour.belote._position_match`). In the play, each hand's size must fit the tricks played,
the leader and the seat to act must be those the tricks give, and the deal is replayed trick by
trick from the hands the cards came from, by the game's own rules, so every card played must
have been a legal play; the belote holder and the belote's trick are found by that replay.
"""

from __future__ import annotations

from typing import Any

import attrs

from parlour.base import (
    Card,
    Suit,
)
from parlour.belote._history import deal_tricks
from parlour.belote._moves import PLAYS
from parlour.belote._options import Options
from parlour.belote._position_match import (
    check_match,
    check_match_state,
    is_belote_card,
)
from parlour.belote._state import (
    BeloteState,
    DealResult,
    Phase,
    Table,
)
from parlour.belote._view import PHASE_NAMES
from parlour.belote.rules import (
    CARD_TABLE,
    CARDS_PER_HAND,
    DEAL_FIELDS,
    DECK,
    KING_QUEEN_OF,
    PLAYERS,
    TRICKS_PER_DEAL,
    card_index,
    cards_in,
)
from parlour.engine import (
    MAX_LIST_ITEMS,
    Game,
    PositionReader,
    card_texts,
)

__all__ = ["CODEC", "BeloteCodec"]

_KEYS = ("phase", "dealer", "deal_number", "match_score", "held", "deals", "deal")
_DEAL_KEYS = ("to_act", "hands", "turnup", "stock", "contract", "tricks", "leader", "trick")
_CONTRACT_KEYS = ("taker", "trump", "round")
_PHASES: dict[str, Phase] = {name: phase for phase, name in PHASE_NAMES.items()}
_BIDDING = (Phase.BID_ROUND_1, Phase.BID_ROUND_2)
_FIRST_HAND_SIZE = DEAL_FIELDS[0].sizes[0]
_STOCK_SIZE = DEAL_FIELDS[2].sizes[0]
_MAX_POINTS = 2**53
"""No score of a position may be larger than this (JSON's exact integers)."""


class BeloteCodec:
    """Writes a `BeloteState` as the keys of its position and reads them back."""

    def deck(self, options: Options) -> tuple[Card, ...]:
        """The 32 cards."""
        return DECK

    def write(self, state: BeloteState) -> dict[str, Any]:
        """The position's own keys of ``state`` (module docstring)."""
        table = state.table
        return {
            "phase": PHASE_NAMES[state.phase],
            "dealer": table.dealer,
            "deal_number": table.deal_number,
            "match_score": list(table.match_score),
            "held": table.held,
            "deals": [deal.to_dict() for deal in table.deals],
            "deal": _write_deal(state) if state.phase in (*_BIDDING, Phase.PLAY) else None,
        }

    def read(self, reader: PositionReader, options: Options, game: Game) -> BeloteState:
        """The state the keys describe; `PositionError` for anything wrong or inconsistent."""
        reader.expect_keys(_KEYS)
        phase = _PHASES[reader.choice("phase", tuple(_PHASES))]
        dealer = reader.integer("dealer", 0, PLAYERS - 1)
        deal_number = reader.integer("deal_number", 0, MAX_LIST_ITEMS + 1)
        match_score = reader.integers("match_score", 2, 0, _MAX_POINTS)
        held = reader.integer("held", 0, _MAX_POINTS)
        deals = reader.records("deals", DealResult)
        facts = check_match(reader, options, deals)
        check_match_state(
            reader, facts, phase=phase, dealer=dealer, deal_number=deal_number,
            match_score=(match_score[0], match_score[1]), held=held, deals=len(deals),
        )  # fmt: skip
        table = Table(
            options=options, dealer=dealer, deal_number=deal_number,
            match_score=(match_score[0], match_score[1]), held=held, deals=deals,
        )  # fmt: skip
        if phase in (Phase.DEAL_DUE, Phase.OVER):
            if reader.get("deal") is not None:
                raise reader.fail(f"must be null in the {PHASE_NAMES[phase]!r} phase", "deal")
            return BeloteState(table=table, phase=phase)
        if reader.get("deal") is None:
            raise reader.fail(f"must be an object in the {PHASE_NAMES[phase]!r} phase", "deal")
        deal = reader.child("deal")
        deal.expect_keys(_DEAL_KEYS)
        if phase is Phase.PLAY:
            return _read_play(deal, table, game)
        return _read_bidding(deal, table, phase)


CODEC = BeloteCodec()
"""The position codec of Belote (registered by `parlour.belote`)."""


# --- writing ----------------------------------------------------------------------------------


def _texts(indexes: tuple[int, ...]) -> list[str]:
    return card_texts(DECK[index] for index in indexes)


def _write_deal(state: BeloteState) -> dict[str, Any]:
    table = state.table
    in_play = state.phase is Phase.PLAY
    return {
        "to_act": state.to_act,
        "hands": [card_texts(cards_in(hand)) for hand in state.hands],
        "turnup": DECK[table.turnup].text,
        "stock": _texts(state.stock),
        "contract": {
            "taker": table.taker,
            "trump": Suit(table.trump).letter,
            "round": table.take_round,
        }
        if in_play
        else None,
        "tricks": [_texts(cards) for _, cards in deal_tricks(state)],
        "leader": state.leader if in_play else None,
        "trick": _texts(state.trick),
    }


# --- reading a deal ---------------------------------------------------------------------------


class _Cards:
    """The deal's cards as they are read, each once: refuses a card that is not Belote's or
    that stands in two places, naming both."""

    def __init__(self, reader: PositionReader) -> None:
        self.reader = reader
        self.where: dict[int, str] = {}

    def index(self, card: Card, where: str) -> int:
        if not is_belote_card(card):
            raise self.reader.fail(f"{card} is not a card of Belote", where)
        index = card_index(card)
        if index in self.where:
            raise self.reader.fail(f"{card} stands twice: also at {self.where[index]}", where)
        self.where[index] = self.reader.where(where)
        return index

    def indexes(self, cards: tuple[Card, ...], where: str) -> tuple[int, ...]:
        return tuple(self.index(card, f"{where}[{i}]") for i, card in enumerate(cards))


def _read_bidding(deal: PositionReader, table: Table, phase: Phase) -> BeloteState:
    """A bidding round: four 5-card hands, the turn-up, the 11-card stock; no contract, no
    trick; the seat to act is whoever the passes so far have reached."""
    for key, what in (("contract", "null"), ("leader", "null")):
        if deal.get(key) is not None:
            raise deal.fail(f"must be {what} during the bidding", key)
    for key in ("tricks", "trick"):
        if deal.entries(key):
            raise deal.fail("must be empty during the bidding", key)
    to_act = deal.integer("to_act", 0, PLAYERS - 1)
    cards = _Cards(deal)
    hands = deal.card_groups("hands", (_FIRST_HAND_SIZE,) * PLAYERS)
    masks = tuple(_mask(cards.indexes(hand, f"hands[{seat}]")) for seat, hand in enumerate(hands))
    turnup = cards.index(deal.card("turnup"), "turnup")
    stock = cards.indexes(deal.cards("stock", _STOCK_SIZE, _STOCK_SIZE), "stock")
    bidding_table = attrs.evolve(table, turnup=turnup)
    return BeloteState(table=bidding_table, phase=phase, to_act=to_act, hands=masks, stock=stock)


def _read_play(deal: PositionReader, table: Table, game: Game) -> BeloteState:
    """The play: the contract, the tricks so far and the hands left, replayed from the hands
    the cards came from (module docstring)."""
    contract = deal.child("contract")
    contract.expect_keys(_CONTRACT_KEYS)
    taker = contract.integer("taker", 0, PLAYERS - 1)
    trump = int(contract.suit("trump"))
    take_round = contract.integer("round", 1, 2)
    if deal.entries("stock"):
        raise deal.fail("must be empty once the contract is taken (the stock is dealt)", "stock")
    cards = _Cards(deal)
    turnup_card = deal.card("turnup")
    if not is_belote_card(turnup_card):
        raise deal.fail(f"{turnup_card} is not a card of Belote", "turnup")
    turnup = card_index(turnup_card)
    _check_contract(contract, table.options, trump, take_round, turnup)
    tricks = [
        cards.indexes(item.cards_here(PLAYERS, PLAYERS), f"tricks[{number}]")
        for number, item in enumerate(deal.items("tricks", 0, TRICKS_PER_DEAL - 1))
    ]
    trick = cards.indexes(deal.cards("trick", 0, PLAYERS - 1), "trick")
    leaders = _leaders(table.dealer, trump, tricks)
    leader = leaders[-1]
    if deal.integer("leader", 0, PLAYERS - 1) != leader:
        raise deal.fail(f"must be {leader}: the seat after the dealer leads the first trick, "
                        "the winner of each trick the next", "leader")  # fmt: skip
    to_act = (leader + len(trick)) % PLAYERS
    if deal.integer("to_act", 0, PLAYERS - 1) != to_act:
        raise deal.fail(f"must be {to_act}: the seat after the trick's last card", "to_act")
    played = [0] * PLAYERS
    for trick_leader, trick_cards in zip(leaders, (*tricks, trick), strict=True):
        for offset, card in enumerate(trick_cards):
            played[(trick_leader + offset) % PLAYERS] |= 1 << card
    hands = deal.card_groups("hands", PLAYERS, CARDS_PER_HAND)
    masks = []
    for seat, hand in enumerate(hands):
        size = CARDS_PER_HAND - played[seat].bit_count()
        if len(hand) != size:
            raise deal.fail(f"must hold {size} cards: 8 less the {played[seat].bit_count()} "
                            f"seat {seat} has played", f"hands[{seat}]")  # fmt: skip
        masks.append(_mask(cards.indexes(hand, f"hands[{seat}]")))
    dealt = [masks[seat] | played[seat] for seat in range(PLAYERS)]
    if not dealt[taker] >> turnup & 1:
        raise deal.fail(f"must be in the taker's hand or among his plays: seat {taker} took it",
                        "turnup")  # fmt: skip
    king_queen = KING_QUEEN_OF[trump]
    holder = next((seat for seat in range(PLAYERS) if dealt[seat] & king_queen == king_queen), -1)
    play_table = attrs.evolve(
        table, turnup=turnup, trump=trump, taker=taker, belote_holder=holder, take_round=take_round
    )
    first = leaders[0]
    state = BeloteState(
        table=play_table, phase=Phase.PLAY, to_act=first, hands=tuple(dealt), leader=first
    )
    for number, trick_cards in enumerate((*tricks, trick)):
        for offset, card in enumerate(trick_cards):
            where = f"tricks[{number}][{offset}]" if number < len(tricks) else f"trick[{offset}]"
            violation = game.check(state, PLAYS[card], None)
            if violation is not None:
                raise deal.fail(f"{DECK[card]} was not a legal play for seat {state.to_act}: "
                                f"{violation.message} ({violation.rule})", where)  # fmt: skip
            state = game.apply(state, PLAYS[card], None)
    return state


def _check_contract(
    contract: PositionReader, options: Options, trump: int, take_round: int, turnup: int
) -> None:
    """The trump fits the round it was taken in (rules §3.3)."""
    turnup_suit = CARD_TABLE.suit_of[turnup]
    if take_round == 1 and trump != turnup_suit:
        raise contract.fail(f"must be {Suit(turnup_suit).letter}: the first round takes the "
                            "turn-up's suit", "trump")  # fmt: skip
    if take_round == 2 and trump == turnup_suit and not options.round2_allows_turnup_suit:
        raise contract.fail("may not be the turn-up's suit in the second round "
                            "(round2_allows_turnup_suit is false)", "trump")  # fmt: skip


def _leaders(dealer: int, trump: int, tricks: list[tuple[int, ...]]) -> list[int]:
    """The leader of each finished trick and then of the current one."""
    leader = (dealer + 1) % PLAYERS
    leaders = [leader]
    for cards in tricks:
        leader = (leader + CARD_TABLE.winning_index(trump, cards)) % PLAYERS
        leaders.append(leader)
    return leaders


def _mask(indexes: tuple[int, ...]) -> int:
    mask = 0
    for index in indexes:
        mask |= 1 << index
    return mask
