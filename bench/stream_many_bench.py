"""Many games on one stream against one stream per game: delivery latency and CPU.

``python -m bench.stream_many_bench`` (or ``make bench``) starts the ``stream`` process
(gunicorn, one gevent worker, its own PostgreSQL database and a claimed Redis index, as
``bench.stream_bench`` does), creates ``--games`` games of three humans, and
follows all of them twice, one after the other:

* ``one_stream``: one client, one ``POST /api/v1/stream`` naming every game (ndjson);
* ``stream_each``: one ``GET /api/v1/games/{id}/stream`` per game (``--games`` sockets).

In each run a mover process commits ``--rate`` moves per second through the
``GameService`` round-robin over the games (publishing each notice after its commit, as a
request or a worker does) for ``--seconds``; the client notes each entry's arrival.
Latency = arrival - the moment the service returned; CPU = the stream worker's user +
system seconds during the run, per delivered entry. Writes
``bench/results/stream_many.json``. Everything shares the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.percentiles import nearest
from bench.stream_bench import _cpu_s, _rss_kib, _worker_pid, move_and_stop
from harness.streams import Api, postgres_database, redis_database, stream_server

RESULTS = Path(__file__).resolve().parent / "results" / "stream_many.json"

Arrivals = list[tuple[str, int, float]]


async def _read(
    host: str, port: int, path: str, arrivals: Arrivals, opened: list[int], game: str | None,
    body: bytes | None = None,
) -> None:  # fmt: skip
    """One ndjson stream over HTTP/1.0 (no chunking): note each entry as (game, seq, when).
    ``game``: the stream's one game (a game stream's ids are bare seqs), else None.
    ``body``: POST it as JSON (a set of games too long for a URL)."""
    reader, writer = await asyncio.open_connection(host, port)
    head = f"Host: {host}\r\nAccept: application/x-ndjson\r\n"
    if body is None:
        writer.write(f"GET {path} HTTP/1.0\r\n{head}\r\n".encode())
    else:
        writer.write(
            f"POST {path} HTTP/1.0\r\n{head}Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass  # headers
    try:
        while line := await reader.readline():
            if line.startswith(b'{"type":"entry"'):
                now = time.monotonic()
                ident = line.rsplit(b'"id":', 1)[1].rstrip(b"}\r\n").strip(b'"').decode()
                if game is None:
                    game_id, _, seq = ident.rpartition(":")
                    arrivals.append((game_id, int(seq), now))
                else:
                    arrivals.append((game, int(ident), now))
            elif line.startswith((b'{"type":"state"', b'{"type":"following"')):
                opened.append(1)
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def _run(
    mode: str, base: str, env: dict[str, str], games: list[tuple[str, dict[int, str]]],
    rate: float, seconds: float, worker_pid: int,
) -> dict[str, Any]:  # fmt: skip
    host, port = base.removeprefix("http://").split(":")
    arrivals: Arrivals = []
    opened: list[int] = []
    rss_before, cpu_open = _rss_kib(worker_pid), _cpu_s(worker_pid)
    started = time.monotonic()
    tasks = []
    if mode == "one_stream":
        body = json.dumps({"games": [game_id for game_id, _tokens in games]}).encode()
        tasks.append(
            asyncio.create_task(
                _read(host, int(port), "/api/v1/stream", arrivals, opened, None, body)
            )
        )
        want = 1 + len(games)  # `following`, then each game's state
    else:
        for game_id, _tokens in games:
            path = f"/api/v1/games/{game_id}/stream"
            tasks.append(
                asyncio.create_task(_read(host, int(port), path, arrivals, opened, game_id))
            )
            if len(tasks) % 50 == 0:
                await asyncio.sleep(0.05)
        want = len(games)
    deadline = time.monotonic() + 180
    while len(opened) < want and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    open_s = time.monotonic() - started
    open_cpu = _cpu_s(worker_pid) - cpu_open
    await asyncio.sleep(1.0)
    rss_open = _rss_kib(worker_pid)
    commits, cpu, wall = await move_and_stop(env, games, rate, seconds, worker_pid, tasks)
    committed = {(g, s): t for g, s, t in commits}
    latencies = [(t - committed[(g, s)]) * 1000 for g, s, t in arrivals if (g, s) in committed]
    delivered = [(g, s) for g, s, _t in arrivals if (g, s) in committed]
    return {
        "mode": mode,
        "games": len(games),
        "connections": len(tasks),
        "opened_in_s": round(open_s, 2),
        "worker_cpu_s_to_open": round(open_cpu, 2),
        "moves": len(commits),
        "moves_per_second": round(len(commits) / seconds, 1),
        "deliveries": len(latencies),
        # Not arrived within 2 s of the last commit (late, or lost), and arrived twice.
        "missing": len(commits) - len(set(delivered)),
        "repeated": len(delivered) - len(set(delivered)),
        "worker_cpu_share": round(cpu / wall, 2),
        "worker_cpu_ms_per_delivery": round(cpu * 1000 / max(1, len(latencies)), 2),
        "latency_ms": {
            "p50": nearest(latencies, 0.5),
            "p95": nearest(latencies, 0.95),
            "max": round(max(latencies), 1) if latencies else None,
            "mean": round(statistics.fmean(latencies), 1) if latencies else None,
        },
        "worker_rss_growth_mib": round((rss_open - rss_before) / 1024, 1),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=50.0, help="moves per second")
    parser.add_argument("--seconds", type=float, default=10.0, help="per run")
    args = parser.parse_args(argv if argv is not None else [])
    logdir = Path(tempfile.mkdtemp(prefix="ursuppe-stream-many-bench-"))
    runs = []
    with postgres_database() as pg_url, redis_database() as redis_url:
        env = {
            "DATABASE_URL": pg_url,
            "REDIS_URL": redis_url,
            "URSUPPE_SCHEDULER": "none",
            "URSUPPE_AUTO_MIGRATE": "0",
            "URSUPPE_STREAM_MAX_PER_CLIENT": str(args.games + 10),
            "URSUPPE_STREAM_MAX_OPEN": str(args.games + 10),
            "URSUPPE_STREAM_MAX_GAMES": str(max(1000, args.games)),
        }
        server, base = stream_server(env, logdir, name="stream-many-bench")
        try:
            api = Api(base)
            games = []
            for _ in range(args.games):
                game_id = api.create([{"kind": "human"}] * 3, time_limit=0)
                games.append((game_id, dict(api.join(game_id, f"p{i}") for i in range(3))))
            worker_pid = _worker_pid(server.proc.pid)  # type: ignore[union-attr]
            for mode in ("one_stream", "stream_each"):
                run = asyncio.run(_run(mode, base, env, games, args.rate, args.seconds, worker_pid))
                print(json.dumps(run), flush=True)
                runs.append(run)
                time.sleep(22)  # closed clients are noticed at the second heartbeat (10 s each)
        finally:
            server.stop()
    result = {
        "benchmark": "stream_many",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": {
            "server": "gunicorn api.stream_wsgi:app, 1 gevent worker, PostgreSQL, Redis",
            "games": args.games,
            "moves_per_second": args.rate,
            "seconds_per_run": args.seconds,
            "clients": "one asyncio process, ndjson over HTTP/1.0, same machine",
        },
        "runs": runs,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
