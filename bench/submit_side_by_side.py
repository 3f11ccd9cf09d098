"""Submit throughput of two (or more) trees side by side, against one ceiling, in one run.

``python -m bench.submit_side_by_side --tree before=/path/to/checkout --tree after=.
[--db sqlite|postgresql] [--requests N] [--rounds R]``

On a shared machine throughput swings with everybody else's load, so before/after must be
measured in the same minutes: this starts the constant-JSON ceiling (``bench.api_ceiling``)
and ``api.wsgi:app`` of every tree under gunicorn with the settings of ``bench.api_bench``
(sync workers, one per core), all on one database, and runs interleaved rounds of
``POST /ceiling`` and of submits to each tree (each tree plays its own games). It reports
per tree the median round's requests/s, its ratio to the ceiling of the same round, and the
gunicorn workers' CPU per request (from ``/proc``: load changes it much less than it
changes requests/s), and on PostgreSQL the CPU of the tree's database backends per request
(told apart by ``application_name``). A tree is any checkout of this project; its code is run from its
directory with this interpreter (``PYTHONPATH`` points there), so the trees must share the
schema.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.api_bench import (
    ROOT,
    _client_static,
    _client_submit,
    database,
    gunicorn,
    prepare_games,
    run_load,
)

TICK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of ``pids`` so far (``/proc/<pid>/stat``)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return total / TICK


def _workers_of(port: int) -> list[int]:
    """The pids of the gunicorn processes (master and workers) bound to ``port``."""
    found = subprocess.run(
        ["pgrep", "-f", "--", f"--bind 127.0.0.1:{port}"],
        capture_output=True,
        text=True,
        check=False,
    )
    return [int(pid) for pid in found.stdout.split()]


def _backends(url: str, name: str) -> list[int]:
    """The pids of PostgreSQL backends serving the connections named ``name``
    (``application_name``, set in each tree's URL) on this machine's server."""
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s", (name,)
        ).fetchall()
    return [pid for (pid,) in rows]


def _measure(
    pool: Any, pids: list[int], target: Any, jobs: list[tuple], db_pids: list[int] | None = None
) -> dict[str, float]:
    """One round: requests/s, p50, and CPU µs per request of the server's workers (and of
    its database backends, when given)."""
    before, db_before = _cpu_seconds(pids), _cpu_seconds(db_pids or [])
    result = run_load(pool, target, jobs)
    result["cpu_us"] = 1e6 * (_cpu_seconds(pids) - before) / result["requests"]
    if db_pids:
        used = _cpu_seconds(db_pids) - db_before
        result["db_cpu_us"] = 1e6 * used / result["requests"]
    return result


def bench(kind: str, trees: dict[str, Path], requests: int, rounds: int, clients: int) -> dict:
    workers = os.cpu_count() or 2
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        url = stack.enter_context(database(kind, Path(tmp)))
        per_client = requests // clients
        games = rounds * (per_client // 100 + 2) + 1  # the last: the warm-up's
        _, plays = prepare_games(url, clients * len(trees), games)
        from bench.api_ceiling import prepare as prepare_ceiling

        prepare_ceiling(url)
        env = {"DATABASE_URL": url, "URSUPPE_SCHEDULER": "none", "URSUPPE_AUTO_MIGRATE": "0"}
        ceiling = stack.enter_context(
            gunicorn("bench.api_ceiling:app", env | {"PYTHONPATH": str(ROOT)}, workers, 1,
                     "/ceiling")
        )  # fmt: skip
        ports = {
            name: stack.enter_context(
                gunicorn(
                    "api.wsgi:app",
                    env | _tree_env(url, name, path),
                    workers,
                    1,
                    "/healthz",
                    cwd=path,
                )
            )  # fmt: skip
            for name, path in trees.items()
        }
        pids = {name: _workers_of(port) for name, port in ports.items()}
        pids["ceiling"] = _workers_of(ceiling)
        pool = stack.enter_context(mp.get_context("fork").Pool(clients))
        body = json.dumps({"action": {"type": "start_space", "space": 3}, "expected_seq": 0})
        run_load(pool, _client_static, [(ceiling, "POST", "/ceiling", body.encode(), 50)] * 2)
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in ["ceiling", *trees]}
        db_pids: dict[str, list[int]] = {name: [] for name in trees}
        for r in range(rounds):
            order = list(trees) if r % 2 == 0 else list(reversed(trees))
            runs["ceiling"].append(_measure(pool, pids["ceiling"], _client_static, [
                (ceiling, "POST", "/ceiling", body.encode(), per_client)] * clients))  # fmt: skip
            for name in order:
                t = list(trees).index(name)
                jobs = [
                    (ports[name], plays[t * clients + c][:-1][r::rounds], per_client)
                    for c in range(clients)
                ]
                if kind == "postgresql" and not db_pids[name]:  # the pools fill in round 1
                    warm = [(ports[name], plays[t * clients + c][-1:], 20) for c in range(clients)]
                    run_load(pool, _client_submit, warm)
                    db_pids[name] = _backends(url, f"bench-{name}")
                runs[name].append(_measure(pool, pids[name], _client_submit, jobs, db_pids[name]))
        summary: dict[str, Any] = {}
        for name, done in runs.items():
            summary[name] = {
                key: round(statistics.median(run[key] for run in done), 2)
                for key in ("rps", "p50_ms", "cpu_us", "db_cpu_us")
                if key in done[0]
            }
            if name != "ceiling":
                ratios = [
                    run["rps"] / c["rps"] for run, c in zip(done, runs["ceiling"], strict=True)
                ]
                summary[name]["ratio_to_ceiling"] = round(statistics.median(ratios), 3)
                summary[name]["ratios"] = [round(x, 3) for x in ratios]
        return summary


def _tree_env(url: str, name: str, path: Path) -> dict[str, str]:
    """A tree's environment: its code first on the path; on PostgreSQL its connections
    named, so that its backends' CPU can be told apart."""
    env = {"PYTHONPATH": str(path)}
    if url.startswith("postgresql"):
        env["DATABASE_URL"] = f"{url}{'&' if '?' in url else '?'}application_name=bench-{name}"
    return env


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", required=True, help="name=path")
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--requests", type=int, default=600, help="per tree and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args(argv)
    trees = {name: Path(path).resolve() for name, path in (t.split("=", 1) for t in args.tree)}
    results = {}
    for kind in args.db.split(","):
        results[kind] = bench(kind, trees, args.requests, args.rounds, args.clients)
        print(kind, json.dumps(results[kind]), flush=True)
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
