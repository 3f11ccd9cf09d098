"""CPU of one MCTS iteration with each leaf value, on the positions of ``bench.mcts_bench``.

``python -m bench.leaf_value_cpu [--values fit1,fit2,hand] [--rounds 5] [--iterations 300]``

Why: a leaf value that costs more CPU gives the search fewer iterations in the same time, so
two values compare fairly only at equal CPU (docs/ai.md, "Equal CPU"). Each search runs a
fixed number of iterations (``MctsBot(iterations=...)``, no early stop) on the nine
positions of ``bench.mcts_bench``; its process CPU (``time.process_time``) over the
iterations it ran is one round's figure, the values interleaved round by round, and the
quietest round of each value is kept (load only adds). The ratio of two values' figures is
the iteration rate that gives them equal CPU on these positions; in play the ratio can
differ (positions of a whole game, the search's own overhead), so an arena's milliseconds a
decision are the check. Writes ``bench/results/leaf_value_cpu.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

from ai.mcts import LEAF_VALUES, MctsBot
from bench.mcts_bench import _positions

RESULTS = Path(__file__).resolve().parent / "results" / "leaf_value_cpu.json"


def measure(values: list[str], rounds: int, iterations: int) -> dict[str, float]:
    """CPU microseconds per iteration by value: the quietest of ``rounds``."""
    positions = [g for games in _positions().values() for g in games]
    best = dict.fromkeys(values, float("inf"))
    for _ in range(rounds):
        for value in values:
            started = time.process_time()
            done = 0
            for g in positions:
                bot = MctsBot(seed=1, iterations=iterations, early_stop=False, value=value)
                bot.choose(g)
                done += bot.last_iterations
            best[value] = min(best[value], (time.process_time() - started) / done * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--values", default="fit1,fit2,hand")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    values = args.values.split(",")
    unknown = [v for v in values if v not in LEAF_VALUES]
    if unknown:
        parser.error(f"unknown values {unknown}; known: {sorted(LEAF_VALUES)}")
    print(f"{len(values)} values, {args.rounds} rounds of {args.iterations} iterations "
          "on 9 positions ...", flush=True)  # fmt: skip
    load = [round(x, 2) for x in os.getloadavg()]
    cpu = measure(values, args.rounds, args.iterations)
    first = values[0]
    for value in values:
        print(f"{value:>6}: {cpu[value]:7.1f} µs CPU an iteration "
              f"({1e6 / cpu[value]:,.0f} a CPU-second; {cpu[value] / cpu[first]:.2f}× {first})")  # fmt: skip
    out = {
        "method": "process CPU over fixed iterations (no early stop), quietest round",
        "python": platform.python_version(),
        "rounds": args.rounds,
        "iterations": args.iterations,
        "load_average": load,
        "us_per_iteration": {v: round(c, 1) for v, c in cpu.items()},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
