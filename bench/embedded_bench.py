"""Embedded-mode benchmark: ``make run``'s server driven over HTTP, as a user drives it.

``python -m bench.embedded_bench`` starts the runner of this checkout (its own var dir
and port, exactly as ``make run`` does), measures, stops it and writes
``bench/results/embedded.json``. ``--before DIR`` also does the same with the runner of
another checkout (e.g. ``git worktree add /tmp/before main``), phase by phase in turn with
this one, and reports both side by side from one run on the same machine; ``--url``
measures a server already running. Each phase gets a fresh runner and var dir.

* ``bot_reply_ms``: games with one scripted human seat (random legal actions from
  ``pending.actions``, played as soon as they are seen) and two random bots; for every
  human action answered by a bot, the time between the two log entries' ``created_at``
  (server clock: commit of the human's action → commit of the bot's reply). Bot think time
  (random bots: well under a millisecond) is included; HTTP polling is not.
* ``bot_moves_per_s``: ``--games`` three-bot games created at once; moves logged over the
  time until the last one finished.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import requests

from bench.percentiles import rank
from harness.embedded import (
    BOT,
    ROOT,
    Runner,
    create_game,
    event_log,
    free_port,
    play_humans,
    run_parallel,
    wait_finished,
)

RESULTS = Path(__file__).resolve().parent / "results" / "embedded.json"


def measure_replies(base: str, games: int) -> dict[str, Any]:
    """Human seat + two bots per game, ``games`` at once; latencies from the logs."""

    def one(n: int) -> list[float]:
        game_id, tokens = create_game(base, [{"kind": "human"}, BOT, BOT])
        play_humans(base, game_id, tokens, seed=n, skip=0.0, poll=0.01, timeout=600)
        entries = event_log(base, game_id)
        stamps = [datetime.fromisoformat(e["created_at"]) for e in entries]
        return [
            (stamps[i + 1] - stamps[i]).total_seconds() * 1000
            for i in range(len(entries) - 1)
            if entries[i]["actor"] == "human" and entries[i + 1]["actor"] == "bot"
        ]

    samples = [ms for per_game in run_parallel([lambda n=n: one(n) for n in range(games)],
                                               games) for ms in per_game]  # fmt: skip
    return {
        "samples": len(samples),
        "p50": round(statistics.median(samples), 1),
        "p95": rank(samples, 0.95),
        "max": round(max(samples), 1),
    }


def measure_throughput(base: str, games: int) -> dict[str, Any]:
    """``games`` three-bot games created at once; logged moves per second until the last
    one finished."""
    t0 = time.monotonic()
    ids = [create_game(base, [BOT] * 3)[0] for _ in range(games)]
    finished = wait_finished(base, ids, timeout=900)
    took = time.monotonic() - t0
    moves = sum(game["seq"] for game in finished)
    return {"games": games, "moves": moves, "seconds": round(took, 1),
            "bot_moves_per_s": round(moves / took, 1)}  # fmt: skip


def measure(base: str, reply_games: int, games: int) -> dict[str, Any]:
    return {
        "bot_reply_ms": measure_replies(base, reply_games),
        "throughput": measure_throughput(base, games),
    }


def measure_phase(root: Path, name: str, phase: Callable[[str], dict]) -> dict[str, Any]:
    """Start ``root``'s runner as ``make run`` does (this venv's Python), run one phase,
    stop. A fresh runner per phase, so that a runner dying in one phase (the old
    filesystem broker did) still lets the other be measured; a failure is reported with
    the runner's last words, never hidden."""
    with tempfile.TemporaryDirectory(prefix="ue-bench-") as tmp:
        runner = Runner(Path(tmp) / "var", free_port(), Path(tmp) / "run.log", root=root)
        runner.start()
        try:
            base = runner.wait_up()
            broker = next(line.split(None, 1)[1] for line in runner.log().splitlines()
                          if line.strip().startswith("broker"))  # fmt: skip
            try:
                return {"broker": broker, **phase(base)}
            except (AssertionError, requests.RequestException) as exc:
                time.sleep(2)  # let a dying runner say why
                return {
                    "broker": broker,
                    "failed": f"{type(exc).__name__}: {str(exc)[:200]}",
                    "runner_log": [
                        line for line in runner.log().splitlines()
                        if "run_embedded" in line or "Error" in line or "CRITICAL" in line
                    ][-6:],
                }  # fmt: skip
        finally:
            runner.stop()


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark, print and write the results; returns them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="another checkout to measure alongside")
    parser.add_argument("--url", help="measure a running server (its /api/v1 URL) instead")
    parser.add_argument("--reply-games", type=int, default=3)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--phase", action="append", choices=["bot_reply_ms", "throughput"],
                        help="run only this phase (repeatable; default: both)")  # fmt: skip
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    runs: dict[str, Any] = {}
    load_before = os.getloadavg()[0]
    if args.url:
        runs["given"] = measure(args.url, args.reply_games, args.games)
    else:
        checkouts = {"before": args.before} if args.before else {}
        checkouts["after"] = ROOT
        phases: dict[str, Callable[[str], dict]] = {
            "bot_reply_ms": lambda base: measure_replies(base, args.reply_games),
            "throughput": lambda base: measure_throughput(base, args.games),
        }
        # Phase by phase, the checkouts one after the other: a load that drifts during the
        # run (a shared machine) hits both sides of each comparison alike.
        for name, phase in phases.items():
            if args.phase and name not in args.phase:
                continue
            for label, root in checkouts.items():
                runs.setdefault(label, {"root": str(root)})[name] = measure_phase(root, name, phase)
    results = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_average_before": round(load_before, 2),
        "load_average_after": round(os.getloadavg()[0], 2),
        "runs": runs,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    main()
