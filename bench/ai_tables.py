"""The strength tables of docs/ai.md, generated from the committed result files.

    python -m bench.ai_tables            # prints the markdown docs/ai.md quotes

Why a script: the figures in the docs are the result files' figures (``ursuppe arena`` and
``python -m ai.ladder`` write them under ``bench/results/``), never retyped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def arena_rows(files: list[tuple[str, str]]) -> list[str]:
    """One row per (label, file): the first bot of the line-up against the rest."""
    lines = [
        "| run | games | first bot's wins | win rate | 95% CI (Wilson) | mean rank | parity "
        "| load avg | file |",
        "|---|---:|---:|---:|---|---:|---:|---:|---|",
    ]
    for label, name in files:
        path = RESULTS / name
        if not path.exists():
            continue
        data = json.loads(path.read_text())
        row = data["table"][0]
        lo, hi = row["ci95"]
        players = len(data["lineup"])
        load = data.get("load_average")
        lines.append(
            f"| {label} | {data['games']} | {row['wins']} / {row['seat_games']} "
            f"| {_pct(row['win_rate'])} | {_pct(lo)}–{_pct(hi)} | {row['mean_rank']:.2f} "
            f"| {100 / players:.0f}% | {'' if load is None else f'{load:.0f}'} | `{name}` |"
        )
    return lines


def ladder_rows(name: str) -> list[str]:
    data = json.loads((RESULTS / name).read_text())
    lines = [
        f"{data['games']} games, pool {data['pool']} (`bench/results/{name}`)",
        "",
        "| level | mu | sigma | ordinal (mu − 3σ) | seat-games | wins | win rate | 95% CI |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    table = data["ratings"]
    for level, r in sorted(table.items(), key=lambda kv: -kv[1]["ordinal"]):
        lo, hi = r["ci95"]
        lines.append(
            f"| `{level}` | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} "
            f"| {r['games']} | {r['wins']} | {_pct(r['win_rate'])} | {_pct(lo)}–{_pct(hi)} |"
        )
    lines += [
        "",
        "| level | other | games together | level ahead | share | 95% CI |",
        "|---|---|---:|---:|---:|---|",
    ]
    for h in data["head_to_head"]:
        lo, hi = h["ci95"]
        lines.append(
            f"| `{h['level']}` | `{h['other']}` | {h['games']} | {h['ahead']} "
            f"| {_pct(h['ahead'] / h['games'])} | {_pct(lo)}–{_pct(hi)} |"
        )
    return lines


ARENAS = [
    (
        "before: mcts-fast, value v1 (greedy fit) vs 3 greedy",
        "arena-mcts-fast-greedy-greedy-greedy-value_fit1-ips_2000.json",
    ),
    (
        "after: mcts-fast, value v2 (own self-play) vs 3 greedy",
        "arena-mcts-fast-greedy-greedy-greedy-value_fit2-ips_2000.json",
    ),
]


def main() -> int:
    print("\n".join(arena_rows(ARENAS)))
    for name in sorted(p.name for p in RESULTS.glob("ladder-*.json")):
        print()
        print("\n".join(ladder_rows(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
