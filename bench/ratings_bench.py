"""Ratings, standings and bulk creation benchmark, on PostgreSQL.

``python -m bench.ratings_bench`` creates its own PostgreSQL database with ``--players``
players and ``--games`` finished 4-seat games under one label (results rotate through the
seats; the rows are made by ``generate_series`` in SQL, filling is not measured), then
times through ``GameService``:

- ``rate_game`` of every finished game, one after the other (what a worker does per
  finished game: lock the players' ratings, write them, the history and ``rated_games``);
- a replayed ``rate_game`` of an already rated game (the duplicate's no-op);
- ``standings`` of the label (all its finished games);
- ``create_games`` of 100 games with four seats reserved for players (one transaction).

Median and p95 of the wall time in milliseconds. Writes ``bench/results/ratings.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import text

from harness.databases import postgres_database
from service.game_service import GameService
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database

RESULTS = Path(__file__).resolve().parent / "results" / "ratings.json"

FILL_PLAYERS = """
INSERT INTO players (id, name, created_at)
SELECT 'p' || k, 'player ' || k, now() FROM generate_series(0, :players - 1) k
"""
FILL_GAMES = """
INSERT INTO games (id, status, players, seed, options, seq, version, time_limit,
  timeout_policy, creator_token_hash, created_at, updated_at, finished_at, private, rated,
  label, result)
SELECT 'g' || i, 'finished', 4, i, '{}', 100, 1, 600, 'default_action', md5(i::text),
  now() - (:games - i) * interval '1 second', now(), now(), false, true, 'bench',
  (CASE i % 4 WHEN 0 THEN '{"ranking": [0, 1, 2, 3], "scores": [9, 7, 5, 3]}'
              WHEN 1 THEN '{"ranking": [1, 2, 3, 0], "scores": [2, 9, 7, 5]}'
              WHEN 2 THEN '{"ranking": [2, 3, 0, 1], "scores": [5, 3, 9, 7]}'
              ELSE '{"ranking": [3, 0, 1, 2], "scores": [7, 5, 3, 9]}' END)::json
FROM generate_series(1, :games) AS i
"""
FILL_SEATS = """
INSERT INTO seats (game_id, seat, kind, timeouts, replaced_by_bot, resigned, player_id)
SELECT 'g' || i, s, 'human', 0, false, false, 'p' || ((i * 4 + s * 7) % :players)
FROM generate_series(1, :games) AS i, generate_series(0, 3) AS s
"""


def stats(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    return {
        "runs": len(samples),
        "median_ms": round(statistics.median(samples), 2),
        "p95_ms": round(samples[int(0.95 * (len(samples) - 1))], 2),
    }


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    with postgres_database("ursuppe_bench_ratings") as url:
        upgrade_database(url)
        engine = make_engine(url)
        with engine.begin() as conn:
            params = {"players": args.players, "games": args.games}
            for sql in (FILL_PLAYERS, FILL_GAMES, FILL_SEATS):
                conn.execute(text(sql), params)
        settings = Settings(database_url=url, auto_migrate=False, scheduler="none")
        service = GameService(make_sessionmaker(engine), settings=settings)

        started = time.perf_counter()
        rate = [
            timed(lambda i=i: service.ratings.rate_game(f"g{i}")) for i in range(1, args.games + 1)
        ]
        rate_total = time.perf_counter() - started
        replay = [timed(lambda i=i: service.ratings.rate_game(f"g{i}")) for i in range(1, 201)]
        standings = [
            timed(lambda: service.labels.standings("bench", [3, 2, 1, 0])) for _ in range(10)
        ]
        site = service.accounts.create("site").player.id
        service.labels.claim("bench-cup", site)
        for k in range(args.players):  # every player lets the site seat it
            service.labels.enter("bench-cup", f"p{k}", share_seat_tokens=True)
        seat = lambda k: {"kind": "human", "player": f"p{k % args.players}"}  # noqa: E731
        spec = lambda n: {"players": 4, "seats": [seat(n * 4 + s) for s in range(4)],  # noqa: E731
                          "label": "bench-cup"}  # fmt: skip
        bulk = [
            timed(
                lambda r=r: service.creation.create_games(
                    [spec(r * 100 + n) for n in range(100)], player=site
                )
            )
            for r in range(5)
        ]
        board, rated = service.ratings.leaderboard(page_size=3)
        engine.dispose()
    result = {
        "players": args.players,
        "games": args.games,
        "rate_game": stats(rate) | {"games_per_s": round(args.games / rate_total, 1)},
        "rate_game_replayed": stats(replay),
        "standings_of_the_label": stats(standings),
        "create_games_100x4_reserved": stats(bulk),
        "rated_players": rated,
        "leader": {"player_id": board[0].player_id, "ordinal": round(board[0].ordinal, 3)},
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
