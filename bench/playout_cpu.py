"""The search bot's CPU per decision without and with its playout, on arena games
(``make bench``; results: bench/results/playout_cpu.json).

Why: the arenas count iterations (``--iterations-per-second``), and an iteration with the
playout costs more than one without, so a run "at about equal CPU" gives the bot with the
playout a lower rate (docs/ai.md, "Strength"). This measures that the rates chosen do cost
about the same: the first bot's CPU (``time.process_time``, so the machine's load does not
enter) per decision over the same seeds and seatings, each setting in turn for every game, in
one process.
"""

from __future__ import annotations

import argparse
import json
import platform
from pathlib import Path

from ai.arena import play_game, seatings

RESULTS = Path(__file__).parent / "results" / "playout_cpu.json"

#: (game, line-up, variant, seeds, [(playout or "off", iterations per second), ...]): the
#: search bot without a playout at the idle rate the arenas use, and with each shipped playout
#: at the rate its "about equal CPU" arena used.
CASES: list[tuple[str, list[str], str | None, int, list[tuple[str, float]]]] = [
    ("5 players", ["mcts-fast"] + ["greedy"] * 4, None, 1, [("off", 2000), ("feeding", 750)]),
    ("6 players", ["mcts-fast"] + ["greedy"] * 5, None, 1, [("off", 2000), ("feeding", 750)]),
    ("Double II", ["mcts-fast", "greedy"], "double_2", 5, [("off", 2000), ("phase", 1300)]),
]


def measure(case: tuple[str, list[str], str | None, int, list[tuple[str, float]]]) -> dict:
    """The first bot's CPU milliseconds per decision for each setting of ``case``."""
    name, lineup, variant, seeds, settings = case
    first = lineup[0]
    totals = {s: [0.0, 0] for s in settings}
    for group in range(seeds):
        for seating in seatings(lineup):
            seat = seating.index(first)
            for rollout, rate in settings:
                task = (1000000 + group, tuple(seating), None, group, variant, False, None,
                        rate, rollout)  # fmt: skip
                r = play_game(task)
                totals[(rollout, rate)][0] += r["cpu"][seat]
                totals[(rollout, rate)][1] += r["decisions"][seat]
    return {
        "game": name,
        "lineup": lineup,
        "variant": variant,
        "seeds": seeds,
        "settings": [
            {
                "rollout": rollout,
                "iterations_per_second": rate,
                "decisions": n,
                "cpu_ms_per_decision": round(1000 * cpu / n, 1),
            }
            for (rollout, rate), (cpu, n) in totals.items()
        ],
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench.playout_cpu", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="the result file")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    rows = []
    for case in CASES:
        row = measure(case)
        rows.append(row)
        cells = ", ".join(
            f"{s['rollout']} at {s['iterations_per_second']:g}/s: "
            f"{s['cpu_ms_per_decision']} ms over {s['decisions']}"
            for s in row["settings"]
        )
        print(f"{row['game']}: {cells}", flush=True)
    args.out.write_text(json.dumps({"machine": platform.node(), "cases": rows}, indent=2) + "\n")
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
