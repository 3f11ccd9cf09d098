"""``python -m scripts.ladder``: every bot level against the others, rated with the service's own
OpenSkill model, so that a new service's leaderboard ranks its bots from the start.

Why the service's model: the ladder's ratings become the starting ratings of the bot players
(``service/rules/bot_ladder.json``, read by ``scripts.bot_ratings``), so they must be on the scale
the service's Plackett–Luce model rates human games on (``service.parts.ratings.rate``).

Each game seats ``--players`` distinct levels (every combination of the levels in turn, each
seated in a shuffled order drawn from the game seed), plays it out like ``ursuppe arena``,
and rates it as the service would: one match of single-seat teams ranked all at once. Games
are rated in seed order, so the same results give the same ratings. The output also counts,
for every pair of levels that met, how often each finished ahead of the other (a head-to-head
from the same games, with Wilson intervals).

    python -m scripts.ladder --players 4 --games 40 --seed 950000 --jobs 1 --out bench/results/ladder-4p.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

from tqdm import tqdm

from ai.arena import play_game, wilson
from ai.files import write_whole
from ai.levels import BOT_LEVELS
from engine import SUPPORTED_PLAYERS
from service.rules.rating_model import ordinal, ranks_of, rate


def lineups(levels: list[str], players: int, games: int, seed: int) -> list[tuple[int, tuple]]:
    """(game seed, seating) of every ladder game: the combinations of ``players`` levels in
    turn, each seated in an order drawn from its seed."""
    combos = list(combinations(levels, players))
    out = []
    for i in range(games):
        seating = list(combos[i % len(combos)])
        random.Random(seed + i).shuffle(seating)
        out.append((seed + i, tuple(seating)))
    return out


def rate_results(results: list[dict], levels: list[str]) -> dict[str, dict]:
    """Each level's OpenSkill rating after rating ``results`` in order, as the service does
    (``service.parts.ratings.rate``; every level starts at the model's defaults)."""
    current: dict[str, tuple[float, float]] = {}
    rate_games(results, current)
    return rating_table(results, levels, current)


def rate_games(
    results: list[dict],
    current: dict[str, tuple[float, float]],
    fixed: frozenset[str] = frozenset(),
) -> None:
    """Rate ``results`` in order into ``current`` (level -> (mu, sigma)); the levels of
    ``fixed`` keep their ratings (opponents of known strength, not rated again)."""
    for r in results:
        ranks = ranks_of(r["ranking"], len(r["seating"]))
        for update in rate(r["seating"], ranks, current):
            if update.player_id not in fixed:
                current[update.player_id] = (update.mu, update.sigma)


def rating_table(
    results: list[dict], levels: list[str], current: dict[str, tuple[float, float]]
) -> dict[str, dict]:
    """Each level's rating (``current``, else the defaults) with its games and wins."""
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    for r in results:
        ranks = ranks_of(r["ranking"], len(r["seating"]))
        for seat, level in enumerate(r["seating"]):
            games[level] += 1
            wins[level] += ranks[seat] == 1
    table = {}
    for level in levels:
        mu, sigma = current.get(level, (25.0, 25.0 / 3))
        lo, hi = wilson(wins[level], games[level])
        table[level] = {
            "mu": mu,
            "sigma": sigma,
            "ordinal": ordinal(mu, sigma),
            "games": games[level],
            "wins": wins[level],
            "win_rate": wins[level] / games[level] if games[level] else 0.0,
            "ci95": [lo, hi],
        }
    return table


def head_to_head(results: list[dict]) -> list[dict]:
    """For every pair of levels seated in the same games: how often the first finished ahead."""
    ahead: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        place = {seat: i for i, seat in enumerate(r["ranking"])}
        seating = r["seating"]
        for a, b in combinations(range(len(seating)), 2):
            la, lb = seating[a], seating[b]
            first, second = (a, b) if la < lb else (b, a)
            key = (seating[first], seating[second])
            ahead[key][0] += place[first] < place[second]
            ahead[key][1] += 1
    out = []
    for (la, lb), (won, met) in sorted(ahead.items()):
        lo, hi = wilson(won, met)
        out.append({"level": la, "other": lb, "games": met, "ahead": won, "ci95": [lo, hi]})
    return out


def build_parser() -> argparse.ArgumentParser:
    """The command line (docs/ai.md's recipe is checked against it by the docs' tests)."""
    parser = argparse.ArgumentParser(prog="python -m scripts.ladder", description=__doc__)
    parser.add_argument("--players", type=int, choices=SUPPORTED_PLAYERS, default=4)
    parser.add_argument("--levels", nargs="+", choices=BOT_LEVELS, default=list(BOT_LEVELS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=950000, help="first game seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--out", type=Path, default=Path("var/ladder/ladder.json"))
    parser.add_argument(
        "--publish",
        type=Path,
        default=None,
        help="also write the ratings as the bot players' starting ratings of the pool into this"
        " file (service/rules/bot_ladder.json)",
    )
    parser.add_argument(
        "--iterations-per-second",
        type=float,
        default=None,
        help="search levels count iterations instead of the clock (``ursuppe arena``'s option)",
    )
    parser.add_argument(
        "--from",
        dest="sources",
        type=Path,
        nargs="+",
        default=None,
        metavar="FILE",
        help="play nothing: rate the games of these ladder files again, in order (a run "
        "stopped early; a later run with more levels, rated on from the first) and --publish "
        "them",
    )
    parser.add_argument("--no-progress", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.sources is not None:
        return republish(args)
    if len(args.levels) < args.players:
        parser.error(f"give at least {args.players} levels")
    tasks = [
        (seed, seating, None, i, None, False, None, args.iterations_per_second)
        for i, (seed, seating) in enumerate(
            lineups(args.levels, args.players, args.games, args.seed)
        )
    ]
    t0 = time.perf_counter()
    results: list[dict] = []
    bar = tqdm(total=len(tasks), desc="ladder", unit="game", disable=args.no_progress)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for r in pool.map(play_game, tasks, chunksize=1):
            results.append(r)
            bar.update()
            # Every finished game is on disk: an interrupted ladder is still a (smaller) one.
            write(args, results, time.perf_counter() - t0)
    bar.close()
    table = write(args, results, time.perf_counter() - t0)
    if args.publish is not None:
        publish(args.publish, f"{args.players}p", table, f"{args.out.name}: {len(results)} games")
    for level, row in sorted(table.items(), key=lambda kv: -kv[1]["ordinal"]):
        print(
            f"{level:10} mu {row['mu']:6.2f} sigma {row['sigma']:5.2f} ordinal {row['ordinal']:6.2f}"
        )
    return 0


def rated_files(paths: list[Path]) -> dict:
    """The games of several ladder files of one pool, rated file after file. A level a later
    file adds (the beginner, say) starts at the defaults there and is rated against the
    levels earlier files placed, which keep their ratings: a later run that seats only some
    of them would otherwise move those few against the rest on a fraction of the games.
    The record ``write`` makes for one file (pool, levels, games, ratings, head-to-head),
    with ``files`` naming its sources."""
    records = [json.loads(path.read_text()) for path in paths]
    pools = {record["pool"] for record in records}
    if len(pools) != 1:
        raise SystemExit(f"ladder files of several pools: {sorted(pools)}")
    named = {level for record in records for level in record["levels"]}
    levels = [level for level in BOT_LEVELS if level in named]
    current: dict[str, tuple[float, float]] = {}
    for record in records:
        rate_games(record["results"], current, frozenset(current))
    results = [r for record in records for r in record["results"]]
    return {
        "pool": pools.pop(),
        "files": [path.name for path in paths],
        "levels": levels,
        "games": len(results),
        "ratings": rating_table(results, levels, current),
        "head_to_head": head_to_head(results),
    }


def republish(args: argparse.Namespace) -> int:
    """``--from``: the ratings of ladder files' games, published."""
    rated = rated_files(args.sources)
    table = rated["ratings"]
    if args.publish is not None:
        source = f"{' + '.join(rated['files'])}: {rated['games']} games"
        publish(args.publish, rated["pool"], table, source)
    for level, row in sorted(table.items(), key=lambda kv: -kv[1]["ordinal"]):
        print(
            f"{level:10} mu {row['mu']:6.2f} sigma {row['sigma']:5.2f} ordinal {row['ordinal']:6.2f}"
        )
    return 0


def publish(path: Path, pool: str, table: dict[str, dict], source: str) -> None:
    """Write ``pool``'s ratings into the service's ladder file, keeping the other pools."""
    data = json.loads(path.read_text()) if path.exists() else {"pools": {}, "sources": {}}
    data["pools"][pool] = {
        level: {"mu": round(row["mu"], 4), "sigma": round(row["sigma"], 4)}
        for level, row in table.items()
    }
    data["sources"][pool] = source
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def write(args: argparse.Namespace, results: list[dict], elapsed: float) -> dict[str, dict]:
    table = rate_results(results, args.levels)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    record = {
        "players": args.players,
        "pool": f"{args.players}p",
        "levels": args.levels,
        "games": len(results),
        "games_planned": args.games,
        "seed": args.seed,
        "jobs": args.jobs,
        "iterations_per_second": args.iterations_per_second,
        "wall_seconds": elapsed,
        "ratings": table,
        "head_to_head": head_to_head(results),
        "results": results,
    }
    write_whole(args.out, json.dumps(record, indent=1))
    return table


if __name__ == "__main__":
    sys.exit(main())
