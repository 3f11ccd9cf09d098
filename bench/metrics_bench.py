"""What the metrics cost: submit and read throughput with them and without them, side by side.

``python -m bench.metrics_bench [--base <git rev>] [--db postgresql] [--requests N] [--rounds R]``

"Without" is the code before the metrics (``--base``, default: the merge base with
``main``), exported with ``git archive`` into a temporary directory and run by the same
interpreter; "with" is this tree, in multi-process mode as deployed (``gunicorn.conf.py``).
Both get ``URSUPPE_LOG_LEVEL=WARNING`` so that the comparison is of the metrics alone; a
third server, this tree at INFO, shows what the per-request log line adds. The same
gunicorn settings, clients and scenarios as ``bench/api_bench.py`` (``get_state``,
``submit_action``); rounds alternate the servers so that drift hits each alike. Writes
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
    base = (
        args.base
        or subprocess.run(
            ["git", "merge-base", "HEAD", "main"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
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
        for _round in range(args.rounds):
            for kind in kinds:
                port = ports[kind]
                chunks = [plays[c][slot :: len(kinds) * args.rounds] for c in range(args.clients)]
                slot += 1
                runs[kind]["get_state"].append(
                    run_load(pool, _client_static, [(port, "GET", read, None, n)] * args.clients)
                )
                runs[kind]["submit_action"].append(
                    run_load(
                        pool, _client_submit, [(port, chunks[c], n) for c in range(args.clients)]
                    )
                )
    summary = {
        kind: {
            scenario: {
                key: round(statistics.median(r[key] for r in rs), 2)
                for key in ("rps", "p50_ms", "p99_ms")
            }
            for scenario, rs in scenarios.items()
        }
        for kind, scenarios in runs.items()
    }
    ratios = {
        f"{kind}_vs_without": {
            scenario: round(summary[kind][scenario]["rps"] / summary["without"][scenario]["rps"], 3)
            for scenario in ("get_state", "submit_action")
        }
        for kind in ("with", "with_info_log")
    }
    results = {
        "benchmark": "metrics",
        "goal": "with metrics within 5% of without (requests/s)",
        "base": base,
        "settings": vars(args),
        "machine": {"cpus": os.cpu_count(), "loadavg_end": [round(x, 2) for x in os.getloadavg()]},
        "summary": summary,
        "ratios": ratios,
        "rounds": runs,
    }
    for kind in kinds:
        line = "  ".join(
            f"{s} {summary[kind][s]['rps']:7.0f} req/s p50 {summary[kind][s]['p50_ms']:5.2f} ms"
            for s in ("get_state", "submit_action")
        )
        print(f"{kind:14s} {line}")
    print(f"ratios: {ratios}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
