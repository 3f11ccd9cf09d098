"""Engine benchmark: random 4-player games/s and actions/s on one core, clone() in µs,
serialized state size. Results: bench/results/engine.json.

"actions" are the player decisions applied through ``Game.apply`` (validated, with events),
the figure a client or a bot sees; decisions the engine resolves by itself (one legal answer)
are counted separately as ``auto_actions``.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

from engine import Game

RESULTS = Path(__file__).parent / "results" / "engine.json"


def _playouts(games: int, players: int, checked: bool) -> dict:
    actions = auto = 0
    t0 = time.perf_counter()
    for seed in range(games):
        g = Game.new(players, seed)
        rng = random.Random(seed)
        while not g.is_over:
            action = rng.choice(g.pending.actions)
            if checked:
                auto += sum(1 for e in g.apply(action) if e["type"] == "auto_action")
            else:
                g.apply_unchecked(action)
            actions += 1
    dt = time.perf_counter() - t0
    return {
        "games": games,
        "seconds": round(dt, 3),
        "games_per_s": round(games / dt, 1),
        "actions_per_s": round(actions / dt),
        "actions_per_game": round(actions / games, 1),
        "auto_actions_per_game": round(auto / games, 1) if checked else None,
    }


def _clone_us(repeat: int = 200_000) -> dict:
    g = Game.new(4, 7)
    rng = random.Random(7)
    while g.round < 5:  # a mid-game state: more amoebas, genes, a deeper stack
        g.apply(rng.choice(g.legal_actions()))
    samples = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(repeat // 5):
            g.clone()
        samples.append((time.perf_counter() - t0) / (repeat // 5) * 1e6)
    size = len(json.dumps(g.to_dict(), separators=(",", ":")).encode())
    public = len(json.dumps(g.public_view(), separators=(",", ":")).encode())
    return {"clone_us_median": round(statistics.median(samples), 2),
            "state_bytes": size, "public_view_bytes": public}  # fmt: skip


def main(games: int = 300) -> dict:
    print(f"engine bench: {games} random 4-player games, one core ...", flush=True)
    result = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "checked_apply_with_events": _playouts(games, 4, checked=True),
        "apply_unchecked_no_events": _playouts(games, 4, checked=False),
        "three_players": _playouts(games // 2, 3, checked=True),
        **_clone_us(),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
