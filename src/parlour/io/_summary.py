"""The summary of a validation run: logs valid and invalid, invalid by kind and by rule id.

A `Summary` is filled report by report (`add`), or merged from summaries of parts of a corpus
(`merged`, as the Dask integration does); either way the counts are the same. ``to_dict`` is the
JSON shape that ``parlour validate --json --summary`` prints as its last line, under the key
``"summary"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from parlour.engine import Report

__all__ = ["Summary", "summarize"]


@attrs.define(slots=True, kw_only=True)
class Summary:
    """Counts over the reports of a run; ``by_kind`` and ``by_rule`` count invalid logs only
    (``by_rule`` those with an ``illegal`` problem), ``unreadable`` lists the paths that could
    not be read, in the order met."""

    valid: int = 0
    invalid: int = 0
    by_kind: dict[str, int] = attrs.field(factory=dict)
    by_rule: dict[str, int] = attrs.field(factory=dict)
    unreadable: list[str] = attrs.field(factory=list)

    @property
    def logs(self) -> int:
        """The number of logs reported, valid or not."""
        return self.valid + self.invalid

    def add(self, report: Report) -> None:
        """Count one report."""
        problem = report.error
        if problem is None:
            self.valid += 1
            return
        self.invalid += 1
        self.by_kind[problem.kind] = self.by_kind.get(problem.kind, 0) + 1
        if problem.rule is not None:
            self.by_rule[problem.rule] = self.by_rule.get(problem.rule, 0) + 1

    def add_unreadable(self, path: str) -> None:
        """Note a path that could not be read."""
        self.unreadable.append(path)

    def merged(self, other: Summary) -> Summary:
        """A new summary counting both; ``other``'s unreadable paths come after these."""
        return Summary(
            valid=self.valid + other.valid,
            invalid=self.invalid + other.invalid,
            by_kind=_summed(self.by_kind, other.by_kind),
            by_rule=_summed(self.by_rule, other.by_rule),
            unreadable=[*self.unreadable, *other.unreadable],
        )

    def to_dict(self) -> dict[str, Any]:
        """``{"logs", "valid", "invalid", "by_kind", "by_rule", "unreadable"}``, the counts by
        kind and by rule with their keys sorted."""
        return {
            "logs": self.logs,
            "valid": self.valid,
            "invalid": self.invalid,
            "by_kind": dict(sorted(self.by_kind.items())),
            "by_rule": dict(sorted(self.by_rule.items())),
            "unreadable": list(self.unreadable),
        }

    def text_lines(self) -> list[str]:
        """The summary for a person: the invalid logs by kind and by rule (when there are any),
        then the total line ``N logs: V valid, I invalid[, U unreadable paths]``."""
        lines = []
        if self.by_kind:
            lines.append(f"invalid by kind: {_counts(self.by_kind)}")
        if self.by_rule:
            lines.append(f"invalid by rule: {_counts(self.by_rule)}")
        total = f"{_plural(self.logs, 'log')}: {self.valid} valid, {self.invalid} invalid"
        if self.unreadable:
            total += f", {_plural(len(self.unreadable), 'unreadable path')}"
        lines.append(total)
        return lines


def summarize(reports: Iterable[Report]) -> Summary:
    """The summary of ``reports``."""
    summary = Summary()
    for report in reports:
        summary.add(report)
    return summary


def _summed(first: dict[str, int], second: dict[str, int]) -> dict[str, int]:
    total = dict(first)
    for key, count in second.items():
        total[key] = total.get(key, 0) + count
    return total


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{key} {count}" for key, count in sorted(counts.items()))


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
