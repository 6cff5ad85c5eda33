"""The web table under load: N tables of bot clients over loopback (one websocket per seat,
each playing a random legal move as soon as its frame says it is to act) against one
``parlour serve`` process; reports moves per second and the p50 / p99 time from a click (a
move sent) to the next view (the frame after that move). Run:

    python benchmarks/bench_web.py [--deals N] [--tables 1,4,8] [--pace SECONDS] [--game belote]

``--deals`` is the number of one-deal matches played at each table count, ``--tables`` how
many are played at once (a comma-separated list gives one row per count), ``--pace`` how long
a client thinks before each move (0: as fast as the server answers). The clients run in
this process, the server in another: on a small machine they share its cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
SERVER = (
    "import sys; from parlour.web import serve; "
    "serve(port=int(sys.argv[1]), db=sys.argv[2], messages_per_second=1_000_000)"
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(base: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/tables", data=json.dumps(body).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


async def _seat(
    url: str, seat: int, rng: random.Random, latencies: list[float], pace: float
) -> int:
    """Play one seat to the end of the match, thinking ``pace`` seconds before each move; the
    moves it made."""
    moves = 0
    sent_at: float | None = None
    sent_number = -1
    async with connect(url, max_size=2**22) as socket:
        while True:
            frame = json.loads(await socket.recv())
            if frame["type"] != "view":
                raise RuntimeError(f"seat {seat} was refused: {frame}")
            if sent_at is not None and frame["number"] > sent_number:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if frame["over"]:
                return moves
            legal = frame["view"]["legal_moves"]
            if frame["to_act"] == seat and legal and sent_at is None:
                if pace:
                    await asyncio.sleep(pace * (0.5 + rng.random()))
                sent_number = frame["number"]
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "move", "move": rng.choice(legal)}))
                moves += 1


async def _table(
    base: str, game: str, rng: random.Random, latencies: list[float], pace: float
) -> int:
    players = {"belote": 4, "coinche": 4, "burraco": 4, "bezique": 2, "ecarte": 2}[game]
    setup = {"game": game, "seats": ["human"] * players, "options": {"target": None}}
    made = await asyncio.to_thread(_post, base, setup)
    ws = base.replace("http", "ws")
    counts = await asyncio.gather(
        *(
            _seat(ws + "/ws" + entry["link"], entry["seat"], random.Random(rng.getrandbits(64)),
                  latencies, pace)
            for entry in made["seats"]
        )
    )  # fmt: skip
    return sum(counts)


async def _round(
    base: str, game: str, deals: int, tables: int, seed: int, pace: float
) -> dict[str, float]:
    rng = random.Random(seed)
    latencies: list[float] = []
    queue = list(range(deals))
    moves = 0

    async def worker(index: int) -> None:
        nonlocal moves
        # paced tables open over the first few seconds, as a room fills, not all at one instant
        await asyncio.sleep(index * pace * 4 / tables)
        while queue:
            queue.pop()
            made = await _table(base, game, random.Random(rng.getrandbits(64)), latencies, pace)
            moves += made  # (after the await: ``moves += await ...`` would lose updates)

    start = time.perf_counter()
    await asyncio.gather(*(worker(index) for index in range(min(tables, deals))))
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "tables": tables,
        "moves_per_second": moves / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "moves": moves,
        "seconds": elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="one-deal matches per row")
    parser.add_argument("--tables", default="8", help="tables at once, comma-separated")
    parser.add_argument("--game", default="belote", help="the game (default belote)")
    parser.add_argument("--seed", type=int, default=1, help="the clients' seed")
    parser.add_argument(
        "--pace", type=float, default=0.0,
        help="each client thinks about PACE seconds (0.5 to 1.5 times) before a move; "
        "default 0, as fast as the server answers",
    )  # fmt: skip
    arguments = parser.parse_args()
    counts = [int(text) for text in arguments.tables.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        port = _free_port()
        process = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(port), str(Path(scratch) / "bench.sqlite3")],
            cwd=ROOT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(base + "/", timeout=1):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.05)
            print(
                f"{arguments.game}: {arguments.deals} one-deal matches per row, one server, "
                f"clients thinking {arguments.pace} s a move"
            )
            print("tables  moves/s  click-to-view p50  p99")
            for count in counts:
                game, deals, seed, pace = (
                    arguments.game, arguments.deals, arguments.seed, arguments.pace
                )
                row = asyncio.run(_round(base, game, deals, count, seed, pace))
                print(
                    f"{count:>6}  {row['moves_per_second']:>7.0f}  "
                    f"{row['p50_ms']:>14.1f} ms  {row['p99_ms']:.1f} ms"
                )
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
