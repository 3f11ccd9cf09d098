"""Swiss pairing benchmark (service/rules/tournament_pairing.py, docs/tournaments.md).

``python -m bench.tournament_bench`` plays a Swiss of ``--entrants`` (1,000) at tables of
each size of ``--sizes`` (3 to 6, down to 3) over ``--rounds`` (7) rounds with random
finishing orders (ratings drawn once, the same seed every run), and for every round reports
the time the pairing took (one call of ``swiss``: its CPU time and its wall time), its
repeated meetings (pairs at one table that had met before) and its score spread (best
minus worst score at a table: the mean over the tables and the largest). The goal: at most
0.2 s per round at every size, judged on the CPU time: pairing is one thread of pure
Python, so on an idle core its wall time is its CPU time, while on a shared machine the
wall time also counts the other processes (both are written).

It also checks, on small fields (up to 12 entrants, 5 rounds, several seeds), that every
round's pairing has as few repeats and as small a spread as the best split found by
brute force (``tests/service/test_tournament_pairing.py`` has the same check); the count of
rounds that were not is reported (the goal: 0).

Writes ``bench/results/tournament.json``; ``bench/tournament_side_by_side.py`` runs the same
rounds on another commit's pairing beside this one's.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

from service.rules.tournament_pairing import Entrant, swiss
from service.rules.tournament_scoring import Table, met_counts, standings

RESULTS = Path(__file__).resolve().parent / "results" / "tournament.json"
GOAL_PAIR_S = 0.2


def run_swiss(
    entrants: int, size: int, smallest: int, rounds: int, seed: int
) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    ratings = {f"p{i:04}": rng.gauss(1500, 200) for i in range(entrants)}
    tables: list[Table] = []
    byes: list[str] = []
    report = []
    for number in range(1, rounds + 1):
        lines = {line.entrant: line for line in standings(ratings, tables, byes)}
        field = [Entrant(p, lines[p].score, ratings[p], lines[p].byes) for p in ratings]
        met = met_counts([list(t.places) for t in tables])
        started, cpu = time.perf_counter(), time.process_time()
        pairing = swiss(field, size, met, smallest=smallest)
        cpu_s, elapsed = time.process_time() - cpu, time.perf_counter() - started
        score = {e.id: float(e.score) for e in field}
        spreads = [max(score[p] for p in t) - min(score[p] for p in t) for t in pairing.tables]
        report.append({
            "round": number,
            "pair_cpu_s": round(cpu_s, 4),
            "pair_s": round(elapsed, 4),
            "tables": len(pairing.tables),
            "byes": len(pairing.byes),
            "repeats": pairing.repeats,
            "spread_mean": round(sum(spreads) / len(spreads), 4),
            "spread_max": round(max(spreads), 4),
        })  # fmt: skip
        for seated in pairing.tables:
            finish = rng.sample(seated, len(seated))
            tables.append(Table({p: i + 1 for i, p in enumerate(finish)}))
        byes += pairing.byes
    return report


def small_fields(seeds: int) -> dict[str, Any]:
    from harness.pairing_check import brute_best, play_rounds
    from service.rules.tournament_pairing import table_sizes

    checked = worse = 0
    for count, size, smallest in [
        (12, 4, 3),
        (11, 4, 3),
        (10, 4, 3),
        (9, 3, 3),
        (12, 4, 4),
        (8, 2, 2),
    ]:
        for seed in range(seeds):
            for pairing, field, met in play_rounds(count, size, smallest, 5, seed):
                seated = [e for e in field if e.id not in pairing.byes]
                seated.sort(key=lambda e: (-e.score, -e.rating, e.id))
                best = brute_best(seated, table_sizes(count, size, smallest)[0], met)
                checked += 1
                if (pairing.repeats, round(pairing.spread, 9)) > (best[0], round(best[1], 9)):
                    worse += 1
    return {"rounds_checked": checked, "rounds_worse_than_brute_force": worse}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--sizes", default="3,4,5,6", help="table sizes, comma-separated")
    parser.add_argument("--smallest", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seeds", type=int, default=2, help="seeds of the small-field check")
    args = parser.parse_args(argv if argv is not None else [])
    sizes = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        rounds = run_swiss(args.entrants, size, min(args.smallest, size), args.rounds, seed=1)
        for line in rounds:
            print(
                f"tables of {size}, round {line['round']}: {line['pair_cpu_s'] * 1000:.0f} ms "
                f"CPU ({line['pair_s'] * 1000:.0f} ms wall), {line['repeats']} repeats, "
                f"spread mean {line['spread_mean']:.3f} max {line['spread_max']:.3f}"
            )
        sizes[str(size)] = {
            "max_pair_cpu_s": max(line["pair_cpu_s"] for line in rounds),
            "max_pair_s": max(line["pair_s"] for line in rounds),
            "rounds": rounds,
        }
    small = small_fields(args.seeds)
    print(f"small fields: {small['rounds_worse_than_brute_force']} of {small['rounds_checked']} "
          "rounds worse than brute force")  # fmt: skip
    slowest = max(s["max_pair_cpu_s"] for s in sizes.values())
    result = {
        "benchmark": "tournament",
        "machine": platform.machine(),
        "python": platform.python_version(),
        "entrants": args.entrants,
        "smallest": args.smallest,
        "goal_pair_s": GOAL_PAIR_S,
        "max_pair_cpu_s": slowest,
        "sizes": sizes,
        "small_fields": small,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    met_goal = slowest <= GOAL_PAIR_S and small["rounds_worse_than_brute_force"] == 0
    return 0 if met_goal else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
