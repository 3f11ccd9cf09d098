"""Players benchmark: the cost of a player's "my games" and "my turns" queries with 100,000
games in PostgreSQL.

``python -m bench.players_bench`` creates its own PostgreSQL database, fills it with
``--games`` games (3 seats each, statuses 10 % open, 30 % active, 60 % finished) whose
seats are linked at random to ``--players`` players (one seat in five stays unlinked, as
casual play), then times ``Accounts.player_games`` (first page, all statuses and
``status=active``) and ``Accounts.player_turns`` for sampled players through the
service (median and p95 of the wall time, SQLAlchemy included), and records PostgreSQL's
``EXPLAIN (ANALYZE, BUFFERS)`` of both statements. Writes ``bench/results/players.json``.
The rows are made by ``generate_series`` in SQL: filling is not what is measured.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from sqlalchemy import Engine, event, text

from harness.databases import postgres_database
from service.game_service import GameService
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database

RESULTS = Path(__file__).resolve().parent / "results" / "players.json"

FILL_GAMES = """
INSERT INTO games (id, status, players, seed, options, seq, version, pending_seat,
  pending_kind, time_limit, timeout_policy, deadline_at, creator_token_hash, created_at,
  updated_at, private)
SELECT 'g' || i,
  CASE WHEN i % 10 = 0 THEN 'open' WHEN i % 10 < 4 THEN 'active' ELSE 'finished' END,
  3, i, '{}', i % 50, 1,
  CASE WHEN i % 10 BETWEEN 1 AND 3 THEN i % 3 END,
  CASE WHEN i % 10 BETWEEN 1 AND 3 THEN 'move' END,
  600, 'default_action',
  CASE WHEN i % 10 BETWEEN 1 AND 3 THEN now() + (i % 600) * interval '1 second' END,
  md5(i::text), now() - i * interval '1 second', now(), false
FROM generate_series(1, :games) AS i
"""
FILL_SEATS = """
INSERT INTO seats (game_id, seat, kind, timeouts, replaced_by_bot, resigned, player_id)
SELECT 'g' || i, s, 'human', 0, false, false,
  CASE WHEN (i * 7 + s * 13) % 5 = 0 THEN NULL
       ELSE 'p' || ((i * 31 + s * 17) % :players) END
FROM generate_series(1, :games) AS i, generate_series(0, 2) AS s
"""


def timed(fn, runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return {
        "median_ms": round(statistics.median(samples), 3),
        "p95_ms": round(samples[int(0.95 * (len(samples) - 1))], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    with postgres_database("ursuppe_bench_players") as url:
        upgrade_database(url)
        engine = make_engine(url)
        with engine.begin() as conn:
            params = {"games": args.games, "players": args.players}
            conn.execute(text(FILL_GAMES), params)
            conn.execute(text(FILL_SEATS), params)
            conn.execute(text("ANALYZE"))
        svc = GameService(make_sessionmaker(engine), settings=Settings(database_url=url))
        rng = random.Random(7)
        players = [f"p{rng.randrange(args.players)}" for _ in range(args.runs)]
        it = iter(players * 4)
        seats_per_player = 3 * args.games * 4 / 5 / args.players
        result = {
            "games": args.games,
            "players": args.players,
            "seats_per_player": round(seats_per_player),
            "runs": args.runs,
            "my_games_first_page": timed(lambda: svc.accounts.player_games(next(it)), args.runs),
            "my_games_active": timed(
                lambda: svc.accounts.player_games(next(it), status="active"), args.runs
            ),
            "my_turns": timed(lambda: svc.accounts.player_turns(next(it)), args.runs),
        }
        plans = {}
        with engine.connect() as conn:
            for name, (sql, params) in _statements(svc, engine).items():
                rows = conn.exec_driver_sql("EXPLAIN (ANALYZE, BUFFERS) " + sql, params).all()
                plans[name] = [r[0] for r in rows]
        result["plans"] = plans
        engine.dispose()
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "plans"}, indent=2))


def _statements(svc: GameService, engine: Engine) -> dict[str, tuple[str, object]]:
    """The SQL (with its parameters) the service itself runs for one player's "my games"
    page and "my turns", caught on the way to the driver, for EXPLAIN."""
    caught: list[tuple[str, object]] = []

    def catch(_conn, _cursor, statement, parameters, _context, _many) -> None:  # noqa: ANN001
        if "LIMIT" in statement.upper():
            caught.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", catch)
    try:
        svc.accounts.player_games("p42")
        games = caught[-1]
        svc.accounts.player_turns("p42")
        turns = caught[-1]
    finally:
        event.remove(engine, "before_cursor_execute", catch)
    return {"my_games": games, "my_turns": turns}


if __name__ == "__main__":
    main()
