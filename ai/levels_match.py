"""Head to head of two bot levels: does the higher one beat the lower one, shown at 95%?

``python -m ai.levels_match LOWER HIGHER [--players 4 | --variant double_1] -n GAMES``

Each game seats the two levels in equal numbers (4 players: two seats each; a 2-player
variant: one each), every distinct seating of that line-up once per game seed (seat
rotation, as ``ursuppe arena``: each level meets the same luck in every seat), on fresh
seeds no fit or earlier arena used (2,000,000 and on by default). A game is won by the level
whose seat finished first, so parity is 50% whatever the size; the share of games the
higher level won comes with its 95% Wilson interval, and "separated" means the interval's
lower end is above 50%. The search levels count iterations (``--iterations-per-second``,
2000 by default: an idle core's rate) so that a run on a loaded machine plays the bots an
idle one would.

Results: ``<out>/levels-<lower>-<higher>-<game>.json`` (every game) and ``.md``, written
after every whole seed group, so a run stopped early keeps what it finished. A run continued
with ``--seed`` after the last seed of an earlier one writes ``...-from_<seed>.json`` beside
it (``ai.arena.continued_stem``). ``python -m ai.levels_match --table [DIR]`` prints the
table of every such pair of levels (docs/ai.md), its continuations counted with it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ai.arena import continued_stem, joined_results, play_game, seatings, wilson
from ai.files import write_whole
from ai.levels import BOT_LEVELS, LADDER
from engine.counts import VARIANTS

#: The first seed of these runs: above every seed the fits (900000-906199) and the arenas
#: (1000000-1000174) and the ladder (950000-950099) used.
FIRST_SEED = 2_000_000


def lineup_for(lower: str, higher: str, players: int) -> list[str]:
    """Half the seats each (``players`` must be even)."""
    if players % 2:
        raise ValueError("a head to head needs an even number of seats")
    return [lower] * (players // 2) + [higher] * (players // 2)


def game_label(players: int, variant: str | None) -> str:
    return variant if variant else f"{players}p"


def tally(results: list[dict], lower: str, higher: str) -> dict:
    """Games the higher level won (its seat finished first), with the Wilson interval; and
    every pair of a higher and a lower seat: how often the higher one finished ahead."""
    won = 0
    pairs = ahead = 0
    for r in results:
        ranking = r["ranking"]
        seating = r["seating"]
        won += seating[ranking[0]] == higher
        place = {seat: i for i, seat in enumerate(ranking)}
        for s, level in enumerate(seating):
            if level != higher:
                continue
            for o, other in enumerate(seating):
                if other == lower:
                    pairs += 1
                    ahead += place[s] < place[o]
    n = len(results)
    lo, hi = wilson(won, n)
    return {
        "lower": lower,
        "higher": higher,
        "games": n,
        "higher_won": won,
        "share": won / n if n else 0.0,
        "ci95": [lo, hi],
        "separated": lo > 0.5,
        "pairs": pairs,
        "pairs_higher_ahead": ahead,
        "pairs_share": ahead / pairs if pairs else 0.0,
    }


def run(args: argparse.Namespace) -> int:
    lower, higher = args.lower, args.higher
    players = VARIANTS[args.variant].players if args.variant else args.players
    lineup = lineup_for(lower, higher, players)
    perms = seatings(lineup)
    groups = max(1, math.ceil(args.games / len(perms)))
    rate = None if args.clock else args.iterations_per_second
    tasks = [
        (args.seed + g, perm, None, g, args.variant, False, None, rate, None)
        for g in range(groups)
        for perm in perms
    ]
    stem = f"levels-{lower}-{higher}-{game_label(players, args.variant)}"
    args.out.mkdir(parents=True, exist_ok=True)
    stem = continued_stem(args.out, stem, args.seed)
    results: list[dict] = []
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        mapped = pool.map(play_game, tasks, chunksize=1) if args.jobs > 1 else map(play_game, tasks)
        for r in mapped:
            results.append(r)
            if len(results) % len(perms) == 0:
                _save(args, stem, lineup, players, results, time.perf_counter() - t0)
                if args.minutes and time.perf_counter() - t0 > args.minutes * 60:
                    break  # whole seed groups only: still seat-rotated
    record = _save(args, stem, lineup, players, results, time.perf_counter() - t0)
    print(markdown([record]))
    return 0


def _save(
    args: argparse.Namespace,
    stem: str,
    lineup: list[str],
    players: int,
    results: list[dict],
    elapsed: float,
) -> dict:
    record = {
        "lower": args.lower,
        "higher": args.higher,
        "players": players,
        "variant": args.variant,
        "lineup": lineup,
        "seed": args.seed,
        "games_planned": args.games,
        "iterations_per_second": None if args.clock else args.iterations_per_second,
        "wall_seconds": round(elapsed, 1),
        "cpu_seconds": round(sum(sum(r["cpu"]) for r in results), 1),
        "jobs": args.jobs,
        "load_average": os.getloadavg()[0],
        "tally": tally(results, args.lower, args.higher),
        "results": results,
    }
    write_whole(args.out / f"{stem}.json", json.dumps(record, indent=1))
    (args.out / f"{stem}.md").write_text(markdown([record]) + "\n")
    return record


def markdown(records: list[dict]) -> str:
    """The table of adjacent levels (docs/ai.md), weakest pair first."""
    order = {level: i for i, level in enumerate(LADDER)}
    records = sorted(
        records, key=lambda r: (r["variant"] or "", r["players"], order.get(r["higher"], 99))
    )
    lines = [
        "| game | lower | higher | games | higher won | share | 95% CI (Wilson) | separated "
        "| higher ahead, seat pairs | CPU s a game |",
        "|---|---|---|---:|---:|---:|---|---|---:|---:|",
    ]
    for r in records:
        t = r["tally"]
        lo, hi = t["ci95"]
        game = r["variant"] or f"{r['players']} players"
        per_game = r["cpu_seconds"] / t["games"] if t["games"] else 0.0
        lines.append(
            f"| {game} | `{t['lower']}` | `{t['higher']}` | {t['games']} | {t['higher_won']} "
            f"| {100 * t['share']:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% "
            f"| {'yes' if t['separated'] else 'no'} "
            f"| {t['pairs_higher_ahead']} / {t['pairs']} ({100 * t['pairs_share']:.1f}%) "
            f"| {per_game:.1f} |"
        )
    return "\n".join(lines)


_CONTINUED = re.compile(r"-from_\d+$")


def table(directory: Path) -> str:
    """The table of every ``levels-*.json`` in ``directory``, a run and its continuations
    (``-from_<seed>``) as one row (``merged``)."""
    runs: dict[str, list[dict]] = {}
    for path in sorted(directory.glob("levels-*.json")):
        runs.setdefault(_CONTINUED.sub("", path.stem), []).append(json.loads(path.read_text()))
    return markdown([merged(parts) for parts in runs.values()])


def merged(parts: list[dict]) -> dict:
    """A run and its continuations on later seeds as one record: their games together,
    tallied again; the CPU seconds added (each part's own machine, so the mean CPU a game
    is only comparable between rows run alike)."""
    parts = sorted(parts, key=lambda r: r["seed"])
    first = parts[0]
    results = joined_results(parts)  # one line-up, no game twice
    return {
        **first,
        "cpu_seconds": round(sum(p["cpu_seconds"] for p in parts), 1),
        "tally": tally(results, first["lower"], first["higher"]),
        "results": results,
    }


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m ai.levels_match",
        description="Two bot levels head to head, seat-rotated, with a 95%% Wilson interval.",
    )
    p.add_argument("lower", nargs="?", choices=BOT_LEVELS, help="the weaker level")
    p.add_argument("higher", nargs="?", choices=BOT_LEVELS, help="the level that should win")
    p.add_argument("--players", type=int, default=4, help="an even seat count (default 4)")
    p.add_argument("--variant", choices=sorted(VARIANTS), default=None,
                   help="a 2-player variant instead of --players")  # fmt: skip
    p.add_argument("-n", "--games", type=int, default=60,
                   help="games (rounded up to whole seed groups)")  # fmt: skip
    p.add_argument("--seed", type=int, default=FIRST_SEED, help="first game seed")
    p.add_argument("-j", "--jobs", type=int, default=1, help="processes")
    p.add_argument("--iterations-per-second", type=float, default=2000.0,
                   help="search levels count iterations at this rate (default 2000)")  # fmt: skip
    p.add_argument("--clock", action="store_true", help="search levels think by the clock")
    p.add_argument("--minutes", type=float, default=0.0,
                   help="stop after the seed group that passes this many minutes")  # fmt: skip
    p.add_argument("--out", type=Path, default=Path("bench/results"))
    p.add_argument("--table", type=Path, nargs="?", const=Path("bench/results"), default=None,
                   help="print the table of every levels-*.json in this directory")  # fmt: skip
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.table is not None:
        print(table(args.table))
        return 0
    if not args.lower or not args.higher:
        parser.error("give two levels, the lower first")
    if args.variant is None and (args.players % 2 or args.players not in (4, 6)):
        parser.error("--players must be 4 or 6 (an even count), or give --variant")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
