"""``parlour play <game>``: a person at the terminal against bots.

On the person's turn it shows their hand (sorted by suit, ♠ ♥ ♦ ♣), every zone of the table
in the game's own words (the game's ``screen`` hook, `parlour.engine.SupportsScreen`, written
from the seat's view and the events told to it: nothing else), the scores and the legal moves,
numbered. It accepts a number, a move's notation, or a card alone where one move only takes
that card alone (``JC`` for ``play JC``), and explains a refused move with its violation
message before asking again. ``help`` lists the moves and how to write them (read from the
notation of the legal moves), ``hint`` gives the built-in bot's move and why, ``last`` the last
trick or turn, ``quit`` leaves. On a terminal cards have suit symbols and the red suits are red;
with ``NO_COLOR`` set, ``TERM=dumb``, or an output that is not a terminal, they are plain
letters (``10H``). Every move is told as the person's seat may see it: the game's narration of
`parlour.events_for` that seat. End of input or ``quit`` stops the match (exit 0), Ctrl-C too
(exit 130); ``--log FILE`` saves the moves played, finished or not.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from parlour.agents import SPEC_HELP, Agent, AgentSpecError, MatchRandomness, agent_move, make_agent
from parlour.base import (
    Card,
    NotationError,
    ParlourError,
    Suit,
    parse_card,
    shown,
    sort_cards,
)
from parlour.cli._validate import printable
from parlour.engine import (
    CHANCE,
    PLAIN,
    CardStyle,
    Event,
    Move,
    SupportsHint,
    SupportsNarration,
    SupportsScreen,
    Template,
    View,
    agent_view,
    check,
    current_player,
    events_for,
    get_game,
    move_forms,
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

MOVES_READ = 5000
"""At most this many legal moves are read for ``help`` and for a card typed alone."""

COMMANDS = (
    ("help", "the moves you have now and how to write them"),
    ("hint", "the built-in bot's move for you, and why"),
    ("last", "the last trick or turn"),
    ("quit", "leave the match (it is left unfinished; --log still saves it)"),
)
"""The words the prompt takes besides moves, and what each does."""

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
"""For a game without a ``screen`` hook: the fields of its view shown as the table (view field,
label), when the view has them."""

OptionsParser = Callable[[Sequence[str]], dict[str, Any]]
"""Turns ``--option NAME=JSON`` arguments into an options mapping (the CLI's own parser)."""


class _InputEndedError(Exception):
    """The person ended the match: end of input."""


class _QuitError(Exception):
    """The person typed ``quit``."""


def card_style(stdout: TextIO, environ: Mapping[str, str]) -> CardStyle:
    """Suit symbols and colour on a terminal; plain letters with ``NO_COLOR`` set (any value),
    ``TERM=dumb``, or an output that is not a terminal."""
    try:
        terminal = stdout.isatty()
    except (AttributeError, ValueError):  # a closed stream, or a stand-in without isatty
        terminal = False
    if not terminal or "NO_COLOR" in environ or environ.get("TERM") == "dumb":
        return PLAIN
    return CardStyle(symbols=True, colour=True)


def add_play_parser(commands: Any, parse_options: OptionsParser) -> argparse.ArgumentParser:
    """Add the ``play`` subcommand to ``commands`` (an argparse subparsers object)."""
    play: argparse.ArgumentParser = commands.add_parser(
        "play", help="play a match at the terminal against bots"
    )
    play.add_argument("game", help="a registered game name (see `parlour games`)")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    play.add_argument(
        "--seed", type=int, default=1,
        help="the seed of the deals and of the bots' choices (default 1)",
    )  # fmt: skip
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
    play.add_argument(
        "--log", metavar="FILE",
        help="when the match ends (finished, quit or interrupted), write its log to FILE",
    )  # fmt: skip
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
    except _QuitError:
        print("You left the match: it is left unfinished.", file=out)
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
        self.hints = random.Random(seed)  # the hints' own: asking for one changes no bot's play
        self.stdin = stdin
        self.out = stdout
        self.style = card_style(stdout, os.environ)
        self.echoed = stdin.isatty()
        # Whether the terminal shows what the person types (else `ask` repeats it).
        self.game = get_game(match.game)
        self.sentences: Mapping[str, Template] = (
            self.game.sentences if isinstance(self.game, SupportsNarration) else {}
        )
        self.told: list[Event] = []
        """The events told to the seat since its screen was last shown."""
        self.turns: list[tuple[int, list[str]]] = []
        """The narration of each turn so far (seat, lines): `last` tells the latest again."""

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def play(self) -> None:
        """Play the match to its end (or until the input ends)."""
        self.say(f"{self.match.game}: you are seat {self.seat}. Type a move's number or "
                 "notation, or help.")  # fmt: skip
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
            told = events_for(before, move, after, self.seat)
            self.told.extend(told)
            lines = [self.style.text(line) for line in render(told, self.sentences)]
            if isinstance(player, int) and lines:
                if not self.turns or self.turns[-1][0] != player:
                    self.turns.append((player, []))
                self.turns[-1][1].extend(lines)
            for line in lines:
                self.say(line)
        final = score(self.match.state)
        self.say(f"Final score by seat: {' '.join(str(points) for points in final)}")
        won = winners(self.match.state)
        verdict = "you win" if self.seat in won else "you lose"
        self.say(f"Winners: {', '.join(f'seat {each}' for each in won)} ({verdict}).")

    def ask(self, state: Any) -> Move:
        """Show the person's view and read moves until one is legal."""
        seen = view(state, self.seat)
        self.show(seen)
        self.told = []
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
            if self.command(state, seen, text.lower()):
                continue
            move = self.read_move(state, text, moves)
            if move is not None:
                return move

    def command(self, state: Any, seen: View, word: str) -> bool:
        """Carry out ``help``, ``hint``, ``last`` or ``quit``; whether ``word`` was one."""
        if word in ("help", "?"):
            for line in help_lines(seen.moves):
                self.say(line)
        elif word == "hint":
            self.say(self.hint(state))
        elif word == "last":
            for line in self.last(seen):
                self.say(line)
        elif word == "quit":
            raise _QuitError
        else:
            return False
        return True

    def hint(self, state: Any) -> str:
        """The built-in bot's move for the person's seat, and why (run on what the seat sees:
        a determinization of its view, as agents get it)."""
        if not isinstance(self.game, SupportsHint):
            return f"No hint: {self.match.game} has no built-in bot that explains its moves."
        sampled = agent_view(state, self.seat, self.hints).sampled
        move, why = self.game.hint(sampled, self.hints)
        return self.style.text(f"Hint: {move} — {why}.")

    def last(self, seen: View) -> list[str]:
        """The last trick as the view shows it, else the latest turn's narration again."""
        if isinstance(self.game, SupportsScreen):
            lines = list(self.game.last_play(seen, self.style))
            if lines:
                return lines
        if not self.turns:
            return ["Nothing has been played yet."]
        player, lines = self.turns[-1]
        who = "your" if player == self.seat else f"seat {player}'s"
        return [f"The last turn ({who}):", *lines]

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
        """The move ``text`` names (a number of the list, a card alone, or notation) if legal;
        else ``None`` after saying why. Only plain ASCII digits are a move's number (``²``,
        ``٣``, ``+1`` or ``1_000`` are not); any other text is read as notation."""
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
        card_alone = _card_of(text)
        if card_alone is not None:
            return self.read_card(state, card_alone, moves)
        try:
            move = parse_move(state, text)
        except NotationError as error:
            keyword = text.split(maxsplit=1)[0]
            if keyword not in _keywords(moves):
                self.say(printable(f"Not a move now: {shown(text)}. Your moves now start with "
                                   f"{', '.join(_keywords(moves))}; type help for how to write "
                                   "them."))  # fmt: skip
            else:
                self.say(printable(f"Not a move: {error}"))
            return None
        return self.allowed(state, move)

    def read_card(self, state: Any, card: Card, moves: Sequence[Move]) -> Move | None:
        """A card typed alone: the one legal move that takes that card alone (``play JC``);
        else why not, from the rule the card breaks when a move of that form exists."""
        alone = _single_card_moves(moves)
        keywords = list(dict.fromkeys(str(move).split(" ", 1)[0] for move in alone))
        matching = [move for move in alone if str(move).split(" ", 1)[1] == card.text]
        if len(matching) == 1:
            return matching[0]
        if len(matching) > 1:
            self.say(f"{card.text} alone could be {' or '.join(map(str, matching))}: "
                     "type which.")  # fmt: skip
            return None
        if len(keywords) != 1:
            self.say(f"Not a move now: {card.text} alone is no move here; type help for "
                     "how to write your moves.")  # fmt: skip
            return None
        try:
            move = parse_move(state, f"{keywords[0]} {card.text}")
        except NotationError as error:
            self.say(printable(f"Not a move: {error}"))
            return None
        return self.allowed(state, move)

    def allowed(self, state: Any, move: Move) -> Move | None:
        """``move`` if the person's seat may play it; else ``None`` after saying why."""
        violation = check(state, move, seat=self.seat)
        if violation is not None:
            self.say(printable(f"Not allowed: {violation.message} [{violation.rule}]"))
            return None
        return move

    def show(self, seen: View) -> None:
        """The hand, the table, the scores and the numbered legal moves."""
        style = self.style
        self.say()
        self.say(f"Your hand: {style.cards(sort_cards(seen.hand))}")
        if isinstance(self.game, SupportsScreen):
            for zone in self.game.screen(seen, self.told, style):
                first, *rest = zone.text.split("\n")
                self.say(f"  {zone.label}: {first}".rstrip())
                for line in rest:
                    self.say(f"      {line}")
        else:
            data = seen.to_dict()
            for field, label in TABLE_FIELDS:
                value = data.get(field)
                if not _is_empty(value):
                    self.say(f"  {label}: {self.value_text(getattr(seen, field))}")
        scores = ", ".join(
            f"{'+'.join(str(each) for each in team)}: {points}"
            for team, points in zip(seen.teams, seen.match_score, strict=True)
        )
        self.say(f"  Scores (seats: points): {scores}")
        moves = seen.moves
        for number, move in enumerate(moves[:MOVES_LISTED], start=1):
            self.say(f"  {number:>3}. {move}")
        if len(moves) > MOVES_LISTED:
            self.say(f"  ... and {len(moves) - MOVES_LISTED} more: type a move's notation "
                     "(help shows how).")  # fmt: skip

    def value_text(self, value: Any) -> str:
        """A view field's value as text: cards by symbol, groups of them in brackets (for a
        game without a ``screen`` hook)."""
        style = self.style
        if isinstance(value, Card):
            return style.card(value)
        if isinstance(value, Suit):
            return style.suit(value)
        if isinstance(value, (tuple, list)):
            if len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], Card):
                return f"{value[0]}:{style.card(value[1])}"  # a card played by a seat
            if all(isinstance(item, Card) for item in value):
                return style.cards(value)
            if all(isinstance(item, (tuple, list)) and len(item) == 2 for item in value):
                return ", ".join(self.value_text(item) for item in value) or "-"
            return " ".join(f"[{self.value_text(item)}]" for item in value) or "-"
        return str(value)


def _card_of(text: str) -> Card | None:
    """The card ``text`` writes, alone (``JC``, ``10h``), or ``None``."""
    if " " in text:
        return None
    try:
        return parse_card(text.upper())
    except NotationError:
        return None


def _keywords(moves: Sequence[Move]) -> list[str]:
    """The first words of ``moves``, in the order met (at most `MOVES_READ` moves read)."""
    return list(move_forms(moves, MOVES_READ))


def _single_card_moves(moves: Sequence[Move]) -> list[Move]:
    """The moves written as a keyword and one card (``play JC``, ``discard 7S``), among the
    first `MOVES_READ`."""
    found = []
    for move in moves[:MOVES_READ]:
        words = str(move).split()
        if len(words) == 2 and _card_of(words[1]) is not None:
            found.append(move)
    return found


def help_lines(moves: Sequence[Move]) -> list[str]:
    """What ``help`` says: each kind of legal move now, its form read from the notation of the
    moves and examples; a card alone where it names one move; the other words the prompt
    takes."""
    lines = ["Type a move's number from the list, or the move as written there:"]
    forms = move_forms(moves, MOVES_READ)
    for keyword_forms in forms.values():
        for form in keyword_forms:
            examples = ", ".join(form.examples)
            lines.append(f"  {form.form:<28} e.g. {examples}")
    if _single_card_moves(moves):
        lines.append("  a card alone (such as 10H, JC) for the one move above that takes it "
                     "alone")  # fmt: skip
    lines.append("A card is its rank then its suit letter (S H D C): 10H, JC, QS; JK is a "
                 "joker.")  # fmt: skip
    lines.append("Also:")
    lines.extend(f"  {word:<6} {what}" for word, what in COMMANDS)
    return lines
