"""Swiss pairing side by side: another commit's pairing (``--base``, by default the
merge base with ``main``) and the working tree's, in one sitting on one machine.

``python -m bench.tournament_side_by_side`` extracts ``service/`` and ``bench/`` of the base
commit into a temporary folder (``git archive``) and runs the same driver on both trees in
turn, size by size and ``--repeats`` times: the Swiss of ``bench/tournament_bench.py``
(1,000 entrants, 7 rounds, tables of 3 to 6 down to 3), each ``swiss`` call timed (CPU and
wall; per round the least of the repeats) and each round's tables hashed, so the result
also says whether both trees paired every round alike. Writes
``bench/results/tournament-side-by-side.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "tournament-side-by-side.json"

#: Run in a tree (its own ``bench.tournament_bench`` and pairing): per round of the Swiss,
#: the pairing's CPU and wall seconds, its repeats and a digest of its tables.
DRIVER = """
import hashlib, json, sys, time
import bench.tournament_bench as bench
rounds, pair = [], bench.swiss
def timed(*args, **kwargs):
    wall, cpu = time.perf_counter(), time.process_time()
    pairing = pair(*args, **kwargs)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    digest = hashlib.sha256(json.dumps([pairing.tables, pairing.byes]).encode()).hexdigest()
    rounds.append([cpu, wall, pairing.repeats, digest[:16]])
    return pairing
bench.swiss = timed
bench.run_swiss(int(sys.argv[1]), int(sys.argv[2]), 3, int(sys.argv[3]), seed=1)
print(json.dumps(rounds))
"""


def run(tree: Path, entrants: int, size: int, rounds: int) -> list[list[Any]]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, "-c", DRIVER, str(entrants), str(size), str(rounds)],
        cwd=tree, env=env, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


def base_commit() -> str:
    return subprocess.run(
        ["git", "merge-base", "HEAD", "main"], cwd=ROOT, check=True, capture_output=True,
        text=True,
    ).stdout.strip()  # fmt: skip


def extract(commit: str, into: Path) -> None:
    archive = into / "base.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", commit, "service", "bench"], cwd=ROOT, check=True,
                       stdout=out)  # fmt: skip
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="the commit to compare with (default: merge base with main)")
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--sizes", default="3,4,5,6")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv if argv is not None else [])
    commit = args.base or base_commit()
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    sizes: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        base_tree = Path(folder)
        extract(commit, base_tree)
        trees = {"base": base_tree, "head": ROOT}
        runs: dict[tuple[str, int], list[list[list[Any]]]] = {}
        for _ in range(args.repeats):
            for size in [int(s) for s in args.sizes.split(",")]:
                for name, tree in trees.items():
                    runs.setdefault((name, size), []).append(
                        run(tree, args.entrants, size, args.rounds)
                    )
    for (name, size), repeats in runs.items():
        per_round = [
            {"cpu_s": round(min(r[i][0] for r in repeats), 4),
             "wall_s": round(min(r[i][1] for r in repeats), 4),
             "repeats": repeats[0][i][2], "tables": repeats[0][i][3]}
            for i in range(len(repeats[0]))
        ]  # fmt: skip
        line = sizes.setdefault(str(size), {})
        line[name] = {
            "max_pair_cpu_s": max(r["cpu_s"] for r in per_round),
            "max_pair_wall_s": max(r["wall_s"] for r in per_round),
            "rounds": per_round,
        }
    for size, line in sizes.items():
        same = [b["tables"] for b in line["base"]["rounds"]] == [
            h["tables"] for h in line["head"]["rounds"]
        ]
        line["same_pairings"] = same
        print(f"tables of {size}: base {line['base']['max_pair_cpu_s']:.3f} s CPU "
              f"({line['base']['max_pair_wall_s']:.3f} s wall), head "
              f"{line['head']['max_pair_cpu_s']:.3f} s CPU ({line['head']['max_pair_wall_s']:.3f}"
              f" s wall); the same pairings: {same}")  # fmt: skip
    result = {
        "benchmark": "tournament-side-by-side",
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "base": commit,
        "head": head,
        "entrants": args.entrants,
        "rounds": args.rounds,
        "repeats": args.repeats,
        "note": "per round the least of the repeats; the slowest round per size and tree",
        "sizes": sizes,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
