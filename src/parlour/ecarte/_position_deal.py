"""The deal in progress of an Écarté position: its zones read card by card (each card of the
deck once), their sizes checked against the exchanges and the tricks, and the play replayed.

The play is replayed by the game itself: from the hands as they stood when play began (each
hand now, with the cards its seat played back in it), the king marked where the rules let its
holder mark it, then every card of the deal in order through the game's own `check` and
`apply`. This proves each card was a legal play and derives who won each trick, who is to
act, the cards won and the score, which must be what the position says.
"""

from __future__ import annotations

import attrs

from parlour.base import Card, PositionError
from parlour.ecarte._moves import (
    KING,
    PLAYS,
)
from parlour.ecarte._options import Options
from parlour.ecarte._position_exchanges import (
    ExchangeFacts,
    talon_left,
)
from parlour.ecarte._position_match import (
    deck_index,
    kings_at_deal,
    plus,
    points_of,
)
from parlour.ecarte._scoring import target_reached
from parlour.ecarte._state import (
    PHASE_NAMES,
    EcarteState,
    Exchange,
    Phase,
    Table,
    build_state,
)
from parlour.ecarte.rules import CARD_TABLE, CARDS_PER_HAND, TALON_SIZE, TRICKS_PER_DEAL
from parlour.engine import (
    Game,
    Move,
    PositionReader,
)

__all__ = ["DEAL_KEYS", "read_deal"]

DEAL_KEYS = (
    "to_act", "turnup", "hands", "talon", "discards", "proposals", "exchanges", "refused",
    "played_without_proposing", "king", "tricks", "trick",
)  # fmt: skip
"""The keys of a position's ``deal`` object, in the order they are written."""

_DEALER_ACTS = (Phase.RESPOND, Phase.DISCARD_DEALER)
"""The phases before the play in which the dealer acts (the non-dealer acts in the others)."""


class _Places:
    """Where each card of the deal was read; refuses a card twice or a card of another deck."""

    __slots__ = ("where",)

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def place(self, card: Card, path: str) -> int:
        """The deck index of ``card``, read at ``path``."""
        index = deck_index(card, path)
        earlier = self.where.get(index)
        if earlier is not None:
            raise PositionError(f"{card.text} is already placed at {earlier}", path)
        self.where[index] = path
        return index

    def group(self, cards: tuple[Card, ...], path: str) -> list[int]:
        """The deck indexes of the list of ``cards`` read at ``path``."""
        return [self.place(card, f"{path}[{number}]") for number, card in enumerate(cards)]


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def read_deal(
    reader: PositionReader, options: Options, phase: Phase, table: Table,
    match_score: tuple[int, int], game: Game,
) -> EcarteState:  # fmt: skip
    """The state of the deal in progress that ``reader`` (the ``deal`` object) describes, in
    ``phase``, in the match ``table`` (the finished deals, their score, the deal's dealer and
    number); ``match_score`` is the position's, checked against the deal's kings."""
    reader.expect_keys(DEAL_KEYS)
    dealer = table.dealer
    nondealer = 1 - dealer
    places = _Places()
    turnup = places.place(reader.card("turnup"), reader.where("turnup"))
    trump = CARD_TABLE.suit_of[turnup]
    facts = ExchangeFacts(
        proposals=reader.integer("proposals", 0, TALON_SIZE),
        exchanges=_exchanges(reader),
        refused=reader.optional_integer("refused", 1, TALON_SIZE) or 0,
        played_without_proposing=reader.boolean("played_without_proposing"),
    )
    talon_size = talon_left(options, facts, phase, reader.where())
    king = reader.optional_integer("king", 0, 1)
    to_act = reader.integer("to_act", 0, 1)
    plays = _plays(reader, places, trump, nondealer)
    if phase is not Phase.PLAY:
        _refuse_play_before_it_begins(reader, phase, plays, king)
    zones = _read_zones(reader, places, facts, talon_size, plays, dealer)
    awards = kings_at_deal(dealer, table.deal_number, turnup)
    score = plus(table.match_score, points_of(awards))
    if target_reached(options, score):
        raise PositionError(
            "must be 'over': the turn-up king brought the dealer to the target", "phase"
        )
    dealt = Table(
        options=options, dealer=dealer, deal_number=table.deal_number, match_score=score,
        deals=table.deals, turnup=turnup, trump=trump, awards=awards,
    )  # fmt: skip
    exchange = Exchange(
        talon=zones.talon,
        discards=zones.discards,
        exchanges=facts.exchanges,
        proposals=facts.proposals,
        refused=facts.refused,
        played_without_proposing=facts.played_without_proposing,
    )
    if phase is Phase.PLAY:
        chose_to_play = facts.played_without_proposing or (not facts.refused and talon_size > 0)
        if chose_to_play and not plays and king != nondealer:
            raise PositionError(
                "must be 'decide': the non-dealer has neither led a card nor marked the king",
                "phase",
            )
        start = build_state(
            table=dealt, phase=Phase.PLAY, to_act=nondealer, exchange=exchange,
            hands=zones.hands_at_start,
        )  # fmt: skip
        state = _replay(start, plays, king, reader, game)
    else:
        state = build_state(
            table=dealt, phase=phase, to_act=dealer if phase in _DEALER_ACTS else nondealer,
            hands=zones.hands, exchange=exchange,
        )  # fmt: skip
    _compare_derived(reader, state, to_act, king, match_score)
    return state


@attrs.frozen(slots=True, kw_only=True)
class _Zones:
    """The deal's cards as read: hands (now, and when play began) and discards as masks by
    seat, the talon top first."""

    hands: tuple[int, int]
    hands_at_start: tuple[int, int]
    discards: tuple[int, int]
    talon: tuple[int, ...]


def _read_zones(
    reader: PositionReader, places: _Places, facts: ExchangeFacts, talon_size: int,
    plays: list[_Play], dealer: int,
) -> _Zones:  # fmt: skip
    """The talon, discards and hands, each of the size the exchanges and the plays give it."""
    talon = places.group(reader.cards("talon", 0, TALON_SIZE), reader.where("talon"))
    if len(talon) != talon_size:
        raise reader.fail(
            f"must hold {talon_size} cards (21 less the {TALON_SIZE - talon_size} drawn), "
            f"not {len(talon)}",
            "talon",
        )
    exchanged = {
        1 - dealer: sum(given for given, _ in facts.exchanges),
        dealer: sum(taken for _, taken in facts.exchanges),
    }
    discards = _groups(reader, places, "discards", TALON_SIZE)
    for seat in (0, 1):
        if len(discards[seat]) != exchanged[seat]:
            raise reader.fail(
                f"must hold the {exchanged[seat]} card(s) seat {seat} exchanged, "
                f"not {len(discards[seat])}",
                f"discards[{seat}]",
            )
    hands = _groups(reader, places, "hands", CARDS_PER_HAND)
    played = [[play.card for play in plays if play.seat == seat] for seat in (0, 1)]
    for seat in (0, 1):
        size = CARDS_PER_HAND - len(played[seat])
        if len(hands[seat]) != size:
            raise reader.fail(
                f"must hold {size} card(s) (5 less the {len(played[seat])} seat {seat} played), "
                f"not {len(hands[seat])}",
                f"hands[{seat}]",
            )
    return _Zones(
        hands=(_mask(hands[0]), _mask(hands[1])),
        hands_at_start=(_mask(hands[0] + played[0]), _mask(hands[1] + played[1])),
        discards=(_mask(discards[0]), _mask(discards[1])),
        talon=tuple(talon),
    )


def _compare_derived(
    reader: PositionReader, state: EcarteState, to_act: int, king: int | None,
    match_score: tuple[int, int],
) -> None:  # fmt: skip
    """Refuse a seat to act, a king or a match score that is not what ``state`` derived."""
    if state.to_act != to_act:
        raise reader.fail(f"must be {state.to_act}, the seat whose turn it is, not {to_act}",
                          "to_act")  # fmt: skip
    marked = state.table.king if state.table.king >= 0 else None
    if marked != king:
        raise reader.fail(
            f"must be {'null' if marked is None else marked}, as the play shows (leading the "
            f"king of trumps to the first trick marks it), not {king}",
            "king",
        )
    if state.table.match_score != match_score:
        raise PositionError(
            f"must be {list(state.table.match_score)}: the finished deals' points and this "
            f"deal's kings, not {list(match_score)}",
            "match_score",
        )


def _refuse_play_before_it_begins(
    reader: PositionReader, phase: Phase, plays: list[_Play], king: int | None
) -> None:
    """Refuse cards played or a king marked in a phase before the play."""
    name = PHASE_NAMES[phase]
    if plays:
        key = "trick" if plays[0].path == f"{reader.where('trick')}[0]" else "tricks"
        raise reader.fail(f"must be empty in phase '{name}': play has not begun", key)
    if king is not None:
        raise reader.fail(f"must be null in phase '{name}': the king is marked in play", "king")


def _exchanges(reader: PositionReader) -> tuple[tuple[int, int], ...]:
    """The ``exchanges`` list: pairs of card counts (non-dealer, dealer)."""
    pairs = []
    for item in reader.items("exchanges", 0, TALON_SIZE):
        given, taken = (part.integer(0, CARDS_PER_HAND) for part in item.items(2, 2))
        pairs.append((given, taken))
    return tuple(pairs)


def _groups(reader: PositionReader, places: _Places, key: str, high: int) -> list[list[int]]:
    """The two card lists under ``key`` (by seat), each placed."""
    groups = reader.card_groups(key, 2, high)
    return [
        places.group(cards, reader.where(f"{key}[{seat}]")) for seat, cards in enumerate(groups)
    ]


@attrs.frozen(slots=True, kw_only=True)
class _Play:
    """A card of the deal as the position lists it: who played it, and where it is written."""

    seat: int
    card: int
    path: str


def _plays(reader: PositionReader, places: _Places, trump: int, nondealer: int) -> list[_Play]:
    """Every card of the ``tricks`` and the ``trick`` in playing order, with the seat that played
    it: the non-dealer leads the first trick, each trick's winner (by the game's card table)
    the next."""
    leader = nondealer
    plays: list[_Play] = []
    for item in reader.items("tricks", 0, TRICKS_PER_DEAL - 1):
        path = f"{item.path}[{item.index}]"
        first, second = places.group(item.cards_here(2, 2), path)
        plays.append(_Play(seat=leader, card=first, path=f"{path}[0]"))
        plays.append(_Play(seat=1 - leader, card=second, path=f"{path}[1]"))
        if CARD_TABLE.winning_index(trump, (first, second)) == 1:
            leader = 1 - leader
    for card in places.group(reader.cards("trick", 0, 1), reader.where("trick")):
        plays.append(_Play(seat=leader, card=card, path=f"{reader.where('trick')}[0]"))
    return plays


def _replay(
    start: EcarteState, plays: list[_Play], king: int | None, reader: PositionReader, game: Game
) -> EcarteState:
    """``start`` (play beginning) after the king marked by ``king`` (the non-dealer before his
    first lead, the dealer right after it) and ``plays``; `PositionError` at the card (or the
    king) that the game refuses."""
    dealer = start.table.dealer
    if king == dealer and not plays:
        raise reader.fail(
            "the dealer marks the king of trumps at his turn to the first trick; none has come",
            "king",
        )
    state = start
    if king == 1 - dealer:
        state = _apply(game, state, KING, reader.where("king"))
    for number, play in enumerate(plays):
        state = _apply(game, state, PLAYS[play.card], play.path)
        if number == 0 and king == dealer:
            state = _apply(game, state, KING, reader.where("king"))
    return state


def _apply(game: Game, state: EcarteState, move: Move, path: str) -> EcarteState:
    """``state`` after ``move``, which ``game`` must accept there."""
    violation = game.check(state, move, None)
    if violation is not None:
        raise PositionError(
            f"'{move}' by seat {state.to_act} is not legal there: {violation.message} "
            f"[{violation.rule}]",
            path,
        )
    after: EcarteState = game.apply(state, move, None)
    if after.phase is Phase.OVER:
        raise PositionError("must be 'over': the king brought a player to the target", "phase")
    return after
