"""Engine benchmark: random 4-player games/s and actions/s on one core (and for every player
count side by side), clone() in µs,
serialized state size. Results: bench/results/engine.json.

"actions" are the player decisions applied through ``Game.apply`` (validated, with events),
the figure a client or a bot sees; decisions the engine resolves by itself (one legal answer)
are counted separately as ``auto_actions``, in an untimed replay of the same games. The timed
loop does nothing but pick (``random.random()`` into the legal list) and apply, so that it
measures the engine, not the harness.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

from engine import SUPPORTED_PLAYERS, Game
from engine.counts import VARIANTS

RESULTS = Path(__file__).parent / "results" / "engine.json"
GOAL = {"actions_per_s": 100_000, "clone_us": 10.0}


def play_random(
    games: int, players: int, checked: bool, variant: str | None = None, decoy_scores: bool = False
) -> int:
    """Play ``games`` random games (seeds 0..games-1); return the actions applied. The loop
    only picks and applies, so that it measures the engine, not the harness."""
    actions = 0
    for seed in range(games):
        g = Game.new(players, seed, variant=variant, decoy_scores=decoy_scores)
        rnd = random.Random(seed).random
        apply = g.apply if checked else g.apply_unchecked
        while not g.is_over:
            legal = g.pending.actions
            apply(legal[int(rnd() * len(legal))])
            actions += 1
    return actions


def _playouts(
    games: int, players: int, checked: bool, variant: str | None = None, decoy_scores: bool = False
) -> dict:
    t0 = time.perf_counter()
    actions = play_random(games, players, checked, variant, decoy_scores)
    dt = time.perf_counter() - t0
    out = {
        "games": games,
        "seconds": round(dt, 3),
        "games_per_s": round(games / dt, 1),
        "actions_per_s": round(actions / dt),
        "actions_per_game": round(actions / games, 1),
    }
    if checked and variant is None:
        out["auto_actions_per_game"] = round(_auto_actions(games, players) / games, 1)
    return out


def _auto_actions(games: int, players: int) -> int:
    """The same games again, untimed, counting the decisions the engine resolved itself."""
    auto = 0
    for seed in range(games):
        g = Game.new(players, seed)
        rnd = random.Random(seed).random
        while not g.is_over:
            legal = g.pending.actions
            events = g.apply(legal[int(rnd() * len(legal))])
            auto += sum(1 for e in events if e["type"] == "auto_action")
    return auto


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


RUNS = 7  # this VM's speed swings by +-30% within a minute: the median of 7 runs is quoted


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def measure(games: int) -> dict:
    """Every figure; the median of RUNS runs for the main figure."""
    runs = sorted((_playouts(games, 4, checked=True) for _ in range(RUNS)),
                  key=lambda r: r["actions_per_s"])  # fmt: skip
    return {
        "checked_apply_with_events": runs[len(runs) // 2],
        "checked_runs_actions_per_s": [r["actions_per_s"] for r in runs],
        "apply_unchecked_no_events": _playouts(games, 4, checked=False),
        # Every supported player count side by side, in the same run (same load).
        **side_by_side(games // 2),
        **_clone_us(),
    }


def side_by_side(games: int, rounds: int = 5) -> dict:
    """Every player count and every 2-player variant (the decoy with and without its scoring
    option), checked apply with events, in one run under the same load.

    The VM's speed swings within seconds, so the configurations take turns: ``rounds`` rounds,
    each playing ``games`` games of every configuration; each figure is the median round (the
    samples are kept beside it)."""
    configs: dict[tuple[str, str], tuple[int, str | None, bool]] = {
        ("by_players", str(n)): (n, None, False) for n in SUPPORTED_PLAYERS
    }
    for v, spec in VARIANTS.items():
        configs[("by_variant", v)] = (spec.players, v, False)
        if spec.decoy >= 0:
            configs[("by_variant", f"{v}+decoy_scores")] = (spec.players, v, True)
    samples: dict[tuple[str, str], list[dict]] = {key: [] for key in configs}
    for _ in range(rounds):
        for key, (players, variant, scores) in configs.items():
            samples[key].append(_playouts(games, players, True, variant, scores))
    out: dict[str, dict] = {"by_players": {}, "by_variant": {}}
    for (group, name), runs in samples.items():
        runs.sort(key=lambda r: r["actions_per_s"])
        out[group][name] = {**runs[len(runs) // 2],
                            "rounds_actions_per_s": [r["actions_per_s"] for r in runs]}  # fmt: skip
    return out


def print_side_by_side(figures: dict) -> None:
    for n, r in figures["by_players"].items():
        print(f"  {n} players: {r['actions_per_s']:,} actions/s, {r['actions_per_game']} a game")
    for v, r in figures["by_variant"].items():
        print(f"  2 players, {v}: {r['actions_per_s']:,} actions/s, {r['actions_per_game']} a game")


def main(games: int = 300) -> dict:
    print(f"engine bench: {games} random 4-player games per run, one core ...", flush=True)
    before = loadavg()
    figures = measure(games)
    result = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "goal": GOAL,
        "loadavg_before": before,
        "loadavg_after": loadavg(),
        **figures,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    c = figures["checked_apply_with_events"]
    print(f"{c['actions_per_s']:,} actions/s ({c['games_per_s']} games/s), unchecked "
          f"{figures['apply_unchecked_no_events']['actions_per_s']:,}/s, "
          f"clone {figures['clone_us_median']} µs")  # fmt: skip
    print_side_by_side(figures)
    print(f"saved {RESULTS}")
    return result


def main_side_by_side(games: int) -> dict:
    """``python -m bench.engine_bench --side-by-side N``: only the player counts and variants
    (N games each), saved to bench/results/engine_side_by_side.json."""
    before = loadavg()
    figures = side_by_side(games)
    result = {"python": sys.version.split()[0], "loadavg_before": before,
              "loadavg_after": loadavg(), **figures}  # fmt: skip
    out = RESULTS.with_name("engine_side_by_side.json")
    out.write_text(json.dumps(result, indent=2) + "\n")
    print_side_by_side(figures)
    print(f"load {before} -> {result['loadavg_after']}; saved {out}")
    return result


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--side-by-side":
        main_side_by_side(int(sys.argv[2]) if len(sys.argv) > 2 else 100)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
