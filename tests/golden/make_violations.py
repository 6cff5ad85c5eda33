"""Write the golden violation corpus of tests/golden/violations/ (one folder per game).

    python tests/golden/make_violations.py

Run it from the repository root. These files are **regression goldens**: they pin what the
current engine reports, found by a deterministic search, not derived from the rules by hand.
``tests/test_violation_corpus.py`` validates every file and checks its report; regenerating the
corpus is a deliberate act (run this script, read the diff, commit it on its own saying why).

For every rule id a game can report, the search plays seeded random matches (one
``random.Random(seed)`` draws the deals and the moves) under each option preset in turn, and at
every position tries candidate move texts (every keyword and card of the game, the seat's own
cards in melds and discards, altered deals); the first candidate whose `parlour.check` names an
id not yet found becomes a log: the moves played so far, then that candidate. The seed, preset
and move index are recorded in the log's ``expect`` key (ignored by validation), which the test
reads. Each game also gets valid logs (seeded matches played to the end, with their claimed
result) and one log per log-level problem kind (``format``, ``options``, ``notation``,
``result``).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from the repository root
    sys.path.insert(0, str(ROOT))

from tests.strategies import play_on  # noqa: E402
from tests.test_docs_violation_ids import ids_in_docs  # noqa: E402

import parlour  # noqa: E402
from parlour import GameLog, Match, write_log  # noqa: E402
from parlour.base import Card, NotationError, parse_card  # noqa: E402
from parlour.engine import Deal, Move, game_of, get_game, make_deal  # noqa: E402

HERE = Path(__file__).resolve().parent / "violations"

UNREACHABLE_FROM_A_LOG = {
    "turn.not_your_turn": "only raised when a caller passes seat=; a log names no seats",
    "burraco.place_needed": "only for an Add move object built without an arrangement; as text "
    "the same move is a NotationError",
}
"""Documented ids that no log can trigger, and why (the corpus test checks this list too)."""

SEARCH_SEEDS = range(120)
"""The seeds tried under each preset, in order, until every id is found."""

MOVES_PER_PLAYOUT = 400
"""A playout stops after this many moves (long Burraco hands) even if the match goes on."""

CandidateTexts = Callable[[Any, random.Random], list[str]]
MoveChoice = Callable[[Sequence[Move], random.Random], Move]


_WILDS = ("JK", "2S", "2H", "2D", "2C")
"""Burraco's wild card faces."""


def _uniform(moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


def _preferring(score: Callable[[str], int], odds: float = 0.85) -> MoveChoice:
    """A policy that, with probability ``odds``, plays a legal move of the highest ``score`` (of
    its text), else a uniform one: it steers random matches towards rarer positions."""

    def choose(moves: Sequence[Move], rng: random.Random) -> Move:
        if rng.random() < odds:
            best = max(score(str(move)) for move in moves)
            if best > 0:
                top = [move for move in moves if score(str(move)) == best]
                return top[rng.randrange(len(top))]
        return _uniform(moves, rng)

    return choose


def _ecarte_preference(text: str) -> int:
    """Propose, accept and discard as many cards as possible: the talon runs out."""
    keyword, *cards = text.split()
    return {"propose": 10, "accept": 10}.get(keyword, len(cards) if keyword == "discard" else 0)


def _bezique_preference(text: str) -> int:
    """Exchange the seven, declare melds (quartets first), and keep kings and queens back when
    playing: the table fills with declared cards."""
    keyword, *cards = text.split()
    if keyword == "play":
        return 0 if cards[0][0] in "KQ" else 1
    return {"exchange": 20, "meld": 10 if len(cards) == 4 else len(cards)}.get(keyword, 0)


def _burraco_greedy_preference(text: str) -> int:
    """Take the pile and lay down as many cards as possible: long melds, pozzetti taken."""
    keyword, *cards = text.split()
    return {"pickup": 30, "meld": len(cards), "add": len(cards)}.get(keyword, 0)


def _burraco_preference(text: str) -> int:
    """Take the pile, lay down as many natural cards as possible and keep the wild ones: long
    melds, pozzetti taken, and a wild card left last."""
    keyword, *cards = text.split()
    wild = any(card in _WILDS for card in cards)
    if keyword in ("meld", "add"):
        return 2 + len(cards) - (10 if wild else 0)
    return {"pickup": 30, "discard": 0 if wild else 1}.get(keyword, 0)


@dataclass(frozen=True)
class Preset:
    """One way to play the search's matches: the options, the move policy, and optionally a
    rearrangement of every deal (a rigged deal for an id that random deals almost never reach)."""

    options: dict[str, Any]
    choose: MoveChoice = _uniform
    rig: Callable[[Any, Deal], Deal] | None = None


@dataclass(frozen=True)
class GameSearch:
    """How the corpus of one game is searched: presets in order, and the candidate texts."""

    presets: tuple[Preset, ...]
    candidates: CandidateTexts
    valid_presets: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Found:
    """A log prefix and the candidate that the engine refuses with ``rule``."""

    rule: str
    options: dict[str, Any]
    preset: int
    seed: int
    prefix: tuple[str, ...]
    move: str


# --- candidate move texts ------------------------------------------------------------------------


def _deck_texts(game: str) -> list[str]:
    seen: list[str] = []
    for card in get_game(game).deck:
        if card.text not in seen:
            seen.append(card.text)
    return seen


def _seat_view(state: Any) -> dict[str, Any]:
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    return dict(parlour.view(state, seat).to_dict())


def _belote_texts(state: Any, rng: random.Random) -> list[str]:
    return [
        "pass",
        "take",
        *(f"take {suit}" for suit in "SHDC"),
        *(f"play {card}" for card in _deck_texts("belote")),
        "draw",
        "play 2H",
    ]


def _coinche_texts(state: Any, rng: random.Random) -> list[str]:
    return [
        "pass",
        "coinche",
        "surcoinche",
        *(f"bid {value} {suit}" for value in (80, 90, 120, 160, "capot") for suit in "SHDC"),
        "bid 90 SA",
        "bid 100 TA",
        "bid generale H",
        *(f"play {card}" for card in _deck_texts("coinche")),
        "draw",
        "play 2H",
    ]


def _ecarte_texts(state: Any, rng: random.Random) -> list[str]:
    hand: list[str] = list(_seat_view(state).get("hand", []))
    texts = ["propose", "accept", "refuse", "king", "discard", "draw"]
    texts += [f"play {card}" for card in _deck_texts("ecarte")]
    texts += ["discard " + " ".join(hand[:count]) for count in range(1, len(hand) + 1)]
    texts += [f"discard {card}" for card in _deck_texts("ecarte") if card not in hand][:3]
    return texts


_SUITS = "SHDC"


def _bezique_meld_texts() -> list[str]:
    texts: list[str] = []
    for suit in _SUITS:
        texts.append(f"meld K{suit} Q{suit}")
        texts.append(f"meld A{suit} 10{suit} K{suit} Q{suit} J{suit}")
    texts += ["meld QS JD", "meld QS QS JD JD", "meld QC JH", "meld QC QC JH JH"]
    for rank in ("A", "K", "Q", "J"):
        texts.append("meld " + " ".join(f"{rank}{suit}" for suit in _SUITS))
    texts += ["meld 7S 8S", "meld KS QH", "meld 10S 10H 10D 10C"]
    return texts


_BEZIQUE_MELDS = _bezique_meld_texts()


def _with_hands(state: Any, deal: Deal, hands: dict[int, Sequence[str]]) -> Deal:
    """``deal`` with the given hands (seat -> card texts), every other card in the other zones
    in the order it was dealt (zone sizes kept)."""
    chosen = {seat: [parse_card(text) for text in texts] for seat, texts in hands.items()}
    rest = [card for _, field in deal.fields for group in field for card in group]
    for cards in chosen.values():
        for card in cards:
            rest.remove(card)
    groups: list[list[list[Card]]] = []
    for name, field in deal.fields:
        groups.append(
            [
                list(chosen[index]) if name == "hands" and index in chosen else
                [rest.pop(0) for _ in group]
                for index, group in enumerate(field)
            ]
        )  # fmt: skip
    sizes = {seat: len(hands_group) for seat, hands_group in enumerate(deal["hands"])}
    assert all(len(chosen[seat]) == sizes[seat] for seat in chosen), "a rigged hand's size"
    fields = game_of(state).deal_fields(parlour.options(state))
    return make_deal(fields, groups)


_ROYALS = [f"{rank}{suit}" for rank in "KQ" for suit in _SUITS]


def _bezique_royal_hands(state: Any, deal: Deal) -> Deal:
    """One king and one queen of each suit in each hand: both players can declare quartets of
    kings and queens, then marriages of table cards only (``bezique.no_new_card``)."""
    return _with_hands(state, deal, {0: _ROYALS, 1: _ROYALS})


def _burraco_nines(state: Any, deal: Deal) -> Deal:
    """The first player holds the eight nines and three wild cards: a set of eleven
    (``burraco.set_too_long``)."""
    nines = [f"9{suit}" for suit in _SUITS for _ in range(2)]
    return _with_hands(state, deal, {1: [*nines, "2S", "2H", "JK"]})


def _bezique_texts(state: Any, rng: random.Random) -> list[str]:
    return [
        "exchange",
        "show",
        "draw",
        *(f"play {card}" for card in _deck_texts("bezique")),
        *_BEZIQUE_MELDS,
        "pass",
    ]


def _burraco_texts(state: Any, rng: random.Random) -> list[str]:
    view = _seat_view(state)
    hand: list[str] = list(view["hand"])
    seat = view["seat"]
    team = next(index for index, seats in enumerate(view["teams"]) if seat in seats)
    melds: list[list[str]] = [list(meld["cards"]) for meld in view["melds"][team]]
    texts = ["draw", "pickup", "pass", "play 7S"]
    texts += [f"discard {card}" for card in hand]
    texts += [f"discard {card}" for card in ("7S", "JK", "2H") if card not in hand]
    for size in (2, 3, 3, 3, 4, 4, 5):
        for _ in range(4):
            if len(hand) >= size:
                chosen = rng.sample(hand, size)
                texts.append("meld " + " ".join(chosen))
                texts.append("meld " + " ".join(sorted(chosen)))
    for size in range(3, min(len(hand), 8) + 1):
        texts.append("meld " + " ".join(hand[:size]))
    texts.append("meld " + " ".join(hand))
    wilds = [card for card in hand if card in _WILDS]
    for group in _same_rank(hand) + _same_suit(hand):
        texts.append("meld " + " ".join(group + wilds))
        texts += [f"add {number} " + " ".join(group) for number in range(1, len(melds) + 1)]
    for wild in wilds:
        rest = list(hand)
        rest.remove(wild)
        texts.append("meld " + " ".join(rest))
        texts += [f"add {number} " + " ".join(rest) for number in range(1, len(melds) + 1)]
    for number, meld in enumerate(melds, start=1):
        for card in hand:
            texts.append(f"add {number} {card}")
        for _ in range(3):
            if len(hand) >= 2:
                texts.append(f"add {number} " + " ".join(rng.sample(hand, 2)))
        if hand:
            added = hand[0]
            arranged = [*meld, added]
            rng.shuffle(arranged)
            texts.append(f"add {number} {added} = " + " ".join(arranged))
            texts.append(f"add {number} {added} = " + " ".join(meld))
            # an arrangement naming the added card more often than the deck holds it
            texts.append(f"add {number} {added} = " + " ".join([*meld, added, added, added]))
    texts.append(f"add {len(melds) + 1} " + (hand[0] if hand else "5H"))
    return texts


def _same_rank(hand: Sequence[str]) -> list[list[str]]:
    """The seat's natural cards grouped by rank (groups of three or more)."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        if card not in _WILDS:
            groups.setdefault(card[:-1], []).append(card)
    return [group for group in groups.values() if len(group) >= 3]


def _same_suit(hand: Sequence[str]) -> list[list[str]]:
    """The seat's natural cards grouped by suit, in hand order (groups of three or more)."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        if card not in _WILDS:
            groups.setdefault(card[-1], []).append(card)
    return [group for group in groups.values() if len(group) >= 3]


def _deal_texts(state: Any, rng: random.Random) -> list[str]:
    """At a chance node: a deal with a card twice (not the deck) and a deal with a zone one card
    short (bad layout), both from a real random deal."""
    deal = parlour.random_deal(state, rng)
    fields = [[list(group) for group in groups] for _, groups in deal.fields]
    duplicated = [[list(group) for group in groups] for groups in fields]
    duplicated[-1][-1][0] = duplicated[0][0][0]
    moved = [[list(group) for group in groups] for groups in fields]
    moved[0][0].append(moved[-1][-1].pop())
    return [
        _deal_text(deal, duplicated),
        _deal_text(deal, moved),
    ]


def _deal_text(deal: Deal, values: Sequence[Sequence[Sequence[Any]]]) -> str:
    parts = ["deal"]
    for (name, _), groups in zip(deal.fields, values, strict=True):
        parts.append(name + ":" + "/".join(",".join(str(card) for card in g) for g in groups))
    return " ".join(parts)


_ANY_GAME_TEXTS = ("pass", "draw", "play 7S", "propose")
"""Player moves tried at a chance node (a deal is due) and once the match is over."""

_ECARTE_POLICY = _preferring(_ecarte_preference)
_BEZIQUE_POLICY = _preferring(_bezique_preference)
_BURRACO_GREEDY = _preferring(_burraco_greedy_preference)
_BURRACO_KEEP_WILDS = _preferring(_burraco_preference)

SEARCHES: dict[str, GameSearch] = {
    "belote": GameSearch(
        presets=(
            Preset({"target": None}),
            Preset({"target": 300}),
            Preset({"target": None, "partner_winning": "free"}),
        ),
        candidates=_belote_texts,
        valid_presets=({"target": None}, {"target": 300}),
    ),
    "coinche": GameSearch(
        presets=(
            Preset({"target": None}),
            Preset({"target": None, "must_undertrump": True}),
            Preset({"target": None, "capot_coinche": False}),
            Preset({"target": 500}),
        ),
        candidates=_coinche_texts,
        valid_presets=({"target": None}, {"target": 500}),
    ),
    "ecarte": GameSearch(
        presets=(
            Preset({"target": None}, _ECARTE_POLICY),
            Preset({"target": None, "must_trump_when_void": True}, _ECARTE_POLICY),
            Preset({"target": None, "dealer_min_exchange": 1}, _ECARTE_POLICY),
            Preset({"target": 7}, _ECARTE_POLICY),
        ),
        candidates=_ecarte_texts,
        valid_presets=({"target": None}, {"target": 7}),
    ),
    "bezique": GameSearch(
        presets=(
            Preset({"target": None}, _BEZIQUE_POLICY),
            Preset({"target": None, "seven_scoring": ()}, _BEZIQUE_POLICY),
            Preset({"target": None, "seven_counts_as_meld": True}, _BEZIQUE_POLICY),
            Preset({"target": None}, _BEZIQUE_POLICY, _bezique_royal_hands),
        ),
        candidates=_bezique_texts,
        valid_presets=({"target": None},),
    ),
    "burraco": GameSearch(
        presets=(
            Preset({"target": None}, _BURRACO_GREEDY),
            Preset({"target": None, "players": 2}, _BURRACO_GREEDY),
            Preset({"target": None, "must_meld_after_taking_pile": True}, _BURRACO_GREEDY),
            Preset({"target": None, "ace_to_ace_run": True}, _BURRACO_GREEDY),
            Preset({"target": None}, _BURRACO_KEEP_WILDS),
            Preset({"target": None}, _BURRACO_GREEDY, _burraco_nines),
        ),
        candidates=_burraco_texts,
        valid_presets=({"target": None}, {"target": None, "players": 2}),
    ),
}


# --- the search ----------------------------------------------------------------------------------


def _refusals(game: str, state: Any, texts: Sequence[str]) -> Iterator[tuple[str, str]]:
    """(rule id, text) for each candidate text that parses and is refused at ``state``."""
    for text in texts:
        try:
            violation = parlour.check(state, text)
        except NotationError:
            continue
        if violation is not None:
            yield violation.rule, text


def _playout_finds(
    game: str, search: GameSearch, number: int, seed: int, wanted: set[str]
) -> Iterator[Found]:
    """Play one seeded match of preset ``number`` and yield a `Found` for the first refusal of
    each wanted id."""
    preset = search.presets[number]
    rng = random.Random(seed)
    options = preset.options
    state = parlour.new_game(game, options=options)
    played: list[str] = []
    first_deal = ""
    while len(played) < MOVES_PER_PLAYOUT:
        if parlour.is_over(state):
            texts = list(_ANY_GAME_TEXTS)
        elif parlour.is_chance(state):
            texts = [*_deal_texts(state, rng), *_ANY_GAME_TEXTS]
        else:
            texts = [*search.candidates(state, rng), first_deal]
        for rule, text in _refusals(game, state, texts):
            if rule in wanted:
                wanted.discard(rule)
                yield Found(rule, options, number, seed, tuple(played), text)
        if parlour.is_over(state):
            return
        move: Move
        if parlour.is_chance(state):
            deal = parlour.random_deal(state, rng)
            move = deal if preset.rig is None else preset.rig(state, deal)
            first_deal = first_deal or str(move)
        else:
            move = preset.choose(parlour.legal_moves(state), rng)
        played.append(str(move))
        state = parlour.apply(state, move)


def search_violations(game: str) -> list[Found]:
    """The first log found for each documented id of ``game`` that a log can reach."""
    search = SEARCHES[game]
    wanted = set(ids_in_docs(game)) - set(UNREACHABLE_FROM_A_LOG)
    found: list[Found] = []
    for number, seed in itertools.product(range(len(search.presets)), SEARCH_SEEDS):
        if not wanted:
            break
        found.extend(_playout_finds(game, search, number, seed, wanted))
    if wanted:
        raise SystemExit(f"{game}: no position found for {sorted(wanted)}")
    return sorted(found, key=lambda item: item.rule)


# --- writing -------------------------------------------------------------------------------------


def _log_of(game: str, options: dict[str, Any], moves: Sequence[str]) -> GameLog:
    match = Match(game, options=options)
    for text in moves:
        match.apply(text)
    return match.to_log(result=False)


def _write(path: Path, log: GameLog | dict[str, Any], expect: dict[str, Any]) -> None:
    """Write ``log`` with its ``expect`` key, after checking that it reports what it expects."""
    data = json.loads(write_log(log)) if isinstance(log, GameLog) else dict(log)
    data["expect"] = expect
    report = parlour.validate(data)
    kind = None if report.error is None else report.error.kind
    assert kind == expect["kind"], (path, report)
    if report.error is not None:
        assert report.error.rule == expect.get("rule"), (path, report)
        assert report.error.move_index == expect.get("move_index"), (path, report)
    path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")


def _violation_log(game: str, found: Found) -> tuple[GameLog, dict[str, Any]]:
    log = _log_of(game, found.options, found.prefix)
    log = attrs.evolve(log, moves=(*log.moves, found.move))
    expect = {
        "kind": "illegal",
        "rule": found.rule,
        "move_index": len(found.prefix),
        "search": {"preset": found.preset, "seed": found.seed, "options": found.options},
    }
    return log, expect


def _valid_logs(game: str) -> Iterator[tuple[str, GameLog, dict[str, Any]]]:
    for number, options in enumerate(SEARCHES[game].valid_presets, start=1):
        match = play_on(Match(game, options=options), number)
        log = match.to_log()
        expect = {
            "kind": None,
            "score": list(parlour.score(match.state)),
            "winners": list(parlour.winners(match.state)),
            "moves": len(match.moves),
            "seed": number,
            "preset": options,
        }
        yield f"valid_{number}", log, expect


def _kind_logs(game: str) -> Iterator[tuple[str, GameLog | dict[str, Any], dict[str, Any]]]:
    """One log per log-level problem kind, built from the first valid log's opening."""
    _, base, _ = next(_valid_logs(game))
    opening = base.moves[:3]
    short = attrs.evolve(base, moves=opening, result=None)
    future = {**json.loads(write_log(short)), "format": "parlour-log/2"}
    yield "kind_format", future, {"kind": "format"}
    yield "kind_options", attrs.evolve(short, options={"no_such_option": 1}), {"kind": "options"}
    garbled = attrs.evolve(short, moves=(*opening, "fly to the moon"))
    yield "kind_notation", garbled, {"kind": "notation", "move_index": len(opening)}
    replay_score = list(parlour.score(parlour.replay(short)))
    wrong = [points + 1 for points in replay_score]
    yield "kind_result", attrs.evolve(short, result={"score": wrong}), {"kind": "result"}


def write_corpus(game: str) -> int:
    """Write every file of ``game``'s folder; the number of files written."""
    folder = HERE / game
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    count = 0
    for found in search_violations(game):
        log, expect = _violation_log(game, found)
        _write(folder / f"{found.rule}.json", log, expect)
        count += 1
    others: Iterator[tuple[str, GameLog | dict[str, Any], dict[str, Any]]] = itertools.chain(
        _valid_logs(game), _kind_logs(game)
    )
    for name, other, expect in others:
        _write(folder / f"{name}.json", other, expect)
        count += 1
    return count


def main(games: Sequence[str]) -> None:
    for game in games or sorted(SEARCHES):
        print(game, write_corpus(game), "files", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
