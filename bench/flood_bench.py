"""The flood: does one owner's flood of search-bot games stop another owner's game?

``python -m bench.flood_bench [--phase idle,flooded] [--seconds 45] [--flood 100]``

Each phase on a fresh PostgreSQL database (durable commits), a private Redis and one
Celery worker with ``--concurrency`` pool processes (2), no beat:

* ``idle``: player B's bot-only game of six random bots, alone on the service;
* ``flooded``: player A first creates ``--flood`` six-seat games of ``--level`` bots
  (``mcts``) at once, then B's game starts.

Measured: B's log entries per minute over ``--seconds`` (B starts a new game whenever one
finishes), and how many tasks were waiting in the queues when the window opened. The goal:
flooded ≥ half of idle. Writes ``bench/results/flood.json`` (``--output``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import redis
from sqlalchemy import func, select

from bench.worker_stack import celery_service
from harness import processes
from harness.databases import postgres_database

RESULTS = Path(__file__).resolve().parent / "results" / "flood.json"
RANDOM = {"kind": "bot", "level": "random"}


def _entries(service: Any, game_ids: list[str], since: datetime) -> int:
    from service.models import ActionLogRow

    with service.sessions() as session:
        return session.scalar(
            select(func.count()).where(
                ActionLogRow.game_id.in_(game_ids), ActionLogRow.created_at >= since
            )
        )


def run_phase(
    redis_url: str, phase: str, seconds: float, flood: int, level: str, concurrency: int,
    workdir: Path,
) -> dict[str, Any]:  # fmt: skip
    with (
        postgres_database("ursuppe_flood", durable=True) as db_url,
        celery_service(db_url, redis_url, prefix="ursuppe-flood") as (env, queue, service),
    ):
        worker = processes.WorkerProcess(
            env, queue=queue, concurrency=concurrency, workdir=workdir, name=f"flood-{phase}"
        ).start(timeout=60)
        try:
            a = service.accounts.create("flood").player.id
            b = service.accounts.create("other").player.id
            t0 = time.monotonic()
            for i in range(flood if phase == "flooded" else 0):
                seats = [{"kind": "bot", "level": level}] * 6
                service.creation.create_game(players=6, seats=seats, player=a, seed=500 + i)
            created_s = time.monotonic() - t0
            client = redis.Redis.from_url(redis_url)
            queued = client.llen(queue) + client.llen(f"{queue}.bots")
            since = datetime.now().astimezone()
            games = [
                service.creation.create_game(
                    players=6, seats=[RANDOM] * 6, player=b, seed=1
                ).game.id
            ]
            t0 = time.monotonic()
            while time.monotonic() - t0 < seconds:
                time.sleep(0.5)
                if service.games.get(games[-1]).status == "finished":
                    seed = len(games) + 1
                    games.append(
                        service.creation.create_game(
                            players=6, seats=[RANDOM] * 6, player=b, seed=seed
                        ).game.id
                    )
            elapsed = time.monotonic() - t0
            moves = _entries(service, games, since)
        finally:
            worker.stop()
    return {
        "phase": phase,
        "flood_games": flood if phase == "flooded" else 0,
        "flood_level": level,
        "flood_created_s": round(created_s, 2),
        "tasks_queued_at_start": queued,
        "other_games": len(games),
        "other_moves": moves,
        "other_moves_per_min": round(moves / elapsed * 60, 1),
        "seconds": round(elapsed, 1),
        "loadavg": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phase", default="idle,flooded")
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--flood", type=int, default=100)
    parser.add_argument("--level", default="mcts")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-flood-bench-"))
    runs = []
    with processes.redis_server() as redis_url:
        for phase in args.phase.split(","):
            print(f"flood_bench: {phase} ...", flush=True)
            run = run_phase(
                redis_url, phase, args.seconds, args.flood, args.level, args.concurrency,
                workdir,
            )  # fmt: skip
            print("  " + json.dumps(run), flush=True)
            runs.append(run)
    result = {
        "benchmark": "flood",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": {
            "flood": f"player A: {args.flood} six-seat games of {args.level} bots at once",
            "other": "player B: six random bots, bot-only, a new game when one ends",
            "worker": f"one Celery worker, --concurrency {args.concurrency}, no beat",
            "databases": "PostgreSQL (durable commits), a private Redis",
        },
        "goal": "flooded >= 0.5 x idle moves per minute of B's game",
        "runs": runs,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.output}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
