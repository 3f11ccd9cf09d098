"""Load test of realistic play with locust (headless, bounded, loopback only).

``python -m bench.load_bench [--users 5,10,20,40] [--seconds 30]``

The production layout on this machine: the web process (``gunicorn api.wsgi:app``, sync
workers × threads as in the Procfile), the stream process (gevent), one Celery worker with
beat playing the bots, PostgreSQL and Redis. Each locust user is a person playing against
two random bots (``bench/locustfile.py``). For each user count it reports throughput,
p50/p99 per request type and the errors, and names the highest load at which the p99 of
every request type stays under 250 ms with zero errors. Writes ``bench/results/load.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness.databases import postgres_database
from harness.streams import (
    base_env,
    celery_worker,
    gunicorn_server,
    redis_database,
    stream_server,
)

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "load.json"
P99_GOAL_MS = 250.0


def run_locust(web: str, stream: str, users: int, seconds: int, out: Path) -> list[dict[str, Any]]:
    """One headless locust run; its per-request-type rows from locust's CSV. Each run's
    people start new games (the previous run's games stay in the tables)."""
    prefix = out / f"u{users}"
    cmd = [
        sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locustfile.py"),
        # People arrive over the first ten seconds, not in one burst.
        "--headless", "--users", str(users), "--spawn-rate", str(max(1.0, users / 10)),
        "--run-time", f"{seconds}s", "--host", web, "--csv", str(prefix), "--only-summary",
        "--stop-timeout", "5", "--loglevel", "WARNING",
    ]  # fmt: skip
    env = {**os.environ, "URSUPPE_LOAD_STREAM_BASE": stream}
    subprocess.run(cmd, env=env, cwd=ROOT, check=False, timeout=seconds + 120)
    rows = []
    with open(f"{prefix}_stats.csv", newline="") as f:
        for row in csv.DictReader(f):
            rows.append(
                {
                    "name": row["Name"],
                    "requests": int(row["Request Count"]),
                    "failures": int(row["Failure Count"]),
                    "rps": round(float(row["Requests/s"]), 1),
                    "p50_ms": float(row["50%"]),
                    "p99_ms": float(row["99%"]),
                }
            )
    return rows


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", default="5,10,20,40", help="comma-separated user counts")
    parser.add_argument("--seconds", type=int, default=30, help="per user count")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--web-threads", type=int, default=4)
    args = parser.parse_args(argv if argv is not None else [])
    counts = [int(n) for n in args.users.split(",")]
    logdir = Path(tempfile.mkdtemp(prefix="ursuppe-load-bench-"))
    runs: list[dict[str, Any]] = []
    with postgres_database("ursuppe_load", durable=True) as pg, redis_database() as redis_url:
        from service.plumbing.db import upgrade_database

        upgrade_database(pg)
        env = base_env(pg, redis_url, f"ursuppe-load-{os.getpid()}", URSUPPE_BOT_TIME_BUDGET="1")
        worker = celery_worker(env, logdir, name="load-worker")
        stream, stream_base = stream_server(env, logdir, name="load-stream")
        web, web_base = gunicorn_server(  # the Procfile's web process
            "api.wsgi:app", env, logdir, "web",
            "--workers", str(args.web_workers), "--threads", str(args.web_threads),
        )  # fmt: skip
        try:
            # Warm-up, not recorded: each server process opens its pools and imports the
            # broker's client on its first requests.
            run_locust(web_base, stream_base, 4, 10, logdir)
            for users in counts:
                print(f"load_bench: {users} users for {args.seconds} s ...", flush=True)
                rows = run_locust(web_base, stream_base, users, args.seconds, logdir)
                total = next(r for r in rows if r["name"] == "Aggregated")
                by_type = [r for r in rows if r["name"] != "Aggregated"]
                ok = total["failures"] == 0 and all(r["p99_ms"] < P99_GOAL_MS for r in by_type)
                run = {"users": users, "within_goal": ok, "total": total, "requests": by_type}
                runs.append(run)
                for r in by_type + [total]:
                    print(f"  {r['name']:24s} {r['rps']:7.1f} req/s  p50 {r['p50_ms']:6.0f} ms  "
                          f"p99 {r['p99_ms']:6.0f} ms  errors {r['failures']}")  # fmt: skip
        finally:
            web.stop()
            stream.stop()
            worker.stop()
    passing = [r["users"] for r in runs if r["within_goal"]]
    result = {
        "benchmark": "load",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        },
        "setup": {
            "web": f"gunicorn api.wsgi:app --workers {args.web_workers} --threads "
            f"{args.web_threads}",
            "stream": "gunicorn api.stream_wsgi:app, 1 gevent worker",
            "worker": "celery worker -B, concurrency 2 (random bots)",
            "databases": "PostgreSQL (durable commits), Redis",
            "client": "locust on the same machine, bench/locustfile.py",
            "seconds_per_run": args.seconds,
        },
        "goal": f"p99 < {P99_GOAL_MS:.0f} ms for every request type, zero errors",
        "highest_users_within_goal": max(passing) if passing else None,
        "runs": runs,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}; highest load within the goal: {result['highest_users_within_goal']}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
