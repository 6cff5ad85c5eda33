"""A digest of parlour's behaviour over random matches of every game, through the public API.

A redesign must leave it identical: run it before and after and compare the lines it prints
(one SHA-256 per game, then one over all of them). For every game, every option preset (the
defaults, then one preset per allowed value other than the default) and a few seeds and first
dealers, it plays a random match (a fixed number of moves when the match is long) and feeds the
digest, at every step, with: the seat to act, the whole list of legal moves in order, the move
played, the score, the events of the move, the view of every seat and of a spectator, the
position, and ``check`` of a few illegal candidates; at the end: the score events, the deal
results, the winners, the outcome, and the report of ``validate`` on the match's log.

    python benchmarks/behaviour_digest.py            # every game
    python benchmarks/behaviour_digest.py belote     # one game
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

import parlour

SEEDS = (1, 2, 3)
MOVES_PER_MATCH = 400
"""Moves played of each match at most (a match to the target can run to thousands)."""


def presets(game: str) -> Iterator[dict[str, Any]]:
    """The defaults, then one preset per allowed value of each option other than its default."""
    yield {}
    for spec in parlour.option_specs(game):
        if spec.allowed is None:
            continue
        if spec.type == "string_list":
            # An order-free list option: every value but one left out (the default minus one).
            for left_out in spec.allowed:
                yield {spec.name: [value for value in spec.allowed if value != left_out]}
            continue
        for value in spec.allowed:
            if value != spec.default:
                yield {spec.name: list(value) if isinstance(value, tuple) else value}


def _plain(value: Any) -> Any:
    """A JSON-ready image of a value (records by their ``to_dict`` or ``repr``)."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, int | str | float):
        return value
    return repr(value)


def feed(digest: Any, *items: Any) -> None:
    """Add the items to the digest as one canonical JSON line."""
    digest.update(json.dumps(_plain(list(items)), sort_keys=True, default=repr).encode())
    digest.update(b"\n")


def play(game: str, options: dict[str, Any], seed: int, dealer: int, digest: Any) -> None:
    """One random match (or its first MOVES_PER_MATCH moves), fed into the digest."""
    rng = random.Random(seed)
    state = parlour.new_game(game, options=options, dealer=dealer)
    match = parlour.Match(game, options=options, dealer=dealer)
    seats = parlour.players(state)
    for _ in range(MOVES_PER_MATCH):
        if parlour.is_over(state):
            break
        to_act = parlour.current_player(state)
        move: parlour.Move
        if parlour.is_chance(state):
            move = parlour.random_deal(state, rng)
            feed(digest, "deal", str(move))
        else:
            moves = parlour.legal_moves(state)
            texts = [str(move) for move in moves]
            move = moves[rng.randrange(len(moves))]
            feed(digest, "moves", to_act, texts, str(move))
            for candidate in ("pass", "take", "draw", "propose", "king", "discard 2C"):
                try:
                    verdict = parlour.check(state, candidate)
                except parlour.NotationError as error:
                    feed(digest, "check", candidate, f"notation: {error}")
                else:
                    feed(digest, "check", candidate, None if verdict is None else str(verdict))
        after = parlour.apply(state, move)
        feed(digest, "score", parlour.score(after))
        feed(digest, "events", [event.to_dict() for event in parlour.events(state, move, after)])
        for seat in (*range(seats), None):
            feed(digest, "view", seat, parlour.view(after, seat).to_dict())
        feed(digest, "position", parlour.state_to_dict(after))
        match.apply(move)
        state = after
    feed(digest, "score_events", [event.to_dict() for event in parlour.score_events(state)])
    feed(digest, "deal_results", [_plain(result) for result in parlour.deal_results(state)])
    feed(digest, "winners", parlour.winners(state))
    ended = parlour.outcome(state)
    if ended is not None:
        feed(digest, "outcome", ended.winners, ended.scores, ended.reason)
    feed(digest, "validate", parlour.validate(match.to_log()).to_dict())


def game_digest(game: str) -> str:
    """The digest of every preset, seed and dealer of one game."""
    digest = hashlib.sha256()
    for options in presets(game):
        seats = parlour.players(parlour.new_game(game, options=options))
        for seed in SEEDS:
            dealer = seed % seats
            feed(digest, "match", game, options, seed, dealer)
            play(game, options, seed, dealer, digest)
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="the games (default: every game)")
    arguments = parser.parse_args()
    games = arguments.games or list(parlour.game_names())
    total = hashlib.sha256()
    for game in games:
        line = f"{game} {game_digest(game)}"
        print(line, flush=True)
        total.update(line.encode())
    print(f"all {total.hexdigest()}")


if __name__ == "__main__":
    main()
