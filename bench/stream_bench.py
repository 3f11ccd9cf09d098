"""Stream benchmark: from the commit of a move to its arrival at the streaming clients.

``python -m bench.stream_bench`` (or ``make bench``) starts what it needs — its own
PostgreSQL database, a claimed Redis database index, the ``stream`` process (gunicorn, one
gevent worker) — creates 250 games of three humans, opens 1, 100 and 1,000 ndjson streams
spread round-robin over them, and writes ``bench/results/stream.json``:

* ``latency_ms``: a mover process commits moves through the ``GameService`` (as an API
  request or a worker would, publishing the notice after the commit) at ``--rate`` moves
  per second on games that have streams; the clients (one asyncio process, raw sockets)
  note each entry's arrival. Latency = arrival - the moment the service returned (the
  commit and the publish). Both clocks are the machine's monotonic clock.
* ``memory_per_stream_kib``: growth of the stream worker's RSS with the streams open,
  divided by their number.

Everything runs on the same 2 cores (server, PostgreSQL, Redis, mover and clients).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.percentiles import nearest
from harness.streams import (
    Api,
    postgres_database,
    redis_database,
    stream_server,
)

RESULTS = Path(__file__).resolve().parent / "results" / "stream.json"
GAMES = 250


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _worker_pid(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return int(children[0])


def _mover(
    env: dict[str, str], games: list[tuple[str, dict[int, str]]], rate: float, seconds: float,
    out: Any,
) -> None:  # fmt: skip
    """Commit moves round-robin over ``games`` at ``rate``/s; report (game, seq, t)."""
    os.environ.update(env)
    from service import Settings, build_service

    service = build_service(Settings.from_env(scheduler="none"), migrate=False)
    commits: list[tuple[str, int, float]] = []
    interval = 1.0 / rate
    start = time.monotonic()
    i = 0
    while time.monotonic() - start < seconds:
        game_id, tokens = games[i % len(games)]
        i += 1
        view = service.games.get(game_id)
        if view.status != "active":
            continue
        token = tokens[view.pending_seat]
        result = service.moves.submit(
            game_id, token, view.pending["actions"][0], expected_seq=view.seq
        )
        commits.append((game_id, result.seq, time.monotonic()))
        next_at = start + i * interval
        time.sleep(max(0.0, next_at - time.monotonic()))
    out.put(commits)


async def move_and_stop(
    env: dict[str, str], games: list[tuple[str, dict[int, str]]], rate: float, seconds: float,
    worker_pid: int, readers: list[asyncio.Task[None]],
) -> tuple[list[tuple[str, int, float]], float, float]:  # fmt: skip
    """Commit moves from a mover process for ``seconds`` while the ``readers`` read, wait
    2 s for the last deliveries, stop the readers; the commits (game, seq, when), the
    stream worker's CPU seconds and the wall seconds of it all."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    mover = ctx.Process(target=_mover, args=(env, games, rate, seconds, out))
    mover.start()
    cpu_before, wall_before = _cpu_s(worker_pid), time.monotonic()
    commits = await asyncio.get_running_loop().run_in_executor(None, out.get)
    mover.join()
    await asyncio.sleep(2.0)  # the last deliveries
    cpu = _cpu_s(worker_pid) - cpu_before
    wall = time.monotonic() - wall_before
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return commits, cpu, wall


async def _client(
    host: str, port: int, game_id: str, arrivals: list[tuple[str, int, float]], opened: list[int]
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    # HTTP/1.0: no chunked encoding, the body is the ndjson lines as they come.
    writer.write(
        f"GET /api/v1/games/{game_id}/stream HTTP/1.0\r\nHost: {host}\r\n"
        "Accept: application/x-ndjson\r\n\r\n".encode()
    )
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass  # headers
    try:
        while line := await reader.readline():
            if line.startswith(b'{"type":"state"'):
                opened.append(1)
            elif line.startswith(b'{"type":"entry"'):
                now = time.monotonic()
                arrivals.append((game_id, int(line.rsplit(b'"id":', 1)[1].rstrip(b"}\r\n")), now))
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def _measure(
    base: str, env: dict[str, str], games: list[tuple[str, dict[int, str]]], streams: int,
    rate: float, seconds: float, worker_pid: int,
) -> dict[str, Any]:  # fmt: skip
    host, port = base.removeprefix("http://").split(":")
    watched = [games[i % len(games)][0] for i in range(streams)]
    arrivals: list[tuple[str, int, float]] = []
    opened: list[int] = []
    rss_before = _rss_kib(worker_pid)
    tasks = []
    for game_id in watched:
        tasks.append(asyncio.create_task(_client(host, int(port), game_id, arrivals, opened)))
        if len(tasks) % 50 == 0:
            await asyncio.sleep(0.05)
    deadline = time.monotonic() + 120
    while len(opened) < streams and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)
    rss_open = _rss_kib(worker_pid)
    moved = [g for g in games if g[0] in set(watched)]
    commits, cpu, wall = await move_and_stop(env, moved, rate, seconds, worker_pid, tasks)
    committed = {(g, s): t for g, s, t in commits}
    expected = sum(watched.count(g) for g, _s, _t in commits)
    latencies = [(t - committed[(g, s)]) * 1000 for g, s, t in arrivals if (g, s) in committed]
    return {
        "streams": streams,
        "games_with_streams": len(set(watched)),
        "opened": len(opened),
        "moves": len(commits),
        "moves_per_second": round(len(commits) / seconds, 1),
        "worker_cpu_share": round(cpu / wall, 2),
        "worker_cpu_ms_per_delivery": round(cpu * 1000 / max(1, len(arrivals)), 2),
        "deliveries": len(latencies),
        "expected_deliveries": expected,
        "latency_ms": {
            "p50": nearest(latencies, 0.5),
            "p95": nearest(latencies, 0.95),
            "max": round(max(latencies), 1) if latencies else None,
            "mean": round(statistics.fmean(latencies), 1) if latencies else None,
        },
        "memory_per_stream_kib": round((rss_open - rss_before) / streams, 1),
        "worker_rss_mib": round(rss_open / 1024, 1),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", default="1,100,1000")
    parser.add_argument("--rate", type=float, default=50.0, help="moves per second")
    parser.add_argument("--seconds", type=float, default=10.0, help="per stream count")
    args = parser.parse_args(argv if argv is not None else [])
    counts = [int(n) for n in args.streams.split(",")]
    logdir = Path(tempfile.mkdtemp(prefix="ursuppe-stream-bench-"))
    runs = []
    with postgres_database() as pg_url, redis_database() as redis_url:
        env = {
            "DATABASE_URL": pg_url,
            "REDIS_URL": redis_url,
            "URSUPPE_SCHEDULER": "none",
            "URSUPPE_AUTO_MIGRATE": "0",
            "URSUPPE_STREAM_MAX_PER_CLIENT": str(sum(counts) + 10),
            "URSUPPE_STREAM_MAX_OPEN": str(sum(counts) + 10),  # every stream from one process
        }
        server, base = stream_server(env, logdir, name="stream-bench")
        try:
            api = Api(base)
            games = []
            for _ in range(GAMES):
                game_id = api.create([{"kind": "human"}] * 3, time_limit=0)
                games.append((game_id, dict(api.join(game_id, f"p{i}") for i in range(3))))
            worker_pid = _worker_pid(server.proc.pid)  # type: ignore[union-attr]
            for n in counts:
                run = asyncio.run(
                    _measure(base, env, games, n, args.rate, args.seconds, worker_pid)
                )
                print(json.dumps(run), flush=True)
                runs.append(run)
                time.sleep(11)  # the server notices closed clients at its next heartbeat (10 s)
        finally:
            server.stop()
    result = {
        "benchmark": "stream",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": {
            "server": "gunicorn api.stream_wsgi:app, 1 gevent worker, PostgreSQL, Redis",
            "games": GAMES,
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
