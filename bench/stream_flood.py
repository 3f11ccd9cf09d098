"""Many streams from many addresses against ``make run``: do ordinary requests
keep answering?

``python -m bench.stream_flood`` starts the runner of this checkout (its own var dir and
port, as ``make run`` does), opens ``--streams`` game streams from loopback source
addresses 127.0.0.2, 127.0.0.3, ... (``--per-address`` each, under the per-address cap),
keeps them open and reading, then times ``--requests`` plain ``GET /games/{id}`` one after
the other (each with a ``--timeout``), and writes ``bench/results/stream_flood.json``.
``--url`` measures a server already running instead (e.g. the Procfile's ``stream``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

from bench.percentiles import rank
from harness.embedded import Runner, free_port

RESULTS = Path(__file__).resolve().parent / "results" / "stream_flood.json"


async def _open_stream(host: str, port: int, path: str, source: str, held: list[Any]) -> str:
    """One stream from ``source``: ``"200"``/``"503"``/... (the status), or ``"error"``.
    An admitted stream stays open, read in the background, until the run ends."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, local_addr=(source, 0)), 30
        )
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: */*\r\n\r\n".encode())
        await writer.drain()
        status = (await asyncio.wait_for(reader.readline(), 30)).split(b" ")[1].decode()
    except (TimeoutError, OSError, IndexError):
        return "error"
    if status == "200":
        held.append((writer, asyncio.create_task(_drain(reader))))
    else:
        writer.close()
    return status


async def _drain(reader: asyncio.StreamReader) -> None:
    while await reader.read(65536):
        pass


def _plain_gets(url: str, count: int, timeout: float) -> dict[str, Any]:
    samples: list[float] = []
    timeouts = 0
    for _ in range(count):
        t0 = time.perf_counter()
        try:
            requests.get(url, timeout=timeout).raise_for_status()
            samples.append((time.perf_counter() - t0) * 1000)
        except requests.RequestException:
            timeouts += 1
    return {
        "requests": count,
        "failed_or_timed_out": timeouts,
        "p50_ms": rank(samples, 0.5),
        "p95_ms": rank(samples, 0.95),
        "max_ms": rank(samples, 1.0),
    }


async def flood(base: str, streams: int, per_address: int, games: int, args: Any) -> dict:
    api = base.rstrip("/")
    ids = []
    for _ in range(games):
        r = requests.post(f"{api}/games", json={"players": 3}, timeout=30)
        r.raise_for_status()
        ids.append(r.json()["game"]["id"])
    host_port = api.split("//", 1)[1].split("/", 1)[0]
    host, port = host_port.split(":")
    prefix = "/" + api.split("//", 1)[1].split("/", 1)[1]
    before = _plain_gets(f"{api}/games/{ids[0]}", args.requests, args.timeout)
    held: list[Any] = []
    t0 = time.monotonic()
    statuses = await asyncio.gather(
        *(
            _open_stream(
                host, int(port), f"{prefix}/games/{ids[i % games]}/stream",
                f"127.0.{2 + i // per_address // 250}.{2 + i // per_address % 250}", held,
            )
            for i in range(streams)
        )
    )  # fmt: skip
    opened_s = time.monotonic() - t0
    counts: dict[str, int] = {}
    for s in statuses:
        counts[s] = counts.get(s, 0) + 1
    during = await asyncio.to_thread(
        _plain_gets, f"{api}/games/{ids[0]}", args.requests, args.timeout
    )
    for writer, task in held:
        task.cancel()
        writer.close()
    return {
        "streams_asked": streams,
        "stream_answers": counts,
        "open_seconds": round(opened_s, 1),
        "plain_get_idle": before,
        "plain_get_with_streams_open": during,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--per-address", type=int, default=30)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--url", help="an API base (…/api/v1) already running")
    args = parser.parse_args(argv)
    if args.url:
        result = asyncio.run(flood(args.url, args.streams, args.per_address, args.games, args))
    else:
        with tempfile.TemporaryDirectory(prefix="ursuppe-flood-") as tmp:
            runner = Runner(Path(tmp), free_port(), Path(tmp) / "runner.log").start()
            try:
                base = runner.wait_up()
                result = asyncio.run(flood(base, args.streams, args.per_address, args.games, args))
            finally:
                runner.stop()
    result["machine"] = f"{platform.machine()}, {platform.python_version()}"
    print(json.dumps(result, indent=2))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
