"""The strength tables of docs/ai.md, generated from the committed result files.

    python -m bench.ai_tables            # prints the markdown docs/ai.md quotes
    python -m bench.ai_tables --write    # rewrites docs/ai.md's generated blocks

Why a script: the figures in the docs are the result files' figures (``ursuppe arena`` and
``python -m scripts.ladder`` write them under ``bench/results/``), never retyped.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path

from ai.arena import joined_results, summarize, wilson
from scripts.ladder import rated_files

RESULTS = Path(__file__).parent / "results"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _load(names: str | tuple[str, ...]) -> dict | None:
    """One arena file's record; or several runs of one line-up on disjoint seeds (a run
    continued with ``--seed`` after the last seed of the one before) as one record, its table
    recounted from the games; None while any of them is missing."""
    if isinstance(names, str):
        names = (names,)
    paths = [RESULTS / name for name in names]
    if not all(p.exists() for p in paths):
        return None
    records = [json.loads(p.read_text()) for p in paths]
    if len(records) == 1:
        return records[0]
    first = records[0]
    try:
        results = joined_results(records)
    except ValueError as err:
        raise ValueError(f"{names}: {err}") from None
    loads = [r["load_average"] for r in records if r.get("load_average") is not None]
    return {
        **first,
        "games": len(results),
        "results": results,
        "table": summarize(results, first["lineup"]),
        "load_average": max(loads) if loads else None,
    }


def _file_names(names: str | tuple[str, ...]) -> str:
    return " + ".join(f"`{n}`" for n in ((names,) if isinstance(names, str) else names))


def _arenas(
    files: list[tuple[str, str | tuple[str, ...]]],
) -> Iterator[tuple[str, str, dict, dict]]:
    """(label, the files' names as the tables print them, the record, its first bot's row)
    of each entry whose files are on disk (several files: one record, ``_load``)."""
    for label, names in files:
        data = _load(names)
        if data is not None:
            yield label, _file_names(names), data, data["table"][0]


def arena_rows(files: list[tuple[str, str]]) -> list[str]:
    """One row per (label, file): the first bot of the line-up against the rest."""
    lines = [
        "| run | games | first bot's wins | win rate | 95% CI (Wilson) | mean rank | parity "
        "| load avg | file |",
        "|---|---:|---:|---:|---|---:|---:|---:|---|",
    ]
    for label, name, data, row in _arenas(files):
        lo, hi = row["ci95"]
        players = len(data["lineup"])
        load = data.get("load_average")
        lines.append(
            f"| {label} | {data['games']} | {row['wins']} / {row['seat_games']} "
            f"| {_pct(row['win_rate'])} | {_pct(lo)}–{_pct(hi)} | {row['mean_rank']:.2f} "
            f"| {100 / players:.0f}% | {'' if load is None else f'{load:.0f}'} | {name} |"
        )
    return lines


def _first_won(data: dict) -> dict[tuple, bool]:
    """(seed, seating) -> whether the line-up's first level won that game."""
    first = data["lineup"][0]
    out = {}
    for r in data["results"]:
        seat = r["seating"].index(first)
        out[(r["seed"], tuple(r["seating"]))] = r["ranking"][0] == seat
    return out


def exact_mcnemar(b: int, c: int) -> float:
    """Two-sided exact McNemar p: the split games against a fair coin."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def trial_rows(trials: list[tuple[str, str, str, str | tuple[str, ...]]]) -> list[str]:
    """Each change tried against the run it changes, game by game on the seatings both
    played: (game, what changed, the file before, the file(s) with the change)."""
    lines = [
        "| game | changed | seat-games paired | wins before | wins with the change "
        "| win rate with it (95% CI) | only before | only with it | exact McNemar p | file |",
        "|---|---|---:|---:|---:|---|---:|---:|---:|---|",
    ]
    for game, changed, before, after in trials:
        data_a, data_b = _load(before), _load(after)
        if data_a is None or data_b is None:
            continue
        a, b = _first_won(data_a), _first_won(data_b)
        common = sorted(set(a) & set(b))
        wins_a = sum(a[k] for k in common)
        wins_b = sum(b[k] for k in common)
        only_a = sum(a[k] and not b[k] for k in common)
        only_b = sum(b[k] and not a[k] for k in common)
        lo, hi = wilson(wins_b, len(common))
        lines.append(
            f"| {game} | {changed} | {len(common)} | {wins_a} | {wins_b} "
            f"| {_pct(wins_b / len(common))} ({_pct(lo)}–{_pct(hi)}) | {only_a} | {only_b} "
            f"| {exact_mcnemar(only_a, only_b):.2g} | {_file_names(after)} |"
        )
    return lines


def paired_rows(before: str | tuple[str, ...], after: str | tuple[str, ...]) -> list[str]:
    """The two runs game by game on the seatings both played (each of one file or more,
    ``_load``)."""
    data_a, data_b = _load(before), _load(after)
    if data_a is None or data_b is None:
        return []
    a, b = _first_won(data_a), _first_won(data_b)
    common = sorted(set(a) & set(b))
    both = sum(a[k] and b[k] for k in common)
    only_before = sum(a[k] and not b[k] for k in common)
    only_after = sum(b[k] and not a[k] for k in common)
    neither = len(common) - both - only_before - only_after
    p = exact_mcnemar(only_before, only_after)
    return [
        "| seat-games on the same seatings | both won | only before | only after | neither "
        "| exact McNemar p |",
        "|---:|---:|---:|---:|---:|---:|",
        f"| {len(common)} | {both} | {only_before} | {only_after} | {neither} | {p:.2g} |",
    ]


def ladder_rows(data: dict) -> list[str]:
    """The ladder's ratings and head-to-head (``scripts.ladder.rated_files``)."""
    files = " + ".join(f"`bench/results/{name}`" for name in data["files"])
    lines = [
        f"{data['games']} games, pool {data['pool']} ({files})",
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


# Value v2 at 4 players, continued on the next seeds (1000150-1000365) on a lent 16-core
# machine (docs/ai.md, "Value v2 against v1 at equal CPU"): one run of 1464 games
FOUR_V2 = (
    "arena-mcts-fast-greedy-greedy-greedy-value_fit2-ips_2000.json",
    "arena-mcts-fast-greedy-greedy-greedy-value_fit2-ips_2000-from_1000150.json",
)
ARENAS = [
    ("after: mcts-fast, value v2 (own self-play)", FOUR_V2),
    (
        "before: mcts-fast, value v1 (greedy self-play)",
        "arena-mcts-fast-greedy-greedy-greedy-value_fit1-ips_2000.json",
    ),
]

FIVE = "arena-mcts-fast-greedy-greedy-greedy-greedy-ips_2000.json"
SIX = "arena-mcts-fast-greedy-greedy-greedy-greedy-greedy-ips_2000.json"
# continued on the next seeds (1000010-1000029) in two runs: one run of 150 games
FIVE_FEEDING = (
    "arena-mcts-fast-greedy-greedy-greedy-greedy-rollout_feeding-ips_2000.json",
    "arena-mcts-fast-greedy-greedy-greedy-greedy-rollout_feeding-ips_2000-from_1000010.json",
    "arena-mcts-fast-greedy-greedy-greedy-greedy-rollout_feeding-ips_2000-from_1000020.json",
)
# at about equal CPU, continued on the next seeds (1000006-1000029) in three runs
FIVE_FEEDING_750 = tuple(
    f"arena-mcts-fast-greedy-greedy-greedy-greedy-rollout_feeding-ips_750{part}.json"
    for part in ("", "-from_1000006", "-from_1000009", "-from_1000020")
)
# continued on the next seeds (1000005-1000015): one run of 96 games
SIX_FEEDING = (
    "arena-mcts-fast-greedy-greedy-greedy-greedy-greedy-rollout_feeding-ips_2000.json",
    "arena-mcts-fast-greedy-greedy-greedy-greedy-greedy-rollout_feeding-ips_2000-from_1000005.json",
)
# continued on the next seeds (1000029-1000074): one run of 150 games
DOUBLE_2 = (
    "arena-mcts-fast-greedy-double_2-ips_2000.json",
    "arena-mcts-fast-greedy-double_2-ips_2000-from_1000029.json",
)
DOUBLE_2_FEEDING = "arena-mcts-fast-greedy-double_2-rollout_feeding-ips_2000.json"
# Double II as shipped: the playout to the end of the phase-1 movement at about equal CPU
# (1300 iterations a second), continued on the next seeds (1000075-1000174)
DOUBLE_2_PHASE = (
    "arena-mcts-fast-greedy-double_2-rollout_phase-ips_1300.json",
    "arena-mcts-fast-greedy-double_2-rollout_phase-ips_1300-from_1000075.json",
)
# The goal: in 5 and 6 players and in each 2-player variant the search bot (its own value)
# should win at least parity + 15 points against greedy.
SIZES = [
    ("5 players, as shipped (playout to the next feeding)", FIVE_FEEDING),
    ("5 players, before (no playout)", FIVE),
    ("6 players, as shipped (playout to the next feeding)", SIX_FEEDING),
    ("6 players, before (no playout)", SIX),
    ("Double I (2 players)", "arena-mcts-fast-greedy-double_1-ips_2000.json"),
    ("Double II (2 players), as shipped (playout to the end of the movement, about equal CPU)",
     DOUBLE_2_PHASE),
    ("Double II (2 players), before (no playout)", DOUBLE_2),
    ("decoy (2 players)", "arena-mcts-fast-greedy-decoy-ips_2000.json"),
]  # fmt: skip
# The next level up against a table of mcts-fast (the top-level goal is >= 40% for
# mcts-5s, parity 25%): two runs side by side on consecutive seeds, one row.
TOP_AGAINST_FAST = [
    ("mcts (1 s) against three mcts-fast", (
        "arena-mcts-mcts-fast-mcts-fast-mcts-fast-ips_2000.json",
        "arena-mcts-mcts-fast-mcts-fast-mcts-fast-ips_2000-from_1000100.json",
    )),
]  # fmt: skip
# continued on the next seeds (1000008 on): one row
HEAD_TO_HEAD = (
    "arena-mcts-mcts-fast-greedy-greedy-ips_2000.json",
    "arena-mcts-mcts-fast-greedy-greedy-ips_2000-from_1000008.json",
)
# Value v1 at about the CPU value v2 spends a decision, on v2's seatings (three runs: the
# last, seeds 1000150-1000348, on the lent machine beside v2's continuation).
FOUR_V1_EQUAL_CPU = (
    "arena-mcts-fast-greedy-greedy-greedy-value_fit1-ips_2950.json",
    "arena-mcts-fast-greedy-greedy-greedy-value_fit1-ips_2950-from_1000050.json",
    "arena-mcts-fast-greedy-greedy-greedy-value_fit1-ips_2950-from_1000150.json",
)
# What was tried at 4, 5 and 6 players and in Double II against the runs above
# (docs/ai.md).
TRIALS = [
    ("5 players", "the hand margin as the value", FIVE,
     ("arena-mcts-fast-greedy-greedy-greedy-greedy-value_hand-ips_2000.json",
      "arena-mcts-fast-greedy-greedy-greedy-greedy-value_hand-ips_2000-from_1000020.json")),
    ("6 players", "the hand margin as the value", SIX,
     "arena-mcts-fast-greedy-greedy-greedy-greedy-greedy-value_hand-ips_2000.json"),
    ("5 players", "5× the iterations (850)", FIVE,
     "arena-mcts-fast-greedy-greedy-greedy-greedy-ips_10000.json"),
    ("5 players", "value v2 fitted on 5-player self-play (60 games)", FIVE,
     "arena-mcts-fast-greedy-greedy-greedy-greedy-value_fit2_own5p-ips_2000.json"),
    ("5 players", "the same, fitted on 200 games", FIVE,
     "arena-mcts-fast-greedy-greedy-greedy-greedy-value_fit2_own5p_200-ips_2000.json"),
    ("6 players", "value v2 fitted on 6-player self-play (60 games)", SIX,
     "arena-mcts-fast-greedy-greedy-greedy-greedy-greedy-value_fit2_own6p-ips_2000.json"),
    ("5 players", "every seat played on to the bot's next feeding (`--rollout feeding`)", FIVE,
     FIVE_FEEDING),
    ("5 players", "the same at about equal CPU (750 iterations a second: 64 a decision)", FIVE,
     FIVE_FEEDING_750),
    ("6 players", "every seat played on to the bot's next feeding", SIX, SIX_FEEDING),
    ("6 players", "the same at about equal CPU (750 iterations a second: 64 a decision)", SIX,
     "arena-mcts-fast-greedy-greedy-greedy-greedy-greedy-rollout_feeding-ips_750.json"),
    ("Double II", "every seat played on to the bot's next feeding", DOUBLE_2, DOUBLE_2_FEEDING),
    ("Double II", "the same at about equal CPU (600 iterations a second: 51 a decision)",
     DOUBLE_2, "arena-mcts-fast-greedy-double_2-rollout_feeding-ips_600.json"),
    ("Double II", "played on to the end of the phase-1 movement (`phase`) at about equal CPU "
     "(1300 a second: 110 a decision)", DOUBLE_2, DOUBLE_2_PHASE),
    ("4 players", "every seat played on to the bot's next feeding (not shipped: off at 4)",
     "arena-mcts-fast-greedy-greedy-greedy-value_fit2-ips_2000.json",
     "arena-mcts-fast-greedy-greedy-greedy-rollout_feeding-ips_2000.json"),
    ("4 players", "the learned value trained on 32 games (`--value net`; not shipped)",
     "arena-mcts-fast-greedy-greedy-greedy-value_fit2-ips_2000.json",
     "arena-mcts-fast-greedy-greedy-greedy-value_net_gen1_32-ips_2000.json"),
    ("4 players", "the learned value trained on the first 170 games of the 990 below (a screen)",
     FOUR_V2, "arena-mcts-fast-greedy-greedy-greedy-value_net_gen1_170-ips_2000.json"),
    ("4 players", "the same on the first 210 games (a screen)", FOUR_V2,
     "arena-mcts-fast-greedy-greedy-greedy-value_net_gen1_210-ips_2000.json"),
    ("4 players", "the same with a linear path started at value v2's weights (`--skip-linear`; "
     "a screen)", FOUR_V2,
     "arena-mcts-fast-greedy-greedy-greedy-value_net_gen1_210_skip-ips_2000.json"),
    ("4 players", "the learned value trained on 990 games, every one of 20 epochs "
     "(`--patience 0`): overfit", FOUR_V2,
     "arena-mcts-fast-greedy-greedy-greedy-value_net_gen1_20epochs-ips_2000.json"),
    ("4 players", "the same data, 4 epochs (a screen)", FOUR_V2,
     "arena-mcts-fast-greedy-greedy-greedy-value_net_gen1_4epochs-ips_2000.json"),
    ("4 players", "the learned value as committed: 990 games, stopped early (epoch 5 of 7)",
     FOUR_V2, "arena-mcts-fast-greedy-greedy-greedy-value_net-ips_2000.json"),
    ("4 players", "generation 2: the network trained on 1,000 games the committed one "
     "self-played (`ai/models/value_net_gen2.json`)", FOUR_V2,
     ("arena-mcts-fast-greedy-greedy-greedy-value_net_gen2-ips_2000.json",
      "arena-mcts-fast-greedy-greedy-greedy-value_net_gen2-ips_2000-from_1000025.json",
      "arena-mcts-fast-greedy-greedy-greedy-value_net_gen2-ips_2000-from_1000050.json",
      "arena-mcts-fast-greedy-greedy-greedy-value_net_gen2-ips_2000-from_1000075.json",
      "arena-mcts-fast-greedy-greedy-greedy-value_net_gen2-ips_2000-from_1000100.json",
      "arena-mcts-fast-greedy-greedy-greedy-value_net_gen2-ips_2000-from_1000125.json")),
    ("4 players", "value v1 with v2's CPU by the bench positions' ratio (2660 iterations a "
     "second: 226 a decision; in play 10% less CPU a decision than v2)",
     "arena-mcts-fast-greedy-greedy-greedy-value_fit2-ips_2000.json",
     "arena-mcts-fast-greedy-greedy-greedy-value_fit1-ips_2660.json"),
    ("4 players", "value v1 at about v2's CPU in play (2950 a second: 250 a decision)",
     FOUR_V2, FOUR_V1_EQUAL_CPU),
]  # fmt: skip


def size_rows(files: list[tuple[str, str | tuple[str, ...]]]) -> list[str]:
    """The first bot against greedy per game size and variant, with the issue's target."""
    lines = [
        "| game | games | wins | win rate | 95% CI (Wilson) | parity | target (parity + 15) "
        "| reached | file |",
        "|---|---:|---:|---:|---|---:|---:|---|---|",
    ]
    for label, name, data, row in _arenas(files):
        lo, hi = row["ci95"]
        parity = 1 / len(data["lineup"])
        target = parity + 0.15
        reached = (
            "yes, beyond the interval"
            if lo >= target
            else "yes (the interval reaches below)"
            if row["win_rate"] >= target
            else "no"
        )
        lines.append(
            f"| {label} | {data['games']} | {row['wins']} / {row['seat_games']} "
            f"| {_pct(row['win_rate'])} | {_pct(lo)}–{_pct(hi)} | {_pct(parity)} "
            f"| {_pct(target)} | {reached} | {name} |"
        )
    return lines


def head_to_head_rows(
    name: str | tuple[str, ...], level: str = "mcts", other: str = "mcts-fast"
) -> list[str]:
    """How often ``level`` finished ahead of ``other`` in the games they played together
    (several files: one run continued on the next seeds, ``_load``)."""
    data = _load(name)
    if data is None:
        return []
    ahead = 0
    for r in data["results"]:
        place = {seat: i for i, seat in enumerate(r["ranking"])}
        ahead += place[r["seating"].index(level)] < place[r["seating"].index(other)]
    games = data["games"]
    lo, hi = wilson(ahead, games)
    line_up = " ".join(data["lineup"])
    return [
        f"| line-up | games | `{level}` ahead of `{other}` | share | 95% CI (Wilson) | file |",
        "|---|---:|---:|---:|---|---|",
        f"| {line_up} | {games} | {ahead} | {_pct(ahead / games if games else 0.0)} "
        f"| {_pct(lo)}–{_pct(hi)} | {_file_names(name)} |",
    ]


def playout_cpu_rows(name: str = "playout_cpu.json") -> list[str]:
    """The search bot's CPU per decision without and with its playout (bench.playout_cpu)."""
    path = RESULTS / name
    if not path.exists():
        return []
    lines = [
        "| game | playout | iterations a second | decisions | CPU ms a decision | against none |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for case in json.loads(path.read_text())["cases"]:
        settings = case["settings"]
        base = settings[0]["cpu_ms_per_decision"]
        for s in settings:
            ms = s["cpu_ms_per_decision"]
            lines.append(
                f"| {case['game']} | {s['rollout']} | {s['iterations_per_second']:g} "
                f"| {s['decisions']} | {ms:.1f} | {ms / base:.2f}× |"
            )
    return lines


# The 4-player ladder: the five levels of the first run, then the beginner rated on from them
# (``python -m scripts.ladder --from`` publishes the same ratings)
LADDER = ("ladder-4p.json", "ladder-4p-beginner.json")


def sections() -> dict[str, list[str]]:
    """The generated blocks of docs/ai.md by marker name."""
    strength = arena_rows(ARENAS)
    paired = paired_rows(ARENAS[1][1], ARENAS[0][1])
    if paired:
        strength += ["", "Game by game, before against after on the seatings both played:", ""]
        strength += paired
    ladder: list[str] = []
    ratings: list[str] = []
    paths = [RESULTS / name for name in LADDER if (RESULTS / name).exists()]
    if paths:
        rated = rated_files(paths)
        ladder = ladder_rows(rated)
        ratings = [
            f"| `{level}` | {r['mu']:.1f} ± {r['sigma']:.1f} (ordinal {r['ordinal']:.1f}) |"
            for level, r in sorted(rated["ratings"].items(), key=lambda kv: -kv[1]["ordinal"])
        ]
        ratings = ["| level | 4p ladder rating: mu ± sigma |", "|---|---|", *ratings]
    return {
        "strength": strength,
        "sizes": size_rows(SIZES),
        "trials": trial_rows(TRIALS),
        "head_to_head": head_to_head_rows(HEAD_TO_HEAD),
        "top_against_fast": arena_rows(TOP_AGAINST_FAST),
        "playout_cpu": playout_cpu_rows(),
        "ladder": ladder,
        "ratings": ratings,
    }


def write(doc: Path) -> None:
    """Replace every ``<!-- ai_tables:NAME -->`` … ``<!-- /ai_tables:NAME -->`` block."""
    text = doc.read_text()
    for name, lines in sections().items():
        begin, end = f"<!-- ai_tables:{name} -->", f"<!-- /ai_tables:{name} -->"
        if begin not in text:
            continue
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = head + begin + "\n" + "\n".join(lines) + "\n" + end + tail
    doc.write_text(text)


def build_parser() -> argparse.ArgumentParser:
    """The command line (docs/ai.md's recipe is checked against it by the docs' tests)."""
    parser = argparse.ArgumentParser(prog="python -m bench.ai_tables", description=__doc__)
    parser.add_argument(
        "--write",
        type=Path,
        nargs="?",
        const=Path("docs/ai.md"),
        default=None,
        help="rewrite the marked blocks of this page (docs/ai.md) instead of printing them",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.write is not None:
        write(args.write)
        return 0
    for lines in sections().values():
        print("\n".join(lines))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
