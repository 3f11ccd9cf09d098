"""What the metrics cost: submit and read throughput with them and without them, side by side.

``python -m bench.metrics_bench [--base <git rev>] [--db postgresql] [--requests N] [--rounds R]``

"Without" is the code before the metrics (``--base``, default: the parent of the commit
that added ``service/plumbing/metrics.py``), exported with ``git archive`` into a temporary
directory and run by the same interpreter; "with" is this tree, in multi-process mode as deployed (``gunicorn.conf.py``).
Both get ``URSUPPE_LOG_LEVEL=WARNING`` so that the comparison is of the metrics alone; a
third server, this tree at INFO, shows what the per-request log line adds. The same
gunicorn settings, clients and scenarios as ``bench/api_bench.py`` (``get_state``,
``submit_action``); each round runs the servers in turn, who goes first rotating from
round to round, so that drift and warm-up hit each alike. Writes
``bench/results/metrics.json``.
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
from contextlib import ExitStack, contextmanager
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

RESULTS = ROOT / "bench" / "results" / "metrics.json"


@contextmanager
def exported(rev: str):
    """The tree of ``rev`` in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="ursuppe-base-") as tmp:
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        yield Path(tmp)


def server_cpu(port: int) -> float:
    """CPU seconds (user + system) used so far by the gunicorn serving ``port``: the
    master and its workers, found by the ``--bind`` in their command lines. Unlike
    requests/s, CPU per request hardly moves when other work shares the machine."""
    needle = f"127.0.0.1:{port}".encode()
    ticks = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if needle not in (proc / "cmdline").read_bytes():
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def measured(pool: Any, port: int, target: Any, jobs: list[tuple]) -> dict[str, float]:
    """``run_load`` plus the server's CPU milliseconds per request."""
    cpu = server_cpu(port)
    result = run_load(pool, target, jobs)
    result["cpu_ms"] = 1000 * (server_cpu(port) - cpu) / result["requests"]
    return result


def before_metrics() -> str:
    """The parent of the commit that added ``service/plumbing/metrics.py``: the tree without them."""
    added = subprocess.run(
        ["git", "log", "--diff-filter=A", "--format=%H", "-1", "--", "service/plumbing/metrics.py"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    return f"{added}^"


@contextmanager
def server(tree: Path, env: dict[str, str], workers: int, threads: int):
    """``api.wsgi:app`` of ``tree``, run from it (its packages first on the path, its
    ``gunicorn.conf.py`` if it has one)."""
    env = {**env, "PYTHONPATH": str(tree)}
    with gunicorn("api.wsgi:app", env, workers, threads, "/healthz", cwd=tree) as port:
        yield port


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="", help="the tree without metrics (git rev)")
    parser.add_argument("--db", default="postgresql")
    parser.add_argument("--requests", type=int, default=2000, help="per scenario and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args([] if argv is None else argv)
    base = args.base or before_metrics()
    n = args.requests // args.clients
    kinds = ("without", "with", "with_info_log")
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        url = stack.enter_context(database(args.db, Path(tmp)))
        games_per_client = len(kinds) * args.rounds * (n // 100 + 2)
        read_id, plays = prepare_games(url, args.clients, games_per_client)
        env = {"DATABASE_URL": url, "URSUPPE_SCHEDULER": "none", "URSUPPE_AUTO_MIGRATE": "0"}
        quiet = {**env, "URSUPPE_LOG_LEVEL": "WARNING"}
        old = stack.enter_context(exported(base))
        ports = {
            "without": stack.enter_context(server(old, quiet, args.workers, args.threads)),
            "with": stack.enter_context(server(ROOT, quiet, args.workers, args.threads)),
            "with_info_log": stack.enter_context(server(ROOT, env, args.workers, args.threads)),
        }
        pool = stack.enter_context(mp.get_context("fork").Pool(args.clients))
        read = f"/api/v1/games/{read_id}"
        for port in ports.values():  # warm-up
            run_load(pool, _client_static, [(port, "GET", read, None, 50)] * args.clients)
        runs: dict[str, dict[str, list[dict[str, float]]]] = {
            k: {"get_state": [], "submit_action": []} for k in kinds
        }
        slot = 0
        for r in range(args.rounds):
            for kind in kinds[r % len(kinds) :] + kinds[: r % len(kinds)]:  # each goes first
                port = ports[kind]
                chunks = [plays[c][slot :: len(kinds) * args.rounds] for c in range(args.clients)]
                slot += 1
                reads = [(port, "GET", read, None, n)] * args.clients
                runs[kind]["get_state"].append(measured(pool, port, _client_static, reads))
                submits = [(port, chunks[c], n) for c in range(args.clients)]
                runs[kind]["submit_action"].append(measured(pool, port, _client_submit, submits))
    summary = {
        kind: {
            scenario: {
                key: round(statistics.median(r[key] for r in rs), 2)
                for key in ("rps", "p50_ms", "p99_ms", "cpu_ms")
            }
            for scenario, rs in scenarios.items()
        }
        for kind, scenarios in runs.items()
    }
    ratios = {
        f"{kind}_vs_without": {
            f"{scenario}_{key}": round(
                summary[kind][scenario][key] / summary["without"][scenario][key], 3
            )
            for scenario in ("get_state", "submit_action")
            for key in ("rps", "cpu_ms")
        }
        for kind in ("with", "with_info_log")
    }
    results = {
        "benchmark": "metrics",
        "goal": "with metrics within 5% of without (requests/s; server CPU per request)",
        "base": base,
        "settings": vars(args),
        "machine": {"cpus": os.cpu_count(), "loadavg_end": [round(x, 2) for x in os.getloadavg()]},
        "summary": summary,
        "ratios": ratios,
        "rounds": runs,
    }
    for kind in kinds:
        line = "  ".join(
            f"{s} {summary[kind][s]['rps']:6.0f} req/s p50 {summary[kind][s]['p50_ms']:5.2f} ms "
            f"cpu {summary[kind][s]['cpu_ms']:5.2f} ms/req"
            for s in ("get_state", "submit_action")
        )
        print(f"{kind:14s} {line}")
    print(f"ratios: {ratios}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
