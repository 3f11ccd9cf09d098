"""A player's games as a stream: does ``GET /players/{id}/games`` stay in bounded memory
as the player's games grow?

``python -m bench.player_games_bench`` creates a PostgreSQL database of its own, plays one
real 3-seat game to its end through the API (a person against two random bots), and
copies that finished game in SQL (``games``, ``seats``, ``action_log``) so that one
player holds ``--small`` finished games (100 by default) and another ``--large`` (1,000).
Copying is not measured. Then it reads each player's whole ndjson stream through the real
Flask app (``api.app.create_app``, test client, unbuffered: chunk by chunk, as a client
reads it, keeping only the counts) under ``tracemalloc``, ``--runs`` times each,
alternating: the peak of Python memory allocated while the stream is read, the bytes and
lines sent and the wall time.

The goal: the large stream's peak is at most ``GOAL`` times the small one's, although it
sends ten times as many games (the service reads a page of ids and one record at a time,
``GameReads.player_records``). Writes ``bench/results/player_games.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import Engine, text

from api import deps
from api.app import create_app
from harness.databases import postgres_database
from service.models import Base
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, upgrade_database

RESULTS = Path(__file__).resolve().parent / "results" / "player_games.json"
API = "/api/v1"
#: The large stream's peak memory over the small one's: at most this (flat, with noise).
GOAL = 1.5


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_one(client: FlaskClient, service: Any, seed: int = 1) -> tuple[str, str, str]:
    """A finished game of a new player against two random bots: (game id, player id,
    player token)."""
    r = client.post(f"{API}/players", json={"name": "Streamer"})
    player_id, token = r.json["player"]["id"], r.json["token"]
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
    r = client.post(f"{API}/games", json={"players": 3, "seats": seats, "time_limit": 0})
    assert r.status_code == 201, r.json
    game_id = r.json["game"]["id"]
    r = client.post(
        f"{API}/games/{game_id}/seats", json={"name": "Streamer"}, headers=_bearer(token)
    )
    assert r.status_code == 201, r.json
    rng = random.Random(seed)
    for _ in range(5000):
        game = client.get(f"{API}/games/{game_id}").json
        if game["status"] == "finished":
            return game_id, player_id, token
        pending = client.get(f"{API}/games/{game_id}/pending").json
        if game["seats"][pending["pending"]["seat"]]["player_id"] == player_id:
            body = {
                "action": rng.choice(pending["pending"]["actions"]),
                "expected_seq": pending["seq"],
            }
            r = client.post(f"{API}/games/{game_id}/actions", json=body, headers=_bearer(token))
            assert r.status_code == 200, r.json
        else:
            assert service.turns.play_bot_turn(game_id, pending["seq"])
    raise AssertionError("the game does not end")


def _copy_statement(table: str, replace: dict[str, str]) -> str:
    """``INSERT INTO table (...) SELECT ... FROM table WHERE game column = :source``, one
    copy per ``i`` of ``generate_series(1, :copies)``, with the columns of ``replace``
    given as SQL expressions (of ``i``) and an autoincremented ``id`` left to the table."""
    columns = [
        c.name
        for c in Base.metadata.tables[table].columns
        if not (c.name == "id" and c.autoincrement is True and table != "games")
    ]
    chosen = [replace.get(name, f"t.{name}") for name in columns]
    where = "t.id = :source" if table == "games" else "t.game_id = :source"
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(chosen)} "
        f"FROM {table} t, generate_series(1, :copies) AS i WHERE {where}"
    )


def copy_game(engine: Engine, source: str, player_id: str, prefix: str, copies: int) -> None:
    """``copies`` copies of the finished game ``source``, ids ``prefix1``…, each with the
    person's seat held by ``player_id`` and finished a second apart."""
    game_id = f"'{prefix}' || i"
    statements = [
        _copy_statement(
            "games",
            {
                "id": game_id,
                "finished_at": "t.finished_at + i * interval '1 second'",
                "label": "NULL",
            },
        ),
        _copy_statement(
            "seats",
            {
                "game_id": game_id,
                "player_id": "CASE WHEN t.player_id IS NULL THEN NULL ELSE :player END",
                "token_hash": "CASE WHEN t.token_hash IS NULL THEN NULL "
                f"ELSE md5({game_id} || '-' || t.seat) END",
            },
        ),
        _copy_statement("action_log", {"game_id": game_id}),
    ]
    with engine.begin() as conn:
        for statement in statements:
            conn.execute(text(statement), {"source": source, "copies": copies, "player": player_id})


def read_stream(client: FlaskClient, player_id: str) -> dict[str, float]:
    """Read the whole stream chunk by chunk under tracemalloc, keeping only counts."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    resp = client.get(f"{API}/players/{player_id}/games", buffered=False)
    assert resp.status_code == 200, resp.status
    sent = lines = 0
    for chunk in resp.response:
        sent += len(chunk)
        lines += chunk.count(b"\n")
    resp.close()
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"peak_kib": peak / 1024, "bytes": sent, "lines": lines, "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    with postgres_database("ursuppe_bench_player_games") as url:
        upgrade_database(url)
        settings = Settings(database_url=url, scheduler="none", auto_migrate=False)
        app = create_app(settings)
        client = app.test_client()
        service = app.extensions[deps.EXTENSION]
        source, small_player, _ = play_one(client, service)
        large_player = client.post(f"{API}/players", json={"name": "Many"}).json["player"]["id"]
        engine = make_engine(url)
        try:
            copy_game(engine, source, small_player, "s", args.small - 1)
            copy_game(engine, source, large_player, "l", args.large)
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                conn.execute(text("VACUUM ANALYZE"))
        finally:
            engine.dispose()
        runs: dict[str, list[dict[str, float]]] = {"small": [], "large": []}
        read_stream(client, small_player)  # warm: imports, caches, the first connection
        for _ in range(args.runs):
            runs["small"].append(read_stream(client, small_player))
            runs["large"].append(read_stream(client, large_player))
    summary = {
        name: {
            "games": int(samples[0]["lines"]),
            "bytes": int(samples[0]["bytes"]),
            "peak_kib_median": round(statistics.median(s["peak_kib"] for s in samples), 1),
            "peak_kib_max": round(max(s["peak_kib"] for s in samples), 1),
            "seconds_median": round(statistics.median(s["seconds"] for s in samples), 2),
        }
        for name, samples in runs.items()
    }
    assert summary["small"]["games"] == args.small and summary["large"]["games"] == args.large
    ratio = summary["large"]["peak_kib_median"] / summary["small"]["peak_kib_median"]
    result = {
        "what": "peak Python memory (tracemalloc) while GET /players/{id}/games is read to "
        "its end, small vs large count of finished games of one player",
        "runs": args.runs,
        **summary,
        "games_ratio": round(args.large / args.small, 1),
        "peak_ratio": round(ratio, 2),
        "goal_peak_ratio": GOAL,
        "bounded": ratio <= GOAL,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
