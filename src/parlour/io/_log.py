"""Game logs: reading, writing, replay and validation, streaming over files (`LOG_FORMAT.md`).

A log is one JSON object (``format``, ``game``, ``options``, ``dealer``, ``players``, ``moves``,
``result``, ``parlour`` and any other key, kept in order). `read_log` checks its shape and gives a
`GameLog`; `write_log` gives its canonical one-line JSON; `replay` rebuilds the final state and
raises the error of the first bad move; `validate` never raises for a bad log and returns a
`Report`; `read_logs` and `validate_files` stream over files, directories and ``.jsonl`` files.
Nothing here names a particular game.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Union

import attrs

from parlour.base import (
    IllegalMoveError,
    LogError,
    NotationError,
    OptionsError,
    ParlourError,
    describe,
    shown,
)
from parlour.engine import (
    MAX_MOVE_CHARS,
    Game,
    Problem,
    Report,
    get_game,
    new_game,
)
from parlour.io._limits import (
    DEFAULT_LIMITS,
    Limits,
    LimitsError,
)
from parlour.io._sources import (
    UnreadableHandler,
    raw_logs_of_paths,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "GameLog",
    "Limits",
    "read_log",
    "read_logs",
    "replay",
    "validate",
]

VERSION = "0.1.0"
"""This release's version: the facade's ``__version__``, the package's version, and the
``parlour`` key of the logs a `Match` writes."""

FORMAT = "parlour-log/1"
"""The value of the ``format`` field of every log this version reads and writes."""

KNOWN_KEYS = ("format", "game", "options", "dealer", "players", "moves", "result", "parlour")
"""The keys of the format, in the order `write_log` writes them; other keys follow, in order."""

TERMINATIONS = ("resign", "timeout", "abandon")
"""The values of ``result.termination``: how a site ended a match early."""

MAX_DEPTH = DEFAULT_LIMITS.max_depth
"""The deepest nesting of lists and objects a log may hold by default (the log object itself is
depth 1); deeper JSON, in any key, is a `LogError` (`Limits.max_depth`)."""

MAX_INT_DIGITS = DEFAULT_LIMITS.max_int_digits
"""The most decimal digits of an integer anywhere in a log by default; a longer one is a
`LogError` (`Limits.max_int_digits`)."""

LogSource = Union["GameLog", Mapping[str, Any], str, bytes]
"""Anything `replay` and `validate` accept: a `GameLog`, a parsed JSON object, or JSON text."""


def _no_extra_known_keys(instance: GameLog, attribute: Any, value: dict[str, Any]) -> None:
    clashes = [key for key in value if key in KNOWN_KEYS]
    if clashes:
        raise ValueError(f"GameLog.extra may not hold the format's own keys: {clashes}")


@attrs.frozen(slots=True, kw_only=True)
class GameLog:
    """One match's log: header, moves, optional claimed result, and unknown keys kept in order.

    ``options`` and ``result`` are in their JSON form; ``extra`` holds every key the format does
    not define, in the order read. A `GameLog` is plain data (equal by value; its dicts make it
    unhashable): use `replay` or `validate` on it.
    """

    game: str
    options: dict[str, Any] = attrs.field(factory=dict)
    dealer: int = 0
    players: tuple[str, ...] | None = None
    moves: tuple[str, ...] = ()
    result: dict[str, Any] | None = None
    parlour: str | None = None
    extra: dict[str, Any] = attrs.field(factory=dict, validator=_no_extra_known_keys)

    def to_dict(self) -> dict[str, Any]:
        """The log as a fresh JSON-ready dict, keys in the format's order, unknown keys last.

        ``players``, ``result`` and ``parlour`` are left out when they are ``None``.
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": copy.deepcopy(self.options),
            "dealer": self.dealer,
        }
        if self.players is not None:
            data["players"] = list(self.players)
        data["moves"] = list(self.moves)
        if self.result is not None:
            data["result"] = copy.deepcopy(self.result)
        if self.parlour is not None:
            data["parlour"] = self.parlour
        data.update(copy.deepcopy(self.extra))
        return data

    def to_json(self) -> str:
        """The canonical one-line JSON text of the log (the same as `write_log`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, allow_nan=False)


# --- reading -------------------------------------------------------------------------------------


def read_log(source: str | bytes | Mapping[str, Any], *, limits: Limits | None = None) -> GameLog:
    """Read one log from its JSON text (``str`` or UTF-8 ``bytes``) or its parsed JSON object.

    Raises `LogError` naming the problem: bad JSON, not an object, a wrong ``format``, a missing
    or ill-typed field, a log beyond one of ``limits`` (default `DEFAULT_LIMITS`). Whether the
    game exists and the moves are legal is not checked here.

    Raises: `LogError` for a log that cannot be read; `LimitsError` for ``limits`` that are not
    a `Limits`.

    >>> import parlour
    >>> log = parlour.read_log('{"format": "parlour-log/1", "game": "ecarte", "moves": []}')
    >>> log.game, log.moves, log.dealer
    ('ecarte', (), 0)
    >>> parlour.read_log("[1]")
    Traceback (most recent call last):
      ...
    parlour.LogError: a log must be a JSON object, not a list
    """
    limits = limits_or_default(limits)
    if isinstance(source, (str, bytes)):  # parsed here: no one else holds the values read
        return _game_log_of(_parse_json(source, limits), limits, _kept)
    return _game_log_of(source, limits, _copy_json)


def _game_log_of(data: Any, limits: Limits, keep: Callable[[Any], Any]) -> GameLog:
    """The `GameLog` of a parsed log object, checked (see `read_log`); ``keep`` gives the value
    a `GameLog` keeps of a JSON value of ``data``: a copy (`_copy_json`) when the caller holds
    ``data``, the value itself (`_kept`) when `read_log` parsed it and no one else holds it."""
    if not isinstance(data, Mapping):
        raise LogError(f"a log must be a JSON object, not {_json_kind(data)}")
    _check_values(data, limits)
    _check_format_field(data)
    return GameLog(
        game=_read_game(data),
        options=_read_options(data, keep),
        dealer=_read_dealer(data),
        players=_read_players(data),
        moves=_read_moves(data, limits),
        result=_read_result(data, keep),
        parlour=_read_version(data),
        extra={key: keep(value) for key, value in data.items() if key not in KNOWN_KEYS},
    )


def _kept(value: Any) -> Any:
    """``value`` itself: what a `GameLog` keeps of JSON that `read_log` parsed."""
    return value


def _copy_json(value: Any) -> Any:
    """A deep copy of ``value``, quick for JSON data (``str``, numbers, ``dict``, ``list``), by
    `copy.deepcopy` for anything else; called once the nesting is known to be bounded."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    if kind is dict:
        return {key: _copy_json(item) for key, item in value.items()}
    if kind is list:
        return [_copy_json(item) for item in value]
    return copy.deepcopy(value)


def limits_or_default(limits: Limits | None) -> Limits:
    if limits is None:
        return DEFAULT_LIMITS
    if not isinstance(limits, Limits):
        raise LimitsError(f"limits must be a parlour.Limits, not {type(limits).__name__}")
    return limits


def _parse_json(text: str | bytes, limits: Limits) -> Any:
    if len(text) > limits.max_log_bytes:
        unit = "bytes" if isinstance(text, bytes) else "characters"
        raise LogError(
            f"a log may not be longer than {limits.max_log_bytes} {unit} "
            f"(limit max_log_bytes), this one is {len(text)}"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise LogError(f"a log must be UTF-8 text: {error}") from None
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses a str with a byte-order mark
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        return _DECODER.decode(text)
    except json.JSONDecodeError as error:
        # Some of json's messages end with "at" ("Invalid control character at"): one "at" only.
        reason = error.msg.removesuffix(" at")
        raise LogError(
            f"not valid JSON: {reason} at line {error.lineno} column {error.colno}"
        ) from None
    except LogError:  # raised by the hooks (a duplicate key, NaN)
        raise
    except RecursionError:
        raise _too_deep(limits) from None
    except ValueError:  # an integer beyond Python's int/str conversion limit
        raise _int_too_long(limits) from None


_TEXT_ONLY = frozenset((str,))
_SCALARS = frozenset((str, bool, type(None)))
"""The JSON value types `_check_values` has nothing to check in."""


def _check_values(data: Mapping[str, Any], limits: Limits) -> None:
    """Refuse nesting deeper than ``limits.max_depth``, integers of more than
    ``limits.max_int_digits`` digits, and anything JSON cannot hold (a key that is not a
    string, NaN or an infinity, a set, bytes, any other object), anywhere in ``data`` (walked
    without recursion, so any depth is safe): a log read is always a log `write_log` can write
    back."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    int_bits = limits.max_int_bits  # an int of no more bits is within the limit
    while stack:
        value, depth = stack.pop()
        if depth > limits.max_depth:
            raise _too_deep(limits)
        is_object = type(value) is dict or isinstance(value, Mapping)
        if is_object and not _TEXT_ONLY.issuperset(map(type, value)) and not all(
            isinstance(key, str) for key in value
        ):  # str keys, checked at C speed first (a subclass of str is a str too)
            key = next(key for key in value if not isinstance(key, str))
            raise LogError(
                f"the keys of a log's objects must be strings, found a key of type "
                f"{type(key).__name__}"
            )
        children: Iterable[Any] = value.values() if is_object else value
        if _SCALARS.issuperset(map(type, children)):  # the usual list of texts, at C speed
            continue
        for child in children:
            kind = type(child)
            if kind in _SCALARS:
                continue
            if kind is int:
                if child.bit_length() > int_bits and limits.int_too_long(child):
                    raise _int_too_long(limits)
            elif kind is list or kind is dict or isinstance(child, (Mapping, list, tuple)):
                stack.append((child, depth + 1))
            else:
                _check_scalar(child, limits)


def _check_scalar(value: Any, limits: Limits) -> None:
    """Refuse a value that is not a JSON scalar (an int of more than ``limits.max_int_digits``
    digits, NaN or an infinity, anything but a string, number, bool or ``None``); subclasses of
    ``str``, ``int`` and ``float`` count as their base type."""
    if isinstance(value, str):
        return
    if isinstance(value, int):
        if limits.int_too_long(int(value)):
            raise _int_too_long(limits)
    elif isinstance(value, float):
        if value - value != 0.0:  # NaN or an infinity
            raise LogError(f"a log may hold only finite numbers, not {float(value)!r}")
    else:
        raise LogError(
            "a log may hold only JSON values (objects, lists, strings, numbers, true, false, "
            f"null), found a value of type {type(value).__name__}"
        )


def _too_deep(limits: Limits) -> LogError:
    return LogError(
        f"a log may not nest lists and objects deeper than {limits.max_depth} (limit max_depth)"
    )


def _int_too_long(limits: Limits) -> LogError:
    return LogError(
        f"a log may not hold an integer of more than {limits.max_int_digits} digits "
        "(limit max_int_digits)"
    )


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise LogError(f"not valid log JSON: the key {key!r} appears twice in one object")
        seen.add(key)
    raise AssertionError("unreachable: a shorter dict has a repeated key")  # pragma: no cover


def _reject_constant(name: str) -> Any:
    raise LogError(f"not valid JSON: {name} is not a JSON number")


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object_without_duplicates, parse_constant=_reject_constant
)
"""The one decoder of log JSON (what `json.loads` would build anew for each log)."""


def _json_kind(value: Any) -> str:
    """How a JSON value is described in messages: ``a string ("x")``, ``true``, ``a list``…"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"a number ({describe(value)})"
    if isinstance(value, str):
        if len(value) > 80:
            value = value[:80] + "…"
        return f"a string ({json.dumps(value, ensure_ascii=False)})"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _is_int(value: Any) -> bool:
    return type(value) is int


def _check_format_field(data: Mapping[str, Any]) -> None:
    if "format" not in data:
        raise LogError(f"the log has no 'format' field (expected {FORMAT!r})")
    if data["format"] != FORMAT or not isinstance(data["format"], str):
        found = data["format"]
        shown = json.dumps(found[:80]) if isinstance(found, str) else _json_kind(found)
        raise LogError(f"unsupported log format {shown}; this version reads {FORMAT!r}")


def _read_game(data: Mapping[str, Any]) -> str:
    if "game" not in data:
        raise LogError("the log has no 'game' field")
    game = data["game"]
    if not isinstance(game, str) or not game:
        raise LogError(f"the field 'game' must be a game name, not {_json_kind(game)}")
    return game


def _read_moves(data: Mapping[str, Any], limits: Limits) -> tuple[str, ...]:
    if "moves" not in data:
        raise LogError("the log has no 'moves' field")
    moves = data["moves"]
    if not isinstance(moves, (list, tuple)):
        raise LogError(f"the field 'moves' must be a list of move texts, not {_json_kind(moves)}")
    if len(moves) > limits.max_moves:
        raise LogError(
            f"a log may not hold more than {limits.max_moves} moves (limit max_moves), "
            f"this one has {len(moves)}"
        )
    if _TEXT_ONLY.issuperset(map(type, moves)):  # the usual case, checked at C speed
        return tuple(moves)
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            raise LogError(
                f"the field 'moves' must hold move texts, but move {index} is {_json_kind(move)}"
            )
    return tuple(moves)


def _read_options(data: Mapping[str, Any], keep: Callable[[Any], Any]) -> dict[str, Any]:
    options = data.get("options", {})
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise LogError(f"the field 'options' must be an object, not {_json_kind(options)}")
    return {key: keep(value) for key, value in options.items()}


def _read_dealer(data: Mapping[str, Any]) -> int:
    dealer = data.get("dealer", 0)
    if not _is_int(dealer):
        raise LogError(f"the field 'dealer' must be a seat number, not {_json_kind(dealer)}")
    return int(dealer)


def _read_players(data: Mapping[str, Any]) -> tuple[str, ...] | None:
    players = data.get("players")
    if players is None:
        return None
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise LogError("the field 'players' must be a list of names (strings) or null")
    return tuple(players)


def _read_version(data: Mapping[str, Any]) -> str | None:
    version = data.get("parlour")
    if version is not None and not isinstance(version, str):
        raise LogError(f"the field 'parlour' must be a version string, not {_json_kind(version)}")
    return version


def _read_result(data: Mapping[str, Any], keep: Callable[[Any], Any]) -> dict[str, Any] | None:
    result = data.get("result")
    if result is None:
        return None
    if not isinstance(result, Mapping):
        raise LogError(f"the field 'result' must be an object or null, not {_json_kind(result)}")
    for key in ("score", "winners"):
        if key in result:
            _check_int_list(f"result.{key}", result[key])
    if "termination" in result:
        _check_termination(result)
    return {key: keep(value) for key, value in result.items()}


def _check_int_list(name: str, value: Any) -> None:
    if not isinstance(value, (list, tuple)) or not all(_is_int(item) for item in value):
        raise LogError(f"the field {name!r} must be a list of integers, not {_json_kind(value)}")


def _check_termination(result: Mapping[str, Any]) -> None:
    termination = result["termination"]
    if termination not in TERMINATIONS or not isinstance(termination, str):
        raise LogError(
            f"the field 'result.termination' must be one of {', '.join(TERMINATIONS)}, "
            f"not {_json_kind(termination)}"
        )
    if not _is_int(result.get("seat")):
        raise LogError(
            "the field 'result.seat' (the seat concerned by the termination) must be a seat "
            f"number, not {_json_kind(result.get('seat'))}"
        )


def _as_log(log: LogSource, limits: Limits) -> GameLog:
    """``log`` read and checked; a `GameLog` built by hand is checked field by field as if read
    from JSON, so wrong field types are a `LogError`, not a crash later."""
    if isinstance(log, GameLog):
        return read_log(fields_of(log), limits=limits)
    return read_log(log, limits=limits)


def fields_of(log: GameLog) -> dict[str, Any]:
    """A `GameLog`'s fields as a log object (not copied: `read_log` copies what it keeps)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": log.game,
        "options": log.options,
        "dealer": log.dealer,
        "players": log.players,
        "moves": log.moves,
        "result": log.result,
        "parlour": log.parlour,
    }
    if not isinstance(log.extra, Mapping):
        raise LogError(f"GameLog.extra must be a mapping, not {type(log.extra).__name__}")
    data.update((key, value) for key, value in log.extra.items() if key not in KNOWN_KEYS)
    return data


# --- writing -------------------------------------------------------------------------------------




# --- replay --------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Progress:
    """How far a replay got: the last good state, the moves applied, and the error that stopped
    it (``None`` when every move applied)."""

    state: Any
    applied: int
    error: NotationError | IllegalMoveError | None


def start_state(log: GameLog) -> tuple[Game, Any]:
    """The game and the state before the first move of ``log``.

    Raises `LogError` for an unknown game and `OptionsError` for bad options or a bad dealer.
    """
    try:
        game = get_game(log.game)
    except OptionsError as error:
        raise LogError(error.message) from None
    return game, new_game(log.game, options=log.options, dealer=log.dealer)


_NO_APPLIERS: Mapping[type[Any], Callable[[Any, Any], Any]] = MappingProxyType({})
"""The appliers of a game that has none (every move goes through its ``apply``)."""


def _replay_moves(
    game: Game, state: Any, moves: Iterable[str], limits: Limits = DEFAULT_LIMITS
) -> _Progress:
    """Apply each move text in turn, stopping at the first one that fails.

    The failing move's error gets its ``move_index`` set. Only the current state is kept. A text
    beyond ``limits.max_move_chars`` is a `NotationError` before it is parsed. Each move goes
    through the checked path, as `parlour.engine.apply` takes it: the game's applier of the
    move's type in its ``move_appliers`` when it has one (filled by ``game.apply`` as types are
    met), else ``game.apply``.
    """
    applied = 0
    max_chars = limits.max_move_chars if limits.max_move_chars < MAX_MOVE_CHARS else None
    parse_move = game.parse_move
    game_apply = game.apply
    appliers: Mapping[type[Any], Callable[[Any, Any], Any]] | None = getattr(
        game, "move_appliers", None
    )  # the game's own mapping, filled as it meets move types: read afresh for each move
    applier_of = _NO_APPLIERS.get if appliers is None else appliers.get
    try:
        for text in moves:
            if max_chars is not None and len(text) > max_chars:
                raise NotationError(
                    f"a move text may not be longer than {max_chars} characters "
                    f"(limit max_move_chars), not {len(text)}: {shown(text)}"
                )
            move = parse_move(state, text)
            applier = applier_of(type(move))
            state = game_apply(state, move, None) if applier is None else applier(state, move)
            applied += 1
    except (NotationError, IllegalMoveError) as error:
        error.move_index = applied
        return _Progress(state, applied, error)
    return _Progress(state, applied, None)


def replay(log: LogSource, *, limits: Limits | None = None) -> Any:
    """The state after every move of ``log`` (a `GameLog`, a parsed JSON object or JSON text).

    Raises the error of the first bad move with its ``move_index`` set (`NotationError` or
    `IllegalMoveError`), `LogError` for a malformed log, an unknown game or a log beyond
    ``limits``, `OptionsError` for bad options or dealer. The claimed ``result`` is not checked
    here (see `validate`).

    Raises: `IllegalMoveError` (with ``rule`` and ``move_index``) for an illegal move,
    `NotationError` for a move that does not parse, `LogError`, `OptionsError`; `LimitsError`
    for ``limits`` that are not a `Limits`. The ``rule`` of an illegal move is one of the shared
    violation ids:
    ``turn.not_your_turn``, ``turn.match_over``, ``turn.deal_due``, ``turn.no_deal_due``,
    ``deal.not_the_deck``, ``deal.bad_layout``, ``card.not_held``, ``phase.wrong_move``, and
    the game's own ``<game>.<duty>`` ids, listed in each game's rules page.

    >>> import parlour
    >>> text = parlour.write_log(parlour.Match("ecarte", seed=1))
    >>> parlour.current_player(parlour.replay(text))
    1
    >>> parlour.replay('{"format": "parlour-log/1", "game": "ecarte", "moves": ["play 10H"]}')
    Traceback (most recent call last):
      ...
    parlour.IllegalMoveError: a deal is due before play 10H can be played [turn.deal_due]
    """
    limits = limits_or_default(limits)
    game_log = _as_log(log, limits)
    game, state = start_state(game_log)
    progress = _replay_moves(game, state, game_log.moves, limits)
    if progress.error is not None:
        raise progress.error
    return progress.state


# --- validation ----------------------------------------------------------------------------------


def validate(log: LogSource, *, limits: Limits | None = None) -> Report:
    """Replay ``log`` and report the first problem; never raises for a bad log.

    Header problems are ``format`` (malformed log, unknown game, a log beyond ``limits``,
    default `DEFAULT_LIMITS`) and ``options`` (bad options or dealer), with no ``move_index``
    and a ``None`` score; a move that does not parse is ``notation``, one the rules forbid is
    ``illegal`` (with its ``rule``); a claimed result that the replay contradicts is ``result``.
    The score is the one reached by the replay. ``limits`` that are not a `Limits` raise
    `LimitsError` (a bad call, not a bad log).

    Raises: `LimitsError` for ``limits`` that are not a `Limits`; never for the log itself. The
    ``rule`` of an ``illegal`` problem is one of the shared violation ids:
    ``turn.not_your_turn``, ``turn.match_over``, ``turn.deal_due``, ``turn.no_deal_due``,
    ``deal.not_the_deck``, ``deal.bad_layout``, ``card.not_held``, ``phase.wrong_move``, and
    the game's own ``<game>.<duty>`` ids, listed in each game's rules page.

    >>> import parlour
    >>> parlour.validate(parlour.write_log(parlour.Match("ecarte", seed=1))).ok
    True
    >>> report = parlour.validate(
    ...     '{"format": "parlour-log/1", "game": "ecarte", "moves": ["play 10H"]}'
    ... )
    >>> report.ok, report.moves_applied, report.error.kind, report.error.rule
    (False, 0, 'illegal', 'turn.deal_due')
    """
    return validation_report(log, limits_or_default(limits), None)


def validation_report(log: LogSource, limits: Limits, source: str | None) -> Report:
    """What `validate` does, the report's ``source`` set to ``source`` (the validation of a
    corpus names each log's source in its report, built once)."""
    try:
        game_log = _as_log(log, limits)
        game, state = start_state(game_log)
    except LogError as error:
        return _header_report("format", error, source)
    except OptionsError as error:
        return _header_report("options", error, source)
    progress = _replay_moves(game, state, game_log.moves, limits)
    score = tuple(game.score(progress.state))
    applied = progress.applied
    if progress.error is not None:
        problem = _move_problem(progress.error, game_log.moves)
        return Report(ok=False, moves_applied=applied, error=problem, score=score, source=source)
    message = _result_mismatch(game, progress.state, score, game_log.result)
    if message is not None:
        problem = Problem(kind="result", message=message)
        return Report(ok=False, moves_applied=applied, error=problem, score=score, source=source)
    return Report(ok=True, moves_applied=applied, error=None, score=score, source=source)


def _header_report(kind: str, error: ParlourError, source: str | None) -> Report:
    problem = Problem(kind=kind, message=error.message)
    return Report(ok=False, moves_applied=0, error=problem, score=None, source=source)


def _move_problem(error: NotationError | IllegalMoveError, moves: tuple[str, ...]) -> Problem:
    index = error.move_index
    assert index is not None
    if isinstance(error, IllegalMoveError):
        return Problem(
            kind="illegal",
            message=error.message,
            move_index=index,
            move=moves[index],
            rule=error.rule,
        )
    return Problem(kind="notation", message=error.message, move_index=index, move=moves[index])


def _result_mismatch(
    game: Game, state: Any, score: tuple[int, ...], result: dict[str, Any] | None
) -> str | None:
    """Why the claimed ``result`` disagrees with the replayed ``state`` (whose score is
    ``score``), or ``None``.

    Checked in order: the score, the winners (against the rules unless a termination is
    claimed), the termination (only while the match is not over, with a real seat).
    """
    if result is None:
        return None
    replayed_score = list(score)
    if "score" in result and list(result["score"]) != replayed_score:
        return (
            f"the log claims the score {_listed(result['score'])} "
            f"but the replay gives {_listed(replayed_score)}"
        )
    over = game.current_player(state) is None
    if "termination" in result:
        return _termination_mismatch(game.player_count(game.options(state)), over, result)
    if "winners" in result:
        return _winners_mismatch(game, state, over, list(result["winners"]))
    return None


def _winners_mismatch(game: Game, state: Any, over: bool, claimed: list[int]) -> str | None:
    if not over:
        return f"the log claims the winners {_listed(claimed)} but the match is not over"
    actual = list(game.winners(state))
    if sorted(claimed) != sorted(actual):
        return (
            f"the log claims the winners {_listed(claimed)} but the replay gives {_listed(actual)}"
        )
    return None


def _termination_mismatch(players: int, over: bool, result: Mapping[str, Any]) -> str | None:
    """Why a claimed termination cannot stand, for a match of ``players`` seats, or None."""
    seats = range(players)
    if result["seat"] not in seats:
        seat = describe(result["seat"])
        return f"the termination seat {seat} is not a seat (0 to {players - 1})"
    if over:
        return (
            f"the log claims the termination {result['termination']!r} "
            "but the match is already over by the rules"
        )
    claimed = list(result.get("winners", []))
    if any(seat not in seats for seat in claimed):
        return f"the claimed winners {_listed(claimed)} are not all seats"
    return None


def _listed(values: Iterable[int]) -> str:
    return "[" + ", ".join(describe(value) for value in values) + "]"


# --- files ---------------------------------------------------------------------------------------


def read_logs(
    path: str | os.PathLike[str],
    *,
    on_unreadable: UnreadableHandler | None = None,
    limits: Limits | None = None,
) -> Iterator[tuple[str, GameLog | LogError]]:
    """Stream ``(source, log or LogError)`` for every log in a file or directory.

    A ``.jsonl`` file (or standard input, named ``-``) is read line by line, never whole (blank
    lines skipped), each log named ``"file.jsonl:17"`` by its 1-based line (``"<stdin>:17"``);
    any other file named on its own is one JSON log named by its path; ``.gz`` files are
    decompressed as they are read; a directory is walked recursively in sorted order, taking
    the regular files whose names end in ``.json``, ``.jsonl``, ``.json.gz`` or ``.jsonl.gz``.
    A log that cannot be read, or is beyond ``limits``, is yielded as its `LogError`.
    A file or directory that cannot be read raises its `OSError`, unless ``on_unreadable`` is
    given: it is then called with the path and the error, and reading goes on.

    Raises: `OSError` for a file or directory that cannot be read (without ``on_unreadable``);
    `LimitsError` for ``limits`` that are not a `Limits`. A log that cannot be read is yielded
    as its `LogError`, not raised.

    >>> import os, parlour, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "logs.jsonl")
    >>> with open(path, "w") as file:
    ...     _ = file.write('{"format": "parlour-log/1", "game": "ecarte", "moves": []}\\n[1]\\n')
    >>> for source, log in parlour.read_logs(path):
    ...     print(os.path.basename(source), type(log).__name__)
    logs.jsonl:1 GameLog
    logs.jsonl:2 LogError
    >>> import shutil; shutil.rmtree(folder)
    """
    limits = limits_or_default(limits)
    for source, text in raw_logs_of_paths([path_name(path)], limits, on_unreadable):
        yield source, _read_or_error(text, limits)


def path_name(path: str | os.PathLike[str]) -> str:
    """``path`` as a ``str`` (a ``bytes`` or path-like one decoded as `os.fsdecode` does); a
    plain `TypeError` naming the mistake for anything else. A NUL byte is left in: opening the
    path reports it as unreadable."""
    if isinstance(path, (str, bytes, os.PathLike)):
        try:
            return os.fsdecode(path)
        except TypeError:  # a path-like whose __fspath__ gives neither str nor bytes
            pass
    raise TypeError(f"a path must be a str or path-like, not {type(path).__name__}")


def _read_or_error(text: bytes | LogError, limits: Limits) -> GameLog | LogError:
    if isinstance(text, LogError):
        return text
    try:
        return read_log(text, limits=limits)
    except LogError as error:
        return error


