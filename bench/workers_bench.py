"""Worker benchmark: the Celery hop a bot reply costs, and bot-game throughput.

``python -m bench.workers_bench`` (or ``make bench``) starts what it needs — Redis if
absent, its own PostgreSQL database, one Celery worker process — and writes
``bench/results/workers.json``:

* ``reply_overhead_ms``: from the moment a human's action has been committed (the
  service returned, as an HTTP handler would) to the moment the bot's reply is committed
  and visible in the database, with ``random`` bots so think time is ~0; the median think
  time measured on the same positions is subtracted and reported separately. Sequential,
  one game at a time: latency, not queueing.
* ``in_process_bot_turn_ms``: ``Turns.play_bot_turn`` called directly (no broker),
  the part of the overhead that is the service's load/apply/save rather than Celery.
* ``throughput``: ``--games`` (50) four-bot games created at once; games completed per
  minute until the last one finishes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.percentiles import summary
from bench.worker_stack import celery_service
from harness import processes
from harness.databases import postgres_database

RESULTS = Path(__file__).resolve().parent / "results" / "workers.json"
BOT = {"kind": "bot", "level": "random"}


def _wait_seq_above(sessions: Any, game_id: str, seq: int, timeout: float = 30.0) -> float:
    """Poll the games row (cheap, 2 ms) until its seq exceeds ``seq``; return that time."""
    from sqlalchemy import text

    deadline = time.perf_counter() + timeout
    with sessions() as session:
        while time.perf_counter() < deadline:
            current = session.execute(
                text("SELECT seq FROM games WHERE id = :id"), {"id": game_id}
            ).scalar_one()
            session.rollback()  # a fresh snapshot for the next poll
            if current > seq:
                return time.perf_counter()
            time.sleep(0.002)
    raise TimeoutError(f"no bot reply in {game_id} after seq {seq}")


def _think_ms(before: dict[str, Any], human_action: dict[str, Any], seed: int) -> float:
    """How long the ``random`` bot thinks on the position after the human's action."""
    from engine import Game
    from service.rules.bots import choose_bot_action

    game = Game.from_dict(before)
    game.apply(human_action, seat=0)
    t0 = time.perf_counter()
    choose_bot_action(game, "random", seed, 2.0)
    return (time.perf_counter() - t0) * 1000


def measure_reply_overhead(service: Any, samples: int, rng: random.Random) -> dict[str, Any]:
    """One human (seat 0) against three random bots, one game at a time."""
    from sqlalchemy import select

    from service.models import GameRow

    observed: list[float] = []
    thinks: list[float] = []
    games = 0
    while len(observed) < samples:
        game_id = service.creation.create_game(
            players=4, seats=[{"kind": "human"}, BOT, BOT, BOT], time_limit=0,
            seed=rng.randrange(1 << 30),
        ).game.id  # fmt: skip
        games += 1
        service.seating.join(game_id, name="bench", seat=0)
        while len(observed) < samples:
            view = _wait_for_human(service, game_id)
            if view is None:
                break  # finished
            action = rng.choice(view.pending["actions"])
            with service.sessions() as session:
                before = session.scalar(select(GameRow.state).where(GameRow.id == game_id))
            result = service.moves.apply_action(game_id, 0, action, expected_seq=view.seq)
            t_committed = time.perf_counter()
            nxt = result.pending
            if result.status != "active" or nxt is None or nxt["seat"] == 0:
                continue  # no bot replies to this one
            t_applied = _wait_seq_above(service.sessions, game_id, result.seq)
            observed.append((t_applied - t_committed) * 1000)
            # Think time on exactly the position the bot faced (rebuilt locally, untimed).
            thinks.append(_think_ms(before, action, len(observed)))
    think = statistics.median(thinks)
    return {
        "observed_ms": summary(observed, 2),
        "think_ms_median": round(think, 3),
        "overhead_ms": summary([max(0.0, v - think) for v in observed], 2),
        "games": games,
    }


def _wait_for_human(service: Any, game_id: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = service.games.get(game_id)
        if view.status != "active":
            return None
        if view.pending_seat == 0:
            return view
        time.sleep(0.005)
    raise TimeoutError(f"the bots never handed {game_id} back to the human")


def measure_in_process(service: Any, moves: int, rng: random.Random) -> dict[str, Any]:
    """``play_bot_turn`` called directly: the service's share of each bot reply."""
    from service.plumbing.scheduling import NullScheduler

    saved, service.scheduler = service.scheduler, NullScheduler()
    timings: list[float] = []
    try:
        while len(timings) < moves:
            game_id = service.creation.create_game(
                players=4, seats=[BOT] * 4, time_limit=0, seed=rng.randrange(1 << 30)
            ).game.id
            while len(timings) < moves:
                view = service.games.get(game_id)
                if view.status != "active":
                    break
                t0 = time.perf_counter()
                service.turns.play_bot_turn(game_id, view.seq)
                timings.append((time.perf_counter() - t0) * 1000)
    finally:
        service.scheduler = saved
    return summary(timings, 2)


def measure_throughput(service: Any, games: int, rng: random.Random) -> dict[str, Any]:
    """Create ``games`` four-bot games at once and time until every one has finished."""
    from sqlalchemy import func, select

    from service.models import GameRow

    t0 = time.perf_counter()
    ids = [
        service.creation.create_game(
            players=4, seats=[BOT] * 4, time_limit=0, seed=rng.randrange(1 << 30)
        ).game.id
        for _ in range(games)
    ]
    created = time.perf_counter() - t0
    done_at: list[float] = []
    while True:
        with service.sessions() as session:
            done = session.scalar(
                select(func.count()).where(GameRow.id.in_(ids), GameRow.status == "finished")
            )
            moves = session.scalar(select(func.sum(GameRow.seq)).where(GameRow.id.in_(ids)))
        if done > len(done_at):
            done_at.extend([time.perf_counter() - t0] * (done - len(done_at)))
        if done == games:
            break
        if time.perf_counter() - t0 > 3600:
            raise TimeoutError(f"only {done}/{games} games finished in an hour")
        time.sleep(0.5)
    elapsed = time.perf_counter() - t0
    return {
        "games": games,
        "wall_s": round(elapsed, 1),
        "create_s": round(created, 2),
        "games_per_minute": round(games / elapsed * 60, 2),
        "bot_moves": int(moves or 0),
        "bot_moves_per_s": round((moves or 0) / elapsed, 1),
        "first_finished_s": round(done_at[0], 1),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark, print and write the results; returns them."""
    parser = argparse.ArgumentParser(prog="python -m bench.workers_bench")
    parser.add_argument("--samples", type=int, default=200, help="bot replies to time")
    parser.add_argument("--games", type=int, default=50, help="parallel bot-only games")
    parser.add_argument("--concurrency", type=int, default=2, help="worker pool processes")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])

    rng = random.Random(20261122)
    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-wbench-"))
    with (
        processes.redis_server() as redis_url,
        postgres_database("ursuppe_wb", durable=True) as pg,
        celery_service(pg, redis_url) as (env, queue, service),
    ):
        worker = processes.WorkerProcess(
            env, queue=queue, concurrency=args.concurrency, beat=True, workdir=workdir
        )
        try:
            in_process = measure_in_process(service, min(args.samples, 200), rng)
            worker.start()
            print("measuring reply overhead…", flush=True)
            overhead = measure_reply_overhead(service, args.samples, rng)
            print(f"throughput: {args.games} bot games in parallel…", flush=True)
            throughput = measure_throughput(service, args.games, rng)
        finally:
            worker.stop()
    results = {
        "benchmark": "workers",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            # Other processes on this shared machine skew every figure: keep the load.
            "loadavg_1m_before": round(load_before[0], 2),
            "loadavg_1m_after": round(os.getloadavg()[0], 2),
        },
        "setup": {
            "broker": "redis (local)",
            "database": "postgresql (local)",
            "worker_pool": "prefork",
            "worker_concurrency": args.concurrency,
            "bots": "random",
        },
        "reply_overhead_ms": overhead,
        "in_process_bot_turn_ms": in_process,
        "throughput": throughput,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
