"""Quick play: seek to game for 100 seekers at once (issue 31).

``python -m bench.seeks_bench [--seekers N] [--backends postgresql,sqlite]`` →
``bench/results/seeks.json``. Through ``GameService`` (no HTTP), on a fresh database per
backend (PostgreSQL with durable commits; SQLite in WAL mode, as embedded mode runs it):

* **meet**: N threads, released together by a barrier, each post a seek for the same
  4-player game (``Seeks.post`` matches at once when a pool is full). Seek to game is,
  per seeker, from the moment its thread calls ``post`` to the commit of its match (the
  seek's ``ended_at``, written in the transaction that creates the game); ``total`` is the
  first call to the last match. Every seek must end matched, in a full game of people.
* **meet_without_turns**: the same with a process's matchers not taking turns (each
  builds its game and the claim decides), for comparison in the same run.
* **fill**: N seekers each alone in a pool of its own (a per-decision clock of its own),
  wait 5 s; when every wait is over one ``Seeks.sweep`` (what beat runs every
  ``URSUPPE_SWEEP_INTERVAL``) fills them all with bots. Per seek: from the sweep's start
  (right after the last wait ended) to its match; ``total`` is the sweep's duration. In production add up to one sweep interval (5 s), or nothing when
  the ETA message fires first.

Run it under ``nice -n 19`` on a shared machine; figures are noisy there.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bench.percentiles import nearest
from harness.databases import postgres_database
from service.game_service import GameService
from service.models import SeatRow, SeekRow
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database

RESULTS = Path(__file__).parent / "results" / "seeks.json"


def _stats(values: list[float]) -> dict[str, Any]:
    return {
        "n": len(values),
        "p50_ms": nearest(values, 0.50),
        "p95_ms": nearest(values, 0.95),
        "p99_ms": nearest(values, 0.99),
        "max_ms": round(max(values), 1) if values else None,
    }


def _service(url: str) -> GameService:
    upgrade_database(url)
    engine = make_engine(url)
    return GameService(make_sessionmaker(engine), settings=Settings(database_url=url))


def meet(service: GameService, seekers: int) -> dict[str, Any]:
    ids = [service.accounts.create(f"m{i}").player.id for i in range(seekers)]
    started: dict[str, float] = {}
    errors: list[str] = []
    gate = threading.Barrier(seekers)

    def seek(player_id: str) -> None:
        try:
            gate.wait()
            started[player_id] = time.time()
            service.seeks.post(player_id, players=4, wait=600)
        except Exception as err:  # noqa: BLE001 - reported in the result
            errors.append(repr(err))

    lost_before = service.seeks.lost_claims
    threads = [threading.Thread(target=seek, args=(p,)) for p in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with service.sessions() as session:
        rows = session.scalars(select(SeekRow).where(SeekRow.player_id.in_(ids))).all()
        seated = session.scalars(
            select(SeatRow.player_id).where(SeatRow.player_id.in_(ids), SeatRow.kind == "human")
        ).all()
    matched = [r for r in rows if r.status == "matched" and r.ended_at is not None]
    latency = [(r.ended_at.timestamp() - started[r.player_id]) * 1000 for r in matched]
    first = min(started.values())
    last = max(r.ended_at.timestamp() for r in matched) if matched else first
    return {
        **_stats(latency),
        "total_ms": round((last - first) * 1000, 1),
        "matched": len(matched),
        "games": len({r.game_id for r in matched}),
        "seated_once": sorted(seated) == sorted(ids),
        "games_undone": service.seeks.lost_claims - lost_before,
        "errors": errors[:5],
    }


def meet_without_turns(service: GameService, seekers: int) -> dict[str, Any]:
    """``meet`` with the matchers of a pool not taking turns (as before commit "seeks: a
    process's matchers of one pool take turns"): the side-by-side comparison."""
    stripes = service.seeks._stripes
    service.seeks._stripes = [contextlib.nullcontext()]  # type: ignore[list-item]
    try:
        return meet(service, seekers)
    finally:
        service.seeks._stripes = stripes


def fill(service: GameService, seekers: int) -> dict[str, Any]:
    ids = [service.accounts.create(f"f{i}").player.id for i in range(seekers)]
    for i, player_id in enumerate(ids):  # each in a pool of its own
        control = {"type": "per_decision", "seconds": 100 + i}
        service.seeks.post(player_id, players=3, time_control=control, wait=5)
    with service.sessions() as session:
        latest = max(session.scalars(select(SeekRow.expires_at).where(SeekRow.player_id.in_(ids))))
    time.sleep(max(0.0, (latest - datetime.now(UTC)).total_seconds()) + 0.01)
    began, swept = time.perf_counter(), time.time()
    made = service.seeks.sweep(limit=seekers)
    took = (time.perf_counter() - began) * 1000
    with service.sessions() as session:
        rows = session.scalars(select(SeekRow).where(SeekRow.player_id.in_(ids))).all()
    matched = [r for r in rows if r.status == "matched" and r.ended_at is not None]
    lateness = [(r.ended_at.timestamp() - swept) * 1000 for r in matched]
    return {**_stats(lateness), "total_ms": round(took, 1), "matched": len(matched),
            "games": len(made)}  # fmt: skip


def _all(service: GameService, seekers: int) -> dict[str, Any]:
    return {
        "meet": meet(service, seekers),
        "meet_without_turns": meet_without_turns(service, seekers),
        "fill": fill(service, seekers),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.seeks_bench")
    parser.add_argument("--seekers", type=int, default=100)
    parser.add_argument("--backends", default="postgresql,sqlite")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])
    load_before = os.getloadavg()
    results: dict[str, Any] = {}
    for backend in args.backends.split(","):
        if backend == "postgresql":
            with postgres_database("ursuppe_bench_seeks", durable=True) as url:
                service = _service(url)
                results[backend] = _all(service, args.seekers)
        else:
            path = Path(tempfile.mkdtemp(prefix="ursuppe-seeks-")) / "bench.sqlite"
            service = _service(f"sqlite:///{path}")
            results[backend] = _all(service, args.seekers)
    out = {
        "benchmark": "seeks",
        "seekers": args.seekers,
        "results": results,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "note": "shared 2-core machine: other engineers' jobs ran meanwhile (load above)",
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
