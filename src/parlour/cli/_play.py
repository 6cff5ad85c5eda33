"""``parlour play <game>``: a person at the terminal against bots.

On the person's turn it shows their hand (sorted by suit, ♠ ♥ ♦ ♣, red suits in colour when
the output is a terminal and ``NO_COLOR`` is not set), the table, the scores and the legal
moves, numbered; it accepts a number or a move's notation, and explains a refused move with its
violation message before asking again. Every move is told as the person's seat may see it: the
game's narration of `parlour.events_for` that seat. End of input stops the match (exit 0),
Ctrl-C too (exit 130); ``--log FILE`` saves the moves played, finished or not.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from parlour.agents import SPEC_HELP, Agent, AgentSpecError, MatchRandomness, agent_move, make_agent
from parlour.base import (
    Card,
    NotationError,
    ParlourError,
    Suit,
    shown,
    sort_cards,
)
from parlour.cli._validate import printable
from parlour.engine import (
    CHANCE,
    Move,
    SupportsNarration,
    Template,
    View,
    check,
    current_player,
    events_for,
    get_game,
    parse_move,
    players,
    random_deal,
    render,
    score,
    view,
    winners,
)
from parlour.io import Match, write_log

__all__ = ["add_play_parser", "run_play"]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""The status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""

MAX_LINE_CHARS = 4096
"""The longest line read at the prompt; a longer one is refused unread (the rest of it skipped,
in bounded chunks)."""

MAX_SKIPPED_CHARS = 1 << 20
"""The most characters of one over-long line skipped at the prompt before the input counts as
ended (an endless line, such as ``/dev/zero`` given as input, cannot hold the command)."""

MOVES_LISTED = 40
"""At most this many legal moves are listed (Burraco's melds can run to thousands)."""

RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
RED = "\x1b[31m"
RESET = "\x1b[0m"

TABLE_FIELDS = (
    ("trump", "trumps"),
    ("turnup", "turn-up"),
    ("trick", "trick"),
    ("last_trick", "last trick"),
    ("discard", "discard pile"),
    ("melds", "melds"),
    ("tables", "melds on the table"),
    ("stock_size", "stock"),
    ("talon_size", "talon"),
)
"""The fields of a game's view shown as the table (view field, label), when the view has them."""

OptionsParser = Callable[[Sequence[str]], dict[str, Any]]
"""Turns ``--option NAME=JSON`` arguments into an options mapping (the CLI's own parser)."""


class _InputEndedError(Exception):
    """The person ended the match: end of input."""


def add_play_parser(commands: Any, parse_options: OptionsParser) -> argparse.ArgumentParser:
    """Add the ``play`` subcommand to ``commands`` (an argparse subparsers object)."""
    play: argparse.ArgumentParser = commands.add_parser(
        "play", help="play a match at the terminal against bots"
    )
    play.add_argument("game", help="a registered game name (see `parlour games`)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="set an option, its value in JSON (e.g. target=null); repeatable",
    )
    play.add_argument(
        "--agents",
        metavar="SPECS",
        help=f"one agent per other seat, in seat order, comma-separated ({SPEC_HELP}); "
        "default: heuristic where the game has one, else random",
    )
    play.add_argument("--log", metavar="FILE", help="write the match's log to FILE at the end")
    play.set_defaults(run=lambda arguments: run_play(arguments, parse_options))
    return play


def run_play(
    arguments: argparse.Namespace,
    parse_options: OptionsParser,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run ``parlour play`` with parsed ``arguments``; the exit status."""
    given = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    try:
        match = Match(arguments.game, options=parse_options(arguments.option))
        seats = players(match.state)
        if not 0 <= arguments.seat < seats:
            raise AgentSpecError(f"--seat must be from 0 to {seats - 1}, not {arguments.seat}")
        bots = _bots(arguments.agents, match.game, arguments.seat, seats)
    except ParlourError as error:
        print(f"parlour: {error}", file=sys.stderr)
        return EXIT_USAGE
    table = _Table(match, arguments.seat, bots, arguments.seed, given, out)
    try:
        table.play()
        status = EXIT_OK
    except _InputEndedError:
        print("\nEnd of input: the match is left unfinished.", file=out)
        status = EXIT_OK
    except KeyboardInterrupt:
        print("\nInterrupted: the match is left unfinished.", file=out)
        status = EXIT_INTERRUPTED
    if arguments.log is not None:
        try:
            with open(arguments.log, "w", encoding="utf-8") as file:
                file.write(write_log(match) + "\n")
        except OSError as error:
            print(f"parlour: cannot write the log: {error}", file=sys.stderr)
            return EXIT_USAGE
    return status


def _bots(specs: str | None, game: str, seat: int, seats: int) -> dict[int, Agent]:
    """The agent of every seat but ``seat``: from ``specs`` (one per other seat) or the default."""
    others = [other for other in range(seats) if other != seat]
    if specs is None:
        try:
            make_agent("heuristic", game)
            texts = ["heuristic"] * len(others)
        except AgentSpecError:
            texts = ["random"] * len(others)
    else:
        texts = [text.strip() for text in specs.split(",")]
        if len(texts) != len(others):
            raise AgentSpecError(
                f"--agents needs one spec per other seat: {game} has {seats} seats here, so "
                f"{len(others)} specs, and {shown(specs)} gives {len(texts)}"
            )
    return {other: make_agent(text, game) for other, text in zip(others, texts, strict=True)}


def _is_empty(value: Any) -> bool:
    """Nothing to show: ``None``, zero, an empty text, or groups holding nothing."""
    if isinstance(value, list):
        return all(_is_empty(item) for item in value)
    return value in (None, 0, "")


class _Table:
    """One match at the terminal: the person's seat, the bots, the streams, the narration."""

    def __init__(
        self,
        match: Match,
        seat: int,
        bots: Mapping[int, Agent],
        seed: int,
        stdin: TextIO,
        stdout: TextIO,
    ) -> None:
        self.match = match
        self.seat = seat
        self.bots = bots
        self.randomness = MatchRandomness(seed, players(match.state))
        self.stdin = stdin
        self.out = stdout
        self.colour = stdout.isatty() and "NO_COLOR" not in os.environ
        self.echoed = stdin.isatty()
        # Whether the terminal shows what the person types (else `ask` repeats it).
        game = get_game(match.game)
        self.sentences: Mapping[str, Template] = (
            game.sentences if isinstance(game, SupportsNarration) else {}
        )

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def play(self) -> None:
        """Play the match to its end (or until the input ends)."""
        seat_word = f"seat {self.seat}"
        self.say(f"{self.match.game}: you are {seat_word}. Type a move's number or notation.")
        while True:
            before = self.match.state
            player = current_player(before)
            if player is None:
                break
            if player is CHANCE:
                move: Move = random_deal(before, self.randomness.deals)
            elif player == self.seat:
                move = self.ask(before)
            else:
                assert isinstance(player, int)
                move = agent_move(self.bots[player], before, self.randomness)
            after = self.match.apply(move)
            for line in render(events_for(before, move, after, self.seat), self.sentences):
                self.say(self.coloured(line))
        final = score(self.match.state)
        self.say(f"Final score by seat: {' '.join(str(points) for points in final)}")
        won = winners(self.match.state)
        verdict = "you win" if self.seat in won else "you lose"
        self.say(f"Winners: {', '.join(f'seat {each}' for each in won)} ({verdict}).")

    def ask(self, state: Any) -> Move:
        """Show the person's view and read moves until one is legal."""
        seen = view(state, self.seat)
        self.show(seen)
        moves = seen.moves
        while True:
            self.out.write("your move> ")
            self.out.flush()
            line = self._readline(MAX_LINE_CHARS + 1)
            if not line:
                raise _InputEndedError
            if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
                self._skip_rest_of_line()
                if not self.echoed:
                    self.say(f"{printable(line[:40])}… ({MAX_LINE_CHARS}+ characters)")
                self.say(f"Not a move: a line may be at most {MAX_LINE_CHARS} characters long.")
                continue
            text = line.strip()
            if not self.echoed:
                self.say(printable(text))  # a script's input, shown so the transcript reads
            if not text:
                continue
            move = self.read_move(state, text, moves)
            if move is not None:
                return move

    def _readline(self, size: int) -> str:
        """At most ``size`` characters of the input's current line (an input object whose
        ``readline`` takes no size, a hand-made stand-in, is read a whole line at a time)."""
        try:
            return self.stdin.readline(size)
        except TypeError:
            return self.stdin.readline()

    def _skip_rest_of_line(self) -> None:
        """Read past the rest of an over-long line, in bounded chunks; an endless one (no line
        end within `MAX_SKIPPED_CHARS`) ends the input."""
        skipped = 0
        while skipped <= MAX_SKIPPED_CHARS:
            chunk = self._readline(MAX_LINE_CHARS)
            if not chunk:
                raise _InputEndedError
            if chunk.endswith("\n"):
                return
            skipped += len(chunk)
        raise _InputEndedError

    def read_move(self, state: Any, text: str, moves: Sequence[Move]) -> Move | None:
        """The move ``text`` names (a number of the list or notation) if legal; else ``None``
        after saying why. Only plain ASCII digits are a move's number (``²``, ``٣``, ``+1`` or
        ``1_000`` are not); any other text is read as notation."""
        if text.isdigit() or text.isdecimal() or text.isnumeric():
            if not (text.isascii() and text.isdigit()):
                self.say(f"Not a move number: {shown(text)}; type a number from 1 to "
                         f"{len(moves)} in the digits 0-9, or a move's notation.")  # fmt: skip
                return None
            digits = text.lstrip("0")
            if len(digits) <= len(str(len(moves))) and 1 <= int(digits or "0") <= len(moves):
                return moves[int(digits) - 1]
            named = int(digits or "0") if len(digits) <= 20 else shown(text)
            self.say(f"There is no move {named}: choose from 1 to {len(moves)}.")
            return None
        try:
            move = parse_move(state, text)
        except NotationError as error:
            self.say(printable(f"Not a move: {error}"))
            return None
        violation = check(state, move, seat=self.seat)
        if violation is not None:
            self.say(printable(f"Not allowed: {violation.message} [{violation.rule}]"))
            return None
        return move

    def show(self, seen: View) -> None:
        """The hand, the table, the scores and the numbered legal moves."""
        self.say()
        self.say(f"Your hand: {self.cards(sort_cards(seen.hand))}")
        data = seen.to_dict()
        for field, label in TABLE_FIELDS:
            value = data.get(field)
            if not _is_empty(value):
                self.say(f"  {label}: {self.value_text(getattr(seen, field))}")
        scores = ", ".join(
            f"{'+'.join(str(each) for each in team)}: {points}"
            for team, points in zip(seen.teams, seen.match_score, strict=True)
        )
        self.say(f"  scores (seats: points): {scores}")
        moves = seen.moves
        for number, move in enumerate(moves[:MOVES_LISTED], start=1):
            self.say(f"  {number:>3}. {move}")
        if len(moves) > MOVES_LISTED:
            self.say(f"  ... and {len(moves) - MOVES_LISTED} more: type a move's notation.")

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "-"

    def card(self, card: Card) -> str:
        if self.colour and card.suit in RED_SUITS:
            return f"{RED}{card.symbol}{RESET}"
        return card.symbol

    def value_text(self, value: Any) -> str:
        """A view field's value as text: cards by symbol, groups of them in brackets."""
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Suit):
            return self.coloured(value.symbol)
        if isinstance(value, (tuple, list)):
            if len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], Card):
                return f"{value[0]}:{self.card(value[1])}"  # a card played by a seat
            if all(isinstance(item, Card) for item in value):
                return self.cards(value)
            if all(isinstance(item, (tuple, list)) and len(item) == 2 for item in value):
                return ", ".join(self.value_text(item) for item in value) or "-"
            return " ".join(f"[{self.value_text(item)}]" for item in value) or "-"
        return str(value)

    def coloured(self, text: str) -> str:
        """``text`` with the red suits' symbols in red when colour is on."""
        if not self.colour:
            return text
        for suit in RED_SUITS:
            text = text.replace(suit.symbol, f"{RED}{suit.symbol}{RESET}")
        return text
