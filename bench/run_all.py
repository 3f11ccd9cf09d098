"""``make bench``: every benchmark in turn; each writes bench/results/<name>.json."""

from __future__ import annotations

import importlib
import sys
import time

BENCHMARKS = [
    "guard",  # first: the key figures against their baseline (docs/performance.md)
    "engine_bench",
    "engine_instructions",
    "mcts_bench",
    "leaf_value_cpu",  # CPU an iteration by leaf value: the rates of an equal-CPU arena
    "hints_bench",
    "playout_cpu",
    "api_bench",
    "metrics_bench",
    "workers_bench",
    "reply_bench",
    "deadlines_bench",
    "embedded_bench",
    "stream_bench",
    "stream_many_bench",
    "bridge_bench",  # ursuppe-bridge: 30 4-player games of a trivial engine beside the random bot
    "players_bench",
    "player_games_bench",  # GET /players/{id}/games: 100 vs 1,000 games in the same memory
    "listing_bench",
    "web_bench",
    "load_bench",
    "tournament_bench",
    "tournament_soak",  # a 200-entrant, 5-round Swiss under make run: minutes
]


def main() -> int:
    failed = []
    for name in BENCHMARKS:
        try:
            module = importlib.import_module(f"bench.{name}")
        except ModuleNotFoundError as exc:
            print(f"== {name}: not available ({exc})", flush=True)
            failed.append(name)
            continue
        print(f"== {name}", flush=True)
        t0 = time.perf_counter()
        try:
            if module.main() == 1:  # the guard: a figure over its tolerance; a soak's mismatch
                failed.append(name)
        except Exception as exc:  # report and go on: one broken bench must not hide the rest
            print(f"== {name} FAILED: {exc!r}", flush=True)
            failed.append(name)
        print(f"== {name} took {time.perf_counter() - t0:.0f} s", flush=True)
    if failed:
        print(f"benchmarks that did not run: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
