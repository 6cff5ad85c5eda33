"""Shared by the web table's tests: a server process on a free port, the card codes of a
frame, and the states of a finished table."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import parlour

CARD = re.compile(r"^(10|[2-9JQKA])[SHDC]$|^JK$")
ROOT = Path(__file__).resolve().parents[2]


def card_codes(value: Any) -> list[str]:
    """Every card code anywhere in a JSON value, the words of a text included (``play JH``)."""
    found: list[str] = []
    if isinstance(value, str):
        found.extend(word for word in value.split(" ") if CARD.match(word))
    elif isinstance(value, list):
        for item in value:
            found.extend(card_codes(item))
    elif isinstance(value, dict):
        for key, item in value.items():
            found.extend(card_codes(key))
            found.extend(card_codes(item))
    return found


def states_of(log: parlour.GameLog) -> list[Any]:
    """The state before the first move and after each move of ``log``."""
    state = parlour.new_game(log.game, options=log.options, dealer=log.dealer)
    states = [state]
    for move in log.moves:
        state = parlour.apply(state, move)
        states.append(state)
    return states


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(db: Path, port: int | None = None) -> Iterator[str]:
    """``parlour serve`` in a subprocess on a free port with its tables in ``db``; its base URL.
    Stopped (and waited for) on leaving, whatever happens."""
    port = free_port() if port is None else port
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "serve", "--port", str(port), "--db", str(db)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(base + "/", timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
