"""MCTS iterations per second at the start, middle and end of a game (``make bench``).

Why three points: the cost of an iteration depends on the position (setup placements have up
to 133 actions, late rounds have many amoebas to evaluate, the last round has short horizons),
so one number would hide where the search is slow. Positions come from greedy self-play with a
fixed seed, so the numbers compare across commits. Results: bench/results/mcts.json.
"""

from __future__ import annotations

import json
import os
import platform
import time
from pathlib import Path

from ai.greedy import GreedyBot
from ai.mcts import MctsBot
from engine import Game

RESULTS = Path(__file__).parent / "results" / "mcts.json"
BUDGET = 1.0  # seconds per measured decision
DECISIONS_PER_POINT = 3


def _positions(seed: int = 7) -> dict[str, list[Game]]:
    """Decision points of one greedy game: setup/round 1, the middle round, the last rounds."""
    bots = [GreedyBot(seed=seed + s) for s in range(4)]
    g = Game.new(4, seed)
    seen: list[Game] = []
    while not g.is_over:
        seen.append(g.clone())
        g.apply(bots[g.pending.seat].choose(g))
    last_round = g.round
    mid = max(1, last_round // 2)

    def pick(cond) -> list[Game]:
        picked = [p for p in seen if cond(p)]
        step = max(1, len(picked) // DECISIONS_PER_POINT)
        return picked[::step][:DECISIONS_PER_POINT]

    return {
        "start": pick(lambda p: p.round <= 1),
        "middle": pick(lambda p: p.round == mid),
        "end": pick(lambda p: p.round >= last_round - 1),
    }


def measure() -> dict:
    """Iterations per second at every point."""
    out: dict = {"points": {}}
    for name, games in _positions().items():
        iters = 0
        secs = 0.0
        kinds = []
        for g in games:
            bot = MctsBot(seed=1, time_budget=BUDGET, early_stop=False)  # the whole budget
            t0 = time.perf_counter()
            bot.choose(g)
            secs += time.perf_counter() - t0
            iters += bot.last_iterations
            kinds.append(f"r{g.round}:{g.pending.kind}({len(g.legal_actions())})")
        rate = iters / secs if secs else 0.0
        out["points"][name] = {
            "iterations_per_s": round(rate, 1),
            "decisions": kinds,
            "iterations": iters,
            "seconds": round(secs, 3),
        }
    return out


def main() -> dict:
    print(f"mcts bench: {BUDGET} s per decision, 3 points ...", flush=True)
    before = [round(x, 2) for x in os.getloadavg()]
    result = measure()
    out = {
        "budget_s": BUDGET,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "loadavg_before": before,
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        **result,
    }
    for name, point in result["points"].items():
        print(f"{name:>6}: {point['iterations_per_s']:8.1f} iterations/s "
              f"over {point['decisions']}")  # fmt: skip
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(out, indent=2) + "\n")
    print(f"saved {RESULTS}")
    return out


if __name__ == "__main__":
    main()
