"""API throughput and latency under gunicorn, side by side with a bare-Flask ceiling.

``python -m bench.api_bench [--db sqlite|postgresql] [--requests N] [--rounds R]``

Starts two gunicorn servers with identical settings (sync workers, one per core): the bare
app ``bench.api_ceiling:app`` and our ``api.wsgi:app``. Load comes from client processes
on 127.0.0.1 with bounded request counts. Scenarios, interleaved per round:

- ``ceiling_get`` / ``ceiling_post``: constant JSON (POST carries an action-sized body);
- ``ceiling_write``: the POST ceiling after committing one row to the same database: not the
  goal's ceiling, but what a durable write costs here, to judge submit against a write too;
- ``ceiling_write_raw``: the same row through a plain DBAPI connection (no SQLAlchemy): the
  cheapest durable write, the floor under any submit that commits before it answers;
- ``get_state``: ``GET /api/v1/games/<id>`` of a running game (full 200, no 304 shortcut);
- ``submit_action``: ``POST /api/v1/games/<id>/actions`` with a legal action, chaining
  each response's next decision (each client owns its games, so every request applies).

Reports requests/s and p50/p99 latency (median over rounds) and the ratios to the ceilings;
writes ``bench/results/api.json``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "api.json"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_http(port: int, path: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status < 500:
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server on port {port} did not come up")


@contextmanager
def gunicorn(
    app: str, env: dict[str, str], workers: int, threads: int, health: str, cwd: Path = ROOT
):
    port = free_port()
    cmd = [
        sys.executable, "-m", "gunicorn", app,
        "--bind", f"{HOST}:{port}",
        "--workers", str(workers),
        "--threads", str(threads),
        "--worker-class", "sync" if threads == 1 else "gthread",
        "--log-level", "warning",
        "--backlog", "2048",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=cwd, env={**os.environ, **env}, start_new_session=True)
    try:
        wait_http(port, health)
        yield port
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


# ---------------------------------------------------------------------------- clients


def _request(port: int, method: str, path: str, body: bytes | None, headers: dict) -> tuple:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    t0 = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    elapsed = time.perf_counter() - t0
    conn.close()
    return resp.status, data, elapsed


def _client_static(args: tuple) -> list[float]:
    port, method, path, body, n = args
    headers = {"Content-Type": "application/json"} if body else {}
    lat = []
    for _ in range(n):
        status, _, elapsed = _request(port, method, path, body, headers)
        if status != 200:
            raise RuntimeError(f"{method} {path} -> {status}")
        lat.append(elapsed)
    return lat


def _client_submit(args: tuple) -> list[float]:
    """Play the client's own games: every request is a legal action that applies."""
    port, games, n = args
    lat: list[float] = []
    queue = list(games)
    current = queue.pop(0)
    while len(lat) < n:
        pending = current["pending"]
        if pending is None:
            if not queue:
                raise RuntimeError("ran out of games; create more")
            current = queue.pop(0)
            continue
        body = json.dumps({"action": pending["actions"][0], "expected_seq": current["seq"]})
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {current['tokens'][str(pending['seat'])]}",
        }
        status, data, elapsed = _request(
            port, "POST", f"/api/v1/games/{current['id']}/actions", body.encode(), headers
        )
        if status != 200:
            raise RuntimeError(f"submit -> {status}: {data[:300]!r}")
        result = json.loads(data)
        current["pending"], current["seq"] = result["pending"], result["seq"]
        lat.append(elapsed)
    return lat


def run_load(pool: mp.pool.Pool, target, jobs: list[tuple]) -> dict[str, float]:
    t0 = time.perf_counter()
    parts = pool.map(target, jobs)
    wall = time.perf_counter() - t0
    lat = sorted(x for part in parts for x in part)
    return {
        "requests": len(lat),
        "rps": len(lat) / wall,
        "p50_ms": 1000 * lat[len(lat) // 2],
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
    }


# ---------------------------------------------------------------------------- set-up


def prepare_games(database_url: str, clients: int, per_client: int) -> tuple[str, list]:
    """Games straight through the service (set-up is not measured)."""
    from service.game_service import build_service
    from service.plumbing.config import Settings
    from service.plumbing.scheduling import NullScheduler

    svc = build_service(
        Settings(database_url=database_url, scheduler="none", auto_migrate=True),
        NullScheduler(),
    )

    def new_game(seed: int) -> dict[str, Any]:
        created = svc.creation.create_game(players=4, time_limit=600, seed=seed)
        tokens = {}
        for _ in range(4):
            joined = svc.seating.join(created.game.id, "bench")
            tokens[str(joined.seat)] = joined.token
        view = svc.games.get(created.game.id)
        return {"id": view.id, "tokens": tokens, "pending": view.pending, "seq": view.seq}

    # A game in mid-play for the read scenario.
    read = new_game(1)
    for _ in range(40):
        v = svc.games.get(read["id"])
        svc.moves.apply_action(v.id, v.pending_seat, v.pending["actions"][0], expected_seq=v.seq)
    plays = [[new_game(1000 * c + i) for i in range(per_client)] for c in range(clients)]
    svc.sessions.kw["bind"].dispose()
    return read["id"], plays


@contextmanager
def database(kind: str, tmp: Path):
    from harness.databases import temporary_database

    if kind == "sqlite":
        yield f"sqlite:///{tmp / 'bench.sqlite'}"
    else:
        with temporary_database("postgresql", tmp) as url:
            yield url


# ---------------------------------------------------------------------------- main


def bench_db(
    kind: str, requests: int, rounds: int, clients: int, workers: int, threads: int
) -> dict:
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        url = stack.enter_context(database(kind, Path(tmp)))
        per_client_actions = requests // clients
        # actions[0] play needs ~150 decisions per 4-player game; leave a wide margin.
        games_per_client = rounds * (per_client_actions // 100 + 2)
        read_id, plays = prepare_games(url, clients, games_per_client)
        from bench.api_ceiling import prepare as prepare_ceiling

        prepare_ceiling(url)
        env = {
            "DATABASE_URL": url,
            "URSUPPE_SCHEDULER": "none",
            "URSUPPE_AUTO_MIGRATE": "0",
            "PYTHONPATH": str(ROOT),
        }
        ceiling = stack.enter_context(
            gunicorn("bench.api_ceiling:app", env, workers, threads, "/ceiling")
        )
        ours = stack.enter_context(gunicorn("api.wsgi:app", env, workers, threads, "/healthz"))
        pool = stack.enter_context(mp.get_context("fork").Pool(clients))
        action_body = json.dumps(
            {"action": {"type": "start_space", "space": 3}, "expected_seq": 0}
        ).encode()
        n = per_client_actions
        scenarios: dict[str, list[dict]] = {k: [] for k in (
            "ceiling_get", "ceiling_post", "ceiling_write", "ceiling_write_raw", "get_state",
            "submit_action")}  # fmt: skip
        # Warm-up: connections, imports, caches.
        run_load(pool, _client_static, [(ceiling, "GET", "/ceiling", None, 50)] * clients)
        run_load(
            pool, _client_static, [(ours, "GET", f"/api/v1/games/{read_id}", None, 50)] * clients
        )
        for r in range(rounds):
            chunks = [plays[c][r::rounds] for c in range(clients)]
            scenarios["ceiling_get"].append(
                run_load(pool, _client_static, [(ceiling, "GET", "/ceiling", None, n)] * clients)
            )
            scenarios["get_state"].append(
                run_load(
                    pool,
                    _client_static,
                    [(ours, "GET", f"/api/v1/games/{read_id}", None, n)] * clients,
                )
            )
            scenarios["ceiling_post"].append(
                run_load(
                    pool, _client_static, [(ceiling, "POST", "/ceiling", action_body, n)] * clients
                )
            )
            scenarios["ceiling_write"].append(
                run_load(
                    pool,
                    _client_static,
                    [(ceiling, "POST", "/ceiling/write", action_body, n)] * clients,
                )
            )
            scenarios["ceiling_write_raw"].append(
                run_load(
                    pool,
                    _client_static,
                    [(ceiling, "POST", "/ceiling/write-raw", action_body, n)] * clients,
                )
            )
            scenarios["submit_action"].append(run_load(
                pool, _client_submit, [(ours, chunks[c], n) for c in range(clients)]))  # fmt: skip
        summary = {
            name: {
                key: round(statistics.median(run[key] for run in runs), 2)
                for key in ("rps", "p50_ms", "p99_ms")
            }
            | {"rounds": [{k: round(v, 2) for k, v in run.items()} for run in runs]}
            for name, runs in scenarios.items()
        }
        summary["ratios"] = {
            "get_state_vs_ceiling": round(
                summary["get_state"]["rps"] / summary["ceiling_get"]["rps"], 3
            ),
            "submit_action_vs_ceiling": round(
                summary["submit_action"]["rps"] / summary["ceiling_post"]["rps"], 3
            ),
            # Not the goal's ceiling: the same view after committing one row (a durable write).
            "submit_action_vs_write_ceiling": round(
                summary["submit_action"]["rps"] / summary["ceiling_write"]["rps"], 3
            ),
            # The floor for any design that commits each move: a bare DBAPI write.
            "raw_write_vs_ceiling": round(
                summary["ceiling_write_raw"]["rps"] / summary["ceiling_post"]["rps"], 3
            ),
        }
        return summary


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite,postgresql", help="comma-separated backends")
    parser.add_argument("--requests", type=int, default=2000, help="per scenario and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--threads", type=int, default=1, help="per worker; >1 uses gthread")
    args = parser.parse_args([] if argv is None else argv)
    results: dict[str, Any] = {
        "benchmark": "api",
        "goal": "get_state and submit_action reach >= 0.7 of the bare-Flask ceiling",
        "settings": {
            "gunicorn": f"--workers {args.workers} --threads {args.threads} --worker-class "
            + ("sync" if args.threads == 1 else "gthread"),
            "clients": args.clients,
            "requests_per_scenario_round": args.requests,
            "rounds": args.rounds,
            "aggregate": "median over rounds",
            "connection": "one TCP connection per request (gunicorn sync workers close it)",
        },
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_before": [round(x, 2) for x in os.getloadavg()],
        },
        "databases": {},
    }
    for kind in [k.strip() for k in args.db.split(",") if k.strip()]:
        print(f"api_bench: {kind} ...", flush=True)
        summary = bench_db(
            kind, args.requests, args.rounds, args.clients, args.workers, args.threads
        )
        results["databases"][kind] = summary
        for name in (
            "ceiling_get", "get_state", "ceiling_post", "ceiling_write", "ceiling_write_raw",
            "submit_action",
        ):  # fmt: skip
            s = summary[name]
            print(f"  {name:17s} {s['rps']:8.0f} req/s  p50 {s['p50_ms']:6.2f} ms  "
                  f"p99 {s['p99_ms']:6.2f} ms")  # fmt: skip
        print(f"  ratios: {summary['ratios']}", flush=True)
    results["machine"]["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
