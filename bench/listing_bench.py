"""Listing benchmark: do game lists and event logs stay flat as the tables grow?

``python -m bench.listing_bench`` creates two PostgreSQL databases of its own, a SMALL
one (``--small-games``, 100 by default) and a LARGE one (``--large-games`` games and
``--log-rows`` action_log rows, 50,000 and 1,000,000 by default), both filled the same
way by ``generate_series`` in SQL (a quarter of the games open with a free human seat, a
quarter active, half finished, a third under one label; one game with a long log). Then it
times whole requests through the real Flask app (``api.app.create_app``, test client):

- ``GET /api/v1/games`` with every documented filter (none, ``status=finished``,
  ``status=active``, ``label``, ``updated_after``, ``open_seats=true|false``), the first
  page and a deep page (the ``cursor`` reached by following ``X-Next-Cursor`` about
  ``--depth`` games in, or the deepest page there is when fewer games match);
- ``GET /api/v1/games/{id}/events`` of the long-log game: the first page
  (``since=0&limit=100``) and the last page (``since = last seq - 100``).

Each request runs ``--runs`` times, alternating between the two databases so that the
shared machine's load falls on both alike; p50 and p95 of the wall time of the whole
request, and the p50 ratio large/small (issue 21's goal: at most 1.2). Writes
``bench/results/listing.json``. Filling is not measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import Engine, event, text

from api.app import create_app
from harness.databases import postgres_database
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, upgrade_database
from service.plumbing.paging import encode_cursor

RESULTS = Path(__file__).resolve().parent / "results" / "listing.json"
GOAL = 1.2
LABEL = "cup"
LONG_GAME = "g1"  # the newest game (an active one) carries the long log

# Game i (1 = newest) was created i seconds before :t0 and updated i/2 seconds before it.
# i % 4 == 0: open (seat 3 free); i % 4 == 1: active; otherwise finished. i % 3 == 0:
# labelled. Every filter matches at least a page of 20 among 100 games.
FILL_GAMES = """
INSERT INTO games (id, status, players, seed, options, seq, version, pending_seat,
  pending_kind, time_limit, timeout_policy, deadline_at, creator_token_hash, created_at,
  updated_at, started_at, finished_at, setup_events, label, private)
SELECT 'g' || i,
  CASE WHEN i % 4 = 0 THEN 'open' WHEN i % 4 = 1 THEN 'active' ELSE 'finished' END,
  4, i, '{}',
  CASE WHEN i = 1 THEN :long_log WHEN i % 4 = 0 THEN 0 ELSE :per_game END, 1,
  CASE WHEN i % 4 = 1 THEN i % 3 END,
  CASE WHEN i % 4 = 1 THEN 'move' END,
  600, 'default_action',
  CASE WHEN i % 4 = 1 THEN :t0 + (i % 600) * interval '1 second' END,
  md5('c' || i), :t0 - i * interval '1 second', :t0 - i * interval '500 milliseconds',
  CASE WHEN i % 4 <> 0 THEN :t0 - i * interval '1 second' END,
  CASE WHEN i % 4 > 1 THEN :t0 - i * interval '500 milliseconds' END,
  '[{"type": "food_placed"}]',
  CASE WHEN i % 3 = 0 THEN :label END, false
FROM generate_series(1, :games) AS i
"""
FILL_SEATS = """
INSERT INTO seats (game_id, seat, kind, bot_level, token_hash, name, timeouts,
  replaced_by_bot, resigned)
SELECT 'g' || i, s,
  CASE WHEN s IN (1, 2) THEN 'bot' ELSE 'human' END,
  CASE WHEN s IN (1, 2) THEN 'random' END,
  CASE WHEN s = 0 OR (s = 3 AND i % 4 <> 0) THEN md5('s' || i || '-' || s) END,
  CASE WHEN s = 0 OR (s = 3 AND i % 4 <> 0) THEN 'p' || s END,
  0, false, false
FROM generate_series(1, :games) AS i, generate_series(0, 3) AS s
"""
# Every game that is not open has :per_game entries; game 1 has :long_log.
FILL_LOG = """
INSERT INTO action_log (game_id, seq, seat, action, events, actor, created_at)
SELECT 'g' || i, q, q % 4, '{"type": "move", "amoeba": 1, "direction": "n"}',
  '[{"type": "moved", "amoeba": 1, "from": [2, 3], "to": [2, 2], "food_eaten": 2}]',
  CASE WHEN q % 4 IN (1, 2) THEN 'bot' ELSE 'human' END,
  :t0 - i * interval '1 second' + q * interval '1 millisecond'
FROM generate_series(1, :games) AS i,
  generate_series(1, CASE WHEN i = 1 THEN :long_log WHEN i % 4 = 0 THEN 0
                          ELSE :per_game END) AS q
"""


def fill(url: str, games: int, log_rows: int, long_log: int, t0: datetime) -> dict[str, int]:
    """Schema by migration, rows by generate_series; returns the sizes made."""
    upgrade_database(url)
    logged = sum(1 for i in range(2, games + 1) if i % 4 != 0)
    per_game = max(0, (log_rows - long_log) // max(logged, 1))
    params = {
        "games": games,
        "long_log": long_log,
        "per_game": per_game,
        "t0": t0,
        "label": LABEL,
    }
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text(FILL_GAMES), params)
            conn.execute(text(FILL_SEATS), params)
            conn.execute(text(FILL_LOG), params)
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))
            rows = conn.scalar(text("SELECT count(*) FROM action_log"))
    finally:
        engine.dispose()
    return {"games": games, "action_log_rows": int(rows or 0), "long_log": long_log}


def filters(t0: datetime) -> dict[str, dict[str, str]]:
    """Every documented filter of ``GET /games`` (docs/api.md), by name."""
    return {
        "none": {},
        "status=finished": {"status": "finished"},
        "status=active": {"status": "active"},
        "label": {"label": LABEL},
        "updated_after (3 min)": {"updated_after": (t0 - timedelta(minutes=3)).isoformat()},
        "open_seats=true": {"open_seats": "true"},
        "open_seats=false": {"open_seats": "false"},
    }


def deep_cursor(client: Any, params: dict[str, str], depth: int) -> tuple[str | None, int]:
    """The cursor ``depth`` games in, found by following ``X-Next-Cursor`` as a client
    would; when fewer games match, the cursor of the deepest full page (so that both
    databases serialise 20 games). Also how many games it skips."""
    seen: list[dict[str, Any]] = []
    cursor = None
    while len(seen) < depth + 20:
        query = {**params, **({"cursor": cursor} if cursor else {})}
        resp = client.get("/api/v1/games?" + urlencode(query))
        assert resp.status_code == 200, resp.get_data(as_text=True)
        seen += resp.get_json()
        cursor = resp.headers.get("X-Next-Cursor")
        if cursor is None:
            break
    skip = min(depth, len(seen) - 20)
    if skip <= 0:
        return None, 0
    last = seen[skip - 1]
    return encode_cursor(datetime.fromisoformat(last["created_at"]), last["id"]), skip


class StatementLog:
    """The SQL statements the app sends while ``on`` (a SQLAlchemy engine event), so that
    the benchmark can EXPLAIN exactly what a request ran."""

    def __init__(self) -> None:
        self.on = False
        self.statements: list[tuple[str, Any]] = []
        event.listen(Engine, "before_cursor_execute", self._record)

    def _record(self, conn: Any, cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if self.on:
            self.statements.append((statement, params))

    def capture(self, get: Callable[[], Any]) -> list[tuple[str, Any]]:
        self.statements, self.on = [], True
        try:
            get()
        finally:
            self.on = False
        return self.statements


def explain(url: str, statements: list[tuple[str, Any]]) -> list[list[str]]:
    """``EXPLAIN (ANALYZE, BUFFERS)`` of each statement (run once more, after the timing)."""
    engine = make_engine(url)
    plans = []
    try:
        raw = engine.raw_connection()
        try:
            cur = raw.cursor()
            for statement, params in statements:
                cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + statement, params)
                plans.append([r[0] for r in cur.fetchall()])
            raw.rollback()
        finally:
            raw.close()
    finally:
        engine.dispose()
    return plans


def _once(get: Callable[[], Any]) -> float:
    start = time.perf_counter()
    resp = get()
    elapsed = (time.perf_counter() - start) * 1000
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return elapsed


def stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small-games", type=int, default=100)
    parser.add_argument("--large-games", type=int, default=50_000)
    parser.add_argument("--log-rows", type=int, default=1_000_000, help="in the large one")
    parser.add_argument("--long-log", type=int, default=20_000, help="the long game's log")
    parser.add_argument("--small-long-log", type=int, default=1_000)
    parser.add_argument("--depth", type=int, default=4_000, help="games before the deep page")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args([] if argv is None else argv)
    t0 = datetime.now(UTC).replace(microsecond=0)
    load_before = [round(x, 2) for x in os.getloadavg()]
    sizes: dict[str, Any] = {}
    clients: dict[str, Any] = {}
    urls: dict[str, str] = {}
    statements = StatementLog()
    with ExitStack() as stack:
        for name, games, log_rows, long_log in (
            ("small", args.small_games, args.small_games * 20, args.small_long_log),
            ("large", args.large_games, args.log_rows, args.long_log),
        ):
            url = stack.enter_context(postgres_database(f"ursuppe_bench_listing_{name}"))
            urls[name] = url
            started = time.perf_counter()
            sizes[name] = fill(url, games, log_rows, long_log, t0)
            sizes[name]["fill_s"] = round(time.perf_counter() - started, 1)
            print(f"listing_bench: {name} filled {sizes[name]}", flush=True)
            settings = Settings(database_url=url, scheduler="none", auto_migrate=False)
            clients[name] = create_app(settings).test_client()
        cases: dict[str, dict[str, str]] = {}
        for fname, params in filters(t0).items():
            cases[f"games {fname}: first page"] = {"small": params, "large": params}
            deep = {}
            for db, client in clients.items():
                cursor, skipped = deep_cursor(client, params, args.depth)
                deep[db] = {**params, **({"cursor": cursor} if cursor else {})}
                sizes.setdefault("deep_page_skips", {}).setdefault(fname, {})[db] = skipped
            cases[f"games {fname}: deep page"] = deep
        results: dict[str, Any] = {}
        paths: dict[str, dict[str, str]] = {
            name: {db: "/api/v1/games?" + urlencode(q) for db, q in per_db.items()}
            for name, per_db in cases.items()
        }
        paths["events: first page"] = {
            db: f"/api/v1/games/{LONG_GAME}/events?since=0&limit=100" for db in clients
        }
        paths["events: last page"] = {
            db: f"/api/v1/games/{LONG_GAME}/events?since={sizes[db]['long_log'] - 100}&limit=100"
            for db in clients
        }
        for name, per_db in paths.items():
            for db, client in clients.items():  # warm-up: caches, connection pool
                for _ in range(5):
                    _once(lambda c=client, p=per_db[db]: c.get(p))
            samples: dict[str, list[float]] = {"small": [], "large": []}
            for _ in range(args.runs):  # alternate, so that load drift hits both alike
                for db, client in clients.items():
                    samples[db].append(_once(lambda c=client, p=per_db[db]: c.get(p)))
            row = {db: stats(s) for db, s in samples.items()}
            row["ratio_p50"] = round(row["large"]["p50_ms"] / row["small"]["p50_ms"], 2)
            sent = statements.capture(lambda p=per_db["large"]: clients["large"].get(p))
            row["large_plans"] = explain(urls["large"], sent)
            results[name] = row
            print(
                f"{name:42s} small {row['small']['p50_ms']:7.2f} / {row['small']['p95_ms']:7.2f}"
                f"  large {row['large']['p50_ms']:7.2f} / {row['large']['p95_ms']:7.2f}"
                f"  ratio {row['ratio_p50']:.2f}",
                flush=True,
            )
    report = {
        "benchmark": "listing",
        "goal": f"p50 ratio large/small <= {GOAL} for every request",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "cpus": os.cpu_count(),
            "loadavg_before": load_before,
            "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        },
        "runs": args.runs,
        "sizes": sizes,
        "requests": results,
        "within_goal": all(r["ratio_p50"] <= GOAL for r in results.values()),
    }
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    print(markdown_table(results))
    return report


def markdown_table(results: dict[str, Any]) -> str:
    lines = [
        "| request | small p50 / p95 ms | large p50 / p95 ms | p50 ratio |",
        "|---|---|---|---|",
    ]
    for name, r in results.items():
        lines.append(
            f"| {name} | {r['small']['p50_ms']} / {r['small']['p95_ms']} | "
            f"{r['large']['p50_ms']} / {r['large']['p95_ms']} | {r['ratio_p50']} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main(sys.argv[1:])
