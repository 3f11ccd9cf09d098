"""Bot replies as games multiply: reply latency and bot moves/s with 10 to 1,000 games in
play, with one and two worker processes (issue 21's benchmark).

``python -m bench.reply_bench [--games 10,50,200,1000] [--workers 1,2] [--seconds 20]``

Each game has one scripted human (seat 0, played from this process through the service,
answering ``actions[0]`` as soon as the decision is theirs, as an eager person would, or
after a think time drawn at random with a mean of ``--think`` seconds, as people reading the
board would: exponential, seeded, so that the games' humans do not answer in lockstep. A
constant think time made all 200 humans answer within the same moment, a burst of 200 bot
turns that the workers drain at their throughput, whatever the mean load) and
three bots. Bots are played by Celery pool processes (``--concurrency``) on a Redis and a
PostgreSQL database of the benchmark's own. Per step, after every game has started:

* ``reply``: from the human's log entry to the first bot entry after it in the same game
  (``created_at``, both server-side commit times): what the person waits for;
* ``bot_moves_per_s``: bot entries committed per second over the step;
* ``bot_decision``: the gap between two consecutive bot entries of a game (the second
  bot's queue wait, think time and write);
* ``bot_task``: a bot turn's own wall time in the worker (Celery's "succeeded in"): think
  time, read and write, without the queue; for ``mcts-fast`` (``--mcts``) the figure to hold
  against the level's budget plus 100 ms.

Writes ``bench/results/reply.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bench.percentiles import rank
from bench.worker_stack import celery_service
from harness import processes
from harness.databases import postgres_database

RESULTS = Path(__file__).resolve().parent / "results" / "reply.json"
HUMAN = {"kind": "human"}


class Humans(threading.Thread):
    """Every game's seat 0: whenever a game waits for it, answer ``actions[0]`` at once, or
    after an exponential think time of mean ``think`` seconds."""

    def __init__(self, service: Any, tokens: dict[str, str], think: float = 0.0) -> None:
        super().__init__(daemon=True)
        self.service, self.tokens, self.think = service, tokens, think
        self.stop = threading.Event()
        self.moves = 0
        self.rng = random.Random(21)
        self.due_at: dict[tuple[str, int], float] = {}  # (game, seq) -> when to answer

    def _think(self) -> float:
        return self.rng.expovariate(1 / self.think) if self.think > 0 else 0.0

    def _answer(self, game_id: str, seq: int, action: dict[str, Any]) -> None:
        from service.plumbing.errors import ServiceError

        try:
            self.service.moves.apply_action(game_id, 0, action, expected_seq=seq)
            self.moves += 1
        except ServiceError:
            pass  # the game moved on meanwhile: the next look finds the new decision

    def run(self) -> None:
        from service.models import GameRow

        # Look at (id, seq) only and read the decisions of the games due: the harness shares
        # the machine with what it measures, and with think times most waiting games are not
        # due, so reading (and parsing) every waiting game's decision every 10 ms took CPU
        # from the workers for nothing.
        with ThreadPoolExecutor(4) as pool:
            while not self.stop.is_set():
                waiting = self._select(GameRow.status == "active", GameRow.pending_seat == 0,
                                       GameRow.id.in_(list(self.tokens)))  # fmt: skip
                now = time.monotonic()
                due = {
                    (game_id, seq)
                    for game_id, seq, _ in waiting
                    if now >= self.due_at.setdefault((game_id, seq), now + self._think())
                }
                if not due:
                    time.sleep(0.01)
                    continue
                rows = self._select(GameRow.id.in_([game_id for game_id, _ in due]), pending=True)
                answers = [r for r in rows if (r[0], r[1]) in due and r[2] is not None]
                list(pool.map(lambda r: self._answer(r[0], r[1], r[2]["actions"][0]), answers))

    def _select(self, *where: Any, pending: bool = False) -> list[Any]:
        """(id, seq, pending or None) of the games matching ``where``."""
        from sqlalchemy import null

        from service.models import GameRow

        column = GameRow.pending if pending else null()
        with self.service.sessions() as session:
            return list(session.execute(select(GameRow.id, GameRow.seq, column).where(*where)))


def _entries_since(service: Any, game_ids: list[str], since: datetime) -> list[Any]:
    from service.models import ActionLogRow

    with service.sessions() as session:
        return list(
            session.execute(
                select(
                    ActionLogRow.game_id, ActionLogRow.seq, ActionLogRow.actor,
                    ActionLogRow.created_at,
                )
                .where(ActionLogRow.game_id.in_(game_ids), ActionLogRow.created_at >= since)
                .order_by(ActionLogRow.game_id, ActionLogRow.seq)
            ).all()
        )  # fmt: skip


def _measure(entries: list[Any], seconds: float) -> dict[str, Any]:
    replies, gaps, bot_moves = [], [], 0
    previous = None
    for entry in entries:
        if entry.actor == "bot":
            bot_moves += 1
        if previous is not None and previous.game_id == entry.game_id and entry.actor == "bot":
            ms = (entry.created_at - previous.created_at).total_seconds() * 1000
            (replies if previous.actor == "human" else gaps).append(ms)
        previous = entry
    return {
        "replies": len(replies),
        "reply_p50_ms": rank(replies, 0.5),
        "reply_p95_ms": rank(replies, 0.95),
        "bot_decision_p50_ms": rank(gaps, 0.5),
        "bot_decision_p95_ms": rank(gaps, 0.95),
        "bot_moves": bot_moves,
        "bot_moves_per_s": round(bot_moves / seconds, 1),
    }


_TASK_TIME = re.compile(r"bot_turn\[[^\]]*\] succeeded in ([0-9.]+)s")


def _task_times(log: Path) -> dict[str, Any]:
    """Bot turns' wall time in the worker, from its log."""
    ms = [float(t) * 1000 for t in _TASK_TIME.findall(log.read_text(errors="replace"))]
    return {
        "bot_task_p50_ms": rank(ms, 0.5),
        "bot_task_p95_ms": rank(ms, 0.95),
        "bot_task_max_ms": round(max(ms), 1) if ms else None,
    }


def run_step(
    redis_url: str,
    games: int,
    concurrency: int,
    level: str,
    seconds: float,
    workdir: Path,
    think: float = 0.0,
    prefetch: int | None = None,
) -> dict[str, Any]:
    """One step on a fresh database: ``games`` games, one worker with ``concurrency``
    (and ``--prefetch-multiplier prefetch`` when given)."""
    with (
        postgres_database("ursuppe_reply", durable=True) as db_url,
        celery_service(db_url, redis_url, prefix="ursuppe-reply") as (env, queue, service),
    ):
        worker = processes.WorkerProcess(
            env,
            queue=queue,
            concurrency=concurrency,
            workdir=workdir,
            name=f"reply-{queue[-4:]}",
            prefetch=prefetch,
        ).start(timeout=60)
        humans = None
        try:
            bot = {"kind": "bot", "level": level}
            owner = service.accounts.create("bench").player.id  # search bots need a player
            tokens = {}
            for i in range(games):
                created = service.creation.create_game(
                    players=4, seats=[HUMAN, bot, bot, bot], time_limit=0, seed=1000 + i,
                    player=owner,
                )  # fmt: skip
                tokens[created.game.id] = service.seating.join(created.game.id, "eager").token
            humans = Humans(service, tokens, think)
            humans.start()
            time.sleep(min(5.0, seconds / 4))  # past the start of every game
            since = datetime.now().astimezone()
            t0 = time.monotonic()
            time.sleep(seconds)
            elapsed = time.monotonic() - t0
            result = _measure(_entries_since(service, list(tokens), since), elapsed)
            result |= _task_times(worker.logfile)
        finally:
            if humans is not None:
                humans.stop.set()
                humans.join(10)
            worker.stop()
    return {
        "games": games, "worker_processes": concurrency, "level": level, "human_think_s": think,
        "prefetch_multiplier": prefetch or 1, **result,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="10,50,200,1000")
    parser.add_argument("--workers", default="1,2", help="worker pool processes per step")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured per step")
    parser.add_argument("--mcts", default="10", help="games for the mcts-fast steps ('' to skip)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a human takes per decision, exponential (0: at once)",
    )
    parser.add_argument(
        "--prefetch",
        type=int,
        default=None,
        help="the worker's --prefetch-multiplier (default: the app's, 1; docs/deploy.md)",
    )
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])
    steps = [
        (int(g), int(w), "random") for g in args.games.split(",") for w in args.workers.split(",")
    ]
    steps += [
        (int(g), int(w), "mcts-fast")
        for g in args.mcts.split(",")
        if g
        for w in args.workers.split(",")
    ]
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-reply-bench-"))
    runs = []
    with processes.redis_server() as redis_url:
        for games, workers, level in steps:
            print(
                f"reply_bench: {games} games, {workers} worker process(es), {level} ...", flush=True
            )
            run = run_step(
                redis_url, games, workers, level, args.seconds, workdir, args.think, args.prefetch
            )
            run["loadavg"] = [round(x, 2) for x in os.getloadavg()]
            print("  " + json.dumps(run), flush=True)
            runs.append(run)
    result = {
        "benchmark": "reply",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": {
            "games": "4 seats: one scripted human, three bots",
            "human": (
                f"answers after an exponential think time of mean {args.think} s"
                if args.think > 0
                else "answers at once"
            ),
            "worker": "one Celery worker, --concurrency = worker processes, no beat",
            "databases": "PostgreSQL (durable commits), a private Redis",
            "seconds_per_step": args.seconds,
        },
        "goal": "reply p95 <= 500 ms with 200 games in play; throughput rising with workers",
        "runs": runs,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.output}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
