"""Validate the game logs named on the command line and print a summary.

    python examples/validate_logs.py game1.json many.jsonl logs/

Each argument is a ``.json`` log, a ``.jsonl`` file of logs (one per line), or a folder searched
for both. The program prints one line per invalid log and a total, and exits 0 when every log is
valid, 1 when any is invalid, 2 when a path cannot be read.
"""

from __future__ import annotations

import sys
from collections import Counter

from parlour import Report, validate_files


def describe(report: Report) -> str:
    """One line saying where the log went wrong and why."""
    problem = report.error
    if problem is None:
        return f"{report.source}: valid"
    where = "" if problem.move_index is None else f" at move {problem.move_index}"
    rule = "" if problem.rule is None else f" ({problem.rule})"
    return f"{report.source}: {problem.kind}{where}{rule}: {problem.message}"


def main(paths: list[str]) -> int:
    """Validate every log under ``paths``; the exit status (0 valid, 1 invalid, 2 unreadable)."""
    unreadable: list[str] = []
    kinds: Counter[str] = Counter()
    total = 0

    def note_unreadable(path: str, error: OSError) -> None:
        unreadable.append(path)
        print(f"cannot read {path}: {error}", file=sys.stderr)

    for report in validate_files(paths, on_unreadable=note_unreadable):
        total += 1
        if report.error is not None:
            kinds[report.error.kind] += 1
            print(describe(report))
    invalid = sum(kinds.values())
    by_kind = ", ".join(f"{kind}: {count}" for kind, count in sorted(kinds.items()))
    print(
        f"{total} log{'' if total == 1 else 's'}, {total - invalid} valid, {invalid} invalid"
        + (f" ({by_kind})" if by_kind else "")
    )
    if unreadable:
        return 2
    return 1 if invalid else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
