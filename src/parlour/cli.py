"""The ``parlour`` command: ``games``, ``demo`` (a seeded match between bots) and ``validate``.

``parlour validate`` exits 0 when every log is valid, 1 when any is invalid, and 2 when a file
cannot be read, the arguments are wrong, or the output was closed (a broken pipe) before every
log was reported. Report text that the output's encoding cannot carry (a lone surrogate in a
move, a file name that is not UTF-8) is written escaped, never crashing the command. Nothing here
names a particular game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from parlour.core import (
    CHANCE,
    Chance,
    Game,
    Move,
    Report,
    SupportsBot,
    SupportsNarration,
    game_names,
    get_game,
)
from parlour.errors import ParlourError, shown
from parlour.log import validate_files, write_log
from parlour.match import Match

__all__ = ["main"]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    parser = _parser()
    try:
        arguments = parser.parse_args(argv)
    except SystemExit as exit_request:
        return _exit_code(exit_request)
    if arguments.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    command: Any = arguments.run
    try:
        status: int = command(arguments)
    except BrokenPipeError:
        # The reader went away (``parlour demo belote | head``): stop quietly, as Unix tools do;
        # but a validation cut short has not checked every log, so it must not claim success.
        _silence_stdout()
        return EXIT_USAGE if arguments.command == "validate" else EXIT_OK
    return status


def _silence_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _exit_code(exit_request: SystemExit) -> int:
    code = exit_request.code
    if code is None:
        return EXIT_OK
    return code if isinstance(code, int) else EXIT_USAGE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="parlour", description="Rules engines for classic card games."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    games = commands.add_parser("games", help="list the registered games")
    games.set_defaults(run=_run_games)

    demo = commands.add_parser("demo", help="play a seeded match between the built-in bots")
    demo.add_argument("game", help="a registered game name (see `parlour games`)")
    demo.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    demo.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="set an option, its value in JSON (e.g. target=500, target=null); repeatable",
    )
    demo.add_argument("--log", metavar="FILE", help="write the match's log to FILE")
    demo.set_defaults(run=_run_demo)

    check = commands.add_parser("validate", help="validate game logs (.json, .jsonl, folders)")
    check.add_argument("paths", nargs="+", metavar="PATH", help="a log file or a folder of logs")
    check.add_argument("--json", action="store_true", help="print one JSON report per line")
    check.set_defaults(run=_run_validate)
    return parser


# --- games ---------------------------------------------------------------------------------------


def _run_games(arguments: argparse.Namespace) -> int:
    for name in game_names():
        counts = " or ".join(str(count) for count in get_game(name).player_counts)
        print(f"{name}\t{counts} players")
    return EXIT_OK


# --- demo ----------------------------------------------------------------------------------------


def _run_demo(arguments: argparse.Namespace) -> int:
    try:
        options = _parse_options(arguments.option)
        match = Match(arguments.game, options=options)
    except ParlourError as error:
        return _usage_error(str(error))
    print(f"{match.game}: a match between bots, seed {arguments.seed}")
    _play_out(match, random.Random(arguments.seed), sys.stdout)
    if arguments.log is not None:
        try:
            with open(arguments.log, "w", encoding="utf-8") as file:
                file.write(write_log(match) + "\n")
        except OSError as error:
            return _usage_error(f"cannot write the log: {error}")
    return EXIT_OK


class _OptionArgumentError(ParlourError):
    """An ``--option`` argument that is not ``NAME=JSON``."""


def _parse_options(texts: Sequence[str]) -> dict[str, Any]:
    """``NAME=JSON`` arguments as an options mapping (later ones win)."""
    options: dict[str, Any] = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name:
            raise _OptionArgumentError(f"--option needs NAME=JSONVALUE, not {shown(text)}")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            raise _OptionArgumentError(
                f"--option {name[:80]}: {shown(value)} is not a JSON value "
                '(text needs quotes: "...")'
            ) from None
        except (ValueError, RecursionError):  # an integer too long to read, or nesting too deep
            raise _OptionArgumentError(
                f"--option {name[:80]}: {shown(value)} is too long a number or nested too deep"
            ) from None
    return options


def _play_out(match: Match, rng: random.Random, out: TextIO) -> None:
    """Play ``match`` to its end with the game's bots and ``rng``, narrating every move."""
    game = get_game(match.game)
    while True:
        before = match.state
        player = game.current_player(before)
        if player is None:
            break
        move = _next_move(game, before, player, rng)
        after = match.apply(move)
        if isinstance(game, SupportsNarration):
            for line in game.narrate(before, move, after):
                print(line, file=out)
        else:
            print(f"{_actor(player)}: {move}", file=out)
    score = " ".join(str(points) for points in game.score(match.state))
    print(f"final score by seat: {score}", file=out)
    print(_winners_line(game.winners(match.state), match.players), file=out)


def _next_move(game: Game, state: Any, player: int | Chance, rng: random.Random) -> Move:
    """A deal drawn from ``rng`` at a chance node, else the game's bot move for ``player``."""
    if player is CHANCE:
        return game.random_deal(state, rng)
    if isinstance(game, SupportsBot):
        return game.bot_move(state, rng)
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def _actor(player: int | Chance) -> str:
    return "deal" if player is CHANCE else f"seat {player}"


def _winners_line(seats: Sequence[int], players: Sequence[str] | None) -> str:
    names = [f"seat {seat}" if players is None else players[seat] for seat in seats]
    label = "winner" if len(names) == 1 else "winners"
    return f"{label}: {', '.join(names)}"


# --- validate ------------------------------------------------------------------------------------


def _run_validate(arguments: argparse.Namespace) -> int:
    unreadable: list[str] = []

    def report_unreadable(path: str, error: OSError) -> None:
        unreadable.append(path)
        message = f"parlour validate: cannot read {path}: {error.strerror or error}"
        print(_encodable(message, sys.stderr), file=sys.stderr)

    valid = invalid = 0
    for report in validate_files(arguments.paths, on_unreadable=report_unreadable):
        if report.ok:
            valid += 1
        else:
            invalid += 1
        if arguments.json:
            print(_json_line(report.to_dict(), sys.stdout))
        else:
            print(_encodable(_report_line(report), sys.stdout))
    if not arguments.json:
        print(_total_line(valid, invalid, len(unreadable)))
    if unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if invalid else EXIT_OK


def _encoding_of(stream: TextIO) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def _encodable(text: str, stream: TextIO) -> str:
    """``text`` as ``stream`` can write it: what its encoding cannot carry (a lone surrogate, a
    file name's undecodable bytes) is backslash-escaped."""
    encoding = _encoding_of(stream)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    return text


def _json_line(data: dict[str, Any], stream: TextIO) -> str:
    """``data`` as one JSON line, ``\\u``-escaped where ``stream`` could not carry the text."""
    line = json.dumps(data, ensure_ascii=False)
    try:
        line.encode(_encoding_of(stream))
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True)
    return line


def _report_line(report: Report) -> str:
    """``source: OK (n moves, score …)`` or ``source: INVALID <kind> at move i (…): message``."""
    if report.ok or report.error is None:
        moves = _plural(report.moves_applied, "move")
        return f"{report.source}: OK ({moves}, score {_score(report)})"
    problem = report.error
    where = ""
    if problem.move_index is not None:
        where = f" at move {problem.move_index} ({problem.move!r})"
    rule = f" [{problem.rule}]" if problem.rule is not None else ""
    return f"{report.source}: INVALID {problem.kind}{where}{rule}: {problem.message}"


def _score(report: Report) -> str:
    return "-" if report.score is None else " ".join(str(points) for points in report.score)


def _total_line(valid: int, invalid: int, unreadable: int) -> str:
    line = f"{_plural(valid + invalid, 'log')}: {valid} valid, {invalid} invalid"
    if unreadable:
        line += f", {_plural(unreadable, 'unreadable path')}"
    return line


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _usage_error(message: str) -> int:
    print(f"parlour: {message}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
