"""Atheris harness: `parlour.validate` and `parlour.read_log` on arbitrary bytes.

    python fuzz/fuzz_validate.py -max_total_time=600 tests/golden/violations/belote

`validate` must return a `Report` for any input, as bytes and as text; `read_log` must return a
`GameLog` or raise a `LogError` with a message. See fuzz/README.md.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import HarnessError, checked

import parlour
from parlour import GameLog, LogError, Report


def _validated(source: bytes | str) -> Report:
    report = checked(lambda: parlour.validate(source), "validate")
    if not isinstance(report, Report):
        raise HarnessError(f"validate raised {report!r}")
    json.dumps(report.to_dict())
    return report


def one_input(data: bytes) -> None:
    """Check one input (the function atheris calls)."""
    as_bytes = _validated(data)
    text = data.decode("utf-8", "surrogateescape")
    _validated(text)
    log = checked(lambda: parlour.read_log(data), "read_log")
    if not isinstance(log, (GameLog, LogError)):
        raise HarnessError(f"read_log gave {log!r}")
    if isinstance(log, LogError) and (as_bytes.error is None or as_bytes.error.kind != "format"):
        raise HarnessError(f"read_log refused the log but validate says {as_bytes.error}")


def main() -> None:
    """Run atheris on `one_input` (libFuzzer flags and corpus folders come from the command
    line)."""
    atheris: Any = importlib.import_module("atheris")

    atheris.instrument_all()
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
