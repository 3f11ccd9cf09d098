"""Memory of the worker and Redis with many pending human deadlines.

``python -m bench.deadlines_bench [--games N]`` → ``bench/results/deadlines.json``: a worker
(with beat) on PostgreSQL and its own Redis; N games each waiting on a human decision with
a one-day time limit, created through the service as the API would. Reports the worker's
main process RSS and Redis ``used_memory`` before and after, and the messages in Redis.
The design goal: flat — a waiting deadline is a database row, not a message
(docs/workers.md, "Deadlines cost nothing while they wait").
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

from bench.worker_stack import celery_service
from engine import Game
from harness import processes
from harness.databases import postgres_database

RESULTS = Path(__file__).parent / "results" / "deadlines.json"
HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "level": "random"}


def rss_kib(pid: int) -> int:
    """Resident memory of one process, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def snapshot(worker: processes.WorkerProcess, client: redis.Redis, queue: str) -> dict[str, Any]:
    assert worker.proc is not None
    return {
        "worker_main_rss_kib": rss_kib(worker.proc.pid),
        "redis_used_memory_kib": int(client.info("memory")["used_memory"]) // 1024,
        "queued_messages": client.llen(queue) + client.llen(f"{queue}.bots"),
        "unacked_messages": client.hlen("unacked"),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.deadlines_bench")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])

    seed = next(s for s in range(1, 10_000) if Game.new(players=3, seed=s).pending.seat == 0)
    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-dbench-"))
    with (
        processes.redis_server() as redis_url,
        postgres_database("ursuppe_db", durable=True) as pg,
        celery_service(pg, redis_url) as (env, queue, service),
    ):
        client = redis.Redis.from_url(redis_url)
        worker = processes.WorkerProcess(env, queue=queue, beat=True, workdir=workdir)
        try:
            worker.start()
            time.sleep(5)  # let beat's first sweeps and the pool settle
            before = snapshot(worker, client, queue)
            started = time.monotonic()
            for _ in range(args.games):
                game = service.creation.create_game(
                    players=3, seats=[HUMAN, BOT, BOT], time_limit=86_400, seed=seed
                )
                service.seating.join(game.game.id, "p")
            create_s = time.monotonic() - started
            time.sleep(10)  # a few sweeps over the waiting deadlines
            after = snapshot(worker, client, queue)
        finally:
            worker.stop()
    results = {
        "benchmark": "deadlines",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "loadavg_1m_before": round(load_before[0], 2),
            "loadavg_1m_after": round(os.getloadavg()[0], 2),
        },
        "pending_deadlines": args.games,
        "deadline_in_s": 86_400,
        "create_s": round(create_s, 1),
        "before": before,
        "after": after,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
