"""Write tests/verdicts/every_kind.jsonl: one log per kind of verdict `parlour validate` can give.

Run once by hand (``python tests/verdicts/make_every_kind.py``); the test compares the CLI's
``--json`` output on that file with ``every_kind.expected.jsonl``, which this script also writes
from the current engine. Re-run it only when a change of verdict is intended.

Both files are **regression goldens** (checked by ``tests/test_verdicts.py``): the logs come
from a seeded random match of the current engine and the expected reports are what the current
engine says about them, so they pin behaviour rather than rules. Run the script from the
repository root (the report's ``source`` paths are relative to it), review the diff of both
files by hand, and commit them on their own with a message saying why the verdicts changed.
"""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # run as a script from the repository root
    sys.path.insert(0, str(ROOT))

from tests.strategies import play_on  # noqa: E402

import parlour  # noqa: E402
from parlour.cli import main  # noqa: E402


def belote_log(moves: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "format": "parlour-log/1",
        "game": "belote",
        "options": {"target": None},
        "dealer": 0,
        "moves": moves,
        **extra,
    }


def main_logs() -> list[str]:
    match = play_on(parlour.Match("belote", options={"target": None}), 11)
    full = list(match.moves)
    final = list(parlour.score(match.state))
    winners = list(parlour.winners(match.state))
    deal = full[0]
    broken_deal = deal.replace("turnup:", "turnup:7S,", 1)
    turnup = deal.split("turnup:")[1].split()[0]
    first_card = deal.split("hands:")[1].split(",")[0]
    duplicated_deal = deal.replace(f"turnup:{turnup}", f"turnup:{first_card}")
    logs: list[Any] = [
        belote_log(full, result={"score": final, "winners": winners}),  # valid, over
        belote_log(full[:7]),  # valid, stopped mid-deal
        {**belote_log(full[:3]), "format": "parlour-log/9"},  # format
        {**belote_log(full[:3]), "game": "skat"},  # format: unknown game
        belote_log(full[:3], options={"tie_rule": "coin_toss"}),  # options
        belote_log([*full[:3], "bid 80 H"]),  # notation
        belote_log([*full[:1], "play 7S"]),  # illegal: a card during the bidding
        belote_log([*full[:1], deal]),  # illegal: a deal when none is due
        belote_log([broken_deal]),  # illegal: zone sizes
        belote_log([duplicated_deal]),  # illegal: not the deck
        belote_log(full, result={"score": [0, 0, 0, 0]}),  # result: score
        belote_log(full, result={"score": final, "winners": [w ^ 1 for w in winners]}),
        belote_log(
            full[:7],
            result={"score": [0, 0, 0, 0], "winners": [1, 3], "termination": "resign", "seat": 0},
        ),
    ]
    lines = [json.dumps(log, ensure_ascii=False) for log in logs]
    lines.insert(3, "{not json")  # format: a broken line
    return lines


if __name__ == "__main__":
    source = HERE / "every_kind.jsonl"
    source.write_text("\n".join(main_logs()) + "\n", encoding="utf-8")
    captured = io.StringIO()
    with redirect_stdout(captured):
        main(["validate", "--json", "--no-summary", str(source.relative_to(HERE.parent.parent))])
    (HERE / "every_kind.expected.jsonl").write_text(captured.getvalue(), encoding="utf-8")
