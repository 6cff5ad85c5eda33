"""Logs for the validation tests: real single-deal matches of random legal moves, and known bad
logs from the golden files, with the verdict each must get."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from parlour import Match, write_log
from tests.strategies import play_on

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


@cache
def single_deal_log(game: str, seed: int) -> str:
    """The one-line JSON log of a single-deal match of ``game``: random deals and uniform-random
    legal moves drawn from ``random.Random(seed)``."""
    return write_log(play_on(Match(game, options={"target": None}), seed))


def golden_line(name: str) -> str:
    """A golden ``.json`` log as one line of JSON Lines."""
    return json.dumps(json.loads((GOLDEN / name).read_text(encoding="utf-8")))


ILLEGAL_BELOTE = "illegal_move.json"
"""Illegal at move 3, rule belote.must_follow (tests/golden/README and docs/log-format.md)."""

ILLEGAL_ECARTE = "ecarte_illegal_play.json"
"""Illegal at move 4, rule ecarte.must_follow."""

BROKEN_JSON = '{"format": "parlour-log/1", "game": "belote", "moves": ['
"""A line cut short: a ``format`` problem."""

NO_MOVES = '{"format": "parlour-log/1", "game": "ecarte"}'
"""A log without its ``moves`` field: a ``format`` problem."""


def with_wrong_score(line: str) -> str:
    """``line`` claiming a score one point off the real one: a ``result`` problem."""
    data = json.loads(line)
    data["result"]["score"] = [points + 1 for points in data["result"]["score"]]
    return json.dumps(data)


def mixed_lines(valid_per_game: int = 2) -> list[str]:
    """A JSON Lines corpus: ``valid_per_game`` valid logs of each of Écarté and Bezique, then
    two illegal logs (one Belote, one Écarté), two format problems and one result problem."""
    lines = [
        single_deal_log(game, seed)
        for seed in range(valid_per_game)
        for game in ("ecarte", "bezique")
    ]
    lines += [golden_line(ILLEGAL_BELOTE), golden_line(ILLEGAL_ECARTE)]
    lines += [BROKEN_JSON, NO_MOVES, with_wrong_score(single_deal_log("ecarte", 99))]
    return lines
