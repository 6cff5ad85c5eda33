"""The ``parlour`` command: ``games``, ``demo`` (a seeded match between bots), ``play`` (a
person against bots, see `parlour.cli`), ``arena`` (agents rated against each other, see
`parlour.cli`), ``validate``, ``render`` (the SVG picture of a
position, or of a log after its N-th move, as one seat or a spectator sees it) and ``serve``
(the web table, `parlour.web`; exit 2 without the extra ``parlour[web]``).

``parlour validate`` exits 0 when every log is valid, 1 when any is invalid, and 2 when a file
cannot be read, the arguments are wrong, or the output was closed (a broken pipe) before every
log was reported. Report text that the output's encoding cannot carry (a lone surrogate in a
move, a file name that is not UTF-8) is written escaped, never crashing the command. Nothing here
names a particular game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from parlour.agents import SPEC_HELP, Agent, AgentSpecError, MatchRandomness, agent_move, make_agent
from parlour.base import (
    ParlourError,
    shown,
)
from parlour.cli._arena import add_arena_parser
from parlour.cli._play import add_play_parser
from parlour.cli._validate import add_validate_parser
from parlour.engine import (
    CHANCE,
    Chance,
    Game,
    Move,
    SupportsBot,
    SupportsNarration,
    game_names,
    get_game,
    players,
    state_from_dict,
    view,
)
from parlour.io import (
    DEFAULT_LIMITS,
    VERSION,
    GameLog,
    Match,
    raw_logs,
    read_log,
    replay,
    write_log,
)
from parlour.svg import view_svg
from parlour.web import WebExtraError, serve

__all__ = ["main"]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


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
    except KeyboardInterrupt:  # Ctrl-C in a command that does not handle it: no traceback
        print("parlour: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


def _silence_stdout() -> None:
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _exit_code(exit_request: SystemExit) -> int:
    code = exit_request.code
    if code is None:
        return EXIT_OK
    return code if isinstance(code, int) else EXIT_USAGE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="parlour", description="Rules engines for classic card games."
    )
    parser.add_argument(
        "--version", action="version", version=f"parlour {VERSION}",
        help="print parlour's version and exit",
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    games = commands.add_parser("games", help="list the registered games")
    games.set_defaults(run=_run_games)

    demo = commands.add_parser("demo", help="play a seeded match between the built-in bots")
    demo.add_argument("game", help="a registered game name (see `parlour games`)")
    demo.add_argument(
        "--seed", type=int, default=1,
        help="the seed of the deals and of the bots' choices (default 1)",
    )  # fmt: skip
    demo.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="set an option, its value in JSON (e.g. target=500, target=null); repeatable",
    )
    demo.add_argument("--log", metavar="FILE", help="write the match's log to FILE")
    demo.add_argument(
        "--agents",
        metavar="SPECS",
        help=f"one agent per seat, comma-separated ({SPEC_HELP}); "
        "default: the game's built-in bot at every seat",
    )
    demo.set_defaults(run=_run_demo)

    web = commands.add_parser(
        "serve", help="serve the web table (needs the extra parlour[web])"
    )
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="the port to listen on (8000)")
    web.add_argument(
        "--db", default="parlour-tables.sqlite3", metavar="FILE",
        help="the SQLite file that keeps the tables (parlour-tables.sqlite3)",
    )  # fmt: skip
    web.set_defaults(run=_run_serve)

    add_validate_parser(commands)  # parlour.cli
    add_play_parser(commands, _parse_options)  # parlour.cli
    add_arena_parser(commands, _parse_options)  # parlour.cli

    render = commands.add_parser(
        "render",
        help="write the SVG picture of a log's position after move N, or of a position file",
        description="parlour render LOG [--move N] [--seat S] [-o FILE], or "
        "parlour render GAME --position FILE [--seat S] [-o FILE]",
    )
    render.add_argument(
        "source", metavar="LOG|GAME",
        help="a log file (as parlour validate reads, one log), or a game name with --position",
    )  # fmt: skip
    render.add_argument(
        "--position", metavar="FILE",
        help="a position file (the JSON of parlour.state_to_dict) of the game named",
    )  # fmt: skip
    render.add_argument(
        "--move", type=int, metavar="N",
        help="the position after the log's first N moves (deals included; default: all)",
    )  # fmt: skip
    render.add_argument(
        "--seat", type=int, metavar="S",
        help="the seat whose view is drawn (default: a spectator's, who sees no hand)",
    )  # fmt: skip
    render.add_argument(
        "-o", "--output", metavar="FILE", help="write the SVG to FILE (default: standard output)"
    )
    render.set_defaults(run=_run_render)
    return parser


# --- render --------------------------------------------------------------------------------------


class _RenderError(Exception):
    """What stops ``parlour render``, in a sentence for standard error."""


def _run_render(arguments: argparse.Namespace) -> int:
    try:
        state = (
            _position_state(arguments.source, arguments.position, arguments.move)
            if arguments.position is not None
            else _log_state(arguments.source, arguments.move)
        )
        try:
            picture = view_svg(view(state, arguments.seat))
        except ParlourError as error:
            raise _RenderError(f"--seat {arguments.seat}: {error}") from None
        if arguments.output is None:
            sys.stdout.write(picture)
            return EXIT_OK
        try:
            with open(arguments.output, "w", encoding="utf-8") as out:
                out.write(picture)
        except OSError as error:
            reason = error.strerror or error
            raise _RenderError(f"cannot write {arguments.output}: {reason}") from None
    except _RenderError as error:
        return _usage_error(f"render: {error}")
    return EXIT_OK


def _position_state(game: str, path: str, move: int | None) -> Any:
    """The state of the position file ``path``, which must be one of ``game``'s."""
    if move is not None:
        raise _RenderError("--move is for a log; a position file is drawn as it is")
    try:
        get_game(game)
    except ParlourError as error:
        raise _RenderError(str(error)) from None
    try:
        with open(path, "rb") as source:
            data = json.loads(source.read(DEFAULT_LIMITS.max_log_bytes + 1))
    except OSError as error:
        raise _RenderError(f"cannot read {path}: {error.strerror or error}") from None
    except (ValueError, RecursionError) as error:  # JSONDecodeError, bad UTF-8, too deep
        raise _RenderError(f"{path} is not a JSON position: {error}") from None
    named = data.get("game") if isinstance(data, dict) else None
    if isinstance(named, str) and named != game:
        raise _RenderError(f"{path} is a position of {shown(named)}, not of {game}")
    try:
        return state_from_dict(data)
    except ParlourError as error:
        raise _RenderError(f"{path}: {error}") from None


def _log_state(path: str, move: int | None) -> Any:
    """The state of the log in file ``path`` after its first ``move`` moves (all by default)."""
    try:
        logs = list(raw_logs(path, DEFAULT_LIMITS))
    except OSError as error:
        raise _RenderError(f"cannot read {path}: {error.strerror or error}") from None
    if len(logs) != 1:
        found = "no log" if not logs else f"{len(logs)} logs"
        raise _RenderError(f"{path} holds {found}: render draws one log")
    _, text = logs[0]
    try:
        if isinstance(text, ParlourError):
            raise text
        log = read_log(text)
    except ParlourError as error:
        raise _RenderError(f"{path}: {error}") from None
    count = len(log.moves)
    if move is None:
        move = count
    if not 0 <= move <= count:
        raise _RenderError(
            f"--move {move}: the log of {path} has {count} moves (give 0 to {count})"
        )
    try:
        return replay(GameLog(game=log.game, options=log.options, dealer=log.dealer,
                              moves=log.moves[:move]))  # fmt: skip
    except ParlourError as error:
        raise _RenderError(f"{path}: {error}") from None


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
        agents = None if arguments.agents is None else _demo_agents(arguments.agents, match)
    except ParlourError as error:
        return _usage_error(str(error))
    game = get_game(match.game)
    if agents is None:
        print(f"{match.game}: a match between bots, seed {arguments.seed}")
        _play_out(match, _bot_moves(game, random.Random(arguments.seed)), sys.stdout)
    else:
        names = ", ".join(spec for spec, _ in agents)
        print(f"{match.game}: a match between {names}, seed {arguments.seed}")
        seated = [agent for _, agent in agents]
        randomness = MatchRandomness(arguments.seed, len(seated))
        _play_out(match, _agent_moves(game, seated, randomness), sys.stdout)
    if arguments.log is not None:
        try:
            with open(arguments.log, "w", encoding="utf-8") as file:
                file.write(write_log(match) + "\n")
        except OSError as error:
            return _usage_error(f"cannot write the log: {error}")
    return EXIT_OK


# --- serve ---------------------------------------------------------------------------------------


def _run_serve(arguments: argparse.Namespace) -> int:
    if not 0 <= arguments.port <= 65535:
        return _usage_error(f"the port must be from 0 to 65535, not {arguments.port}")
    try:
        serve(host=arguments.host, port=arguments.port, db=arguments.db)
    except WebExtraError as error:
        return _usage_error(str(error))
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


def _demo_agents(specs: str, match: Match) -> list[tuple[str, Agent]]:
    """``--agents``: one (spec, agent) per seat of ``match``; `AgentSpecError` if not."""
    seats = players(match.state)
    texts = [text.strip() for text in specs.split(",")]
    if len(texts) != seats:
        raise AgentSpecError(
            f"--agents needs one spec per seat: {match.game} has {seats} seats here, "
            f"{shown(specs)} gives {len(texts)}"
        )
    return [(text, make_agent(text, match.game)) for text in texts]


MoveSource = Callable[[Any, "int | Chance"], Move]
"""Picks the next move of a demo: (state, player to act) -> move."""


def _bot_moves(game: Game, rng: random.Random) -> MoveSource:
    """Today's demo players: deals and the game's bot moves, all drawn from ``rng``."""
    return lambda state, player: _next_move(game, state, player, rng)


def _agent_moves(game: Game, agents: Sequence[Agent], randomness: MatchRandomness) -> MoveSource:
    """Deals from ``randomness.deals``; each seat's move from its agent (checked)."""

    def next_move(state: Any, player: int | Chance) -> Move:
        if player is CHANCE:
            return game.random_deal(state, randomness.deals)
        assert isinstance(player, int)
        return agent_move(agents[player], state, randomness)

    return next_move


def _play_out(match: Match, next_move: MoveSource, out: TextIO) -> None:
    """Play ``match`` to its end with moves from ``next_move``, narrating every move."""
    game = get_game(match.game)
    while True:
        before = match.state
        player = game.current_player(before)
        if player is None:
            break
        move = next_move(before, player)
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


def _usage_error(message: str) -> int:
    print(f"parlour: {message}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
