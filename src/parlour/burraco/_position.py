"""Burraco positions: a `BurracoState` as JSON-ready data and back (`parlour.engine`).

A position holds the match (phase, dealer, hand number, match score, the finished hands'
results) and, while a hand is in play, the hand itself under the key ``hand``: every seat's
cards, each team's melds in the game's notation, the discard pile, the stock, the cards drawn
from it so far, the two pozzetti as dealt, who took which pozzetto, what the current turn has
done, and the cards everybody knows a hand holds. ``docs/burraco.md`` ("Positions") lists every
key with an example.

It is read as strictly as a deal: every meld must be valid under the match's options (read by
the game's own meld engine), sizes must fit the phase, and what the state derives (hand sizes,
the last turn, the seats to whom a pozzetto is still unseen, the match score) must agree with
the rest; anything else is a `PositionError` naming the key.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.base import Card
from parlour.burraco._faces import (
    COPIES,
    DECK,
    FACE_CARDS,
    FACE_OF,
    cards_of,
    contains,
    count,
    excess_face,
    pack,
)
from parlour.burraco._legal import TEAM_OF, TEAMS, legal_moves, meld_rules, team_melds_allow_set
from parlour.burraco._meld_reading import read_meld
from parlour.burraco._meld_tables import Meld
from parlour.burraco._options import Options
from parlour.burraco._scoring import hand_awards, match_winner
from parlour.burraco._state import NEW_TURN, BurracoState, HandResult, Phase, Table, Turn
from parlour.burraco.rules import (
    BURRACO_BONUS,
    CLOSING_BONUS,
    NO_POZZETTO_PENALTY,
    POZZETTI,
    POZZETTO_SIZE,
    STOCK_LEFT_AT_END,
    STOCK_SIZES,
)
from parlour.engine import (
    MAX_LIST_ITEMS,
    Game,
    PositionReader,
    card_texts,
)

__all__ = ["CODEC", "BurracoCodec"]

_KEYS = ("phase", "dealer", "hand_number", "match_score", "results", "hand")
_HAND_KEYS = (
    "to_act", "hands", "known_cards", "melds", "discard", "stock", "drawn", "pozzetti",
    "pozzetto_of_team", "pozzetto_unseen", "turn", "stalled",
)  # fmt: skip
_TURN_KEYS = ("took_pile", "single_card_pile", "no_discard", "melded")
_PHASES: dict[str, Phase] = {phase.value: phase for phase in Phase}
_IN_HAND = (Phase.DRAW, Phase.PLAY)
_ENDINGS = ("closing", "stock", "stalemate")
"""How a hand may end (`HandResult.ended_by`)."""
_MAX_SCORE = 2**53
"""No score of a position may be larger than this in size (JSON's exact integers)."""
_MAX_MELDS = len(DECK) // 3
"""No team can have more melds than this (three cards each)."""
"""How many copies of each card the 108-card deck holds."""
_STOCK_AT_DRAW = STOCK_LEFT_AT_END + 1
"""The fewest cards the stock holds when a seat is to draw: a draw leaving two ends the hand."""


class BurracoCodec:
    """Writes a `BurracoState` as the keys of its position and reads them back."""

    def deck(self, options: Options) -> tuple[Card, ...]:
        """The 108 cards: two packs and four jokers."""
        return DECK

    def write(self, state: BurracoState) -> dict[str, Any]:
        """The position's own keys of ``state`` (module docstring)."""
        table = state.table
        return {
            "phase": state.phase.value,
            "dealer": table.dealer,
            "hand_number": table.hand_number,
            "match_score": list(table.match_score),
            "results": [result.to_dict() for result in table.results],
            "hand": _write_hand(state) if state.phase in _IN_HAND else None,
        }

    def read(self, reader: PositionReader, options: Options, game: Game) -> BurracoState:
        """The state the keys describe; `PositionError` for anything wrong or inconsistent."""
        reader.expect_keys(_KEYS)
        players = options.players
        phase = _PHASES[reader.choice("phase", tuple(_PHASES))]
        dealer = reader.integer("dealer", 0, players - 1)
        hand_number = reader.integer("hand_number", 0, MAX_LIST_ITEMS)
        match_score = reader.integers(
            "match_score", len(TEAMS[players]), -_MAX_SCORE, _MAX_SCORE
        )
        results = reader.records("results", HandResult)
        _check_results(reader, options, results)
        _check_match(reader, options, phase, dealer, hand_number, match_score, results)
        table = Table(
            options=options, dealer=dealer, hand_number=hand_number,
            match_score=match_score, results=results,
        )  # fmt: skip
        if phase not in _IN_HAND:
            if reader.get("hand") is not None:
                raise reader.fail(f"must be null in the {phase.value!r} phase", "hand")
            return BurracoState(table=table, phase=phase)
        if reader.get("hand") is None:
            raise reader.fail(f"must be an object in the {phase.value!r} phase", "hand")
        return _read_hand(reader.child("hand"), table, phase)


CODEC = BurracoCodec()
"""The position codec of Burraco (registered by `parlour.burraco`)."""


# --- writing ----------------------------------------------------------------------------------


def _faces_texts(faces: Sequence[int]) -> list[str]:
    return card_texts(FACE_CARDS[face] for face in faces)


def _write_hand(state: BurracoState) -> dict[str, Any]:
    turn = state.turn
    return {
        "to_act": state.to_act,
        "hands": [card_texts(cards_of(hand)) for hand in state.hands],
        "known_cards": [card_texts(cards_of(known)) for known in _known(state)],
        "melds": [[card_texts(meld.cards) for meld in melds] for melds in state.melds],
        "discard": _faces_texts(state.discard),
        "stock": _faces_texts(state.stock[state.drawn :]),
        "drawn": _faces_texts(state.stock[: state.drawn]),
        "pozzetti": [_faces_texts(pozzetto) for pozzetto in state.pozzetti],
        "pozzetto_of_team": [taken + 1 for taken in state.pozzetto_of_team],
        "pozzetto_unseen": [seat for seat in range(len(state.hands)) if state.unseen >> seat & 1],
        "turn": None
        if state.phase is Phase.DRAW
        else {
            "took_pile": turn.took_pile,
            "single_card_pile": turn.single_card_pile,
            "no_discard": None
            if turn.no_discard_face < 0
            else FACE_CARDS[turn.no_discard_face].text,
            "melded": turn.melded,
            **(
                {"pile_to_meld": card_texts(cards_of(turn.pile_to_meld))}
                if turn.pile_to_meld
                else {}
            ),
        },
        "stalled": state.stalled,
    }


def _known(state: BurracoState) -> tuple[int, ...]:
    """The packed cards known to be in each hand (none for a state that keeps no record)."""
    return state.known or (0,) * len(state.hands)


# --- reading the match ------------------------------------------------------------------------


def _check_results(reader: PositionReader, options: Options, results: Sequence[HandResult]) -> None:
    """Each finished hand's result is one the rules can give: numbered in order, dealt by seats
    in rotation, ended in one of the three ways, every score item consistent (rules §4.9)."""
    players = options.players
    teams = TEAMS[players]
    for index, result in enumerate(results):
        where = f"results[{index}]"
        if result.number != index + 1:
            raise reader.fail(f"must be {index + 1} (hands are numbered from 1)", f"{where}.number")
        if not 0 <= result.dealer < players:
            raise reader.fail(f"must be a seat from 0 to {players - 1}", f"{where}.dealer")
        first = results[0].dealer
        if result.dealer != (first + index) % players:
            raise reader.fail(
                f"must be {(first + index) % players}: the deal passes to the next seat",
                f"{where}.dealer",
            )
        if result.ended_by not in _ENDINGS:
            raise reader.fail(f"must be one of {', '.join(_ENDINGS)}", f"{where}.ended_by")
        closing = result.ended_by == "closing"
        if closing != (result.closed_by is not None) or (
            closing and not 0 <= (result.closed_by or 0) < len(teams)
        ):
            wanted = "a team" if closing else "null (the hand did not end by a closing)"
            raise reader.fail(f"must be {wanted}", f"{where}.closed_by")
        if len(result.teams) != len(teams):
            raise reader.fail(f"must hold {len(teams)} team scores", f"{where}.teams")
        for team, score in enumerate(result.teams):
            _check_team_score(reader, f"{where}.teams[{team}]", score, team, teams[team],
                              result.closed_by)  # fmt: skip
        awards = hand_awards(result.teams, result.number)
        if result.awards != awards:
            raise reader.fail(
                "must be the hand's score items as awards, in the order of the rules "
                f"({[award.to_dict() for award in awards]})",
                f"{where}.awards",
            )


def _check_team_score(
    reader: PositionReader,
    where: str,
    score: Any,
    team: int,
    seats: tuple[int, ...],
    closed_by: int | None,
) -> None:
    """One team's score items add up as rules §4.9 says."""
    expected = {
        "team": team,
        "seats": seats,
        "closing": CLOSING_BONUS if closed_by == team else 0,
        "burraco_bonus": score.clean_burracos * BURRACO_BONUS[True]
        + score.dirty_burracos * BURRACO_BONUS[False],
        "total": score.melded + score.burraco_bonus + score.closing - score.in_hand
        - score.pozzetto_penalty,
    }  # fmt: skip
    for key, value in expected.items():
        if getattr(score, key) != value:
            raise reader.fail(f"must be {value!r}", f"{where}.{key}")
    for key in ("melded", "clean_burracos", "dirty_burracos", "in_hand"):
        if getattr(score, key) < 0:
            raise reader.fail("must not be negative", f"{where}.{key}")
    penalties = (0,) if closed_by == team else (0, NO_POZZETTO_PENALTY)
    if score.pozzetto_penalty not in penalties:
        raise reader.fail(
            f"must be one of {', '.join(map(str, penalties))}", f"{where}.pozzetto_penalty"
        )


def _check_match(
    reader: PositionReader,
    options: Options,
    phase: Phase,
    dealer: int,
    hand_number: int,
    match_score: tuple[int, ...],
    results: Sequence[HandResult],
) -> None:
    """The match score is the sum of the finished hands; the match ended exactly when the phase
    says; the hand number and the dealer follow from the finished hands."""
    in_hand = phase in _IN_HAND
    finished = hand_number - 1 if in_hand else hand_number
    if len(results) != finished:
        state = "in play" if in_hand else "finished"
        raise reader.fail(
            f"must hold {max(finished, 0)} result(s): hand {hand_number} is the last one {state}",
            "results",
        )
    if in_hand and hand_number < 1:
        raise reader.fail("must be at least 1 while a hand is in play", "hand_number")
    totals = [0] * len(match_score)
    for index, result in enumerate(results):
        for team, score in enumerate(result.teams):
            totals[team] += score.total
        over, _ = match_winner(options.target, totals)
        if over and index < len(results) - 1:
            raise reader.fail(f"the match was over after hand {index + 1}", "results")
    if tuple(totals) != match_score:
        raise reader.fail(f"must be {totals}, the sum of the finished hands", "match_score")
    over = bool(results) and match_winner(options.target, totals)[0]
    if over != (phase is Phase.OVER):
        said = "is over" if over else "is not over"
        raise reader.fail(f"cannot be {phase.value!r}: after these hands the match {said}", "phase")
    if results and dealer != (results[-1].dealer + 1) % options.players:
        raise reader.fail(
            f"must be {(results[-1].dealer + 1) % options.players}, the seat after hand "
            f"{len(results)}'s dealer",
            "dealer",
        )


# --- reading a hand in play -------------------------------------------------------------------


def _packed(reader: PositionReader, key: str, cards: Sequence[Card]) -> int:
    """``cards`` as a packed multiset, refusing more copies of a card than the deck holds."""
    faces = [FACE_OF[card] for card in cards]
    excess = excess_face(faces)
    if excess >= 0:
        card = FACE_CARDS[excess]
        raise reader.fail(f"holds {card} {faces.count(excess)} times; the deck has "
                          f"{COPIES[excess]}", key)  # fmt: skip
    return pack(faces)


def _faces(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(FACE_OF[card] for card in cards)


def _read_melds(
    reader: PositionReader, options: Options, teams: int
) -> tuple[tuple[Meld, ...], ...]:
    """Each team's melds, each read by the meld engine under the options; a team may not hold
    two sets of one rank unless ``allow_duplicate_set_rank``."""
    rules = meld_rules(options)
    longest = rules.max_sequence_length
    melds: list[tuple[Meld, ...]] = []
    for team, item in enumerate(reader.items("melds", teams, teams)):
        laid: list[Meld] = []
        for number, written in enumerate(item.items(0, _MAX_MELDS)):
            where = f"melds[{team}][{number}]"
            meld = read_meld(written.cards_here(0, longest), rules)
            if not isinstance(meld, Meld):
                raise reader.fail(f"is not a meld: {meld.message} ({meld.rule})", where)
            if not team_melds_allow_set(options, laid, meld):
                raise reader.fail(
                    f"{meld.text} is a second set of one rank for the team, which only "
                    "allow_duplicate_set_rank allows",
                    where,
                )
            laid.append(meld)
        melds.append(tuple(laid))
    return tuple(melds)


def _read_turn(reader: PositionReader, phase: Phase, options: Options, stock_left: int) -> Turn:
    """What the turn has done: nothing before the draw (``null``), else the four facts written
    (``last_turn`` follows: the turn drew, leaving two cards in the stock)."""
    if phase is Phase.DRAW:
        if reader.get("turn") is not None:
            raise reader.fail("must be null before the seat to act has drawn", "turn")
        return NEW_TURN
    if reader.get("turn") is None:
        raise reader.fail("must be an object once the seat to act has drawn", "turn")
    turn = reader.child("turn")
    turn.expect_keys(_TURN_KEYS, ("pile_to_meld",))
    took_pile = turn.boolean("took_pile")
    single = turn.boolean("single_card_pile")
    no_discard = turn.optional_card("no_discard")
    melded = turn.boolean("melded")
    if single and not took_pile:
        raise turn.fail("a one-card pile is taken with the pile: took_pile must be true",
                        "single_card_pile")  # fmt: skip
    barred = single and options.single_card_pile_no_rediscard
    if barred != (no_discard is not None):
        wanted = "the card taken as a one-card pile" if barred else "null"
        raise turn.fail(f"must be {wanted} (single_card_pile_no_rediscard)", "no_discard")
    pile_to_meld = 0
    if turn.get("pile_to_meld") is not None:
        if not (took_pile and options.must_meld_after_taking_pile):
            raise turn.fail("is written only after a pickup under must_meld_after_taking_pile",
                            "pile_to_meld")  # fmt: skip
        pile_to_meld = _packed(turn, "pile_to_meld", turn.cards("pile_to_meld", 1))
    return Turn(
        pile_to_meld=pile_to_meld,
        took_pile=took_pile, single_card_pile=single,
        no_discard_face=-1 if no_discard is None else FACE_OF[no_discard], melded=melded,
        last_turn=not took_pile and stock_left == STOCK_LEFT_AT_END,
    )  # fmt: skip


def _read_hand(reader: PositionReader, table: Table, phase: Phase) -> BurracoState:
    """The state of a hand in play (``phase`` draw or play) that the object under ``hand``
    describes, in the match ``table``."""
    reader.expect_keys(_HAND_KEYS)
    options = table.options
    players = options.players
    team_of = TEAM_OF[players]
    team_count = len(TEAMS[players])
    stock_size = STOCK_SIZES[players]
    to_act = reader.integer("to_act", 0, players - 1)
    hand_cards = reader.card_groups("hands", players, len(DECK))
    hands = tuple(_packed(reader, f"hands[{seat}]", cards) for seat, cards in enumerate(hand_cards))
    known_cards = reader.card_groups("known_cards", players, len(DECK))
    known = []
    for seat, cards in enumerate(known_cards):
        packed = _packed(reader, f"known_cards[{seat}]", cards)
        if not contains(hands[seat], packed):
            extra = Counter(cards) - Counter(hand_cards[seat])
            raise reader.fail(
                f"names {min(extra, key=lambda card: card.sort_key)}, which hand {seat} does not "
                "hold",
                f"known_cards[{seat}]",
            )
        known.append(packed)
    melds = _read_melds(reader, options, team_count)
    discard = reader.cards("discard", 0, len(DECK))
    stock_left = reader.cards("stock", 0, stock_size)
    drawn = reader.cards("drawn", 0, stock_size)
    if len(stock_left) + len(drawn) != stock_size:
        raise reader.fail(
            f"the stock ({len(stock_left)}) and the cards drawn from it ({len(drawn)}) must "
            f"make the {stock_size} cards dealt to the stock",
            "drawn",
        )
    pozzetti = reader.card_groups("pozzetti", (POZZETTO_SIZE,) * POZZETTI)
    _check_dealt(reader, drawn, stock_left, pozzetti)
    taken = tuple(value - 1 for value in reader.integers("pozzetto_of_team", team_count, 0, 2))
    if sorted(index for index in taken if index >= 0) not in ([], [0], [0, 1]):
        raise reader.fail(
            "the pozzetti are taken top one first, one per team: 1 before 2", "pozzetto_of_team"
        )
    unseen = _read_unseen(reader, players)
    turn = _read_turn(reader, phase, options, len(stock_left))
    stalled = reader.integer("stalled", 0, options.stalemate_limit - 1)
    fields: dict[str, Any] = {
        "table": table, "phase": phase, "to_act": to_act, "hands": hands,
        "hand_sizes": tuple(len(cards) for cards in hand_cards), "melds": melds,
        "discard": _faces(discard), "stock": _faces(drawn) + _faces(stock_left),
        "drawn": len(drawn), "pozzetti": tuple(tuple(sorted(_faces(p))) for p in pozzetti),
        "pozzetto_of_team": taken, "unseen": sum(1 << seat for seat in unseen), "turn": turn,
        "stalled": stalled, "known": tuple(known),
    }  # fmt: skip
    state = BurracoState(**fields)
    _check_hand(reader, state, team_of, hand_cards, known)
    return state


def _check_dealt(
    reader: PositionReader,
    drawn: Sequence[Card],
    stock: Sequence[Card],
    pozzetti: Sequence[Sequence[Card]],
) -> None:
    """The stock and the two pozzetti as dealt are cards of one deal: together they hold no
    card more often than the deck."""
    dealt = Counter([*drawn, *stock, *(card for pozzetto in pozzetti for card in pozzetto)])
    for card in sorted(dealt, key=lambda card: card.sort_key):
        if dealt[card] > COPIES[FACE_OF[card]]:
            raise reader.fail(
                f"the stock as dealt (drawn and left) and the pozzetti hold {card} "
                f"{dealt[card]} times; the deck has {COPIES[FACE_OF[card]]}",
                "drawn",
            )


def _read_unseen(reader: PositionReader, players: int) -> tuple[int, ...]:
    """The seats holding a pozzetto taken on the discard that they have not looked at yet,
    ascending."""
    seats = tuple(item.integer(0, players - 1) for item in reader.items("pozzetto_unseen", 0,
                                                                        players))  # fmt: skip
    if list(seats) != sorted(set(seats)):
        raise reader.fail("must list distinct seats in ascending order", "pozzetto_unseen")
    return seats


def _check_hand(
    reader: PositionReader,
    state: BurracoState,
    team_of: Sequence[int],
    hand_cards: Sequence[Sequence[Card]],
    known: Sequence[int],
) -> None:
    """What the rules say about a hand in play, given its primary fields."""
    phase = state.phase
    turn = state.turn
    seat = state.to_act
    team = team_of[seat]
    for other, cards in enumerate(hand_cards):
        if not cards:
            raise reader.fail(
                "must not be empty: a player who empties his hand takes his pozzetto, or "
                "closes and ends the hand",
                f"hands[{other}]",
            )
    for other in range(len(hand_cards)):
        if not state.unseen >> other & 1:
            continue
        index = state.pozzetto_of_team[team_of[other]]
        problem = None
        if index < 0:
            problem = "its team has taken no pozzetto"
        elif other == seat:
            problem = "it is to act, and has looked at its hand"
        elif state.hands[other] != pack(state.pozzetti[index]):
            problem = f"its hand is not pozzetto {index + 1} as dealt"
        elif known[other]:
            problem = "cards are known in its hand"
        if problem is not None:
            raise reader.fail(f"cannot list seat {other}: {problem}", "pozzetto_unseen")
    after_pickup = phase is Phase.PLAY and turn.took_pile
    if after_pickup and state.discard:
        raise reader.fail("must be empty: the seat to act has just taken the pile", "discard")
    if not after_pickup and not state.discard:
        raise reader.fail(
            "must not be empty: every turn ends with a discard, and the deal starts the pile",
            "discard",
        )
    fewest = STOCK_LEFT_AT_END if phase is Phase.PLAY and not turn.took_pile else _STOCK_AT_DRAW
    if state.stock_left < fewest:
        raise reader.fail(
            f"must hold at least {fewest} cards: a draw that leaves {STOCK_LEFT_AT_END} ends "
            "the hand after that turn",
            "stock",
        )
    if state.stalled and (len(state.discard) != 1 if not after_pickup
                          else not turn.single_card_pile):  # fmt: skip
        raise reader.fail(
            "must be 0: after a turn that took a one-card pile and melded nothing, the pile "
            "holds one card",
            "stalled",
        )
    drawn_this_turn = 1 if phase is Phase.PLAY and not turn.took_pile else 0
    if state.drawn == drawn_this_turn and not state.stalled and not any(state.melds):
        # No card drawn before this turn, none melded, no stalled turn: this is the hand's
        # first turn (a turn that neither draws nor melds takes a one-card pile, and stalls).
        first = (state.table.dealer + 1) % len(hand_cards)
        if seat != first:
            raise reader.fail(
                f"must be {first}: no turn has been played before this one, and the seat "
                "after the dealer plays first",
                "to_act",
            )
        for other, packed in enumerate(known):
            if packed and (other != seat or not after_pickup):
                raise reader.fail(
                    "must be empty: no discard pile has been taken in this hand",
                    f"known_cards[{other}]",
                )
    if phase is Phase.PLAY:
        _check_turn(reader, state, team, hand_cards[seat])
    if not legal_moves(state):
        raise reader.fail(f"seat {seat}, to act, would have no legal move", "to_act")


def _check_turn(
    reader: PositionReader, state: BurracoState, team: int, hand: Sequence[Card]
) -> None:
    """The turn record agrees with the hand and melds of the seat to act."""
    turn = state.turn
    if turn.melded and not state.melds[team]:
        raise reader.fail("cannot be true: the team of the seat to act has no meld", "turn.melded")
    if not turn.melded and len(hand) < 2:
        raise reader.fail(
            f"must hold at least 2 cards after the draw, unless the seat has melded: "
            f"{len(hand)} found",
            f"hands[{state.to_act}]",
        )
    known = state.known[state.to_act]
    if turn.took_pile and not turn.melded and not known:
        raise reader.fail(
            "cannot be empty for the seat to act: it has just taken the pile and laid nothing "
            "down since",
            f"known_cards[{state.to_act}]",
        )
    if turn.pile_to_meld and not contains(known, turn.pile_to_meld):
        raise reader.fail(
            "must be cards of known_cards for the seat to act: the pile it has just taken, "
            "none of whose cards it has laid down since",
            "turn.pile_to_meld",
        )
    options = state.table.options
    if (
        turn.took_pile
        and options.must_meld_after_taking_pile
        and not turn.melded
        and not turn.pile_to_meld
    ):
        raise reader.fail(
            "must list the pile just taken: under must_meld_after_taking_pile one of its cards "
            "is still to be melded while the seat has laid nothing down",
            "turn.pile_to_meld",
        )
    face = turn.no_discard_face
    if face >= 0 and not turn.melded and not count(known, face):
        raise reader.fail(
            f"must hold {FACE_CARDS[face]}, taken as the one-card pile: the seat to act has laid "
            "nothing down since",
            f"known_cards[{state.to_act}]",
        )
    if face >= 0:
        card = FACE_CARDS[face]
        laid = any(card in meld.cards for meld in state.melds[team])
        if card not in hand and not (turn.melded and laid):
            raise reader.fail(
                f"{card} was taken as the one-card pile: the seat to act must hold it, or have "
                "melded it",
                "turn.no_discard",
            )
