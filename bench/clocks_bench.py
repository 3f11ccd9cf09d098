"""How late banks run out with many clocks running (goal p99 ≤ 1 s).

``python -m bench.clocks_bench [--clocks N] [--bank S] [--spread S]`` →
``bench/results/clocks.json``: a worker (with beat) on PostgreSQL and its own Redis; N games
of one human and two bots under a bank control (600 s increment), each human's bank
running from its join, all N running at once; the banks grow evenly from ``--bank`` to
``--bank + --spread`` seconds, so they run out over ``--spread`` seconds (``--spread 0``:
all within the creation time, a burst; ``bench/results/clocks_burst.json`` is such a run,
1,000 banks of 240 s). Nobody plays: every bank runs out, and the timeout entry's time
minus the stored deadline is how late it ran out (the same measure as
``ursuppe_deadline_lateness_seconds``).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bench.percentiles import nearest
from bench.worker_stack import celery_service
from engine import Game
from harness import processes
from harness.databases import postgres_database
from service.models import ActionLogRow

RESULTS = Path(__file__).parent / "results" / "clocks.json"
HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "level": "random"}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.clocks_bench")
    parser.add_argument("--clocks", type=int, default=1000)
    parser.add_argument("--bank", type=int, default=60, help="seconds in the first bank")
    parser.add_argument(
        "--spread", type=int, default=240,
        help="the banks grow evenly from --bank to --bank + --spread: they run out over that time",
    )  # fmt: skip
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])

    seed = next(s for s in range(1, 10_000) if Game.new(players=3, seed=s).pending.seat == 0)
    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-cbench-"))
    with (
        processes.redis_server() as redis_url,
        postgres_database("ursuppe_db", durable=True) as pg,
        celery_service(pg, redis_url) as (env, queue, service),
    ):
        worker = processes.WorkerProcess(env, queue=queue, beat=True, workdir=workdir)
        try:
            worker.start()
            time.sleep(5)  # let beat's first sweeps and the pool settle
            started = time.monotonic()
            due = {}
            for i in range(args.clocks):
                bank = args.bank + i * args.spread // max(args.clocks, 1)
                control = {"type": "bank", "initial": bank, "increment": 600}
                game = service.creation.create_game(
                    players=3, seats=[HUMAN, BOT, BOT], time_control=control, seed=seed
                )
                service.seating.join(game.game.id, "p")
                due[game.game.id] = service.games.get(game.game.id).deadline_at
            create_s = time.monotonic() - started
            running_at_once = sum(d > service.clock() for d in due.values())
            last = max(due.values())
            late: dict[str, float] = {}
            while (
                len(late) < len(due)
                and time.monotonic() - started < create_s + args.bank + args.spread + 300
            ):
                time.sleep(2)
                with service.sessions() as session:
                    timeouts = session.execute(
                        select(ActionLogRow.game_id, ActionLogRow.created_at).where(
                            ActionLogRow.actor == "timeout"
                        )
                    ).all()
                late = {g: (at - due[g]).total_seconds() for g, at in timeouts if g in due}
            assert service.clock() > last
        finally:
            worker.stop()
    values = list(late.values())
    results = {
        "benchmark": "clocks",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "loadavg_1m_before": round(load_before[0], 2),
            "loadavg_1m_after": round(os.getloadavg()[0], 2),
        },
        "clocks": args.clocks,
        "bank_s": [args.bank, args.bank + args.spread],
        "create_s": round(create_s, 1),
        "running_at_once_after_creation": running_at_once,
        "ran_out": len(values),
        "early": sum(v < 0 for v in values),
        "late_s": {
            "p50": nearest(values, 0.50, 3),
            "p95": nearest(values, 0.95, 3),
            "p99": nearest(values, 0.99, 3),
            "max": round(max(values), 3) if values else None,
        },
        "goal": "p99 <= 1 s",
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
