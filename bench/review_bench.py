"""What a game review costs the review worker (docs/ai.md, "Game review").

``python -m bench.review_bench [--games 100] [--iterations 170 | --iterations 0 --budget 0.1]
[--jobs 2] [--minutes 20] [--out FILE]``

Plays finished 4-player games of ``random``, ``beginner`` and two ``greedy`` seats (seated
in turn by the game seed, fresh seeds from 3,000,000), then reviews each one as the worker
does (``ai.review.review_game`` with ``URSUPPE_REVIEW_ITERATIONS``' default of 170 counted
iterations a decision), or on the clock (``--iterations 0``: ``--budget`` seconds a decision,
stopping at 85% as the levels do), and reports per review the CPU seconds of the process
(p50, p95, max), the decisions reviewed and the iterations they got; on the clock also the
bound (0.85 × budget × decisions: a review's CPU cannot exceed it). The accuracy of each
level across the reviews says whether the review tells a careless player from a careful one.
Each game is played and reviewed in one process; ``--jobs`` processes at once. The load
average is recorded. Writes ``bench/results/review.json`` (``--out``); ``--table FILE``
prints the tables of docs/ai.md from a result file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from ai.files import write_whole
from ai.levels import make_bot
from ai.review import review_game
from bench.percentiles import summary
from engine import Game

RESULTS = Path(__file__).resolve().parent / "results" / "review.json"
FIRST_SEED = 3_000_000
LINEUP = ("random", "beginner", "greedy", "greedy")


def one(task: tuple[int, float, int | None]) -> dict[str, Any]:
    """Play the game of ``seed`` and review it with ``budget`` seconds a decision (or a
    count of ``iterations``)."""
    seed, budget, iterations = task
    shift = seed % len(LINEUP)
    seating = LINEUP[shift:] + LINEUP[:shift]
    bots = [make_bot(level, seed=seed * 7 + s) for s, level in enumerate(seating)]
    game = Game.new(len(seating), seed)
    actions = []
    while not game.is_over:
        player = game.pending_player
        action = bots[player].choose(game)
        actions.append({"seq": len(actions) + 1, "seat": player, "action": action})
        game.apply(action, player=player)
    record = {"players": len(seating), "seed": seed, "options": {}, "actions": actions}
    cpu0, wall0 = time.process_time(), time.perf_counter()
    review = review_game(record, seed=seed, time_budget=budget, iterations=iterations)
    return {
        "seed": seed,
        "seating": list(seating),
        "actions": len(actions),
        "decisions": len(review["decisions"]),
        "cpu_seconds": round(time.process_time() - cpu0, 3),
        "wall_seconds": round(time.perf_counter() - wall0, 3),
        "bound_seconds": round(0.85 * budget * len(review["decisions"]), 3),
        "iterations": review["searched_iterations"],
        "players": review["players"],
    }


def report(
    rows: list[dict[str, Any]], budget: float, elapsed: float, jobs: int, iterations: int | None
) -> dict:
    by_level: dict[str, list[float]] = {}
    flagged: dict[str, list[float]] = {}
    for r in rows:
        for p in r["players"]:
            level = r["seating"][p["seat"]]
            if p["accuracy"] is not None:
                by_level.setdefault(level, []).append(p["accuracy"])
                per = (p["inaccuracies"] + p["mistakes"] + p["blunders"]) / p["decisions"]
                flagged.setdefault(level, []).append(per)
    return {
        "bench": "review",
        "lineup": list(LINEUP),
        "budget_seconds_a_decision": None if iterations else budget,
        "iterations_counted": iterations,
        "games": len(rows),
        "cpu_seconds": summary([r["cpu_seconds"] for r in rows], 2),
        "wall_seconds": summary([r["wall_seconds"] for r in rows], 2),
        "decisions": summary([r["decisions"] for r in rows], 0),
        "bound_seconds": summary([r["bound_seconds"] for r in rows], 2),
        "cpu_over_bound_max": max(
            (r["cpu_seconds"] / r["bound_seconds"] for r in rows), default=None
        ),
        "iterations_a_decision": round(
            sum(r["iterations"] for r in rows) / max(1, sum(r["decisions"] for r in rows)), 1
        ),
        "accuracy_by_level": {
            level: {
                "players": len(v),
                "mean": round(statistics.fmean(v), 1),
                "flagged_share": round(statistics.fmean(flagged[level]), 3),
            }
            for level, v in sorted(by_level.items())
        },  # fmt: skip
        "jobs": jobs,
        "wall_seconds_total": round(elapsed, 1),
        "load_average": os.getloadavg()[0],
        "cpus": os.cpu_count(),
        "rows": rows,
    }


def markdown(doc: dict[str, Any]) -> str:
    """The tables of docs/ai.md ("Game review") from a result file."""
    c, b, d, w = doc["cpu_seconds"], doc["bound_seconds"], doc["decisions"], doc["wall_seconds"]
    lines = [
        "| reviews | decisions a game (p50) | iterations a decision | CPU s: p50 | p95 | max "
        "| wall s: p50 | bound s: p50 | load average |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {doc['games']} | {d['p50']:.0f} | {doc['iterations_a_decision']} | {c['p50']} "
        f"| {c['p95']} | {c['max']} | {w['p50']} | {b['p50']} | {doc['load_average']:.1f} |",
        "",
        "| level | players reviewed | mean accuracy | decisions flagged |",
        "|---|---:|---:|---:|",
    ]
    for level, a in doc["accuracy_by_level"].items():
        lines.append(
            f"| `{level}` | {a['players']} | {a['mean']} | {100 * a['flagged_share']:.1f}% |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.1, help="seconds a decision")
    parser.add_argument("--seed", type=int, default=FIRST_SEED)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--iterations", type=int, default=170,
        help="iterations a decision, counted (the service's default: 170); 0: the clock",
    )  # fmt: skip
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this long")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--table", type=Path, default=None, help="print the tables of a file")
    args = parser.parse_args(argv)
    if args.table is not None:
        print(markdown(json.loads(args.table.read_text())))
        return 0
    args.iterations = args.iterations or None  # 0: the clock
    tasks = [(args.seed + i, args.budget, args.iterations) for i in range(args.games)]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one, task) for task in tasks]
        for future in as_completed(futures):
            if future.cancelled():
                continue
            rows.append(future.result())
            doc = report(rows, args.budget, time.perf_counter() - t0, args.jobs, args.iterations)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            write_whole(args.out, json.dumps(doc, indent=1) + "\n")
            if args.minutes and time.perf_counter() - t0 > args.minutes * 60:
                for f in futures:
                    f.cancel()  # the games not started; those running are still counted
    doc = report(rows, args.budget, time.perf_counter() - t0, args.jobs, args.iterations)
    print(json.dumps({k: v for k, v in doc.items() if k != "rows"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
