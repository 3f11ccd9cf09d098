"""Webhook benchmark: delivery latency from the commit of a game change to the receipt of
its signed delivery, on real parts (PostgreSQL, Redis, one Celery worker with beat, a local
receiver verifying every signature with ``standardwebhooks``).

``python -m bench.webhooks_bench [--games 100] [--burst 1000]`` writes
``bench/results/webhooks.json``:

* ``finished``: ``--games`` three-bot games created at once by a player whose endpoint
  wants ``game.finished``; the workers play them (bot turns on the bot-only queue, which
  waits behind the live queue the deliveries use) and each end is delivered. Latency:
  receipt minus the delivery row's ``created_at`` (stamped in the committing transaction,
  just before its commit).
* ``started_burst``: ``--burst`` games started within ``--burst-seconds`` (60) by the
  bench (three human seats joined each; the last join commits ``game.started``), so the
  delivery pipeline meets the rate the issue asks of finishing games (1,000 a minute)
  without the bots' load: the same outbox, task and sweep.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.percentiles import summary
from bench.worker_stack import celery_service
from harness import processes
from harness.databases import postgres_database
from harness.webhook_receiver import Receiver

RESULTS = Path(__file__).resolve().parent / "results" / "webhooks.json"
BOT = {"kind": "bot", "level": "random"}


def _latencies(service: Any, receiver: Receiver, event: str) -> tuple[list[float], dict]:
    """Per delivery of ``event``: ms from its row's creation to its first 200 receipt."""
    from sqlalchemy import select

    from service.models import WebhookDeliveryRow

    with service.sessions() as session:
        rows = session.execute(
            select(WebhookDeliveryRow.id, WebhookDeliveryRow.created_at).where(
                WebhookDeliveryRow.event == event
            )
        ).all()
    created = {i: at.timestamp() for i, at in rows}
    first: dict[str, float] = {}
    for r in receiver.accepted(event):
        first.setdefault(r.id, r.at)
    receipts = [r for r in receiver.all() if (r.body or {}).get("type") == event]
    checks = {
        "deliveries": len(created),
        "received_ok": len(first),
        "requests": len(receipts),
        "unverified": sum(not r.verified for r in receiver.all()),
    }
    return [(first[i] - created[i]) * 1000 for i in first if i in created], checks


def _wait(predicate: Any, timeout: float, what: str) -> float:
    t0 = time.perf_counter()
    while not predicate():
        if time.perf_counter() - t0 > timeout:
            raise TimeoutError(what)
        time.sleep(0.1)
    return time.perf_counter() - t0


def measure_finished(service: Any, player: str, receiver: Receiver, games: int) -> dict:
    t0 = time.perf_counter()
    for _ in range(games):
        service.creation.create_game(players=3, seats=[BOT] * 3, time_limit=0, player=player)
    created_s = time.perf_counter() - t0
    wall = _wait(lambda: len(receiver.accepted("game.finished")) >= games, 1800, "finished")
    latencies, checks = _latencies(service, receiver, "game.finished")
    return {
        "games": games,
        "create_s": round(created_s, 2),
        "all_received_s": round(wall + created_s, 1),
        "latency_ms": summary(latencies),
        **checks,
    }


def measure_started_burst(service: Any, player: str, receiver: Receiver, games: int,
                          seconds: float) -> dict:  # fmt: skip
    """``games`` games started at an even pace over ``seconds``."""
    ids = [service.creation.create_game(players=3, time_limit=0).game.id for _ in range(games)]
    gap = seconds / games
    t0 = time.perf_counter()
    for n, game_id in enumerate(ids):
        service.seating.join(game_id, name="a", player=player)
        service.seating.join(game_id, name="b")
        service.seating.join(game_id, name="c")  # commits the start, with its delivery
        ahead = t0 + (n + 1) * gap - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)
    committed_s = time.perf_counter() - t0
    _wait(lambda: len(receiver.accepted("game.started")) >= games, 600, "started")
    latencies, checks = _latencies(service, receiver, "game.started")
    return {
        "games": games,
        "committed_in_s": round(committed_s, 1),
        "latency_ms": summary(latencies),
        **checks,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.webhooks_bench")
    parser.add_argument("--games", type=int, default=100, help="bot games finishing")
    parser.add_argument("--burst", type=int, default=1000, help="games started in the burst")
    parser.add_argument("--burst-seconds", type=float, default=60.0)
    parser.add_argument("--concurrency", type=int, default=2, help="worker pool processes")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])

    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-whbench-"))
    results: dict[str, Any] = {}
    with (
        processes.redis_server() as redis_url,
        postgres_database("ursuppe_wh", durable=True) as pg,
        celery_service(
            pg, redis_url, env={"URSUPPE_WEBHOOKS_ALLOW_PRIVATE": "1"}, webhooks_allow_private=True
        ) as (env, queue, service),
    ):
        worker = processes.WorkerProcess(
            env, queue=queue, concurrency=args.concurrency, beat=True, workdir=workdir
        )
        try:
            worker.start()
            for name, events in (("finished", ["game.finished"]), ("started", ["game.started"])):
                with Receiver() as receiver:
                    player = service.accounts.create(f"bench-{name}").player.id
                    endpoint = service.webhooks.create(player, receiver.url, events)
                    receiver.secret = endpoint.secret
                    if name == "finished" and args.games:
                        print(f"{args.games} bot games finishing…", flush=True)
                        results["finished"] = measure_finished(
                            service, player, receiver, args.games
                        )
                    elif name == "started" and args.burst:
                        print(f"{args.burst} games starting in {args.burst_seconds} s…")
                        results["started_burst"] = measure_started_burst(
                            service, player, receiver, args.burst, args.burst_seconds
                        )
        finally:
            worker.stop()
    report = {
        "benchmark": "webhooks",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_1m_before": round(load_before[0], 2),
            "loadavg_1m_after": round(os.getloadavg()[0], 2),
        },
        "setup": {
            "database": "postgresql (local, durable commits)",
            "broker": "redis (local)",
            "worker_concurrency": args.concurrency,
            "receiver": "local ThreadingHTTPServer verifying every signature",
            "latency": "receipt time minus the delivery row's created_at (in the commit)",
        },
        **results,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
