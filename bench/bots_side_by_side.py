"""The bot-run and fair-share benchmarks, old and new side by side in one run: each step runs in the old
checkout, then in this one, so both meet the same (shared, noisy) machine.

``python -m bench.bots_side_by_side --before /path/to/old/checkout [--steps reply,think,flood]``

Steps: ``reply`` (bench.reply_bench, 200 games, one instant human and three random bots
each, 2 worker processes), ``think`` (the same with humans taking 5 s on average),
``flood`` (bench.flood_bench, idle and flooded), ``api`` (bench.api_bench: submit vs the
constant-JSON ceiling on SQLite and PostgreSQL). Each checkout runs its own code (its
directory first on ``PYTHONPATH``, with this virtualenv's interpreter). Writes
``bench/results/bots_side_by_side.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "bots_side_by_side.json"

STEPS: dict[str, tuple[str, list[str]]] = {
    "reply": ("bench.reply_bench", ["--games", "200", "--workers", "2", "--mcts", ""]),
    "think": (
        "bench.reply_bench",
        ["--games", "200", "--workers", "2", "--mcts", "", "--think", "5"],
    ),
    "flood": ("bench.flood_bench", []),
    "api": ("bench.api_bench", ["--requests", "1000", "--rounds", "2"]),
}


def run(checkout: Path, module: str, args: list[str], seconds: str | None) -> dict[str, Any]:
    out = Path(tempfile.mkdtemp(prefix="ursuppe-sbs-")) / "result.json"
    api = module == "bench.api_bench"  # writes its committed result file, no --output
    extra = ["--seconds", seconds] if seconds and not api else []
    extra += [] if api else ["--output", str(out)]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    subprocess.run([sys.executable, "-m", module, *args, *extra], cwd=checkout, env=env, check=True)
    if api:
        committed = checkout / "bench" / "results" / "api.json"
        result = json.loads(committed.read_text())
        subprocess.run(["git", "checkout", "--", str(committed)], cwd=checkout, check=True)
        return result
    return json.loads(out.read_text())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--steps", default="reply,think,flood,api")
    parser.add_argument("--seconds", default=None, help="measured seconds per step")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    results: dict[str, Any] = {"benchmark": "bots_side_by_side", "steps": {}}
    if args.output.exists():
        results = json.loads(args.output.read_text())
    for step in args.steps.split(","):
        module, step_args = STEPS[step]
        pair = {}
        for name, checkout in (("before", args.before), ("after", ROOT)):
            print(f"== {step} {name} ({checkout})", flush=True)
            pair[name] = run(checkout, module, step_args, args.seconds)
        pair["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        results["steps"][step] = pair
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main(sys.argv[1:])
