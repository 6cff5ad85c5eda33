"""Bezique positions, a deal: physical cards as texts, and the deal's fields checked against one
another and the rules (`bezique.position` reads them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from parlour.base import (
    PIQUET_DECK,
    NotationError,
    PositionError,
    describe,
    parse_card,
)
from parlour.bezique._position_records import (
    SEVEN_NAMES,
    WINDOW_SEVENS,
)
from parlour.bezique._state import (
    Declaration,
    Phase,
    Table,
)
from parlour.bezique._view import (
    PHASE_NAMES,
    USE_NAMES,
)
from parlour.bezique.rules import (
    BEZIQUE_PAIRS,
    DECK,
    FACES,
    MELD_BY_NAME,
    PLAYERS,
    QUARTET_FACES,
    SEVENS_OF,
    STAGE_ONE_TRICKS,
    STOCK_SIZE,
    TRICKS_PER_DEAL,
    fixed_melds,
)
from parlour.engine import PositionReader, ScoreEvent

__all__ = [
    "HOLDING",
    "SECOND_COPY",
    "DealFields",
    "card_of_text",
    "cards_mask",
    "check_draws",
    "check_history",
    "check_places",
    "check_shape",
    "physical_text",
    "replay",
]

SECOND_COPY = "#2"
"""The suffix naming the second copy of a face (``QS#2``)."""
HOLDING = 8
"""The most cards a hand, its known part or a table holds in any phase."""
_FACE_OF = {card: face for face, card in enumerate(PIQUET_DECK)}


def physical_text(card: int) -> str:
    """The position's text of physical card ``card`` (``QS``, or ``QS#2`` for the second copy)."""
    text = DECK[card].text
    return text + SECOND_COPY if card >= FACES else text


def card_of_text(value: object, fail: Callable[[str], PositionError]) -> int:
    """The physical card a position's text names; ``fail``'s error for anything else."""
    if not isinstance(value, str) or len(value) > 8:
        raise fail(f"must be a Bezique card such as 'QS' or 'QS#2', not {describe(value)}")
    text, copy = (value[: -len(SECOND_COPY)], 1) if value.endswith(SECOND_COPY) else (value, 0)
    try:
        face = _FACE_OF.get(parse_card(text), -1)
    except NotationError as error:
        raise fail(error.message) from error
    if face < 0:
        raise fail(f"{describe(value)} is not a card of the Bezique deck (7 to A)")
    return face + FACES * copy


def _cards_count(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def cards_mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# --- the phases' shapes ---------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _PhaseShape:
    """What a phase allows of a deal: its completed tricks, the stock drawn for them, whether the
    turn-up still lies on the table, the cards of the current trick, melds on the table."""

    tricks: tuple[int, int]
    draws_lag: int | None
    """cards drawn = 2 * (tricks - draws_lag); ``None``: the whole stock"""
    turnup: bool
    trick_cards: int
    tables: bool


_SHAPES = {
    Phase.PLAY: _PhaseShape(
        tricks=(0, STAGE_ONE_TRICKS - 1), draws_lag=0, turnup=True, trick_cards=1, tables=True
    ),
    Phase.DECLARE: _PhaseShape(
        tricks=(1, STAGE_ONE_TRICKS), draws_lag=1, turnup=True, trick_cards=0, tables=True
    ),
    Phase.LAST_STAGE: _PhaseShape(
        tricks=(STAGE_ONE_TRICKS, TRICKS_PER_DEAL - 1),
        draws_lag=None,
        turnup=False,
        trick_cards=1,
        tables=False,
    ),
}


# --- a deal's fields ---------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class DealFields:
    """A deal's fields as read, physical cards as indexes (-1 for none)."""

    dealt_turnup: int
    stock: tuple[int, ...]
    drawn: int
    turnup: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    known: tuple[tuple[int, ...], tuple[int, ...]]
    tables: tuple[tuple[int, ...], tuple[int, ...]]
    played: tuple[int, ...]
    trick: tuple[int, ...]
    to_act: int
    uses: tuple[int, ...]
    sevens_scored: tuple[int, ...]
    declared: bool
    exchanged: int
    declarations: tuple[Declaration, ...]
    awards: tuple[ScoreEvent, ...]


def check_places(reader: PositionReader, deal: DealFields) -> None:
    """Every physical card in exactly one place: hands, tables, the stock not yet drawn, the
    turn-up, the current trick, the tricks played; the stock as dealt and the dealt turn-up 48
    different cards."""
    places: dict[int, str] = {}
    zones: list[tuple[str, Sequence[int]]] = [
        ("hands[0]", deal.hands[0]), ("hands[1]", deal.hands[1]),
        ("tables[0]", deal.tables[0]), ("tables[1]", deal.tables[1]),
        ("stock", deal.stock[deal.drawn :]),
        ("turnup", (deal.turnup,) if deal.turnup >= 0 else ()),
        ("trick", deal.trick), ("played", deal.played),
    ]  # fmt: skip
    for zone, cards in zones:
        for card in cards:
            if card in places:
                raise reader.fail(
                    f"{physical_text(card)} also stands in {reader.where(places[card])}: each "
                    f"copy of a card is in one place", zone,
                )  # fmt: skip
            places[card] = zone
    for card in range(2 * FACES):
        if card not in places:
            raise reader.fail(f"{physical_text(card)} is missing: every copy of every card must "
                              f"be placed (hands, tables, the stock not drawn, the turn-up, the "
                              f"trick, the tricks played)")  # fmt: skip
    dealt = (*deal.stock, deal.dealt_turnup)
    if len(set(dealt)) != len(dealt):
        raise reader.fail("the stock as dealt and the dealt turn-up must be 48 different cards",
                          "stock")  # fmt: skip
    for seat in (0, 1):
        if not set(deal.known[seat]) <= set(deal.hands[seat]):
            raise reader.fail("lists cards of the hand: every one must be in hands[" +
                              f"{seat}]", f"known[{seat}]")  # fmt: skip


def check_shape(
    reader: PositionReader, phase: Phase, deal: DealFields, holdings: tuple[int, int], leader: int
) -> None:
    """The phase's tricks, stock, turn-up and trick; hand sizes; the seat to act."""
    shape = _SHAPES[phase]
    if len(deal.played) % 2:
        raise reader.fail("lists the completed tricks' cards: an even number", "played")
    tricks = len(deal.played) // 2
    low, high = shape.tricks
    if not low <= tricks <= high:
        raise reader.fail(f"in phase {PHASE_NAMES[phase]} from {low} to {high} tricks are "
                          f"completed, not {tricks}", "played")  # fmt: skip
    drawn = STOCK_SIZE if shape.draws_lag is None else 2 * (tricks - shape.draws_lag)
    if deal.drawn != drawn:
        raise reader.fail(f"{drawn} stock cards are drawn after {tricks} tricks in phase "
                          f"{PHASE_NAMES[phase]}, not {deal.drawn}", "drawn")  # fmt: skip
    if (deal.turnup >= 0) != shape.turnup:
        state = "lies on the table" if shape.turnup else "has been taken"
        raise reader.fail(f"the turn-up {state} in phase {PHASE_NAMES[phase]}", "turnup")
    if len(deal.trick) > shape.trick_cards:
        raise reader.fail(f"holds at most {shape.trick_cards} card in phase "
                          f"{PHASE_NAMES[phase]}", "trick")  # fmt: skip
    if not shape.tables and (deal.tables[0] or deal.tables[1]):
        raise reader.fail("the melds are picked up for the last stage: the tables are empty",
                          "tables")  # fmt: skip
    to_act = leader if not deal.trick else 1 - leader
    if deal.to_act != to_act:
        why = "the winner of the last trick" if tricks else "the non-dealer"
        if deal.trick:
            turn = f"seat {leader} ({why}) led the trick, seat {to_act} follows"
        else:
            turn = f"seat {leader} ({why}) " + ("declares" if phase is Phase.DECLARE else "leads")
        raise reader.fail(f"must be {to_act}: {turn}", "to_act")
    drawn_short = 1 if phase is Phase.DECLARE else 0  # the trick played, not yet drawn for
    for seat in (0, 1):
        in_trick = 1 if deal.trick and seat == leader else 0
        if phase is Phase.LAST_STAGE:
            size = HOLDING - (tricks - STAGE_ONE_TRICKS) - in_trick
        else:
            size = HOLDING - drawn_short - in_trick
        if holdings[seat] != size:
            raise reader.fail(
                f"seat {seat} holds {size} cards (hand and table) here, not {holdings[seat]}",
                f"hands[{seat}]",
            )


def replay(
    reader: PositionReader, deal: DealFields, table: Table, phase: Phase
) -> tuple[list[int], int, tuple[int, int]]:
    """Play the deal's tricks again: who led each and won it; in the last stage, every card
    followed must be legal from the hand it came from (the hand now and the cards played
    since). Who led each completed trick, the seat to lead the current one, and the cards
    each seat has won."""
    trump = table.trump
    winning_index = table.card_table.winning_index
    leader = (table.dealer + 1) % PLAYERS
    won = [0, 0]
    leaders = []
    played = deal.played
    for position in range(0, len(played) - 1, 2):
        cards = played[position : position + 2]
        leaders.append(leader)
        winner = (leader + winning_index(trump, cards)) % PLAYERS
        won[winner] |= (1 << cards[0]) | (1 << cards[1])
        leader = winner
    if phase is Phase.LAST_STAGE:
        holding = [cards_mask(deal.hands[0]), cards_mask(deal.hands[1])]
        if deal.trick:
            holding[leader] |= 1 << deal.trick[0]
        evaluator = table.last_stage_evaluator
        for number in range(len(leaders) - 1, STAGE_ONE_TRICKS - 1, -1):
            first, second = played[2 * number], played[2 * number + 1]
            trick_leader = leaders[number]
            holding[trick_leader] |= 1 << first
            holding[1 - trick_leader] |= 1 << second
            if not evaluator.allowed(trump, holding[1 - trick_leader], (first,)) >> second & 1:
                raise reader.fail(
                    f"{physical_text(second)} was not a legal play to trick {number + 1} "
                    f"(led {physical_text(first)}) from seat {1 - trick_leader}'s hand",
                    f"played[{2 * number + 1}]",
                )
    return leaders, leader, (won[0], won[1])


def check_draws(reader: PositionReader, deal: DealFields, leaders: list[int], leader: int) -> None:
    """Each stock card drawn is where its drawer can have put it: in that seat's hand or melds,
    or played by it after the draw; and no seat holds or has played more than the 8 cards
    dealt to it of the 16 dealt. Sevens of trumps are left out: an exchange moves them."""
    sevens = SEVENS_OF[int(DECK[deal.dealt_turnup].suit)]  # type: ignore[arg-type]
    holder: dict[int, tuple[int, int]] = {}
    """per card: the seat holding it (trick 0) or the seat that played it and the trick"""
    for seat in (0, 1):
        for card in (*deal.hands[seat], *deal.tables[seat]):
            holder[card] = (seat, 0)
    for index, card in enumerate(deal.played):
        trick_leader = leaders[index // 2]
        holder[card] = (trick_leader if index % 2 == 0 else 1 - trick_leader, index // 2 + 1)
    for card in deal.trick:
        holder[card] = (leader, len(leaders) + 1)
    for index, card in enumerate(deal.stock[: deal.drawn]):
        if sevens >> card & 1:
            continue
        after = index // 2 + 1
        winner = leaders[after] if after < len(leaders) else leader
        drawer = winner if index % 2 == 0 else 1 - winner
        seat, trick = holder[card]
        if seat != drawer or 0 < trick <= after:
            now = (
                f"seat {seat} holds it" if not trick else f"seat {seat} played it to trick {trick}"
            )
            raise reader.fail(
                f"{physical_text(card)} was drawn by seat {drawer} after trick {after}, but {now}",
                f"stock[{index}]",
            )
    dealt_in_stock = set(deal.stock) | {deal.dealt_turnup}
    counts = [0, 0]
    for card, (seat, _) in holder.items():
        if card not in dealt_in_stock and not sevens >> card & 1:
            counts[seat] += 1
    for seat in (0, 1):
        if counts[seat] > HOLDING:
            raise reader.fail(
                f"seat {seat} holds or has played {counts[seat]} of the 16 cards dealt to the "
                f"hands (neither the stock nor the turn-up): 8 were dealt to it",
                f"hands[{seat}]",
            )


def check_history(reader: PositionReader, deal: DealFields, table: Table, phase: Phase) -> None:
    """Meld histories on cards of their class that can carry one; melded cards all with one;
    sevens scored that are sevens of trumps, one per seven declared; the trick winner's window."""
    trump = table.trump
    pair = BEZIQUE_PAIRS[table.options.bezique_cards][trump]
    class_faces: dict[str, int] = {}
    for kind, faces in fixed_melds(trump, pair):
        class_faces[kind.name] = class_faces.get(kind.name, 0) | cards_mask(faces)
    for rank, faces in QUARTET_FACES.items():
        name = next(kind.name for kind in MELD_BY_NAME.values() if kind.quartet_rank == rank)
        class_faces[name] = cards_mask(faces)
    if phase is Phase.LAST_STAGE:
        carriers = cards_mask(deal.known[0]) | cards_mask(deal.known[1])
    else:
        carriers = cards_mask(deal.tables[0]) | cards_mask(deal.tables[1])
    carriers |= cards_mask(deal.played) | cards_mask(deal.trick)
    melded = 0
    for name, used in zip(USE_NAMES, deal.uses, strict=True):
        used_faces = (used | used >> FACES) & ((1 << FACES) - 1)
        if used_faces & ~class_faces[name]:
            raise reader.fail(f"lists a card that is not part of a {name}", f"melds.{name}")
        if used & ~carriers:
            where = "known cards" if phase is Phase.LAST_STAGE else "the tables"
            raise reader.fail(f"lists a card that cannot have melded: a melded card is among "
                              f"{where} or played", f"melds.{name}")  # fmt: skip
        cards_declared = sum(len(d.cards) for d in deal.declarations if d.name == name)
        if used.bit_count() != cards_declared:
            raise reader.fail(f"lists {_cards_count(used.bit_count())}, but this deal's {name} "
                              f"declarations name {cards_declared}", f"melds.{name}")  # fmt: skip
        melded |= used
    may_be_known = (1 << deal.dealt_turnup) | SEVENS_OF[trump]
    if phase is Phase.LAST_STAGE:
        may_be_known |= melded | (1 << deal.stock[-1])
    for seat in (0, 1):
        if cards_mask(deal.known[seat]) & ~may_be_known:
            raise reader.fail(
                "lists a card the other player cannot know of (known cards: a turn-up taken, "
                "a seven of trumps shown, the melds and the last stock card picked up for the "
                "last stage)",
                f"known[{seat}]",
            )
    on_tables = cards_mask(deal.tables[0]) | cards_mask(deal.tables[1])
    if on_tables & ~melded:
        raise reader.fail("holds a card with no meld history: a card is on the table only once "
                          "melded", "tables")  # fmt: skip
    sevens = cards_mask(deal.sevens_scored)
    if sevens & ~SEVENS_OF[trump]:
        raise reader.fail("lists a card that is not a seven of trumps", "sevens_scored")
    declared_sevens = sum(1 for d in deal.declarations if d.name in SEVEN_NAMES)
    if declared_sevens != len(deal.sevens_scored):
        raise reader.fail(f"{declared_sevens} sevens of trumps are declared: as many have scored",
                          "sevens_scored")  # fmt: skip
    _check_window(reader, deal, table, phase)


def _check_window(reader: PositionReader, deal: DealFields, table: Table, phase: Phase) -> None:
    """``declared`` and ``exchanged`` only in the trick winner's window, as its declarations
    and the turn-up say."""
    options = table.options
    tricks = len(deal.played) // 2
    if phase is not Phase.DECLARE:
        if deal.declared:
            raise reader.fail("only the trick winner's window (phase declare) has declared",
                              "declared")  # fmt: skip
        if deal.exchanged >= 0:
            raise reader.fail("must be null outside the trick winner's window", "exchanged")
        return
    window = [d for d in deal.declarations if d.trick == tricks and d.name != "seven_play"]
    if any(d.seat != deal.to_act for d in window):
        raise reader.fail(f"only seat {deal.to_act}, the trick winner, declares after trick "
                          f"{tricks}", "declarations")  # fmt: skip
    melds = [d for d in window if d.name in MELD_BY_NAME]
    if len(melds) > 1:
        raise reader.fail("one scoring meld per trick won", "declarations")
    counted = melds or (options.seven_counts_as_meld and any(
        d.name in WINDOW_SEVENS for d in window))  # fmt: skip
    if counted and not deal.declared:
        raise reader.fail("must be true: this window's declaration has been made", "declared")
    if deal.declared and not counted and not (options.seven_counts_as_meld and deal.exchanged >= 0):
        raise reader.fail("must be false: nothing has been declared in this window", "declared")
    if deal.exchanged >= 0:
        if deal.exchanged != deal.dealt_turnup or deal.exchanged not in deal.known[deal.to_act]:
            raise reader.fail(
                "names the dealt turn-up, now a known card of the trick winner's hand", "exchanged"
            )
        if not SEVENS_OF[table.trump] >> deal.turnup & 1:
            raise reader.fail("after an exchange the turn-up is the seven given for it",
                              "turnup")  # fmt: skip
