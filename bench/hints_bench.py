"""What a hint costs the worker (issue 33; docs/ai.md, "Hints").

``python -m bench.hints_bench [--positions 108] [--level mcts-fast]``

Positions from random 3- and 4-player self-play (every few decisions of each game), each
answered by ``service.parts.hints.suggest`` as the worker does, at the level's own budget. Reports
CPU seconds per hint (median, 90th percentile, maximum) and the search's iterations; the
load average is recorded because the budget is wall-clock time: on a busy machine a hint
gets fewer iterations, not more CPU. Writes ``bench/results/hints.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

from engine import Game
from service.parts.hints import suggest

RESULTS = Path(__file__).resolve().parent / "results" / "hints.json"
EVERY = 9  # decisions between two sampled positions of one game


def positions(count: int, seed: int) -> list[Any]:
    """``count`` positions of random self-play, alternating 3 and 4 players."""
    found: list[Any] = []
    game_seed = seed
    while len(found) < count:
        players = 3 + game_seed % 2
        game, rnd = Game.new(players, game_seed), random.Random(game_seed)
        step = 0
        while not game.is_over and len(found) < count:
            if step % EVERY == EVERY - 1:
                found.append(game.clone())
            game.apply(rnd.choice(game.pending.actions), player=game.pending_player)
            step += 1
        game_seed += 1
    return found


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.hints_bench", description=__doc__)
    parser.add_argument("--positions", type=int, default=108)
    parser.add_argument("--level", default="mcts-fast")
    parser.add_argument("--seed", type=int, default=4200)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    cpu, iterations, only = [], [], 0
    for i, game in enumerate(positions(args.positions, args.seed)):
        started = time.process_time()
        _, reason = suggest(game, args.level, args.seed + i, ceiling=2.0)
        cpu.append(time.process_time() - started)
        if reason["kind"] == "only_choice":
            only += 1
        else:
            iterations.append(reason["iterations"])
    ordered = sorted(cpu)
    result = {
        "benchmark": "hints",
        "when": time.strftime("%Y-%m-%d"),
        "level": args.level,
        "positions": len(cpu),
        "only_choice": only,
        "cpu_seconds": {
            "p50": round(statistics.median(ordered), 3),
            "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
            "max": round(ordered[-1], 3),
        },
        "iterations_p50": statistics.median(iterations) if iterations else None,
        "load_average": os.getloadavg()[0],
    }
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
