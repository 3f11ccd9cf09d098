"""Positions benchmark: does ``GET /games/{id}/positions/{seq}`` cost the same at any seq?

``python -m bench.positions_bench`` plays one six-player game to the end through the
service (seeded random legal actions, so it runs long), on a SQLite file and on a
PostgreSQL database of its own, then times whole requests through the real Flask app (test
client): the position at seq 0, half-way and at the last seq, and, where the endpoint
exists, the last 100 positions in one request (``/positions?from=&to=``). ``--runs`` each, p50 and p95 of the wall time. Writes
``bench/results/positions.json``; run it on two checkouts for a before/after.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from api.app import create_app
from bench.percentiles import rank
from harness.databases import temporary_database
from service.plumbing.config import Settings
from service.plumbing.db import upgrade_database

RESULTS = Path(__file__).resolve().parent / "results" / "positions.json"


def _long_game(app: Any, seed: int) -> tuple[str, int]:
    """A six-player game played to the end with random legal actions: its id and last seq."""
    client = app.test_client()
    api = "/api/v1"
    game = client.post(f"{api}/games", json={"players": 6, "time_limit": 0}).json["game"]
    tokens = [client.post(f"{api}/games/{game['id']}/seats", json={"name": f"p{i}"}).json
              for i in range(6)]  # fmt: skip
    by_seat = {t["seat"]: t["token"] for t in tokens}
    rnd = random.Random(seed)
    while True:
        pending = client.get(f"{api}/games/{game['id']}/pending").json
        if pending["pending"] is None:
            return game["id"], pending["seq"]
        p = pending["pending"]
        r = client.post(
            f"{api}/games/{game['id']}/actions",
            json={"action": rnd.choice(p["actions"]), "expected_seq": pending["seq"]},
            headers={"Authorization": f"Bearer {by_seat[p['seat']]}"},
        )
        assert r.status_code == 200, r.json


def _time(client: Any, url: str, runs: int) -> dict[str, Any]:
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = client.get(url)
        samples.append((time.perf_counter() - t0) * 1000)
        if r.status_code != 200:
            return {"status": r.status_code}
    return {"p50_ms": round(statistics.median(samples), 2), "p95_ms": rank(samples, 0.95)}


def measure(url: str, runs: int) -> dict[str, Any]:
    upgrade_database(url)
    app = create_app(Settings(database_url=url, auto_migrate=False, scheduler="none"))
    game_id, last = _long_game(app, seed=26)
    client = app.test_client()
    base = f"/api/v1/games/{game_id}/positions"
    mid = last // 2
    return {
        "last_seq": last,
        "seq_0": _time(client, f"{base}/0", runs),
        "seq_mid": {"seq": mid, **_time(client, f"{base}/{mid}", runs)},
        "seq_last": {"seq": last, **_time(client, f"{base}/{last}", runs)},
        "range_last_100": _time(client, f"{base}?from={last - 99}&to={last}", runs),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"machine": f"{platform.machine()}, {platform.python_version()}"}
    with tempfile.TemporaryDirectory(prefix="ursuppe-positions-") as tmp:
        for backend in ("sqlite", "postgresql"):
            with temporary_database(backend, Path(tmp)) as url:
                result[backend] = measure(url, args.runs)
    print(json.dumps(result, indent=2))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
