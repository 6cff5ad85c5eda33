"""Atheris harness: card, move and deal parsing, and `check`/`apply` of text moves.

    python fuzz/fuzz_parse_move.py -max_total_time=600

The first byte picks the game, the second a state of a seeded match of it (a chance node
included, so deal texts are parsed too); the rest is the text. `parse_card`, `parse_move`,
`check` and `apply` must each return or raise a `ParlourError` with a message; a parsed move's
canonical text parses back to it; `check` and `apply` agree. See fuzz/README.md.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import HarnessError, checked, split_input, states

import parlour
from parlour import IllegalMoveError, NotationError, ParlourError
from parlour.base import parse_card

GAMES = tuple(parlour.game_names())


def one_input(data: bytes) -> None:
    """Check one input (the function atheris calls)."""
    head, text = split_input(data, 2)
    game = GAMES[head[0] % len(GAMES)]
    choices = states(game)
    state = choices[head[1] % len(choices)]
    checked(lambda: parse_card(text), "parse_card")
    move = checked(lambda: parlour.parse_move(state, text), f"{game} parse_move")
    if not isinstance(move, ParlourError):
        again = checked(lambda: parlour.parse_move(state, str(move)), f"{game} parse_move again")
        if again != move:
            raise HarnessError(f"{str(move)!r} does not parse back to the same move")
    verdict = checked(lambda: parlour.check(state, text), f"{game} check")
    after = checked(lambda: parlour.apply(state, text), f"{game} apply")
    if isinstance(verdict, ParlourError):  # the text does not parse: neither call takes it
        agree = isinstance(after, NotationError)
    elif verdict is None:  # legal: apply gives a state
        agree = not isinstance(after, ParlourError)
    else:  # illegal: apply refuses it with the same rule
        agree = isinstance(after, IllegalMoveError) and after.rule == verdict.rule
    if not agree:
        raise HarnessError(f"check gave {verdict!r} but apply gave {after!r}")


def main() -> None:
    """Run atheris on `one_input` (libFuzzer flags and corpus folders come from the command
    line)."""
    atheris: Any = importlib.import_module("atheris")

    atheris.instrument_all()
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
